"""Every space of Tall Oaks named by a landmark, never by its column and row.

The shared board names locations, entrances, starting points, Bonus Tracks spaces and sewers by the nearest
location (`Board.place`); it still names a plain road space by its grid cell. Here a road space is named by the
entrance nearest it across the grid and the way from there: "the road 2 steps north-west of Sucko Power Plant",
or, beside a two-entrance location, "... of the north entrance of Johnson's Farm". Every name is unique (a test
checks it), so a name in the log points at exactly one space.
"""

from __future__ import annotations

from functools import cache

from engines.mixtape.board import ROAD
from engines.mixtape.tall_oaks.rules_data import BOARD as B


def _way(dc: int, dr: int) -> str:
    """The direction of a step of dc columns and dr rows (rows grow southward), with the diagonals."""
    across = "east" if dc > 0 else "west" if dc < 0 else ""
    down = "south" if dr > 0 else "north" if dr < 0 else ""
    return f"{down}-{across}" if down and across else down or across


def _road(node: str) -> str:
    col, row = B.cell[node]
    entrances = [e for loc in B.locations.values() for e in loc.entrances]
    near = min(entrances, key=lambda e: abs(B.cell[e][0] - col) + abs(B.cell[e][1] - row))
    ec, er = B.cell[near]
    steps = abs(ec - col) + abs(er - row)
    lid = B.entrance_of[near]
    what = B.locations[lid].name if len(B.locations[lid].entrances) == 1 else B.place(near)
    return f"the road {steps} step{'s' if steps != 1 else ''} {_way(col - ec, row - er)} of {what}"


@cache
def place(node: str) -> str:
    """A player-readable name for any space (cached: the board never changes)."""
    if B.kind.get(node) == ROAD:
        return _road(node)
    return B.place(node)
