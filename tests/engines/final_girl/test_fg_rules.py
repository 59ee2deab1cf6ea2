"""Final Girl rules, one test per rule (the names say which). Sources are in engines/final_girl/RULES.md."""

from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest
from fg_positions import add_victim, clear_board, fresh, hand_of, kinds, run_ops

from engines.core.contract import IllegalMove
from engines.core.decks import Deck
from engines.final_girl import GAME
from engines.final_girl import data as D
from engines.final_girl.board import kill_victim, move_victim, victims_at
from engines.final_girl.items import deal_damage, gain_item
from engines.final_girl.killer import targets
from engines.final_girl.machine import run
from engines.final_girl.moving import move_targets
from engines.final_girl.odds import lines
from engines.final_girl.playing import can_attack_killer
from engines.final_girl.rolling import dice_count, resolve_reaction, successes
from engines.final_girl.tracks import (
    attack_value,
    change_horror,
    change_time,
    hurt_fg,
    hurt_killer,
    move_value,
    raise_bloodlust,
)
from engines.final_girl.traps import complete_trap, progress_traps, set_trap, trap_fg, trap_victim
from engines.final_girl.victims import panic, panic_all, reward_for


def legal(s) -> list[str]:
    return [o.key for o in GAME.decision(s).options]


# -- setup -----------------------------------------------------------------------------------------------


def test_setup_starting_hand_is_the_six_zero_cost_cards():
    s = fresh(1)
    assert sorted(D.card_kind(c) for c in s.hand) == sorted(
        ["walk", "walk", "focus", "focus", "weak_attack", "short_rest"]
    )
    assert {D.card_kind(c) for c in s.tableau} >= {"climb", "leap", "sprint", "guard"}
    assert len(s.tableau) == 17 + 2  # the other 17 core cards, Climb and Leap


def test_setup_tracks_time_horror_and_bloodlust():
    s = fresh(0)  # its opening Event (It Has Been 0 Days Since...) moves no track
    assert (s.time, s.horror, s.bloodlust) == (6, 5, 0)  # The Tormentor's starting Horror is 5 (designed)
    assert fresh(0, mode="extreme").time == 5


FIRST = "1"
"""The box's own cards (the first content edition): a card added later joins a later edition and changes none
of these counts (engines/core/decks.py)."""


def test_setup_deals_one_of_three_finales_and_one_of_three_dark_powers():
    games = [fresh(seed, deal=FIRST) for seed in range(40)]
    assert {s.finale for s in games} == {"no_escape", "final_cut", "game_over"}
    assert {s.dark_power for s in games} == {"overkill_traps", "iron_will", "tireless"}
    assert not any(s.finale_revealed or s.dark_power_revealed for s in games)  # face down


def test_setup_click_cards_are_never_in_the_top_two_of_the_terror_deck():
    for seed in range(30):
        s = fresh(seed, deal=FIRST)
        pile = s.terror.draw_pile
        assert len(pile) == 13
        assert sum(D.TERROR[D.card_kind(c)].get("click", False) for c in pile) == 3
        assert not any(D.TERROR[D.card_kind(c)].get("click") for c in pile[-2:])
        # 10 dealt from the Tormentor's 16 and the Warehouse's 5 non-Click! cards: 11 stay out
        assert len(s.terror_out) == 11 and not any(
            D.TERROR[D.card_kind(c)].get("click") for c in s.terror_out
        )
        assert sum(D.TERROR[D.card_kind(c)]["owner"] == "killer" for c in [*pile, *s.terror_out]) == 16


def test_setup_tormentor_off_board_exits_locked_forklift_in_the_pit():
    s = fresh(3)
    assert s.killer_space == "" and sorted(s.locked) == sorted(D.EXITS) and s.forklift == D.PIT


def test_setup_a_victim_starts_trapped_where_the_killer_would_start():
    s = fresh(4)
    trapped = [v for v in s.victims if v.trapped]
    assert len(trapped) == 1 and trapped[0].space == s.killer_start
    assert s.traps[0].subject == str(trapped[0].id)


def test_setup_four_items_per_search_space_and_first_event_revealed():
    s = fresh(5, deal=FIRST)
    assert len(D.SEARCH_SPACES) == 3 and all(len(s.item_decks[sp]) == 4 for sp in D.SEARCH_SPACES)
    out = [i for i in s.items_out if i in D.LOCATION_ITEMS]
    assert len(D.LOCATION_ITEMS) == 16 and len(out) == 16 - 3 * 4
    assert len(s.event_deck) == 10 - 1


def test_setup_health_markers_and_the_final_health_tokens():
    assert (fresh(0, girl="mandy").fg_health, fresh(0, girl="cassie").fg_health) == (6, 5)
    s = fresh(0)
    assert (s.killer_health, s.killer_max) == (10, 10)
    assert sorted(D.RULES["final_tokens"]) == [0, 0, 0, 0, 0, 0, 1, 2, 3]
    tokens = {(t.fg_token, t.killer_token) for t in (fresh(seed) for seed in range(40))}
    assert {a for a, _ in tokens} | {b for _, b in tokens} == {0, 1, 2, 3}
    assert len(s.victims) + s.supply == 21  # V6: every Victim on the board or in the supply


# -- Time ------------------------------------------------------------------------------------------------


def test_time_cannot_rise_above_the_cap():
    s = fresh()
    s.time = 11
    change_time(s, 1, [])
    assert s.time == 12
    change_time(s, 50, [])
    assert s.time == 12


def test_time_cannot_be_gained_while_below_zero():
    s = fresh()
    change_time(s, -20, [])
    assert s.time == -1
    change_time(s, 3, [])
    assert s.time == -1


def test_time_below_zero_outside_the_action_phase_skips_the_next_action_phase():
    """RULES.md H2: Time that goes below zero outside the Action phase skips the next one; going below zero in the
    Action phase does not (that phase ends instead: the test below), nor does losing more while already below
    zero ("goes below zero": research 2.1). The first two start from Time at 2, so the fall happens in them."""
    s = fresh()
    s.phase, s.time = "killer", 2
    change_time(s, -20, [])
    assert s.time < 0 and s.skip_action
    s.phase, s.time, s.skip_action = "action", 2, False
    change_time(s, -20, [])
    assert s.time < 0 and not s.skip_action
    s.phase, s.skip_action = "killer", False  # already below zero
    change_time(s, -1, [])
    assert s.time < 0 and not s.skip_action


def test_time_below_zero_ends_the_action_phase():
    s = fresh()
    s.time = -1
    events = run_ops(s, {"op": "hub"})
    assert "action_ended" in kinds(events)


def test_discarding_a_card_gives_one_time():
    s = fresh()
    GAME.apply(s, "discard:focus")
    assert s.time == 7 and any(D.card_kind(c) == "focus" for c in s.used)


# -- Horror ------------------------------------------------------------------------------------------------


def test_horror_past_the_top_raises_bloodlust_instead():
    s = fresh()
    s.horror = D.HORROR_MAX
    change_horror(s, 1, [])
    assert s.horror == D.HORROR_MAX and s.bloodlust == 1


def test_horror_below_the_bottom_gives_one_time_instead():
    s = fresh()
    s.horror, s.time = 0, 3
    change_horror(s, -1, [])
    assert s.horror == 0 and s.time == 4


def test_horror_dice_per_level_and_minimum_one_die():
    s = clear_board(fresh())
    normal = []
    for pos in range(8):
        s.horror = pos
        normal.append(dice_count(s, 0))
    assert normal == [3, 3, 2, 2, 2, 2, 2, 1]  # green, 1-6, red
    s.extreme = True
    extreme = []
    for pos in range(8):
        s.horror = pos
        extreme.append(dice_count(s, 0))
    assert extreme == [3, 2, 2, 2, 2, 1, 1, 1]
    s.bonus_dice = -5
    assert dice_count(s, 0) == 1  # never fewer than one die


def test_adrenaline_adds_a_die_on_the_final_health_token():
    s = fresh()
    base = dice_count(s, 0)
    s.fg_health = 0
    assert dice_count(s, 0) == base + 1
    s.killer_health = 0
    assert dice_count(s, 0) == base + 1  # she is off the board: her side does not count yet
    s.killer_space, s.finale_revealed = "lobby", True
    assert dice_count(s, 0) == base + 2
    s.fg_health = 1
    assert dice_count(s, 0) == base + 1


def test_planning_card_adds_dice_to_the_next_roll():
    s = fresh()
    base = dice_count(s, 0)
    run_ops(s, {"op": "line", "line": {"bonus_dice": 2}})
    assert s.bonus_dice == 2
    events = GAME.apply(s, "play:focus")
    rolled = next(e for e in events if e.kind == "horror_roll")
    assert len(rolled["dice"]) == base + 2 and s.bonus_dice == 0


def test_partial_success_converted_by_discarding_two_cards():
    s = fresh()
    hand_of(s, "walk", "focus", "focus", "short_rest")
    card = s.hand.pop(0)
    s.resolving = card
    s.roll = {
        "card": card,
        "purpose": "action",
        "trap": 0,
        "damage": 0,
        "dice": [3, 1],
        "improvised": False,
        "converted": [],
    }
    s.ask = {"kind": "roll"}
    d = GAME.decision(s)
    assert "convert" in [o.key for o in d.options]  # two pairs: one choice, then which
    GAME.apply(s, "convert")
    assert "convert:focus:focus" in [o.key for o in GAME.decision(s).options]
    events = GAME.apply(s, "convert:focus:focus")
    assert next(e for e in events if e.kind == "roll_result")["successes"] == 1
    assert sum(D.card_kind(c) == "focus" for c in s.used) == 2


def test_improvise_counts_threes_and_fours_as_successes():
    roll = {"dice": [3, 4], "improvised": True, "converted": []}
    assert successes(roll) == 2
    assert successes({**roll, "improvised": False}) == 0


# -- cards -------------------------------------------------------------------------------------------------


def test_hand_limit_stops_buying():
    s = fresh()
    s.ask = {"kind": "planning"}
    s.hand += [s.tableau.pop() for _ in range(3)]
    assert len(s.hand) == 9 and "buy:walk" not in legal(s) and len(legal(s)) > 1  # 9 cards: still buying
    s.hand.append(s.tableau.pop())
    assert len(s.hand) == 10
    assert legal(s) == ["done"]
    with pytest.raises(IllegalMove, match="Hand limit"):
        GAME.apply(s, "buy:sprint")


def test_zero_cost_cards_are_free_even_at_zero_time_and_costs_need_time():
    s = fresh()
    s.ask = {"kind": "planning"}
    s.time = 0
    keys = legal(s)
    assert "buy:climb" not in keys  # Climb and Leap are never bought
    assert "buy:sprint" not in keys
    with pytest.raises(IllegalMove, match="Not enough Time"):
        GAME.apply(s, "buy:sprint")


def test_planning_resets_time_and_returns_used_cards():
    s = fresh()
    GAME.apply(s, "discard:focus")
    GAME.apply(s, "end")
    assert s.ask["kind"] == "planning"
    GAME.apply(s, "done")
    assert s.time == 6 or s.phase != "planning"
    assert not s.used or s.phase == "action"


def test_cards_played_this_turn_cannot_be_bought_back():
    s = fresh()
    hand_of(s, "walk")
    s.used = [c for c in s.tableau if D.card_kind(c) == "sprint"]
    s.tableau = [c for c in s.tableau if c not in s.used]
    s.ask = {"kind": "planning"}
    assert "buy:sprint" not in legal(s)


def test_climb_and_leap_are_taken_by_discarding_walk_or_sprint():
    s = fresh()
    hand_of(s, "walk", "sprint")
    s.ask = {"kind": "action"}
    keys = legal(s)
    assert {"take:climb", "take:leap", "take:both"} <= set(keys)
    GAME.apply(s, "take:both")
    assert {D.card_kind(c) for c in s.hand} == {"walk", "climb", "leap"}


# -- movement, Victims, Exits -------------------------------------------------------------------------------


def test_walking_never_enters_a_rack_climb_does():
    s = fresh()
    s.fg_space = "aisle_w"
    assert "rack_a" not in move_targets(s, "move")
    assert move_targets(s, "climb") == ["rack_a"]
    s.fg_space = "rack_a"
    assert move_targets(s, "leap") == ["rack_b"]
    assert move_targets(s, "climb") == []


def test_up_to_two_victims_follow_but_not_into_the_killers_space():
    s = clear_board(fresh())
    s.fg_space = "lobby"
    for _ in range(3):
        add_victim(s, "lobby")
    s.ask = {"kind": "move", "steps": 2, "mode": "move", "to": ["office", "aisle_w"]}
    keys = legal(s)
    assert "to:office:2" in keys and "to:office:3" not in keys
    s.killer_space, s.finale_revealed = "office", True
    keys = legal(s)
    assert "to:office:0" in keys and "to:office:1" not in keys


def test_victims_follow_when_she_moves():
    s = clear_board(fresh())
    s.fg_space = "lobby"
    a = add_victim(s, "lobby")
    s.ask = {"kind": "move", "steps": 1, "mode": "move", "to": ["office"]}
    GAME.apply(s, "to:office:1")
    assert a.space == "office" and s.fg_space == "office"


def test_no_victim_is_saved_at_a_locked_exit():
    s = clear_board(fresh())
    s.fg_space = "entrance"
    add_victim(s, "entrance")
    s.ask = {"kind": "action"}
    assert "save" not in legal(s)
    with pytest.raises(IllegalMove, match="Locked"):
        GAME.apply(s, "save")


def test_saving_a_victim_gives_the_next_slot_reward_and_the_ultimate():
    s = clear_board(fresh(girl="mandy"))
    s.fg_space = "entrance"
    s.locked.remove("entrance")
    s.fg_health = 3
    for _ in range(6):
        add_victim(s, "entrance")
    s.ask = {"kind": "action"}
    GAME.apply(s, "save")
    assert s.saved == 1 and s.fg_health == 4  # Mandy's first slot heals 1
    s.slots = len(D.GIRLS["mandy"]["slots"]) - 1
    s.ask = {"kind": "action"}
    events = GAME.apply(s, "save")
    assert "ultimate_unlocked" in kinds(events)
    while s.ask.get("kind") != "action":  # the last slot's reward (Mandy's: -1 Horror) asks nothing
        GAME.apply(s, legal(s)[-1])
    s.time = 3
    GAME.apply(s, "save")
    assert s.time == 4 and s.slots == 5  # every slot full: a later save gives +1 Time


def test_each_saved_slot_gives_its_designed_reward():
    assert D.GIRLS["mandy"]["slots"] == ["heal", "time", "move", "card", "calm"]
    assert D.GIRLS["cassie"]["slots"] == ["calm", "time", "heal", "time", "card", "move"]
    s = clear_board(fresh())
    s.fg_health, s.time, s.horror = 3, 3, 4
    reward_for(s, "heal", [])
    reward_for(s, "time", [])
    reward_for(s, "calm", [])
    assert (s.fg_health, s.time, s.horror) == (4, 5, 3)  # heal 1, +2 Time, -1 Horror
    s.ask = {}
    reward_for(s, "move", [])
    run(s, [])
    assert s.ask["kind"] == "move" and s.ask["steps"] == 1
    s.ask = {}
    reward_for(s, "card", [])
    costs = {D.ACTIONS[o.key.split(":")[1]]["cost"] for o in GAME.decision(s).options if o.key != "none"}
    assert max(costs) == 2  # an Action card costing 2 or less


def test_click_terror_card_unlocks_its_exit_and_draws_the_next():
    s = fresh()
    s.terror.draw_pile.append("click_main-1")
    events = run_ops(s, {"op": "draw_terror"})
    assert "entrance" not in s.locked
    assert kinds(events).count("terror_drawn") >= 2


def test_unlock_item_opens_the_exit_you_stand_on():
    s = fresh()
    s.fg_space = "dock"
    s.backpack.append("bolt_cutters")
    s.items_out.remove("bolt_cutters") if "bolt_cutters" in s.items_out else [
        d.remove("bolt_cutters") for d in s.item_decks.values() if "bolt_cutters" in d
    ]
    s.ask = {"kind": "action"}
    GAME.apply(s, "item:bolt_cutters")
    assert "dock" not in s.locked and "bolt_cutters" in s.items_gone
    s.fg_space, s.time = "fire_exit", 1
    for pile in [*s.item_decks.values(), s.items_out]:
        if "crowbar" in pile:
            pile.remove("crowbar")
    s.hands = ["crowbar"]
    GAME.apply(s, "item:crowbar")  # the Crowbar pries it open for 1 Time and is kept
    assert "fire_exit" not in s.locked and s.time == 0 and s.hands == ["crowbar"]


def test_pit_panics_with_two_dice():
    s = clear_board(fresh())
    v = add_victim(s, D.PIT)
    events: list = []
    panic(s, v, events)
    assert len(events[0]["dice"]) == 2
    w = add_victim(s, "lobby")
    panic(s, w, events)
    assert len([e for e in events if e.kind == "victim_panics"][-1]["dice"]) == 1


def test_panic_phase_only_after_a_kill_and_only_in_the_killers_space():
    s = clear_board(fresh())
    s.killer_space, s.finale_revealed = "lobby", True
    a = add_victim(s, "lobby")
    b = add_victim(s, "office")
    events = run_ops(s, {"op": "panic_phase"})
    assert "victim_panics" not in kinds(events)
    s.killed_this_turn = True
    events = run_ops(s, {"op": "panic_phase"})
    panicked = [e["victim"] for e in events if e.kind == "victim_panics"]
    assert panicked == [a.id] and b.space == "office"


# -- searching and items -----------------------------------------------------------------------------------


def test_search_double_success_keeps_one_of_two():
    s = fresh()
    s.fg_space = D.SEARCH_SPACES[0]
    top2 = s.item_decks[s.fg_space][-2:]
    run_ops(s, {"op": "line", "line": {"search": 2}})
    assert s.ask["kind"] == "keep" and sorted(s.ask["items"]) == sorted(top2)
    keep = s.ask["items"][0]
    GAME.apply(s, f"keep:{keep}")
    assert keep in s.hands + s.backpack and len(s.item_decks[s.fg_space]) == 3
    top = s.item_decks[s.fg_space][-1]
    run_ops(s, {"op": "line", "line": {"search": 1}})  # one success: one card, no choice
    assert top in s.hands + s.backpack and len(s.item_decks[s.fg_space]) == 2


def test_weapon_modifier_applies_when_a_card_deals_damage():
    s = fresh()
    s.finale_revealed = True
    s.killer_space = s.fg_space
    s.hands = ["fire_axe"]
    before = s.killer_health
    deal_damage(s, 1, [])
    assert before - s.killer_health == 1 + D.ITEMS["fire_axe"]["mod"]


def test_ranged_weapon_reaches_an_adjacent_killer():
    s = fresh()
    s.finale_revealed = True
    s.fg_space = "lobby"
    s.killer_space = "office"
    assert not can_attack_killer(s)
    s.hands = ["nail_gun"]
    assert can_attack_killer(s)


def test_two_handed_items_fill_both_hands():
    s = fresh()
    gain_item(s, "wrench", [])
    gain_item(s, "fire_axe", [])
    assert s.hands == ["wrench"] and "fire_axe" in s.backpack


# -- the Tormentor -------------------------------------------------------------------------------------------


def test_killer_actions_are_ignored_while_she_is_off_the_board():
    s = fresh()
    events = run_ops(s, {"op": "killer_action", "target": "closest", "move": 1, "attack": 1})
    assert kinds(events) == ["killer_unseen"]


@pytest.mark.parametrize("setup_card", sorted(D.SETUPS))
def test_she_appears_at_the_next_killer_phase_after_the_finale_from_another_setup_card(setup_card):
    s = clear_board(fresh())
    s.setup_card, s.killer_start = setup_card, D.SETUPS[setup_card]["killer"]
    s.events_active, s.terror = [], Deck()  # nothing else happens in her phase
    s.finale_revealed = True
    s.ask = {}
    events = run_ops(s, {"op": "killer_phase"})
    appeared = [e for e in events if e.kind == "killer_appears"]
    assert len(appeared) == 1 and s.setups_revealed[-1] != setup_card
    assert appeared[0]["space"] == D.SETUPS[s.setups_revealed[-1]]["killer"]


def test_killer_attacks_victims_before_the_final_girl():
    s = clear_board(fresh())
    s.finale_revealed, s.killer_space = True, s.fg_space
    v = add_victim(s, s.fg_space)
    run_ops(s, {"op": "attack", "fg": False})
    assert v not in s.victims and s.dead == 1 and s.bloodlust == 1


def test_killer_attacks_the_final_girl_first_when_she_was_the_target():
    s = clear_board(fresh())
    hand_of(s, "walk")
    s.finale_revealed, s.killer_space = True, s.fg_space
    v = add_victim(s, s.fg_space)
    health = s.fg_health
    run_ops(s, {"op": "attack", "fg": True})
    assert v in s.victims and s.fg_health == health - attack_value(s)


def test_killer_moves_by_her_movement_value_and_stops_at_the_target():
    s = clear_board(fresh())
    s.finale_revealed, s.killer_space, s.fg_space = True, "dock", "entrance"
    run_ops(s, {"op": "killer_action", "target": "fg", "move": 1, "attack": 0})
    assert D.DIST[s.killer_space]["dock"] == move_value(s)
    s.killer_space = "lobby"
    run_ops(s, {"op": "killer_action", "target": "fg", "move": 3, "attack": 0})
    assert s.killer_space == "entrance"


def test_target_ties_go_to_the_space_with_more_victims_and_you_do_not_count():
    s = clear_board(fresh())
    s.finale_revealed, s.killer_space, s.fg_space = True, "lobby", "dock"
    add_victim(s, "office")
    add_victim(s, "breakroom")
    add_victim(s, "breakroom")
    assert targets(s, "closest") == [("breakroom", False)]


def test_trapped_subjects_are_never_targeted():
    s = clear_board(fresh())
    s.finale_revealed, s.killer_space, s.fg_space = True, "lobby", "dock"
    add_victim(s, "office", trapped=True)
    assert targets(s, "closest_victim") == []


def test_guard_reaction_reduces_the_attack():
    s = fresh()
    hand_of(s, "guard")
    s.finale_revealed, s.killer_space = True, s.fg_space
    s.ask = {}
    run_ops(s, {"op": "attack_fg", "damage": 3, "first": True})
    assert s.ask["kind"] == "react"
    health = s.fg_health
    events = GAME.apply(s, "react:guard")
    while s.ask.get("kind") == "roll":
        events += GAME.apply(s, "accept")
    blocked = next(e for e in events if e.kind == "reaction")
    assert blocked["blocked"] >= 1 and s.fg_health == health - blocked["left"]


def test_bloodlust_rows_raise_horror_and_reveal_the_dark_power():
    s = clear_board(fresh())
    s.horror, s.finale_revealed, s.killer_space = 0, True, "lobby"
    horror, revealed, attack, move = [], [], [], []
    for _row in range(2, 12):
        raise_bloodlust(s, 1, [])
        horror.append(s.horror)
        revealed.append(s.dark_power_revealed)
    assert horror == [0, 1, 1, 2, 2, 2, 3, 3, 4, 4]  # rows 3, 5, 8 and 10 raise Horror
    assert revealed.index(True) == 4  # row 6 reveals the Dark Power
    s.dark_power, s.minor_powers = "iron_will", []
    for row in range(11):
        s.bloodlust = row
        attack.append(attack_value(s))
        move.append(move_value(s))
    assert attack == [2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4]
    assert move == [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]


# -- Final Health ----------------------------------------------------------------------------------------------


def test_final_health_blank_token_kills():
    s = fresh()
    s.fg_token, s.fg_health = 0, 1
    hurt_fg(s, 2, [], "test")
    assert s.result == "lost"


def test_final_health_comeback_ends_the_phase_and_drops_overflow():
    s = fresh()
    s.fg_token, s.fg_health = 2, 1
    events: list = []
    hurt_fg(s, 5, events, "test")
    assert s.result == "" and s.fg_health == 2 and s.fg_white
    assert "phase_cut" in kinds(events)
    hurt_fg(s, 3, events, "test")
    assert s.result == "lost"


def test_killing_the_tormentor_wins():
    s = fresh()
    s.finale_revealed, s.killer_space, s.killer_token, s.killer_health = True, s.fg_space, 0, 1
    hurt_killer(s, 2, [])
    assert s.result == "won" and GAME.outcome(s).result == "won"


# -- Terror deck and Finale --------------------------------------------------------------------------------------


def test_finale_flips_in_upkeep_when_the_terror_deck_is_empty():
    s = fresh()
    s.terror.discard_pile += s.terror.draw_pile
    s.terror.draw_pile = []
    events = run_ops(s, {"op": "upkeep_phase"})
    assert s.finale_revealed and "finale_revealed" in kinds(events) and s.dark_power_revealed


def test_bottoming_puts_the_card_under_the_deck_but_the_last_card_is_discarded():
    s = fresh()
    s.terror_out = [c for c in s.terror_out if c != "the_long_game-1"]
    s.terror.draw_pile = [c for c in s.terror.draw_pile if c != "the_long_game-1"] + ["the_long_game-1"]
    run_ops(s, {"op": "draw_terror"})
    assert s.terror.draw_pile[0] == "the_long_game-1"
    s.terror.discard_pile += s.terror.draw_pile
    s.terror.draw_pile = ["the_long_game-1"]
    s.terror.discard_pile.remove("the_long_game-1")
    run_ops(s, {"op": "draw_terror"})
    assert s.terror.draw_pile == [] and "the_long_game-1" in s.terror.discard_pile


def test_terror_cards_needing_victims_are_skipped_with_none_on_the_board():
    s = clear_board(fresh())
    s.terror.draw_pile.append("lets_play_a_game-1")
    s.terror_out.remove("lets_play_a_game-1") if "lets_play_a_game-1" in s.terror_out else None
    events = run_ops(s, {"op": "draw_terror"})
    assert "terror_skipped" in kinds(events)


# -- Death Traps ------------------------------------------------------------------------------------------------


def test_lets_play_a_game_traps_the_rack_victim_furthest_from_you_first():
    s = clear_board(fresh())
    s.fg_space = "dock"
    near = add_victim(s, "rack_c")
    far = add_victim(s, "rack_a")
    add_victim(s, "office")
    trap_victim(s, {}, [])
    assert far.trapped and not near.trapped


def test_progress_moves_every_trap_and_the_last_step_kills_the_victim():
    s = clear_board(fresh())
    v = add_victim(s, "office")
    set_trap(s, "conveyor_crusher", str(v.id), "office", [])
    v.trapped = True
    for _ in range(len(D.TRAPS["conveyor_crusher"]["track"]) - 1):
        progress_traps(s, [])
    assert v not in s.victims and s.dead == 1 and s.traps[0].done


def test_a_final_girl_death_trap_completing_loses_the_game():
    s = clear_board(fresh())
    trap_fg(s, [])
    for _ in range(10):
        progress_traps(s, [])
    assert s.result == "lost" and "closes on you" in s.reason


def test_trapped_final_girl_may_not_move_search_or_attack():
    s = clear_board(fresh())
    s.fg_space = D.SEARCH_SPACES[0]
    trap_fg(s, [])
    s.ask = {"kind": "action"}
    keys = legal(s)
    assert "play:walk" not in keys and "play:search" not in keys and "play:weak_attack" not in keys


def test_escape_tasks_in_order_free_the_victim():
    s = clear_board(fresh())
    v = add_victim(s, s.fg_space)
    set_trap(s, "reverse_bear_trap", str(v.id), s.fg_space, [])
    v.trapped = True
    s.ask = {"kind": "action"}
    keys = legal(s)
    assert "task:" + str(s.traps[0].id) in keys
    GAME.apply(s, f"task:{s.traps[0].id}")  # spend 2 Time
    assert s.time == 4 and s.traps[0].task == 1
    trap = s.traps[0]
    run_ops(s, {"op": "line", "line": {"damage": 1}, "trap": trap.id})
    assert not v.trapped and s.traps == [] and s.freed == 1


def test_time_task_may_not_take_time_below_zero():
    s = clear_board(fresh())
    v = add_victim(s, s.fg_space)
    set_trap(s, "reverse_bear_trap", str(v.id), s.fg_space, [])
    v.trapped = True
    s.time = 1
    s.ask = {"kind": "action"}
    assert f"task:{s.traps[0].id}" not in legal(s)


def test_partial_task_progress_is_lost_when_the_action_phase_ends():
    s = clear_board(fresh())
    v = add_victim(s, s.fg_space)
    set_trap(s, "drowning_tank", str(v.id), s.fg_space, [])
    v.trapped = True
    run_ops(s, {"op": "line", "line": {"damage": 1}, "trap": s.traps[0].id})
    assert s.traps[0].progress == 1
    run_ops(s, {"op": "action_end"})
    assert s.traps[0].progress == 0


def test_working_together_adds_a_die_toward_escape_tasks():
    s = clear_board(fresh())
    base = dice_count(s, 1)
    add_victim(s, s.fg_space)
    add_victim(s, s.fg_space)
    assert dice_count(s, 1) == base + 1
    assert dice_count(s, 0) == base - 0


def test_trapped_victims_do_not_move_or_panic():
    s = clear_board(fresh())
    v = add_victim(s, "lobby", trapped=True)
    events: list = []
    panic(s, v, events)
    move_victim(s, v, "office", events, "test")
    assert v.space == "lobby" and events == []


def test_endless_traps_retraps_when_a_victim_is_freed():
    s = clear_board(fresh(dark_power="epic"))
    assert s.dark_power == "endless_traps"
    v = add_victim(s, s.fg_space)
    add_victim(s, "dock")
    s.victim_trap_deck = [c for c in sorted(D.VICTIM_TRAPS) if c != "pressure_plate"]  # cards to trap her with
    set_trap(s, "pressure_plate", str(v.id), s.fg_space, [])
    v.trapped = True
    trap = s.traps[0]
    trap.task = len(D.TRAPS[trap.card]["tasks"]) - 1
    run_ops(s, {"op": "line", "line": {"damage": 1}, "trap": trap.id})
    assert not v.trapped and len(s.traps) == 1


# -- Events ---------------------------------------------------------------------------------------------------


def test_smarter_than_they_look_victims_leave_by_open_exits_alone():
    s = clear_board(fresh())
    for pile in (s.event_deck, s.events_done, s.events_active):
        if "smarter" in pile:
            pile.remove("smarter")  # wherever the opening left it
    s.events_active.append("smarter")
    s.locked.remove("dock")
    s.fg_space = "lobby"
    add_victim(s, "dock")
    run_ops(s, {"op": "upkeep_phase"})
    assert s.saved == 1 and s.saved_alone == 1


def test_you_arent_going_anywhere_locks_every_exit():
    s = fresh()
    s.locked = []
    run_ops(s, {"op": "lock_all"})
    assert sorted(s.locked) == sorted(D.EXITS)


# -- the contract's extras ------------------------------------------------------------------------------------


def test_view_hides_deck_order_and_final_health_tokens():
    s = fresh(7)
    v = msgspec.json.encode(GAME.view(s)).decode()
    assert "token" not in v and "draw_pile" not in v and "event_deck" not in v
    for deck in s.item_decks.values():
        for hidden in deck[:-1]:
            assert f'"{hidden}"' not in v or hidden in s.hands + s.backpack


def test_illegal_keys_say_why():
    s = fresh()
    with pytest.raises(IllegalMove, match="not in your hand"):
        GAME.apply(s, "play:critical_strike")
    with pytest.raises(IllegalMove, match="Reaction"):
        hand_of(s, "guard")
        GAME.apply(s, "play:guard")


def test_odds_are_exact():
    fail, one, two = lines(1, False, 0)
    assert (fail, one, two) == (Fraction(2, 3), Fraction(1, 3), 0)
    assert lines(2, False, 0)[2] == Fraction(1, 9)
    assert lines(1, False, 1)[1] == Fraction(2, 3)  # a 3-4 converted
    assert sum(lines(3, True, 1)) == 1


def test_hint_suggests_a_legal_key():
    s = fresh(9)
    h = GAME.hint(s)
    assert h is not None and h.key in legal(s)


# -- ties, achievements ---------------------------------------------------------------------------------------


def test_tied_targets_are_the_persons_choice_when_asked():
    s = clear_board(fresh(ties="ask"))
    s.finale_revealed, s.killer_space, s.fg_space = True, "lobby", "office"
    add_victim(s, "office")
    add_victim(s, "breakroom")
    s.ask = {}
    run_ops(s, {"op": "killer_action", "target": "closest", "move": 1, "attack": 0})
    assert s.ask["kind"] == "tie"
    assert set(legal(s)) == {"tie:office:fg", "tie:office:v", "tie:breakroom:v"}
    GAME.apply(s, "tie:breakroom:v")
    assert s.killer_space == "breakroom"


def test_infinite_evil_breaks_ties_toward_you():
    s = clear_board(fresh(ties="infinite-evil"))
    s.finale_revealed, s.killer_space, s.fg_space = True, "lobby", "office"
    add_victim(s, "office")
    add_victim(s, "breakroom")
    events = run_ops(s, {"op": "killer_action", "target": "closest", "move": 1, "attack": 0})
    assert s.killer_space == "office" and next(e for e in events if e.kind == "killer_targets")["fg"]


def test_heroic_best_friend_takes_one_damage_of_an_attack_on_you():
    s = clear_board(fresh())
    friend = add_victim(s, s.fg_space, special="best_friend")
    health = s.fg_health
    run_ops(s, {"op": "take_hit", "damage": 2})
    assert s.fg_health == health - 1 and friend in s.victims


def test_achievements_read_from_the_log():
    from engines.core.events import Event
    from engines.final_girl.achievements import TEXT, earned

    log = [
        Event("game_started", 0, "setup", {"extreme": True}),
        Event("victims_placed", 0, "setup", {"count": 2}),
        Event("exit_unlocked", 1, "action", {"how": "bolt_cutters"}),
        Event("trap_set", 1, "killer", {"trap": 4}),
        Event("victim_freed", 2, "action", {"trap": 4, "victim": 3}),
        Event("victim_saved", 2, "action", {"victim": 3, "special": "best_friend"}),
        Event("card_played", 3, "action", {"card": "climb"}),
        Event("card_played", 3, "action", {"card": "leap"}),
        Event("killer_appears", 5, "killer", {}),
        Event("game_won", 6, "action", {"saved": 1, "weapon": "chain_saw"}),
    ]
    got = set(earned(log))
    assert {
        "marrek_win",
        "early_save",
        "half_saved",
        "climb_and_leap",
        "best_friend",
        "item_unlock",
        "chain_saw",
        "tormentor_extreme",
        "freed_and_saved",
        "quick_kill",
        "fast_rescue",
        "no_trap_deaths",
    } <= got
    assert "bowling_ball" not in got and "none_saved" not in got and set(got) <= set(TEXT)
    assert earned(log[:-1]) == [
        "early_save",
        "climb_and_leap",
        "best_friend",
        "item_unlock",
        "freed_and_saved",
        "fast_rescue",
    ]


# -- Marrek Warehouse extras, Dark Powers, Finales --------------------------------------------------------------


def _take_item(s, item):
    for pile in [*s.item_decks.values(), s.items_out]:
        if item in pile:
            pile.remove(item)
    s.backpack.append(item)


def test_forklift_keys_lift_a_victim_down_from_an_adjacent_rack_for_one_time():
    s = clear_board(fresh())
    _take_item(s, "forklift_keys")
    s.fg_space = D.PIT
    v = add_victim(s, "rack_b")
    s.ask = {"kind": "action"}
    assert "forklift:rack_b" in legal(s)
    time = s.time
    GAME.apply(s, "forklift:rack_b")
    assert v.space == D.PIT and s.time == time - 1


def test_the_forklift_moves_with_you_but_never_onto_a_rack_or_an_exit():
    s = clear_board(fresh())
    _take_item(s, "forklift_keys")
    s.fg_space = D.PIT
    s.ask = {"kind": "move", "steps": 2, "mode": "move", "to": ["aisle_e", "aisle_w", "packing"]}
    GAME.apply(s, "to:packing:0")
    assert s.forklift == "packing"
    s.ask = {"kind": "move", "steps": 1, "mode": "move", "to": ["bays"]}
    GAME.apply(s, "to:bays:0")
    s.ask = {"kind": "move", "steps": 1, "mode": "move", "to": ["dock"]}
    GAME.apply(s, "to:dock:0")
    assert s.forklift == "bays"


def test_a_failed_leap_drops_you_to_the_ground_with_your_followers():
    s = clear_board(fresh())
    s.fg_space = "rack_b"
    v = add_victim(s, "rack_b")
    run_ops(s, {"op": "line", "line": {"leap": "fall"}})
    assert s.fg_space == "pit" and v.space == "pit"


def test_overkill_traps_kill_the_victims_sharing_the_trap_space():
    s = clear_board(fresh())
    s.dark_power, s.dark_power_revealed = "overkill_traps", True
    v = add_victim(s, "office")
    bystander = add_victim(s, "office")
    set_trap(s, "conveyor_crusher", str(v.id), "office", [])
    v.trapped = True
    complete_trap(s, s.traps[0], [])
    assert bystander not in s.victims and s.dead == 2


def test_zipp_unlocks_the_locked_exit_he_stands_on_in_upkeep():
    s = clear_board(fresh())
    s.events_active.append("zipp")
    add_victim(s, "fire_exit", special="zipp")
    run_ops(s, {"op": "upkeep_phase"})
    assert "fire_exit" not in s.locked


def test_zero_days_victims_panicking_on_racks_die():
    s = clear_board(fresh())
    s.events_active.append("zero_days")
    for _ in range(12):
        v = add_victim(s, "rack_a")
        panic(s, v, [])
    assert s.dead >= 1


def test_no_escape_finale_locks_the_nearest_open_exit():
    s = clear_board(fresh())
    s.finale_revealed, s.killer_space, s.locked = True, "lobby", []
    run_ops(s, {"op": "lock_run"})
    assert s.killer_space == "entrance" and "entrance" in s.locked


def test_bloodlust_past_the_top_traps_another_victim():
    s = clear_board(fresh())
    add_victim(s, "office")
    s.bloodlust = len(D.ROWS) - 1
    events = run_ops(s, {"op": "bloodlust", "n": 1})
    assert "bloodlust_final" in kinds(events) and "trap_set" in kinds(events)


def test_close_call_rerolls_one_die():
    s = fresh()
    hand_of(s, "walk", "close_call")
    card = s.hand.pop(0)
    s.resolving = card
    s.roll = {
        "card": card,
        "purpose": "action",
        "trap": 0,
        "damage": 0,
        "dice": [1, 1],
        "improvised": False,
        "converted": [],
    }
    s.ask = {"kind": "roll"}
    events = GAME.apply(s, "closecall:0")
    rerolled = next(e for e in events if e.kind == "close_call")
    assert rerolled["dice"][1] == 1 and any(D.card_kind(c) == "close_call" for c in s.used)
    # Re-rolling every die costs 2 Time, and is offered only with 2 Time to spend.
    hand_of(s, "walk", "close_call")
    card = s.hand.pop(0)
    s.resolving = card
    s.roll = {"card": card, "purpose": "action", "trap": 0, "damage": 0, "dice": [1, 1]}
    s.roll.update(improvised=False, converted=[])
    s.ask, s.phase = {"kind": "roll"}, "action"
    s.time = 1
    assert "closecall:all" not in legal(s)
    s.time = 2
    events = GAME.apply(s, "closecall:all")
    assert kinds(events)[:2] == ["time_changed", "close_call"] and events[0]["time"] == 0


def test_hard_hat_is_offered_against_an_attack_and_takes_one_off_when_chosen():
    s = clear_board(fresh())
    hand_of(s, "walk")
    _take_item(s, "hard_hat")
    s.backpack.remove("hard_hat")
    gain_item(s, "hard_hat", [])
    assert s.item_uses["hard_hat"] == 3  # found with its 3 uses
    health = s.fg_health
    run_ops(s, {"op": "attack_fg", "damage": 3, "first": True})
    assert s.ask["kind"] == "react" and legal(s) == ["item:hard_hat", "take"]
    GAME.apply(s, "item:hard_hat")
    assert s.fg_health == health - 2 and s.item_uses["hard_hat"] == 2


def test_hard_hat_answers_one_attack_once_and_is_not_spent_unless_chosen():
    s = clear_board(fresh())
    hand_of(s, "guard")
    _take_item(s, "hard_hat")
    s.item_uses["hard_hat"] = 3
    health = s.fg_health
    run_ops(s, {"op": "attack_fg", "damage": 3, "first": True})
    GAME.apply(s, "item:hard_hat")
    assert s.ask["kind"] == "react" and legal(s) == ["react:guard", "take"]  # the hat is spent for this one
    GAME.apply(s, "take")
    assert s.fg_health == health - 2
    run_ops(s, {"op": "attack_fg", "damage": 2, "first": True})
    GAME.apply(s, "take")
    assert s.fg_health == health - 4 and s.item_uses["hard_hat"] == 2


def test_a_weapon_adds_to_retaliate_and_spends_a_use():
    s = clear_board(fresh())
    s.finale_revealed, s.killer_space = True, s.fg_space
    _take_item(s, "bowling_ball")
    s.backpack.remove("bowling_ball")
    s.hands = ["bowling_ball"]
    s.item_uses["bowling_ball"] = 2
    health = s.killer_health
    resolve_reaction(s, {"damage": 2, "hat": False}, {"block": "all", "deal": 2}, [])
    assert s.killer_health == health - 3 and s.item_uses["bowling_ball"] == 1


def test_lose_health_cannot_be_blocked_by_reactions():
    s = fresh()
    hand_of(s, "guard")
    health = s.fg_health
    run_ops(s, {"op": "line", "line": {"lose_health": 1}})
    assert s.fg_health == health - 1 and s.ask.get("kind") != "react"


def test_the_supervisor_moves_his_whole_space_on_one_die():
    s = clear_board(fresh())
    for e in (s.event_deck, s.events_done, s.events_active):
        if "supervisor" in e:
            e.remove("supervisor")
    s.event_deck.append("supervisor")
    run_ops(s, {"op": "event"})
    boss = next(v for v in s.victims if v.special == "supervisor")
    assert boss.space == "cage" and len(victims_at(s, "cage")) == 3
    events: list = []
    panic_all(s, list(victims_at(s, "cage")), events)
    assert [e.kind for e in events if e.kind in ("group_panics", "victim_panics")] == ["group_panics"]
    assert len({v.space for v in s.victims}) == 1
    kill_victim(s, boss, [], "test")
    assert "supervisor" not in s.events_active and "supervisor" in s.events_done


def test_refusals_name_the_reason_for_tasks_items_and_traps():
    s = clear_board(fresh())
    v = add_victim(s, s.fg_space)
    set_trap(s, "reverse_bear_trap", str(v.id), s.fg_space, [])
    v.trapped = True
    s.time = 1
    s.ask = {"kind": "action"}
    with pytest.raises(IllegalMove, match="Not enough Time"):
        GAME.apply(s, f"task:{s.traps[0].id}")
    with pytest.raises(IllegalMove, match="do not carry"):
        GAME.apply(s, "item:chain_saw")
    trap_fg(s, [])
    with pytest.raises(IllegalMove, match="Trapped"):
        GAME.apply(s, "play:walk")
