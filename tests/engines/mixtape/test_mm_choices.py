"""Director's Cut choices added in rules version 2: the person's slasher, whom to brawl, searching where you
stand, and places named by landmarks."""

from __future__ import annotations

import pytest
from mm_positions import (
    FIST,
    KNIFE,
    PENT,
    LoadedRng,
    kinds,
    park,
    put_marker,
    ready,
    turn_of,
)

from engines.core.autoplay import play
from engines.core.contract import IllegalMove, resolve_options
from engines.mixtape.directors_cut import GAME, places, turns
from engines.mixtape.directors_cut import rules_data as R

B = R.BOARD


# -- the person's slasher -------------------------------------------------------------------------------


@pytest.mark.parametrize("pick", R.SLASHER_IDS)
def test_the_person_chooses_their_slasher_and_rivals_are_dealt_from_the_rest(pick):
    for seed in (0, 7):
        state, events = GAME.setup(seed, {"slasher": pick, "rivals": "5"})
        names = [s.name for s in state.slashers]
        assert names[0] == R.NAME_OF[pick] and state.slashers[0].ability == pick
        assert len(set(names)) == 6
        assert events[0]["names"][0] == R.NAME_OF[pick]


def test_the_slasher_option_defaults_to_a_random_deal_and_refuses_unknown_names():
    dealt = {GAME.setup(seed, {})[0].slashers[0].ability for seed in range(30)}
    assert len(dealt) > 3
    assert resolve_options(GAME, {})["slasher"] == "random"
    with pytest.raises(ValueError, match="slasher"):
        resolve_options(GAME, {"slasher": "freddy"})


def test_a_chosen_slasher_plays_a_whole_game():
    played = play(GAME, 3, "heuristic", {"slasher": "stitches"})
    assert played.state.slashers[0].name == "Stitches" and GAME.outcome(played.state) is not None


# -- whom to brawl ----------------------------------------------------------------------------------------


def crowded():
    """Slasher 0 at 8-0 about to roll 4 onto 4-0, next to slasher 1 (5-0) and slasher 2 (the sewer 3-0)."""
    state = ready()
    put_marker(state, "well")
    turn_of(state, 0, "8-0")
    state.slashers[1].at = "5-0"
    state.slashers[2].at = "3-0"
    return state


def test_with_several_slashers_in_reach_the_mover_chooses_whom_to_brawl():
    state = crowded()
    state.rng = LoadedRng([1, 1])
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:4-0")
    assert "brawl_started" not in kinds(events)
    d = GAME.decision(state)
    assert d.kind == "target" and d.seat == "slasher1"
    assert sorted(d.keys()) == ["brawl:slasher2", "brawl:slasher3"]
    state.rng = LoadedRng([KNIFE, KNIFE, FIST, FIST, PENT, FIST])
    events = GAME.apply(state, "brawl:slasher3")
    started_ = next(e for e in events if e.kind == "brawl_started")
    assert started_["other"] == "slasher3"
    assert state.slashers[2].health == 5 and state.slashers[1].health == 6  # one brawl a landing


def test_a_brawl_target_not_in_reach_is_refused():
    state = crowded()
    state.rng = LoadedRng([1, 1])
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    with pytest.raises(IllegalMove, match="not within reach"):
        GAME.apply(state, "brawl:slasher1")


def test_one_slasher_in_reach_is_brawled_without_a_choice():
    state = crowded()
    park(state, 2)
    state.rng = LoadedRng([1, 1, KNIFE, KNIFE, FIST, FIST, PENT, FIST])
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:4-0")
    assert "brawl_won" in kinds(events)


def test_the_heuristic_brawls_the_rival_it_can_finish():
    state = crowded()
    state.slashers[2].health = 1
    state.rng = LoadedRng([1, 1])
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    hint = GAME.hint(state)
    assert hint.key == "brawl:slasher3" and hint.reason


# -- searching where you stand ----------------------------------------------------------------------------


def test_a_turn_in_an_empty_location_may_start_with_a_search_that_does_not_end_the_turn():
    state = ready()
    state.rng = LoadedRng([0])  # the Search face
    assert "search" in GAME.decision(state).keys()  # noqa: SIM118
    events = GAME.apply(state, "search")
    assert "supply_drawn" in kinds(events) and state.slashers[0].searched == "farm"
    d = GAME.decision(state)
    if d.seat == "slasher1" and d.kind == "keep":
        GAME.apply(state, "keep:new")
        d = GAME.decision(state)
    assert state.current == 0 and "search" not in d.keys()  # noqa: SIM118 (not twice in a row)


def test_a_denied_search_at_the_start_of_a_turn_ends_it():
    state = ready()
    state.rng = LoadedRng([3])  # Denied
    events = GAME.apply(state, "search")
    assert "searched" in kinds(events) and state.current != 0


def test_a_noise_search_at_the_start_of_a_turn_raises_the_meter_and_the_turn_goes_on():
    state = ready()
    state.rng = LoadedRng([5])  # Noise
    GAME.apply(state, "search")
    assert state.meter == 1 and state.current == 0


def test_no_search_where_you_searched_last_or_where_a_victim_waits_or_on_a_spree():
    state = ready()
    state.slashers[0].searched = "farm"
    assert "search" not in GAME.decision(state).keys()  # noqa: SIM118
    with pytest.raises(IllegalMove, match="searched this location last time"):
        GAME.apply(state, "search")
    state = ready()
    put_marker(state, "farm")
    with pytest.raises(IllegalMove, match="Scene Marker"):
        GAME.apply(state, "search")
    state = ready()
    state.spree = True
    assert "search" not in GAME.decision(state).keys()  # noqa: SIM118
    turn_of(state, 0, "5-0")
    with pytest.raises(IllegalMove, match="only empty locations"):
        GAME.apply(state, "search")


# -- places by landmark ------------------------------------------------------------------------------------


def test_starting_points_are_named_by_the_nearest_location_never_by_coordinates():
    names = [B.place(p) for p in B.starts]
    assert len(set(names)) == len(names)
    assert all(" of " in n and "," not in n.split(" of ")[-1] for n in names)
    assert B.place("0-6") == "the starting point north of Galaxy Comics"
    state, _ = GAME.setup(0, {})
    labels = [o.label for o in GAME.decision(state).options]
    assert all("starting point" in label and not any(ch.isdigit() for ch in label) for label in labels)


def test_sewers_and_bonus_tracks_spaces_are_named_by_landmark_too_and_roads_by_the_nearest_entrance():
    for node, kind in B.kind.items():
        if kind in ("bonus", "sewer"):
            assert B.place(node).endswith(B.locations[B.landmark(node)[0]].name) or "(" in B.place(node)
        if kind == "road":
            assert B.place(node).startswith("the road ") and " of " in B.place(node)
            assert places.logged(node) == B.label(node)  # the events' stored fact, never printed as it is
    assert B.place("farm") == "Johnson's Farm"


# -- the Hero roams -----------------------------------------------------------------------------------------


def end_of_round(state):
    """Make the last slasher in turn order current so the next turn starts a new round."""
    state.current = state.order[-1]
    state.phase = "turn"


def test_the_active_hero_walks_a_movement_die_toward_the_nearest_slasher_at_each_new_round():
    state = ready()
    state.hero_at, state.meter = "20-12", 4
    state.slashers[0].at = "10-6"  # the middle of the cross
    for i in range(1, len(state.slashers)):
        park(state, i)
    end_of_round(state)
    before = B.distances("10-6")["20-12"]
    state.rng = LoadedRng([2, 0, 0])  # the Hero rolls 3
    events: list = []
    turns.end_turn(state, events)
    moved = next(e for e in events if e.kind == "hero_moved")
    assert moved["roll"] == 3 and moved["steps"] == 3
    assert B.distances("10-6")[state.hero_at] == before - 3
    assert state.hero_at not in B.locations


def test_the_roaming_hero_stops_beside_its_prey_and_does_not_attack_by_itself():
    state = ready()
    state.hero_at, state.meter = "13-6", 4
    state.slashers[0].at = "10-6"
    end_of_round(state)
    state.rng = LoadedRng([5])  # 6 steps, but only 2 are needed to stand beside 10-6
    events: list = []
    turns.end_turn(state, events)
    assert state.hero_at == "11-6" and "hero_arrives" not in kinds(events)
    assert state.slashers[0].health == 6


def test_the_hero_off_the_board_or_with_only_starting_points_to_hunt_stays_put():
    state = ready()
    state.slashers[0].at = "10-0"  # a starting point
    end_of_round(state)
    events: list = []
    turns.end_turn(state, events)
    assert "hero_moved" not in kinds(events) and state.hero_at == ""
    state = ready()
    state.hero_at, state.meter = "13-6", 4
    for i in range(len(state.slashers)):
        park(state, i)
    end_of_round(state)
    events = []
    turns.end_turn(state, events)
    assert "hero_moved" not in kinds(events) and state.hero_at == "13-6"


# -- the Bonus Tracks cards added from the research's suggested mix ------------------------------------------


def on_bonus(card: str):
    """Slasher 0 at 8-0 rolls 5 onto the Bonus Tracks space 13-0 with `card` on top of the deck."""
    state = ready()
    put_marker(state, "well")
    turn_of(state, 0, "8-0")
    state.bonus.draw_pile.remove(card)
    state.bonus.draw_pile.append(card)
    state.rng = LoadedRng([1, 2])
    GAME.apply(state, "roll")
    return state


def test_bonus_edge_adds_a_knife_to_the_next_attack_roll():
    state = on_bonus("b03")
    GAME.apply(state, "go:13-0")
    assert state.slashers[0].edge == 1
    turn_of(state, 0, "farm")
    put_marker(state, "farm")
    state.scenes.draw_pile.remove("k11")
    state.scenes.draw_pile.append("k11")  # two knives
    state.rng = LoadedRng([KNIFE, FIST, PENT])  # one knife rolled, one from the card
    events = GAME.apply(state, "scene")
    assert "kill_made" in kinds(events) and state.slashers[0].edge == 0


def test_bonus_skip_takes_the_next_turn():
    state = on_bonus("b08")
    GAME.apply(state, "go:13-0")
    assert state.slashers[0].skip
    while state.current != 0 or GAME.decision(state).seat != "slasher1":
        d = GAME.decision(state)
        GAME.apply(state, d.options[-1].key)
        if state.result:
            return
    assert not state.slashers[0].skip


def test_bonus_skip_event_says_the_turn_was_lost():
    state = ready()
    state.slashers[0].skip = True
    end_of_round(state)
    state.current = state.order[state.order.index(0) - 1]
    events: list = []
    turns.end_turn(state, events)
    assert "turn_skipped" in kinds(events) and state.current != 0 and not state.slashers[0].skip


def test_bonus_steal_takes_a_souvenir_from_the_nearest_slasher_within_six_steps():
    state = on_bonus("b13")
    far, near = state.slashers[1], state.slashers[2]
    for s in (far, near):
        s.souvenirs.append(state.bank.pop(state.bank.index(next(t for t in state.bank if t[0] == "s"))))
    near.at = "16-0"  # 3 steps from 13-0; slasher 2 stays parked far away
    GAME.apply(state, "go:13-0")
    assert len(state.slashers[0].souvenirs) == 1 and near.souvenirs == [] and len(far.souvenirs) == 1


def test_bonus_drop_supply_discards_the_supply():
    state = on_bonus("b22")
    state.supplies.draw_pile.remove("drill.1")
    state.slashers[0].supply, state.slashers[0].trackers = "drill.1", 3
    GAME.apply(state, "go:13-0")
    assert state.slashers[0].supply == "" and "drill.1" in state.supplies.discard_pile


def test_bonus_brawl_nearest_starts_a_brawl_with_the_nearest_slasher_off_a_starting_point():
    state = on_bonus("b29")
    state.slashers[2].at = "16-0"
    state.rng = LoadedRng([KNIFE, KNIFE, FIST, FIST, PENT, FIST])
    events = GAME.apply(state, "go:13-0")
    brawl = next(e for e in events if e.kind == "brawl_started")
    assert brawl["other"] == "slasher3" and state.slashers[2].health == 5


def test_bonus_move_any_lets_the_drawer_pick_an_open_location_and_plays_it():
    state = on_bonus("b02")
    put_marker(state, "hospital")
    for e in B.locations["police"].entrances:
        state.locks[e] = "yellow"
        state.lock_bank -= 1
    GAME.apply(state, "go:13-0")
    d = GAME.decision(state)
    assert d.kind == "bonus_move" and d.seat == "slasher1"
    assert "to:hospital" in d.keys() and "to:police" not in d.keys()  # noqa: SIM118 (locked shut)
    with pytest.raises(IllegalMove, match="locked shut"):
        GAME.apply(state, "to:police")
    put_marker(state, "hospital")
    assert GAME.hint(state).key == "to:hospital"  # the most victims, no rival inside
    events = GAME.apply(state, "to:hospital")
    assert "bonus_moved" in kinds(events) and "scene_drawn" in kinds(events)


def test_bonus_swap_trades_places_with_the_chosen_slasher_and_ends_the_turn():
    state = on_bonus("b12")
    other = state.slashers[2]
    was = other.at
    GAME.apply(state, "go:13-0")
    d = GAME.decision(state)
    assert d.kind == "bonus_swap" and sorted(d.keys()) == ["swap:slasher2", "swap:slasher3"]
    events = GAME.apply(state, "swap:slasher3")
    assert "places_swapped" in kinds(events)
    assert state.slashers[0].at == was and other.at == "13-0" and state.current != 0


def test_the_two_entrances_of_a_location_are_named_by_side_and_lock_choices_carry_no_coordinates():
    assert [B.place(e) for e in B.locations["school"].entrances] == [
        "the north entrance of Tall Oaks High School",
        "the south entrance of Tall Oaks High School",
    ]
    assert B.place(B.locations["farm"].entrances[0]) == "the entrance of Johnson's Farm"
    state, _ = GAME.setup(3, {})
    while state.phase == "start_point":
        GAME.apply(state, GAME.decision(state).options[0].key)
    d = GAME.decision(state)
    assert d.kind == "lock"
    labels = [o.label for o in d.options]
    assert len(set(labels)) == len(labels) and not any(ch.isdigit() for label in labels for ch in label)
