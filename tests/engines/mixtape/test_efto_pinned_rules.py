"""Escape From Tall Oaks rules pinned for the mutation run (bench/mutation.py): each names its RULES.md row."""

from __future__ import annotations

from itertools import pairwise

from engines.mixtape.tall_oaks import abilities
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
