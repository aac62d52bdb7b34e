"""JSON out of the API, whatever the answer holds: every route's bytes are written here.

The models (grader/api/models.py) already bring stored times, measures and integers into what
JSON carries (models.py's module doc). What can still be in an answer and cannot be written as
UTF-8 JSON is text with lone surrogates (a stored JSON document may hold "\\udc80": Python reads
it back as a str no encoder takes) and, in a stored JSON document's extra keys, a NaN or an
infinity. Both are rare, so the writers here try the plain, fast encoding first and only when it
refuses walk the answer once (`json_safe`): a surrogate becomes U+FFFD, a number JSON cannot
carry becomes null, an integer too long to write as text becomes null.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from functools import cache
from typing import Any

from pydantic import BaseModel, TypeAdapter
from pydantic_core import PydanticSerializationError
from starlette.responses import JSONResponse, Response

_SURROGATE = re.compile("[\ud800-\udfff]")

INT_TEXT_MAX_BITS = 14_000
"""Integers longer than this (about 4,200 digits) are null: Python refuses to write an integer
of more than 4,300 digits as text (sys.get_int_max_str_digits), so json.dumps would raise."""


def text(value: str) -> str:
    """`value` as UTF-8 can carry it: each lone surrogate becomes U+FFFD."""
    return value if value.isascii() else _SURROGATE.sub("\ufffd", value)


def json_safe(value: Any) -> Any:
    """A JSON-ready value (dicts, lists, str, numbers, None) that json.dumps writes as strict
    UTF-8 JSON: surrogates U+FFFD, NaN and infinities null, unwritably long integers null."""
    if isinstance(value, str):
        return text(value)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value if value.bit_length() <= INT_TEXT_MAX_BITS else None
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {text(str(k)): json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    return text(str(value))


_REFUSED = (ValueError, UnicodeEncodeError)
"""What json.dumps(allow_nan=False) and str.encode raise on NaN, surrogates and long integers."""


def json_bytes(value: Any, **dumps: Any) -> bytes:
    """`value` as strict UTF-8 JSON (no NaN, no surrogates), with json.dumps' own options."""
    dumps = {"ensure_ascii": False, "allow_nan": False, **dumps}
    try:
        return json.dumps(value, **dumps).encode("utf-8")
    except _REFUSED:
        return json.dumps(json_safe(value), **dumps).encode("utf-8")


_LINE_BREAKS = re.compile("[\x85\u2028\u2029]")
"""Line breaks JSON leaves raw in a string and `str.splitlines()` splits on (CR and LF JSON
escapes itself)."""


def model_json(model: BaseModel) -> str:
    """A model as one line of JSON text (an SSE event's data), under its published names
    (`from`, not the attribute's `from_`): pydantic's writer, else the walk above. U+0085,
    U+2028 and U+2029 are written as escapes: the SSE format breaks lines at CR and LF only, but
    a client that reads the stream with a general line splitter (Python's `splitlines()`) would
    cut the event there."""
    try:
        line = model.model_dump_json(by_alias=True)
    except PydanticSerializationError:
        dumped = model.model_dump(mode="json", by_alias=True)
        line = json_bytes(dumped, separators=(",", ":")).decode("utf-8")
    if line.isascii():
        return line
    return _LINE_BREAKS.sub(lambda c: f"\\u{ord(c.group()):04x}", line)


@cache
def _list_of(model: type[BaseModel]) -> TypeAdapter[list[Any]]:
    return TypeAdapter(list[model])  # type: ignore[valid-type]


def model_response(value: BaseModel | Sequence[BaseModel]) -> Response:
    """A model, or a list of one model's instances, as a JSON answer: pydantic's own writer (what
    FastAPI uses for a returned model, several times faster than json.dumps), and the walk
    above when it refuses (a stored surrogate)."""
    try:
        if isinstance(value, BaseModel):
            body = value.model_dump_json(by_alias=True).encode("utf-8")
        elif value:
            body = _list_of(type(value[0])).dump_json(list(value), by_alias=True)
        else:
            body = b"[]"
    except PydanticSerializationError:
        dumped = (
            value.model_dump(mode="json", by_alias=True)
            if isinstance(value, BaseModel)
            else [v.model_dump(mode="json", by_alias=True) for v in value]
        )
        body = json_bytes(dumped, separators=(",", ":"))
    return Response(body, media_type="application/json")


class SafeJSONResponse(JSONResponse):
    """starlette's JSONResponse (the same bytes for every answer it can write), and strict JSON
    for the ones it refuses (a stored surrogate or NaN) instead of an exception, a 500."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except _REFUSED:
            return json_bytes(json_safe(content), indent=None, separators=(",", ":"))
