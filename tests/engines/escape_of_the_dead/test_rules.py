"""One or more tests for every rule in engines/escape_of_the_dead/RULES.md (the test names are cited there)."""

from __future__ import annotations

import pytest
from eotd_positions import LoadedDice, position
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core.contract import IllegalMove
from engines.escape_of_the_dead import GAME
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.state import ASSIGN, OVER, REWARD, ROLL


def kinds(events):
    return [e.kind for e in events]


def only(events, kind):
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, kinds(events)
    return found[0]


# -- setup ------------------------------------------------------------------------------------------------------


def test_setup_full_barricade_one_zombie_then_first_spawn():
    state, events = GAME.setup(1)
    assert kinds(events) == ["game_started", "turn_started", "zombies_spawn"]
    assert events[0]["barricade"] == 10 and events[0]["zombies"] == 1
    # FAQ: on the first turn there are 2 zombies on the lawn (the initial threat and one spawned).
    assert state.zombies == 2 and state.barricade == 10 and state.repairs == 0 and state.kills == 0
    assert state.turn == 1 and state.phase == ASSIGN


@pytest.mark.parametrize("start", [1, 4, 9])
def test_option_harder_start_marks_fewer_boards(start):
    state, events = GAME.setup(1, {"barricade": str(start)})
    assert state.barricade == start and events[0]["barricade"] == start


def test_option_rejects_a_barricade_above_the_card():
    with pytest.raises(ValueError, match="barricade"):
        GAME.setup(1, {"barricade": "11"})


# -- phase 1: spawn --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("repairs", "level"), [(0, 1), (2, 1), (3, 2), (5, 2), (6, 3), (8, 3), (9, 4)])
def test_spawn_level_rises_every_three_wrenches(repairs, level):
    assert R.spawn_level(repairs) == level
    state = position(zombies=0, barricade=10, repairs=repairs, dice=[1, 1, 1, 1])
    events = GAME.apply(state, "alloc:4-0-0")  # four misses; nothing on the lawn to attack
    spawn = only(events, "zombies_spawn")
    assert spawn["level"] == level and spawn["placed"] == level and state.zombies == level


def test_spawn_stops_at_six_zombies_on_the_lawn():
    state = position(zombies=5, barricade=10, repairs=3, dice=[1, 1, 1, 1])
    events = GAME.apply(state, "alloc:0-4-0")
    spawn = only(events, "zombies_spawn")
    assert (spawn["level"], spawn["placed"], spawn["short"]) == (2, 1, 1)
    assert state.zombies == R.ZOMBIE_TOKENS


def test_spawn_from_an_empty_pool_places_nothing_and_does_not_lose():
    state = position(zombies=6, barricade=10, dice=[1, 1, 1, 1])
    events = GAME.apply(state, "alloc:0-4-0")
    spawn = only(events, "zombies_spawn")
    assert spawn["placed"] == 0 and spawn["short"] == 1
    assert state.zombies == 6 and state.result == "" and state.barricade == 4


# -- phase 2: assigning dice ----------------------------------------------------------------------------------


def test_assign_offers_every_split_of_four_dice():
    decision = GAME.decision(position())
    splits = {tuple(int(x) for x in o.key[6:].split("-")) for o in decision.options}
    assert len(splits) == 15
    assert all(sum(s) == R.DICE and min(s) >= 0 for s in splits)


@pytest.mark.parametrize(
    "key", ["alloc:2-2-2", "alloc:5-0-0", "alloc:-1-3-2", "alloc:x", "reward:a", "roll:lawn", ""]
)
def test_assign_refuses_illegal_splits_and_leaves_the_state(key):
    state = position(dice=[6, 6, 6, 6])
    before = (state.zombies, state.barricade, state.repairs, state.kills, state.turn, state.phase)
    with pytest.raises(IllegalMove):
        GAME.apply(state, key)
    assert (state.zombies, state.barricade, state.repairs, state.kills, state.turn, state.phase) == before


# -- phase 3: rolling --------------------------------------------------------------------------------------------


def test_lawn_hits_on_three_or_more():
    state = position(zombies=4, barricade=10, dice=[1, 2, 3, 6])
    events = GAME.apply(state, "alloc:4-0-0")
    lawn = only(events, "lawn_rolled")
    assert lawn["dice"] == [1, 2, 3, 6] and lawn["hits"] == 2 and lawn["killed"] == 2
    assert state.kills == 2 and only(events, "zombies_attack")["damage"] == 2


def test_lawn_kills_beyond_the_zombies_present_are_wasted():
    state = position(zombies=1, barricade=10, dice=[6, 6, 6, 6])
    events = GAME.apply(state, "alloc:4-0-0")
    lawn = only(events, "lawn_rolled")
    assert (lawn["hits"], lawn["killed"], lawn["wasted"]) == (4, 1, 3)
    assert state.kills == 1 and "lawn_clear" in kinds(events)


def test_destroyed_zombies_go_back_to_the_pool():
    state = position(zombies=3, barricade=10, dice=[5, 5, 1, 1])
    GAME.apply(state, "alloc:4-0-0")
    # 2 destroyed, 1 left; next turn's spawn (level 1) draws from the pool of 5.
    assert state.zombies == 2 and GAME.view(state).pool == 4


def test_barricade_hits_on_three_or_more():
    state = position(zombies=0, barricade=5, dice=[2, 3, 4, 1])
    events = GAME.apply(state, "alloc:0-4-0")
    assert only(events, "barricade_rolled")["built"] == 2 and state.barricade == 7


def test_barricade_never_exceeds_its_card():
    state = position(zombies=0, barricade=9, dice=[6, 6, 6, 6])
    events = GAME.apply(state, "alloc:0-4-0")
    rolled = only(events, "barricade_rolled")
    assert (rolled["built"], rolled["wasted"]) == (1, 3) and state.barricade == R.MAX_BARRICADE


def test_garage_repairs_on_five_or_six():
    state = position(zombies=0, barricade=10, dice=[2, 3, 5, 4])
    events = GAME.apply(state, "alloc:0-0-4")
    assert only(events, "garage_rolled")["repaired"] == 1 and state.repairs == 1


def test_each_die_on_the_garage_is_ten_percent():
    state = position(zombies=0, barricade=10, dice=[5, 6, 6, 1])
    GAME.apply(state, "alloc:0-0-4")
    assert state.repairs == 3 and GAME.view(state).spawn_level == 2


def test_sections_are_rolled_once_each_in_card_order_by_default():
    state = position(zombies=2, barricade=8, dice=[3, 3, 5, 5])
    events = GAME.apply(state, "alloc:1-1-2")
    rolled = [k for k in kinds(events) if k.endswith("_rolled")]
    assert rolled == ["lawn_rolled", "barricade_rolled", "garage_rolled"]


def test_sections_may_be_rolled_in_any_order_when_chosen():
    state = position(zombies=2, barricade=8, dice=[5, 5, 3, 3], roll_order="choose")
    GAME.apply(state, "alloc:1-1-2")
    assert state.phase == ROLL
    assert GAME.decision(state).keys() == ["roll:lawn", "roll:barricade", "roll:garage", "roll:all"]
    events = GAME.apply(state, "roll:garage")
    assert kinds(events) == ["garage_rolled"] and state.repairs == 2
    assert GAME.decision(state).keys() == ["roll:lawn", "roll:barricade", "roll:all"]
    with pytest.raises(IllegalMove):
        GAME.apply(state, "roll:garage")  # each section is rolled once
    events = GAME.apply(state, "roll:all")
    assert kinds(events)[:2] == ["lawn_rolled", "barricade_rolled"] and state.phase == ASSIGN


def test_a_section_without_dice_is_not_rolled():
    state = position(zombies=0, barricade=10, dice=[1, 1, 1, 1], roll_order="choose")
    events = GAME.apply(state, "alloc:0-0-4")  # one section only: nothing to choose
    assert [k for k in kinds(events) if k.endswith("_rolled")] == ["garage_rolled"]


# -- phase 4: the attack -------------------------------------------------------------------------------------------


def test_each_zombie_left_erases_one_board():
    state = position(zombies=4, barricade=10, dice=[3, 1, 1, 1])
    events = GAME.apply(state, "alloc:1-0-3")
    attack = only(events, "zombies_attack")
    assert (attack["zombies"], attack["damage"], attack["lost"], attack["barricade"]) == (3, 3, 3, 7)
    assert state.zombies == 3 + 1  # the attackers stay; next turn's spawn adds one


def test_losing_when_the_last_board_is_erased():
    state = position(zombies=3, barricade=3, dice=[1, 1, 1, 1])
    events = GAME.apply(state, "alloc:0-0-4")
    assert kinds(events)[-1] == "game_lost"
    assert state.result == "lost" and state.phase == OVER and state.barricade == 0
    assert GAME.decision(state) is None and GAME.outcome(state).result == "lost"


def test_damage_beyond_the_last_board_stops_at_zero():
    """P4.2: six zombies against two boards tear off two; the event says so (`lost`), so neither its line nor
    the run's summary counts boards the barricade never had."""
    state = position(zombies=6, barricade=2, dice=[1, 1, 1, 1])
    events = GAME.apply(state, "alloc:0-0-4")
    assert state.barricade == 0 and state.result == "lost"
    attack = only(events, "zombies_attack")
    assert (attack["zombies"], attack["damage"], attack["lost"], attack["barricade"]) == (6, 6, 2, 0)


# -- winning -------------------------------------------------------------------------------------------------------


def test_a_repair_reaching_100_percent_wins_at_once_before_the_attack():
    state = position(zombies=6, barricade=1, repairs=9, dice=[6, 1, 1, 1])
    events = GAME.apply(state, "alloc:0-0-4")
    assert kinds(events)[-1] == "game_won" and "zombies_attack" not in kinds(events)
    assert state.result == "won" and state.barricade == 1 and state.repairs == R.REPAIRS_TO_WIN


def test_repairs_beyond_100_percent_are_not_counted():
    state = position(zombies=0, barricade=10, repairs=9, dice=[6, 6, 6, 6])
    GAME.apply(state, "alloc:0-0-4")
    assert state.repairs == R.REPAIRS_TO_WIN


def test_winning_mid_roll_skips_the_sections_not_yet_rolled():
    state = position(zombies=2, barricade=5, repairs=9, dice=[6, 6], roll_order="choose")
    GAME.apply(state, "alloc:2-0-2")
    events = GAME.apply(state, "roll:garage")
    assert kinds(events)[-1] == "game_won" and state.zombies == 2 and GAME.decision(state) is None


# -- phase 5: rewards ------------------------------------------------------------------------------------------------


def test_reward_after_ten_kills_is_taken_at_once():
    state = position(zombies=3, barricade=10, kills=8, dice=[6, 6, 6, 1])
    events = GAME.apply(state, "alloc:4-0-0")
    assert kinds(events)[-1] == "reward_earned" and state.phase == REWARD
    decision = GAME.decision(state)
    # The reward cannot be held: nothing but the four rewards may be chosen now.
    assert decision.kind == "reward" and decision.keys() == ["reward:a", "reward:b", "reward:c", "reward:d"]


def test_reward_remainder_carries_over():
    state = position(zombies=4, barricade=10, kills=8, dice=[6, 6, 6, 6])
    GAME.apply(state, "alloc:4-0-0")
    assert state.kills == 12
    events = GAME.apply(state, "reward:d")
    assert only(events, "reward_taken")["carried"] == 2 and state.kills == 2


def test_item_13_ten_kills_with_sections_left_to_roll_is_a_legal_state():
    """Issue 12 item 13: with roll_order=choose the lawn may be rolled first, so 10+ heads are marked while
    other sections wait; the reward is due only in Phase 5. The invariants must accept that, and still catch
    more heads than the lawn's dice could have added to the 9 a turn can start with."""
    state = position(zombies=4, barricade=6, kills=9, dice=[6, 6, 6, 1, 1], roll_order="choose")
    GAME.apply(state, "alloc:3-1-0")
    GAME.apply(state, "roll:lawn")
    assert (state.phase, state.kills, state.unrolled) == (ROLL, 12, ["barricade"])
    assert GAME.invariants(state) == []
    state.kills = 13  # 9 carried + 3 lawn dice is the most there can be
    assert any("kill count 13" in p for p in GAME.invariants(state))
    state.kills = 12
    GAME.apply(state, "roll:barricade")
    assert state.phase == REWARD and GAME.invariants(state) == []

    before_lawn = position(zombies=4, kills=9, dice=[1, 1, 1, 1], roll_order="choose")
    GAME.apply(before_lawn, "alloc:2-2-0")
    GAME.apply(before_lawn, "roll:barricade")
    before_lawn.kills = 10  # the lawn is not rolled yet: 10 heads could only be a reward not taken
    assert before_lawn.phase == ROLL and any("kill count 10" in p for p in GAME.invariants(before_lawn))


def test_reward_a_destroys_every_zombie_without_counting_them():
    state = position(zombies=5, barricade=10, kills=9, dice=[6, 1, 1, 1])
    GAME.apply(state, "alloc:2-0-2")
    assert state.phase == REWARD and state.zombies == 4 and state.kills == 10
    events = GAME.apply(state, "reward:a")
    taken = only(events, "reward_taken")
    assert taken["destroyed"] == 4 and taken["carried"] == 0
    assert state.kills == 0 and state.total_kills == 1
    assert state.zombies == 1  # only next turn's spawn


def test_reward_b_repairs_ten_percent():
    state = position(zombies=1, barricade=10, repairs=4, kills=9, dice=[6, 1, 1, 1])
    GAME.apply(state, "alloc:1-0-3")
    GAME.apply(state, "reward:b")
    assert state.repairs == 5


def test_reward_b_at_ninety_percent_wins():
    state = position(zombies=1, barricade=10, repairs=9, kills=9, dice=[6, 1, 1, 1])
    GAME.apply(state, "alloc:1-0-3")
    events = GAME.apply(state, "reward:b")
    assert kinds(events)[-1] == "game_won" and state.result == "won"


def test_reward_c_skips_the_next_spawn_only():
    state = position(zombies=2, barricade=10, kills=9, dice=[6, 6, 1, 1, 1, 1, 1, 1])
    GAME.apply(state, "alloc:2-0-2")
    events = GAME.apply(state, "reward:c")
    assert "spawn_skipped" in kinds(events) and "zombies_spawn" not in kinds(events)
    assert state.zombies == 0 and not state.skip_spawn
    events = GAME.apply(state, "alloc:0-0-4")
    assert only(events, "zombies_spawn")["placed"] == 1  # the turn after spawns again


def test_reward_d_creates_three_boards_never_above_ten():
    state = position(zombies=2, barricade=9, kills=9, dice=[6, 1, 1, 1])
    GAME.apply(state, "alloc:1-0-3")  # barricade 9 - 1 = 8
    events = GAME.apply(state, "reward:d")
    assert only(events, "reward_taken")["built"] == 2 and state.barricade == 10
    state = position(zombies=3, barricade=5, kills=9, dice=[6, 1, 1, 1])
    GAME.apply(state, "alloc:1-0-3")  # 5 - 2 = 3
    GAME.apply(state, "reward:d")
    assert state.barricade == 6


def test_the_attack_comes_before_the_reward():
    state = position(zombies=4, barricade=2, kills=9, dice=[6, 1, 1, 1])
    events = GAME.apply(state, "alloc:4-0-0")
    # 10 kills reached, but the three zombies left break the barricade first: no reward.
    assert "reward_earned" not in kinds(events) and state.result == "lost"


def test_reward_refuses_anything_but_a_reward():
    state = position(zombies=3, barricade=10, kills=9, dice=[6, 1, 1, 1])
    GAME.apply(state, "alloc:4-0-0")
    for key in ("alloc:4-0-0", "reward:e", "reward:", "a"):
        with pytest.raises(IllegalMove):
            GAME.apply(state, key)
    assert state.phase == REWARD


def test_a_finished_game_takes_no_more_choices():
    state = position(zombies=3, barricade=1, dice=[1, 1, 1, 1])
    GAME.apply(state, "alloc:0-0-4")
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(state, "alloc:4-0-0")


def test_loaded_dice_helper_is_really_used():
    dice = LoadedDice([6, 5])
    assert dice.below(6) == 5 and dice.below(6) == 4


@settings(max_examples=200, deadline=None)
@given(
    faces=st.lists(st.integers(1, 6), min_size=4, max_size=4),
    split=st.sampled_from(R.splits()),
    zombies=st.integers(0, 6),
    barricade=st.integers(1, 10),
    repairs=st.integers(0, 9),
    kills=st.integers(0, 9),
    order=st.permutations(["lawn", "barricade", "garage"]),
)
def test_the_order_of_the_rolls_never_changes_the_result(
    faces, split, zombies, barricade, repairs, kills, order
):
    """Each section is rolled once, in any order: the same dice on each section give the same end of turn."""
    per_section = {}
    rest = list(faces)
    for section, n in zip(R.SECTIONS, split, strict=True):
        per_section[section], rest = rest[:n], rest[n:]
    results = []
    for sequence in (list(R.SECTIONS), order):
        scripted = [f for s in sequence for f in per_section[s]] + [1] * 8
        state = position(
            zombies=zombies,
            barricade=barricade,
            repairs=repairs,
            kills=kills,
            dice=scripted,
            roll_order="choose",
        )
        GAME.apply(state, "alloc:{}-{}-{}".format(*split))
        for section in sequence:
            if state.phase == ROLL and section in state.unrolled:
                GAME.apply(state, f"roll:{section}")
        if (
            state.result == "won"
        ):  # the car is fixed: what the other sections would have done no longer matters
            results.append("won")
        else:
            results.append(
                (state.zombies, state.barricade, state.repairs, state.kills, state.result, state.turn)
            )
    assert results[0] == results[1]


def test_the_view_shows_every_field_of_the_table_by_name():
    """The view is built positionally for speed; each field must still hold what its name says."""
    state = position(zombies=3, barricade=7, repairs=4, kills=6, skip_spawn=True, turn=5)
    state.dice, state.unrolled, state.rewards, state.total_kills = [2, 1, 1], ["garage"], ["b"], 16
    view = GAME.view(state)
    assert (view.turn, view.phase, view.result) == (state.turn, state.phase, state.result)
    assert (view.barricade, view.max_barricade) == (7, R.MAX_BARRICADE)
    assert (view.zombies, view.pool) == (3, R.ZOMBIE_TOKENS - 3)
    assert (view.repairs, view.spawn_level) == (4, R.spawn_level(4))
    assert (view.kills, view.kills_needed, view.total_kills) == (6, R.KILLS_PER_REWARD, 16)
    assert (view.dice, view.unrolled, view.rewards) == ((2, 1, 1), ("garage",), ("b",))
    assert view.skip_spawn is True and view.turn == 5


def test_the_turn_machine_has_a_handler_for_every_phase_section_and_reward():
    from engines.escape_of_the_dead import phases
    from engines.escape_of_the_dead.game import CHOICES, DECISIONS, REWARDS

    assert set(DECISIONS) == set(CHOICES) == {ASSIGN, ROLL, REWARD, OVER}
    assert list(phases.SECTIONS) == list(R.SECTIONS)
    assert list(phases.REWARDS) == list(REWARDS)


def test_a_reward_that_would_do_nothing_now_says_so():
    """Issue 49: reward A was offered with no zombie on the lawn without a word that it destroys none; reward D
    says how many boards still fit under the maximum."""
    state = position(zombies=1, barricade=10, kills=9, dice=[6, 1, 1, 1])
    GAME.apply(state, "alloc:1-0-3")  # the lawn's one zombie destroyed: nothing left to attack
    assert state.phase == REWARD and state.zombies == 0 and state.barricade == 10
    labels = {o.key: o.label for o in GAME.decision(state).options}
    assert labels["reward:a"] == "A) destroy all zombies on the lawn (none there now: it does nothing)"
    assert labels["reward:d"] == "D) create 3 barricades (the Barricade is full: it adds none)"
    assert labels["reward:b"] == "B) repair 10% of the car"
    state = position(zombies=2, barricade=9, kills=9, dice=[6, 1, 1, 1])
    GAME.apply(state, "alloc:1-0-3")  # one zombie left, the barricade at 8
    labels = {o.key: o.label for o in GAME.decision(state).options}
    assert labels["reward:a"] == "A) destroy all zombies on the lawn" and labels["reward:d"].endswith("(only 2 fit)")
