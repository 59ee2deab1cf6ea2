"""Small questions the rules ask of a survivor and the board: free slots, a weapon, the next Task, what may be
done here, what a fight costs, what noise does, and what ending a move on a space brings.

Each question is asked of plain values, so the engine (reading its state) and the odds (reading a seat's view)
ask the very same one and cannot disagree."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from engines.core import memo
from engines.mixtape import meter
from engines.mixtape.board import BONUS
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.state import (
    State,
    Survivor,
)

B = R.BOARD


def free_slots_of(name: str, supplies: int, tasks: int) -> int:
    """Inventory slots left: the survivor's slots (Mario's one more) less the supplies and Task cards held."""
    return A.slots(name) - supplies - tasks


def free_slots(x: Survivor) -> int:
    return free_slots_of(x.name, len(x.supplies), len(x.tasks))


def holds_weapon(name: str, supplies: Sequence[str]) -> bool:
    """Holding a weapon (a supply that gives Actions), or Christine's fists."""
    return A.fists(name) or any(R.supply(c).kind == R.ACTION for c in supplies)


def armed(x: Survivor) -> bool:
    """Holding a weapon (a supply that gives Actions), or Christine's fists."""
    return holds_weapon(x.name, x.supplies)


def first_undone(done: Sequence[bool]) -> int:
    """The lowest Task whose token is still yellow (0 when all four are green)."""
    for i, finished in enumerate(done):
        if not finished:
            return i + 1
    return 0


def next_task(state: State) -> int:
    """The lowest Task whose token is still yellow (0 when all four are green)."""
    return first_undone(state.done)


def completes(task: int, tasks: Sequence[int], loc: str, marker: bool) -> bool:
    """Holding the next Task (`task`) here, with the location cleared of its Scene Marker."""
    return bool(task) and task in tasks and R.TASK_LOCATIONS[task - 1] == loc and not marker


def can_complete(state: State, x: Survivor, loc: str) -> bool:
    """Holding the next Task here, with the location cleared of its Scene Marker."""
    return completes(next_task(state), x.tasks, loc, bool(state.markers.get(loc)))


def faces_final(final_here: str, seat: str, final_token: bool, rescues: int) -> bool:
    """At the location of your own Final Rescue token (`final_here` is the seat whose token waits there), not yet
    collected, holding five rescue tokens: the rulebook's five are needed "in order to turn over their Final
    Scene and attempt their Final Rescue"."""
    return final_here == seat and not final_token and rescues >= R.RESCUES_NEEDED


def can_face_final(state: State, x: Survivor, loc: str) -> bool:
    return faces_final(state.final_tokens.get(loc, ""), x.seat, x.final_token, len(x.rescues))


def searchable(loc: str, marker: bool, searched: str, final_here: str) -> bool:
    """A location with no Scene Marker and no Final Rescue token, not the one searched last."""
    return loc in R.MARKER_LOCATIONS and not marker and searched != loc and final_here == ""


def can_search(state: State, x: Survivor, loc: str) -> bool:
    return searchable(loc, bool(state.markers.get(loc)), x.searched, state.final_tokens.get(loc, ""))


def legend_era(state: State) -> bool:
    return state.slasher == R.LEGEND


class Fight(NamedTuple):
    """A fight's numbers: the Actions that defeat, the Escapes that run (0: only a combo gets you out), and
    what a lost fight takes (before any ability)."""

    defeat: int
    escape: int
    health: int
    supplies: int
    rescues: int


def fight_numbers(slasher: int, final: str, kind: str) -> Fight:
    """The numbers of a fight of this kind: a Final Scene's card (`final`, its id) for the Final Rescue, else
    the Slasher's (a Task battle is fought with the Slasher's numbers)."""
    if kind == "final":
        fs = R.FINAL_SCENES[final]
        return Fight(fs.actions, 0, fs.damage, 0, 0)
    sl = R.SLASHERS[slasher]
    return Fight(sl.defeat, sl.escape, sl.health_loss, sl.supply_loss, sl.rescue_loss)


def comes_at_once(slasher: int, slasher_at: str) -> bool:
    """Any noise brings the Slasher at once: under The Legend, or with the Slasher already out in the town."""
    return slasher == R.LEGEND or bool(slasher_at)


def noise_heard(level: int, made: int, at_once: bool) -> tuple[int, bool]:
    """The Slasher Meter after `made` noise (after any quieter ability), and whether the Slasher comes: when it
    comes at once (`comes_at_once`) the meter stays; else the noise raises it, and a full meter calls it."""
    if made <= 0:
        return level, False
    if at_once:
        return level, True
    return meter.raised(level, made, R.METER)


class Placed(Protocol):
    """A survivor as both the state and a seat's view hold it, for the questions about where they stand."""

    @property
    def seat(self) -> str: ...
    @property
    def alive(self) -> bool: ...
    @property
    def at(self) -> str: ...


def rivals_near(survivors: Sequence[Placed], seat: str, node: str) -> list[int]:
    """Rivals (by index) on the same space, a space next to it (not diagonally), or in the same location."""
    return [
        i for i, o in enumerate(survivors) if o.seat != seat and o.alive and o.at and B.touching(node, o.at)
    ]


class Spot(NamedTuple):
    """What the rules read to say what ending a move on `node` brings a survivor: built from the state by the
    engine (`spot`) and from the survivor's own view by the odds, so both find the same business."""

    node: str
    seat: str
    slasher_at: str  # "" in the woods
    helipad: bool
    final_token: bool  # the survivor holds their Final Rescue token
    rivals: bool  # a living rival near enough to scuffle
    tasks_waiting: bool  # Task cards wait in the Rec Center
    room: bool  # a free slot, or a supply to let go, for a Task card
    final_here: str  # the seat whose Final Rescue token waits at `node` ("" none)
    rescues: int
    marker: bool  # a Scene Marker at `node`
    task: int  # the next Task (0: all done)
    tasks: tuple[int, ...]  # the Task cards the survivor holds
    searched: str  # the location the survivor searched last


def spot(state: State, who: int, node: str) -> Spot:
    """The Spot of survivor `who` ending a move on `node`, from the state."""
    x = state.survivors[who]
    return Spot(
        node,
        x.seat,
        state.slasher_at,
        state.helipad,
        x.final_token,
        bool(rivals_near(state.survivors, x.seat, node)),
        bool(state.center),
        free_slots(x) > 0 or bool(x.supplies),
        state.final_tokens.get(node, ""),
        len(x.rescues),
        bool(state.markers.get(node)),
        next_task(state),
        tuple(x.tasks),
        x.searched,
    )


def arrival(s: Spot) -> str:
    """What ending a move on the spot brings first: "fight" (the Slasher out on a space next to it: rulebook,
    Slasher Attacks In Proximity To A Player), "escape" (the Helipad with the Final Rescue token), "scuffle" (a
    rival near), else the place's own `business`."""
    if (
        s.node not in B.locations
        and s.slasher_at
        and s.slasher_at not in B.locations
        and B.touching(s.node, s.slasher_at)
    ):
        return "fight"
    if s.node == R.REC and s.helipad and s.final_token:
        return "escape"
    if s.rivals:
        return "scuffle"
    return business(s)


def business(s: Spot) -> str:
    """What the space or location does once any scuffle is settled: "bonus" (a Bonus Tracks space), "tasks" (the
    Rec Center's pile, where a card could be taken), "final" (the Final Rescue), "scene" (a Scene Marker), "task"
    (the next Task completed or fought for), "search", or "end" (the turn ends)."""
    if s.node not in B.locations:
        return "bonus" if B.kind[s.node] == BONUS else "end"
    if s.node == R.REC:
        return "tasks" if s.tasks_waiting and s.room else "end"
    if faces_final(s.final_here, s.seat, s.final_token, s.rescues):
        return "final"
    if s.marker:
        return "scene"
    if completes(s.task, s.tasks, s.node, s.marker):
        return "task"
    if searchable(s.node, s.marker, s.searched, s.final_here):
        return "search"
    return "end"


def on_start(state: State, node: str, but: int = -1) -> bool:
    return any(x.at == node for i, x in enumerate(state.survivors) if i != but)


@memo.positions(8192)
def nearest(start: str, candidates: tuple[str, ...]) -> str | None:
    """The board's nearest candidate (the board never changes, so the answer is cached)."""
    return B.nearest(start, candidates)
