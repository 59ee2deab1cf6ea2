"""What both Mixtape games' turns share: the contract's plain members, the opening roll and the end of the game.

Each game keeps its own mechanics (its board, cards and rolls differ); this module holds the steps that read
alike in both, with the game's own data passed in: its package (where its achievements, policies and
invariants live), its players, its dice and its reasons for an ending.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any, Protocol

from engines.core.contract import Decision, Hint, IllegalMove, Outcome, Policy
from engines.core.events import Event
from engines.core.queue import FIRST_NEXT
from engines.core.rng import Rng
from engines.core.steps import Steps
from engines.mixtape.keys import Key
from engines.mixtape.movement import MOVE


class _Ending(Protocol):
    """The fields of a game's state the end of the game writes (both games' states have them)."""

    result: str
    winners: list[str]
    phase: str
    reason: str
    turn_no: int


class MixtapeContract:
    """The contract members both GAME objects share, read from the game's package (`package`): achievements,
    policies, advice and invariants are imported when first asked for, as the other games do."""

    package = ""

    def _module(self, name: str) -> Any:
        return import_module(f"{self.package}.{name}")

    @property
    def achievements(self) -> dict[str, str]:
        """A designed sheet (the rulebook has none): id -> text, in its order."""
        text: dict[str, str] = self._module("achievements").TEXT
        return text

    def earned(self, log: list[Event]) -> list[str]:
        """The achievements a finished run's events earn for the person's seat."""
        got: list[str] = self._module("achievements").earned(log)
        return got

    @property
    def policies(self) -> Mapping[str, Policy]:
        found: Mapping[str, Policy] = self._module("policies").POLICIES
        return found

    phase_tables: Any = None
    """The game's phases module: `decide(state)` and `apply(state, key, decision)` on its turn machine's tables."""

    def decision(self, state: Any) -> Decision | None:
        found: Decision | None = self.phase_tables.decide(state)
        return found

    def apply(self, state: Any, key: str, decision: Decision | None = None) -> list[Event]:
        events: list[Event] = self.phase_tables.apply(state, key, decision)
        return events

    def view(self, state: Any, seat: str) -> Any:
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        if not state.result:
            return None
        return Outcome(state.result, tuple(state.winners), state.reason)

    def turn(self, state: Any) -> int:
        return int(state.turn_no)

    def hint(self, state: Any) -> Hint | None:
        d = self.decision(state)
        if d is None:
            return None
        advice: Hint = self._module("policies").advise(self.view(state, d.seat), d)
        return advice

    def invariants(self, state: Any) -> list[str]:
        found: list[str] = self._module("integrity").problems(state)
        return found


class _Pending(Protocol):
    """The fields of a game's state a decision waiting in a phase reads (both games' states have them)."""

    result: str
    phase: str
    drawn: str
    keeper: int
    todo: list[str]


def decide(decisions: Steps[..., Decision | None], state: _Pending) -> Decision | None:
    """The decision waiting in the state's phase, from the game's table of decisions (none once it is over)."""
    if state.result:
        return None
    found: Decision | None = decisions.run(state.phase, state)
    return found


def choose(choices: Steps[..., None], state: _Pending, key: str) -> list[Event]:
    """Carry out a legal key in the state's phase, from the game's table of choices; the events it makes."""
    events: list[Event] = []
    choices.run(state.phase, state, Key.parse(key), events)
    if state.result:
        state.todo.clear()  # a finished game has nothing left to do (what its end cut short never runs)
    return events


class _Applying(_Pending, Protocol):
    stops: dict[str, int]


def apply(
    decisions: Steps[..., Decision | None],
    choices: Steps[..., None],
    state: _Applying,
    key: str,
    decision: Decision | None,
    held: Callable[[Any, str], bool],
    illegal: Callable[[Any, Decision, str], str],
) -> list[Event]:
    """Carry out `key` once it is known legal. A stop of the pending move needs no list of the options (the
    move's options are its stops, and a rollout makes millions of moves); any other key must be one the waiting
    decision offers, or a spend the game still plays though it no longer offers it (`held`). IllegalMove
    otherwise, with the game's reason (`illegal`)."""
    if not (state.phase == MOVE and _stop(key, state.stops) and not state.result):
        d = decision or decide(decisions, state)
        if d is None:
            raise IllegalMove("The game is over; there is nothing left to decide.")
        if key not in d.keys() and not held(state, key):  # noqa: SIM118 (Decision.keys is a method)
            raise IllegalMove(illegal(state, d, key))
    return choose(choices, state, key)


def no_decision(state: object) -> None:
    """The decision of the phase a finished game rests in: none."""
    return None


def ask_keep(state: _Pending, who: int, card: str, after: str, phase: str) -> None:
    """Wait for `who` to choose what to keep of a full hand and the `card` just drawn; `after` goes on then
    (queued next in `state.todo`)."""
    state.drawn = card
    state.keeper = who
    FIRST_NEXT.push(state.todo, after)
    state.phase = phase


class _Queued(Protocol):
    todo: list[str]


def push(state: _Queued, step: str) -> None:
    """Queue `step` to run next, once the decision about to be asked is answered."""
    FIRST_NEXT.push(state.todo, step)


def pop(state: _Queued) -> str:
    """Take the next queued step off the queue ("" with none): what the flow resolving now was to go on with."""
    return FIRST_NEXT.pop(state.todo) if state.todo else ""


def peek(state: _Queued) -> str:
    """The step queued to run next ("" with none): what the decision being asked interrupted."""
    return FIRST_NEXT.peek(state.todo) or ""


def forget(state: _Queued) -> None:
    """The turn is over before its flow went on: nothing queued for it runs."""
    FIRST_NEXT.drop(state.todo, lambda step: True)


def once() -> Callable[[object, list[Event]], bool]:
    """A drain's `waiting` for a Mixtape game (engines/core/queue.py `run`): it runs one queued step, the one
    the answered decision interrupted, which carries the flow on by direct calls to the next decision (queueing
    its own step there) or to the end of the game; then the drain stops."""
    ran: list[bool] = []

    def waiting(state: object, events: list[Event]) -> bool:
        done = bool(ran)
        ran.append(True)
        return done

    return waiting


def opening_roll(
    rng: Rng, seats: Sequence[str], dice: int
) -> tuple[list[int], dict[str, list[int]], dict[str, list[list[int]]]]:
    """Rulebook: each player rolls the movement dice, the highest goes first; ties for the top roll again.
    Returns the turn order (indexes into `seats`, the first player first), each seat's totals rolled, and the
    faces of each of those rolls (so the story shows the dice, not only their sums)."""
    contenders = list(range(len(seats)))
    rolls: dict[str, list[int]] = {}
    faces: dict[str, list[list[int]]] = {}
    while len(contenders) > 1:
        totals = {}
        for i in contenders:
            shown = rng.d6s(dice)
            total = sum(shown)
            rolls.setdefault(seats[i], []).append(total)
            faces.setdefault(seats[i], []).append(shown)
            totals[i] = total
        top = max(totals.values())
        contenders = [i for i in contenders if totals[i] == top]
    first = contenders[0]
    n = len(seats)
    return [(first + k) % n for k in range(n)], rolls, faces


def game_over(
    state: _Ending,
    winners: list[str],
    names: list[str],
    why: str,
    reason: str,
    person: str,
    events: list[Event],
) -> None:
    """End the game: who won (the person's seat among them or not), why, and the `game_over` event."""
    state.result = "won" if person in winners else "lost"
    state.winners = winners
    state.phase = "over"
    state.reason = reason
    events.append(
        Event(
            "game_over",
            state.turn_no,
            "end",
            {"winners": winners, "names": names, "why": why, "result": state.result, "person": person},
        )
    )


def _stop(key: str, stops: Mapping[str, int]) -> bool:
    """Whether `key` is "go" to one of the move's `stops`."""
    k = Key.parse(key)
    return k.verb == "go" and bool(k.arg) and k.arg in stops
