"""Who is still in the game, who chooses for the rules, and the end of the game."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape import turn
from engines.mixtape.directors_cut.state import State

SEATS = tuple(f"slasher{i}" for i in range(1, 7))
PERSON = SEATS[0]


def living(state: State) -> list[int]:
    return [i for i, x in enumerate(state.slashers) if x.alive]


def opponent(state: State) -> int:
    """The opposing player who chooses for the rules: the next living slasher in turn order."""
    pos = state.order.index(state.current)
    n = len(state.order)
    for k in range(1, n):
        i = state.order[(pos + k) % n]
        if state.slashers[i].alive:
            return i
    return state.current


def check_end(state: State, events: list[Event]) -> None:
    if state.result:
        return
    alive = living(state)
    rich = [state.slashers[i] for i in alive if len(state.slashers[i].souvenirs) >= state.goal]
    if rich:
        finish(state, [rich[0].seat], "souvenirs", events)
    elif len(alive) == 1:
        finish(state, [state.slashers[alive[0]].seat], "last", events)
    elif not alive:
        finish(state, [], "none", events)


def ending(state: State) -> str:
    """The ending in words, as the outcome tells it: a souvenirs win counts the winner's own souvenirs, which
    may pass the goal (a double kill at nine). `state.reason` keeps what `finish` wrote, the goal itself, as
    the saves hold it (a different text would be a different state, and older saves would not replay)."""
    rich = [s for s in state.slashers if s.seat in state.winners and len(s.souvenirs) >= state.goal]
    if not rich:
        return state.reason
    held = len(rich[0].souvenirs)
    return f"{' and '.join(s.name for s in rich)} collected {held} souvenirs ({state.goal} to win)."


def finish(state: State, winners: list[str], why: str, events: list[Event]) -> None:
    names = [x.name for x in state.slashers if x.seat in winners]
    reasons = {
        "souvenirs": f"{' and '.join(names)} collected {state.goal} souvenirs.",
        "last": f"{' and '.join(names)} is the last slasher standing.",
        "none": "Every slasher in Tall Oaks is dead.",
    }
    turn.game_over(state, winners, names, why, reasons[why], PERSON, events)
