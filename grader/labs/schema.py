"""lab.schema.json: validating lab data and saying what is wrong in one plain sentence.

jsonschema's raw messages ("{'id': 'c'} is not valid under any of the given schemas") point at
the rule, not at the fix. Each error here becomes a LabError at the offending YAML value, with a
sentence for the common validators and the rule's location inside lab.schema.json
(`#/$defs/step/required`), so an author can open the schema at the right place.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from datetime import date
from functools import cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from grader.labs.document import Document
from grader.labs.errors import LabError

#: A ValidationError as the validator hands it over. The stubs type each of its fields as maybe
#: unset (the class can be built empty); every error a validator yields has them all set.
Invalid = Any

SCHEMA_FILE = "lab.schema.json"

# What a `pattern` means, in words, keyed by the pattern text in lab.schema.json.
_PATTERN_MEANINGS = {
    "^[a-z0-9]+(-[a-z0-9]+)*$": "lowercase letters and digits joined by single hyphens "
    "(like run-broken)",
    "^[A-Za-z_][A-Za-z0-9_]*$": "a variable name: letters, digits and _, not starting with a digit",
    "^[^/\\s]+$": "a program's basename, without a path or spaces "
    "(like all_reduce_perf, not ./build/all_reduce_perf)",
    "^--?[A-Za-z0-9][A-Za-z0-9_.-]*$": "a flag that starts with - or -- (like -g or --ngpus)",
}

_TYPE_WORDS: dict[str, str] = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "null": "null (empty)",
}

# Keys only one kind of step may hold (see $defs/questionStep and $defs/commandStep).
_QUESTION_KEYS = frozenset({"question", "choices", "answer", "explanation", "attempts"})


@cache
def schema() -> dict[str, Any]:
    """The packaged lab.schema.json (shipped as package data, so installed graders have it)."""
    text = resources.files("grader.labs").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)  # a JSON Schema document is an object
    return loaded


@cache
def validator() -> Draft202012Validator:
    Draft202012Validator.check_schema(schema())
    return Draft202012Validator(schema())


def schema_errors(doc: Document) -> list[LabError]:
    """Every schema violation in `doc.data`, each located and worded for an author."""
    errors: list[LabError] = []
    for error in validator().iter_errors(doc.data):
        errors.extend(explain_violation(doc, error))
    return errors


def explain_violation(doc: Document, error: Invalid) -> Iterator[LabError]:
    """One schema violation in `doc`, located and worded for an author (one error per unknown
    key). The inventory schema reuses the wording (grader/provision/inventory.py)."""
    path = list(error.absolute_path)
    rule = _schema_location(error)
    name = _name(path)
    kind = error.validator
    if kind in ("oneOf", "anyOf"):
        yield from _explain_choice(doc, error, path, rule, name)
    elif kind == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extras = [k for k in error.instance if k not in allowed]
        for key in extras:
            where = f" in {name}" if name != "the lab" else ""
            guess = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
            hint = (
                f"did you mean `{guess[0]}`?"
                if guess
                else f"allowed keys are {', '.join(allowed)}."
            )
            sentence = f"Unknown key `{key}`{where}; {hint}"
            yield doc.error(path, rule, sentence, key=str(key))
    elif kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else "?"
        yield doc.error(path, rule, f"{_capital(name)} is missing the required key `{missing}`.")
    elif kind == "not" and rule.startswith("#/$defs/forbidden"):
        key = path[-1] if path else "?"
        parent = _name(path[:-1])
        if key in _QUESTION_KEYS:
            sentence = f"`{key}` belongs only in a question step; add `type: question` to {parent}."
        else:
            sentence = f"`{key}` does not belong in a question step ({parent})."
        yield doc.error(path[:-1], rule, sentence, key=str(key))
    elif "propertyNames" in error.absolute_schema_path:
        yield doc.error(path, rule, _property_name_sentence(error), key=str(error.instance))
    else:
        yield doc.error(path, rule, _sentence(error, name))


def _explain_choice(
    doc: Document, error: Invalid, path: list[Any], rule: str, name: str
) -> Iterator[LabError]:
    """oneOf/anyOf: say what is missing, or explain the one branch that fits the value's type."""
    branches = error.validator_value
    required_only = [b.get("required") for b in branches if set(b) == {"required"}]
    if len(required_only) == len(branches):  # "exactly/at least one of these keys"
        keys = ", ".join(f"`{r[0]}`" for r in required_only)
        if error.validator == "oneOf" and _present(error.instance, required_only) > 1:
            yield doc.error(path, rule, f"{_capital(name)} takes only one of {keys}.")
        else:
            need = "exactly one" if error.validator == "oneOf" else "at least one"
            yield doc.error(path, rule, f"{_capital(name)} needs {need} of {keys}.")
        return
    if not error.context:  # oneOf where several branches matched: cannot happen in our schema
        yield doc.error(path, rule, f"{_capital(name)} matches more than one form.")
        return
    fitting = [e for e in error.context if not _type_mismatch(e)]
    if not fitting:
        description = error.schema.get("description", "")
        found = _found(error.instance)
        sentence = f"{_capital(name)} cannot be {found}"
        sentence += f": {_lower_first(description)}" if description else "."
        yield doc.error(path, rule, sentence if sentence.endswith(".") else sentence + ".")
        return
    best = best_match(fitting)
    if best.validator in ("oneOf", "anyOf"):
        yield from _explain_choice(
            doc, best, list(best.absolute_path), _schema_location(best), _name(best.absolute_path)
        )
    else:
        yield from explain_violation(doc, best)


def _present(instance: Any, required: list[list[str]]) -> int:
    return sum(1 for r in required if isinstance(instance, dict) and r[0] in instance)


def _type_mismatch(error: Invalid) -> bool:
    """A branch rejected the value for its type (or a const/enum of another type): not relevant."""
    if error.relative_path:
        return False
    if error.validator == "type":
        return True
    if error.validator in ("enum", "const"):
        values = error.validator_value if error.validator == "enum" else [error.validator_value]
        return not any(type(v) is type(error.instance) for v in values)
    return False


def _sentence(error: Invalid, name: str) -> str:
    kind, value, instance = error.validator, error.validator_value, error.instance
    subject = _capital(name)
    if kind == "type":
        expected = value if isinstance(value, list) else [value]
        words = " or ".join(str(_TYPE_WORDS.get(t, t)) for t in expected)
        sentence = f"{subject} should be {words}, not {_found(instance)}."
        if "string" in expected and isinstance(instance, bool | int | float | date):
            sentence += f" Quote it if you mean the text {_source_text(instance)!r}."
        return sentence
    if kind == "enum":
        options = ", ".join(str(v) for v in value)
        guess = difflib.get_close_matches(str(instance), [str(v) for v in value], n=1)
        hint = f"; did you mean `{guess[0]}`?" if guess else "."
        return f"{subject} must be one of {options}, not `{instance}`{hint}"
    if kind == "const":
        return f"{subject} must be {json.dumps(value)}, not {json.dumps(instance, default=str)}."
    if kind == "pattern":
        meaning = _PATTERN_MEANINGS.get(value, f"text matching {value}")
        return f"{subject} is `{instance}`, but it must be {meaning}."
    if kind == "minItems":
        return f"{subject} needs at least {value} item{'s' if value != 1 else ''}."
    if kind == "minLength":
        return f"{subject} must not be empty."
    if kind == "minProperties":
        keys = ", ".join(sorted(error.schema.get("properties", {})))
        return f"{subject} must not be empty; give at least one of {keys}."
    if kind == "maxProperties":
        keys = ", ".join(sorted(error.schema.get("properties", {})))
        return f"{subject} takes exactly one of {keys}, not several."
    if kind == "uniqueItems":
        return f"{subject} lists the same item twice."
    if kind in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        words = {
            "minimum": "at least",
            "exclusiveMinimum": "more than",
            "maximum": "at most",
            "exclusiveMaximum": "less than",
        }[kind]
        return f"{subject} must be {words} {value}, not {instance}."
    if kind == "dependentRequired" and "program" not in error.message:
        needed, _, key = error.message.partition(" is a dependency of ")
        key, needed = key.strip("'"), needed.strip("'")
        return f"{subject} has `{key}`, which needs `{needed}` too."
    if kind == "dependentRequired":
        return (
            f"{subject} has a key that needs `program` too: env, flags, args and pipe describe "
            "the words around a program."
        )
    return f"{subject}: {error.message}."


def _property_name_sentence(error: Invalid) -> str:
    meaning = _PATTERN_MEANINGS.get(error.validator_value, f"text matching {error.validator_value}")
    return f"The key `{error.instance}` must be {meaning}."


def _name(path: Any) -> str:
    """How to refer to the value at a JSON path in a sentence: `title`, item 2 of `hints`..."""
    parts = list(path)
    if not parts:
        return "the lab"
    last = parts[-1]
    if isinstance(last, int):
        if len(parts) == 2 and parts[0] == "steps":
            return f"step {last + 1}"
        owner = parts[-2] if len(parts) > 1 else "the list"
        return f"item {last + 1} of `{owner}`"
    return f"`{last}`"


def _found(instance: Any) -> str:
    if isinstance(instance, bool):
        return f"true/false ({str(instance).lower()})"
    if isinstance(instance, int | float):
        return f"a number ({instance})"
    if isinstance(instance, str):
        return "text"
    if isinstance(instance, list):
        return "a list"
    if isinstance(instance, dict):
        return "a mapping"
    if instance is None:
        return "empty (null)"
    if isinstance(instance, date):
        return f"a date ({instance})"
    return type(instance).__name__


def _source_text(instance: Any) -> str:
    if isinstance(instance, bool):
        return str(instance).lower()
    return str(instance)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _schema_location(error: Invalid) -> str:
    """Where the failing rule sits in lab.schema.json, following $refs (`#/$defs/step/required`).

    jsonschema's schema paths skip `$ref` hops, so walk the schema along the path and jump to a
    reference's target whenever the next part is not in the current subschema.
    """
    root = schema()
    current: Any = root
    out: list[str] = []
    for part in error.absolute_schema_path:
        while isinstance(current, dict) and part not in current and "$ref" in current:
            ref = current["$ref"]
            out = ref.removeprefix("#/").split("/")
            current = root
            for piece in out:
                current = current[piece]
        in_dict = isinstance(current, dict) and part in current
        in_list = isinstance(current, list) and isinstance(part, int) and part < len(current)
        if in_dict or in_list:
            current = current[part]
        out.append(str(part))
    return "/".join(["#", *out])
