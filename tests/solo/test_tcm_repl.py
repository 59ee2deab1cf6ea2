"""Slaughterhouse in the REPL: a whole game typed as numbers, from both seats, with no traceback."""

from __future__ import annotations

import msgspec
import pytest
from repl_harness import Session

from engines.core.contract import resolve_options
from engines.core.race import Race
from engines.registry import get
from saves.record import Record
from solo.run import Run

GAME = get("slaughterhouse")


@pytest.mark.parametrize(
    ("seat", "scenario"),
    [("trespassers", "a"), ("sawyer", "a"), ("trespassers", "c"), ("sawyer", "b"), ("trespassers", "e")],
)
def test_a_whole_game_typed_as_numbers(tmp_path, seat, scenario):
    options = resolve_options(GAME, {"trespassers": "1" if seat == "sawyer" else "2", "scenario": scenario})
    probe = Run(GAME, 11, options, seat)  # how many times will the person be asked, always answering 1?
    asked = 0
    while probe.step_automa() is not None and (d := probe.decision()) is not None:
        probe.choose(d.options[0].key)
        asked += 1
    run = Run(GAME, 11, options, seat)
    s = Session(tmp_path, run=run).lines(*["1"] * (asked + 3))
    assert s.run.outcome() is not None and s.code == 0
    assert "The run is over" in s.out


def test_map_status_and_odds_commands(tmp_path, monkeypatch):
    monkeypatch.setattr("solo.advice.RACE", Race(first=2, most=4))  # the hint answers; its figures: test_hint_search
    run = Run(GAME, 5, resolve_options(GAME, {}), "trespassers")
    run.step_automa()
    before = list(run.keys)
    s = Session(tmp_path, run=run).lines("map", "status", "odds", "rules dice", "hint", "99")
    assert "Foyer" in s.out and "Panic Meter" in s.out and "-- Bone dice --" in s.out
    said = " ".join(s.out.split())  # the search's figures, their levels said
    assert "No roll is pending" in s.out and "Hint: " in s.out and "ranges are 95%, differences' 99%" in said
    assert "There is no choice 99" in s.out and s.run.keys == before  # none of it was a move


def test_a_scenario_run_saves_loads_and_continues(tmp_path):
    run = Run(GAME, 7, resolve_options(GAME, {"scenario": "d"}), "trespassers")
    s = Session(tmp_path, run=run).lines("1", "1", "1", "status", "map")
    assert "photos" in s.out and "Photo token" in s.out and len(s.run.keys) >= 3
    record = msgspec.json.decode(msgspec.json.encode(run.to_record()), type=Record)
    again = Run.from_record(record)
    assert again.state == run.state and again.options["scenario"] == "d"
    for _ in range(40):
        if run.step_automa() is None or (d := run.decision()) is None:
            break
        run.choose(d.options[0].key)
        again.step_automa()
        again.choose(d.options[0].key)
    assert again.state == run.state


def test_freezer_and_unlocked_options_carry_into_a_run():
    deck = GAME.carry_out(_finished())["freezer"]
    run = Run(
        GAME, 3, {"scenario": "b", "trespassers": "2", "freezer": deck, "unlocked": "dig_deep"}, "sawyer"
    )
    assert "desp/dig_deep" in run.state.desperation_deck
    record = msgspec.json.decode(msgspec.json.encode(run.to_record()), type=Record)
    assert Run.from_record(record).state == run.state


def _finished():
    from engines.core.autoplay import play

    return play(GAME, 2, "heuristic").state
