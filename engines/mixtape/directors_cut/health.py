"""Health: harm, revival (a supply or Stitches), death, and the return to the nearest starting point."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.directors_cut import inventory, places, winning
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    State,
)

B = R.BOARD


def hurt(state: State, who: int, n: int, by: str, events: list[Event], by_seat: str = "") -> None:
    """`by` names the cause in words; `by_seat` is the seat of a slasher who caused it (the story says "you")."""
    s = state.slashers[who]
    if state.result or not s.alive or n <= 0:
        return
    before = s.health
    s.health = max(0, s.health - n)
    facts = {
        "seat": s.seat,
        "name": s.name,
        "amount": n,
        "health": s.health,
        "by": by,
        **facts_by(by_seat),
        "lost": before - s.health,  # `amount` is the blow; a slasher with less health left loses only that
    }
    events.append(Event("hurt", state.turn_no, "health", facts))
    if s.health > 0:
        return
    if s.supply and R.supply(s.supply).kind == "revive":
        kind = R.supply(s.supply)
        inventory.drop_supply(state, s)
        s.health = kind.amount
        events.append(
            Event(
                "revived",
                state.turn_no,
                "health",
                {"seat": s.seat, "name": s.name, "card": kind.name, "health": s.health},
            )
        )
        to_start(state, who, events)
        return
    if s.ability == "stitches" and not s.used:
        s.used = True
        s.health = R.RESURRECT_HEALTH
        events.append(
            Event(
                "ability_used",
                state.turn_no,
                "health",
                {"seat": s.seat, "name": s.name, "ability": s.ability, "health": s.health},
            )
        )
        to_start(state, who, events)
        return
    s.alive = False
    s.at = ""
    dropped = [R.supply(card).name for card in (s.supply, s.key) if card]
    if s.supply:
        state.supplies.discard(s.supply)
    if s.key:
        state.supplies.discard(s.key)
    s.supply = s.key = ""
    s.trackers = 0
    events.append(
        Event(
            "slasher_died",
            state.turn_no,
            "health",
            {
                "seat": s.seat,
                "name": s.name,
                "souvenirs": len(s.souvenirs),
                "by": by,
                **facts_by(by_seat),
                "dropped": dropped,
            },
        )
    )
    winning.check_end(state, events)


def facts_by(seat: str) -> dict[str, str]:
    return {"by_seat": seat} if seat else {}


def to_start(state: State, who: int, events: list[Event], origin: str = "") -> None:
    """RB: "return to the nearest starting point", whoever holds it (the rulebook sets no limit of one
    slasher a starting point); equally near ones go by board order (designed)."""
    s = state.slashers[who]
    where = origin or s.at or B.starts[0]
    s.at = B.nearest(where, B.starts) or B.starts[0]
    events.append(
        Event(
            "sent_to_start",
            state.turn_no,
            "move",
            {"seat": s.seat, "name": s.name, "place": places.logged(s.at)},
        )
    )
