"""Package faces that load on first use: a package lists what others import from it, by home.

Why: a package's face (`from grader.store import Store`) must not cost what its heaviest module
costs. The daemon's sans-I/O ingest imports grader.store's plain data types and must not load
SQLAlchemy (docs/architecture.md "Layers"); the lab model must not load YAML and JSON Schema.
A package keeps its cheap names as ordinary imports and names the rest in `lazy_names`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` for `package` that imports each name from its home module (a
    dotted path relative to the package, e.g. ".store") on first use and keeps it."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        try:
            module = importlib.import_module(home, package)
        except AttributeError as exc:
            # Raised as it is, `from package import name` would swallow it into "cannot import
            # name", hiding the failing line of the home module.
            raise ImportError(f"{package}{home} failed to import: {exc}") from exc
        value = getattr(module, name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
