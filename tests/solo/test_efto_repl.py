"""Escape From Tall Oaks in the REPL: a whole game played by typing numbers, the map, the standings, the odds."""

from __future__ import annotations

import re

from repl_harness import Session

from engines.core.contract import resolve_options
from engines.mixtape.tall_oaks import finals, movement, rescues, searching
from engines.mixtape.tall_oaks import rules_data as R
from engines.registry import get
from solo.games import ui_for
from solo.run import Run

GAME = get("escape-from-tall-oaks")
UI = ui_for("escape-from-tall-oaks")


def new_run(seed: int, **options: str) -> Run:
    return Run(GAME, seed, resolve_options(GAME, options), "survivor1")


def test_a_whole_game_to_its_end_by_typing_numbers(tmp_path):
    # The seed's game ends after 64 of the person's decisions: 150 lines reach the end and type on past it
    # (each refused in a line; 3,000 spent ten seconds telling the game is over).
    run = new_run(3, rivals="1")
    run = Run(run.game, 3, {**run.options, "deal": "1"}, run.seat)  # the box's cards: a card added later changes
    s = Session(tmp_path, run=run).lines(*["1"] * 150)  # nothing of this game
    assert s.run.outcome() is not None
    assert "The run is over" in s.out and "The game is over, so there is nothing to choose." in s.out
    assert s.code == 0


def test_the_map_and_standings_show_the_town(tmp_path):
    s = Session(tmp_path, run=new_run(5)).lines("1", "map", "status")
    assert "Johnson's Farm" in s.out and "Task" in s.out and "meter" in s.out
    assert len(s.run.keys) >= 1  # the '1' before the map and standings was a move


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


def test_the_chosen_survivor_shows_in_the_standings_and_the_ability_on_examine(tmp_path):
    s = Session(tmp_path, run=new_run(5, survivor="christine")).lines("1", "status", "x christine")
    assert "You: Christine · health 6/6" in s.out and "Special ability: Fights with her fists" in s.out
    assert "without a weapon" in s.out
    assert len(s.run.keys) >= 1


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


def test_the_map_draws_one_character_a_space_with_signs_no_entrance_letter_reads_like():
    run = new_run(5)
    run.choose(run.decision().options[0].key)  # placed: the other starting points are no longer choices
    view = GAME.view(run.state, "survivor1")
    (title, town), = UI.cards(view, plain=False)
    rows, legend = town.split("\n\n")
    grid = [line[:21] for line in rows.split("\n")]
    assert title == "Tall Oaks" and len(grid) == len(R.BOARD.rows)
    drawn = set("".join(grid))
    assert "K" not in drawn and "B" not in drawn and "S" in drawn and "*" in drawn
    assert "S start" in rows and "* Bonus Tracks" in rows and "! Smiley" in legend and "@ you" in legend
    plain = UI.cards(view, plain=True)
    assert not any(re.search(r"\d+,\d+", text) for _, text in plain)
    assert not any(re.search(r"\d+,\d+", str(text)) for _, text in UI.status(view))


# -- the game's own words reach the engine, which says why a choice is not open (issue 7 audit) --------------


def _my_turn(seed: int, at: str) -> Run:
    """A run at the start of the person's turn, standing at `at`."""
    run = new_run(seed)
    while run.decision().kind == "start":
        run.choose(run.decision().options[0].key)
    run.state.current, run.state.phase = 0, "turn"
    run.state.survivors[0].at = at
    return run


def test_turn_words_not_open_now_get_the_engines_reason_not_a_shrug(tmp_path):
    run = _my_turn(3, "school")  # a Scene Marker here, no Task card held, no Traitor card
    before = list(run.keys)
    s = Session(tmp_path, run=run).lines("task", "search", "reveal", "scuffle", "traitor", "take", "heal")
    assert "You do not hold Task #1; Tasks must be completed in order." in s.out
    assert "You can only search an empty location (no Scene Marker)." in s.out
    assert "Nobody turns a Final Scenes card over by choice: it turns over by itself" in s.out
    assert "A scuffle is offered only when you land on, next to, or in the same location as a rival." in s.out
    assert "You hold no Traitor card." in s.out
    assert "Task cards are picked up on entering the Tall Oaks Rec Center." in s.out
    assert "You are at full health." in s.out
    assert "I don't know" not in s.out and s.run.keys == before  # every word refused: nothing was chosen


def test_a_task_at_an_uncleared_location_and_a_full_inventory_are_refused_with_reasons(tmp_path):
    run = _my_turn(4, "power")
    run.state.center.remove(1)
    run.state.survivors[0].tasks = [1]
    s = Session(tmp_path, run=run).lines("task")
    assert "The location is not cleared: rescue the victims here first." in s.out
    run = _my_turn(5, "rec")
    run.state.supplies.draw_pile.remove("knife.1")
    searching.take(run.state.survivors[0], "knife.1")
    movement.arrive(run.state, [])
    assert run.decision().kind == "task"
    s = Session(tmp_path, run=run).lines("take")
    assert "Your inventory is full: drop a supply to take a Task." in s.out and "I don't know" not in s.out


def test_a_location_out_of_reach_is_refused_with_the_move_rule(tmp_path):
    for seed in range(20):
        run = _my_turn(seed, "school")
        run.choose("roll")
        d = run.decision()
        if d is None or d.kind != "move":
            continue
        open_now = set(d.keys())
        far = [lid for lid in sorted(GAME_LOCATIONS) if f"go:{lid}" not in open_now and lid != "school"]
        name = GAME_NAMES[far[0]]
        assert UI.parse(name, d) == f"go:{far[0]}"
        s = Session(tmp_path, run=run).lines(name, "search")
        assert f"You cannot end your move on {name} with {sum(run.state.roll)}" in s.out
        assert "That is for the start of your turn, before the roll." in s.out
        assert "I don't know" not in s.out
        return
    raise AssertionError("no move decision in 20 seeds")


GAME_NAMES = {lid: loc.name for lid, loc in R.BOARD.locations.items()}


def test_the_status_counts_rounds_from_one():
    run = _my_turn(6, "school")
    assert run.state.round == 0  # the state counts completed rounds
    assert "round 1" in str(dict(UI.status(GAME.view(run.state, "survivor1")))["Slasher"])


# -- issue 15: the redraw after Triple Shields, and the Final Scene that waits for five tokens --------------------


def test_the_redraw_after_triple_shields_is_offered_with_its_words(tmp_path):
    run = _my_turn(7, "school")
    run.state.scenes.draw_pile.remove("ks25")
    run.state.card = "ks25"
    rescues.resolve_defend(run.state, "redraw", [])
    d = run.decision()
    assert d.kind == "redraw" and d.seat == "survivor1"
    before = len(run.keys)
    s = Session(tmp_path, run=run).lines("stay")
    assert "Draw another Killer Scenes card here now?" in s.out and "stay, and draw next turn" in s.out
    assert s.run.keys[before] == "redraw:no" and "I don't know" not in s.out


def test_the_standings_say_a_final_scene_waits_for_five_rescue_tokens():
    run = _my_turn(8, "school")
    state = run.state
    state.done, state.center, state.helipad = [True] * 4, [], True
    state.slasher, state.meter = R.LEGEND, R.METER
    me = state.survivors[0]
    me.rescues = [state.bank.pop() for _ in range(5)]
    finals.flip_ready(state, [])
    state.bank.append(me.rescues.pop())
    mine = str(dict(UI.status(GAME.view(state, "survivor1")))["Final Scene"])
    assert f"waiting until {R.RESCUES_NEEDED} rescue tokens are back in hand" in mine
