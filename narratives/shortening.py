"""Short prose for a screen too short for the whole story: a run of one kind in the others' turns or the setup
told as one sentence ("Nine workers wander in: three in the Main Entrance, two in the Lobby ...").

The story itself (`log`, the exports, a screen tall enough) never reads these lines: solo/screen_story.py asks
for them where it must give the others' turns and the setup a line or two. `_short.toml` holds, for each game,
tables `[GAME.NAME]`:

- `kinds`: the event kinds of a run; consecutive tellings whose events are all of them make one, from `min`
  events of the first kind on (2 by default); `tells`: for each kind, conditions (tells.py) its events must
  meet to join (`case=...` reads the case its own template tells it by);
- `each`: for each kind, how an event is named in the list ('' names none); it reads the event's fields as
  its own template would (`{at}`, `{who}`, companions);
- `tally`: how an item is written once for all the events that name it: `{item}`, `{n}` (how many named it;
  `{n_word}` ...) and `{who}` (each such event's `who` line, joined); "{item}" by default, so repeats read once;
- `prose`, `summary`: the sentence and its brief line; `prose` may be a list of `{ text, tells }`, the first
  whose conditions hold of the run's fields speaking. Fields: the run's events' facts as a fold has them
  (narratives/folding.py: first_x, sum_x, all_x, count, has_KIND), `items` (the tallied items joined),
  `places` (how many different items), `item` (the first), `count_KIND` (how many events of each kind).

Numbers come from the events (sums, counts, the events' own words), never from the template's own words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from engines.core.datafile import read_toml
from engines.core.events import Event
from narratives.folding import fold_fields
from narratives.formatting import Fields, render
from narratives.grammar import finish
from narratives.narrator import Narrator
from narratives.story import Telling
from narratives.tells import check, holds
from narratives.words import join

_SOURCE = Path(__file__).with_name("_short.toml")


class Variant(msgspec.Struct, frozen=True):
    """One way of telling a run, where its conditions hold of the run's fields."""

    text: str
    tells: tuple[str, ...] = ()


class Run(msgspec.Struct, frozen=True):
    """How a run of events is told in one short sentence (see the module doc)."""

    name: str
    kinds: tuple[str, ...]
    prose: str | tuple[Variant, ...]
    summary: str = ""
    each: Mapping[str, str] = {}
    who: Mapping[str, str] = {}
    tally: str = "{item}"
    tells: Mapping[str, tuple[str, ...]] = {}
    min: int = 2


@cache
def runs_of(game_id: str) -> tuple[Run, ...]:
    """A game's runs, read once; ValueError for a table that is not one (a test reads every file)."""
    data = read_toml(_SOURCE).get(game_id, {}) if _SOURCE.is_file() else {}
    out = []
    for name, table in data.items():
        try:
            run = msgspec.convert({"name": name, **table}, Run)
        except msgspec.ValidationError as e:
            raise ValueError(f"_short.toml [{game_id}.{name}]: {e}") from None
        for conditions in [*run.tells.values(), *(v.tells for v in _variants(run))]:
            for condition in conditions:
                check(condition)
        out.append(run)
    return tuple(out)


def runs(narrator: Narrator, log: Sequence[Event], tellings: Sequence[Telling]) -> list[tuple[Telling, Telling]]:
    """The tellings as (first, last) pairs: a run of one kind that the game folds (first to last, every
    telling between them included), or one telling alone (first is last)."""
    found = runs_of(narrator.game_id)
    out: list[tuple[Telling, Telling]] = []
    i = 0
    while i < len(tellings):
        j = i
        for run in found:
            j = _end(narrator, log, tellings, i, run)
            if j > i:
                break
        out.append((tellings[i], tellings[j]))
        i = j + 1
    return out


def _end(narrator: Narrator, log: Sequence[Event], tellings: Sequence[Telling], i: int, run: Run) -> int:
    """The last telling of `run` begun at tellings[i], or i where none begins there (too few to fold)."""
    j = i
    while j < len(tellings) and _joins(narrator, log[tellings[j].start : tellings[j].stop], run):
        j += 1
    events = [e for t in tellings[i:j] for e in log[t.start : t.stop]]
    return j - 1 if sum(e.kind == run.kinds[0] for e in events) >= run.min else i


def _joins(narrator: Narrator, events: Sequence[Event], run: Run) -> bool:
    """Whether every event is of the run's kinds and meets its kind's conditions (`case` reads the case its
    own template would tell it by)."""
    for e in events:
        if e.kind not in run.kinds:
            return False
        conditions = run.tells.get(e.kind, ())
        if conditions and not holds(conditions, {**narrator.values(e), "case": narrator.case(e)}):
            return False
    return True


def told(narrator: Narrator, log: Sequence[Event], first: Telling, last: Telling) -> tuple[str, str]:
    """(prose, summary) of the run from `first` to `last`; the tellings' own words, one after another, where
    the game has no run for them or its lines name a field the run does not have."""
    events = log[first.start : last.stop]
    run = next((r for r in runs_of(narrator.game_id) if _joins(narrator, events, r)), None)
    fields = None if run is None else _fields(narrator, events, run)
    prose = None
    if run is not None and fields is not None:
        prose = next((t for v in _variants(run) if holds(v.tells, fields) and (t := render(v.text, fields))), None)
    summary = render(run.summary, fields) if run is not None and fields is not None and run.summary else None
    if prose is None:
        tellings = [t for t in narrator.tellings(log, first.start) if t.start < last.stop]
        prose = " ".join(t.prose for t in tellings if t.prose)
        summary = " ".join(t.summary for t in tellings if t.summary)
    return finish(prose), finish(summary or prose)


def _variants(run: Run) -> tuple[Variant, ...]:
    return (Variant(run.prose),) if isinstance(run.prose, str) else run.prose


def fields(narrator: Narrator, events: Sequence[Event]) -> Fields | None:
    """The fields a run's lines read (None where no run of the game takes these events): for tests."""
    run = next((r for r in runs_of(narrator.game_id) if _joins(narrator, events, r)), None)
    return None if run is None else _fields(narrator, events, run)


def _fields(narrator: Narrator, events: Sequence[Event], run: Run) -> Fields:
    heard = [narrator.heard(e) for e in events]
    items: list[str] = []
    who: dict[str, list[str]] = {}
    for event in heard:
        values = narrator.values(event)
        template = run.each.get(event.kind, "")
        item = render(template, values) if template else None
        if not item:
            continue
        items.append(item)
        named = render(run.who.get(event.kind, ""), values) if run.who.get(event.kind) else None
        if named:
            who.setdefault(item, []).append(named)
    base: dict[str, Any] = fold_fields(heard, items, "{item}")
    base["listener"] = narrator.seat or ""
    for kind in run.kinds:
        base[f"count_{kind}"] = sum(e.kind == kind for e in heard)
    nouns = narrator.templates.nouns
    tallied = []
    for item in dict.fromkeys(items):
        line = render(run.tally, Fields({"item": item, "n": items.count(item), "who": join(who.get(item, []))}, nouns))
        tallied.append(line or item)
    base["items"] = join(tallied)
    base["places"] = len(tallied)  # how many different items: one place, or several
    base["item"] = items[0] if items else ""
    return Fields(base, nouns)
