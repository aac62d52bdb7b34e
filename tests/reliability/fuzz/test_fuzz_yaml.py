"""Fuzzing the lab loader and the inventory loader with random and hostile YAML.

Both read untrusted files with grader.labs.document: the documented failure is a located
LabError list (LabInvalid / InventoryInvalid when loading), never another exception, never a hang,
never memory that follows an alias graph's expanded size.
"""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from slowdown import allowance

from grader.labs.document import MAX_LAB_BYTES, read_document
from grader.labs.errors import LabError, LabInvalid
from grader.labs.loader import check_lab, load_lab
from grader.labs.model import Lab
from grader.provision.inventory import Inventory, InventoryInvalid, load_inventory

from ..profiles import FUZZ

# Each example writes and fully checks a lab (schema + semantic checks): ~0.25 s apiece.
SLOW_FUZZ = settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 3))

SEED_LAB = Path(__file__).resolve().parents[3] / "labs" / "nccl-bootstrap" / "lab.yaml"

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda kids: (
        st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=10), kids, max_size=4)
    ),
    max_leaves=20,
)


def _lab_outcome(path: Path) -> Lab | list[LabError]:
    """load_lab's two documented outcomes; anything else propagates and fails the test."""
    try:
        return load_lab(path)
    except LabInvalid as exc:
        assert exc.errors and all(isinstance(e, LabError) for e in exc.errors)
        return exc.errors


def _inventory_outcome(path: Path) -> Inventory | list[LabError]:
    try:
        return load_inventory(path)
    except InventoryInvalid as exc:
        assert exc.errors and all(isinstance(e, LabError) for e in exc.errors)
        return exc.errors


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_as_a_lab(raw: bytes) -> None:
    doc = read_document("lab.yaml", raw)
    assert all(isinstance(e, LabError) for e in doc.errors)


@FUZZ
@given(st.text(max_size=600))
def test_random_text_as_a_lab(text: str) -> None:
    doc = read_document("lab.yaml", text.encode("utf-8", "surrogatepass"))
    assert all(isinstance(e, LabError) for e in doc.errors)


def _mutate(data: object, path: list[int], value: object) -> object:
    """Replace the node reached by walking `path` (indexes modulo each container's size)."""
    if not path or not isinstance(data, dict | list) or not data:
        return value
    if isinstance(data, dict):
        key = sorted(data)[path[0] % len(data)]
        return {**data, key: _mutate(data[key], path[1:], value)}
    i = path[0] % len(data)
    return [*data[:i], _mutate(data[i], path[1:], value), *data[i + 1 :]]


@SLOW_FUZZ
@given(st.lists(st.tuples(st.lists(st.integers(0, 50), max_size=6), _json), max_size=4))
def test_mutated_seed_lab_loads_or_lists_errors(tmp_path_factory, edits) -> None:
    """The seed lab with random subtrees replaced: every schema/semantic check sees odd shapes."""
    data = yaml.safe_load(SEED_LAB.read_text())
    for path, value in edits:
        data = _mutate(data, path, value)
    lab = tmp_path_factory.mktemp("lab") / "lab.yaml"
    lab.write_text(yaml.safe_dump(data, allow_unicode=True))
    outcome = _lab_outcome(lab)
    if isinstance(outcome, Lab):
        assert check_lab(lab) == []


@FUZZ
@given(_json, _json)
def test_random_inventory_loads_or_lists_errors(tmp_path_factory, hosts, defaults) -> None:
    inv = tmp_path_factory.mktemp("inv") / "inventory.yaml"
    doc = {"schema_version": 1, "hosts": hosts, "defaults": defaults}
    inv.write_text(yaml.safe_dump(doc, allow_unicode=True))
    _inventory_outcome(inv)


# --- hostile YAML --------------------------------------------------------------------------------


def _bomb(levels: int, width: int) -> str:
    lines = ["a0: &a0 [lol]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


HOSTILE_YAML: dict[str, bytes] = {
    "billion-laughs": _bomb(9, 9).encode(),
    "wide-cheap-bomb": _bomb(6, 10).encode(),  # 60 aliases, a million nodes expanded
    "recursive-alias": b"a: &a [*a]\n",
    "merge-key-loop": b"a: &a {<<: *a}\n",
    "huge-scalar": b"id: '" + b"x" * (MAX_LAB_BYTES - 16) + b"'\n",
    "too-big": b"id: " + b"x" * (MAX_LAB_BYTES + 1),
    "deep-flow": b"[" * 5000 + b"]" * 5000,
    "deep-block": b"".join(b"  " * i + b"- \n" for i in range(2000)),
    "python-object": b"!!python/object/apply:os.system ['touch /tmp/labgrader-pwned']\n",
    "python-name": b"steps: !!python/name:os.system\n",
    "custom-tag": b"id: !custom x\n",
    "binary-tag": b"id: !!binary aGVsbG8=\n",
    "set-tag": b"id: !!set {a, b}\n",
    "omap-tag": b"id: !!omap [a: 1]\n",
    "binary-junk": bytes(range(256)) * 8,
    "bom-and-nul": b"\xef\xbb\xbfid: a\x00b\n",
    "utf16": "id: x\n".encode("utf-16"),
    "many-documents": b"---\na: 1\n" * 5000,
    "duplicate-keys": b"id: a\n" * 3000,
    "huge-int": b"schema_version: " + b"9" * 100_000 + b"\n",
    "long-key": b"k" * 300_000 + b": 1\n",
    "complex-key": b"? [a, b]\n: 1\n",
    # 4,000 unknown keys: locating each error was a linear scan (quadratic in all) before the fix
    "anchors-everywhere": b"".join(b"k%d: &x%d v\n" % (i, i) for i in range(4_000)),
    "tabs-and-cr": b"id:\ta\r\nsteps:\r\t- x\r",
}
# Per hostile file: reading, checking and refusing it must not take longer than this on a CI core,
# nor allocate more than MEMORY (a lab that loads is a few MiB of Python objects at most).
SECONDS = 10.0
MEMORY = 64 * 1024 * 1024


def _both(tmp_path: Path, raw: bytes) -> tuple[object, object]:
    lab = tmp_path / "lab.yaml"
    lab.write_bytes(raw)
    inv = tmp_path / "inventory.yaml"
    inv.write_bytes(raw)
    return _lab_outcome(lab), _inventory_outcome(inv)


@pytest.mark.parametrize("name", sorted(HOSTILE_YAML))
def test_hostile_yaml_is_refused_quickly(name: str, tmp_path: Path) -> None:
    t0 = time.perf_counter()
    lab_outcome, inv_outcome = _both(tmp_path, HOSTILE_YAML[name])
    assert time.perf_counter() - t0 < allowance(SECONDS)
    # none of these is a lab or an inventory
    assert isinstance(lab_outcome, list) and isinstance(inv_outcome, list)
    assert not Path("/tmp/labgrader-pwned").exists()


@pytest.mark.parametrize("name", sorted(HOSTILE_YAML))
def test_hostile_yaml_memory_is_bounded(name: str, tmp_path: Path) -> None:
    lab = tmp_path / "lab.yaml"
    lab.write_bytes(HOSTILE_YAML[name])  # the inventory reads through the same document reader
    tracemalloc.start()
    try:
        _lab_outcome(lab)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MEMORY, peak
