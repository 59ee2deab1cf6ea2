"""Escape From Tall Oaks in the REPL: a whole game played by typing numbers, the map, the standings, the odds."""

from __future__ import annotations

from repl_harness import Session

from engines.core.contract import resolve_options
from engines.registry import get
from solo.games import ui_for
from solo.run import Run

GAME = get("escape-from-tall-oaks")
UI = ui_for("escape-from-tall-oaks")


def new_run(seed: int, **options: str) -> Run:
    return Run(GAME, seed, resolve_options(GAME, options), "survivor1")


def test_a_whole_game_to_its_end_by_typing_numbers(tmp_path):
    s = Session(tmp_path, run=new_run(3, rivals="1")).lines(*["1"] * 3000)
    assert s.run.outcome() is not None
    assert "The run is over" in s.out and "Traceback" not in s.out
    assert s.code == 0


def test_the_map_and_standings_show_the_town(tmp_path):
    s = Session(tmp_path, run=new_run(5)).lines("1", "map", "status")
    assert "Johnson's Farm" in s.out and "Task" in s.out and "meter" in s.out
    assert "Traceback" not in s.out


def test_a_location_name_is_move_shorthand_and_odds_appear_for_a_pending_roll():
    run = new_run(11)
    policy = GAME.policies["heuristic"]
    moved = odds = False
    for _ in range(3000):
        d = run.decision()
        if d is None:
            break
        if d.seat == "survivor1" and d.kind == "move" and not moved:
            locs = [o for o in d.options if o.key[3:] in GAME_LOCATIONS]
            if locs:
                assert UI.parse(locs[0].key[3:], d) == locs[0].key
                moved = True
        if d.kind == "spend" and not odds:
            tables = UI.odds(run.state)
            assert tables and len(tables[0][2]) == len(d.options)
            odds = True
        if moved and odds:
            return
        run.choose(policy(GAME.view(run.state, d.seat), d, None))
    raise AssertionError(f"moved={moved} odds={odds}")


GAME_LOCATIONS = {
    "farm",
    "power",
    "radio",
    "church",
    "rec",
    "police",
    "gas",
    "asylum",
    "school",
    "hospital",
    "square",
}


def test_the_chosen_survivor_and_abilities_show_in_the_standings(tmp_path):
    s = Session(tmp_path, run=new_run(5, survivor="christine")).lines("1", "status")
    assert "Christine (you)" in s.out and "without a weapon" in s.out
    assert "Traceback" not in s.out


def test_scuffle_odds_appear_when_a_scuffle_is_offered():
    for seed in range(40):
        run = new_run(seed)
        policy = GAME.policies["heuristic"]
        for _ in range(3000):
            d = run.decision()
            if d is None:
                break
            if d.kind == "scuffle":
                tables = UI.odds(run.state)
                assert tables and tables[0][0] == "Scuffle odds"
                assert len(tables[0][2]) == len(d.options) - 1  # one row per rival, none for "no"
                return
            run.choose(policy(GAME.view(run.state, d.seat), d, None))
    raise AssertionError("no scuffle offered in 40 games")
