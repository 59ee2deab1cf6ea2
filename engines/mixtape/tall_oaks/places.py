"""Every space of Tall Oaks named by a landmark, never by its column and row.

The shared board names every space (`Board.place`): locations by name; entrances, starting points, Bonus Tracks
spaces and sewers by the nearest location; a road space by the entrance nearest it across the grid and the way
from there: "the road 2 steps north-west of Sucko Power Plant", or, beside a two-entrance location, "... of the
north entrance of Johnson's Farm". Every name is unique (a test checks it), so a name in the log points at
exactly one space. This module is where Tall Oaks' rules and screens take the name from.
"""

from __future__ import annotations

from engines.mixtape.tall_oaks.rules_data import BOARD as B


def place(node: str) -> str:
    """A player-readable name for any space (`Board.place`, which keeps each name once made)."""
    return B.place(node)
