"""Director's Cut's choices read and laid out for an 80x24 screen: long stop and lock lists grouped on a few
lines with short place names, each supply spend with its chance and its noise, and typed words matched to the
choice they name (a location's name reaches its entrance stop; a word naming several choices says which).
Nothing here changes a choice: the numbers are the engine's options, in order."""

from __future__ import annotations

import re

from engines.core.contract import Decision, Option
from engines.mixtape.board import START
from engines.mixtape.directors_cut import keys
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.movement import MoveDecision
from engines.mixtape.directors_cut.state import View
from engines.mixtape.keys import Key
from solo.commands import COMMANDS
from solo.games import InputError, pct
from solo.games.mixtape_map import short_name, short_place
from solo.games.mixtape_odds import Pending, roll_chances

B = R.BOARD

# -- what a typed line names ------------------------------------------------------------------------------------

_FILLER = frozenset({"the", "of", "a", "an", "at", "to", "go", "into", "in", "on"})


def words(text: str) -> list[str]:
    """A line's words, lower case, apostrophes dropped ("Johnson's" reads as "johnsons")."""
    return re.findall(r"[a-z0-9]+", text.lower().replace("'", "").replace("\u2019", ""))


def named_location(text: str) -> str | None:
    """The one location a typed line names: its id, or the start of its name from any word on ('farm',
    'high school', 'hosp'); three letters at least, so a short command is never read as a place."""
    typed = " ".join(words(text))
    if len(typed) < 3:
        return None
    hits = []
    for lid, loc in B.locations.items():
        parts = words(loc.name)
        if typed == lid or any(" ".join(parts[i:]).startswith(typed) for i in range(len(parts))):
            hits.append(lid)
    return hits[0] if len(hits) == 1 else None


def _is_command_start(text: str) -> bool:
    """A lone word that starts a command's name ('tra', 'ach'): the REPL's own reading comes first."""
    low = text.strip().lower()
    return " " not in low and any(w.startswith(low) for c in COMMANDS for w in (c.name, *c.aliases))


def _head(label: str) -> str:
    """A label without its details in brackets: 'the north entrance of Tall Oaks High School'."""
    return label.partition(" (")[0]


def _few_words(o: Option, typed: str) -> str:
    """A choice in a few words for a one-line question, less the words already typed: 'north' for the
    High School's north entrance after 'high school'; its place when it names one, else its label."""
    node = Key.parse(o.key).arg
    full = short_place(node) if node in B.locations or node in B.kind else _head(o.label)
    said = set(words(typed)) | {"entrance"}
    left = [w for w in full.split() if words(w) and words(w)[0] not in said]
    return " ".join(left) if left else full


def _listing(numbered: list[tuple[int, Option]], typed: str) -> str:
    """'1 (north) or 2 (south)'; past four, '1 (a), 2 (b), 3 (c), 4 (d) and 3 more'."""
    shown = [f"{n} ({_few_words(o, typed)})" for n, o in numbered[:4]]
    if len(numbered) > 4:
        return ", ".join(shown) + f" and {len(numbered) - 4} more"
    return ", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else shown[0]


def location_entrance(text: str, decision: MoveDecision) -> str | None:
    """A location named at the stop choice that is not a stop itself: its entrance when that is one (a
    locked door stops the move), a question when both are, the engine's reason when neither is."""
    lid = named_location(text)
    if lid is None or keys.go(lid) in decision.keys():  # noqa: SIM118 (Decision.keys is a method)
        return None
    doors = [(n, o) for n, o in enumerate(decision.options, 1) if Key.parse(o.key).arg in B.locations[lid].entrances]
    if len(doors) == 1:
        return doors[0][1].key
    name = B.locations[lid].name
    if doors:
        raise InputError(f"{name} itself is out of reach; its entrances: {_listing(doors, text)}.")
    why = decision.refusal(lid)
    if why:
        raise InputError(f"{why} Type a stop's number; 'map' shows them.")
    return None


def named_choice(text: str, decision: Decision) -> str | None:
    """The one choice whose words (before any details in brackets) hold every word typed, a word of three
    letters or more matching the start of one ('hosp'); InputError naming the choices when several do."""
    typed = [w for w in words(text) if w not in _FILLER]
    if not typed or text.strip().isdigit() or _is_command_start(text):
        return None
    hits = []
    for n, o in enumerate(decision.options, 1):
        have = words(_head(o.label)) + [w for a in o.aliases for w in words(a)]
        if all(any(h == w or (len(w) >= 3 and h.startswith(w)) for h in have) for w in typed):
            hits.append((n, o))
    if len(hits) == 1:
        return hits[0][1].key
    if hits:
        raise InputError(f"'{text.strip()[:30]}' could be {_listing(hits, text)}: type the number.")
    return None


# -- the choices laid out ----------------------------------------------------------------------------------------


def _flow(title: str, items: list[str], width: int) -> list[str]:
    """A group on as few lines as fit: 'Title: 1. item  2. item', continued lines indented, no item split."""
    head = f"{title}: " if title else ""
    indent = "  "
    lines: list[str] = []
    line = head
    for item in items:
        sep = "" if not line.strip() or line.endswith(": ") else "  "
        if len(line) + len(sep) + len(item) > width and line.strip():
            lines.append(line.rstrip())
            line, sep = indent, ""
        line += sep + item
    lines.append(line.rstrip())
    return lines


def _stop_item(view: View, n: int, node: str, steps: int) -> str:
    """'3. Video (6, 1 victim)', '7. road 2 NW of Gas Station (8, brawl Patches)': a stop and what landing there starts."""
    tags = [str(steps)]
    if view.hero_at and B.touching(node, view.hero_at):
        tags.append(R.hero_now(view.hero, view.wolf).name)
    elif B.kind.get(node) != START:
        near = [
            s.name
            for s in view.slashers
            if s.seat != view.seat
            and s.alive
            and s.at
            and B.kind.get(s.at) != START
            and B.touching(node, s.at)
        ]
        if near:
            tags.append("brawl " + " or ".join(near))
    if node in B.locations:
        m = view.markers[node]
        tags.append(f"{m} victim{'s' if m != 1 else ''}" if m else "empty")
    elif node in view.locks:
        tags.append(f"{view.locks[node]} lock")
    return f"{n}. {short_place(node)} ({', '.join(tags)})"


def _moves(decision: Decision, view: View, width: int) -> list[str]:
    """The stops in number order: the locations (the engine lists them first), then the rest, a locked door
    among them with its lock said ('5. Gas Station entrance (8, yellow lock)'), never moved out of its place."""
    groups: dict[str, list[str]] = {"Locations": [], "Elsewhere": []}
    for n, o in enumerate(decision.options, 1):
        node = Key.parse(o.key).arg
        steps = view.stops.get(node, 0)
        item = _stop_item(view, n, node, steps)
        groups["Locations" if node in B.locations else "Elsewhere"].append(item)
    return [line for title, items in groups.items() if items for line in _flow(title, items, width)]


def _locks(decision: Decision, width: int) -> list[str]:
    items = []
    for n, o in enumerate(decision.options, 1):
        e = Key.parse(o.key).arg
        lid = B.entrance_of.get(e, "")
        side = short_place(e).removeprefix(short_name(lid)).removesuffix(" entrance").strip() if lid else ""
        items.append(f"{n}. {short_name(lid)}{' ' + side if side else ''}" if lid else f"{n}. {o.label}")
    return _flow("Lock the entrance of", items, width)


def pending(view: View) -> Pending | None:
    """The roll a spend decision is for, from what the seat sees."""
    spender = next((s for s in view.slashers if s.seat == view.spender), None)
    if spender is None:
        return None
    return Pending(
        view.purpose,
        view.card,
        spender.edge,
        view.locks.get(spender.at, "yellow"),
        R.hero_now(view.hero, view.wolf),
        bool(view.brawl) and view.brawl[0] == view.spender,
        view.brawl_knives if view.brawl_roll else -1,
    )


_WHAT = {"kill": "kill", "defend": "hold", "survivor": "hold", "unlock": "break it", "brawl": "win"}


def _count(n: int, icon: str) -> str:
    """'1 knife', '2 knives', '1 fist', '3 fists'."""
    many = "knives" if icon == "knife" else f"{icon}s"
    return f"{n} {icon if n == 1 else many}"


def _spends(decision: Decision, view: View) -> list[str] | None:
    """'2. 1 token, +1 knife: kill 56%, noise 1: meter 2->3/4': each spend with its chance and its noise."""
    p = pending(view)
    spender = next((s for s in view.slashers if s.seat == view.spender), None)
    if p is None or spender is None or not spender.supply:
        return None
    kind = R.supply(spender.supply)
    lines = []
    for n, o in enumerate(decision.options, 1):
        tokens = keys.spent(o.key)
        bonus = tokens * kind.amount
        ch = roll_chances(p, bonus if kind.kind == "knife" else 0, bonus if kind.kind == "fist" else 0)
        if not tokens:
            what = "spend nothing"
        elif kind.infinite:
            what = f"use the {kind.name}, +{_count(bonus, kind.kind)}"
        else:
            what = f"{tokens} token{'s' if tokens != 1 else ''}, +{_count(bonus, kind.kind)}"
        if p.purpose == "hero":
            odds = f"defeat {pct(ch[0])}, fend off {pct(ch[1])}"
        else:
            odds = f"{_WHAT.get(p.purpose, 'succeed')} {pct(ch[0])}"
            noise = tokens * kind.noise
            after = view.meter + noise
            if noise and after >= R.METER:
                odds += f", noise {noise}: {p.hero.name} comes"
            elif noise:
                odds += f", noise {noise}: meter {view.meter}->{after}/{R.METER}"
        lines.append(f"{n}. {what}: {odds}")
    return lines


def _places(decision: Decision, view: View, width: int) -> list[str]:
    """'1. Johnson's Farm (1 victim)  2. Video (empty)': where a Bonus Track or The Drowned Girl may go."""
    items = []
    for n, o in enumerate(decision.options, 1):
        lid = Key.parse(o.key).arg
        if lid not in B.locations:
            return [f"{m}. {x.label}" for m, x in enumerate(decision.options, 1)]
        m = view.markers[lid]
        items.append(
            f"{n}. {short_name(lid)} ({m} victim{'s' if m != 1 else ''})"
            if m
            else f"{n}. {short_name(lid)} (empty)"
        )
    return _flow("", items, width)


def _fit_whole(decision: Decision, width: int) -> bool:
    """Whether every choice fits one line as the engine words it ('2. the road 1 step south of the west entrance
    of Tall Oaks Town Square (4 steps)' does not at 80 columns: the stops are then grouped with short names)."""
    return all(len(f"{n}. {o.label}") <= width for n, o in enumerate(decision.options, 1))


def choice_lines(decision: Decision, view: View, width: int, plain: bool = False) -> list[str] | None:
    """The choices as lines no wider than `width`, or None where one engine label a line already fits."""
    if decision.kind == "move" and (len(decision.options) > 4 or not _fit_whole(decision, width)):
        return _moves(decision, view, width)
    if decision.kind == "lock":
        return _locks(decision, width)
    if decision.kind in ("rise", "bonus_move") and len(decision.options) > 4:
        return _places(decision, view, width)
    if decision.kind == "spend":
        return _spends(decision, view)
    return None
