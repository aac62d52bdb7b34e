"""Reading a lab file as plain YAML data, safely, while keeping where every value sits.

Why not `yaml.safe_load`: it gives no positions, silently keeps the last of two duplicate keys,
and happily builds a "billion laughs" alias graph that every later walk (schema validation, the
checks) would expand. Here the YAML is *composed* into nodes first (positions kept), bounded,
checked, and only then constructed with yaml.SafeLoader semantics (no python/* tags, ever).

`Document.mark(path)` maps a JSON instance path (as jsonschema reports it) back to the node's
start mark, so every error can say `line:column`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from grader.labs.errors import LabError

# A lab is prose plus a few dozen patterns: the seed lab is ~20 KiB. A file 25x that is a mistake
# (a pasted log) or an attack; refusing it early bounds parsing time and memory.
MAX_LAB_BYTES = 512 * 1024
# Aliases are handy for sharing one hint or pattern list between steps, but a "billion laughs"
# bomb needs many of them (9 levels x 9 aliases = 81); a real lab uses a handful.
MAX_ALIASES = 64
# Nodes counted with every alias expanded. Six levels of ten aliases is only 60 aliases yet a
# million nodes once expanded: this second cap is what actually bounds the later walks.
MAX_EXPANDED_NODES = 100_000
# Collections inside collections. The seed lab nests 7 deep; composing (and every later walk) is
# recursive, so `[[[[...` a few hundred deep would blow Python's recursion limit (found by the
# fuzz suite, tests/regressions/test_lab_loader_regressions.py) instead of giving an error.
MAX_NESTING_DEPTH = 64

_CORE = "tag:yaml.org,2002:"
# The tags JSON data can hold, plus merge keys (`<<: *base`) and timestamps (an unquoted date
# resolves to one implicitly; the schema then says "expected text" with a quoting hint).
ALLOWED_TAGS = frozenset(
    _CORE + t for t in ("str", "int", "float", "bool", "null", "seq", "map", "merge", "timestamp")
)

PathPart = str | int


class _LabLoader(yaml.SafeLoader):
    """SafeLoader that counts aliases while composing and builds mappings with text keys.

    Keys are always the key's source text (`yes:` stays "yes", not True), so the data's keys and
    the nodes' keys agree and a non-text key is reported, not silently converted.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.alias_count = 0
        self.depth = 0

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        if self.check_event(yaml.AliasEvent):
            self.alias_count += 1
            if self.alias_count > MAX_ALIASES:
                event = self.peek_event()
                raise _Refused(
                    "yaml/alias-limit",
                    f"The file uses more than {MAX_ALIASES} aliases (*name); "
                    "that looks like an alias bomb, so it is refused.",
                    event.start_mark,
                )
        if self.check_event(yaml.SequenceStartEvent, yaml.MappingStartEvent):
            if self.depth >= MAX_NESTING_DEPTH:
                raise _Refused(
                    "yaml/depth",
                    f"Lists and mappings are nested more than {MAX_NESTING_DEPTH} deep; "
                    "a lab never needs that, so the file is refused.",
                    self.peek_event().start_mark,
                )
            self.depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1
        return super().compose_node(parent, index)

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[str, Any]:  # type: ignore[override]
        self.flatten_mapping(node)
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, ScalarNode) else "<complex key>"
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping


def _construct_int(loader: _LabLoader, node: ScalarNode) -> int:
    """SafeLoader's int, but a number too long for Python (> 4300 digits) is a located error."""
    try:
        return yaml.SafeLoader.construct_yaml_int(loader, node)
    except ValueError:
        raise _Refused(
            "yaml/number",
            "This number is too long to be read; quote it if it is text.",
            node.start_mark,
        ) from None


_LabLoader.add_constructor(_CORE + "int", _construct_int)


class _Refused(Exception):
    """A problem that stops reading: nothing after it can be trusted or is worth walking."""

    def __init__(self, schema_path: str, message: str, mark: yaml.Mark | None) -> None:
        super().__init__(message)
        self.schema_path = schema_path
        self.message = message
        self.mark = mark


@dataclass
class Document:
    """A lab file's data plus its node tree, for locating errors."""

    file: str
    data: Any
    root: Node | None
    errors: list[LabError] = field(default_factory=list)
    # False when reading stopped (syntax, caps, forbidden tags): `data` must not be validated.
    usable: bool = False
    # id(mapping node) -> {key text: its last key node}: one pass per mapping, so reporting every
    # unknown key of a mapping with thousands of them is linear, not quadratic (found by fuzzing).
    _keys: dict[int, dict[str, Node]] = field(default_factory=dict, repr=False, compare=False)

    def node(self, path: Sequence[PathPart]) -> Node | None:
        """The node at a JSON instance path, or its deepest existing ancestor."""
        node = self.root
        for part in path:
            child = _child(node, part)
            if child is None:
                break
            node = child
        return node

    def key_node(self, path: Sequence[PathPart], key: str) -> Node | None:
        """The key node `key` of the mapping at `path` (for unknown or misspelled keys)."""
        mapping = self.node(path)
        if isinstance(mapping, MappingNode):
            keys = self._keys.get(id(mapping))
            if keys is None:
                keys = {k.value: k for k, _ in mapping.value if isinstance(k, ScalarNode)}
                self._keys[id(mapping)] = keys
            if key in keys:
                return keys[key]
        return mapping

    def error(
        self, path: Sequence[PathPart], schema_path: str, message: str, key: str | None = None
    ) -> LabError:
        """A LabError at the value at `path` (or at its key `key`)."""
        node = self.key_node(path, key) if key is not None else self.node(path)
        return at_mark(self.file, node.start_mark if node else None, schema_path, message)


def at_mark(file: str, mark: yaml.Mark | None, schema_path: str, message: str) -> LabError:
    """LabError at a PyYAML mark (0-based) as 1-based line:column; 1:1 when there is none."""
    if mark is None:
        return LabError(file, 1, 1, schema_path, message)
    return LabError(file, mark.line + 1, mark.column + 1, schema_path, message)


def _child(node: Node | None, part: PathPart) -> Node | None:
    # The stubs leave a node's `value` untyped: a mapping's is its (key, value) node pairs, a
    # sequence's its item nodes.
    if isinstance(node, MappingNode):
        pairs: list[tuple[Node, Node]] = node.value
        for key_node, value_node in reversed(pairs):  # the last duplicate wins, as in data
            if isinstance(key_node, ScalarNode) and key_node.value == part:
                return value_node
    elif isinstance(node, SequenceNode) and isinstance(part, int):
        items: list[Node] = node.value
        if 0 <= part < len(items):
            return items[part]
    return None


def read_document(file: str, raw: bytes) -> Document:
    """Parse `raw` (the bytes of `file`) into a Document; fatal problems leave data=None.

    Never raises for bad input: every problem becomes a LabError in `Document.errors`.
    """
    if len(raw) > MAX_LAB_BYTES:
        return _refused(
            file,
            _Refused(
                "yaml/size",
                f"The file is {len(raw)} bytes; a lab file may be at most {MAX_LAB_BYTES}.",
                None,
            ),
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        error = LabError(file, line, column, "yaml/encoding", "The file is not valid UTF-8 text.")
        return Document(file, None, None, [error])
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        return _refused(
            file,
            _Refused(
                "yaml/empty",
                "The file is empty: a lab needs schema_version, id, title, description and steps.",
                None,
            ),
        )
    try:
        loader = _LabLoader(text)  # the reader checks every character up front
    except yaml.reader.ReaderError as exc:  # a control character YAML forbids (NUL, ESC, ...)
        return _refused(file, _Refused("yaml/encoding", _reader_sentence(exc), _mark(text, exc)))
    try:
        root = loader.get_single_node()
        errors = list(_check_nodes(file, root))
        if any(e.schema_path in _FATAL for e in errors):
            return Document(file, None, root, errors)
        data = loader.construct_document(root) if root is not None else None
        return Document(file, data, root, errors, usable=True)
    except _Refused as exc:
        return _refused(file, exc)
    except yaml.MarkedYAMLError as exc:
        return _refused(file, _Refused("yaml/syntax", _yaml_sentence(exc), exc.problem_mark))
    except yaml.YAMLError as exc:  # unmarked: should not happen with a str stream
        return _refused(file, _Refused("yaml/syntax", f"The file is not valid YAML: {exc}", None))
    finally:
        loader.dispose()


def _mark(text: str, exc: yaml.reader.ReaderError) -> yaml.Mark:
    before = text[: exc.position]
    line = before.count("\n")
    column = exc.position - (before.rfind("\n") + 1)
    return yaml.Mark(exc.name, exc.position, line, column, None, None)  # type: ignore[arg-type]


def _reader_sentence(exc: yaml.reader.ReaderError) -> str:
    return (
        f"The file contains the character #x{exc.character:04x}, which YAML does not allow "
        "in a file (control characters other than tab and newline)."
    )


_FATAL = frozenset({"yaml/tag", "yaml/recursive", "yaml/alias-limit"})


def _refused(file: str, exc: _Refused) -> Document:
    return Document(file, None, None, [at_mark(file, exc.mark, exc.schema_path, exc.message)])


def _check_nodes(file: str, root: Node | None) -> Iterator[LabError]:
    """Walk the node graph once: caps, cycles, tags, duplicate and non-text keys."""
    expanded: dict[int, int] = {}  # id(node) -> size with aliases expanded (memoised)
    on_path: set[int] = set()
    errors: list[LabError] = []

    def walk(node: Node) -> int:
        if id(node) in on_path:
            raise _Refused(
                "yaml/recursive", "An alias refers to its own anchor (a loop).", node.start_mark
            )
        if id(node) in expanded:  # shared through an alias: count its size again, walk it once
            return expanded[id(node)]
        on_path.add(id(node))
        if node.tag not in ALLOWED_TAGS:
            errors.append(
                at_mark(
                    file,
                    node.start_mark,
                    "yaml/tag",
                    f"The tag {_short_tag(node.tag)} is not allowed: a lab file holds plain "
                    "data only (text, numbers, true/false, lists and mappings).",
                )
            )
        size = 1
        if isinstance(node, SequenceNode):
            size += sum(walk(child) for child in node.value)
        elif isinstance(node, MappingNode):
            seen: dict[str, Node] = {}
            for key_node, value_node in node.value:
                errors.extend(_key_problems(file, key_node, seen))
                size += walk(key_node) + walk(value_node)
        on_path.discard(id(node))
        expanded[id(node)] = size
        if size > MAX_EXPANDED_NODES:
            raise _Refused(
                "yaml/alias-limit",
                f"With its aliases expanded the file has more than {MAX_EXPANDED_NODES} values; "
                "that looks like an alias bomb, so it is refused.",
                node.start_mark,
            )
        return size

    if root is not None:
        walk(root)
    yield from errors


def _key_problems(file: str, key_node: Node, seen: dict[str, Node]) -> Iterator[LabError]:
    if key_node.tag == _CORE + "merge":
        return
    if not isinstance(key_node, ScalarNode):
        yield at_mark(file, key_node.start_mark, "yaml/key", "A key must be plain text.")
        return
    if key_node.tag != _CORE + "str" and key_node.tag in ALLOWED_TAGS:
        yield at_mark(
            file,
            key_node.start_mark,
            "yaml/key",
            f"The key {key_node.value!r} is read by YAML as {_kind(key_node.tag)}, "
            f"not text: quote it ('{key_node.value}').",
        )
    first = seen.get(key_node.value)
    if first is not None:
        yield at_mark(
            file,
            key_node.start_mark,
            "yaml/duplicate-key",
            f"The key `{key_node.value}` appears twice in this mapping "
            f"(first on line {first.start_mark.line + 1}); YAML would keep only the last.",
        )
    else:
        seen[key_node.value] = key_node


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag


def _kind(tag: str) -> str:
    return {
        "int": "a number",
        "float": "a number",
        "bool": "true/false",
        "null": "null",
        "timestamp": "a date",
    }.get(tag[len(_CORE) :], "a non-text value")


def _yaml_sentence(exc: yaml.MarkedYAMLError) -> str:
    """PyYAML's "while scanning ...: found ..." turned into one sentence an author can act on."""
    problem = (exc.problem or "").strip()
    if "'\\t'" in problem or "\\t" in problem:
        return "A tab character is not allowed here: YAML indents with spaces only."
    if "expected a single document" in problem:
        return "The file holds more than one YAML document (a second `---`); a lab is one document."
    sentence = problem[:1].upper() + problem[1:] if problem else "Invalid YAML"
    if exc.context:
        sentence += f" ({exc.context.strip()})"
    return f"The file is not valid YAML: {sentence}."
