"""The end of the game: who escaped, or nobody left alive."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape import turn
from engines.mixtape.tall_oaks.state import State

SEATS = tuple(f"survivor{i}" for i in range(1, 7))
PERSON = SEATS[0]


def finish(state: State, winners: list[str], why: str, events: list[Event]) -> None:
    names = [x.name for x in state.survivors if x.seat in winners]
    reasons = {
        "escape": f"{' and '.join(names)} reached the helicopter and escaped Tall Oaks.",
        "dead": "Nobody made it out of Tall Oaks alive.",
    }
    turn.game_over(state, winners, names, why, reasons[why], PERSON, events)
