"""A game made to test the race: one decision among options whose chances of winning the test sets.

After the choice one number is drawn from the state's RNG (the sample's, in a search): option i wins when it
falls below its chance. With `shared` the draw is the same whatever was chosen, so two options' outcomes on a
sample differ only where the draw lies between their chances (the best common random numbers can do); without,
each option first throws away i draws, so their outcomes are independent (the worst)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from engines.core.contract import Decision, Option, Outcome, Seat
from engines.core.events import Event
from engines.core.rng import Rng

SCALE = 10_000


class State(msgspec.Struct):
    rng: Rng
    chances: list[int]
    """Each option's chance of winning, in ten-thousandths."""
    shared: bool = True
    chosen: int = -1
    won: bool = False


def _first(view: Any, decision: Decision, rng: Rng) -> str:
    return decision.options[0].key


class CoinGame:
    id = "coin"
    title = "Coin"
    rules_version = "1"
    seats = (Seat("player", "the player", "picks a coin"),)
    person_seats = ("player",)
    options = ()
    state_type = State
    policies: Mapping[str, Any] = {"first": _first}
    default_policy = "first"

    def __init__(self, chances: list[float], shared: bool = True) -> None:
        self.chances = [round(c * SCALE) for c in chances]
        self.shared = shared

    def setup(self, seed: int, options: Mapping[str, str]) -> tuple[State, list[Event]]:
        return State(Rng.from_seed(seed), list(self.chances), self.shared), []

    def decision(self, state: State) -> Decision | None:
        if state.chosen >= 0:
            return None
        return Decision("player", "pick", "Which coin?", tuple(Option(str(i), f"coin {i}") for i in range(len(state.chances))))

    def apply(self, state: State, key: str, decision: Decision | None = None) -> list[Event]:
        state.chosen = int(key)
        if not state.shared:
            for _ in range(state.chosen):
                state.rng.below(SCALE)
        state.won = state.rng.below(SCALE) < state.chances[state.chosen]
        return []

    def outcome(self, state: State) -> Outcome | None:
        if state.chosen < 0:
            return None
        return Outcome("won" if state.won else "lost", ("player",) if state.won else (), "the coin fell")

    def view(self, state: State, seat: str) -> State:
        return state

    def turn(self, state: State) -> int:
        return 1

    def hint(self, state: State) -> None:
        return None

    def invariants(self, state: State) -> list[str]:
        return []

    def determinize(self, state: State, seat: str, rng: Rng) -> State:
        """Nothing is hidden but the draw to come: a copy with the sample's RNG."""
        return State(Rng(rng.next_u32() << 32 | rng.next_u32()), list(state.chances), state.shared, state.chosen)

    def facts(self, state: State, seat: str) -> dict[str, float]:
        return {"coins won": 1.0 if state.won else 0.0}

    def value(self, state: State, seat: str) -> float | None:
        return None
