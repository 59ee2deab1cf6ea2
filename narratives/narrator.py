"""The Narrator: an event in, text out, the same text every time for the same seed and log position."""

from __future__ import annotations

import contextlib
import zlib
from typing import Any

from engines.core.events import Event
from narratives.formatting import render
from narratives.templates import Case, Templates, load
from narratives.words import derive, join

_FAILURES = (KeyError, IndexError, TypeError, ValueError, AttributeError)


def for_game(game_id: str, seed: int) -> Narrator:
    """A narrator for one run; the game's templates are parsed once and shared. KeyError: unknown game."""
    return Narrator(game_id, seed, load(game_id))


class Narrator:
    """Turns a run's events into prose, summaries, headings, and answers `rules` questions."""

    __slots__ = ("game_id", "seed", "templates")

    def __init__(self, game_id: str, seed: int, templates: Templates):
        self.game_id = game_id
        self.seed = seed
        self.templates = templates

    # -- the log -------------------------------------------------------------------------------------

    def prose(self, event: Event, index: int) -> str:
        """Interactive-fiction prose; the variant depends only on seed, log position and kind."""
        chosen = self._pick(event)
        values = self.values(event)
        if chosen is not None and chosen.prose:
            variant = zlib.crc32(f"{self.seed}:{index}:{event.kind}".encode()) % len(chosen.prose)
            text = render(chosen.prose[variant], values)
            if text:
                return text
        return self._summary(event, chosen, values)  # '' where the file says the event needs no words

    def summary(self, event: Event) -> str:
        """One terse mechanical line; '' when the event has nothing worth a line of its own."""
        return self._summary(event, self._pick(event), self.values(event))

    def title(self, event: Event) -> str:
        """A heading for the events that follow this one, such as 'Turn 3'."""
        titles = self.templates.titles
        template = titles.get(event.kind, titles.get("default", "Turn {turn}"))
        return render(template, self.values(event)) or self.templates.title

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

    # -- what templates see --------------------------------------------------------------------------

    def case(self, event: Event) -> str:
        """The name of the case that fits the event ('default' when the game's chooser cannot tell)."""
        try:
            return str(self.templates.case(event))
        except _FAILURES:
            return "default"

    def values(self, event: Event) -> dict[str, Any]:
        """Every field a template may name: turn, phase, the facts, the game's derived fields and words."""
        base: dict[str, Any] = {"turn": event.turn, "phase": event.phase, **event.facts}
        with contextlib.suppress(*_FAILURES):
            base.update(self.templates.fields(event, self.templates.phrases))
        return {**derive(base), **base}

    def _pick(self, event: Event) -> Case | None:
        kind = self.templates.kinds.get(event.kind)
        return kind.pick(self.case(event)) if kind else None

    def _summary(self, event: Event, chosen: Case | None, values: dict[str, Any]) -> str:
        if chosen is None or chosen.summary is None:
            return _generic(event)
        text = render(chosen.summary, values)
        return _generic(event) if text is None else text


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
