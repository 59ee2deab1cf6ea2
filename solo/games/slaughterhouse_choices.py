"""Slaughterhouse's long menus laid out to fit 80x24: a Trespasser's or a Sawyer's 10-15 actions grouped a line
or two per kind (Move, Run, each card's free play, the Panic purchase), item picks with what each item does,
and Grandpa's 38 spaces by their short labels, floor by floor."""

from __future__ import annotations

import re

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
            card = Key.parse(o.key).arg()
            words = W.card(card)
            line = f"{i}. {o.label}" + (f": {words}" if words else "")
            out.append(line if plain else clip(line, width))
        return out
    if plain:
        return None  # one choice a line, in number order, for screen readers
    if decision.kind in ("action", "sawyer_action") and len(decision.options) > 6:
        groups: dict[str, list[str]] = {}
        for i, o in numbered:
            title, text = _grouped(o)
            groups.setdefault(title, []).append(f"{i}. {text}")
        lone = [
            f"{items[0].split('. ', 1)[0]}. {_lone(title, items[0])}"
            for title, items in groups.items()
            if len(items) == 1
        ]
        lines = [
            line
            for title, items in groups.items()
            if len(items) > 1
            for line in _wrap(f"{title}:", items, width)
        ]
        return lines + (_wrap("Also:", lone, width) if lone else [])
    if decision.kind == "place_grandpa":
        boards: dict[str, list[str]] = {}
        for i, o in numbered:
            sid = Key.parse(o.key).arg()
            title = "Upstairs" if D.SPACES[sid]["board"] == "up" else "Ground floor"
            boards.setdefault(title, []).append(f"{i}. {D.LABELS[sid]}")
        return [line for title, items in boards.items() for line in _wrap(f"{title}:", items, width)]
    return None


_MOVES = re.compile(r"^(?:.*? )?moves? to ")


def _grouped(o: Option) -> tuple[str, str]:
    """(group title, the choice's words without what the title already says)."""
    choice = Key.parse(o.key)
    head, args = choice.verb, choice.args
    if head == "move2":
        return "Move two spaces (Vagabond)", _via(args[0], args[1])
    if head == "move" and len(args) == 2 and " carrying " in o.label:
        who = o.label.split(" carrying ", 1)[1].removesuffix(" (Hogtie)")
        return f"Move carrying {who} (Hogtie)", D.LABELS[args[0]]
    if head in ("move", "creep") and _MOVES.match(o.label):
        text = _MOVES.sub("", o.label)  # the crossing and its Noise stay: they are what the move risks
        return ("Creep" if head == "creep" else "Move"), text
    if head == "run":
        return "Run (Noise)", _via(args[0], args[1])
    if head == "desp" and choice.arg() in D.ALL_DESPERATION:
        name = D.name(choice.arg())
        if len(args) == 3 and args[1] in D.SPACES and args[2] in D.SPACES:
            return f"Play {name}: run, no Noise", _via(args[1], args[2])
        text = o.label.removeprefix(f"play {name}").removeprefix(name).strip(": ").removeprefix("run to ")
        return f"Play {name}", text or name
    if head == "free" and choice.arg() in D.ALL_SAWYER_CARDS:
        name = D.name(choice.arg())
        text = o.label.removeprefix(f"play {name}")
        text = text.removeprefix(" for a free move to ").strip(": ")
        return f"Play {name} free", text
    if head == "panic":
        return "Six Fear and a card: Panic Meter up", D.name(choice.arg())
    if o.label.startswith("swap Items with "):
        return "Swap Items with", o.label.removeprefix("swap Items with ")
    if head == "end":
        return "End", o.label
    return "Act", o.label


def _via(first: str, then: str) -> str:
    """A two-space path by the map's short labels: 'Liv back via Liv front'."""
    return f"{D.LABELS[then]} via {D.LABELS[first]}"


def _lone(title: str, item: str) -> str:
    """A group of one, said in full: 'play Caught Red-Handed free: take two Fear', 'end your turn'."""
    text = item.split(". ", 1)[1]
    if title in ("Act", "End"):
        return text
    if title.endswith(" with"):
        return f"{title[0].lower()}{title[1:]} {text}"
    return f"{title[0].lower()}{title[1:]}: {text}"


def _wrap(title: str, items: list[str], width: int) -> list[str]:
    """'Title: 1. a   2. b ...' over as many lines as it takes, each no wider than `width`."""
    lines, line = [], title
    for item in items:
        more = f"{line}  {item}"
        if cell_len(more) > width and line.strip():
            lines.append(line)
            line = "   " + item
        else:
            line = more
    lines.append(line)
    return lines


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
