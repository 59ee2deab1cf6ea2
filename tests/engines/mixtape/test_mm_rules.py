"""Director's Cut rules, one test per rule (names say which). Dice are loaded with mm_positions.LoadedRng."""

from __future__ import annotations

import msgspec
import pytest
from mm_positions import (
    FIST,
    KNIFE,
    PENT,
    LoadedRng,
    give,
    kinds,
    put_marker,
    ready,
    started,
    top_scene,
    top_supply,
    turn_of,
)

from engines.core.contract import IllegalMove
from engines.mixtape.directors_cut import GAME
from engines.mixtape.directors_cut import rules_data as R

B = R.BOARD


# -- setup ----------------------------------------------------------------------------------------------


def test_setup_one_scene_marker_in_each_of_the_12_locations_meter_at_zero():
    state, events = GAME.setup(5, {})
    assert all(len(t) == 1 for t in state.markers.values()) and len(state.markers) == 12
    assert state.meter == 0 and len(state.bank) == 66 - 12
    assert events[0].kind == "game_started"


def test_each_slasher_has_6_health_and_may_choose_any_starting_point_even_a_taken_one():
    """RB Setting the Scene: "Players may choose the spot they wish to start from"; nothing limits a
    starting point to one slasher."""
    state, _ = GAME.setup(1, {"rivals": "3"})
    assert [s.health for s in state.slashers] == [6, 6, 6, 6]
    GAME.apply(state, GAME.decision(state).options[0].key)
    taken = state.slashers[0].at
    d = GAME.decision(state)
    assert len(d.options) == len(B.starts) == 6
    shared = next(o for o in d.options if o.key == f"start:{taken}")
    assert shared.label.endswith(f"({state.slashers[0].name} already there)")
    GAME.apply(state, shared.key)
    assert state.slashers[1].at == taken


def test_opening_roll_first_player_places_that_many_yellow_lock_tokens():
    state, _ = GAME.setup(3, {})
    events = []
    while state.phase == "start_point":
        events += GAME.apply(state, GAME.decision(state).options[0].key)
    roll = next(e for e in events if e.kind == "opening_roll")
    assert GAME.decision(state).seat == roll["first"]
    placed = 0
    while state.phase == "lock":
        GAME.apply(state, GAME.decision(state).options[0].key)
        placed += 1
    assert placed == roll["locks"] and set(state.locks.values()) == {"yellow"}
    assert state.lock_bank == 14 - placed


def test_the_souvenir_goal_is_the_rulebooks_10_and_auto_is_its_suggested_table():
    """RB Collecting Souvenirs: "The first player to 10 souvenirs wins the game"; the table by player count
    is a suggestion "to adjust the length of play" (the option goal=auto)."""
    for rivals in ("1", "2", "3", "4", "5"):
        assert GAME.setup(0, {"rivals": rivals})[0].goal == 10
    assert GAME.setup(0, {"rivals": "1", "goal": "auto"})[0].goal == 15
    assert GAME.setup(0, {"goal": "auto"})[0].goal == 12
    assert [GAME.setup(0, {"rivals": r, "goal": "auto"})[0].goal for r in ("3", "4", "5")] == [10, 10, 10]


# -- movement -------------------------------------------------------------------------------------------


def test_move_whole_roll_listed_by_name_and_distance_locations_first():
    state = ready()
    turn_of(state, 0, "10-6")
    state.rng = LoadedRng([2, 3])  # 3 + 4 = 7
    GAME.apply(state, "roll")
    d = GAME.decision(state)
    assert d.kind == "move" and "7" in d.prompt
    seen_road = False
    for opt in d.options:
        node = opt.key[3:]
        if B.is_location(node):
            assert not seen_road, "locations are listed first"
        else:
            seen_road = True
            assert state.stops[node] == 7
        assert "step" in opt.label


def test_illegal_move_names_the_exact_roll_rule():
    state = ready()
    turn_of(state, 0, "10-6")
    state.rng = LoadedRng([0, 0])  # 2
    GAME.apply(state, "roll")
    state.rng = state.rng.real
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalMove, match="whole roll"):
        GAME.apply(state, "go:10-3")
    assert msgspec.json.encode(state) == before


# -- killer scenes --------------------------------------------------------------------------------------


def test_kill_takes_the_marker_gives_a_free_search_and_a_killing_spree():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k01")  # 1 knife, 2 souvenirs (the marker and one from the bank)
    top_supply(state, "machete.1")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert "kill_made" in kinds(events) and "free_search" in kinds(events) and "spree" in kinds(events)
    assert len(state.slashers[0].souvenirs) == R.SCENES["k01"].souvenirs == 2
    assert state.slashers[0].supply == "machete.1"
    assert state.current == 0 and state.spree


def test_failed_kill_buries_the_card_and_an_opposing_player_chooses_where_the_marker_runs():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k11")  # 2 knives
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "scene")
    d = GAME.decision(state)
    assert d.kind == "run" and d.seat == state.slashers[state.order[(state.order.index(0) + 1) % 3]].seat
    assert set(d.keys()) == {"run:power", "run:school"}
    assert state.scenes.draw_pile[0] == "k11"  # buried
    GAME.apply(state, "run:school")
    assert state.markers["school"] and not state.markers["farm"] and state.current != 0


def test_failed_kill_in_a_stack_moves_only_one_marker():
    state = ready()
    put_marker(state, "farm")
    put_marker(state, "farm")
    top_scene(state, "k11")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "scene")
    GAME.apply(state, "run:power")
    assert len(state.markers["farm"]) == 1 and len(state.markers["power"]) == 1


def test_a_runner_cancels_the_kill_the_free_search_and_the_spree():
    state = ready()
    put_marker(state, "farm", runner=True)
    top_scene(state, "k01")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert "runner_escaped" in kinds(events) and "free_search" not in kinds(events)
    # the Runner is worth nothing; the card's other souvenir still comes from the bank (RB Runner Tokens)
    assert len(state.slashers[0].souvenirs) == R.SCENES["k01"].souvenirs - 1 and state.current != 0


def test_three_knives_double_the_souvenirs():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k01")
    state.rng = LoadedRng([KNIFE, KNIFE, KNIFE])
    GAME.apply(state, "scene")
    assert len(state.slashers[0].souvenirs) == 2 * R.SCENES["k01"].souvenirs


def test_three_pentagrams_kill_double_and_hurt_every_other_slasher():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k11")
    state.rng = LoadedRng([PENT, PENT, PENT])
    GAME.apply(state, "scene")
    assert len(state.slashers[0].souvenirs) == 2 * R.SCENES["k11"].souvenirs
    assert [s.health for s in state.slashers[1:]] == [5, 5]


def test_three_fists_on_an_attack_bury_the_card_and_may_draw_another():
    """RB Dice Reference: "The player buries the current Killer Scenes, Dude card and can draw a new one"."""
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k02")
    top_scene(state, "k11")
    state.rng = LoadedRng([FIST, FIST, FIST, KNIFE, FIST, FIST])
    events = GAME.apply(state, "scene")
    assert "scene_redrawn" in kinds(events) and state.scenes.draw_pile[0] == "k11"  # buried
    d = GAME.decision(state)
    assert d.kind == "redraw" and d.seat == "slasher1" and d.keys() == ["redraw", "stop"]
    events = GAME.apply(state, "redraw")
    assert kinds(events)[0] == "scene_drawn" and "kill_made" in kinds(events)


def test_three_fists_on_an_attack_then_stopping_ends_the_turn_and_the_marker_stays():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k11")
    state.rng = LoadedRng([FIST, FIST, FIST])
    GAME.apply(state, "scene")
    events = GAME.apply(state, "stop")
    assert "scene_drawn" not in kinds(events) and "marker_ran" not in kinds(events)
    assert state.current != 0 and len(state.markers["farm"]) == 1


def test_noise_on_a_scene_raises_the_hero_meter():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k05")  # noise 1
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert state.meter >= 1 and "noise" in kinds(events)


def test_meter_at_the_fourth_spot_brings_the_hero_before_the_scene():
    state = ready()
    put_marker(state, "farm")
    state.meter = 3
    top_scene(state, "k05")
    state.rng = LoadedRng([KNIFE, KNIFE, FIST, KNIFE, FIST, PENT])  # beat Linda (2 knives), then kill
    events = GAME.apply(state, "scene")
    k = kinds(events)
    assert k.index("hero_arrives") < k.index("hero_defeated") < k.index("kill_made")
    assert state.meter == 0


def test_losing_to_linda_costs_2_health_a_red_lock_and_the_nearest_starting_point():
    state = ready()
    put_marker(state, "farm")
    state.meter = 3
    top_scene(state, "k05")
    state.rng = LoadedRng([PENT, PENT, KNIFE])  # one knife of two, no fist
    events = GAME.apply(state, "scene")
    s = state.slashers[0]
    assert "hero_won" in kinds(events) and s.health == 4
    assert state.locks.get("3-1") == "red" and B.kind[s.at] == "start"
    assert state.hero_at == "farm" and state.card == "" and state.current != 0


def test_fending_off_the_hero_lowers_the_meter_by_one():
    state = ready()
    put_marker(state, "farm")
    state.meter = 3
    top_scene(state, "k05")
    state.rng = LoadedRng([FIST, FIST, PENT, KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert "hero_fended" in kinds(events) and state.meter == 3 and state.hero_at == ""


def test_supply_tokens_are_chosen_before_the_roll_and_each_adds_knives_and_noise():
    state = ready()
    put_marker(state, "farm")
    give(state, 0, "drill.1")
    top_scene(state, "k11")  # 2 knives
    GAME.apply(state, "scene")
    d = GAME.decision(state)
    # a third token cannot help a 2-knife kill that two make sure of (RULES.md "Spends that cannot help")
    assert d.kind == "spend" and d.keys() == ["spend:0", "spend:1", "spend:2"]
    state.rng = LoadedRng([FIST, FIST, PENT])
    events = GAME.apply(state, "spend:2")
    assert "kill_made" in kinds(events) and state.slashers[0].trackers == 1
    assert next(e for e in events if e.kind == "noise")["amount"] == 2


def test_chainsaw_gives_three_knives_per_token_and_two_noise():
    state = ready()
    put_marker(state, "farm")
    give(state, 0, "chainsaw.1")
    top_scene(state, "k28")  # 3 knives
    GAME.apply(state, "scene")
    state.rng = LoadedRng([FIST, FIST, PENT])
    events = GAME.apply(state, "spend:1")
    assert "kill_made" in kinds(events) and state.meter == 1 + 2  # card noise 1 + chainsaw 2


def test_noisy_weapons_do_not_raise_the_meter_in_a_hero_fight():
    state = ready()
    put_marker(state, "farm")
    give(state, 0, "chainsaw.1")
    state.meter = 3
    top_scene(state, "k05")
    GAME.apply(state, "scene")
    assert GAME.decision(state).kind == "spend" and state.purpose == "hero"
    state.rng = LoadedRng([FIST, FIST, PENT])
    events = GAME.apply(state, "spend:1")
    assert "hero_defeated" in kinds(events) and state.meter == 0
    assert "noise" not in kinds(events)


def test_defence_fists_cancel_the_health_loss():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k36")  # 1 damage, 1 fist
    state.rng = LoadedRng([FIST, KNIFE, PENT])
    GAME.apply(state, "scene")
    assert state.slashers[0].health == 6 and state.markers["farm"]


def test_a_failed_defence_loses_the_health_and_ends_the_turn():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k41")  # 1 damage, 2 fists
    state.rng = LoadedRng([FIST, KNIFE, PENT])
    GAME.apply(state, "scene")
    assert state.slashers[0].health == 5 and state.current != 0


def test_triple_knives_on_defence_still_take_the_damage():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k36")
    give(state, 0, "brass_knuckles.1")
    GAME.apply(state, "scene")
    state.rng = LoadedRng([KNIFE, KNIFE, KNIFE])
    GAME.apply(state, "spend:1")
    assert state.slashers[0].health == 5


def test_the_survivor_card_failed_hurts_strips_supplies_takes_souvenirs_and_sends_all_home():
    state = ready()
    put_marker(state, "farm")
    put_marker(state, "school")
    give(state, 0, "drill.1")
    state.slashers[1].souvenirs.append(state.bank.pop(state.bank.index("s58")))
    top_scene(state, "k50")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "scene")
    s0, s1, s2 = state.slashers
    assert s0.health == 4 and s0.supply == ""
    assert s1.souvenirs == [] and s1.health == 6 and s2.health == 5
    assert not state.markers["farm"]
    assert all(B.kind[s.at] == "start" for s in state.slashers)


# -- brawls ---------------------------------------------------------------------------------------------


def brawl_state():
    state = ready()
    put_marker(state, "well")
    turn_of(state, 0, "8-0")
    state.slashers[1].at = "5-0"
    return state


def test_a_brawl_most_knives_wins_the_loser_loses_1_health_and_goes_to_the_nearest_start():
    state = brawl_state()
    state.rng = LoadedRng([1, 1, KNIFE, KNIFE, FIST, FIST, PENT, FIST])  # roll 4; a: 2 knives, d: 0
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:4-0")
    assert "brawl_won" in kinds(events)
    assert state.slashers[1].health == 5 and B.kind[state.slashers[1].at] == "start"


def test_a_brawl_triple_costs_2_health_and_a_souvenir():
    state = brawl_state()
    state.slashers[1].souvenirs.append(state.bank.pop(state.bank.index("s58")))
    state.rng = LoadedRng([1, 1, FIST, FIST, FIST, KNIFE, KNIFE, PENT])
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    assert state.slashers[1].health == 4 and state.slashers[0].souvenirs == ["s58"]


def test_tied_brawls_roll_again():
    state = brawl_state()
    state.rng = LoadedRng([1, 1, KNIFE, FIST, PENT, KNIFE, FIST, PENT, KNIFE, KNIFE, PENT, FIST, PENT, PENT])
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:4-0")
    assert "brawl_tied" in kinds(events) and "brawl_won" in kinds(events)


def test_no_brawl_on_a_starting_point_even_one_another_slasher_holds():
    """RB Engaging in Brawls: "Brawls also CANNOT occur with players on starting points"; a move may end on
    a starting point a rival holds (the rulebook sets no limit of one slasher a starting point)."""
    state = brawl_state()
    state.slashers[1].at = "10-0"
    turn_of(state, 0, "7-0")
    state.rng = LoadedRng([0, 1])  # 3 steps: onto 10-0, where slasher 2 stands
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:10-0")
    assert "brawl_started" not in kinds(events)
    assert state.slashers[0].at == state.slashers[1].at == "10-0" and state.current != 0


# -- searching and supplies -----------------------------------------------------------------------------


def test_search_an_empty_location_but_not_twice_in_a_row():
    state = ready()
    turn_of(state, 0, "3-0")
    state.rng = LoadedRng([0, 0, 0])  # roll 2 into the empty farm, then the Search face
    GAME.apply(state, "roll")
    GAME.apply(state, "go:farm")
    assert GAME.decision(state).kind == "search"
    GAME.apply(state, "search")
    assert state.slashers[0].searched == "farm"
    turn_of(state, 0, "3-0")
    state.rng = LoadedRng([0, 0])
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:farm")
    assert "search_refused" in kinds(events)


def test_one_supply_held_a_new_one_means_a_choice():
    state = ready()
    give(state, 0, "drill.1")
    put_marker(state, "farm")
    top_scene(state, "k01")
    top_supply(state, "machete.1")
    GAME.apply(state, "scene")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "spend:0")
    d = GAME.decision(state)
    assert d.kind == "keep" and d.seat == "slasher1"
    GAME.apply(state, "keep:new")
    assert state.slashers[0].supply == "machete.1" and "drill.1" in state.supplies.discard_pile


def test_the_skeleton_key_is_held_outside_the_inventory_and_opens_locks():
    state = ready()
    give(state, 0, "drill.1")
    state.supplies.draw_pile.remove("skeleton_key.1")
    state.slashers[0].key = "skeleton_key.1"
    put_marker(state, "farm")
    state.locks["3-1"] = "red"
    state.lock_bank -= 1
    turn_of(state, 0, "5-0")
    state.rng = LoadedRng([0, 2])  # 4 steps: 4-0, 3-0, 3-1, farm
    GAME.apply(state, "roll")
    assert "go:farm" in GAME.decision(state).keys()  # noqa: SIM118 (Decision.keys is a method)
    events = GAME.apply(state, "go:farm")
    assert "key_used" in kinds(events) and "3-1" not in state.locks
    assert state.slashers[0].supply == "drill.1"


def test_first_aid_kit_heals_two_at_the_start_of_a_turn():
    state = ready()
    give(state, 0, "first_aid.1")
    state.slashers[0].health = 3
    assert "heal" in GAME.decision(state).keys()  # noqa: SIM118 (Decision.keys is a method)
    GAME.apply(state, "heal")
    assert state.slashers[0].health == 5 and state.slashers[0].supply == ""


def test_here_comes_a_hero_fills_the_meter_and_the_spree_resumes_after_a_win():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k01")
    top_supply(state, "hero.1")
    put_marker(state, "well")  # no restock, so the loaded dice go to the fight
    state.rng = LoadedRng([KNIFE, FIST, PENT, 0, KNIFE, KNIFE, FIST])  # 0: the second souvenir from the bank
    events = GAME.apply(state, "scene")
    k = kinds(events)
    assert "hero_called" in k and "hero_defeated" in k and "spree" in k and state.meter == 0


# -- locks ----------------------------------------------------------------------------------------------


def test_a_yellow_lock_breaks_with_one_knife_and_the_slasher_may_go_in():
    state = ready()
    put_marker(state, "farm")
    state.locks["3-1"] = "yellow"
    state.lock_bank -= 1
    turn_of(state, 0, "3-1")
    top_scene(state, "k01")
    state.rng = LoadedRng([KNIFE, FIST, PENT, KNIFE, FIST, PENT])
    events = GAME.apply(state, "unlock")
    assert "unlock_tried" in kinds(events) and "3-1" not in state.locks
    assert GAME.decision(state).kind == "door"
    events = GAME.apply(state, "enter")
    assert state.slashers[0].at == "farm" and "kill_made" in kinds(events)


def test_a_yellow_lock_holds_against_no_knife():
    state = ready()
    state.locks["3-1"] = "yellow"
    state.lock_bank -= 1
    turn_of(state, 0, "3-1")
    state.rng = LoadedRng([FIST, FIST, PENT])
    GAME.apply(state, "unlock")
    assert state.locks["3-1"] == "yellow" and state.current != 0


def test_a_red_lock_needs_two_knives_and_failing_ends_the_turn():
    state = ready()
    state.locks["3-1"] = "red"
    state.lock_bank -= 1
    turn_of(state, 0, "3-1")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "unlock")
    assert state.locks["3-1"] == "red" and state.current != 0
    state = ready()
    state.locks["3-1"] = "red"
    state.lock_bank -= 1
    turn_of(state, 0, "3-1")
    state.rng = LoadedRng([KNIFE, KNIFE, PENT])
    GAME.apply(state, "unlock")
    assert "3-1" not in state.locks and GAME.decision(state).kind == "door"


# -- restocking, death, winning -------------------------------------------------------------------------


def test_restock_every_location_but_the_last_kill_when_all_are_empty():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k01")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert "restocked" in kinds(events)
    assert not state.markers["farm"] and all(state.markers[loc] for loc in R.LOCATIONS if loc != "farm")


def test_a_dead_slasher_leaves_the_game_and_the_last_standing_wins():
    state = ready(rivals="1")
    put_marker(state, "farm")
    state.slashers[1].health = 1
    top_scene(state, "k11")
    state.rng = LoadedRng([PENT, PENT, PENT])
    GAME.apply(state, "scene")
    assert not state.slashers[1].alive and state.result == "won"
    assert GAME.outcome(state).winners == ("slasher1",) and GAME.decision(state) is None


def test_the_voodoo_doll_brings_a_dead_slasher_back():
    state = ready()
    give(state, 1, "voodoo_doll.1")
    state.slashers[1].health = 1
    put_marker(state, "farm")
    top_scene(state, "k11")
    state.rng = LoadedRng([PENT, PENT, PENT])
    GAME.apply(state, "scene")
    assert state.slashers[1].alive and state.slashers[1].health == 3


def test_the_first_to_the_souvenir_goal_wins():
    state = ready()
    for _ in range(11):
        state.slashers[0].souvenirs.append(
            state.bank.pop(state.bank.index(next(t for t in state.bank if t[0] == "s")))
        )
    put_marker(state, "farm")
    top_scene(state, "k01")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert state.result == "won" and events[-1].kind == "game_over" and events[-1]["why"] == "souvenirs"


# -- hidden information ---------------------------------------------------------------------------------


def test_a_view_shows_marker_counts_never_tokens_or_deck_order():
    state = started(2)
    view = GAME.view(state, "slasher2")
    text = msgspec.json.encode(view).decode()
    assert all(isinstance(n, int) for n in view.markers.values())
    for token in state.bank[:5] + [t for ts in state.markers.values() for t in ts]:
        assert f'"{token}"' not in text
    assert state.scenes.draw_pile[-1] not in text and "draw_pile" not in text


def test_a_locked_location_is_refused_with_the_reason():
    state = ready()
    state.locks["3-1"] = "yellow"
    state.lock_bank -= 1
    turn_of(state, 0, "5-0")
    state.rng = LoadedRng([0, 2])  # 4
    GAME.apply(state, "roll")
    with pytest.raises(IllegalMove, match="locked"):
        GAME.apply(state, "go:farm")
    assert "go:3-1" in GAME.decision(state).keys()  # noqa: SIM118 (Decision.keys is a method)
