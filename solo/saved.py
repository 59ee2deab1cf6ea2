"""The saved runs as rows for `solo list`, the menu and `load` at the prompt, and a run read from its slot."""

from __future__ import annotations

from typing import NamedTuple

from saves import SaveStore
from saves.store import damage_line
from solo.run import Run

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
            if item.record.journal_damage:
                problems.append(
                    f"{item.slot}: its journal's {item.record.journal_damage}; loading it goes on from what is whole"
                )
    return Listing(rows, "\n".join(problems))


def loaded(store: SaveStore, slot: str, keep: bool) -> tuple[Run, str]:
    """The run in a slot, and one line on what of its journal could not be loaded ("" when all of it was).

    With `keep` (the slot is held for play, and its next full save replaces the journal), a copy of a damaged
    journal is kept beside the slot first, and the line says where. SaveError for a slot that cannot be read,
    RunError for a run that cannot be rebuilt, OSError when no copy of a damaged journal can be kept."""
    record = store.read(slot)
    run = Run.from_record(record)
    notes = []
    if record.unsealed and not record.ironman:
        notes.append(UNSEALED.format(slot=slot))
    if record.journal_damage:
        kept = store.keep_journal(slot) if keep else None
        notes.append(damage_line(slot, record, kept[0].name if kept is not None else None))
    return run, " ".join(notes)


UNSEALED = (
    "Slot '{slot}' was saved before saves were sealed, so nothing shows it was not an ironman run: it plays on as "
    "one, without undo."
)
