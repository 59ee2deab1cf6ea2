"""The one-supply hand: the trackers a card comes with, a token spent off it, and the card let go."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    Slasher,
    State,
)


def trackers_for(state: State, card: str) -> int:
    """The Supply Tracker Tokens a supply taken now comes with: the number its card notes, or what the bank has
    left of the box's 16 when that is fewer (designed: the rulebook says to take the amount noted and gives the
    box 16; the bank is the tokens on no held card). An infinite card takes none."""
    bank = R.TRACKER_TOKENS - sum(x.trackers for x in state.slashers)
    return max(0, min(R.supply(card).uses, bank))


def drop_supply(state: State, s: Slasher) -> None:
    """Discard the supply a slasher holds, if any, and its trackers with it: the one-supply hand is empty."""
    if s.supply:
        state.supplies.discard(s.supply)
        s.supply = ""
        s.trackers = 0


def use_tracker(state: State, who: int, n: int, events: list[Event]) -> None:
    s = state.slashers[who]
    kind = R.supply(s.supply)
    if kind.infinite or n == 0:
        return
    s.trackers -= n
    if s.trackers <= 0:
        events.append(
            Event(
                "supply_spent",
                state.turn_no,
                "supply",
                {"seat": s.seat, "name": s.name, "card": kind.name},
            )
        )
        drop_supply(state, s)
