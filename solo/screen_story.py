"""The story between two of the person's decisions, fitted to a terminal too short for it whole.

First the other seats' turns (rivals, the Killer's phase, the Sawyer family) go to a line or two each, what
matters first (kills, souvenirs, injuries, deaths, rescues); then, where the person's own turn alone is too tall,
its earlier paragraphs go to their summaries (which carry every roll's dice), its last ones told in full nearest
the prompt; a panel's title names the `log N` that tells it whole. So the end of the person's turn, the others'
turns and the prompt share one screen (issue 14). Nothing is lost: `log`, the transcript and the exports tell
the whole story, and plain or piped output is never shortened."""

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

Told = list[tuple[bool, Group]]
"""A story as the screen shows it: (brief, group) pairs in order (see Screen.brief and Screen.story)."""

OUTCOMES = ("kill", "souvenir", "die", "dead", "death", "rescue", "escape", "game_")
"""Words in an event's kind for what a turn ends in (kills, souvenirs, deaths, rescues): the last to give way."""

THREATS = ("hurt", "wound", "injur", "attack", "_hit", "hero_", "full_moon", "victim_", "scuffle", "brawl")
"""Words in an event's kind for harm done or coming (injuries, attacks, the Hero, fights between seats): next to
last, so the brief keeps the fight that cost health beside the loss."""

LINES = 2
"""The lines, at the terminal's width, one other seat's turn may take in brief (one where two do not fit)."""


def nobody(event: Event) -> str | None:
    """The owner for a game with no other seat (Escape of the Dead): the whole story is the person's own."""
    return None


def fitted(
    log: Sequence[Event],
    narrator: Narrator,
    start: int,
    owner: Owner,
    me: str,
    width: int,
    room: int,
    height: Callable[[Told], int],
) -> Told:
    """log[start:] told within `room` lines as `height` measures them, shortened no more than it must be: the
    others' turns two lines each, then one, then the person's own paragraphs to their summaries from the
    earliest on, the last of them too, and last of all every line in one panel. Where even that does not fit,
    what scrolls away is the earliest of it, never the end nearest the prompt."""
    memo: dict[tuple[int, int, int], str] = {}  # each other turn's line, told once for every try

    def told(lines: int, cut: int = -1) -> Told:
        return shortened(log, narrator, start, owner, me, width, lines, cut, memo)

    shortest = _one_panel(told(1, len(log)), log, start)
    if height(shortest) > room:
        return shortest  # nothing fits: what scrolls away is the earliest of the shortest telling
    for lines in (LINES, 1):
        if height(tried := told(lines)) <= room:
            return tried
    own = _own_tellings(log, narrator, start, owner, me)
    cuts = [*own[1:], len(log)]  # the tellings that begin before a cut are told by their summaries
    low, high = 0, len(cuts)  # the fewest summaries that fit: each more never makes the story taller
    while low < high:
        mid = (low + high) // 2
        if height(told(1, cuts[mid])) <= room:
            high = mid
        else:
            low = mid + 1
    if low < len(cuts):
        return told(1, cuts[low])
    two = _one_panel(told(LINES, len(log)), log, start)
    return two if height(two) <= room else shortest


def chapters(log: Sequence[Event], start: int, owner: Owner) -> list[tuple[int, int, str | None]]:
    """log[start:] cut where the turn passes to another seat: (start, stop, seat) for each stretch."""
    seat = _seat_before(log, start, owner)
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
    log: Sequence[Event],
    narrator: Narrator,
    start: int,
    owner: Owner,
    me: str,
    width: int,
    lines: int = LINES,
    cut: int = -1,
    memo: dict[tuple[int, int, int], str] | None = None,
) -> Told:
    """log[start:] told for a short terminal, in order: (brief, group) pairs. The person's own stretches are
    told in full (the tellings that begin before `cut` by their summaries), and so is the first when the turn
    has not passed (the rest of what the person just did); each run of other seats' turns becomes one panel,
    a line or two a turn, titled with the `log` command that tells them whole (`memo` keeps each such line
    for the next try)."""
    out: Told = []
    tellings = narrator.tellings(log, start)
    brief: list[str] = []
    first = -1  # where the run of others' turns being gathered begins
    prior = _seat_before(log, start, owner)
    cut_at = chapters(log, start, owner)
    for a, b, seat in cut_at:
        if _own(seat, me, a == start and seat == prior):
            if brief:
                out.append((True, _brief_group(brief, log, first)))
            brief, first = [], -1
            told = _own_groups(log, narrator, a, b, cut) if cut > a else narration.groups(log, narrator, a, stop=b)
            out += [(False, g) for g in told]
            continue
        if first < 0:
            first = a
        line = memo.get((a, b, lines)) if memo is not None else None
        if line is None:
            mine = [t for t in tellings if a <= t.start < b]
            span = sum(1 for c, _, _ in cut_at if a <= c < max((t.stop for t in mine), default=b))
            line = _one_turn(mine, log, width, lines * span)  # a telling of several quiet turns: their lines
            if memo is not None:
                memo[a, b, lines] = line
        if line:
            brief.append(line)
    if brief:
        out.append((True, _brief_group(brief, log, first)))
    return out


def _seat_before(log: Sequence[Event], start: int, owner: Owner) -> str | None:
    """Whose turn it was when log[start] came: the last seat an earlier event named."""
    return next((s for s in map(owner, reversed(log[:start])) if s is not None), None)


def _own_tellings(log: Sequence[Event], narrator: Narrator, start: int, owner: Owner, me: str) -> list[int]:
    """Where each of the person's own tellings in log[start:] begins (those with words), in order: the cuts
    `fitted` tries, one more of them told by its summary each time."""
    prior = _seat_before(log, start, owner)
    own = [(a, b) for a, b, seat in chapters(log, start, owner) if _own(seat, me, a == start and seat == prior)]
    return [
        t.start
        for t in narrator.tellings(log, start)
        if any(a <= t.start < b for a, b in own) and narration.told(t, log[t.start : t.stop], False)
    ]


def _own(seat: str | None, me: str, goes_on: bool) -> bool:
    """Whether a stretch is told as the person's own: theirs, no one's, or the first while the turn has not
    passed (`goes_on`: the rest of what the person just did, even in another seat's phase)."""
    return seat in (me, None) or goes_on


def _own_groups(log: Sequence[Event], narrator: Narrator, a: int, b: int, cut: int) -> list[Group]:
    """The person's tellings in log[a:b] grouped as narration.groups groups them, those that begin before `cut`
    by their summaries, one a line (a roll's dice are in its summary; a roll with none keeps its prose), and
    summaries under one heading in one panel with what follows under the next; a group so shortened is titled
    with the `log N` that tells it whole."""
    out: list[Group] = []
    titles: list[str] = []
    mood = "white"
    paragraphs: list[str] = []
    short = joined = False  # whether the group holds summaries; whether its last paragraph is one
    for t in narrator.tellings(log, a):
        if t.start >= b:
            break
        events = log[t.start : t.stop]
        summed = t.start < cut and bool(t.summary or not any("dice" in e.facts for e in events))
        if paragraphs and t.title != titles[-1]:
            if joined and len(paragraphs) == 1:  # summaries alone so far: one panel for them and what follows
                titles.append(t.title)
            else:
                out.append(_retitled(titles, paragraphs, mood, short, log, a))
                mood, paragraphs, short, joined = "white", [], False, False
        if not paragraphs:
            titles = [t.title]
        text = narration.told(t, events, summed)
        if text and summed and joined:
            paragraphs[-1] += "\n" + text
        elif text:
            paragraphs.append(text)
        if text:
            short, joined = short or summed, summed
        for event in events:
            mood = narration.mood_after(event, mood)
    if paragraphs:
        out.append(_retitled(titles, paragraphs, mood, short, log, a))
    return out


def _span(titles: list[str]) -> str:
    """One title for consecutive panels: 'Turn 4', 'Turns 4 to 6', 'Setting the scene, then Turn 0'."""
    first, last = titles[0], titles[-1]
    if len(titles) == 1 or first == last:
        return first
    if first.startswith("Turn ") and last.startswith("Turn "):
        return f"Turns {first.removeprefix('Turn ')} to {last.removeprefix('Turn ')}"
    return f"{first}, then {last}"


def _retitled(
    titles: list[str], paragraphs: list[str], mood: str, short: bool, log: Sequence[Event], a: int
) -> Group:
    title = _span(titles)
    if not short:
        return title, paragraphs, mood
    note = f"in short ('log {_back(log, a)}' tells it whole)"
    return (f"{title}, {note}" if title else note[0].upper() + note[1:]), paragraphs, mood


def _one_panel(told: Told, log: Sequence[Event], start: int) -> Told:
    """Everything in one panel, a line a paragraph: the last resort of a screen too short for the rest."""
    lines = [p for _, (_, paragraphs, _) in told for p in paragraphs]
    moods = {mood for _, (_, _, mood) in told}
    mood = next((m for m in ("red", "green", "yellow") if m in moods), "white")
    since = "From the start" if start == 0 else "Since your last choice"  # no choice made yet: the opening
    return [(True, (f"{since}, in short ('log {_back(log, start)}' tells it whole)", lines, mood))]


def _brief_group(lines: list[str], log: Sequence[Event], first: int) -> Group:
    """The others' turns in one panel, titled with the `log N` that tells them whole from where they began."""
    return f"Others' turns, in brief ('log {_back(log, first)}' tells them whole)", lines, "white"


def _back(log: Sequence[Event], first: int) -> int:
    """The N of the `log N` that tells log[first:] whole: how many turns it spans."""
    back = 1
    for i in range(first + 1, len(log)):
        back += log[i].turn != log[i - 1].turn
    return back


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
    """text within `lines` lines wrapped at `width`, its last line shortened at a word and marked '…'; a
    bracket the cut would leave open goes whole ('misses X (fist, pentagram, pentagram: 0 …' read as a
    number cut short), so what is kept reads complete."""
    rows = textwrap.wrap(text, width)
    if len(rows) <= lines:
        return text
    last = textwrap.shorten(f"{rows[lines - 1]} {rows[lines]}", width, placeholder=" …")
    kept = " ".join([*rows[: lines - 1], last])
    body = kept.removesuffix(" …")
    before = body[: body.rindex("(")].rstrip(" ,;:") if body.count("(") > body.count(")") else ""
    return f"{before} …" if before else kept


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
