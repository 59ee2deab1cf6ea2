"""Final Girl: rules fixed after the audit of issue 4 (each test fails without its fix)."""

from __future__ import annotations

from fg_positions import add_victim, clear_board, fresh, hand_of, kinds, run_ops

from engines.core.rng import Rng
from engines.core.steps import Steps
from engines.final_girl import GAME
from engines.final_girl import data as D
from engines.final_girl.board import fg_trap
from engines.final_girl.machine import STEPS
from engines.final_girl.rolling import convert_pairs
from engines.final_girl.tracks import hurt_killer
from engines.final_girl.traps import complete_trap, set_trap, trap_fg


def _trap_victim_here(s, card: str, v):
    set_trap(s, card, str(v.id), v.space, [])
    s.victim_trap_deck.remove(card) if card in s.victim_trap_deck else None
    v.trapped = True
    return s.traps[-1]


def _free_last_task(s, trap) -> list:
    trap.task = len(D.TRAPS[trap.card]["tasks"]) - 1
    return run_ops(s, {"op": "line", "line": {"damage": 1}, "trap": trap.id})


# -- K11: Endless Traps ------------------------------------------------------------------------------------


def test_endless_traps_loses_when_no_victim_death_trap_card_is_left():
    s = clear_board(fresh(dark_power="epic"))
    v = add_victim(s, s.fg_space)
    add_victim(s, "dock")
    trap = _trap_victim_here(s, "pressure_plate", v)
    s.victim_trap_deck = []
    events = _free_last_task(s, trap)
    assert s.result == "lost" and "Endless Traps" in s.reason
    assert "game_lost" in kinds(events)


def test_endless_traps_with_no_free_victim_but_cards_left_goes_on():
    s = clear_board(fresh(dark_power="epic"))
    assert s.victim_trap_deck
    events = run_ops(s, {"op": "trap_victim", "furthest": True, "endless": True})
    assert s.result == "" and "trap_no_victim" in kinds(events)


# -- X4: the outcome's reason ------------------------------------------------------------------------------


def test_the_outcome_reason_does_not_repeat_you_won_or_you_lost():
    s = fresh()
    s.killer_space = s.fg_space
    s.killer_health, s.killer_token, s.killer_white = 1, 0, True
    s.minor_powers = []
    hurt_killer(s, 5, [])
    out = GAME.outcome(s)
    assert out is not None and out.result == "won"
    assert out.reason == "The Tormentor is dead."


# -- D4: no Victim moves while Trapped (an invariant) ------------------------------------------------------


def test_the_invariants_catch_a_trapped_victim_off_its_traps_space():
    s = clear_board(fresh())
    v = add_victim(s, "lobby")
    _trap_victim_here(s, "pressure_plate", v)
    assert GAME.invariants(s) == []
    v.space = "office"
    assert any("moved from its trap" in line for line in GAME.invariants(s))


# -- achievements: "Save a Victim before any Click! Terror cards are resolved" --------------------------------


def test_a_click_card_resolved_on_an_open_exit_still_ends_the_early_save_chance():
    from engines.core.events import Event
    from engines.final_girl.achievements import earned

    # The Click! card finds its Exit already open (no exit_unlocked event), then a Victim is saved.
    log = [
        Event("terror_drawn", 2, "killer", {"card": "click_main-1", "title": "Click!", "left": 5}),
        Event("victim_saved", 3, "action", {"victim": 4, "special": ""}),
    ]
    assert "early_save" not in earned(log)
    assert "early_save" in earned(log[1:])


# -- T1: the five phases in order --------------------------------------------------------------------------


def test_a_turn_runs_action_planning_killer_panic_upkeep_in_that_order(monkeypatch):
    seen: list[str] = []
    phases = ("action_phase", "planning_phase", "killer_phase", "panic_phase", "upkeep_phase")
    handler = Steps.handler

    def spying(table: Steps, kind: str):  # every step the machine runs is looked up in its table first
        if table is STEPS and kind in phases:
            seen.append(kind.removesuffix("_phase"))
        return handler(table, kind)

    monkeypatch.setattr(Steps, "handler", spying)
    s = fresh(3)
    policy = GAME.policies["heuristic"]
    rng = Rng.from_seed(1)
    while s.turn < 4 and not s.result:
        d = GAME.decision(s)
        GAME.apply(s, policy(GAME.view(s), d, rng), d)
    assert seen[:15] == ["action", "planning", "killer", "panic", "upkeep"] * 3


# -- D4 and D6: what a Trapped Final Girl may not do ---------------------------------------------------------


def _trapped_with_a_victim_trap_beside_her():
    s = clear_board(fresh())
    v = add_victim(s, s.fg_space)
    set_trap(s, "reverse_bear_trap", str(v.id), s.fg_space, [])
    v.trapped = True
    s.victim_trap_deck.remove("reverse_bear_trap") if "reverse_bear_trap" in s.victim_trap_deck else None
    trap_fg(s, [])
    s.ask = {"kind": "action"}
    return s, s.traps[0]


def test_in_your_own_trap_you_may_not_work_a_victims_trap():
    s, victim_trap = _trapped_with_a_victim_trap_beside_her()
    hand_of(s, "walk", "weak_attack", "focus")
    keys = [o.key for o in GAME.decision(s).options]
    assert not any(k.endswith(f"trap:{victim_trap.id}") or k == f"task:{victim_trap.id}" for k in keys)
    own = fg_trap(s)
    assert any(str(own.id) in k for k in keys if "trap" in k or "task" in k)


def test_a_trapped_final_girl_plays_no_reaction_against_an_attack():
    s = clear_board(fresh())
    trap_fg(s, [])
    hand_of(s, "guard", "retaliate")
    health = s.fg_health
    s.ask = {}
    run_ops(s, {"op": "attack_fg", "damage": 2, "first": True})
    assert s.ask.get("kind") != "react" and s.fg_health == health - 2


def test_a_trapped_final_girl_may_still_rescue_a_victim_on_an_open_exit():
    # The rulebook's Trapped list (no moving, Reactions, Search, attacks) does not forbid saving.
    s = clear_board(fresh())
    s.fg_space = "dock"
    s.locked = [e for e in s.locked if e != "dock"]
    trap_fg(s, [])
    add_victim(s, "dock")
    s.ask = {"kind": "action"}
    assert "save" in [o.key for o in GAME.decision(s).options]
    saved = s.saved
    GAME.apply(s, "save")
    assert s.saved == saved + 1


# -- K10: Overkill Traps deal 1 damage to you ----------------------------------------------------------------


def test_overkill_traps_deal_one_damage_to_you_in_the_trap_space_and_none_elsewhere():
    for here, hurt in (("office", 1), ("dock", 0)):
        s = clear_board(fresh())
        s.dark_power, s.dark_power_revealed = "overkill_traps", True
        s.fg_space = here
        v = add_victim(s, "office")
        set_trap(s, "conveyor_crusher", str(v.id), "office", [])
        v.trapped = True
        health = s.fg_health
        complete_trap(s, s.traps[0], [])
        assert s.fg_health == health - hurt


# -- D1: Let's Play a Game's 2nd and 3rd conditions name no distance ------------------------------------------


def test_lets_play_a_game_in_a_search_space_ties_every_match_not_only_the_furthest():
    s = clear_board(fresh(ties="ask"))
    s.fg_space = "packing"
    near = add_victim(s, "packing")
    far = add_victim(s, "office")
    run_ops(s, {"op": "trap_victim"})
    assert s.ask.get("kind") == "trap_tie"
    assert sorted(s.ask["victims"]) == sorted([near.id, far.id])


def test_lets_play_a_game_on_a_rack_still_takes_the_furthest_only():
    s = clear_board(fresh(ties="ask"))
    s.fg_space = "rack_a"
    add_victim(s, "rack_a")
    far = add_victim(s, "rack_c")
    run_ops(s, {"op": "trap_victim"})
    assert far.trapped and s.ask.get("kind") != "trap_tie"


# -- D5: a weapon's modifier counts toward a damage Escape Task -----------------------------------------------


def _drowning_tank_here(s):
    v = add_victim(s, s.fg_space)
    trap = _trap_victim_here(s, "drowning_tank", v)  # first task: 2 damage
    return trap


def _take_weapon(s, item):
    for pile in [*s.item_decks.values(), s.items_out]:
        if item in pile:
            pile.remove(item)
    s.hands.append(item)


def test_a_weapons_modifier_adds_to_damage_toward_an_escape_task():
    s = clear_board(fresh())
    trap = _drowning_tank_here(s)
    _take_weapon(s, "wrench")
    run_ops(s, {"op": "line", "line": {"damage": 1}, "trap": trap.id})
    assert trap.task == 1  # 1 from the card + 1 from the Pipe Wrench finish the 2-damage task


def test_without_a_weapon_the_damage_task_is_only_partly_done():
    s = clear_board(fresh())
    trap = _drowning_tank_here(s)
    run_ops(s, {"op": "line", "line": {"damage": 1}, "trap": trap.id})
    assert trap.task == 0 and trap.progress == 1


def test_a_limited_weapon_spends_no_use_on_damage_that_would_be_lost():
    s = clear_board(fresh())
    trap = _drowning_tank_here(s)
    _take_weapon(s, "chain_saw")
    s.item_uses["chain_saw"] = 3
    run_ops(s, {"op": "line", "line": {"damage": 2}, "trap": trap.id})
    assert trap.task == 1 and s.item_uses["chain_saw"] == 3


# -- H4: many ways to convert are one choice, then which pair ----------------------------------------------------


def _rolled(*kinds: str, dice=(3, 1)):
    s = fresh()
    hand_of(s, "walk", *kinds)
    card = s.hand.pop(0)
    s.resolving = card
    s.roll = {"card": card, "purpose": "action", "trap": 0, "damage": 0, "dice": list(dice)}
    s.roll.update({"improvised": False, "converted": []})
    s.ask = {"kind": "roll"}
    return s


def test_a_full_hand_offers_one_convert_choice_then_every_pair_and_a_way_back():
    s = _rolled(
        "focus", "focus", "short_rest", "weak_attack", "walk", "guard", "sprint", "search", "improvise"
    )
    keys = [o.key for o in GAME.decision(s).options]
    assert "convert" in keys and not any(k.startswith("convert:") for k in keys)
    GAME.apply(s, "convert")
    d = GAME.decision(s)
    assert d.kind == "convert"
    pairs = [o.key for o in d.options if o.key.startswith("convert:")]
    assert len(pairs) == len(convert_pairs(s)) > 10 and [o.key for o in d.options][-1] == "back"
    GAME.apply(s, "back")
    assert GAME.decision(s).kind == "roll" and s.roll["converted"] == []
    GAME.apply(s, "convert")
    GAME.apply(s, "convert:focus:focus")
    assert sum(D.card_kind(c) == "focus" for c in s.used) == 2


def test_a_single_pair_is_offered_directly():
    s = _rolled("focus", "focus")
    keys = [o.key for o in GAME.decision(s).options]
    assert "convert:focus:focus" in keys and "convert" not in keys
