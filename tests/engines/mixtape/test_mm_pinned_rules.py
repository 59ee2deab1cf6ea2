"""Director's Cut rules pinned for the mutation run (bench/mutation.py): each test names its RULES.md row."""

from __future__ import annotations

from mm_positions import started

from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut import searching


def test_a_kitchen_knife_is_held_with_two_uses():
    """RULES.md (Supplies): a Kitchen Knife drawn into an empty hand comes with 2 uses."""
    state = started()
    s = state.slashers[0]
    s.supply, s.trackers = "", 0
    searching.hold(state, 0, "kitchen_knife.1", "end", [])
    assert s.supply == "kitchen_knife.1" and s.trackers == 2 == R.supply("kitchen_knife.1").uses
