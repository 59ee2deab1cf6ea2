"""Escape From Tall Oaks rules pinned for the mutation run (bench/mutation.py): each names its RULES.md row."""

from __future__ import annotations

from engines.mixtape.tall_oaks import abilities
from engines.mixtape.tall_oaks import rules_data as R


def test_only_linda_may_stop_one_step_short_of_her_roll():
    """RULES.md (Abilities, Linda): Linda may stop 1 step short of her roll; no other survivor may."""
    assert abilities.short_step("Linda") == 1
    assert {name: abilities.short_step(name) for name in R.SURVIVOR_NAMES if name != "Linda"} == {
        name: 0 for name in R.SURVIVOR_NAMES if name != "Linda"
    }
