"""Noise and the Hero Meter, and the Hero's numbers now: what every mechanic that makes noise asks."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape import meter
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    State,
)


def profile(state: State) -> R.Hero:
    """The Hero's numbers now: Linda's Wolf form while a Full Moon is out."""
    return R.hero_now(state.hero, state.wolf)


def noise(state: State, n: int, who: int, events: list[Event]) -> bool:
    """Raise the Hero Meter; True when the Hero comes for this slasher now."""
    before = state.meter
    state.meter, full = meter.raised(state.meter, n, R.METER)
    s = state.slashers[who]
    events.append(
        Event(
            "noise",
            state.turn_no,
            "hero",
            {
                "seat": s.seat,
                "name": s.name,
                "amount": n,
                "meter": state.meter,
                "full": R.METER,
                "before": before,
            },
        )
    )
    return full
