"""Slaughterhouse's long menus laid out to fit 80x24: a Trespasser's or a Sawyer's 10-15 actions grouped a line
or two per kind (Move, Run, each card's free play, the Panic purchase) and read in number order, item picks with
what each item does, and Grandpa's 38 spaces floor by floor; every space by its whole name, as the map's short
labels ('Liv back') read like a code."""

from __future__ import annotations

import re
import textwrap

from rich.cells import cell_len

from engines.core.contract import Decision, Option
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.state import View
from solo.games import slaughterhouse_words as W
from solo.screen import clip

CARD_PICKS = ("personal", "take", "bury")


def choice_lines(decision: Decision, view: View, width: int, plain: bool) -> list[str] | None:
    numbered = list(enumerate(decision.options, 1))
    if decision.kind in CARD_PICKS:
        out = []
        for i, o in numbered:
            card = Key.parse(o.key).card
            words = W.card(card)
            line = f"{i}. {o.label}" + (f": {words}" if words else "")
            out.append(line if plain else clip(line, width))
        return out
    if plain:
        return None  # one choice a line, in number order, for screen readers
    if decision.kind in ("action", "sawyer_action") and len(decision.options) > 6:
        carry = _carries(decision)
        return min(
            _in_number_order(numbered, width, False, carry=carry),
            _in_number_order(numbered, width, True, carry=carry),
            key=len,
        )
    if decision.kind == "place_grandpa":
        boards: dict[str, list[str]] = {}
        for i, o in numbered:
            sid = Key.parse(o.key).space
            title = "Upstairs" if D.SPACES[sid]["board"] == "up" else "Ground floor"
            boards.setdefault(title, []).append(f"{i}. {D.name(sid)}")
        return [line for title, items in boards.items() for line in _wrap(f"{title}:", items, width)]
    return None


def compact_lines(decision: Decision, view: View, width: int) -> list[str] | None:
    """A long action menu in its shorter layout, for a screen whose story would not fit beside the whole one:
    a two-space move by where it ends alone (the space it passes through is in `look`'s whole list)."""
    if decision.kind not in ("action", "sawyer_action") or len(decision.options) <= 6:
        return None
    numbered = list(enumerate(decision.options, 1))
    return _in_number_order(numbered, width, False, compact=True, carry=_carries(decision))


def _carries(decision: Decision) -> bool:
    """Whether a family member's menu offers to carry a hogtied Trespasser: its moves are then grouped by where
    they go ('Move to Attic:  7. alone  8. carrying Green'), not one line a move."""
    return decision.kind == "sawyer_action" and any(" carrying " in o.label for o in decision.options)


def _in_number_order(
    numbered: list[tuple[int, Option]], width: int, by_way: bool, compact: bool = False, carry: bool = False
) -> list[str]:
    """A long menu grouped by kind, read in number order: each run of several consecutive choices of a kind
    under its title, and the choices alone in their kind on lines of their own between them (a search between
    the moves and the runs stays there, never moved to the end). Two-space moves are grouped by their kind
    ('Run (Noise): 5. Foyer via front porch (door)'), or `by_way`, by the space they pass through ('Run via
    front porch (door) (Noise): 5. Foyer'): the caller keeps the shorter."""
    groups: list[tuple[str, list[tuple[int, str, str]]]] = []  # runs of consecutive choices of one kind
    for i, o in numbered:
        title, text = _carried(o) if carry and Key.parse(o.key).verb == "move" else _grouped(o, by_way)
        if compact and " via " in text and not by_way:
            text = text.split(" via ", 1)[0]
        if groups and groups[-1][0] == title:
            groups[-1][1].append((i, text, o.label))
        else:
            groups.append((title, [(i, text, o.label)]))
    lines: list[str] = []
    lone: list[str] = []
    for title, items in groups:
        if len(items) == 1:  # alone in its kind: said whole, as its label says it (the Panic purchase shorter)
            i, text, label = items[0]
            lone.append(f"{i}. Panic Meter up: {text} and six Fear" if title == _PANIC else f"{i}. {label}")
            continue
        if lone:
            lines += _wrap("", lone, width)
            lone = []
        lines += _wrap(f"{title}:", [f"{i}. {text}" for i, text, _ in items], width)
    return lines + (_wrap("", lone, width) if lone else [])


def _two_spaces(o: Option, by_way: bool) -> tuple[str, str]:
    """A move of two spaces (a run, a Vagabond move, Running on Adrenaline), every space by its whole name:
    grouped by its kind, or `by_way` by the space it passes through."""
    choice = Key.parse(o.key)
    via, to = choice.via, choice.space
    if choice.verb == "desp":
        kind, way = f"Play {D.name(choice.card)}: run", ", no Noise"
    else:
        kind, way = ("Run", " (Noise)") if choice.verb == "run" else ("Vagabond, two spaces", "")
    if by_way:
        return f"{kind} via {D.name(via)}{way}", D.name(to)
    return f"{kind}{way}", f"{D.name(to)} via {D.name(via)}"


_PANIC = "Six Fear and a card: Panic Meter up"
_MOVES = re.compile(r"^(?:.*? )?moves? to ")


def _carried(o: Option) -> tuple[str, str]:
    """A family member's move where carrying is on offer, grouped by where it goes: alone, or carrying whom (the
    Hogtie that allows it is in the move's whole label, in `look`)."""
    choice = Key.parse(o.key)
    title = f"Move to {D.name(choice.space)}"
    if " carrying " in o.label:
        return title, "carrying " + o.label.split(" carrying ", 1)[1].removesuffix(" (Hogtie)")
    return title, "alone"


def _grouped(o: Option, by_way: bool) -> tuple[str, str]:
    """(group title, the choice's words without what the title already says)."""
    choice = Key.parse(o.key)
    head = choice.verb
    if head in ("move2", "run") or (head == "desp" and choice.via in D.SPACES and choice.space in D.SPACES):
        return _two_spaces(o, by_way)
    if head == "move" and (choice.who is not None or choice.grandpa) and " carrying " in o.label:
        who = o.label.split(" carrying ", 1)[1].removesuffix(" (Hogtie)")
        return f"Move carrying {who} (Hogtie)", D.name(choice.space)
    if head in ("move", "creep") and _MOVES.match(o.label):
        text = _MOVES.sub("", o.label)  # the crossing and its Noise stay: they are what the move risks
        return ("Creep" if head == "creep" else "Move"), text
    if head == "desp" and choice.card in D.ALL_DESPERATION:
        name = D.name(choice.card)
        text = o.label.removeprefix(f"play {name}").removeprefix(name).strip(": ").removeprefix("run to ")
        return f"Play {name}", text or name
    if head == "free" and choice.card in D.ALL_SAWYER_CARDS:
        name = D.name(choice.card)
        text = o.label.removeprefix(f"play {name}")
        text = text.removeprefix(" for a free move to ").strip(": ")
        return f"Play {name} free", text
    if head == "panic":
        return _PANIC, D.name(choice.card)
    if o.label.startswith("swap Items with "):
        return "Swap Items with", o.label.removeprefix("swap Items with ")
    if head == "end":
        return "End", o.label
    return "Act", o.label


def _wrap(title: str, items: list[str], width: int) -> list[str]:
    """'Title: 1. a   2. b ...' over as many lines as it takes, each no wider than `width` (no title: the
    items alone)."""
    lines, line = [], title
    for item in items:
        more = f"{line}  {item}" if line else item
        if cell_len(more) > width and line.strip():
            lines.append(line)
            line = ("   " if title else "") + item
        else:
            line = more
    lines.append(line)
    return [part for whole in lines for part in _words(whole, width)]


def _words(line: str, width: int) -> list[str]:
    """A line too wide for the screen (one choice alone, longer than the width) broken between words, its
    continuation indented under the choice's words."""
    if cell_len(line) <= width:
        return [line]
    return textwrap.wrap(line, width, subsequent_indent="     ", break_long_words=False, break_on_hyphens=False)


COACH = {
    "brutal": "Three Trespassers: one Sawyer board turns to its Brutal side, a harder foe.",
    "place_horror": "The family hides Horror tiles: entering such a room ends a move and sets it off.",
    "personal": "A Personal Item stays all game and is not counted in the limit of four Items.",
    "order": "Each Trespasser goes once a round; Noise not calmed at turn's end becomes Fear.",
    "action": "Four actions; doors, stairs, runs and searches make Noise. 'map': the house.",
    "take": "Keep one Item you found; the rest are buried at the bottom of the deck.",
    "bury_order": "The Items go to the bottom of the deck in the order you choose.",
    "bury": "Over the limit of four Items: one goes to the bottom of the deck.",
    "swap": "A swap is gives and takes, each checked against the limit of four Items.",
    "buy": "Two Fear buy a Sawyer card: the family's interrupts and free actions.",
    "sawyer_action": "A Sawyer moves, hunts, attacks; cards in hand add free actions. 'map' shows all.",
    "offer": "A Trespasser set off a card in your hand: pay its Fear now, or let it go.",
    "reroll": "Bury a card to roll again (family's turn only); 'odds' shows the chances.",
    "reroll_pick": "The dice you pick roll again; the rest keep their faces. 'odds' shows totals.",
    "give": "The family picks the Injury: hand, foot, head and heart each hurt differently.",
    "bury_injuries": "Buried Injuries go to the bottom of the deck in the order you choose.",
    "place_grandpa": "Grandpa never moves by himself: whoever stops on his space is attacked, one die.",
    "place_hitchhiker": "The Hitchhiker comes in at an Outdoor Corner of the family's choosing.",
    "move_searched": "All five Searched tokens are out: one moves, so its space can be searched again.",
}
"""What each kind of decision is about, said once the first time it comes up."""
FAMILY_COACH = {
    "order": "Each Sawyer on the board takes a turn a round, in any order; Grandpa never takes one.",
}
"""Where the family's seat meets a kind of decision the Trespassers also meet, the family's own line."""
