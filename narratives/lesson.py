"""A game's lesson: the coach's words for a guided first game, read from the game's `[lesson]` table.

The lesson lives in the game's narration file beside its prose, in the same template language (fields in
braces, `tells` conditions; templates.py), so the truth and grammar checks read it as they read the story.

    [lesson]
    title = "Learn Escape of the Dead"
    seed = 7                  # the run the lesson plays: chosen to teach, re-chosen with scripts/lesson_seed.py
    options = {}              # the run's options beyond the defaults (a lesson teaches the default setup)
    per_prompt = 2            # the most steps the coach says at one prompt
    want = ["won"]            # what the seed must show on the coach's own path, beyond every step not optional
    length = [20, 45]         # and how many of the person's decisions that path may take

    [[lesson.step]]
    name = "lawn"             # unique; `after` names steps that must have been said first
    title = "The Lawn"        # the coach's heading
    section = "Phase 3 Play Action"   # the rulebook's section, named as the rulebook names it
    decision = ["assign"]     # said at the person's decision of one of these kinds ...
    event = ["lawn_rolled"]   # ... or after one of these events (its facts become fields) ...
    start = true              # ... or at the lesson's first prompt, or `end = true` once the game is over
    tells = ["zombies>0"]     # and only where these hold of the fields (the game's lesson facts)
    text = "..."              # or a list of variants, each a string or { text, tells }: the first that fits
    ask = "suggested"         # the field holding the key of the choice the coach asks for
    otherwise = "..."         # said when the person chooses another (reads chosen_label and the step's fields)
    command = "odds"          # a helping command the step asks the person to try
    done = "..."              # said after they type it
    optional = true           # not expected on the coach's own path (the win where the seed loses, say)

A step is said once. Its trigger is one of decision, event, start or end (none: any prompt where `tells`
holds). Numbers come from fields only, as in the story: the truth checks refuse a number in a step's own words.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import msgspec

from narratives.formatting import Fields, render
from narratives.grammar import Option, fits, option
from narratives.tells import check


class Step(msgspec.Struct, frozen=True):
    """One thing the coach says, when it first matters."""

    name: str
    title: str
    section: str
    text: tuple[Option, ...]
    start: bool = False
    end: bool = False
    decision: tuple[str, ...] = ()
    event: tuple[str, ...] = ()
    tells: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    ask: str = ""
    otherwise: tuple[Option, ...] = ()
    command: str = ""
    done: tuple[Option, ...] = ()
    optional: bool = False


class Lesson(msgspec.Struct, frozen=True):
    """A game's lesson: the run it plays and the steps the coach says along it, in order of priority."""

    title: str
    seed: int
    options: Mapping[str, str]
    steps: tuple[Step, ...]
    per_prompt: int = 2
    want: tuple[str, ...] = ()
    """Optional steps the lesson's seed must show on the coach's own path (the win, a danger)."""
    length: tuple[int, int] = (1, 1000)
    """The fewest and most decisions of the person's the coach's path may take with the lesson's seed."""

    def step(self, name: str) -> Step:
        return next(s for s in self.steps if s.name == name)


def parse(raw: Mapping[str, Any]) -> Lesson:
    """The `[lesson]` table as a Lesson; ValueError naming what is wrong (a step without words, a condition
    that cannot be read, a name used twice or an `after` that names no step)."""
    steps = tuple(_step(i, s) for i, s in enumerate(raw.get("step", ())))
    names = [s.name for s in steps]
    if len(set(names)) != len(names):
        raise ValueError(f"lesson: a step name is used twice: {sorted(n for n in names if names.count(n) > 1)[0]}")
    unwanted = [w for w in _names(raw.get("want")) if w not in names]
    if unwanted:
        raise ValueError(f"lesson: `want` names no step: {unwanted[0]}")
    for s in steps:
        unknown = [a for a in s.after if a not in names]
        if unknown:
            raise ValueError(f"lesson.{s.name}: `after` names no step: {unknown[0]}")
    return Lesson(
        title=str(raw.get("title", "")),
        seed=int(raw.get("seed", 0)),
        options={str(k): str(v) for k, v in raw.get("options", {}).items()},
        steps=steps,
        per_prompt=int(raw.get("per_prompt", 2)),
        want=_names(raw.get("want")),
        length=_length(raw.get("length")),
    )


def _length(raw: object) -> tuple[int, int]:
    if raw is None:
        return (1, 1000)
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise ValueError(f"lesson: `length` is [fewest, most] decisions, not {raw!r}")
    return int(raw[0]), int(raw[1])


def _step(i: int, raw: Mapping[str, Any]) -> Step:
    name = str(raw.get("name", f"step{i + 1}"))
    where = f"lesson.{name}"
    text = _variants(raw.get("text"), where)
    if not text:
        raise ValueError(f"{where}: a step needs text")
    tells = tuple(check(str(c)) for c in raw.get("tells", ()))
    for v in (*text, *_variants(raw.get("otherwise"), where), *_variants(raw.get("done"), where)):
        for c in v.tells:
            check(c)
    return Step(
        name=name,
        title=str(raw.get("title", "")),
        section=str(raw.get("section", "")),
        text=text,
        start=bool(raw.get("start", False)),
        end=bool(raw.get("end", False)),
        decision=_names(raw.get("decision")),
        event=_names(raw.get("event")),
        tells=tells,
        after=_names(raw.get("after")),
        ask=str(raw.get("ask", "")),
        otherwise=_variants(raw.get("otherwise"), f"{where}.otherwise"),
        command=str(raw.get("command", "")),
        done=_variants(raw.get("done"), f"{where}.done"),
        optional=bool(raw.get("optional", False)),
    )


def _names(raw: object) -> tuple[str, ...]:
    if raw is None:
        return ()
    if isinstance(raw, str):
        return (raw,)
    return tuple(str(x) for x in raw)  # type: ignore[attr-defined]


def _variants(raw: object, where: str) -> tuple[Option, ...]:
    if raw is None:
        return ()
    items = [raw] if isinstance(raw, str | dict) else list(raw)  # type: ignore[call-overload]
    return tuple(option(_tidy(v), where) for v in items)


def _tidy(raw: object) -> object:
    """A multi-line TOML string as one paragraph: its line breaks are the file's, not the screen's."""
    if isinstance(raw, str):
        return " ".join(raw.split())
    if isinstance(raw, dict) and isinstance(raw.get("text"), str):
        return {**raw, "text": " ".join(raw["text"].split())}
    return raw


def tell(variants: tuple[Option, ...], fields: Fields) -> str | None:
    """The first variant whose conditions hold and whose fields exist, filled in; None where none fits."""
    for v in variants:
        if fits(v, fields):
            text = render(v.text, fields)
            if text:
                return text
    return None


def texts(lesson: Lesson) -> Iterator[tuple[str, str]]:
    """(where, text) for every variant the lesson holds: the truth checks read them as they read the story."""
    for s in lesson.steps:
        for part, variants in (("", s.text), (" (otherwise)", s.otherwise), (" (done)", s.done)):
            for v in variants:
                yield f"lesson.{s.name}{part}", v.text
