"""The saved runs as rows for `solo list`, the menu and `load` at the prompt."""

from __future__ import annotations

from saves import SaveStore

HEAD = ["Slot", "Game", "Turn", "State", "Last played"]


def rows(store: SaveStore) -> list[list[str]]:
    """One row a slot, newest first; a damaged file says why. SaveError when the folder cannot be listed."""
    out = []
    for item in store.list():
        if item.record is None:
            out.append([item.slot, "?", "?", f"damaged: {item.problem}", ""])
        else:
            turn, status, when = item.record.latest()
            out.append([item.slot, item.record.game, str(turn), status, when[:16].replace("T", " ")])
    return out
