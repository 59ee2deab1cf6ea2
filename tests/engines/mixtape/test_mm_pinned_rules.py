"""Director's Cut rules pinned for the mutation run (bench/mutation.py): each test names its RULES.md row."""

from __future__ import annotations

from mm_positions import started

from engines.mixtape.directors_cut import bonus, searching
from engines.mixtape.directors_cut import rules_data as R


def test_a_kitchen_knife_is_held_with_two_uses():
    """RULES.md (Supplies): a Kitchen Knife drawn into an empty hand comes with 2 uses."""
    state = started()
    s = state.slashers[0]
    s.supply, s.trackers = "", 0
    searching.hold(state, 0, "kitchen_knife.1", "end", [])
    assert s.supply == "kitchen_knife.1" and s.trackers == 2 == R.supply("kitchen_knife.1").uses


def test_pickpocket_rewind_steals_from_the_person_in_seat_one_too():
    """RULES.md (Bonus Tracks): Pickpocket Rewind takes a souvenir from the nearest rival holding one, and
    the person's slasher (the first seat, index 0) is a rival like any other."""
    state = started()
    me, rival = state.slashers[0], state.slashers[1]
    rival.at = me.at
    me.souvenirs, rival.souvenirs = ["victim.1"], []
    card = next(c for c in R.BONUS.values() if c.effect == "steal")
    bonus._steal(state, rival, card, [])
    assert (me.souvenirs, rival.souvenirs) == ([], ["victim.1"])
