"""JSON text made by orjson where the grader makes it often: progress documents written back
per judged command, the store's JSON columns (evidence, engine snapshots, audit details).

orjson gives the text of `json.dumps(value, ensure_ascii=False, separators=(",", ":"))` about
ten times faster (a progress document of the two labs: 69 µs with the json module, 4.5 µs;
BENCHMARKS.md); only a float may be spelled otherwise (`0.00001` for `1e-05`), the same number
when read. Where orjson refuses a value the json module takes (an integer beyond 64 bits, a
string holding a lone surrogate), the json module makes it: a hostile value from a node costs
time, never a failed write.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

# Keys that are not strings become strings, as the json module makes them.
_OPTIONS = orjson.OPT_NON_STR_KEYS


def compact_json(value: Any) -> bytes:
    """`value` as compact UTF-8 JSON."""
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError: an int beyond 64 bits, a lone surrogate
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        return text.encode("utf-8", "replace")  # a lone surrogate becomes "?"


def json_text(value: Any) -> str:
    """compact_json as text: the store's JSON serializer (grader/store/database.py)."""
    return compact_json(value).decode("utf-8")
