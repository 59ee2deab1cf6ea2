"""Turning a run's log into titled groups of prose (or brief lines) for the screen and for exports."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from engines.core.events import Event
from narratives import Narrator, Telling
from narratives.words import join, number_word


def groups(
    log: Sequence[Event], narrator: Narrator, start: int = 0, brief: bool = False, stop: int | None = None
) -> Iterator[tuple[str, list[str], str]]:
    """(title, paragraphs, mood) for each run of tellings that share a heading, from log[start:] on (up to the
    tellings that begin at `stop`).

    Each telling is an event, or several folded into one (see narratives.templates), told as the whole log
    tells it: the screen as it goes, `log N` and every export read the same words for the same position."""
    title = ""
    mood = "white"
    paragraphs: list[str] = []
    for telling in narrator.tellings(log, start):
        if stop is not None and telling.start >= stop:
            break
        events = log[telling.start : telling.stop]
        if paragraphs and telling.title != title:
            yield title, paragraphs, mood
            paragraphs, mood = [], "white"
        title = telling.title
        text = told(telling, events, brief)
        if text:
            paragraphs.append(text)
        for event in events:
            mood = mood_after(event, mood)
    if paragraphs:
        yield title, paragraphs, mood


def told(telling: Telling, events: Sequence[Event], brief: bool) -> str:
    """A telling's words: its summary in brief, else its prose with the dice it rolled in a bracket, unless
    the prose already gives every roll and, for one event, every word and number of the bracket (which would
    only say it a second time: 'You roll 1 and 5: six steps. [You roll 1 and 5 (6)]'); a fold's bracket, the
    whole fold again, goes once its own words give every roll."""
    text = telling.summary if brief else telling.prose
    if text and not brief and any("dice" in e.facts for e in events):
        detail = telling.summary  # the dice themselves, so a roll can be checked at a glance
        if _shows_every_roll(text, events) and (telling.folded or _says_everything(text, detail)):
            return text
        text = f"{text} [{detail.rstrip('.')}]" if detail else text
    return text


def _shows_every_roll(text: str, events: Sequence[Event]) -> bool:
    """Whether `text` gives every roll of `events` as the story writes one ('5 and 2', 'fist, fist, knife')."""
    rolls = [e.facts["dice"] for e in events if "dice" in e.facts]
    return all(isinstance(dice, list) and bool(dice) and _written(dice) in text for dice in rolls)


def _written(dice: list[object]) -> str:
    if all(isinstance(d, int) for d in dice):
        return join([str(d) for d in dice])
    return ", ".join(str(d) for d in dice)


def _says_everything(text: str, summary: str) -> bool:
    """Whether `text` holds every word of `summary`, and every number in digits or in words ('You roll 1 and 5
    (6)' against 'You roll 1 and 5: six steps'): a bracket with nothing else to say."""
    words = set(re.findall(r"[a-z]+(?:-[a-z]+)?|\d+", text.lower()))
    for token in re.findall(r"[a-z]+(?:-[a-z]+)?|\d+", summary.lower()):
        if token not in words and not (token.isdigit() and number_word(int(token)) in words):
            return False
    return True


def turns_back(log: Sequence[Event], n: int) -> int:
    """The log index where the last n turns begin."""
    seen: list[int] = []
    for i in range(len(log) - 1, -1, -1):
        t = log[i].turn
        if not seen or seen[-1] != t:
            if len(seen) == n:
                return i + 1
            seen.append(t)
    return 0


def mood_after(event: Event, mood: str) -> str:
    """The panel colour once `event` is told: red for a loss, green for a win, yellow for an attack."""
    if event.kind == "game_lost":
        return "red"
    if event.kind == "game_won":
        return "green"
    if event.kind == "zombies_attack" and mood == "white":
        return "yellow"
    return mood
