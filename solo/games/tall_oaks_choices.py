"""Escape From Tall Oaks' choices laid out to fit the screen, each with what it leads to in a few words: the
stops of a move with what waits there (where something waits first, grouped when the list is long), the turn's
choices and the spends with their chances and what a loss costs, what each supply in hand does. Nothing here
changes a choice: the numbers are the engine's options, in order; only their layout and words differ."""

from __future__ import annotations

from rich.cells import cell_len

from engines.core.contract import Decision, Option
from engines.mixtape.tall_oaks import keys
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.state import View
from solo.games import pct
from solo.games.tall_oaks_odds import Ahead, arrival, choice_ahead
from solo.games.tall_oaks_spend import SPEND_HEAD, short_spend, spend_outcomes, spend_parts
from solo.games.tall_oaks_words import me, ranges, short_name, short_place, supply_effect, supply_left
from solo.screen import columns as _columns

B = R.BOARD
_GOAL = {"scuffle": "to win", "search": "a supply"}
"""What the chance beside a choice counts, where the choice's label does not say."""
MOVE_LINES = 10
"""A move's choices in at most this many lines (rich), so `look` and the last events still fit 80x24."""
PLAIN_LINES = 8
"""The same in plain text, which has a blank line after the standings and wraps long lines."""

COACH = {
    "start": "Begin near a Scene Marker to rescue, or near the Rec Center to pick up a Task.",
    "turn": "Before you move you may act here (draw, search, a Task); 'odds' compares.",
    "move": "Use the whole roll; walking into a location may stop it early.",
    "spend": "Tokens add to this roll but run out, and noisy ones fill the Slasher Meter.",
    "keep": "Hands full: keep what you need (a weapon first); the card let go is discarded.",
    "task": "Tasks are done in order, by whoever holds the card; a Task card takes a slot.",
    "scuffle": f"Scuffles are optional: the loser loses {R.SCUFFLE_HEALTH} health and goes to a start.",
    "traitor": "The Traitor card must be used now, on any rival anywhere; it ends your turn.",
    "redraw": "The card is beaten: draw another now, or stay and draw it next turn.",
}
"""One line (under 80 columns) on what each kind of decision is about, shown the first time it comes up."""


def choice_lines(decision: Decision, view: View, width: int, plain: bool = False) -> list[str] | None:
    """The choices as lines no wider than `width`, each with what it leads to; None where the engine's own
    labels say enough. Plain text keeps one choice a line, in number order, for screen readers, and every
    word of what a choice leads to (the terminal wraps it); only a move too long for that is grouped."""
    kind = decision.kind
    numbered = list(enumerate(decision.options, 1))
    if kind == "move":
        return _move(numbered, view, width, plain)
    if kind == "spend":
        return _spend(decision, view, width, plain)
    if kind in ("turn", "redraw", "scuffle"):
        return [_fit(f"{i}. {o.label}", _odds_words(view, decision, o), width, plain) for i, o in numbered]
    if kind == "start":
        return None
    if kind == "keep":
        return [_fit(f"{i}. {o.label}", _keep_words(o, view), width, plain) for i, o in numbered]
    if kind == "task":
        return [_fit(f"{i}. {o.label}", _task_words(o, view), width, plain) for i, o in numbered]
    if kind == "traitor" and len(numbered) > MOVE_LINES:
        return _traitor(numbered, view, width)
    return None


def coach(decision: Decision) -> str | None:
    return COACH.get(decision.kind)


def _fit(head: str, words: list[str], width: int, plain: bool) -> str:
    """`head: words...`, as many of the words as fit the width (all of them in plain text, which wraps); where
    some are left out, ' ...' says so ('odds' and 'x' tell them whole), never a silent cut."""
    said = [w for w in words if w]
    line, kept = head, 0
    for i, w in enumerate(said):
        more = f"{line}{': ' if i == 0 else '; '}{w}"
        if not plain and cell_len(more) > width:
            break
        line, kept = more, i + 1
    while kept < len(said) and cell_len(line) + 4 > width and kept > 0:  # room for the mark
        kept -= 1
        line = head + "".join(f"{': ' if i == 0 else '; '}{w}" for i, w in enumerate(said[:kept]))
    return line if kept == len(said) else f"{line} ..."


def _odds_words(view: View, decision: Decision, o: Option) -> list[str]:
    """The chances and the stakes of the roll a choice leads to; its label already says what the roll is."""
    out = []
    for a in choice_ahead(view, decision, o.key):
        out += _ahead_words(a, named=False)
    return out


def _ahead_words(a: Ahead, named: bool = True) -> list[str]:
    """['Killer Scene 22% (tokens 67%)', 'no weapon: ...', 'lose up to 1 health']: the chance bare-handed
    (and with every token that helps), a warning, what a loss costs."""
    odds = ""
    if a.bare is not None and a.full is not None:
        odds = pct(a.bare) if a.bare == a.full else f"{pct(a.bare)} (tokens {pct(a.full)})"
    head = f"{a.what} {odds}".strip() if named else (f"{odds} {_GOAL.get(a.kind, '')}".strip() if odds else "")
    words = [head, a.warn]
    if a.kind == "search":
        words.append(f"noise: {a.stake}" if "comes" in a.stake else "")
    elif a.stake and a.kind not in ("escape", "tasks", "bonus"):
        words.append(f"lose {a.stake}")
    return words


# -- a move ---------------------------------------------------------------------------------------------------


def _steps(n: int) -> str:
    return f"{n} step{'' if n == 1 else 's'}"


def _move(numbered: list[tuple[int, Option]], view: View, width: int, plain: bool) -> list[str]:
    """Stops where something waits, one a line with what it is; then the quiet stops, in columns (rich) or
    one a line (plain). A list too long for that is grouped (see `_long_move`)."""
    busy, quiet = [], []
    ahead = {o.key: arrival(view, keys.Key.parse(o.key).arg) for _, o in numbered}
    for i, o in numbered:
        node = keys.Key.parse(o.key).arg
        steps = view.stops.get(node, 0)
        if ahead[o.key] or node in B.locations:
            words = [w for a in ahead[o.key] for w in _ahead_words(a)] or ["nothing waits"]
            if plain:
                busy.append((i, node, _fit(f"{i}. {short_place(node, True)} ({_steps(steps)})", words, width, plain)))
                continue
            heads = (f"{i}. {short_place(node)} ({_steps(steps)})", f"{i}. {short_place(node)} ({steps})")
            fits = [_fit(head, words, width, plain) for head in heads]
            busy.append((i, node, max(fits, key=lambda line: (line.count(";") + line.count(":"), -len(line)))))
        else:
            quiet.append((i, node))
    if plain:
        lines = [line for *_, line in busy] + [f"{i}. {short_place(n, True)} ({_steps(view.stops.get(n, 0))})" for i, n in quiet]
        wrapped = sum(-(-cell_len(line) // width) for line in lines)  # lines as a terminal wraps them
        return lines if wrapped <= PLAIN_LINES else _long_move(busy, quiet, ahead, width, True)
    items = [f"{i}. {short_place(node)}" for i, node in quiet]
    room = MOVE_LINES - len(busy)
    for columns in (3, 2):
        laid = _columns(items, columns, width)
        if laid is not None and len(laid) <= max(room, 1):
            return [line for *_, line in busy] + laid
    return _long_move(busy, quiet, ahead, width)


def _long_move(
    busy: list[tuple[int, str, str]],
    quiet: list[tuple[int, str]],
    ahead: dict[str, list[Ahead]],
    width: int,
    spelled: bool = False,
) -> list[str]:
    """A long list of stops in few lines: the stops grouped by what waits there (the same chances, the same
    loss), locations by name; then the quiet spaces by the location nearest each."""
    groups: dict[str, list[str]] = {}
    quiet = list(quiet)
    for i, node, _line in busy:
        words = "; ".join(w for a in ahead[keys.go(node)] for w in _ahead_words(a) if w) or "nothing waits"
        groups.setdefault(words, []).append(f"{i} {short_place(node, spelled)}" if node in B.locations else str(i))
    lines = []
    for words, parts in groups.items():
        lines += _wrapped(f"{', '.join(parts)}:", words.split("; "), width, "; ")
    near: dict[str, list[int]] = {}
    for i, node in sorted(quiet):
        near.setdefault(B.landmark(node)[0], []).append(i)
    parts = [f"{short_name(lid)} {ranges(numbers)}" for lid, numbers in near.items()]
    if parts:
        lines += _wrapped("Other spaces, by the nearest location:", parts, width)
    return lines


def _wrapped(head: str, parts: list[str], width: int, sep: str = " · ") -> list[str]:
    """`head` and the parts on as few lines as fit the width, never breaking a part."""
    lines, line = [], head
    for k, part in enumerate(parts):
        more = f"{line}{' ' if k == 0 else sep}{part}"
        if cell_len(more) > width and line.strip():
            lines.append(line)
            line = f"  {part}"
        else:
            line = more
    lines.append(line)
    return lines


def _spend(decision: Decision, view: View, width: int, plain: bool) -> list[str] | None:
    """Each spend with what it adds and its chances (the ability counted; the engine offers none that cannot
    help). A line too long names the supplies by their last word, then drops what they add."""
    if not view.spends:
        return None
    head = SPEND_HEAD.get(view.purpose, [])
    lines = []
    groups: dict[tuple[int, int, int, int], list[tuple[int, Option]]] = {}
    for i, o in enumerate(decision.options, 1):
        if o.key in view.spends:
            groups.setdefault(view.spends[o.key], []).append((i, o))
    for same in groups.values():
        i, o = same[0]
        chances = spend_outcomes(view, o.key)
        shown = ", ".join(f"{h.split(' (')[0].lower()} {pct(p)}" for h, p in zip(head, chances, strict=True) if p)
        also = [f"also {ranges([n for n, _ in same[1:]])}"] if len(same) > 1 else []
        parts = spend_parts(o.key)
        adds = _adds(view.spends[o.key]) if parts else ""
        variants = [f"{i}. {o.label}", f"{i}. {short_spend(parts)} ({adds})", f"{i}. {short_spend(parts)}"]
        if not parts:
            variants = [f"{i}. {o.label}"]
        line = next((v for v in variants if plain or cell_len(f"{v}: {shown}") <= width), variants[-1])
        lines.append(_fit(line, [shown, *also], width, plain))
    return lines


def _adds(bonus: tuple[int, int, int, int]) -> str:
    """'+1 Action, +1 Escape, 1 noise': what a spend adds to the roll (the view's sum, the ability in it)."""
    a, s, e, noise = bonus
    parts = [f"+{n} {word}{'' if n == 1 else 's'}" for n, word in ((a, "Action"), (s, "Shield"), (e, "Escape")) if n]
    return ", ".join(parts + ([f"{noise} noise"] if noise else []))


def _traitor(numbered: list[tuple[int, Option]], view: View, width: int) -> list[str]:
    """The Traitor card's many ways, a rival a line: 'Kimmy (4 health, 7 rescues): 9 back to a start, 10 a
    token, 11 Knife' (steal the token, the card; or send them back)."""
    by_seat: dict[str, list[str]] = {}
    for i, o in numbered:
        seat, act, item = keys.Traitor.parse(keys.Key.parse(o.key).arg)
        what = {"start": "back to a start", "rescue": "a token"}.get(act, "")
        if act == "supply":
            what = R.supply(item).name
        elif act == keys.TASK:
            what = f"Task {item}"
        by_seat.setdefault(seat, []).append(f"{i} {what}")
    lines = []
    for x in view.survivors:
        if x.seat in by_seat:
            head = f"{x.name} ({x.health} health, {x.rescues} rescue{'' if x.rescues == 1 else 's'}):"
            lines += _wrapped(head, by_seat[x.seat], width, ", ")
    return lines


def _keep_words(o: Option, view: View) -> list[str]:
    card = keys.Key.parse(o.key).arg
    task = keys.dropped_task(card)
    if task:
        return [f"Task {task} goes back to the Rec Center pile"]
    if card not in R.SUPPLY_CARDS:
        return []
    x = me(view)
    kind = R.supply(card)
    left = supply_left(card, x) if card in x.supplies else "unlimited" if kind.infinite else f"{kind.uses} token{'' if kind.uses == 1 else 's'}"
    return [f"{supply_effect(card)}, {left}"]


def _task_words(o: Option, view: View) -> list[str]:
    if o.key == "task:leave" or not view.center:
        return []
    k = view.center[-1]
    where = short_name(R.TASK_LOCATIONS[k - 1])
    first = next((i + 1 for i, d in enumerate(view.done) if not d), 0)
    order = "" if k == first else f"after Task {first}"
    battles = sorted(R.TASK_BATTLES)
    how = f"a battle with {R.SLASHERS[battles.index(k)].name}" if k in battles else "no roll"
    return [f"done at {where}", order, how]
