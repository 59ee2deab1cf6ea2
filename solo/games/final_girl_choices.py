"""Final Girl's long choice lists laid out to fit the screen, every number kept: the purchases in two columns
with their cost and what each card does in a few words, the moves by destination, the pairs to discard by
first card, the Action phase by what each choice does, the finds and rewards with what they are for. Nothing
here changes a choice: the numbers are the engine's options, in order; only their layout differs."""

from __future__ import annotations

from engines.core.contract import Decision, Option
from engines.final_girl import data as D
from engines.final_girl.keys import Key
from engines.final_girl.state import Trap, View
from solo.games.final_girl_words import SHORT, item_few_words
from solo.screen import columns as columns_of


def few_words(kind: str) -> str:
    """What an Action card does at best, in a few words each effect ('move 3', 'block all, 2 damage back'),
    every effect said: a shortened one could read the same as another card's ('block all')."""
    spec = D.ACTIONS[kind]
    if spec.get("after_roll"):
        return "re-roll after a roll"
    two = spec.get("two", {})
    parts = [SHORT[k](v) for k, v in two.items() if k in SHORT and not (k == "time" and v < 0) and k != "end_phase"]
    return ", ".join(parts) or "nothing"


Group = tuple[str, list[str]]


def choice_lines(decision: Decision, view: View, width: int, plain: bool = False) -> list[str] | None:
    """The choices as lines no wider than `width`, grouped where the list is long; None where one choice a
    line already fits (short lists read best as they are). Plain text never sets choices in columns, which
    a screen reader reads across: the purchases run on in number order instead."""
    numbered = list(enumerate(decision.options, 1))
    kind = decision.kind
    if kind == "planning":
        return _planning(numbered, width, columns=1 if plain else 2)
    if kind == "move":
        groups = _moves(numbered)
    elif kind == "convert":
        groups = _pairs(numbered)
    elif kind == "action":
        groups = _actions(numbered, view)
    elif kind == "take_card":
        groups = [("", [_take(n, o) for n, o in numbered])]
    elif kind == "keep":
        groups = _keeps(numbered)
    else:
        return None
    return [line for title, items in groups for line in _flow(title, items, width)]


def _flow(title: str, items: list[str], width: int) -> list[str]:
    """A group on as few lines as fit: 'Title: 1. item  2. item', continued lines indented, no item split."""
    head = f"{title}: " if title else ""
    indent = " " * min(len(head), 4)
    lines = [head.rstrip()] if head and len(head) + len(items[0]) > width else []
    line = head if not lines else indent
    for item in items:
        sep = "" if line.strip() == "" or line.endswith(": ") else "  "
        if len(line) + len(sep) + len(item) > width and line.strip():
            lines.append(line.rstrip())
            line, sep = indent, ""
        line += sep + item
    lines.append(line.rstrip())
    return lines


def _planning(numbered: list[tuple[int, Option]], width: int, columns: int = 2) -> list[str]:
    """The purchases, 'N. Card (cost): what it does', every effect of every card whole: down then across in
    columns where the columns fit the width with nothing cut, else run on in number order (as plain text
    always is); then the other choices. Nothing is shortened, so two cards that differ only in a later effect
    ('Guard (2): block all', 'Retaliate (4): block all, 2 damage back') never read the same (issue 49)."""
    buys, rest = [], []
    for n, o in numbered:
        kind = Key.parse(o.key).card  # '' for any other choice
        if kind in D.ACTIONS:
            buys.append(f"{n}. {D.ACTIONS[kind]['name']} ({D.ACTIONS[kind]['cost']}): {few_words(kind)}")
        else:
            rest.append(f"{n}. {o.label}")
    laid = columns_of(buys, columns, width) if columns > 1 else None
    lines = laid if laid is not None else _flow("", buys, width) if buys else []
    return lines + _flow("", rest, width) if rest else lines


def _moves(numbered: list[tuple[int, Option]]) -> list[Group]:
    by_place: dict[str, list[str]] = {}
    rest = []
    for n, o in numbered:
        key = Key.parse(o.key)
        if key.verb == "to" and key.space in D.SPACES:
            name = D.SPACES[key.space]["name"]
            tail = o.label.removeprefix(f"go to {name}").strip() or "alone"
            by_place.setdefault(name, []).append(f"{n}. {tail}")
        else:
            rest.append(f"{n}. {o.label}")
    groups: list[Group] = [(f"To {name}", items) for name, items in by_place.items()]
    if rest:
        groups.append(("", rest))
    return groups


def _pairs(numbered: list[tuple[int, Option]]) -> list[Group]:
    by_first: dict[str, list[str]] = {}
    rest = []
    for n, o in numbered:
        key = Key.parse(o.key)
        if key.verb == "convert" and key.card:
            by_first.setdefault(D.ACTIONS[key.card]["name"], []).append(f"{n}. {D.ACTIONS[key.other]['name']}")
        else:
            rest.append(f"{n}. {o.label}")
    groups: list[Group] = [(f"{first} with", items) for first, items in by_first.items()]
    if rest:
        groups.append(("", rest))
    return groups


def _actions(numbered: list[tuple[int, Option]], view: View) -> list[Group]:
    """The Action phase by what each choice does, read in number order: each run of consecutive choices of one
    sort under its title (Play, Toward a trap, Discard), the others alone, ending the phase last."""
    groups: list[Group] = []
    for n, o in numbered:
        title, item = _action_item(n, o, view)
        if groups and groups[-1][0] == title:
            groups[-1][1].append(item)
        else:
            groups.append((title, [item]))
    return groups


def _action_item(n: int, o: Option, view: View) -> tuple[str, str]:
    """(the sort's title, the choice's words without what the title says) for one Action-phase choice."""
    key = Key.parse(o.key)
    verb = key.verb
    if verb in ("play", "task") and key.trap:
        trap = next((t for t in view.traps if t.id == key.trap), None)
        if verb == "play":
            title = o.label.split(" toward the ", 1)[-1] if trap is None else _trap_title(trap)
            return f"Toward {title}", f"{n}. {D.ACTIONS[key.card]['name']}"
        title = _trap_title(trap) if trap is not None else "Death Trap"
        return f"Toward {title}", f"{n}. {o.label.split(' on the ', 1)[0]}"
    if verb == "play":
        return "Play", f"{n}. {o.label.removeprefix('play ')}"
    if verb == "discard" and key.card in D.ACTIONS:
        name = D.ACTIONS[key.card]["name"]
        for_what = o.label.partition(name)[2].strip()  # the engine's words: 'for 1 Time'
        return f"Discard {for_what}".rstrip(), f"{n}. {name}"
    return "", f"{n}. {o.label}"


def _take(n: int, o: Option) -> str:
    key = Key.parse(o.key)
    kind = key.card if key.verb == "take" else ""
    return f"{n}. {o.label} ({few_words(kind)})" if kind in D.ACTIONS else f"{n}. {o.label}"


def _keeps(numbered: list[tuple[int, Option]]) -> list[Group]:
    """The two finds: which to keep, each with what it does, and where the other goes."""
    by_item: dict[str, list[str]] = {}
    for n, o in numbered:
        key = Key.parse(o.key)
        item = key.item
        where = "under the pile, face down" if key.every else "on top, face up"
        by_item.setdefault(item, []).append(f"{n}. {where}")
    return [
        (f"Keep the {D.ITEMS[item]['name']} ({item_few_words(item)}), the other", items)
        for item, items in by_item.items()
    ]


def _trap_title(trap: Trap) -> str:
    who = "your trap" if trap.subject == "fg" else f"Victim {trap.subject}"
    return f"the {D.TRAPS[trap.card]['name']} ({who})"
