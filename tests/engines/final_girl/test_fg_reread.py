"""Final Girl: rules fixed or settled by issue 15 (independent play, then a second line-by-line read of the
rulebook). Each test names the RULES.md row it pins."""

from __future__ import annotations

import copy

import pytest
from fg_positions import add_victim, at_the_forklift, clear_board, draw_terror, fresh, hand_of, kinds, run_ops

from engines.core.autoplay import play
from engines.final_girl import GAME
from engines.final_girl import data as D
from engines.final_girl.board import fg_trap, victims_at
from engines.final_girl.machine import PHASE_OPS
from engines.final_girl.state import State
from engines.final_girl.traps import complete_trap, set_trap
from engines.final_girl.victims import panic_all, pit_dice_options
from tests.tools.breadth import breadth


def legal(s: State) -> list[str]:
    return [o.key for o in GAME.decision(s).options]


def _trap(s: State, card: str, v) -> object:
    """A Victim Death Trap of this card on this Victim, where it stands."""
    if card in s.victim_trap_deck:
        s.victim_trap_deck.remove(card)
    set_trap(s, card, str(v.id), v.space, [])
    v.trapped = True
    return s.traps[-1]


def _trap_her(s: State, card: str) -> object:
    """This Final Girl Death Trap on her, where she stands."""
    s.fg_trap_deck.remove(card)
    set_trap(s, card, "fg", s.fg_space, [])
    return s.traps[-1]


# -- S10: the opening Event is resolved before turn 1 --------------------------------------------------------


def _opening(monkeypatch: pytest.MonkeyPatch, event: str, seed: int = 0):
    """The opening of a game whose Event deck has `event` on top (whatever the seed deals)."""
    from engines.final_girl import dealing

    deal = dealing.deal

    def on_top(state: State, *args) -> None:
        deal(state, *args)
        state.event_deck.remove(event)
        state.event_deck.append(event)

    monkeypatch.setattr(dealing, "deal", on_top)
    state, events = GAME.setup(seed, {})
    return state, events, [e for e in events if e.turn == 0]


def _placed(s: State) -> int:
    """The Victims the Setup card puts on the board."""
    return sum(D.SETUPS[s.setup_card]["victims"].values())


def test_s10_tumbling_boxes_drawn_first_raises_horror_by_two_before_turn_one(monkeypatch):
    s, _, opening = _opening(monkeypatch, "tumbling_boxes")
    assert [e["event"] for e in opening if e.kind == "event_drawn"] == ["tumbling_boxes"]
    assert s.horror == 5 + 2  # from The Tormentor's starting 5
    assert [e["horror"] for e in opening if e.kind == "horror_changed"] == [6, 7]


def test_s10_trucks_are_here_drawn_first_puts_three_victims_on_the_loading_dock(monkeypatch):
    s, _, opening = _opening(monkeypatch, "trucks")
    assert [e["event"] for e in opening if e.kind == "event_drawn"] == ["trucks"]
    assert len(victims_at(s, "dock")) == D.SETUPS[s.setup_card]["victims"].get("dock", 0) + 3
    assert s.supply == 21 - _placed(s) - 1 - 3  # the Setup card's, the trapped one, the three off the trucks


@pytest.mark.parametrize("seed", range(6))
def test_s10_the_supervisor_drawn_first_is_on_the_board_with_two_more_victims(monkeypatch, seed):
    s, _, _ = _opening(monkeypatch, "supervisor", seed)
    assert "supervisor" in s.events_active
    boss = [v for v in s.victims if v.special == "supervisor"]
    assert len(boss) == 1 and boss[0].space == "cage"
    setup_cage = D.SETUPS[s.setup_card]["victims"].get("cage", 0)
    trapped_there = int(s.killer_start == "cage")  # the Tormentor's opening Victim, where she would start
    assert len(victims_at(s, "cage")) == setup_cage + trapped_there + 1 + 2


def test_s10_scatter_and_help_on_the_racks_move_victims_before_turn_one(monkeypatch):
    _, _, opening = _opening(monkeypatch, "scatter")
    assert "victim_panics" in kinds(opening)
    monkeypatch.undo()
    _, _, opening = _opening(monkeypatch, "help_on_racks")
    assert [e["dst"] for e in opening if e.kind == "victim_moved"] and all(
        e["dst"] in D.RACKS for e in opening if e.kind == "victim_moved"
    )


def test_s10_nothing_is_left_queued_beneath_the_turn_loop_after_setup():
    for seed in range(40):
        s, _ = GAME.setup(seed, {})
        assert s.turn == 1
        assert [op["op"] for op in s.stack if op["op"] not in PHASE_OPS and op["op"] != "hub"] == [], seed


# -- V2b: a rescue's move is a movement effect ---------------------------------------------------------------


def _rescue_with_move_next(girl: str = "mandy") -> State:
    """She stands on the open Main Entrance with a free Victim; her next Saved slot gives 'move'."""
    s = clear_board(fresh(0, girl=girl))
    s.fg_space = "entrance"
    s.locked.remove("entrance")
    s.slots = D.GIRLS[girl]["slots"].index("move")
    add_victim(s, "entrance")
    s.ask = {"kind": "action"}
    return s


def test_v2b_a_trapped_final_girl_does_not_walk_away_on_a_rescues_move():
    s = _rescue_with_move_next()
    trap = _trap_her(s, "electric_cage")  # first task: 2 Time, no move
    events = GAME.apply(s, "save")
    assert s.saved == 1 and s.fg_space == "entrance" and trap in s.traps and trap.space == "entrance"
    assert s.ask.get("kind") == "action"  # no "where do you go?"
    assert "reward_lost" in kinds(events)


def test_v2b_a_trapped_final_girl_puts_a_rescues_move_toward_her_move_task():
    s = _rescue_with_move_next()
    trap = _trap_her(s, "sealed_box")  # first task: move 1
    GAME.apply(s, "save")
    assert trap.task == 1 and s.fg_space == "entrance" and s.ask.get("kind") == "action"


def test_v2b_a_free_final_girl_may_put_a_rescues_move_toward_a_victims_move_task_here():
    s = _rescue_with_move_next()
    held = add_victim(s, "entrance")
    trap = _trap(s, "swinging_blades", held)  # first task: move 1
    s.victims.sort(key=lambda v: v.trapped)  # the free one is rescued
    GAME.apply(s, "save")
    assert s.ask["kind"] == "move" and f"trap:{trap.id}" in legal(s) and "stop" in legal(s)
    GAME.apply(s, f"trap:{trap.id}")
    assert trap.task == 1 and s.fg_space == "entrance"


def test_v2b_a_walk_or_sprint_move_offers_no_escape_task_step():
    s = clear_board(fresh())
    v = add_victim(s, s.fg_space)
    trap = _trap(s, "swinging_blades", v)
    run_ops(s, {"op": "line", "line": {"move": 2}})  # a card's move: its task option is chosen when played
    assert s.ask["kind"] == "move" and f"trap:{trap.id}" not in legal(s)


# -- X3: no last turn -----------------------------------------------------------------------------------------


def test_x3_there_is_no_last_turn():
    s = fresh()
    s.ask, s.turn = {}, 40
    events = run_ops(s, {"op": "turn"})
    assert s.result == "" and s.turn == 41 and "game_lost" not in kinds(events)


@pytest.mark.parametrize("mode", ["normal", "extreme"])
def test_x3_the_shipped_policies_finish_every_game_of_the_tests_seeds(mode):
    """30 seeds a policy under the quick breadth, 60 under the full one."""
    for policy in ("random", "heuristic"):
        for seed in range(breadth(30, 60)):
            played = play(GAME, seed, policy, {"mode": mode}, max_decisions=20_000)
            assert played.finished and played.state.result in ("won", "lost"), (policy, seed)


# -- V5c: the Supervisor's group in The Pit -------------------------------------------------------------------


def _group_in_the_pit(ties: str) -> State:
    s = clear_board(fresh(0, ties=ties))
    add_victim(s, D.PIT, special="supervisor")
    add_victim(s, D.PIT)
    return s


def _pit_panic(s: State) -> list:
    events: list = []
    panic_all(s, victims_at(s, D.PIT), events)
    return events


def test_v5c_asked_the_person_chooses_one_die_or_two_for_the_supervisors_group_in_the_pit():
    s = _group_in_the_pit("ask")
    assert _pit_panic(s) == [] and s.ask["kind"] == "pit_dice"
    assert legal(s) == ["pit:1", "pit:2"]
    events = GAME.apply(s, "pit:1")
    group = [e for e in events if e.kind == "group_panics"]
    assert len(group) == 1 and len(group[0]["dice"]) == 1
    assert group[0]["dst"] == D.SPACES[D.PIT]["panic"][group[0]["dice"][0] - 1]
    s = _group_in_the_pit("ask")
    _pit_panic(s)
    events = GAME.apply(s, "pit:2")
    assert len(next(e for e in events if e.kind == "group_panics")["dice"]) == 2


@pytest.mark.parametrize(("ties", "dice"), [("infinite-evil", 2), ("abject-realism", 1)])
def test_v5c_infinite_evil_rolls_the_pits_two_dice_and_abject_realism_his_one(ties, dice):
    s = _group_in_the_pit(ties)
    events = _pit_panic(s)
    assert next(e for e in events if e.kind == "pit_dice")["count"] == dice
    group = next(e for e in events if e.kind == "group_panics")
    assert len(group["dice"]) == dice and s.ask.get("kind") != "pit_dice"


def test_v5c_never_ending_hilarity_rolls_a_die_for_it_one_to_three_is_one_die():
    counts = set()
    for seed in range(30):
        s = clear_board(fresh(seed, ties="never-ending-hilarity"))
        add_victim(s, D.PIT, special="supervisor")
        events = _pit_panic(s)
        settled = next(e for e in events if e.kind == "pit_dice")
        assert len(settled["roll"]) == 1 and settled["count"] == (1 if settled["roll"][0] <= 3 else 2)
        assert len(next(e for e in events if e.kind == "group_panics")["dice"]) == settled["count"]
        counts.add(settled["count"])
    assert counts == {1, 2}


def test_v5c_the_pit_tables_make_two_dice_the_worse():
    """G5's reasons, read off the board: Infinite Evil's two dice against Abject Realism's one."""
    from fractions import Fraction

    two = [(a + b, D.SPACES[D.PIT]["panic2"][a + b - 2]) for a in range(1, 7) for b in range(1, 7)]
    assert Fraction(sum(1 for _, to in two if to == ""), 36) == Fraction(1, 6)
    assert Fraction(sum(1 for _, to in two if to in D.RACKS), 36) == Fraction(1, 9)
    one = D.SPACES[D.PIT]["panic"]
    assert "" not in one and not set(one) & D.RACKS


def test_v5c_the_supervisor_outside_the_pit_asks_nothing_and_a_pit_victim_alone_rolls_two():
    s = clear_board(fresh(0, ties="ask"))
    add_victim(s, "cage", special="supervisor")
    lone = add_victim(s, D.PIT)
    events: list = []
    panic_all(s, [*victims_at(s, "cage"), lone], events)
    assert s.ask.get("kind") != "pit_dice"
    assert [len(e["dice"]) for e in events if e.kind in ("group_panics", "victim_panics")] == [1, 2]


def test_v5d_a_trapped_supervisor_leads_no_one_victims_in_his_space_panic_one_by_one():
    s = clear_board(fresh())
    boss = add_victim(s, "cage", special="supervisor")
    _trap(s, "pressure_plate", boss)
    a, b = add_victim(s, "cage"), add_victim(s, "cage")
    events: list = []
    panic_all(s, [a, b], events)
    assert [e["victim"] for e in events if e.kind == "victim_panics"] == [a.id, b.id]
    assert "group_panics" not in kinds(events) and boss.space == "cage"


# -- K11: Endless Traps --------------------------------------------------------------------------------------


def test_k11_endless_traps_may_take_the_victim_just_freed_when_it_is_the_furthest():
    s = clear_board(fresh(dark_power="epic"))
    v = add_victim(s, s.fg_space)
    trap = _trap(s, "pressure_plate", v)
    trap.task = len(D.TRAPS[trap.card]["tasks"]) - 1
    deck = len(s.victim_trap_deck)
    events = run_ops(s, {"op": "line", "line": {"damage": 1}, "trap": trap.id})
    assert kinds(events).index("victim_freed") < kinds(events).index("trap_set")
    assert v.trapped and len(s.traps) == 1 and s.traps[0].subject == str(v.id)
    assert len(s.victim_trap_deck) == deck - 1 and s.result == ""


# -- D9: effects on everyone in a space pass over a Trapped Final Girl ----------------------------------------


def test_d9_overkill_traps_pass_over_a_trapped_final_girl_in_the_trap_space():
    s = clear_board(fresh())
    s.dark_power, s.dark_power_revealed = "overkill_traps", True
    v = add_victim(s, s.fg_space)
    trap = _trap(s, "conveyor_crusher", v)
    _trap_her(s, "electric_cage")
    health = s.fg_health
    complete_trap(s, trap, [])
    assert s.fg_health == health and s.dead == 1


def test_d9_the_forklift_accident_passes_over_a_trapped_final_girl_and_strikes_a_free_one():
    for trapped in (True, False):
        s = clear_board(fresh())
        roll = copy.deepcopy(s.rng).d6s(2)  # the roll to come: its sum picks a space in board order
        s.fg_space = D.ORDER[(sum(roll) - 2) % len(D.ORDER)]
        if trapped:
            _trap_her(s, "electric_cage")
        health = s.fg_health
        run_ops(s, {"op": "forklift_accident"})
        assert s.fg_health == (health if trapped else health - 1)


def test_i4b_a_trapped_final_girl_may_not_drive_the_forklift():
    s = at_the_forklift(clear_board(fresh()))
    assert "forklift:rack_b" in legal(s)
    _trap_her(s, "electric_cage")
    assert "forklift:rack_b" not in legal(s)


# -- T5b: no Killer's space while she is off the board -------------------------------------------------------


def test_t5b_while_she_is_off_the_board_a_kill_panics_only_completed_trap_spaces():
    s = clear_board(fresh())
    assert s.killer_space == ""
    where = s.killer_start
    bystander = add_victim(s, where)
    victim = add_victim(s, "office")
    trap = _trap(s, "conveyor_crusher", victim)
    neighbour = add_victim(s, "office")
    s.killed_this_turn = True
    events = run_ops(s, {"op": "panic_phase"})
    panicked = [e["victim"] for e in events if e.kind == "victim_panics"]
    assert panicked == []  # the trap is not complete; the Killer's would-be space is no Killer's space
    complete_trap(s, trap, [])
    events = run_ops(s, {"op": "panic_phase"})
    panicked = [e["victim"] for e in events if e.kind == "victim_panics"]
    assert panicked == [neighbour.id] and bystander.id not in panicked


# -- D10: empty Death Trap decks ---------------------------------------------------------------------------


def test_d10_with_no_victim_death_trap_card_left_lets_play_a_game_traps_no_one():
    s = clear_board(fresh())
    v = add_victim(s, "office")
    s.victim_trap_deck = []
    events = draw_terror(s, "lets_play_a_game-1")
    assert "trap_no_card" in kinds(events) and not v.trapped and s.result == ""
    assert "lets_play_a_game-1" in s.terror.discard_pile  # the card is spent all the same


def test_d10_cat_and_mouse_sets_nothing_with_her_deck_empty_or_when_she_is_already_trapped():
    s = clear_board(fresh())
    s.fg_trap_deck = []
    events = draw_terror(s, "cat_and_mouse-1")
    assert "trap_no_card" in kinds(events) and fg_trap(s) is None
    s = clear_board(fresh())
    first = _trap_her(s, "electric_cage")
    left = len(s.fg_trap_deck)
    events = draw_terror(s, "cat_and_mouse-1")
    assert "trap_fg_already" in kinds(events) and fg_trap(s) is first and len(s.fg_trap_deck) == left


# -- V8: an empty Victim supply -------------------------------------------------------------------------------


def test_v8_a_placement_puts_what_the_supply_has_left():
    s = clear_board(fresh())
    s.supply = 1
    events = run_ops(s, {"op": "victims", "n": 3, "at": "dock"})
    placed = next(e for e in events if e.kind == "victims_placed")
    assert (placed["count"], placed["short"], s.supply) == (1, 2, 0) and len(victims_at(s, "dock")) == 1


def _supervisor_drawn(supply: int):
    s = clear_board(fresh())
    for pile in (s.event_deck, s.events_done, s.events_active):
        if "supervisor" in pile:
            pile.remove("supervisor")
    s.event_deck.append("supervisor")
    s.supply = supply
    s.saved += D.RULES["victims_total"] - supply - len(s.victims) - s.saved - s.dead  # the rest left play
    events = run_ops(s, {"op": "event"})
    return s, events


def test_v8_the_supervisor_is_his_own_meeple_and_his_two_come_from_what_the_supply_has_left():
    """Issue 49 (rules version 5): the box holds 21 Victim meeples and 3 Special Victim meeples (research 2.18),
    so the Supervisor is never one of the 21: with one left in the supply he comes and so does one of his two;
    with none left he still comes, and his two find none (the placement says 2 were short)."""
    s, events = _supervisor_drawn(1)
    assert [v.special for v in s.victims] == ["supervisor", ""] and s.supply == 0
    assert "supervisor" in s.events_active and GAME.invariants(s) == []
    placed = [e for e in events if e.kind == "victims_placed"]
    assert [(e["count"], e["short"]) for e in placed] == [(1, 1)]  # his two: one there, one short
    s, events = _supervisor_drawn(0)
    assert [v.special for v in s.victims] == ["supervisor"] and "supervisor" in s.events_active
    assert [(e["count"], e["short"]) for e in events if e.kind == "victims_placed"] == [(0, 2)]
    assert GAME.invariants(s) == []
    told = [e for e in events if e.kind == "special_victim"]
    assert told and told[0]["event"] == "supervisor" and told[0]["name"] == D.SPACES["cage"]["name"]


# -- F6: Click! as the last Terror card -----------------------------------------------------------------------


def test_f6_a_click_card_drawn_last_draws_nothing_and_the_finale_flips_that_upkeep():
    s = fresh()
    s.terror.discard_pile += s.terror.draw_pile
    s.terror.draw_pile = []
    events = draw_terror(s, "click_dock-1")
    assert "dock" not in s.locked and kinds(events).count("terror_drawn") == 1 and len(s.terror) == 0
    events = run_ops(s, {"op": "upkeep_phase"})
    assert s.finale_revealed and "finale_revealed" in kinds(events)


# -- A4: trading a Walk or a Sprint for Climb and Leap -------------------------------------------------------


def test_a4_a_trade_for_climb_or_leap_gives_no_time():
    s = fresh()
    hand_of(s, "walk", "sprint")
    s.ask = {"kind": "action"}
    time = s.time
    GAME.apply(s, "take:climb")
    assert s.time == time and any(D.card_kind(c) == "walk" for c in s.used)


def test_a4_a_sprint_takes_climb_and_leap_only_when_both_are_in_the_tableau():
    s = fresh()
    hand_of(s, "walk", "sprint")
    leap = next(c for c in s.tableau if D.card_kind(c) == "leap")
    s.tableau.remove(leap)
    s.used.append(leap)
    s.ask = {"kind": "action"}
    keys = legal(s)
    assert "take:climb" in keys and "take:both" not in keys and "take:leap" not in keys


def test_a4_the_hand_limit_limits_buying_not_a_trade():
    s = fresh()
    hand_of(
        s, "walk", "walk", "focus", "focus", "sprint", "guard", "guard", "search", "search", "distraction"
    )
    assert len(s.hand) == D.RULES["hand_limit"] == 10
    s.ask = {"kind": "action"}
    GAME.apply(s, "take:both")
    assert len(s.hand) == 11 and {"climb", "leap"} <= {D.card_kind(c) for c in s.hand}


# -- K3b: her path among equal shortest paths -----------------------------------------------------------------


def test_k3b_among_equal_shortest_paths_she_takes_the_first_step_in_board_order():
    s = clear_board(fresh())
    s.finale_revealed, s.killer_space, s.fg_space = True, "lobby", "cage"
    # Lobby to Supply Cage: through the Break Room or the West Aisle, both two steps.
    assert D.DIST["breakroom"]["cage"] == D.DIST["aisle_w"]["cage"] == 1
    assert D.ORDER.index("breakroom") < D.ORDER.index("aisle_w")
    run_ops(s, {"op": "killer_action", "target": "fg", "move": 1, "attack": 0})
    assert s.killer_space == "breakroom"


# -- the new decision reads cleanly ---------------------------------------------------------------------------


def test_the_pit_dice_decision_has_a_prompt_and_a_hint():
    s = _group_in_the_pit("ask")
    _pit_panic(s)
    d = GAME.decision(s)
    assert d is not None and "The Pit" in d.prompt
    hint = GAME.hint(s)
    assert hint is not None and hint.key == "pit:1"
    assert pit_dice_options(s) == tuple(d.options)


def test_every_test_named_in_rules_md_exists():
    """A RULES.md row pins its rule only if the test it names is there to fail."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    text = (root / "engines" / "final_girl" / "RULES.md").read_text()
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", text))
    source = "".join(p.read_text() for p in (root / "tests").rglob("*.py"))
    assert named and {n for n in named if f"def {n}(" not in source} == set()
