"""A keep file with the right envelope but the wrong shape inside, end to end through the console script.

Run in a subprocess, so an exception that escapes is a traceback on stderr and a wrong exit status, which
these tests see. Every game that keeps something (achievements, a carried-over deck) is covered, and every kind
of damage (half the pairs of the two in the quick breadth: tests/tools/breadth.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engines.core.autoplay import policy_rng
from engines.core.contract import resolve_options
from engines.registry import get, ids
from solo import carry
from solo.run import Run
from tests.tools.breadth import pairs

ROOT = str(Path(__file__).resolve().parents[2])
"""This checkout, so the subprocess runs the code the moves below are worked out with (not whatever is installed)."""
KEEPING = [g for g in ids() if getattr(get(g), "achievements", None) or carry.offered(get(g))]


def junk(game: str, kind: str) -> bytes:
    """A keep file for game whose envelope is right and whose inside is not."""
    head = f'{{"format": "solo-keep", "schema": 1, "game": "{game}", "data": '.encode()
    if kind == "deep":
        return head + b'{"achievements": ' + b"[" * 100_000 + b"]" * 100_000 + b"}}\n"
    inside = {
        "int-for-dict": {"achievements": 5},
        "list-for-dict": {"runs": []},
        "str-for-list": {"carried_from": "x"},
    }
    return head + json.dumps(inside[kind]).encode() + b"}\n"


KINDS = ["int-for-dict", "list-for-dict", "str-for-list", "deep"]


def solo(root: Path, *args: str, typed: list[str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "SOLO_SAVE_DIR"} | {"HOME": str(root), "PYTHONPATH": ROOT}
    return subprocess.run(
        [sys.executable, "-m", "solo", "--save-dir", str(root), "--plain", *args],
        input="".join(line + "\n" for line in typed),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
        env=env,
    )


def moves_to_the_end(game_id: str, seed: int) -> list[str]:
    """The numbers to type for the person's seat so that the run ends (the default policy plays it)."""
    game = get(game_id)
    run = Run(game, seed, resolve_options(game, {}), game.person_seats[0])
    policy = game.policies[game.default_policy]
    typed: list[str] = []
    while True:
        run.step_automa()
        d = run.decision()
        if d is None:
            return typed
        key = policy(game.view(run.state, d.seat), d, policy_rng(run.seed, len(run.keys)))
        typed.append(str(d.keys().index(key) + 1))
        run.choose(key, d)


def placed(root: Path, game: str, kind: str) -> tuple[Path, bytes]:
    path = root / "keep" / f"{game}.json"
    path.parent.mkdir(parents=True)
    content = junk(game, kind)
    path.write_bytes(content)
    return path, content


def naming(text: str, path: Path) -> list[str]:
    return [line for line in text.splitlines() if str(path) in line]


@pytest.mark.parametrize(("game", "kind"), pairs(KEEPING, KINDS))
def test_new_and_achievements_refuse_a_wrong_keep_file_in_one_line(tmp_path, game, kind):
    path, content = placed(tmp_path, game, kind)
    done = solo(tmp_path, "new", game, "--seed", "1", typed=["achievements", "quit"])
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    if carry.offered(get(game)):  # the launch reads the keep file for what earlier runs left
        assert done.returncode == 2
        assert len(done.stderr.strip().splitlines()) == 1
        line = done.stderr.strip()
        assert line.startswith(f"solo: Cannot use {path}: ") and "--fresh" in line
    else:  # the launch never reads it; the achievements command does
        assert done.returncode == 0
        (line,) = naming(done.stdout, path)
        assert line.startswith(f"Cannot use {path}: ")
    assert path.read_bytes() == content
    assert sorted(p.name for p in path.parent.iterdir() if p.suffix != ".lock") == [path.name]  # no backup, no temp left


@pytest.mark.parametrize(("game", "kind"), pairs(KEEPING, ["int-for-dict", "deep"]))
def test_a_run_played_to_its_end_says_what_was_not_kept_and_leaves_the_file(tmp_path, game, kind):
    path, content = placed(tmp_path, game, kind)
    typed = [*moves_to_the_end(game, 1), "achievements", "quit"]
    done = solo(tmp_path, "new", game, "--seed", "1", "--fresh", typed=typed)
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    assert done.returncode == 0 and "The run is over." in done.stdout
    lines = naming(done.stdout, path)
    # the end of the run says once that the file stops its records (the record, achievements, the carry)
    expected = [f"Not added to your record: Cannot use {path}: "]
    expected.append(f"Cannot use {path}: ")  # the achievements command
    assert len(lines) == len(expected)
    assert all(line.startswith(start) for line, start in zip(lines, expected, strict=True))
    assert path.read_bytes() == content
    assert sorted(p.name for p in path.parent.iterdir() if p.suffix != ".lock") == [path.name]


CARRYING = [g for g in ids() if hasattr(get(g), "carry_out")]


@pytest.mark.parametrize("how", ["unknown-card", "sets-an-option"])
@pytest.mark.parametrize("game", CARRYING)
def test_a_carry_that_does_not_fit_stops_the_launch_in_one_line_naming_the_file(tmp_path, game, how):
    option = get(game).options[0]
    options = {"freezer": "no-such-card"} if how == "unknown-card" else {option.name: option.default}
    carried = {"from": "s@t", "options": options}
    content = f'{{"format": "solo-keep", "schema": 1, "game": "{game}", "data": {{"carry": '.encode()
    content += json.dumps(carried).encode() + b"}}\n"
    path = tmp_path / "keep" / f"{game}.json"
    path.parent.mkdir()
    path.write_bytes(content)
    done = solo(tmp_path, "new", game, "--seed", "1", typed=["quit"])
    assert "Traceback" not in done.stderr and done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(f"solo: Cannot use {path}: ") and "--fresh" in line
    assert path.read_bytes() == content
    fresh = solo(tmp_path, "new", game, "--seed", "1", "--fresh", typed=["quit"])
    assert fresh.returncode == 0 and "Traceback" not in fresh.stderr and path.read_bytes() == content
