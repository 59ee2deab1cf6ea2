"""What a survivor loses: rescue tokens back to the bank, and the line that says what went."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks.state import State


def lose_rescues(state: State, who: int, n: int) -> int:
    x = state.survivors[who]
    lost = 0
    for _ in range(n):
        if x.rescues:
            state.bank.append(x.rescues.pop())
            lost += 1
    return lost


def say_lost(state: State, who: int, items: list[str], rescues: int, by: str, events: list[Event]) -> None:
    """Say what a survivor lost (supplies by name, rescue tokens by count); nothing lost, nothing said."""
    if not items and not rescues:
        return
    x = state.survivors[who]
    events.append(
        Event(
            "lost",
            state.turn_no,
            state.phase,
            {
                "seat": x.seat,
                "name": x.name,
                "items": items,
                "rescues": rescues,
                "by": by,
                "total": len(x.rescues),
            },
        )
    )
