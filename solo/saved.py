"""The saved runs as rows for `solo list`, the menu and `load` at the prompt."""

from __future__ import annotations

from typing import NamedTuple

from saves import SaveStore

HEAD = ["Slot", "Game", "Turn", "State", "Last played"]


class Listing(NamedTuple):
    """The rows, newest first, and a note with one line for each damaged file saying why it is refused (in its
    row the state says only "damaged", so the table stays narrow enough to show every slot's name whole)."""

    rows: list[list[str]]
    note: str


def listing(store: SaveStore) -> Listing:
    """Every slot in `store`. SaveError when the folder cannot be listed."""
    rows, problems = [], []
    for item in store.list():
        if item.record is None:
            rows.append([item.slot, "?", "?", "damaged", ""])
            problems.append(f"{item.slot} is damaged: {item.problem}")
        else:
            turn, status, when = item.record.latest()
            game = f"{item.record.game} (lesson)" if item.record.lesson else item.record.game
            rows.append([item.slot, game, str(turn), status, when[:16].replace("T", " ")])
    return Listing(rows, "\n".join(problems))
