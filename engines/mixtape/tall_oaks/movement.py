"""Movement: the roll, the stops it reaches (cached: the board never changes), the move, landing, fleeing."""

from __future__ import annotations

from functools import lru_cache

from engines.core import memo
from engines.core.contract import (
    Option,
)
from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape import movement as moving
from engines.mixtape.board import START
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import (
    bonus,
    checks,
    keys,
    machine,
    scenes,
    scuffles,
    searching,
    slasher,
    tasks,
)
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.checks import nearest
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import (
    MOVE,
    SCUFFLE,
    TASK,
    TURN,
    State,
)
from engines.mixtape.tall_oaks.winning import finish

B = R.BOARD
SHORTCUTS = tuple(sorted(R.MULTI_ENTRANCE))
STARTS = frozenset(B.starts)


@memo.positions(8192)
def board_stops(start: str, roll: int, through: tuple[str, ...]) -> dict[str, int]:
    """The board's stops for a roll; the board never changes, so the answer is cached (read-only)."""
    return B.stops(start, roll, through=through)


@memo.positions(32768)
def _move_stops(
    start: str, roll: int, through: tuple[str, ...], held: tuple[str, ...], short: int
) -> dict[str, int]:
    """Where a roll may end: the board's stops (and `short` steps fewer for Linda), never on a starting point
    another survivor holds. Cached, and copied by the caller before it goes into a state."""
    stops = board_stops(start, roll, through)
    if short and roll > short:
        stops = {**board_stops(start, roll - short, through), **stops}
    return {n: v for n, v in stops.items() if not (n in held and B.kind.get(n) == START)}


_OPTIONS_FOR: dict[int, tuple[dict[str, int], tuple[Option, ...]]] = {}
"""Move options by the identity of a state's stops dict (they come from `_move_stops`'s cache)."""


@lru_cache(maxsize=64)
def roll_prompt(roll: tuple[int, ...]) -> str:
    return f"You rolled {' and '.join(str(d) for d in roll)} ({sum(roll)}). Where to?"


@memo.positions(8192)
def _move_options(stops: tuple[tuple[str, int], ...]) -> tuple[Option, ...]:
    """The move choices for a set of stops, locations first (options are frozen, so they can be shared)."""
    ordered = sorted(stops, key=lambda item: (item[0] not in B.locations, item[0]))
    return tuple([_stop_option(node, steps) for node, steps in ordered])


@memo.positions(4096)
def _stop_option(node: str, steps: int) -> Option:
    """One move choice: it reads only the stop and its steps, so each is built once for every set of stops
    it is in (a node and a step count: a few thousand at most)."""
    return Option(keys.go(node), f"{place(node)} ({steps} step{'s' if steps != 1 else ''})", aliases=(node,))


def shortcuts_open(state: State) -> tuple[str, ...]:
    """Empty multi-entrance locations, in sorted order: shortcuts (rulebook, Empty Locations)."""
    markers, tokens, at = state.markers, state.final_tokens, state.slasher_at
    return tuple([lid for lid in SHORTCUTS if not markers.get(lid) and lid not in tokens and at != lid])


def roll_move(state: State, events: list[Event]) -> None:
    x = state.survivors[state.current]
    dice = 1 if x.health <= R.INJURED else R.MOVEMENT_DICE
    held = tuple([o.at for o in state.survivors if o is not x and o.at in STARTS])
    short = A.short_step(x.name)  # Linda (designed): she may also stop one step short
    through = shortcuts_open(state)

    def reach(total: int) -> dict[str, int]:
        # The cached dict itself: a state's stops are only ever replaced, never changed in place.
        return _move_stops(x.at, total, through, held, short)

    moving.roll_move(state, x, dice, reach, machine.end_turn, events)


def move_options(state: State) -> tuple[Option, ...]:
    stops = state.stops
    found = _OPTIONS_FOR.get(id(stops))
    if found is not None and found[0] is stops:  # the same cached, never-changed dict: same options
        return found[1]
    options = _move_options(tuple(stops.items()))
    if len(_OPTIONS_FOR) > 8192:
        _OPTIONS_FOR.clear()
    _OPTIONS_FOR[id(stops)] = (stops, options)  # holding `stops` keeps its id from being reused
    return options


def move(state: State, node: str, events: list[Event]) -> None:
    x = state.survivors[state.current]
    frm = x.at
    x.at = node
    state.phase = TURN
    events.append(
        Event(
            "moved",
            state.turn_no,
            MOVE,
            {"seat": x.seat, "name": x.name, "from": frm, "to": node, "place": place(node)},
        )
    )
    state.stops = {}
    arrive(state, events)


def arrive(state: State, events: list[Event]) -> None:
    """What ending the move brings first (`checks.arrival`): the Slasher next to the space (rulebook, Slasher
    Attacks In Proximity To A Player), the Helipad, a rival to scuffle, else the place's own business."""
    first = checks.arrival(checks.spot(state, state.current, state.survivors[state.current].at))
    if first == "fight":
        slasher.start_fight(state, state.current, "normal", "end", events)
        return
    if first == "escape":
        finish(state, [state.survivors[state.current].seat], "escape", events)
        return
    if first == "scuffle":
        state.phase = SCUFFLE
        return
    arrive_place(state, events)


def arrive_place(state: State, events: list[Event]) -> None:
    """What the space or location does once any scuffle is settled (`checks.business`)."""
    state.phase = TURN
    x = state.survivors[state.current]
    here = x.at
    what = checks.business(checks.spot(state, state.current, here))
    if what == "bonus":
        bonus.bonus(state, events)
        return
    if what == "tasks":
        state.phase = TASK
        return
    if what == "final":
        slasher.start_fight(state, state.current, "final", "end", events)
        return
    if here in B.locations and here != R.REC:
        tasks.task_waits(state, x, here, events)
    PLACES.run(what, state, events)


PLACES: Steps[[State, list[Event]], None] = Steps("tall oaks places")
"""What a location does to the survivor who ends a move there (`checks.business`): (state, events)."""
PLACES.step("scene")(lambda state, events: scenes.scene(state, events))
PLACES.step("task")(lambda state, events: tasks.task_here(state, events))
PLACES.step("search")(lambda state, events: searching.search(state, events))
PLACES.step("end")(lambda state, events: machine.end_turn(state, events))


@machine.FLEE.step("flee")
def flee(state: State, draw: bool, events: list[Event]) -> bool:
    """Unique combos: move to the nearest other location. `draw`: it does its work at once (a Killer Scene,
    a search); else the turn ends there (after any scuffle: rulebook, Unique Combos Vs. Slashers NOTE).
    False when the spent supplies' noise called the Slasher first: the survivor fights where they stand."""
    if draw and slasher.noise_first(state, events):
        return False
    x = state.survivors[state.current]
    dest = nearest(x.at, tuple(lid for lid in B.locations if lid != x.at)) or x.at
    x.at = dest
    events.append(Event("fled", state.turn_no, TURN, {"seat": x.seat, "name": x.name, "place": place(dest)}))
    state.phase = TURN
    if draw:
        arrive(state, events)
        return True
    if dest == R.REC and state.helipad and x.final_token:
        finish(state, [x.seat], "escape", events)  # fled straight onto the Helipad
        return True
    if scuffles.scuffle_targets(state):
        machine.push(state, "escaped")
        state.phase = SCUFFLE
        return True
    machine.end_turn(state, events)
    return True
