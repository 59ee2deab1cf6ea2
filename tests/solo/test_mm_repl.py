"""Mixtape Massacre in the REPL: a whole game played by typing numbers, the map and the odds on screen."""

from __future__ import annotations

from repl_harness import Session

from engines.core.contract import resolve_options
from engines.mixtape.directors_cut.rules_data import BOARD
from engines.registry import get
from solo.games import ui_for
from solo.run import Run

GAME = get("mixtape-massacre")
UI = ui_for("mixtape-massacre")


def new_run(seed: int, **options: str) -> Run:
    return Run(GAME, seed, resolve_options(GAME, options), "slasher1")


def test_a_whole_game_to_its_end_by_typing_numbers(tmp_path):
    s = Session(tmp_path, run=new_run(3, rivals="1", goal="5")).lines(*["1"] * 400)
    assert s.run.outcome() is not None
    assert "The run is over" in s.out and "Traceback" not in s.out
    assert s.code == 0


def test_the_map_and_standings_show_the_town(tmp_path):
    s = Session(tmp_path, run=new_run(5)).lines("1", "map", "status")
    assert "Johnson's Farm" in s.out and "Hero Meter" in s.out
    assert "Traceback" not in s.out


def test_move_choices_list_locations_first_and_take_a_name():
    run = new_run(11)
    policy = GAME.policies["heuristic"]
    for _ in range(400):
        d = run.decision()
        if d is None:
            break
        if d.kind == "move" and d.seat == "slasher1":
            labels = [o.label for o in d.options]
            assert all("step" in label for label in labels)
            locs = [o for o in d.options if o.key[3:] in GAME_LOCATIONS]
            if locs:
                assert d.options[0] == locs[0]
                name = locs[0].key[3:]
                assert UI.parse(name, d) == locs[0].key
            return
        run.choose(policy(run.view(), d, None))
    raise AssertionError("the person never had to move")


GAME_LOCATIONS = {
    "farm",
    "power",
    "school",
    "radio",
    "rec",
    "police",
    "hospital",
    "gas",
    "square",
    "comics",
    "well",
    "video",
}


def test_odds_are_exact_for_a_pending_roll():
    state, _ = GAME.setup(0, {})
    while state.phase in ("start_point", "lock"):
        GAME.apply(state, GAME.decision(state).options[0].key)
    for held in state.markers.values():
        state.bank.extend(held)
        held.clear()
    state.markers["farm"].append(next(t for t in state.bank if t.startswith("s")))
    state.bank.remove(state.markers["farm"][0])
    state.current, state.phase = 0, "turn"
    state.slashers[0].at = "farm"
    state.supplies.draw_pile.remove("drill.1")
    state.slashers[0].supply, state.slashers[0].trackers = "drill.1", 3
    state.scenes.draw_pile.remove("k11")
    state.scenes.draw_pile.append("k11")
    GAME.apply(state, "scene")
    tables = UI.odds(state)
    assert tables is not None
    _title, _head, rows, _note = tables[0]
    assert [r[0] for r in rows] == ["spend 0", "spend 1", "spend 2", "spend 3"]
    # bare: 7/27 with two knives or more + 1/27 triple pentagrams = 30%; with 3 tokens only triple fists (a
    # redraw, not a kill) fall short: 26/27 = 96%
    assert rows[0][1] == "30%" and rows[3][1] == "96%"
    assert rows[2][2] == "2"
    assert UI.odds(state, "spend:1")[0][2][0][0] == "spend 1"


def test_the_person_picks_a_slasher_and_starting_points_read_as_places(tmp_path):
    s = Session(tmp_path, run=new_run(2, slasher="jingles")).lines("status")
    assert "Jingles (you)" in s.out and "Traceback" not in s.out
    d = s.run.decision()
    assert d.kind == "start" and all("starting point" in o.label and " of " in o.label for o in d.options)


def test_the_brawl_target_choice_has_help_and_takes_a_name():
    from engines.core.contract import Decision, Option

    d = Decision("slasher1", "target", "Whom?", (Option("brawl:slasher2", "Thorne", aliases=("thorne",)),))
    assert "brawl" in UI.example(d)


def test_the_map_fits_its_card_and_no_sign_reads_as_an_entrance_letter():
    run = new_run(4)
    while run.decision() is not None and run.decision().kind in ("start", "lock"):
        run.choose(run.decision().options[0].key)
    (_, town), _locations = UI.cards(run.view(), plain=False)
    rows = town.split("\n\n")[0].split("\n")
    assert all(len(row) <= 26 for row in rows)  # a 30-column card with its border and padding
    taken = {x.at for x in run.view().slashers}
    for sid, kind in BOARD.kind.items():
        col, row = BOARD.cell[sid]
        if sid in taken:
            continue
        if kind == "start":
            assert rows[row][col] == "S"  # never K, which is The Wishing Well's entrance with a victim
        if kind == "bonus":
            assert rows[row][col] == "*"  # never B, which is Sucko Power Plant's entrance with a victim
