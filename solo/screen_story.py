"""The story between two of the person's decisions, fitted to a terminal too short for it whole.

The person's own turn stays in prose (or in brief, as chosen); what gives way first is what others did: the other
seats' turns (rivals, the Killer's phase, the Sawyer family) and the setup go to a line or two each of whole
sentences, what matters first (kills, souvenirs, injuries, deaths, rescues), runs of one kind folded into one
sentence (narratives/shortening.py); then the blank lines between paragraphs, then the frames between panels
(everything in one panel); then a line fewer for each other turn. Only where the person's own turn
alone is too tall do its earlier paragraphs go to their summaries (which carry every roll's dice), its last ones
told in full nearest the prompt. The opening keeps its scene-setting prose whole. A panel's title names the
`log N` that tells it whole: nothing is lost, `log`, the transcript and the exports tell the whole story, and
plain or piped output is never shortened. No sentence is ever cut mid-way.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import NamedTuple

from engines.core.events import Event
from narratives import Narrator, Telling, shortening
from solo import narration

Owner = Callable[[Event], "str | None"]
"""The seat whose turn an event begins or belongs to (a game's screen gives it); None: the turn goes on."""

Group = tuple[str, list[str], str]
"""(title, paragraphs, mood), as narration.groups gives them; `brief` marks lines told one per turn."""

Told = list[tuple[bool, Group]]
"""A story as the screen shows it: (brief, group) pairs in order (see Screen.brief and Screen.story)."""

OUTCOMES = ("kill", "souvenir", "die", "dead", "death", "rescue", "escape", "game_", "saved", "freed")
"""Words in an event's kind for what a turn ends in (kills, souvenirs, deaths, rescues): the last to give way."""

THREATS = ("hurt", "wound", "injur", "attack", "_hit", "hero_", "full_moon", "victim_", "scuffle", "brawl")
"""Words in an event's kind for harm done or coming (injuries, attacks, the Hero, fights between seats): next to
last, so the brief keeps the fight that cost health beside the loss."""

LINES = 2
"""The lines, at the terminal's width, one other seat's turn may take in brief (one where two do not fit)."""

SETUP_LINES = 3
"""The lines the setup after the scene-setting prose may take (two, then one, where that does not fit)."""


class Way(NamedTuple):
    """How one try tells the story: the lines each other turn may take, whether the person's own paragraphs
    go without the blank lines between them (`tight`), whether everything is in one panel (`merged`), and the
    person's tellings that begin before `cut` told by their summaries (-1: none)."""

    lines: int = LINES
    tight: bool = False
    merged: bool = False
    cut: int = -1


WAYS = (
    Way(LINES),
    Way(LINES, tight=True),
    Way(LINES, tight=True, merged=True),
    Way(1, tight=True, merged=True),
)
"""The tries that keep the person's own turn whole, in the order they give way, after the others' turns and
the setup (told in a line or two of whole sentences each from the first): the blank lines, then the frames
between panels, then the others' second lines (air gives way before words)."""


class Section(NamedTuple):
    """A stretch of the story as the screen tells it: the headings of its tellings, its paragraphs and mood,
    and what it is: the person's own ("own", "short" where some are by their summaries), or what others did
    in brief ("others", "setup")."""

    titles: list[str]
    paragraphs: list[str]
    mood: str
    kind: str
    first: int
    """Where in the log it begins (for the `log N` that tells it whole)."""
    label: str = "Others' turns"
    """What an "others" section is called: the game's `others_heading` phrase (Final Girl's Killer phase is
    no one's "turns")."""


def fitted(
    log: Sequence[Event],
    narrator: Narrator,
    start: int,
    owner: Owner,
    me: str,
    width: int,
    room: int,
    height: Callable[[Told], int],
    brief: bool = False,
) -> Told:
    """log[start:] told within `room` lines as `height` measures them, shortened no more than it must be: the
    ways of WAYS in turn, then the person's own paragraphs to their summaries from the earliest on, the last
    of them too, and last of all every line in one panel. Where even that does not fit, what scrolls away is
    the earliest of it, never the end nearest the prompt. `brief`: the person chose brief, so their own turn
    is told by its summaries as it would be whole."""
    told, _ = fitting(log, narrator, start, owner, me, width, room, height, brief)
    return told


def fitting(
    log: Sequence[Event],
    narrator: Narrator,
    start: int,
    owner: Owner,
    me: str,
    width: int,
    room: int,
    height: Callable[[Told], int],
    brief: bool = False,
) -> tuple[Told, bool]:
    """As `fitted`, and whether the person's own turn is whole in it (as chosen: in prose, or in brief)."""
    memo: dict[tuple[int, int, int], str] = {}  # each other turn's line, told once for every try

    def told(way: Way) -> Told:
        return shortened(log, narrator, start, owner, me, width, way.lines, way.cut, memo, brief, way)

    for way in WAYS:
        if height(tried := told(way)) <= room:
            return tried, True
    shortest = _one_panel(told(Way(1, True, True, len(log))), log, start)
    if height(shortest) > room:
        return shortest, False  # nothing fits: what scrolls away is the earliest of the shortest telling
    own = _own_tellings(log, narrator, start, owner, me)
    cuts = [*own[1:], len(log)]  # the tellings that begin before a cut are told by their summaries
    low, high = 0, len(cuts)  # the fewest summaries that fit: each more never makes the story taller
    while low < high:
        mid = (low + high) // 2
        if height(told(Way(1, True, True, cuts[mid]))) <= room:
            high = mid
        else:
            low = mid + 1
    if low < len(cuts):
        return told(Way(1, True, True, cuts[low])), False
    return shortest, False


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


def setup_end(log: Sequence[Event], narrator: Narrator) -> int:
    """Where the setup's tellings end: the first telling with an event of the play itself (past turn 0 and out
    of the setup phase). The first telling, the scene, is told whole; the rest of the setup gives way."""
    for t in narrator.tellings(log, 0):
        if any(e.phase != "setup" and e.turn != 0 for e in log[t.start : t.stop]):
            return t.start
    return len(log)


def stretches(log: Sequence[Event], start: int, owner: Owner, me: str) -> list[tuple[int, int, str | None, bool]]:
    """The chapters of log[start:] (see `chapters`), each with whether it is told as the person's own: theirs,
    no one's, and what follows their choice in another seat's turn (a reaction, a card played into it) until
    a turn begins there (the next Trespasser's, say): the rest of that seat's phase is theirs again."""
    prior = _seat_before(log, start, owner)
    out: list[tuple[int, int, str | None, bool]] = []
    for a, b, seat in chapters(log, start, owner):
        if a == start and seat == prior and seat not in (me, None):
            cut = next((i for i in range(a + 1, b) if log[i].kind == "turn_started"), b)
            out.append((a, cut, seat, True))
            if cut < b:
                out.append((cut, b, seat, False))
        else:
            out.append((a, b, seat, seat in (me, None)))
    return out


def own_stretches(log: Sequence[Event], start: int, owner: Owner, me: str) -> list[tuple[int, int]]:
    """The stretches of log[start:] told as the person's own (see `stretches`)."""
    return [(a, b) for a, b, _, own in stretches(log, start, owner, me) if own]


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
    brief: bool = False,
    way: Way | None = None,
) -> Told:
    """log[start:] told for a short terminal, in order: (brief, group) pairs. The person's own stretches are
    told in full (the tellings that begin before `cut` by their summaries; by their summaries all, in brief),
    and so is the first when the turn has not passed (the rest of what the person just did); each run of other
    seats' turns becomes one panel, a line or two a turn of whole sentences, titled with the `log` command that
    tells them whole (`memo` keeps each such line for the next try). The opening's scene is told whole, the
    rest of the setup in brief. `way` lays it out (see Way); its lines and cut stand for those given."""
    way = (way or Way())._replace(lines=lines, cut=cut)
    sections = _sections(log, narrator, start, owner, me, width, way, memo if memo is not None else {}, brief)
    return _laid_out(sections, log, start, way)


def _sections(
    log: Sequence[Event],
    narrator: Narrator,
    start: int,
    owner: Owner,
    me: str,
    width: int,
    way: Way,
    memo: dict[tuple[int, int, int], str],
    brief: bool,
) -> list[Section]:
    out: list[Section] = []
    tellings = narrator.tellings(log, start)
    others: list[str] = []
    first = -1  # where the run of others' turns being gathered begins
    titles: list[str] = []
    cut_at = stretches(log, start, owner, me)
    label = narrator.templates.phrases.get("others_heading", "Others' turns")
    setup = _setup(log, narrator) if start < setup_end(log, narrator) else (0, 0)
    for a, b, _, own in cut_at:
        if own:
            if others:
                out.append(Section(titles, others, "white", "others", first, label))
            others, first, titles = [], -1, []
            if a < setup[1]:
                a = _opening(log, narrator, a, b, setup, width, way, brief, out)
            if a < b:
                out += _own_sections(log, narrator, a, b, way.cut, brief)
            continue
        if first < 0:
            first = a
        mine = [t for t in tellings if a <= t.start < b]
        titles += [t.title for t in mine[:1]]
        line = memo.get((a, b, way.lines))
        if line is None:
            span = sum(1 for c, *_ in cut_at if a <= c < max((t.stop for t in mine), default=b))
            actor = log[a].facts.get("name") if log[a].kind == "turn_started" else None
            lines = way.lines * span  # a telling of several quiet turns: the lines of as many
            line = _one_turn(mine, log, width, lines, brief, narrator, actor=actor if isinstance(actor, str) else "")
            memo[a, b, way.lines] = line
        if line:
            others.append(line)
    if others:
        out.append(Section(titles, others, "white", "others", first, label))
    return out


def _setup(log: Sequence[Event], narrator: Narrator) -> tuple[int, int]:
    """(where the scene ends, where the setup ends): the first telling is the scene, told whole; the setup's
    tellings after it give way as the others' turns do."""
    tellings = narrator.tellings(log, 0)
    return (tellings[0].stop, setup_end(log, narrator)) if tellings else (0, 0)


def _opening(
    log: Sequence[Event],
    narrator: Narrator,
    a: int,
    b: int,
    setup: tuple[int, int],
    width: int,
    way: Way,
    brief: bool,
    out: list[Section],
) -> int:
    """What of log[a:b] is the opening, added to `out`: the scene told whole, the rest of the setup in brief;
    where what follows it begins (at most `b`)."""
    scene, end = setup
    if a < scene:
        out += _own_sections(log, narrator, a, scene, -1, brief)
        a = scene
    rest = [t for t in narrator.tellings(log, a) if a <= t.start < min(b, end)]
    lines = max(1, SETUP_LINES - (LINES - way.lines) - way.tight)
    line = _one_turn(rest, log, width, lines, brief, narrator, latest_first=True) if rest else ""
    if line:
        out.append(Section([rest[0].title], [line], "white", "setup", rest[0].start))
    return max(a, min(b, end))


def _own_sections(
    log: Sequence[Event], narrator: Narrator, a: int, b: int, cut: int, brief: bool
) -> list[Section]:
    """The person's tellings in log[a:b] as narration.groups groups them (by their summaries in brief), those
    that begin before `cut` by their summaries, one a line (a roll's dice are in its summary; a roll with none
    keeps its prose), and summaries under one heading in one section with what follows under the next."""
    if brief or cut <= a:
        return [
            Section([title], paragraphs, mood, "own", a)
            for title, paragraphs, mood in narration.groups(log, narrator, a, brief, stop=b)
        ]
    out: list[Section] = []
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
                out.append(Section(titles, paragraphs, mood, "short" if short else "own", a))
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
        out.append(Section(titles, paragraphs, mood, "short" if short else "own", a))
    return out


def _laid_out(sections: list[Section], log: Sequence[Event], start: int, way: Way) -> Told:
    """The sections as panels: each its own (the person's paragraphs apart, or one a line where `tight`), or
    all in one panel where `merged`, titled by the turns it spans."""
    if way.merged and len(sections) > 1:
        return [_merged(sections, log, start)]
    out: Told = []
    for s in sections:
        if s.kind == "others":
            out.append((True, (f"{s.label}, in brief ('log {_back(log, s.first)}' tells them whole)", s.paragraphs, s.mood)))
        elif s.kind == "setup":
            out.append((True, (f"{_span(s.titles)}, in brief ('log {_back(log, s.first)}' tells it whole)", s.paragraphs, s.mood)))
        else:
            title = _span(s.titles)
            if s.kind == "short":
                note = f"in short ('log {_back(log, s.first)}' tells it whole)"
                title = f"{title}, {note}" if title else note[0].upper() + note[1:]
            out.append((way.tight, (title, s.paragraphs, s.mood)))
    return out


def _merged(sections: list[Section], log: Sequence[Event], start: int) -> tuple[bool, Group]:
    """Every section in one panel, a line a paragraph, titled by the turns it spans and how it was shortened."""
    titles: list[str] = []
    for s in sections:
        titles += [t for t in s.titles if t and (not titles or titles[-1] != t)]
    lines = [p for s in sections for p in s.paragraphs]
    moods = {s.mood for s in sections}
    mood = next((m for m in ("red", "green", "yellow") if m in moods), "white")
    kinds = {s.kind for s in sections}
    how = "in short" if "short" in kinds else "in brief" if kinds & {"others", "setup"} else ""
    note = f"{how} ('log {_back(log, start)}' tells it whole)" if how else ""
    span = _span(titles) if titles else ""
    if not note:  # only the air between the person's own paragraphs gave way: nothing to tell whole
        return True, (span, lines, mood)
    return True, (f"{span}, {note}" if span else note[0].upper() + note[1:], lines, mood)


def _seat_before(log: Sequence[Event], start: int, owner: Owner) -> str | None:
    """Whose turn it was when log[start] came: the last seat an earlier event named."""
    return next((s for s in map(owner, reversed(log[:start])) if s is not None), None)


def _own_tellings(log: Sequence[Event], narrator: Narrator, start: int, owner: Owner, me: str) -> list[int]:
    """Where each of the person's own tellings in log[start:] begins (those with words), in order: the cuts
    `fitted` tries, one more of them told by its summary each time."""
    own = own_stretches(log, start, owner, me)
    return [
        t.start
        for t in narrator.tellings(log, start)
        if any(a <= t.start < b for a, b in own) and narration.told(t, log[t.start : t.stop], False)
    ]


def _span(titles: list[str]) -> str:
    """One title for consecutive panels: 'Turn 4', 'Turns 4 to 6', 'Setting the scene, then Turn 0'."""
    first, last = titles[0], titles[-1]
    if len(titles) == 1 or first == last:
        return first
    if first.startswith("Turn ") and last.startswith("Turn "):
        return f"Turns {first.removeprefix('Turn ')} to {last.removeprefix('Turn ')}"
    return f"{first}, then {last}"


def _one_panel(told: Told, log: Sequence[Event], start: int) -> Told:
    """Everything in one panel, a line a paragraph: the last resort of a screen too short for the rest."""
    lines = [p for _, (_, paragraphs, _) in told for p in paragraphs]
    moods = {mood for _, (_, _, mood) in told}
    mood = next((m for m in ("red", "green", "yellow") if m in moods), "white")
    since = "From the start" if start == 0 else "Since your last choice"  # no choice made yet: the opening
    return [(True, (f"{since}, in short ('log {_back(log, start)}' tells it whole)", lines, mood))]


def _back(log: Sequence[Event], first: int) -> int:
    """The N of the `log N` that tells log[first:] whole: how many turns it spans."""
    back = 1
    for i in range(first + 1, len(log)):
        back += log[i].turn != log[i - 1].turn
    return back


class Piece(NamedTuple):
    """One sentence or more a short telling may keep: its words (prose where it fits, else its summary) and
    how much it weighs (see `_weight`)."""

    text: str
    weight: int


def _one_turn(
    tellings: Sequence[Telling],
    log: Sequence[Event],
    width: int,
    lines: int,
    brief: bool = False,
    narrator: Narrator | None = None,
    latest_first: bool = False,
    actor: str = "",
) -> str:
    """One other seat's turn (or the setup) in at most `lines` lines of whole sentences: its tellings in the
    order they happened, runs of one kind folded into one sentence where the game says how
    (narratives/shortening.py), each in its prose where that fits (in its summary in brief, or where the prose
    alone would not fit), the lightest giving way first (see `_weight`), the earliest of a weight first (a
    turn's later lines are what came of it; `latest_first` for the setup, whose first lines set the table).
    What is kept is never cut: a last one too long alone keeps the shorter of its words whole. Where what is
    kept does not name the turn's `actor` (its prose names them in a line that gave way), "Kirk's turn." leads.
    """
    pieces = _pieces(tellings, log, width, lines, brief, narrator)
    kept = list(range(len(pieces)))

    def said() -> str:
        text = " ".join(pieces[k].text for k in kept)
        return f"{_possessive(actor)} turn. {text}" if actor and text and actor not in text else text

    order = range(len(pieces) - 1, -1, -1) if latest_first else range(len(pieces))
    for level in (4, 3, 2, 1, 0):
        for i in order:
            if _fits([said()], width, lines) or len(kept) == 1:
                break
            if pieces[i].weight == level and i in kept:
                kept.remove(i)
    return said()


def _possessive(name: str) -> str:
    """'Kirk's', 'Stitches'': whose turn it is."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _pieces(
    tellings: Sequence[Telling],
    log: Sequence[Event],
    width: int,
    lines: int,
    brief: bool,
    narrator: Narrator | None,
) -> list[Piece]:
    """The words a short telling may keep, a piece a telling or a fold of several (see `_one_turn`)."""
    runs = shortening.runs(narrator, log, tellings) if narrator is not None else [(t, t) for t in tellings]
    out: list[Piece] = []
    for head, last in runs:
        events = log[head.start : last.stop]
        if head is last:
            prose, summary = head.prose, head.summary
        else:
            assert narrator is not None
            prose, summary = shortening.told(narrator, log, head, last)
        text = summary if brief else prose
        if not _fits([text], width, lines) and summary and _fits([summary], width, lines):
            text = summary  # the prose alone would pass its lines where the summary keeps within them
        if text:
            out.append(Piece(text, _weight(events)))
    return out


def _fits(kept: Sequence[str], width: int, lines: int) -> bool:
    return len(textwrap.wrap(" ".join(kept), width)) <= lines


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
