"""What both Mixtape games draw and read the same way: the town grid, and location names typed for a move."""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Decision
from engines.mixtape.board import Board
from engines.mixtape.tall_oaks.keys import go


def grid(board: Board, mark: Callable[[str, str], str | None]) -> str:
    """The board's rows one character a space (21 wide, so it fits a narrow card unwrapped); `mark(space,
    cell)` may draw something else on a space (a piece, a sign)."""
    return "\n".join(
        "".join(mark(f"{c}-{r}", ch) or ch for c, ch in enumerate(line)) for r, line in enumerate(board.rows)
    )


def location_move(board: Board, text: str, decision: Decision) -> str | None:
    """A location's name (or a unique part of it) as shorthand for moving there; None if it is not that."""
    if decision.kind != "move":
        return None
    words = text.strip().lower()
    if not words:
        return None
    keys = decision.keys()
    hits = [
        lid
        for lid, loc in board.locations.items()
        if go(lid) in keys and (words in loc.name.lower() or words == lid)
    ]
    return go(hits[0]) if len(hits) == 1 else None
