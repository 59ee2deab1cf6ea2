"""Escape From Tall Oaks rules, one test per rule (named as in engines/mixtape/tall_oaks/RULES.md)."""

from __future__ import annotations

import msgspec
import pytest
from efto_positions import GAME, clear, drop_all, fresh, give, put, scene

from engines.core.contract import IllegalMove
from engines.mixtape.tall_oaks import (
    finals,
    health,
    movement,
    rescues,
    scenes,
    scuffles,
    searching,
    slasher,
    turns,
)
from engines.mixtape.tall_oaks import rules_data as R

ROLL = {"action": 0, "shield": 0, "escape": 0}


def found(events) -> bool:
    """A supply card was drawn (the Traitor card is drawn face down and pocketed)."""
    return any(e.kind in ("supply_found", "card_pocketed") for e in events)


def count(**kw: int) -> dict[str, int]:
    return {**ROLL, **kw}


# -- setup ---------------------------------------------------------------------------------------------


def test_setup_smiley_meter_tasks_and_ten_scene_markers_none_in_the_rec_center():
    state, _ = GAME.setup(1, {})
    assert R.SLASHERS[state.slasher].name == "Smiley" and state.meter == 0 and not state.slasher_at
    assert len(state.markers) == 10 and all(state.markers.values()) and "rec" not in state.markers
    assert state.center == [4, 3, 2, 1] and state.done == [False] * 4 and not state.helipad


def test_setup_each_survivor_has_six_health_a_bat_with_two_trackers_and_a_face_down_final_scene():
    state, _ = GAME.setup(2, {"rivals": "5", "deal": "1"})  # the box's own cards (the first content edition)
    assert len(state.survivors) == 6
    for x in state.survivors:
        assert x.health == 6 and len(x.supplies) == 1 and R.supply(x.supplies[0]).name == "Baseball Bat"
        assert x.trackers[x.supplies[0]] == 2 and x.final in R.FINAL_SCENES and not x.revealed
    assert len(state.finals) == 8 - 6


def test_rulebook_supply_values_chainsaw_and_baseball_bat():
    saw, bat = R.SUPPLY_TYPES["chainsaw"], R.SUPPLY_TYPES["bat"]
    assert (saw.kind, saw.amount, saw.noise, saw.uses) == ("action", 2, 2, 2)
    assert bat.kind == "action" and bat.uses == 2
    assert (
        [len(cards) for cards in GAME.content(1).values()] == [10, 40, 56, 30, 8]  # survivors, scenes...
    )


def test_starting_points_are_chosen_and_only_one_survivor_per_point():
    state, _ = GAME.setup(3, {})
    first = GAME.decision(state).options[0].key
    GAME.apply(state, first)
    keys = GAME.decision(state).keys()
    assert first not in keys
    with pytest.raises(IllegalMove):
        GAME.apply(state, first)


# -- moving --------------------------------------------------------------------------------------------


def test_movement_two_dice_and_one_die_when_injured_at_two_health():
    state = fresh(4)
    GAME.apply(state, "roll")
    assert len(state.roll) == 2
    state = fresh(4)
    state.survivors[0].health = 2
    GAME.apply(state, "roll")
    assert len(state.roll) == 1
    state = fresh(4)
    state.survivors[0].health = 3  # not yet injured
    GAME.apply(state, "roll")
    assert len(state.roll) == 2


def test_movement_never_ends_on_a_starting_point_another_survivor_holds():
    for seed in range(30):
        state = fresh(seed)
        GAME.apply(state, "roll")
        if state.phase != "move":
            continue
        others = {x.at for x in state.survivors[1:]}
        assert not others & set(state.stops)


# -- Killer Scenes -------------------------------------------------------------------------------------


def test_rescue_needs_a_weapon_unarmed_survivor_is_sent_to_a_starting_point():
    state = fresh(5)
    drop_all(state, 0)
    put(state, 0, "school")
    scene(state, "ks01")
    ev: list = []
    scenes.play_card(state, ev)
    assert any(e.kind == "unarmed" for e in ev)
    assert R.BOARD.kind[state.survivors[0].at] == "start" and state.markers["school"]


def test_rescue_success_takes_the_marker_extra_tokens_from_the_bank_and_a_free_supply():
    state = fresh(6)
    put(state, 0, "school")
    marker = state.markers["school"]
    scene(state, "ks04")  # two rescues
    state.spender = 0
    ev: list = []
    rescues.resolve_rescue(state, "ok", ev)
    x = state.survivors[0]
    assert marker in x.rescues and len(x.rescues) == 2 and not state.markers["school"]
    assert len(x.supplies) + len(x.traitors) == 2 and found(ev)


def test_rescue_failure_sends_you_to_the_nearest_free_starting_point():
    state = fresh(7)
    put(state, 0, "school")
    scene(state, "ks10")
    ev: list = []
    rescues.resolve_rescue(state, "fail", ev)
    x = state.survivors[0]
    free = [p for p in R.BOARD.starts if all(o.at != p for o in state.survivors[1:])]
    assert x.at == R.BOARD.nearest("school", free) and state.markers["school"]


def test_defend_failure_costs_health_and_you_stay_to_draw_again_next_turn_without_rolling():
    state = fresh(8)
    put(state, 0, "school")
    scene(state, "ks26")
    ev: list = []
    rescues.resolve_defend(state, "fail", ev)  # two shields needed, one rolled
    assert state.survivors[0].health == 6 - R.SCENES["ks26"].damage and state.survivors[0].at == "school"
    state.current, state.phase = 0, "turn"
    keys = GAME.decision(state).keys()
    assert "draw" in keys


def test_defend_success_costs_nothing():
    state = fresh(8)
    put(state, 0, "school")
    scene(state, "ks25")
    rescues.resolve_defend(state, "ok", [])
    assert state.survivors[0].health == 6


def test_too_late_card_costs_health_with_no_defence():
    state = fresh(9)
    put(state, 0, "school")
    scene(state, "ks35")
    scenes.play_card(state, [])
    assert state.survivors[0].health == 6 - R.SCENES["ks35"].damage


def test_scene_noise_that_fills_the_meter_brings_the_slasher_first_then_the_card_after_a_win():
    state = fresh(10)
    put(state, 0, "school")
    state.meter = 3
    state.scenes.draw_pile.remove("ks04")
    state.scenes.draw_pile.append("ks04")
    ev: list = []
    scenes.scene(state, ev)
    assert state.purpose == "fight" and state.slasher_at == "school"
    slasher.resolve_fight(state, ["action", "action", "shield"], count(action=2, shield=1), True, ev)
    assert state.meter == 0 and not state.slasher_at
    assert state.card == "ks04" and state.purpose == "rescue"


def test_invaders_failure_hurts_everyone_and_the_power_goes_out():
    state = fresh(11)
    put(state, 0, "school")
    state.done[0] = True
    state.survivors[0].rescues += [state.bank.pop(), state.bank.pop()]
    state.survivors[1].rescues += [state.bank.pop(), state.bank.pop()]
    scene(state, "ks40")
    rescues.resolve_invaders(state, "fail", [])
    a, b, c = state.survivors
    assert a.health == 4 and len(a.rescues) == 1  # 2 health and 1 rescue token
    assert len(b.rescues) == 1 and b.health == 6 and c.health == 5  # 1 token, or 1 health without one
    assert state.done[0] is False and state.center[-1] == 1


# -- the Slasher ---------------------------------------------------------------------------------------


def test_slasher_meter_attacks_at_the_fourth_spot():
    state = fresh(12)
    assert slasher.noise(state, 3, 0, [], "scene") is False and state.meter == 3
    assert slasher.noise(state, 1, 0, [], "scene") is True and state.meter == 4


def test_fight_defeat_sends_the_slasher_to_the_woods_and_resets_the_meter():
    state = fresh(13)
    put(state, 0, "school")
    slasher.start_fight(state, 0, "normal", "end", [])
    slasher.resolve_fight(state, ["action", "action", "escape"], count(action=2, escape=1), True, [])
    assert not state.slasher_at and state.meter == 0


def test_fight_failure_costs_the_cards_health_and_supplies_and_the_slasher_stays_active():
    state = fresh(14)
    put(state, 0, "school")
    give(state, 0, "lid.1")  # gained last: Smiley's one supply lost
    slasher.start_fight(state, 0, "normal", "end", [])
    slasher.resolve_fight(state, ["escape", "shield", "shield"], count(shield=2, escape=1), True, [])
    x = state.survivors[0]
    assert x.health == 5 and len(x.supplies) == 1 and "lid.1" not in x.supplies  # Smiley: 1 health, 1 supply
    assert R.BOARD.kind[x.at] == "start" and state.slasher_at == "school"
    assert slasher.noise(state, 1, 1, [], "scene") is True  # an active Slasher answers any noise


def test_fight_escape_costs_nothing_and_sends_you_to_a_starting_point():
    state = fresh(15)
    put(state, 0, "school")
    slasher.start_fight(state, 0, "normal", "end", [])
    slasher.resolve_fight(state, ["escape", "escape", "shield"], count(escape=2, shield=1), True, [])
    x = state.survivors[0]
    assert x.health == 6 and R.BOARD.kind[x.at] == "start" and state.slasher_at == "school"


def test_unarmed_survivor_cannot_defeat_a_slasher():
    state = fresh(15)
    drop_all(state, 0)
    put(state, 0, "school")
    slasher.start_fight(state, 0, "normal", "end", [])
    slasher.resolve_fight(state, ["action"] * 2 + ["shield"], count(action=2, shield=1), False, [])
    assert state.slasher_at == "school" and state.survivors[0].health < 6


def test_triple_escapes_get_you_away_from_the_legend():
    state = fresh(16)
    state.slasher, state.meter = R.LEGEND, R.METER
    put(state, 0, "school")
    slasher.start_fight(state, 0, "normal", "end", [])
    slasher.resolve_fight(state, ["escape"] * 3, count(escape=3), True, [])
    assert state.survivors[0].health == 6 and state.meter == R.METER


def test_noisy_weapons_make_no_noise_in_fights():
    state = fresh(17)
    drop_all(state, 0)
    give(state, 0, "chainsaw.1")
    put(state, 0, "school")
    slasher.start_fight(state, 0, "normal", "end", [])
    events = GAME.apply(state, "spend:chainsaw.1x1")
    assert not any(e.kind == "noise" for e in events) and state.pending_noise == 0


def test_noisy_weapons_raise_the_meter_in_rescues():
    state = fresh(18)
    drop_all(state, 0)
    give(state, 0, "chainsaw.1")
    put(state, 0, "school")
    scene(state, "ks01")
    scenes.play_card(state, [])
    events = GAME.apply(state, "spend:chainsaw.1x1")
    assert any(e.kind == "noise" and e["amount"] == 2 for e in events)


def test_proximity_landing_next_to_an_active_slasher_starts_a_fight():
    state = fresh(19)
    state.slasher_at, state.meter = "5-0", R.METER
    put(state, 0, "4-0")
    movement.arrive(state, [])
    assert state.purpose == "fight"


# -- Tasks ---------------------------------------------------------------------------------------------


def test_tasks_are_picked_up_in_the_rec_center_and_take_a_slot():
    state = fresh(20)
    put(state, 0, "rec")
    movement.arrive(state, [])
    assert state.phase == "task"
    GAME.apply(state, "task:take")
    assert state.survivors[0].tasks == [1] and state.center == [4, 3, 2]


def test_task_refused_with_a_full_inventory():
    state = fresh(20)
    put(state, 0, "rec")
    movement.arrive(state, [])
    assert GAME.decision(state).option("task:take") is not None  # the bat fills one of the two slots
    state = fresh(20)
    give(state, 0, "knife.1")
    put(state, 0, "rec")
    movement.arrive(state, [])
    with pytest.raises(IllegalMove, match="full"):
        GAME.apply(state, "task:take")
    GAME.apply(state, "task:swap:knife.1")
    assert state.survivors[0].tasks == [1] and "knife.1" not in state.survivors[0].supplies


def test_a_task_card_may_be_let_go_for_a_new_supply_and_goes_back_to_the_pile_in_order():
    state = fresh(20)
    drop_all(state, 0)
    x = state.survivors[0]
    state.center.remove(2)
    state.center.remove(4)
    x.tasks = [4, 2]
    searching.give_supply(state, 0, "end", [])
    if state.phase != "keep":  # the Traitor card takes no slot: draw again
        searching.give_supply(state, 0, "end", [])
    keys = GAME.decision(state).keys()
    assert "drop:task:4" in keys and "drop:task:2" in keys
    new = state.drawn
    GAME.apply(state, "drop:task:4")
    assert x.tasks == [2] and x.supplies == [new] and state.center == [4, 3, 1]
    assert GAME.invariants(state) == []


def test_tasks_must_be_completed_in_order():
    state = fresh(21)
    state.center.remove(2)
    state.survivors[0].tasks = [2]
    put(state, 0, "police")
    clear(state, "police")
    with pytest.raises(IllegalMove, match="in order"):
        GAME.apply(state, "task")


def test_task_location_must_be_cleared():
    state = fresh(22)
    state.center.remove(1)
    state.survivors[0].tasks = [1]
    put(state, 0, "power")
    with pytest.raises(IllegalMove, match="not cleared"):
        GAME.apply(state, "task")


def test_task_one_completes_at_the_power_plant_with_a_free_search():
    state = fresh(23)
    state.center.remove(1)
    state.survivors[0].tasks = [1]
    put(state, 0, "power")
    clear(state, "power")
    events = GAME.apply(state, "task")
    assert state.done[0] and found(events)


def test_task_two_is_a_final_battle_with_smiley_then_sarah_takes_over():
    state = fresh(24)
    state.done[0] = True
    state.center.remove(1)
    state.center.remove(2)
    state.survivors[0].tasks = [2]
    put(state, 0, "police")
    clear(state, "police")
    GAME.apply(state, "task")
    assert state.fight == "task" and state.slasher_at == "police"
    slasher.resolve_fight(state, ["action", "action", "shield"], count(action=3), True, [])
    assert state.done[1] and R.SLASHERS[state.slasher].name == "Sarah" and state.meter == 0


def test_task_four_brings_the_legend_with_the_meter_full_for_good_and_the_helipad():
    state = fresh(25)
    state.done = [True, True, True, False]
    state.slasher = 1
    state.center = []
    state.survivors[0].tasks = [4]
    put(state, 0, "gas")
    clear(state, "gas")
    GAME.apply(state, "task")
    slasher.resolve_fight(state, ["action", "action", "shield"], count(action=3), True, [])
    assert state.slasher == R.LEGEND and state.meter == R.METER and state.helipad
    slasher.start_fight(state, 1, "normal", "end", [])
    slasher.resolve_fight(state, ["action", "action", "shield"], count(action=4), True, [])
    assert state.meter == R.METER  # The Legend's meter stays full when he is defeated


# -- Final Scenes and the escape -----------------------------------------------------------------------


def _endgame(seed: int, rescues: int = 5):
    """Every Task done, The Legend out, survivor1 holding `rescues` tokens (at five its card has turned over,
    as it would have the moment the fifth arrived)."""
    state = fresh(seed)
    state.done, state.center, state.helipad = [True] * 4, [], True
    state.slasher, state.meter = R.LEGEND, R.METER
    x = state.survivors[0]
    x.rescues = [state.bank.pop() for _ in range(rescues)]
    finals.flip_ready(state, [])
    return state, x


def _rescue_here(state, loc: str, card: str = "ks01") -> list:
    """survivor1 at `loc` wins an ordinary rescue of `card` there."""
    put(state, 0, loc)
    scene(state, card)
    ev: list = []
    rescues.resolve_rescue(state, "ok", ev)
    return ev


def test_final_scene_turns_over_by_itself_on_the_fifth_rescue_and_replaces_the_scene_marker():
    """RB Final Scenes: "Once all tasks have been completed and the player has successfully acquired their 5
    (five) Rescue tokens, that player flips over their Final Scenes, Dude card": no choice, no waiting."""
    state, x = _endgame(26, rescues=4)
    assert not x.revealed and not state.final_tokens
    loc = R.FINAL_SCENES[x.final].location
    where = next(m for m in R.MARKER_LOCATIONS if m != loc)
    ev = _rescue_here(state, where)
    kinds = [e.kind for e in ev]
    free_supply = next(i for i, k in enumerate(kinds) if k in ("supply_found", "card_pocketed"))
    assert kinds.index("rescue") < kinds.index("final_revealed") < free_supply  # at once, mid-turn
    assert x.revealed and state.final_tokens[loc] == x.seat and not state.markers[loc]
    assert GAME.view(state, "survivor2").survivors[0].final == x.final


def test_final_rescue_fight_uses_the_final_scene_card_and_the_first_to_the_helipad_wins():
    state, x = _endgame(27)
    fs = R.FINAL_SCENES[x.final]
    put(state, 0, fs.location)
    movement.arrive(state, [])
    assert state.fight == "final" and slasher.fight_stats(state, 0, "final")[:2] == (fs.actions, 0)
    slasher.resolve_fight(state, ["action", "action", "shield"], count(action=fs.actions), True, [])
    assert x.final_token and fs.location not in state.final_tokens
    state.current, state.phase = 0, "turn"
    put(state, 0, "rec")
    movement.arrive(state, [])
    assert GAME.outcome(state).winners == ("survivor1",)


# -- the town ------------------------------------------------------------------------------------------


def test_restocking_refills_every_location_but_the_last_cleared():
    state = fresh(28)
    for loc in R.MARKER_LOCATIONS:
        if loc != "school":
            clear(state, loc)
    put(state, 0, "school")
    scene(state, "ks01")
    rescues.resolve_rescue(state, "ok", [])
    assert not state.markers["school"] and all(
        state.markers[loc] for loc in R.MARKER_LOCATIONS if loc != "school"
    )


def test_rec_center_is_closed_to_rescues_and_searches():
    state = fresh(29)
    put(state, 0, "rec")
    keys = GAME.decision(state).keys()
    assert "search" not in keys and "draw" not in keys
    with pytest.raises(IllegalMove, match="closed"):
        GAME.apply(state, "search")


def test_no_search_of_the_same_location_twice_in_a_row():
    state = fresh(30)
    put(state, 0, "school")
    clear(state, "school")
    keys = GAME.decision(state).keys()
    assert "search" in keys
    state.survivors[0].searched = "school"
    with pytest.raises(IllegalMove, match="last time"):
        GAME.apply(state, "search")


def test_a_survivor_at_zero_health_dies_and_drops_everything():
    state = fresh(31)
    x = state.survivors[1]
    x.rescues.append(state.bank.pop())
    state.center.remove(1)
    x.tasks = [1]
    health.hurt(state, 1, 6, "scene", [])
    assert (
        not x.alive and not x.at and not x.rescues and state.center[-1] == 1 and GAME.invariants(state) == []
    )


# -- information and the contract -----------------------------------------------------------------------


def test_view_hides_face_down_final_scenes_and_deck_order():
    state = fresh(32)
    blob = msgspec.json.encode(GAME.view(state, "survivor1")).decode()
    assert all(x.final not in blob for x in state.survivors)
    assert state.supplies.draw_pile[-1] not in blob and "draw_pile" not in blob


def test_a_view_holds_its_own_copy_of_the_bonuses_the_engine_caches():
    """A policy may do as it likes with its view: emptying one view's best bonuses empties no other's."""
    state = fresh(34)
    first = GAME.view(state, "survivor1")
    assert first.most
    first.most.clear()
    assert GAME.view(state, "survivor1").most


def test_illegal_keys_are_refused_with_a_reason_and_the_state_untouched():
    state = fresh(33)
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalMove, match="Scene Marker"):
        GAME.apply(state, "draw") if not state.markers.get(state.survivors[0].at) else None
    assert msgspec.json.encode(state) == before


# -- the board -----------------------------------------------------------------------------------------


def test_board_has_eleven_locations_with_farm_and_rec_center_as_two_entrance_shortcuts():
    assert len(R.BOARD.locations) == 11 and sorted(R.MULTI_ENTRANCE) == ["farm", "rec"]
    assert len(R.BOARD.locations["farm"].entrances) == len(R.BOARD.locations["rec"].entrances) == 2
    assert set(R.TASK_LOCATIONS) <= set(R.MARKER_LOCATIONS) and len(R.BOARD.starts) == 6
    assert {loc.location for loc in R.FINAL_SCENES.values()} <= set(R.MARKER_LOCATIONS)


def test_an_empty_farm_is_a_shortcut_and_the_rec_center_always_is():
    state = fresh(34)
    assert movement.shortcuts_open(state) == ("rec",)
    clear(state, "farm")
    assert sorted(movement.shortcuts_open(state)) == ["farm", "rec"]


# -- scuffles ------------------------------------------------------------------------------------------


def test_scuffle_first_triple_wins_else_most_actions_and_ties_roll_again():
    r = scuffles.scuffle_round
    assert r(["escape"] * 3, ["action", "action", "shield"]) == (0, "triple")
    assert r(["action", "shield", "escape"], ["shield"] * 3) == (1, "triple")
    assert r(["action", "action", "shield"], ["action", "shield", "escape"]) == (0, "actions")
    assert r(["action", "shield", "shield"], ["action", "escape", "escape"]) == (-1, "")
    assert r(["shield"] * 3, ["escape"] * 3) == (-1, "")


def test_scuffle_is_offered_next_to_a_rival_and_is_optional():
    state = fresh(35)
    put(state, 1, "4-0")
    put(state, 0, "5-0")
    movement.arrive(state, [])
    keys = GAME.decision(state).keys()
    assert state.phase == "scuffle" and "scuffle:survivor2" in keys and "scuffle:no" in keys
    GAME.apply(state, "scuffle:no")
    assert state.phase != "scuffle"


def test_scuffle_loser_loses_one_health_and_goes_to_a_starting_point():
    for seed in range(40):
        state = fresh(seed)
        put(state, 1, "school")
        put(state, 0, "school")
        state.survivors[1].rescues.append(state.bank.pop())
        movement.arrive(state, [])
        events = GAME.apply(state, "scuffle:survivor2")
        fight = next(e for e in events if e.kind == "scuffle")
        if fight["how"] == "none":
            continue
        loser = state.survivors[0 if fight["loser"] == "survivor1" else 1]
        assert loser.health == 5 and R.BOARD.kind[loser.at] == "start"
        if fight["how"] == "triple" and fight["winner"] == "survivor1":
            assert len(state.survivors[0].rescues) == 1
        if fight["loser"] == "survivor1":
            assert state.current != 0 and not any(e.kind == "scene_drawn" for e in events)
    assert GAME.invariants(state) == []


# -- the Traitor card ----------------------------------------------------------------------------------


def _traitor_turn(seed: int):
    state = fresh(seed)
    x = state.survivors[0]
    state.supplies.draw_pile.remove("traitor.1")
    x.traitors.append("traitor.1")
    state.current = 2
    turns.end_turn(state, [])  # survivor1's turn begins
    return state, x


def test_traitor_card_is_held_outside_the_inventory_and_hidden_from_rivals():
    state = fresh(36)
    state.supplies.draw_pile.remove("traitor.1")
    state.supplies.draw_pile.append("traitor.1")
    searching.give_supply(state, 0, "end", [])
    x = state.survivors[0]
    assert x.traitors == ["traitor.1"] and len(x.supplies) == 1
    assert GAME.view(state, "survivor1").survivors[0].traitors == 1
    assert GAME.view(state, "survivor2").survivors[0].traitors == 0


def test_traitor_card_must_be_used_at_the_start_of_the_turn_and_ends_it():
    state, x = _traitor_turn(37)
    assert state.current == 0 and state.phase == "traitor"
    with pytest.raises(IllegalMove):
        GAME.apply(state, "roll")
    GAME.apply(state, "traitor:survivor2:start")
    assert not x.traitors and "traitor.1" in state.supplies.discard_pile and state.current != 0
    assert R.BOARD.kind[state.survivors[1].at] == "start"


def test_traitor_steals_a_rescue_token_a_supply_or_a_task():
    state, x = _traitor_turn(38)
    o = state.survivors[1]
    o.rescues.append(state.bank.pop())
    GAME.apply(state, "traitor:survivor2:rescue")
    assert len(x.rescues) == 1 and not o.rescues
    state, x = _traitor_turn(39)
    bat = state.survivors[1].supplies[0]
    GAME.apply(state, f"traitor:survivor2:supply:{bat}")
    assert bat in x.supplies and x.trackers[bat] == 2 and not state.survivors[1].supplies
    state, x = _traitor_turn(40)
    state.center.remove(1)
    state.survivors[1].tasks = [1]
    GAME.apply(state, "traitor:survivor2:task:1")
    assert x.tasks == [1] and GAME.invariants(state) == []


def test_a_final_scene_turned_over_where_you_stand_is_faced_at_the_start_of_your_next_turn():
    state, x = _endgame(41, rescues=4)
    x.final = next(f for f, fs in R.FINAL_SCENES.items() if fs.location == "church")
    state.finals = [f for f in R.FINAL_SCENES if f not in {o.final for o in state.survivors}]
    ev = _rescue_here(state, "church")  # the fifth token, at the Final Scene's own location
    assert x.revealed and state.final_tokens["church"] == x.seat
    assert "slasher_attacks" not in [e.kind for e in ev]  # not in the same turn
    while state.phase == "keep":
        GAME.apply(state, GAME.decision(state).options[-1].key)
    state.current, state.phase = 0, "turn"
    keys = GAME.decision(state).keys()
    assert "final" in keys and "roll" in keys
    GAME.apply(state, "final")
    assert state.fight == "final" and state.slasher_at == "church"


def test_a_turn_with_nothing_to_choose_but_the_roll_rolls_at_once():
    state = fresh(70)
    state.current = 2
    ev: list = []
    turns.end_turn(state, ev)  # survivor1 on a starting point: nothing to do but roll
    assert state.current == 0 and state.phase == "move" and "moved_roll" in [e.kind for e in ev]
    state = fresh(70)
    put(state, 0, "school")  # a Scene Marker here: drawing is a choice, so the turn waits
    state.current = 2
    ev = []
    turns.end_turn(state, ev)
    assert state.phase == "turn" and "moved_roll" not in [e.kind for e in ev]
    keys = GAME.decision(state).keys()
    assert "draw" in keys and "roll" in keys


def test_nobody_turns_the_final_scene_over_by_choice():
    state, x = _endgame(42)
    assert x.revealed  # it turned over by itself
    keys = GAME.decision(state).keys()
    assert "reveal" not in keys
    with pytest.raises(IllegalMove, match="already face up"):
        GAME.apply(state, "reveal")
    state, x = _endgame(43, rescues=4)
    with pytest.raises(IllegalMove, match="turns over by itself as soon as all four Tasks are done"):
        GAME.apply(state, "reveal")


def test_the_final_scene_stays_face_down_before_every_task_and_the_fifth_rescue():
    state, x = _endgame(43, rescues=4)
    assert not x.revealed and not state.final_tokens  # four rescues: face down
    state, x = _endgame(44, rescues=4)
    state.done, state.helipad = [True, True, True, False], False
    _rescue_here(state, "school")  # the fifth rescue token, with Task #4 undone
    assert len(x.rescues) == 5 and not x.revealed and not state.final_tokens


def test_a_second_traitor_card_waits_for_the_next_turn_because_using_one_ends_the_turn():
    state = fresh(47)
    x = state.survivors[0]
    for card in [c for c in state.supplies.draw_pile if R.supply(c).kind == "traitor"][:2]:
        state.supplies.draw_pile.remove(card)
        x.traitors.append(card)
    state.current = 2
    turns.end_turn(state, [])
    assert state.phase == "traitor" and len(x.traitors) == 2
    keys = GAME.decision(state).keys()
    GAME.apply(state, next(k for k in keys if k.endswith(":start")))
    assert len(x.traitors) == 1 and state.current != 0  # the turn is over
    while state.current != 0:
        turns.end_turn(state, [])
    assert state.phase == "traitor"


def test_supply_noise_that_calls_the_slasher_comes_after_the_rescue_tokens_are_taken():
    """RB Using Supplies That Draw A Slasher: the card is discarded, the rescue tokens taken, then the fight."""
    for seed in range(60, 120):
        state = fresh(seed)
        drop_all(state, 0)
        give(state, 0, "chainsaw.1")
        put(state, 0, "school")
        scene(state, "ks01")
        scenes.play_card(state, [])
        state.meter = R.METER - 2
        events = GAME.apply(state, "spend:chainsaw.1x1")  # 2 Actions for a 1-Action card, and 2 noise
        kinds = [e.kind for e in events]
        roll = next(e for e in events if e.kind == "action_roll")
        if "combo" in kinds or len(set(roll["dice"])) == 1:
            continue  # a triple reads differently; this rule is about the ordinary reading
        x = state.survivors[0]
        assert kinds.index("rescue") < kinds.index("slasher_attacks")
        assert len(x.rescues) == 1 and not state.markers["school"] and state.card == ""
        assert state.fight == "normal" and state.slasher_at == "school"
        return
    raise AssertionError("every seed rolled a triple")
