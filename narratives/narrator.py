"""The Narrator: events in, text out, the same text every time for the same seed and log.

A log is told by `story(log)` (memoized, see story.py): each event, or each fold of several, becomes a
`Telling`. `prose(event, index)` and `summary(event)` tell one event on its own, for a line outside the log.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import msgspec

from engines.core.events import Event
from narratives.folding import fold_fields
from narratives.formatting import Fields, render
from narratives.grammar import RECENT, Expander, History, finish, fits, pick
from narratives.story import Story, Telling
from narratives.tells import holds
from narratives.templates import Case, Templates, load
from narratives.words import join

_FAILURES = (KeyError, IndexError, TypeError, ValueError, AttributeError)


def for_game(game_id: str, seed: int, seat: str | None = None) -> Narrator:
    """A narrator for one run, told to the person's `seat` (None: to nobody in particular, the game's own
    words); the templates are parsed once per seat and shared. KeyError: unknown game."""
    return Narrator(game_id, seed, load(game_id) if seat is None else load(game_id, seat), seat)


class Unit(msgspec.Struct, frozen=True):
    """log[start:stop], to be told together by the fold `group` (`folded`) or one event alone."""

    start: int
    stop: int
    group: str | None
    folded: bool


class Narrator:
    """Turns a run's events into prose, summaries, headings, and answers `rules` questions."""

    __slots__ = ("_known", "_secret", "_story", "game_id", "seat", "seed", "templates")

    def __init__(self, game_id: str, seed: int, templates: Templates, seat: str | None = None):
        self.game_id = game_id
        self.seed = seed
        self.templates = templates
        self.seat = seat
        """The listening seat: its voice is in `templates` (templates.load), and templates read it as `listener`."""
        self._story = Story(self)
        self._secret = frozenset(k for k, owner in templates.private.items() if owner != seat)
        """The facts this listener may not hear (templates.private): left out of every event it is told."""
        self._known: dict[int, tuple[Event, Fields, str]] | None = None  # while a log is walked: by event

    def walking(self, on: bool) -> None:
        """While on, each event's fields and heading are worked out once (a walk looks at them twice)."""
        self._known = {} if on else None

    # -- the log -------------------------------------------------------------------------------------

    def story(self, log: Sequence[Event]) -> list[Telling]:
        """The log told from its start (kept: the next call tells only what is new). Do not modify it."""
        return self._story.update(log)

    def tellings(self, log: Sequence[Event], start: int = 0) -> list[Telling]:
        """The tellings of log[start:], each as the whole log tells it (one begun before `start` included)."""
        told = self.story(log)
        low, high = 0, len(told)
        while low < high:  # the first telling that ends after start
            mid = (low + high) // 2
            if told[mid].stop <= start:
                low = mid + 1
            else:
                high = mid
        return told[low:]

    def prose(self, event: Event, index: int) -> str:
        """One event told alone at log position `index`: the prose a fresh log would give it there."""
        return self.tell([event], Unit(0, 1, None, False), History(), index).prose

    def summary(self, event: Event) -> str:
        """One terse mechanical line; '' when the event has nothing worth a line of its own."""
        fields = self.values(event)
        return self._summary(event, self._case(event, fields), fields)

    def title(self, event: Event) -> str:
        """A heading for the events that follow this one, such as 'Turn 3'."""
        return self._seen(event)[2]

    def heard(self, event: Event) -> Event:
        """The event as the listening seat may hear it: without the facts private to another seat."""
        if not self._secret or self._secret.isdisjoint(event.facts):
            return event
        kept = {k: v for k, v in event.facts.items() if k not in self._secret}
        return Event(event.kind, event.turn, event.phase, kept)

    # -- telling -------------------------------------------------------------------------------------

    def units(self, log: Sequence[Event], start: int) -> Iterator[Unit]:
        """How log[start:] divides into tellings: runs of one fold (under one heading, in one turn, agreeing
        on its `fold_by` facts) long enough for the fold, and single events."""
        folds = self.templates.folds
        i = start
        while i < len(log):
            group, by = self._fold_of(log[i])
            j = i + 1
            if group is not None and group in folds:
                if folds[group].turns:
                    j = self._whole_turns(log, i, group)
                else:
                    head = self.title(log[i])
                    while j < len(log) and self._joins(log[i], log[j], group, by, head):
                        j += 1
                if j - i >= folds[group].min:
                    yield Unit(i, j, group, True)
                    i = j
                    continue
            yield Unit(i, i + 1, group, False)
            i += 1

    def tell(self, log: Sequence[Event], unit: Unit, history: History, at: int | None = None) -> Telling:
        """One unit told, its grammar choices remembered in `history` (`at`: the position it is told at)."""
        index = unit.start if at is None else at
        first = log[unit.start]
        heading = None
        if unit.folded and unit.group is not None:
            events = log[unit.start : unit.stop]
            fields = self.fold_values(events)
            case: Case | None = self.templates.folds[unit.group].case
            if case is not None and not holds(case.tells, fields):
                case = None
            key = f"fold:{unit.group}"
            summary = self._fold_summary(events, case, fields)
        else:
            _, fields, heading = self._seen(first)  # the fields and the heading, worked out once
            if first.kind in self.templates.again and self._again(log, unit.start):
                fields = Fields({**fields, "again": True}, self.templates.nouns)
            case = self._case(first, fields)
            key = first.kind
            summary = self._summary(first, case, fields)
        prose = self._prose(case, fields, index, key, history)
        if prose is None and unit.folded:  # no line of the fold fits: each event in its own words
            alone = (
                self.tell(log, Unit(i, i + 1, None, False), history).prose
                for i in range(unit.start, unit.stop)
            )
            prose = " ".join(p for p in alone if p)
        return Telling(
            unit.start,
            unit.stop,
            self.title(first) if heading is None else heading,
            summary if prose is None else prose,  # '' where the file says the event needs no words
            summary,
            unit.group,
            unit.folded,
        )

    def _again(self, log: Sequence[Event], at: int) -> bool:
        """Whether log[at] happened already this turn: an earlier event of its kind, in its turn, with the same
        values of the facts its kind's `[again]` entry names."""
        event = log[at]
        keys = self.templates.again[event.kind]
        for j in range(at - 1, -1, -1):
            earlier = log[j]
            if earlier.turn != event.turn:
                return False
            if earlier.kind == event.kind and all(earlier.facts.get(k) == event.facts.get(k) for k in keys):
                return True
        return False

    def _prose(self, case: Case | None, fields: Fields, index: int, key: str, history: History) -> str | None:
        """A variant that fits, chosen by position (the rest in turn if its rules cannot expand)."""
        if case is None:
            return None
        variants = case.variants()
        fitting = [i for i, v in enumerate(variants) if fits(v, fields)]
        if not fitting:
            return None
        # The variants remember their recent uses as a grammar rule does: two Trespassers hiding in a row, or
        # three rivals taking their starts, are not told in the same words while another variant fits.
        rule = f"{key}:{variants[0].text}"
        lately = history.recent.get(rule, ())[-min(RECENT, len(fitting) - 1) :] if len(fitting) > 1 else ()
        fresh = [i for i in fitting if i not in lately] or fitting
        start = pick(f"{self.seed}:{index}:{key}", len(fresh))
        expander = Expander(self.templates.grammar, fields, history, f"{self.seed}:{index}")
        tried = [fresh[(start + step) % len(fresh)] for step in range(len(fresh))]
        for chosen in tried + [i for i in fitting if i not in fresh]:  # a recent one if no fresh one expands
            mark = len(history.choices)
            history.use(rule, chosen)
            expanded = expander.expand(variants[chosen].text)
            text = None if expanded is None else render(expanded, fields)
            if text:
                return finish(text)
            history.back_to(mark)
        return None

    # -- what templates see --------------------------------------------------------------------------

    def case(self, event: Event) -> str:
        """The name of the case that fits the event ('default' when the game's chooser cannot tell)."""
        try:
            return str(self.templates.case(self.heard(event)))
        except _FAILURES:
            return "default"

    def values(self, event: Event) -> Fields:
        """Every field a template may name: turn, phase, the facts, the game's derived fields and words."""
        return self._seen(event)[1]

    def _seen(self, event: Event) -> tuple[Event, Fields, str]:
        known = self._known
        if known is not None and (hit := known.get(id(event))) is not None and hit[0] is event:
            return hit
        fields = self._fields(event)
        out = (event, fields, self._title(event, fields))
        if known is not None:
            known[id(event)] = out
        return out

    def _fields(self, event: Event) -> Fields:
        event = self.heard(event)
        base: dict[str, Any] = {
            "turn": event.turn,
            "phase": event.phase,
            "listener": self.seat or "",
            **event.facts,
        }
        with contextlib.suppress(*_FAILURES):
            base.update(self.templates.fields(event, self.templates.phrases))
        return Fields(base, self.templates.nouns)

    def fold_values(self, events: Sequence[Event]) -> Fields:
        """The fields of a fold: the events' facts merged, the game's words for them, and the fold's own."""
        events = [self.heard(e) for e in events]
        last = events[-1]
        merged = Event(last.kind, last.turn, last.phase, {k: v for e in events for k, v in e.facts.items()})
        base: dict[str, Any] = {
            "turn": last.turn,
            "phase": last.phase,
            "listener": self.seat or "",
            **merged.facts,
        }
        with contextlib.suppress(*_FAILURES):
            base.update(self.templates.fields(merged, self.templates.phrases))
        items = [item for item in self._items(events) if item is not None]
        base.update(fold_fields(events, items, self.templates.phrases.get("fold_repeat", "{item} x{n}")))
        return Fields(base, self.templates.nouns)

    def _items(self, events: Sequence[Event]) -> Iterator[str | None]:
        """Each event's fold_item; in a fold of whole turns it also reads its turn's earlier facts (a move
        names the roll before it)."""
        group = self._fold_of(events[0])[0]
        fold = self.templates.folds.get(group) if group is not None else None
        facts: dict[str, Any] = {}
        for i, event in enumerate(events):
            if fold is None or not fold.turns:
                yield self._item(event, self.values(event))
                continue
            facts = {**(facts if i and events[i - 1].turn == event.turn else {}), **event.facts}
            yield self._item(event, self._fields(Event(event.kind, event.turn, event.phase, facts)))

    def _item(self, event: Event, fields: Fields) -> str | None:
        """The event's name in its fold's list (`fold_item`); None where its case says "" (it names none)."""
        case = self._case(event, self.values(event))
        if case is not None and case.fold_item == "":
            return None
        item = render(case.fold_item, fields) if case is not None and case.fold_item else None
        return item or event.kind.replace("_", " ")

    def _case(self, event: Event, fields: Mapping[str, Any]) -> Case | None:
        """The case the game chooses, if what it tells holds; else the kind's default if that holds; None
        (the plain kind-and-facts line) for an unknown kind or where no case tells the truth."""
        kind = self.templates.kinds.get(event.kind)
        if kind is None:
            return None
        for case in (kind.pick(self.case(event)), kind.cases[kind.default]):
            if holds(case.tells, fields):
                return case
        return None

    def _pick(self, event: Event) -> Case | None:
        """The case that tells this event (None: the plain line); kept for the per-game tests."""
        return self._case(event, self.values(event))

    def _fold_of(self, event: Event) -> tuple[str | None, tuple[str, ...]]:
        kind = self.templates.kinds.get(event.kind)
        if kind is None:
            return None, ()
        case = kind.pick(self.case(event))
        return case.fold, case.fold_by

    def _whole_turns(self, log: Sequence[Event], i: int, group: str) -> int:
        """Where a fold of whole turns begun at log[i] ends: after the last turn, in the run of the fold's
        events, that is over (the next event is of another turn); i + 1 where no whole turn begins at i."""
        if i > 0 and log[i - 1].turn == log[i].turn:
            return i + 1
        k = i
        while k < len(log) and self._fold_of(log[k])[0] == group:
            k += 1
        if k > i and (k == len(log) or log[k].turn == log[k - 1].turn):  # the last turn is not over
            last = log[k - 1].turn
            while k > i and log[k - 1].turn == last:
                k -= 1
        return max(k, i + 1)

    def _joins(self, first: Event, other: Event, group: str, by: tuple[str, ...], head: str) -> bool:
        if other.turn != first.turn or self._fold_of(other)[0] != group:
            return False
        if any(other.facts.get(k) != first.facts.get(k) for k in by if k not in self._secret):
            return False
        return self.title(other) == head

    def _title(self, event: Event, fields: Mapping[str, Any]) -> str:
        titles = self.templates.titles
        template = titles.get(event.kind, titles.get("default", "Turn {turn}"))
        return render(template, fields) or self.templates.title

    def _summary(self, event: Event, chosen: Case | None, fields: Mapping[str, Any]) -> str:
        if chosen is None or chosen.summary is None:
            return _generic(self.heard(event))
        text = render(chosen.summary, fields)
        return _generic(self.heard(event)) if text is None else text

    def _fold_summary(self, events: Sequence[Event], case: Case | None, fields: Mapping[str, Any]) -> str:
        """The fold's own summary, or else each event's summary in turn (so `brief` still says it all)."""
        if case is not None and case.summary is not None:
            text = render(case.summary, fields)
            if text is not None:
                return text
        return " ".join(s for s in (self.summary(e) for e in events) if s)

    # -- the rules reference -------------------------------------------------------------------------

    def rules_topics(self) -> list[str]:
        return [topic.name for topic in self.templates.topics]

    def rules(self, topic: str | None = None) -> tuple[str, str]:
        """(title, text) of a topic; None or 'overview' gives the overview with the list of topics."""
        from narratives import rulebook  # asked for now and then, so not imported at launch

        if topic is None or topic.strip().lower() == "overview":
            return rulebook.overview(self.templates)
        found = rulebook.find(self.templates, topic)
        return found.title, found.text


def _generic(event: Event) -> str:
    """What any event can say without a template: its kind in words and its facts ('Door opened: room 3.')."""
    words = event.kind.replace("_", " ").replace("-", " ").strip() or "something happens"
    words = words[:1].upper() + words[1:]
    details = [f"{name.replace('_', ' ')} {_plain(value)}" for name, value in event.facts.items()]
    return f"{words}: {', '.join(details)}." if details else f"{words}."


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return join(value) or "none"
    if isinstance(value, dict):
        return join(f"{k} {_plain(v)}" for k, v in value.items()) or "none"
    return str(value)
