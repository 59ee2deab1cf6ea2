"""Slaughterhouse in the REPL: a whole game typed as numbers, from both seats, with no traceback."""

from __future__ import annotations

import pytest
from repl_harness import Session

from engines.core.contract import resolve_options
from engines.registry import get
from solo.run import Run

GAME = get("slaughterhouse")


@pytest.mark.parametrize("seat", ["trespassers", "sawyer"])
def test_a_whole_game_typed_as_numbers(tmp_path, seat):
    options = resolve_options(GAME, {"trespassers": "1" if seat == "sawyer" else "2"})
    probe = Run(GAME, 11, options, seat)  # how many times will the person be asked, always answering 1?
    asked = 0
    while probe.step_automa() is not None and (d := probe.decision()) is not None:
        probe.choose(d.options[0].key)
        asked += 1
    run = Run(GAME, 11, options, seat)
    s = Session(tmp_path, run=run).lines(*["1"] * (asked + 3))
    assert s.run.outcome() is not None
    assert "Traceback" not in s.out
    assert "The run is over" in s.out


def test_map_status_and_odds_commands(tmp_path):
    run = Run(GAME, 5, resolve_options(GAME, {}), "trespassers")
    s = Session(tmp_path, run=run).lines("map", "status", "odds", "rules dice", "hint", "99")
    assert "Foyer" in s.out and "Traceback" not in s.out
    assert "There is no choice 99" in s.out
