"""Escape From Tall Oaks rules pinned for the mutation run (bench/mutation.py): each names its RULES.md row."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from efto_positions import GAME, drop_all, fresh, give, put, scene

from engines.core.contract import IllegalMove
from engines.mixtape.supplies import card_type
from engines.mixtape.tall_oaks import abilities, checks, movement, scenes
from engines.mixtape.tall_oaks import rules_data as R


def test_only_linda_may_stop_one_step_short_of_her_roll():
    """RULES.md (Abilities, Linda): Linda may stop 1 step short of her roll; no other survivor may."""
    assert abilities.short_step("Linda") == 1
    assert {name: abilities.short_step(name) for name in R.SURVIVOR_NAMES if name != "Linda"} == {
        name: 0 for name in R.SURVIVOR_NAMES if name != "Linda"
    }


def test_play_goes_around_every_living_survivor_in_seat_order_skipping_the_dead():
    """RULES.md (Setup and turn order): play goes around the seats from the first player, each living survivor
    in turn, a dead one skipped; a round ends when the turn comes back past the last seat."""
    from engines.core.autoplay import play
    from engines.mixtape.tall_oaks.game import GAME

    checked = 0
    for seed in range(12):
        done = play(GAME, seed, "heuristic", {"rivals": "2"})
        order = [done.state.survivors[i].seat for i in done.state.order]
        dead: set[str] = set()
        turns = []
        for e in done.events:
            if e.kind == "died":
                dead.add(e.facts["seat"])
            if e.kind == "turn_started":
                turns.append((e.facts["seat"], frozenset(dead)))
        for (a, _), (b, gone) in pairwise(turns):
            pos = order.index(a)
            expected = next(
                order[(pos + k) % len(order)]
                for k in range(1, len(order) + 1)
                if order[(pos + k) % len(order)] not in gone
            )
            assert b == expected, (seed, a, b, order)
            checked += 1
    assert checked > 300


# -- the mutation run of issue 15 at 60 mutants (seed 2026) ---------------------------------------------------

SUPPLIES = {
    # id: (kind, amount per token, noise per token, tracker tokens (0: infinite), copies): RULES.md, Supplies
    "bat": ("action", 1, 0, 2, 8),
    "chainsaw": ("action", 2, 2, 2, 2),
    "knife": ("action", 1, 0, 0, 2),
    "machete": ("action", 2, 1, 2, 3),
    "drill": ("action", 1, 1, 3, 4),
    "crowbar": ("action", 1, 0, 3, 4),
    "axe": ("action", 2, 0, 1, 3),
    "lid": ("shield", 1, 0, 3, 5),
    "pads": ("shield", 2, 0, 2, 3),
    "keys": ("escape", 2, 1, 1, 4),
    "skateboard": ("escape", 1, 0, 3, 4),
    "flare": ("escape", 1, 1, 2, 3),
    "firstaid": ("health", 2, 0, 1, 5),
    "pizza": ("health", 1, 0, 1, 4),
    "traitor": ("traitor", 0, 0, 0, 2),
}


def test_each_supply_has_the_numbers_rules_md_lists():
    """RULES.md (Designed values, the supplies table): each supply's kind, icons and noise per token, tracker
    tokens and copies, as written there; 56 cards in all (the box list)."""
    box = GAME.content(1)  # the box's own cards (the first content edition): a card added later is not counted
    copies = Counter(card_type(c) for c in box["supplies"])
    got = {s.id: (s.kind, s.amount, s.noise, s.uses, copies[s.id]) for s in R.SUPPLY_TYPES.values() if s.id in copies}
    assert got == SUPPLIES and sum(copies.values()) == 56


SCENE_COUNTS = {
    # (kind, actions, rescue tokens, noise, damage, shields): cards. RULES.md, Designed values (40 cards)
    ("rescue", 1, 1, 0, 0, 0): 7,
    ("rescue", 1, 1, 1, 0, 0): 1,
    ("rescue", 2, 1, 0, 0, 0): 8,
    ("rescue", 2, 2, 0, 0, 0): 2,
    ("rescue", 2, 2, 1, 0, 0): 1,
    ("rescue", 2, 2, 2, 0, 0): 1,
    ("rescue", 3, 2, 0, 0, 0): 2,
    ("rescue", 3, 2, 1, 0, 0): 1,
    ("rescue", 3, 3, 2, 0, 0): 1,
    ("defend", 0, 0, 0, 1, 1): 4,
    ("defend", 0, 0, 0, 1, 2): 2,
    ("defend", 0, 0, 1, 1, 1): 1,
    ("defend", 0, 0, 1, 1, 2): 1,
    ("late", 0, 0, 0, 1, 0): 3,
    ("here", 0, 0, 0, 0, 0): 4,
    ("invaders", 3, 0, 0, 0, 0): 1,
}


def test_the_killer_scenes_carry_the_numbers_rules_md_lists_and_a_number_not_printed_is_none():
    """RULES.md (Designed values, Killer Scenes): how many cards carry each set of numbers; a number a card
    does not print is none (a rescue card costs no health: failing it sends you to a starting point)."""
    scenes = [R.SCENES[c] for c in GAME.content(1)["scenes"]]  # the box's own (the first content edition)
    got = Counter((c.kind, c.actions, c.rescues, c.noise, c.damage, c.shields) for c in scenes)
    assert got == SCENE_COUNTS and sum(got.values()) == 40


def test_the_crowbar_makes_no_noise():
    """RULES.md (Designed values): the Crowbar's tokens add Actions and make no noise."""
    state = fresh(18)
    drop_all(state, 0)
    give(state, 0, "crowbar.1")
    put(state, 0, "school")
    scene(state, "ks01")
    scenes.play_card(state, [])
    meter = state.meter
    assert "spend:crowbar.1x1" in GAME.decision(state).keys()  # noqa: SIM118 (Decision.keys is a method)
    events = GAME.apply(state, "spend:crowbar.1x1")
    assert not any(e.kind == "noise" for e in events) and state.meter == meter


def test_after_the_fourth_task_there_is_no_next_task():
    """RULES.md (Tasks): Tasks are done in order; once all four are green there is no next Task to take or
    complete, and asking for one says so."""
    state = fresh(3)
    state.done = [True, False, False, False]
    assert checks.next_task(state) == 2
    state.done = [True] * 4
    assert checks.next_task(state) == 0
    with pytest.raises(IllegalMove, match="All four Tasks are done"):
        GAME.apply(state, "task")


def test_the_move_choices_name_each_stop_and_its_steps_locations_first():
    """RULES.md (Moving): the move choices list every stop by name with its distance, "1 step" and
    "N steps", the locations first, each group in the order of its space ids (not by distance)."""
    opts = movement._move_options((("5-0", 1), ("4-0", 2), ("farm", 3)))
    assert [o.key for o in opts] == ["go:farm", "go:4-0", "go:5-0"]
    assert [o.label[o.label.rindex("(") :] for o in opts] == ["(3 steps)", "(2 steps)", "(1 step)"]


def test_kirk_loses_one_health_less_to_a_slasher_and_none_to_a_one_health_loss():
    """RULES.md (Abilities, Kirk): 1 health less whenever he fails against a Slasher, never below none (a
    loss of 1, Smiley's, costs him nothing); everyone else loses the full amount."""
    assert [abilities.slasher_loss("Kirk", n) for n in (0, 1, 2, 3)] == [0, 0, 1, 2]
    assert all(abilities.slasher_loss(name, 2) == 2 for name in R.SURVIVOR_NAMES if name != "Kirk")


def test_the_setups_events_are_stamped_turn_zero():
    """RULES.md (Setup and turn order): the setup's events (the starting points chosen, the opening roll) come
    before the first turn and carry turn 0 (issue 47's mutation run: the stamp was unpinned)."""
    state, events = GAME.setup(0, {})
    while state.phase == "start_point":
        events += GAME.apply(state, GAME.decision(state).options[0].key)
    setup = [e for e in events if e.kind in ("start_chosen", "opening_roll")]
    assert {e.kind for e in setup} == {"start_chosen", "opening_roll"}
    assert {e.turn for e in setup} == {0} and state.turn_no >= 1
