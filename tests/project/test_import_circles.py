"""engines/ has no import circle at all (issue 47, point 2), measured over every import, at the top of a module
or inside a function: a module that imports another which imports it back, however far round, is one knot the
reader must hold whole. The Mixtape games' mechanics, which once tied knots of 16 and 14 modules, name the steps
they hand on to (each game's machine.py) rather than import one another."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINES = Path(__file__).resolve().parents[2] / "engines"

KNOWN: dict[str, int] = {}
"""The package of each knot left, and how many modules it ties (it may only shrink): none."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in ENGINES.rglob("*.py"):
        name = ".".join(path.relative_to(ENGINES.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for a in node.names:
                full = f"{base}.{a.name}"
                out.add(full if full in known else base)
    return {m for m in out if m in known and m != name}


def knots() -> list[set[str]]:
    """The import circles of engines/, each as the modules it ties."""
    known = _modules()
    return parts({name: _imports(name, path, known) for name, path in known.items()})


def parts(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected parts of a graph with more than one node (Tarjan's)."""
    found: list[set[str]] = []
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, set()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while (w := stack.pop()) != v:
                part.add(w)
            part.add(v)
            if len(part) > 1:
                found.append(part)

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_engines_has_no_import_circle() -> None:
    for part in knots():
        packages = {m.rpartition(".")[0] for m in part}
        assert len(packages) == 1 and (package := packages.pop()) in KNOWN, f"an import circle: {sorted(part)}"
        assert len(part) <= KNOWN[package], f"{package}'s knot grew to {len(part)}: {sorted(part)}"


def test_the_circle_finder_finds_a_circle_and_only_that() -> None:
    """On a circle made for it (engines.core.race and search once imported each other, as a and b here)."""
    assert parts({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}) == [{"a", "b", "c"}]
    assert parts({"race": {"search"}, "search": {"race"}}) == [{"race", "search"}]
