"""docs/architecture.md "Layers", checked statically over every module under grader/ (`ast`, no
importing): the layer graph has no cycle and no upward import, no module imports another
package's private name, and a package imports another one through its face (`__init__.py` and
its `__all__`), not through a submodule.

Every import counts: at module level, inside functions and under TYPE_CHECKING. A lazy import
is still a dependency (it runs on the first call; under TYPE_CHECKING mypy follows it), so it
obeys the same order.
"""

from __future__ import annotations

import ast
import itertools
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "grader"
DOC = ROOT / "docs" / "architecture.md"

# The layer order, lowest first; docs/architecture.md "Layers" lists the same units in the same
# items (test_the_doc_lists_the_same_layers). A unit imports its own layer or lower ones, never a
# higher one; within a layer the graph has no cycle either.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"faces.py", "printable.py", "metrics.py", "ratelimit.py", "jsontext.py"}),
    frozenset({"protocol", "capture", "labs"}),
    frozenset({"verdict.py", "node"}),
    frozenset({"matching"}),
    frozenset({"authoring"}),
    frozenset({"store"}),
    frozenset({"config.py"}),
    frozenset({"api", "outbound"}),
    frozenset({"daemon"}),
    frozenset({"provision", "bench", "cli.py"}),
)
RANK = {unit: rank for rank, layer in enumerate(LAYERS) for unit in layer}

# grader.protocol has no re-exporting face: each of its modules is one format's public home, run
# on the node as it is (standard library only, CPython 3.6), so its modules are its face:
# `from grader.protocol import frames` and `from grader.protocol.frames import Frame` alike.
MODULE_FACES = {"protocol"}

# Cross-package imports that bypass a face, each with its reason: (importing file, module).
FACE_EXCEPTIONS: dict[tuple[str, str], str] = {
    ("grader/bench/recording.py", "grader.authoring.record"): (
        "the benchmark recording swaps the module's node_file for a copied capture-shell lib "
        "while play() runs: a patch needs the module, not a name imported from it"
    ),
}


@dataclass(frozen=True)
class Import:
    file: str  # relative to the repository root, with forward slashes
    line: int
    text: str  # the statement as written, for messages
    module: str  # the module imported (or imported from)
    names: tuple[str, ...]  # for `from module import names`; () for `import module`

    def where(self) -> str:
        return f"{self.file}:{self.line}: {self.text}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_package(dotted: str) -> bool:
    return (ROOT.joinpath(*dotted.split(".")) / "__init__.py").exists()


def is_module(dotted: str) -> bool:
    return ROOT.joinpath(*dotted.split(".")).with_suffix(".py").exists() or is_package(dotted)


def unit_of(dotted: str) -> str | None:
    """The layer unit a grader module belongs to: `grader.store.model` -> "store",
    `grader.config` -> "config.py"; None for the `grader` package itself."""
    parts = dotted.split(".")
    if parts[0] != "grader" or len(parts) < 2:
        return None
    if is_package(f"grader.{parts[1]}"):
        return parts[1]
    return f"{parts[1]}.py"


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imports(path: Path) -> Iterator[Import]:
    """Every grader import in the file, wherever it sits: module level, functions, TYPE_CHECKING."""
    rel = path.relative_to(ROOT).as_posix()
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(parse(path)):
        text = ast.unparse(node) if isinstance(node, ast.Import | ast.ImportFrom) else ""
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "grader":
                    yield Import(rel, node.lineno, text, alias.name, ())
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            if module.split(".")[0] == "grader":
                yield Import(rel, node.lineno, text, module, tuple(a.name for a in node.names))


def targets(imp: Import) -> Iterator[str]:
    """The modules an import depends on: `from grader import metrics` depends on grader.metrics."""
    if not imp.names:
        yield imp.module
        return
    submodules = [f"{imp.module}.{n}" for n in imp.names if is_module(f"{imp.module}.{n}")]
    if imp.module == "grader":
        yield from submodules  # the root package itself is empty
    else:
        yield imp.module
        yield from submodules


def cross_imports() -> Iterator[tuple[Import, str, str]]:
    """(import, importing unit, imported unit) for every import between two units."""
    for path in sources():
        src = unit_of(module_name(path))
        if src is None:  # grader/__init__.py: the root package, a docstring only
            assert not list(imports(path)), f"{path}: the root package imports nothing"
            continue
        for imp in imports(path):
            for target in targets(imp):
                dst = unit_of(target)
                if dst is not None and dst != src:
                    yield imp, src, dst


def faces() -> dict[str, frozenset[str]]:
    """Each package's `__all__`, read from its `__init__.py`."""
    out = {}
    for init in sorted(PACKAGE.glob("*/__init__.py")):
        for node in parse(init).body:
            if (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
                and isinstance(node.value, ast.List | ast.Tuple)
            ):
                names = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
                out[init.parent.name] = frozenset(str(n) for n in names)
    return out


def test_every_unit_has_a_layer() -> None:
    units = {unit_of(module_name(p)) for p in sources()} - {None}
    assert units - RANK.keys() == set(), "add these to LAYERS and docs/architecture.md"


def test_the_doc_lists_the_same_layers() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## Layers\n", 1)[1].split("\n## ", 1)[0]
    items = re.split(r"^\d+\. ", section, flags=re.MULTILINE)[1:]
    # A unit is a backticked `grader/name` or `grader/name.py`; deeper paths are mentions.
    listed = tuple(
        frozenset(m.removeprefix("grader/") for m in re.findall(r"`(grader/[a-z_]+(?:\.py)?)`", i))
        for i in items
    )
    assert listed == LAYERS, f"docs/architecture.md 'Layers' lists {listed}, the test {LAYERS}"


def test_no_upward_import() -> None:
    bad = [
        f"{imp.where()}  ({src}, layer {RANK[src] + 1}, imports {dst}, layer {RANK[dst] + 1})"
        for imp, src, dst in cross_imports()
        if RANK[dst] > RANK[src]
    ]
    assert not bad, "imports up the layers (docs/architecture.md 'Layers'):\n" + "\n".join(bad)


def test_no_cycle_between_units() -> None:
    edges: dict[str, dict[str, Import]] = {}
    for imp, src, dst in cross_imports():
        edges.setdefault(src, {}).setdefault(dst, imp)
    cycle = find_cycle(edges)
    if cycle:
        steps = [edges[a][b].where() for a, b in itertools.pairwise(cycle)]
        pytest.fail(f"import cycle {' -> '.join(cycle)}:\n" + "\n".join(steps))


def find_cycle(edges: dict[str, dict[str, Import]]) -> list[str] | None:
    """One cycle in the graph `edges` (node -> successor -> the import making the edge), or None."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        for nxt in sorted(edges.get(node, {})):
            cycle = visit(nxt, [*path, node])
            if cycle:
                return cycle
        done.add(node)
        return None

    for node in sorted(edges):
        cycle = visit(node, [])
        if cycle:
            return cycle
    return None


def test_no_cycle_between_modules_of_a_package() -> None:
    """Within a package too, modules import each other one way: a TYPE_CHECKING import counts
    (mypy follows it), so a module that needs another's type takes a Protocol or moves."""
    edges: dict[str, dict[str, Import]] = {}
    for path in sources():
        here = module_name(path)
        src = unit_of(here)
        for imp in imports(path):
            for target in targets(imp):
                if unit_of(target) != src or target == here:
                    continue
                if path.name != "__init__.py" and is_package(target):
                    continue  # a module reaching its own package's face: the face is a table
                edges.setdefault(here, {}).setdefault(target, imp)
    cycle = find_cycle(edges)
    if cycle:
        steps = [edges[a][b].where() for a, b in itertools.pairwise(cycle)]
        pytest.fail(f"module import cycle {' -> '.join(cycle)}:\n" + "\n".join(steps))


def test_no_private_name_of_another_package() -> None:
    bad = []
    for path in sources():
        src = unit_of(module_name(path))
        module_aliases: dict[str, str] = {}  # local name -> grader module it is bound to
        for imp in imports(path):
            if unit_of(imp.module) == src:
                continue
            if any(private(p) for p in imp.module.split(".")):
                bad.append(f"{imp.where()}  (a private module)")
            for name in imp.names:
                if private(name):
                    bad.append(f"{imp.where()}  ({name} is private to {imp.module})")
        tree = parse(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        module_aliases[alias.asname] = alias.name
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    if is_module(full):
                        module_aliases[alias.asname or alias.name] = full
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not private(node.attr):
                continue
            chain, base = [node.attr], node.value
            while isinstance(base, ast.Attribute):
                chain.append(base.attr)
                base = base.value
            if not isinstance(base, ast.Name):
                continue
            root = module_aliases.get(base.id, base.id if base.id == "grader" else None)
            if root is None:
                continue
            dotted = ".".join([root, *reversed(chain)])
            owner = dotted.rpartition(".")[0]
            if unit_of(owner) != src:
                bad.append(f"{rel}:{node.lineno}: {ast.unparse(node)}  (private to {owner})")
    assert not bad, "uses of another package's private names:\n" + "\n".join(bad)


def test_cross_package_imports_go_through_faces() -> None:
    face = faces()
    bad = []
    for imp, _src, dst in cross_imports():
        if dst.endswith(".py") or dst in MODULE_FACES:
            continue  # a top-level module, or a package whose modules are its face
        if (imp.file, imp.module) in FACE_EXCEPTIONS:
            continue
        package = f"grader.{dst}"
        if imp.module == "grader" and imp.names == (dst,):
            continue  # `from grader import x`: the face itself
        if imp.module != package:
            bad.append(f"{imp.where()}  (import from {package}, its face)")
            continue
        if not imp.names:
            continue  # `import grader.x`: the face itself
        missing = [n for n in imp.names if n not in face.get(dst, frozenset())]
        if missing:
            bad.append(f"{imp.where()}  ({', '.join(missing)} not in {package}.__all__)")
    assert not bad, "cross-package imports past a face:\n" + "\n".join(sorted(set(bad)))


def test_face_exceptions_are_still_needed() -> None:
    seen = {(imp.file, imp.module) for imp, _src, _dst in cross_imports()}
    assert set(FACE_EXCEPTIONS) <= seen, f"stale: {set(FACE_EXCEPTIONS) - seen}"


@pytest.mark.parametrize("package", sorted(p for p in faces() if p not in MODULE_FACES))
def test_every_face_name_loads(package: str) -> None:
    """Each name a face lists loads, fresh, with no import cycle (lazy homes included)."""
    code = f"import grader.{package} as face\nfor name in face.__all__:\n    getattr(face, name)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
