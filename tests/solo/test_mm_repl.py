"""Mixtape Massacre in the REPL: a whole game played by typing numbers, the map and the odds on screen."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from repl_harness import Session

from engines.core.contract import resolve_options
from engines.mixtape.directors_cut import odds as O
from engines.mixtape.directors_cut.rules_data import BOARD
from engines.registry import get
from solo.games import InputError, pct, ui_for
from solo.games.mixtape_map import INSIDE, STOP_MARKS, grid_rows
from solo.run import Run

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engines" / "mixtape"))  # mm_positions
from mm_positions import give, put_marker, ready, top_scene

GAME = get("mixtape-massacre")
UI = ui_for("mixtape-massacre")


def new_run(seed: int, **options: str) -> Run:
    return Run(GAME, seed, resolve_options(GAME, options), "slasher1")


def test_a_whole_game_to_its_end_by_typing_numbers(tmp_path):
    s = Session(tmp_path, run=new_run(3, rivals="1", goal="5")).lines(*["1"] * 400)
    assert s.run.outcome() is not None
    assert "The run is over" in s.out
    assert s.code == 0


def test_the_map_and_standings_show_the_town(tmp_path):
    s = Session(tmp_path, run=new_run(5)).lines("1", "map", "status")
    assert "Johnson's Farm" in s.out and "Hero Meter" in s.out
    assert len(s.run.keys) >= 1  # the '1' before the map and standings was a move


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
    assert [r[0] for r in rows] == ["spend 0", "spend 1", "spend 2"]  # a third Drill token cannot help k11
    # bare: 7/27 with two knives or more + 1/27 triple pentagrams = 30%; with 2 tokens only triple fists (a
    # redraw, not a kill) fall short: 26/27 = 96%
    assert rows[0][1] == "30%" and rows[2][1] == "96%"
    assert rows[2][2] == "meter 0/4 -> 2/4"  # a Drill token makes one noise
    assert UI.odds(state, "spend:1")[0][2][0][0] == "spend 1"


def test_the_person_picks_a_slasher_and_starting_points_read_as_places(tmp_path):
    s = Session(tmp_path, run=new_run(2, slasher="jingles")).lines("status")
    assert "Jingles (you)" in s.out
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
    rows = grid_rows(run.view())
    assert all(len(row) == len(BOARD.rows[0]) for row in rows)  # one sign a space: the key fits beside it
    taken = {x.at for x in run.view().slashers}
    for sid, kind in BOARD.kind.items():
        col, row = BOARD.cell[sid]
        if sid in taken:
            continue
        if kind == "start":
            assert rows[row][col] == "S"  # never K, which is The Wishing Well's entrance with a victim
        if kind == "bonus":
            assert rows[row][col] == "*"  # never B, which is Sucko Power Plant's entrance with a victim


# -- issue 6: odds before every roll, refusals with reasons, the map beside the stop choice ------------------


def test_spend_odds_count_the_knives_waiting_from_the_legend():
    """+1 knife waiting and a 3-knife card: two Drill tokens leave only triple fists (a redraw) short, 26/27 =
    96%, and a third cannot help (not offered)."""
    state = ready()
    put_marker(state, "farm")
    put_marker(state, "power")
    give(state, 0, "drill.1")
    state.slashers[0].edge = 1
    top_scene(state, "k28")
    GAME.apply(state, "scene")
    (_title, _head, rows, note) = UI.odds(state)[0]
    assert [r[0] for r in rows] == ["spend 0", "spend 1", "spend 2"] and "+1 waiting" in note
    assert rows[2][1] == "96%" and rows[1][1] != "96%"


def test_odds_show_the_scene_ahead_at_the_turn_choice_when_no_supply_would_ask():
    """Bare-handed, the kill rolls at once after the choice: its odds come with the choice that leads to it."""
    state = ready()
    put_marker(state, "farm")
    d = GAME.decision(state)
    assert d.kind == "turn" and "scene" in d.keys()  # noqa: SIM118 (Decision.keys)
    (_title, head, rows, _note) = UI.odds(state)[0]
    assert head == ["Choice", "Roll", "Bare-handed"]  # no supply: no column for it
    row = next(r for r in rows if r[1] == "Killer Scene")
    assert row[2] == pct(O.scene_chance("linda"))
    assert UI.odds(state, "scene")[0][2] == [row]


def test_scene_odds_weigh_every_card_of_the_deck():
    """A hand count over the cards: attacks by knives needed, defences by fists, The Survivor; Full Moons out."""
    cards = [c for c in R_SCENES() if c.kind != "full_moon"]
    total = 0
    for c in cards:
        if c.kind == "attack":
            total += O.kill_chance(c.knives)
        elif c.kind == "survivor":
            total += O.survivor_chance()
        elif c.fists:
            total += O.defend_chance(c.fists)
    assert O.scene_chance("linda") == total / len(cards)
    assert O.scene_chance("kirk", 3) > O.scene_chance("kirk")


def R_SCENES():
    from engines.mixtape.directors_cut import rules_data as R

    return [R.SCENES[c] for c in R.scene_deck("linda")]


def _at_the_persons_move(seed: int) -> Run:
    run = new_run(seed)
    policy = GAME.policies["heuristic"]
    for _ in range(2000):
        d = run.decision()
        if d.kind == "move" and d.seat == "slasher1":
            return run
        run.choose(policy(run.view(), d, None))
    raise AssertionError("the person never moved")


def test_odds_at_the_stop_choice_give_the_roll_each_stop_leads_to():
    run = _at_the_persons_move(11)
    d = run.decision()
    tables = UI.odds(run.state)
    assert tables is not None
    rows = tables[0][2]
    for row in rows:
        number = int(row[0].split(".")[0])
        key = d.options[number - 1].key
        node = key[3:]
        if node in GAME_LOCATIONS and run.state.markers[node] and not run.state.hero_at:
            assert row[1] in ("Killer Scene",) or row[1].startswith("brawl")
    assert all(r[0][0].isdigit() for r in rows)


def test_typing_a_locked_location_at_the_stop_choice_says_it_is_locked(tmp_path):
    run = _at_the_persons_move(11)
    d = run.decision()
    me = run.state.slashers[0]
    lid = next(
        x
        for x in sorted(GAME_LOCATIONS)
        if f"go:{x}" not in d.keys()  # noqa: SIM118
        and x != me.at
        and not any(f"go:{e}" in d.keys() for e in BOARD.locations[x].entrances)  # noqa: SIM118
    )
    for e in BOARD.locations[lid].entrances:
        run.state.locks[e] = "yellow"
    name = BOARD.locations[lid].name
    s = Session(tmp_path, run=run).lines(lid)
    assert f"{name} is locked" in s.out and "I don't know" not in s.out


def test_typing_a_location_out_of_reach_says_why_not_that_it_is_unknown(tmp_path):
    run = _at_the_persons_move(11)
    d = run.decision()
    me = run.state.slashers[0]
    lid = next(
        x
        for x in sorted(GAME_LOCATIONS)
        if f"go:{x}" not in d.keys()  # noqa: SIM118
        and x != me.at
        and not all(e in run.state.locks for e in BOARD.locations[x].entrances)
    )
    s = Session(tmp_path, run=run).lines(lid)
    assert "out of reach with" in s.out and "I don't know" not in s.out
    with pytest.raises(InputError, match="out of reach"):
        UI.parse(lid, d)


def test_the_map_numbers_the_stops_while_the_person_chooses_one():
    run = _at_the_persons_move(11)
    d = run.decision()
    [(_, town)] = UI.cards(run.view(), plain=False)
    assert "the stops as listed" in town.split("\n\n")[1]
    rows = grid_rows(run.view())
    for i, option in enumerate(d.options[: len(STOP_MARKS)]):
        node = option.key[3:]
        if node in BOARD.locations:
            cells = [rows[int(r)][int(c)] for c, r in (x.split("-") for x in INSIDE[node])]
            assert STOP_MARKS[i] in cells, (i, node)
        else:
            col, row = BOARD.cell[node]
            assert rows[row][col] == STOP_MARKS[i], (i, node)


def test_the_map_is_drawn_on_request_not_between_the_story_and_the_stop_choice(tmp_path):
    """Drawn before the choices it pushed the roll's outcome off an 80x24 screen (issue 14)."""
    run = _at_the_persons_move(11)
    s = Session(tmp_path, run=run, plain=False).lines("look")
    assert "the stops as listed" not in s.out
    s = Session(tmp_path, run=s.run, plain=False).lines("map")
    assert "the stops as listed" in s.out


def test_a_slasher_and_the_hero_inside_a_location_are_on_the_grid():
    state = ready()
    state.slashers[1].at = "well"
    state.hero_at = "video"
    rows = grid_rows(GAME.view(state, "slasher1"))

    def inside(lid: str) -> list[str]:
        return [rows[int(r)][int(c)] for c, r in (x.split("-") for x in INSIDE[lid])]

    assert "&" in inside("well") and "!" in inside("video") and "@" in inside("farm")


# -- issue 15: the brawl opponent answers the roll on the table; the door and redraw choices ----------------


def test_the_brawl_opponents_odds_answer_the_roll_on_the_table():
    """Slasher 2 moves next to the person, who holds a Drill, and rolls two knives: the person's spend odds
    are against those two knives (with three tokens: three knives or more always win)."""
    from mm_positions import LoadedRng, turn_of

    state = ready()
    put_marker(state, "well")
    turn_of(state, 1, "8-0")
    state.slashers[0].at = "5-0"
    give(state, 0, "drill.1")
    state.rng = LoadedRng([1, 1, 0, 0, 2])  # 4 steps onto 4-0; knife, knife, fist
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    d = GAME.decision(state)
    assert d.kind == "spend" and d.seat == "slasher1" and d.prompt.startswith(state.slashers[1].name)
    (_title, head, rows, note) = UI.odds(state)[0]
    assert head == ["Choice", "Win the brawl", "Noise"] and "2 knives just rolled" in note
    assert [r[1] for r in rows] == [pct(O.brawl_answer(2, n)) for n in range(4)]
    assert rows[3][1] == "100%"


def test_the_door_and_redraw_choices_have_help_and_odds():
    from mm_positions import FIST, KNIFE, PENT, LoadedRng, turn_of

    state = ready()
    put_marker(state, "farm")
    state.locks["3-1"] = "yellow"
    state.lock_bank -= 1
    turn_of(state, 0, "3-1")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "unlock")
    d = GAME.decision(state)
    assert d.kind == "door" and "go in" in UI.example(d)
    rows = UI.odds(state)[0][2]
    assert [r[:2] for r in rows] == [["1. go in", "Killer Scene"]]
    GAME.apply(state, "enter")
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k36")
    state.rng = LoadedRng([FIST, FIST, FIST])
    GAME.apply(state, "scene")
    d = GAME.decision(state)
    assert d.kind == "redraw" and "draw another" in UI.example(d)
    row = UI.odds(state)[0][2][0]
    assert row[1] == "Killer Scene" and row[2] == pct(O.scene_chance("linda"))


@pytest.mark.parametrize("plain", [True, False])
def test_the_screens_name_every_space_by_a_landmark_never_by_column_and_row(tmp_path, plain):
    """The move choices, the story, the map's key and legend, look and examine, over a few turns (issue 7)."""
    s = Session(tmp_path, run=new_run(1, rivals="2"), plain=plain)
    s.lines("1", "2", "map", "look", "examine", *["1", "map", "look"] * 6, "log")
    assert not re.search(r"\d+,\d+|road at", s.out), re.search(r".*(\d+,\d+|road at).*", s.out)[0]
    flat = " ".join(s.out.replace("\u2502", " ").split())  # the rich screen's panels and wrapped table cells
    assert "the road 2 steps north-west of WKIL Radio Station (4 steps)" in flat  # the first move's choices
    assert "road 4 SE of Galaxy Comics" in flat  # look: where Patches went, in short
    # the story: the move's line (whichever variant) names where Patches went, by its landmark
    assert re.search(r"Patches [^.]* to the road 4 steps south-east of Galaxy Comics\.", flat)
