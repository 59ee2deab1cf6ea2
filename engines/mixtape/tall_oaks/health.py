"""Health: harm, Johnny's cheated death, dying, and the return to a free starting point."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import checks
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import (
    State,
)

B = R.BOARD


def hurt(state: State, who: int, n: int, by: str, events: list[Event]) -> None:
    x = state.survivors[who]
    if not x.alive or n <= 0:
        return
    before = x.health
    x.health = max(0, x.health - n)
    if not x.health and by != "scuffle" and A.has(x.name, "cheat_death") and not x.cheated:
        # Johnny (designed within the rulebook's "cheating death"): once per game he stays at 1 health; never
        # in a scuffle: "weapons and special abilities cannot be used to assist in scuffles" (RB Scuffles).
        x.health, x.cheated = R.ABILITIES[x.name].amount, True
        A.ability_used(state, x, "cheat_death", events)
    events.append(
        Event(
            "hurt",
            state.turn_no,
            state.phase,
            # `lost`: what the blow took (no more than was left; Johnny's cheated death gives one back)
            {"seat": x.seat, "name": x.name, "amount": n, "health": x.health, "by": by, "lost": before - x.health},
        )
    )
    if x.health:
        return
    x.alive = False
    events.append(
        Event(
            "died",
            state.turn_no,
            state.phase,
            {
                "seat": x.seat,
                "name": x.name,
                "place": place(x.at),
                # what goes with them: supplies to the discard, Tasks to the Rec Center, rescues to the bank
                "dropped": [R.supply(card).name for card in x.supplies],
                "tasks": sorted(x.tasks),
                "rescues": len(x.rescues),
                "final": [place(loc) for loc, seat in state.final_tokens.items() if seat == x.seat],
            },
        )
    )
    x.at = ""
    for card in x.supplies:
        state.supplies.discard(card)
    x.supplies = []
    x.trackers = {}
    for card in x.traitors:
        state.supplies.discard(card)
    x.traitors = []
    # Designed: a dead survivor's Task cards go back into the Rec Center pile, in number order.
    state.center = sorted(state.center + x.tasks, reverse=True)
    events[-1].facts["pile"] = len(state.center)  # the death's event says how many wait there now
    x.tasks = []
    state.bank.extend(x.rescues)
    x.rescues = []
    for loc, seat in list(state.final_tokens.items()):
        if seat == x.seat:
            del state.final_tokens[loc]


def to_start(state: State, who: int, events: list[Event]) -> None:
    """Rulebook: to the nearest starting point no one else stands on."""
    x = state.survivors[who]
    free = [p for p in B.starts if not checks.on_start(state, p, who)]
    point = checks.nearest(x.at, tuple(free)) or free[0]
    x.at = point
    events.append(
        Event(
            "sent_to_start",
            state.turn_no,
            state.phase,
            {"seat": x.seat, "name": x.name, "space": point, "place": place(point)},
        )
    )
