"""The story between two of the person's decisions, fitted to a terminal too short for it whole.

The person's own turn is told in full and the other seats' turns (rivals, the Killer's phase, the Sawyer
family) a line or two each, what matters first (kills, souvenirs, injuries, deaths, rescues), so the end of
the person's turn, the others' turns and the prompt share one screen (issue 14). Nothing is lost: `log`, the
transcript and the exports tell the whole story, and plain or piped output is never shortened."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

from engines.core.events import Event
from narratives import Narrator, Telling
from solo import narration

Owner = Callable[[Event], "str | None"]
"""The seat whose turn an event begins or belongs to (a game's screen gives it); None: the turn goes on."""

Group = tuple[str, list[str], str]
"""(title, paragraphs, mood), as narration.groups gives them; `brief` marks lines told one per turn."""

OUTCOMES = ("kill", "souvenir", "die", "dead", "death", "rescue", "escape", "game_")
"""Words in an event's kind for what a turn ends in (kills, souvenirs, deaths, rescues): the last to give way."""

THREATS = ("hurt", "wound", "injur", "attack", "_hit", "hero_", "full_moon", "victim_")
"""Words in an event's kind for harm done or coming (injuries, attacks, the Hero): next to last."""

LINES = 2
"""The lines, at the terminal's width, one other seat's turn may take in brief (one where two do not fit)."""


def chapters(log: Sequence[Event], start: int, owner: Owner) -> list[tuple[int, int, str | None]]:
    """log[start:] cut where the turn passes to another seat: (start, stop, seat) for each stretch."""
    seat = next((s for s in map(owner, reversed(log[:start])) if s is not None), None)
    out: list[tuple[int, int, str | None]] = []
    begin = start
    for i in range(start, len(log)):
        now = owner(log[i])
        if now is not None and now != seat:
            if i > begin:
                out.append((begin, i, seat))
            begin, seat = i, now
    if begin < len(log):
        out.append((begin, len(log), seat))
    return out


def shortened(
    log: Sequence[Event], narrator: Narrator, start: int, owner: Owner, me: str, width: int, lines: int = LINES
) -> list[tuple[bool, Group]]:
    """log[start:] told for a short terminal, in order: (brief, group) pairs. The first stretch (the rest of
    what the person just did) and the person's own turns are told in full; each run of other seats' turns
    becomes one panel, a line or two a turn, titled with the `log` command that tells them whole."""
    out: list[tuple[bool, Group]] = []
    tellings = narrator.tellings(log, start)
    brief: list[str] = []
    first = -1  # where the run of others' turns being gathered begins
    for k, (a, b, seat) in enumerate(chapters(log, start, owner)):
        if k == 0 or seat in (me, None):
            if brief:
                out.append((True, _brief_group(brief, log, first)))
            brief, first = [], -1
            out += [(False, g) for g in narration.groups(log, narrator, a, stop=b)]
            continue
        if first < 0:
            first = a
        line = _one_turn([t for t in tellings if a <= t.start < b], log, width, lines)
        if line:
            brief.append(line)
    if brief:
        out.append((True, _brief_group(brief, log, first)))
    return out


def _brief_group(lines: list[str], log: Sequence[Event], first: int) -> Group:
    """The others' turns in one panel, titled with the `log N` that tells them whole from where they began."""
    back = 1
    for i in range(first + 1, len(log)):
        back += log[i].turn != log[i - 1].turn
    return f"Others' turns, in brief ('log {back}' tells them whole)", lines, "white"


def _one_turn(tellings: Sequence[Telling], log: Sequence[Event], width: int, lines: int) -> str:
    """One other seat's turn in at most `lines` lines: its tellings' summary lines in the order they happened,
    the lightest (see `_weight`) giving way first, the earliest of a weight first, and a last one too long
    alone shortened at a word; '…' where anything gave way (`log` tells it whole)."""
    pairs = [(narration.told(t, log[t.start : t.stop], True), _weight(log[t.start : t.stop])) for t in tellings]
    told = [text for text, _ in pairs if text]
    rank = [weight for text, weight in pairs if text]
    kept = list(range(len(told)))
    for level in (4, 3, 2, 1, 0):
        for i in range(len(told)):  # the earliest first: a turn's later lines are what came of it
            if _fits([told[k] for k in kept], len(kept) < len(told), width, lines) or len(kept) == 1:
                break
            if rank[i] == level and i in kept:
                kept.remove(i)
    return _cut(_join([told[k] for k in kept], len(kept) < len(told)), width, lines)


def _cut(text: str, width: int, lines: int) -> str:
    """text within `lines` lines wrapped at `width`, its last line shortened at a word and marked '…'."""
    rows = textwrap.wrap(text, width)
    if len(rows) <= lines:
        return text
    last = textwrap.shorten(f"{rows[lines - 1]} {rows[lines]}", width, placeholder=" …")
    return " ".join([*rows[: lines - 1], last])


def _join(kept: Sequence[str], dropped: bool) -> str:
    text = " ".join(kept)
    return f"{text} …" if dropped and text else text


def _fits(kept: Sequence[str], dropped: bool, width: int, lines: int) -> bool:
    return len(textwrap.wrap(_join(kept, dropped), width)) <= lines


def _weight(events: Sequence[Event]) -> int:
    """0 for a kill, souvenir, death or rescue; 1 for an injury, an attack or the Hero; 2 for what else a turn
    did (a search, a Task, a card); 3 for a roll; 4 for the turn's start and its moves, which the map shows."""
    kinds = [e.kind for e in events]
    for weight, words in enumerate((OUTCOMES, THREATS)):
        if any(w in k for k in kinds for w in words):
            return weight
    if all(k.startswith(("turn_", "round_", "move")) for k in kinds):
        return 4
    return 3 if any("dice" in e.facts for e in events) else 2
