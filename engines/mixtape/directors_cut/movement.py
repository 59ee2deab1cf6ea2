"""Movement: the roll, the stops it reaches, the move, and what a landing sets off."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from engines.core.contract import (
    Decision,
    Option,
)
from engines.core.events import Event
from engines.mixtape import movement as moving
from engines.mixtape.board import BONUS, ENTRANCE, START
from engines.mixtape.directors_cut import bonus, brawls, hero, keys, machine, places, scenes
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    AT_LOCK,
    SEARCH,
    TARGET,
    State,
)

B = R.BOARD


def through(state: State) -> list[str]:
    return [loc for loc in R.MULTI_ENTRANCE if not state.markers[loc]]


def roll_move(state: State, events: list[Event]) -> None:
    s = state.slashers[state.current]

    def reach(total: int) -> dict[str, int]:
        # RB never limits a starting point to one slasher: a move may end on one a rival holds (no brawl there).
        return B.stops(s.at, total, state.locks, through(state), key=bool(s.key))

    def told() -> dict[str, int]:
        return {"total": sum(state.roll), "stops": len(state.stops)}

    moving.roll_move(state, s, R.MOVEMENT_DICE, reach, machine.end_turn, events, told)


def move_options(state: State) -> list[Option]:
    out = []
    for node, dist in stops_in_order(state.stops):
        detail = len(state.markers[node]) if node in B.locations else state.locks.get(node, "")
        out.append(_stop_option(node, dist, detail))
    return out


def move(state: State, node: str, events: list[Event]) -> None:
    s = state.slashers[state.current]
    start = s.at
    s.at = node
    events.append(
        Event(
            "moved",
            state.turn_no,
            "move",
            {
                "seat": s.seat,
                "name": s.name,
                "to": node,
                "place": places.logged(node),
                "steps": state.stops[node],
                "from": places.logged(start),
            },
        )
    )
    state.stops = {}
    if B.is_location(node) and s.key and any(e in state.locks for e in B.locations[node].entrances):
        opened = []
        for e in B.locations[node].entrances:
            if colour := state.locks.pop(e, None):
                state.lock_bank += 1
                opened.append(colour)
        events.append(
            Event(
                "key_used",
                state.turn_no,
                "move",
                {"seat": s.seat, "name": s.name, "place": B.locations[node].name, "locks": opened},
            )
        )
    arrive(state, events)


def arrive(state: State, events: list[Event]) -> None:
    """Landing: the Hero nearby first, then a brawl, then what the space or location holds."""
    s = state.slashers[state.current]
    if state.hero_at and B.touching(s.at, state.hero_at):
        events.append(Event("hero_nearby", state.turn_no, "move", {"seat": s.seat, "name": s.name}))
        hero.fight(state, state.current, "arrive_brawl", events)
        return
    arrive_brawl(state, events)


def arrive_brawl(state: State, events: list[Event]) -> None:
    """A brawl with a slasher within reach; with several, the mover picks one (one brawl a landing)."""
    s = state.slashers[state.current]
    near = []
    if B.kind.get(s.at) != START:
        near = [
            i
            for i in state.order
            if i != state.current
            and state.slashers[i].alive
            and B.kind.get(state.slashers[i].at) != START
            and B.touching(s.at, state.slashers[i].at)
        ]
    if len(near) > 1:
        state.targets = near
        state.phase = TARGET
        return
    if near:
        brawls.start_brawl(state, state.current, near[0], "arrive_place", events)
        return
    arrive_place(state, events)


def arrive_place(state: State, events: list[Event]) -> None:
    s = state.slashers[state.current]
    node = s.at
    if B.is_location(node):
        if state.markers[node]:
            scenes.scene(state, events)
        elif s.searched == node:
            events.append(
                Event(
                    "search_refused",
                    state.turn_no,
                    "search",
                    {"seat": s.seat, "name": s.name, "place": B.locations[node].name},
                )
            )
            machine.end_turn(state, events)
        else:
            state.phase = SEARCH
    elif B.kind[node] == BONUS:
        bonus.bonus(state, events)
    elif B.kind[node] == ENTRANCE and node in state.locks:
        state.phase = AT_LOCK
    else:
        machine.end_turn(state, events)


def stops_in_order(stops: Mapping[str, int]) -> list[tuple[str, int]]:
    """The stops as the move choice lists them: locations first, then by distance, then by space."""
    return sorted(stops.items(), key=lambda item: (0 if item[0] in B.locations else 1, item[1], item[0]))


def refusal(lid: str, here: str, total: int, locks: Collection[str], key: bool) -> str:
    name = B.locations[lid].name
    if here == lid:
        return f"You are in {name} already: a move leaves it."
    if not key and all(e in locks for e in B.locations[lid].entrances):
        return f"{name} is locked: stop on its entrance and break the lock first."
    return (
        f"{name} is out of reach with {total}: a move uses the whole roll, stopping early only in a location "
        "or on a locked entrance."
    )


class MoveDecision(Decision, frozen=True):
    """The stop choice after a roll, carrying what a screen needs to say why a location that is not a stop is
    refused (answering 'farm' with the reason rather than with 'unknown'): where the mover stands, the roll,
    the locked entrances and whether the mover holds a Skeleton Key."""

    here: str = ""
    total: int = 0
    locks: tuple[str, ...] = ()
    key: bool = False

    def refusal(self, lid: str) -> str | None:
        """The reason, or None when the location is one of the stops."""
        if keys.go(lid) in self.keys():
            return None
        return refusal(lid, self.here, self.total, self.locks, self.key)


_STOP_OPTIONS: dict[tuple[str, int, int | str], Option] = {}


def _stop_option(node: str, dist: int, detail: int | str) -> Option:
    """A move option, built once per stop, distance and what is there (a location's markers, a lock): the
    stop by its landmark name (`Board.place`: a road by the entrance nearest it, so no other landmark is added)."""
    memo = (node, dist, detail)
    found = _STOP_OPTIONS.get(memo)
    if found is not None:
        return found
    if node in B.locations:
        extra = f", {detail} marker{'s' if detail != 1 else ''}" if detail else ", empty"
    else:
        extra = f", {detail} lock" if detail else ""
    found = _STOP_OPTIONS[memo] = Option(
        keys.go(node), f"{B.place(node)} ({dist} step{'s' if dist != 1 else ''}{extra})", aliases=(node,)
    )
    return found
