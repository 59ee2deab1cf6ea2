"""Mutation testing of the rules: change one rule constant or comparison at a time and see whether the game's own
tests notice. A mutant the tests do not kill is a rule number or boundary that no test pins.

Mutants, per engine: every whole number set by a `key = N` line of the game's data files (N+1 and N-1; these are
the rule numbers, which live in the data), and in its rules modules every comparison operator (< <= > >= == !=,
swapped for its neighbour), small whole-number literal (N+1 and N-1), clause of an `and`/`or` (deleted: the
condition without it), `min`/`max` (swapped), and first/last element (`[0]` <-> `[-1]`, `.pop()` <-> `.pop(0)`).
The operators are named (`--ops`): the first ones, `compare` and `plus1`, are those of the 2026-12-01 runs; `minus1`,
`clause`, `minmax` and `ends` were added for issue 47, whose hand mutations found rules the first ones missed.
mutmut and cosmic-ray mutate Python only; most of our rule numbers are in TOML, so this small tool mutates both.

The rules modules are the mechanic modules (ENGINES below). Left out, because they check, show or advise
rather than rule: `checks` and `integrity` (invariants, read by tests; Tall Oaks' `checks` is not that and
stays in), Escape of the Dead's `keys`, `policies`, `family_policy`, `trespasser_policy`, the solver and `determinize` (advice and
search: a mutant there changes what the automa picks, not what is legal), `achievements` and `log_facts`
(read a finished log), `keys` (the spelling of choice keys, pinned by the save tests), `messages` and
`places` (the words of refusals and of spaces), the odds modules that only display (Escape of the Dead's
`odds` and `outcomes`, Final Girl's, the Mixtape games' (and Tall Oaks' `ahead`, what a choice leads to: the
rules both ask live in `checks` and `readings`, which are in) and `mixtape/dice.py`; Slaughterhouse's `odds.py`
stays in for `dice_for`, the one place a roll's size is counted, with its display functions skipped),
`hidden` (determinize's copies) and `state` (field defaults that setup overwrites; its View is display).
Inside a rules module, functions named for checking or showing (_NOT_RULES) are skipped too. The shared
Mixtape modules are mutated under each Mixtape game and tested by that game's tests.

A sample of `--sample` mutants per engine is drawn with `random.Random(f"{seed}:{engine}")` from the
engine's population in file order, so one engine's sample depends only on the seed, the engine and its
files: the same `--seed` gives the same mutants on a re-run (after new tests, to show the score after).
Each mutant is written into a copy of the tree (the working tree is never touched) and the game's own
tests run once in one process (`-n 0`, the project's addopts turning xdist on; else `-p no:xdist`),
stopping at the first failure, slow files last; the unmutated tests run first, and must pass, to time the
limit a looping mutant is stopped at.

Run: .venv/bin/python bench/mutation.py [--sample N] [--seed S] [--ops OP,OP] [--only [ENGINE:]I,J ...] [--list]
[engine ...]
"""

from __future__ import annotations

import argparse
import ast
import io
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules(package: str, names: str) -> list[str]:
    return [f"engines/{package}/{m}.py" for m in names.split()]


ENGINES: dict[str, tuple[list[str], list[str], list[str]]] = {
    # name: (data files, rules modules, test paths)
    "escape-of-the-dead": (
        ["engines/escape_of_the_dead/cards.toml"],
        _modules("escape_of_the_dead", "game phases rules_data"),
        ["tests/engines/escape_of_the_dead"],
    ),
    "final-girl": (
        ["engines/final_girl/cards.toml", "engines/final_girl/board.toml"],
        _modules(
            "final_girl",
            "game machine data tracks board cards items traps victims rolling playing killer events moving "
            "planning turn ambiguity",
        ),
        ["tests/engines/final_girl"],
    ),
    "slaughterhouse": (
        ["engines/slaughterhouse/cards.toml", "engines/slaughterhouse/board.toml"],
        _modules(
            "slaughterhouse",
            "game machine data rules setup trespassers items combat family rerolls panic scenarios odds",
        ),
        ["tests/engines/slaughterhouse"],
    ),
    "mixtape-massacre": (
        ["engines/mixtape/directors_cut/cards.toml", "engines/mixtape/directors_cut/board.toml"],
        _modules(
            "mixtape/directors_cut",
            "game phases flow turns opening movement searching spending kills brawls health hero locks scenes "
            "bonus abilities rules_data",
        )
        + _modules("mixtape", "board dealing supplies turn"),
        [
            "tests/engines/mixtape/test_mm_*.py",
            "tests/engines/mixtape/test_mixtape_*.py",
            "tests/engines/mixtape/test_odds_*_directors_cut.py",
        ],
    ),
    "escape-from-tall-oaks": (
        ["engines/mixtape/tall_oaks/cards.toml", "engines/mixtape/tall_oaks/board.toml"],
        _modules(
            "mixtape/tall_oaks",
            "game phases flow turns opening movement searching spending rescues scenes finals slasher scuffles "
            "tasks traitor health bonus abilities checks readings rules_data",
        )
        + _modules("mixtape", "board dealing supplies turn"),
        [
            "tests/engines/mixtape/test_efto_*.py",
            "tests/engines/mixtape/test_mixtape_*.py",
            "tests/engines/mixtape/test_odds_*_tall_oaks.py",
        ],
    ),
}

SKIP: dict[str, tuple[str, ...]] = {
    "engines/slaughterhouse/odds.py": (
        "bone_odds",
        "Roll",
        "rolls",
        "option_rolls",
        "_action_rolls",
        "_sawyer_rolls",
        "_arrival_rolls",
        "_fire_rolls",
    ),
}
"""Per module, functions and classes that only display (the odds table), skipped like _NOT_RULES."""

SLOW_LAST = ("test_solver.py",)
"""Test files run after the others: a mutant the quick tests kill is then killed in seconds."""

_KEY_INT = re.compile(r"^(\s*[A-Za-z0-9_\-]+\s*=\s*)(-?\d+)(\s*(#.*)?)$")
_SWAP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}


class Mutant:
    """One change to one file: the text from (line, start) to (end_line, end) replaced by `new`."""

    def __init__(
        self, path: str, line: int, start: int, end: int, new: str, kind: str, end_line: int = 0
    ) -> None:
        self.path, self.line, self.start, self.end, self.new, self.kind = path, line, start, end, new, kind
        self.end_line = end_line or line

    def apply(self, text: str) -> str:
        lines = text.splitlines(keepends=True)
        head = lines[self.line - 1][: self.start]
        tail = lines[self.end_line - 1][self.end :]
        lines[self.line - 1 : self.end_line] = [head + self.new + tail]
        return "".join(lines)

    def old(self, text: str) -> str:
        """The text the mutant replaces."""
        lines = text.splitlines(keepends=True)[self.line - 1 : self.end_line]
        joined = "".join(lines)
        cut = len(joined) - len(lines[-1]) + self.end
        return joined[self.start : cut]

    def describe(self, text: str) -> str:
        old = " ".join(self.old(text).split())
        return (
            f"{self.path}:{self.line}:{self.start + 1}: {old} -> {' '.join(self.new.split())} ({self.kind})"
        )


OPS = ("compare", "plus1", "minus1", "clause", "minmax", "ends")
"""The mutation operators, by name; a mutant's `kind` says which made it."""
FIRST_OPS = ("compare", "plus1")
"""The operators of the 2026-12-01 runs (RESULTS.md): their samples are drawn from these alone."""
_KIND_OP = {
    "rule number": "plus1",
    "constant": "plus1",
    "comparison": "compare",
    "rule number - 1": "minus1",
    "constant - 1": "minus1",
    "clause deleted": "clause",
    "min <-> max": "minmax",
    "first <-> last": "ends",
}


def op_of(m: Mutant) -> str:
    return _KIND_OP[m.kind]


def data_mutants(path: str) -> list[Mutant]:
    out = []
    for number, row in enumerate((ROOT / path).read_text().splitlines(), 1):
        m = _KEY_INT.match(row)
        if m:
            start, n = m.start(2), int(m.group(2))
            out.append(Mutant(path, number, start, m.end(2), str(n + 1), "rule number"))
            out.append(Mutant(path, number, start, m.end(2), str(n - 1), "rule number - 1"))
    return out


_NOT_RULES = ("invariant", "view", "hint", "describe", "label", "prompt", "_bounds", "__repr__")
"""Functions that check, show or advise rather than rule: their mutants say nothing about the rules' tests."""


def _skipped_lines(source: str, skip: tuple[str, ...] = ()) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if node.name in skip or (
            not isinstance(node, ast.ClassDef) and any(w in node.name for w in _NOT_RULES)
        ):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def _token_mutants(path: str, source: str, skipped: set[int]) -> list[Mutant]:
    """The operators that change one token: comparisons, small numbers (+1 and -1), min/max."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        (row, col), (_, end) = tok.start, tok.end
        if row in skipped:
            continue
        if tok.type == tokenize.OP and tok.string in _SWAP:
            out.append(Mutant(path, row, col, end, _SWAP[tok.string], "comparison"))
        elif tok.type == tokenize.NUMBER and tok.string.isdigit() and int(tok.string) <= 20:
            out.append(Mutant(path, row, col, end, str(int(tok.string) + 1), "constant"))
            out.append(Mutant(path, row, col, end, str(int(tok.string) - 1), "constant - 1"))
        elif tok.type == tokenize.NAME and tok.string in ("min", "max"):
            out.append(Mutant(path, row, col, end, "max" if tok.string == "min" else "min", "min <-> max"))
    return out


def _col(lines: list[str], line: int, offset: int) -> int:
    """A column in characters from the syntax tree's column in UTF-8 bytes (they differ past a non-ASCII one)."""
    return len(lines[line - 1].encode()[:offset].decode())


def _span(lines: list[str], node: ast.expr, new: str, kind: str, path: str) -> Mutant:
    end_line = node.end_lineno or node.lineno
    start, end = _col(lines, node.lineno, node.col_offset), _col(lines, end_line, node.end_col_offset or 0)
    return Mutant(path, node.lineno, start, end, new, kind, end_line)


def _is_index(node: ast.expr, value: int) -> bool:
    """`node` is the literal index `value` (0, or -1 written as a unary minus)."""
    if value < 0:
        return (
            isinstance(node, ast.UnaryOp)
            and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant)
            and node.operand.value == -value
        )
    return isinstance(node, ast.Constant) and node.value == value and not isinstance(node.value, bool)


def _tree_mutants(path: str, source: str, skipped: set[int]) -> list[Mutant]:
    """The operators that need the syntax tree: a clause of `and`/`or` deleted, first <-> last element."""
    out = []
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if not hasattr(node, "lineno") or node.lineno in skipped:
            continue
        if isinstance(node, ast.BoolOp):
            word = " and " if isinstance(node.op, ast.And) else " or "
            parts = [ast.get_source_segment(source, v) or "" for v in node.values]
            for i in range(len(parts)):
                rest = word.join(p for j, p in enumerate(parts) if j != i)
                out.append(_span(lines, node, f"({rest})", "clause deleted", path))
        elif isinstance(node, ast.Subscript) and (_is_index(node.slice, 0) or _is_index(node.slice, -1)):
            new = "-1" if _is_index(node.slice, 0) else "0"
            out.append(_span(lines, node.slice, new, "first <-> last", path))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "pop"
            and not node.keywords
        ):
            if not node.args:  # x.pop() -> x.pop(0): the first element, not the last
                end_line = node.end_lineno or node.lineno
                at = _col(lines, end_line, node.end_col_offset or 1) - 1
                out.append(Mutant(path, end_line, at, at, "0", "first <-> last"))
            elif len(node.args) == 1 and _is_index(node.args[0], 0):
                out.append(_span(lines, node.args[0], "", "first <-> last", path))
    return sorted(out, key=lambda m: (m.line, m.start, m.kind, m.new))


def code_mutants(path: str) -> list[Mutant]:
    source = (ROOT / path).read_text()
    skipped = _skipped_lines(source, SKIP.get(path, ()))
    return _token_mutants(path, source, skipped) + _tree_mutants(path, source, skipped)


def population(name: str, ops: tuple[str, ...] = OPS) -> list[Mutant]:
    """The engine's mutants made by these operators, in file order (data files first)."""
    data, code, _ = ENGINES[name]
    every = [m for f in data for m in data_mutants(f)] + [m for f in code for m in code_mutants(f)]
    return [m for m in every if op_of(m) in ops]


def sample_of(name: str, size: int, seed: int, ops: tuple[str, ...] = OPS) -> list[Mutant]:
    """The engine's sample: the same seed, engine, operators and files give the same mutants in the same order
    (with FIRST_OPS, the very sample of the 2026-12-01 runs, the files being the same)."""
    mutants = population(name, ops)
    return random.Random(f"{seed}:{name}").sample(mutants, min(size, len(mutants)))


def test_files(paths: list[str]) -> list[str]:
    """The test files under `paths` (folders, files or globs), in name order with SLOW_LAST at the end."""
    out: list[str] = []
    for p in paths:
        found = (
            sorted(ROOT.glob(p))
            if "*" in p
            else sorted((ROOT / p).glob("test_*.py"))
            if (ROOT / p).is_dir()
            else [ROOT / p]
        )
        out += [str(f.relative_to(ROOT)) for f in sorted(found, key=lambda f: (f.name in SLOW_LAST, f.name))]
    return out


_ONE_PROCESS = ("-n", "0") if "-n " in (ROOT / "pyproject.toml").read_text() else ("-p", "no:xdist")
"""One mutant, one process: the project turns xdist on in its addopts (`-n auto`), so `-n 0` turns it off."""


def _pytest(copy: Path, tests: list[str], timeout: float) -> bool:
    """True when the tests pass (the mutant survived); a run past the time limit counts as killed."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *_ONE_PROCESS, *tests],
            cwd=copy,
            env={"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"},
            capture_output=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return False  # a mutant that makes a game run for ever is caught by the time limit
    return done.returncode == 0


def run_engine(name: str, chosen: list[tuple[int, Mutant]], copy: Path) -> tuple[int, list[str]]:
    """Run each (index, mutant); the killed count and the survivors, described with their index."""
    tests = test_files(ENGINES[name][2])
    t0 = time.time()
    if not _pytest(copy, tests, 3600):
        raise SystemExit(f"{name}: the unmutated tests fail; fix them first")
    limit = max(120.0, 5 * (time.time() - t0))
    killed, survivors = 0, []
    for index, mutant in chosen:
        target = copy / mutant.path
        original = target.read_text()
        target.write_text(mutant.apply(original))
        try:
            survived = _pytest(copy, tests, limit)
        finally:
            target.write_text(original)
        if survived:
            survivors.append(f"#{index} {mutant.describe(original)}")
        else:
            killed += 1
        print(f"  #{index} {'survived' if survived else 'killed'}", file=sys.stderr, flush=True)
    return killed, survivors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engines", nargs="*", help=f"engines to run (default: all): {', '.join(ENGINES)}")
    parser.add_argument("--sample", type=int, default=60, help="mutants drawn per engine (default 60)")
    parser.add_argument("--seed", type=int, default=2026, help="the sample's seed (default 2026)")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        help="run only these indexes of the sample: 3,17 (every engine) or final-girl:3,17; may repeat",
    )
    parser.add_argument(
        "--ops",
        default=",".join(OPS),
        help=f"the operators, comma-separated (default all: {','.join(OPS)}; the first runs': compare,plus1)",
    )
    parser.add_argument("--list", action="store_true", help="print each engine's population and sample")
    args = parser.parse_args()
    ops = tuple(o for o in args.ops.split(",") if o)
    if bad := [o for o in ops if o not in OPS]:
        parser.error(f"unknown operators: {', '.join(bad)}")
    names = args.engines or list(ENGINES)
    if unknown := [n for n in names if n not in ENGINES]:
        parser.error(f"unknown engines: {', '.join(unknown)}")
    only: dict[str, set[int]] = {}
    for spec in args.only:
        engine, _, indexes = spec.rpartition(":")
        for name in [engine] if engine else names:
            only.setdefault(name, set()).update(int(i) for i in indexes.split(",") if i)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "tree"
        if not args.list:
            shutil.copytree(
                ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info")
            )
        for name in names:
            chosen = [
                (i, m)
                for i, m in enumerate(sample_of(name, args.sample, args.seed, ops))
                if name not in only or i in only[name]
            ]
            if args.list:
                print(
                    f"{name}: population {len(population(name, ops))}, sample {len(chosen)} (seed {args.seed}, "
                    f"operators {','.join(ops)})"
                )
                for i, m in chosen:
                    print(f"  #{i} {m.describe((ROOT / m.path).read_text())}")
                continue
            t0 = time.time()
            killed, survivors = run_engine(name, chosen, copy)
            total = len(chosen)
            print(
                f"{name}: {killed} of {total} mutants killed ({killed / total:.0%}), seed {args.seed}, "
                f"operators {','.join(ops)}, {time.time() - t0:.0f} s"
            )
            for line in survivors:
                print(f"  survived: {line}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
