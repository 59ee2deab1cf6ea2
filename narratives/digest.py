"""The digest before each prompt: what changed that matters since the person's last choice, in a few words an
item ("Victim 6 died", "the meter filled: Smiley came out", "you lost the First Aid Kit"), in the order it
happened. solo lays the items out in one line ("Since your last choice: ..."), dropping whole items to fit.

`_digest.toml` holds, for each game, `[GAME]` with one entry an event kind: its words (a template reading the
event's fields as its own templates do: `{who}` is "you" for the listener), or a table of `text`, `tells`
(conditions, tells.py; `case=...` reads the case its own template tells it by), `weight` (0 what a game turns
on: a death, a kill, a killer coming out; 1 a wound, a heal, an item; 2 the rest: the first to give way) and
`last_by` (a fact: of the events of that kind with the same value, only the last is named, where it came:
"the Old Man moved to the Pantry", not each step; "*": of all the events of that kind); or a list of such tables, the first that holds speaking.
Kinds it does not name are left out: the story tells them. Numbers come from the events, never the words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from engines.core.datafile import read_toml
from engines.core.events import Event
from narratives.formatting import Fields, render
from narratives.grammar import finish
from narratives.narrator import Narrator
from narratives.tells import check, holds

_SOURCE = Path(__file__).with_name("_digest.toml")


class Line(msgspec.Struct, frozen=True):
    text: str
    tells: tuple[str, ...] = ()
    weight: int = 1
    last_by: str = ""


class Item(NamedTuple):
    """One thing that changed, in words, and how much it matters (0 most: the last to give way): twice its
    line's weight, one more where it is not the listener's own."""

    text: str
    weight: int


@cache
def lines_of(game_id: str) -> Mapping[str, tuple[Line, ...]]:
    """A game's digest lines by event kind, read once; ValueError for an entry that is not one."""
    data = read_toml(_SOURCE).get(game_id, {}) if _SOURCE.is_file() else {}
    out: dict[str, tuple[Line, ...]] = {}
    for kind, entry in data.items():
        raw = entry if isinstance(entry, list) else [entry]
        try:
            lines = tuple(msgspec.convert({"text": e} if isinstance(e, str) else e, Line) for e in raw)
        except msgspec.ValidationError as e:
            raise ValueError(f"_digest.toml [{game_id}] {kind}: {e}") from None
        for line in lines:
            for condition in line.tells:
                check(condition)
        out[kind] = lines
    return out


def items(narrator: Narrator, events: Sequence[Event], extra: Mapping[str, Any] | None = None) -> list[Item]:
    """What `events` changed that matters, in order, as the listener hears it (`extra`: fields the game's
    screen adds from where things stand, such as the Slasher's name)."""
    known = lines_of(narrator.game_id)
    chosen: list[tuple[int, Line, Event]] = []
    last: dict[tuple[str, str, Any], int] = {}
    for i, event in enumerate(events):
        line, fields = _line(narrator, event, known.get(event.kind, ()), extra)
        if line is None or fields is None:
            continue
        if line.last_by:
            key = (event.kind, line.text, None if line.last_by == "*" else event.facts.get(line.last_by))
            if key in last:
                chosen[last[key]] = (-1, line, event)  # named later, where it came last
            last[key] = len(chosen)
        chosen.append((i, line, event))
    out = []
    for i, line, event in chosen:
        if i < 0:
            continue
        _, fields = _line(narrator, event, (line,), extra)
        text = render(line.text, fields) if fields is not None else None
        if text and fields is not None:
            out.append(Item(finish(text), 2 * line.weight + (not _about_listener(fields))))
    return out


def _about_listener(fields: Mapping[str, Any]) -> bool:
    """Whether the event is the listener's own (a `who`, `whom` or `..._who` of theirs reads "you"): of two
    items of one weight, the person's own is the weightier."""
    return any(v == "you" for k, v in fields.items() if k in ("who", "whom") or k.endswith("_who"))


def _line(
    narrator: Narrator, event: Event, lines: Sequence[Line], extra: Mapping[str, Any] | None
) -> tuple[Line | None, Fields | None]:
    """The first line whose conditions hold and whose fields the event has, with those fields."""
    if not lines:
        return None, None
    values = narrator.values(event)
    fields = Fields({**(extra or {}), **values, "case": narrator.case(event)}, narrator.templates.nouns)
    for line in lines:
        if holds(line.tells, fields) and render(line.text, fields):
            return line, fields
    return None, None
