"""bench/kept_compare.py: two codes' kept results of one run, side by side (a faster engine must play the same)."""

from __future__ import annotations

import json
import sys

import pytest


@pytest.fixture
def compare(bench_script):
    return bench_script("kept_compare")


def _row(code: str, key: list, result: object) -> str:
    return json.dumps({"code": code, "sitting": 0.0, "at": 1.0, "key": json.dumps(key), "result": result})


def test_games_played_alike_and_otherwise_are_told_apart_with_each_codes_cpu(compare, tmp_path):
    levels = ["play", ["slaughterhouse", 0, {"sawyer": "hard", "trespassers": "normal"}, {}]]
    other_seed = ["play", ["slaughterhouse", 1, {"sawyer": "hard", "trespassers": "normal"}, {}]]
    calibration = ["calibrate_game", ["final-girl", "final_girl", 40000, False]]
    record = [{"options": [["end", 8, 4]], "chosen": "end", "won": True}]
    kept = tmp_path / "run.jsonl"
    kept.write_text(
        "\n".join(
            [
                _row("old", levels, [["sawyer"], [2.0, 4.0]]),
                _row("old", other_seed, [["sawyer"], [3.0]]),
                _row("old", calibration, [record, [1.0, 1.0], []]),
                _row("new", levels, [["sawyer"], [1.0, 2.0]]),  # the same game, in half the time
                _row("new", other_seed, [["trespassers"], [1.5]]),  # another winner: not the same
                _row("new", calibration, [record, [0.5, 0.5], []]),
                '{"code": "new", "cut sh',
            ]
        )
    )
    codes = compare.load(kept)
    assert sorted(codes) == ["new", "old"]
    assert compare.differing(codes["old"], codes["new"]) == [json.dumps(other_seed)]
    rows = compare.table(codes["old"], codes["new"])
    assert "| final-girl: calibration | 1 / 1 | 1 / 0 | hint: 2 / 2 | 1.00 / 1.00 s | 0.50 / 0.50 s |" in rows
    sawyer = next(r for r in rows if r.startswith("| slaughterhouse: sawyer hard, trespassers normal"))
    assert "| 2 / 2 | 1 / 1 | hard: 3 / 3 | 3.00 / " in sawyer and "| 1.50 / " in sawyer


def test_a_code_the_file_does_not_hold_is_named(compare, tmp_path, monkeypatch, capsys):
    kept = tmp_path / "run.jsonl"
    kept.write_text(_row("old", ["play", ["slaughterhouse", 0, {}, {}]], [[], []]) + "\n")
    monkeypatch.setattr(sys, "argv", ["kept_compare.py", str(kept), "old", "missing"])
    with pytest.raises(SystemExit) as stop:
        compare.main()
    assert stop.value.code == 1
    assert "no results of the code missing (it holds: old)" in capsys.readouterr().err
