"""Mutation testing of the rules: change one rule constant or comparison at a time and see whether the game's own
tests notice. A mutant the tests do not kill is a rule number or boundary that no test pins.

Mutants, per engine: every whole number set by a `key = N` line of the game's data files (N+1; these are the
rule numbers, which live in the data), and every comparison operator (< <= > >= == !=, swapped for its
neighbour) and small whole-number literal (N+1) in its rules modules. A fixed-seed sample of them is run, each
on a copy of the tree (the working tree is never touched), against the game's tests, stopping at the first
failure. mutmut and cosmic-ray mutate Python only; most of our rule numbers are in TOML, so this small tool
mutates both.

Run: .venv/bin/python bench/mutation.py [mutants per engine] [engine ...]
"""

from __future__ import annotations

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

ENGINES: dict[str, tuple[list[str], list[str], list[str]]] = {
    # name: (data files, rules modules, test paths)
    "escape-of-the-dead": (
        ["engines/escape_of_the_dead/cards.toml"],
        ["engines/escape_of_the_dead/game.py", "engines/escape_of_the_dead/rules_data.py"],
        ["tests/engines/escape_of_the_dead"],
    ),
    "final-girl": (
        ["engines/final_girl/cards.toml", "engines/final_girl/board.toml"],
        [
            f"engines/final_girl/{m}.py"
            for m in (
                "tracks", "board", "cards", "items", "traps", "victims", "rolling", "playing", "killer",
                "events", "moving", "planning", "turn", "checks",
            )
        ],
        ["tests/engines/final_girl"],
    ),
    "slaughterhouse": (
        ["engines/slaughterhouse/cards.toml"],
        ["engines/slaughterhouse/game.py"],
        ["tests/engines/slaughterhouse"],
    ),
    "mixtape-massacre": (
        ["engines/mixtape/directors_cut/cards.toml", "engines/mixtape/directors_cut/board.toml"],
        [
            "engines/mixtape/directors_cut/abilities.py",
            "engines/mixtape/directors_cut/bonus.py",
            "engines/mixtape/directors_cut/brawls.py",
            "engines/mixtape/directors_cut/flow.py",
            "engines/mixtape/directors_cut/health.py",
            "engines/mixtape/directors_cut/hero.py",
            "engines/mixtape/directors_cut/kills.py",
            "engines/mixtape/directors_cut/locks.py",
            "engines/mixtape/directors_cut/movement.py",
            "engines/mixtape/directors_cut/phases.py",
            "engines/mixtape/directors_cut/scenes.py",
            "engines/mixtape/directors_cut/searching.py",
            "engines/mixtape/directors_cut/spending.py",
            "engines/mixtape/directors_cut/turns.py",
            "engines/mixtape/directors_cut/rules_data.py",
        ],
        ["tests/engines/mixtape"],
    ),
    "escape-from-tall-oaks": (
        ["engines/mixtape/tall_oaks/cards.toml"],
        [
            "engines/mixtape/tall_oaks/bonus.py",
            "engines/mixtape/tall_oaks/checks.py",
            "engines/mixtape/tall_oaks/finals.py",
            "engines/mixtape/tall_oaks/flow.py",
            "engines/mixtape/tall_oaks/health.py",
            "engines/mixtape/tall_oaks/movement.py",
            "engines/mixtape/tall_oaks/phases.py",
            "engines/mixtape/tall_oaks/rescues.py",
            "engines/mixtape/tall_oaks/scenes.py",
            "engines/mixtape/tall_oaks/scuffles.py",
            "engines/mixtape/tall_oaks/searching.py",
            "engines/mixtape/tall_oaks/slasher.py",
            "engines/mixtape/tall_oaks/spending.py",
            "engines/mixtape/tall_oaks/tasks.py",
            "engines/mixtape/tall_oaks/traitor.py",
            "engines/mixtape/tall_oaks/turns.py",
            "engines/mixtape/tall_oaks/rules_data.py",
        ],
        ["tests/engines/mixtape"],
    ),
}

_KEY_INT = re.compile(r"^(\s*[A-Za-z0-9_\-]+\s*=\s*)(-?\d+)(\s*(#.*)?)$")
_SWAP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}


class Mutant:
    def __init__(self, path: str, line: int, start: int, end: int, new: str, kind: str) -> None:
        self.path, self.line, self.start, self.end, self.new, self.kind = path, line, start, end, new, kind

    def apply(self, text: str) -> str:
        lines = text.splitlines(keepends=True)
        row = lines[self.line - 1]
        lines[self.line - 1] = row[: self.start] + self.new + row[self.end :]
        return "".join(lines)

    def describe(self, text: str) -> str:
        row = text.splitlines()[self.line - 1]
        return f"{self.path}:{self.line}: {row[self.start : self.end]} -> {self.new} ({self.kind})"


def data_mutants(path: str) -> list[Mutant]:
    out = []
    for number, row in enumerate((ROOT / path).read_text().splitlines(), 1):
        m = _KEY_INT.match(row)
        if m:
            start = m.start(2)
            out.append(Mutant(path, number, start, m.end(2), str(int(m.group(2)) + 1), "rule number"))
    return out


_NOT_RULES = ("invariant", "view", "hint", "describe", "label", "prompt", "_bounds", "__repr__")
"""Functions that check, show or advise rather than rule: their mutants say nothing about the rules' tests."""


def _skipped_lines(source: str) -> set[int]:
    import ast

    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(w in node.name for w in _NOT_RULES):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def code_mutants(path: str) -> list[Mutant]:
    out = []
    source = (ROOT / path).read_text()
    skipped = _skipped_lines(source)
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        (row, col), (_, end) = tok.start, tok.end
        if row in skipped:
            continue
        if tok.type == tokenize.OP and tok.string in _SWAP:
            out.append(Mutant(path, row, col, end, _SWAP[tok.string], "comparison"))
        elif tok.type == tokenize.NUMBER and tok.string.isdigit() and int(tok.string) <= 20:
            out.append(Mutant(path, row, col, end, str(int(tok.string) + 1), "constant"))
    return out


def run_engine(name: str, sample: int, rng: random.Random, copy: Path) -> tuple[int, int, list[str]]:
    data, code, tests = ENGINES[name]
    mutants = [m for f in data for m in data_mutants(f)] + [m for f in code for m in code_mutants(f)]
    chosen = rng.sample(mutants, min(sample, len(mutants)))
    killed, survivors = 0, []
    for mutant in chosen:
        target = copy / mutant.path
        original = target.read_text()
        target.write_text(mutant.apply(original))
        try:
            done = subprocess.run(
                [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                cwd=copy,
                env={"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"},
                capture_output=True,
                timeout=600,
            )
            dead = done.returncode != 0
        except subprocess.TimeoutExpired:
            dead = True  # a mutant that makes a game run for ever is caught by the time limit
        finally:
            target.write_text(original)
        if dead:
            killed += 1
        else:
            survivors.append(mutant.describe(original))
    return killed, len(chosen), survivors


def main() -> None:
    sample = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    names = sys.argv[2:] or list(ENGINES)
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "tree"
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info"))
        for name in names:
            t0 = time.time()
            killed, total, survivors = run_engine(name, sample, rng, copy)
            print(f"{name}: {killed} of {total} mutants killed ({killed / total:.0%}), {time.time() - t0:.0f} s")
            for line in survivors:
                print(f"  survived: {line}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
