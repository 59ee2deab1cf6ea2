"""Escape From Tall Oaks' end of run, from its events: the rescue tokens won and lost, the health lost, the
supplies spent, and every survivor's end (escaped, died, or still in town, with their tokens) in one row.

Rescue tokens follow the rescues, bonus cards, losses, Traitor thefts and scuffles (a triple takes the
rules' SCUFFLE_TOKENS, as many as the loser holds; the dead give theirs back). The closest call is the lowest health the person's
survivor lived on, at CLOSE or less. The decisive roll is the person's action roll (a rescue, a fight, a
defence, the Invaders) that moved their rescue tokens and health the most: tokens won or lost plus health
lost, up to the next action roll and within the roll's own turn (a scuffle thirty turns on is not the fight's
doing); the later of equal ones.
"""

from __future__ import annotations

from itertools import takewhile

from engines.core.events import Event
from engines.mixtape.tall_oaks import rules_data as R
from solo.summary import Part, biggest, dice, plural, rolls, seat_names

CLOSE = 2
"""Health left at or below which a blow was a close call."""

PURPOSES = {"rescue": "rescue", "fight": "fight", "defend": "defence", "invaders": "stand against the Invaders"}


def tell(log: list[Event], seat: str, turn: int) -> Part:
    names = seat_names(log)
    counts, after = tokens(log)
    mine = [e for e in log if e.facts.get("seat") == seat]
    rescues = [e for e in mine if e.kind == "rescue" and e.facts["ok"]]
    health = sum(e.facts["amount"] for e in mine if e.kind == "hurt")
    lost_items = sum(len(e.facts["items"]) for e in mine if e.kind == "lost")
    dropped = _fallen(after, seat)
    spent = sum(1 for e in mine if e.kind == "supply_spent")
    final = any(e.kind == "final_rescue" for e in mine)
    rows = [
        ("Turns", str(turn)),
        ("Rescued", f"{plural(sum(e.facts['n'] for e in rescues), 'rescue token')} in "
         f"{plural(len(rescues), 'rescue')}" + ("; the Final Scene's rescue" if final else "")),
        ("Lost", f"{health} health, {plural(dropped, 'rescue token')}, {plural(lost_items, 'supply', 'supplies')}"),
        ("Spent", plural(spent, "supply", "supplies")),
        ("Survivors", _ends(log, names, counts)),
    ]
    return Part(rows, closest=_closest(log, seat), decisive=_decisive(log, seat, after))


def tokens(log: list[Event]) -> tuple[dict[str, int], list[dict[str, int]]]:
    """Every seat's rescue tokens at the end, and after each event."""
    counts = dict.fromkeys(seat_names(log), 0)
    after = []
    for e in log:
        f = e.facts
        if e.kind == "rescue" and f["ok"]:
            counts[f["seat"]] += f["n"]
        elif e.kind == "bonus" and f.get("effect") == "rescue":
            counts[f["seat"]] += f["got"]
        elif e.kind == "lost":
            counts[f["seat"]] -= f["rescues"]
        elif e.kind == "died":
            counts[f["seat"]] = 0  # a dead survivor's tokens go back to the bank
        elif e.kind == "traitor" and f.get("act") == "rescue":
            counts[f["seat"]] += 1
            counts[f["other"]] -= 1
        elif e.kind == "scuffle" and f.get("how") == "triple":
            moved = min(R.SCUFFLE_TOKENS, counts[f["loser"]])
            counts[f["winner"]] += moved
            counts[f["loser"]] -= moved
        after.append(dict(counts))
    return counts, after


def _fallen(after: list[dict[str, int]], seat: str) -> int:
    """Tokens the seat lost, one fall of its count at a time."""
    before = lost = 0
    for counts in after:
        lost += max(0, before - counts.get(seat, 0))
        before = counts.get(seat, 0)
    return lost


def _ends(log: list[Event], names: dict[str, str], counts: dict[str, int]) -> str:
    end = next((e for e in log if e.kind == "game_over"), None)
    escaped = set(end.facts["winners"]) if end else set()
    died = {e.facts["seat"] for e in log if e.kind == "died"}
    said = []
    for seat, name in names.items():
        fate = "escaped" if seat in escaped else "died" if seat in died else "in town"
        said.append(f"{name} {fate} ({counts.get(seat, 0)})")
    return " · ".join(said)


def _closest(log: list[Event], seat: str) -> str:
    low: tuple[int, int, str] | None = None
    for i, e in enumerate(log):
        if e.kind == "hurt" and e.facts["seat"] == seat and 0 < e.facts["health"] <= CLOSE:
            here = (e.facts["health"], -i, f"down to {e.facts['health']} health, hurt by {_by(log, i)} on turn {e.turn}")
            if low is None or here[:1] <= low[:1]:
                low = here
    return low[2] if low else ""


def _by(log: list[Event], i: int) -> str:
    """What dealt the blow at i, named from the events before it in the same turn."""
    e = log[i]
    by = e.facts["by"]
    for x in reversed(log[:i]):
        if x.turn != e.turn:
            break
        if by == "slasher" and x.kind == "slasher_attacks":
            return x.facts["slasher"]
        if by == "scene" and x.kind == "scene_drawn":
            return x.facts["title"]
        if by == "scuffle" and x.kind == "scuffle":
            return f"a scuffle with {x.facts['winner_name']}"
        if by == "bonus" and x.kind == "bonus":
            return x.facts["title"]
    return {"invaders": "the Invaders"}.get(by, by)


def _same_turn(events: list[Event], turn: int) -> list[Event]:
    """The events up to the first of a later turn: what a roll did, in its own turn."""
    return list(takewhile(lambda e: e.turn == turn, events))


def _decisive(log: list[Event], seat: str, after_counts: list[dict[str, int]]) -> str:

    def scored():
        for i, roll, later in rolls(log, lambda e: e.kind == "action_roll" and e.facts["seat"] == seat):
            after = _same_turn(later, roll.turn)
            end = i + len(after)
            moved = after_counts[end].get(seat, 0) - (after_counts[i - 1].get(seat, 0) if i else 0)
            health = sum(e.facts["amount"] for e in after if e.kind == "hurt" and e.facts["seat"] == seat)
            effect = [
                f"{plural(moved, 'rescue token')} won" if moved > 0 else "",
                f"{plural(-moved, 'rescue token')} lost" if moved < 0 else "",
                f"{health} health lost" if health else "",
            ]
            what = PURPOSES.get(roll.facts["purpose"], roll.facts["purpose"])
            text = f"the {what} on turn {roll.turn} ({dice(roll.facts['dice'])}): " + ", ".join(p for p in effect if p)
            yield abs(moved) + health, text

    return biggest(scored())
