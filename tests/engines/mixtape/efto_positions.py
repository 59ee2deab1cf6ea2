"""Escape From Tall Oaks positions for rule tests: a game past setup, with a survivor placed and a turn open."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from engines.core.autoplay import play
from engines.core.events import Event
from engines.mixtape.tall_oaks import searching
from engines.registry import get
from tests.tools.breadth import breadth

GAME = get("escape-from-tall-oaks")

ENDING_SEEDS = breadth(30, 60)
"""Seeds of the whole games `ending` plays (each policy at every seat): the quick breadth's 30 a policy cost some 3
s (a random game runs to a thousand decisions and more), the full breadth's 60 twice that. test_efto_games reads
the first two thirds of them."""


PLAIN = ["Pat", "Sam", "Lee", "Max", "Ash", "Kit"]  # names with no special ability


class Ending(NamedTuple):
    """How a seeded whole game ended: what the tests that check every game ends read of it."""

    finished: bool
    outcome: Any
    invariants: list[str]
    last: Event


@cache
def ending(policy: str, seed: int) -> Ending:
    """The game of `seed` with `policy` at every seat and 1 + seed % 5 rivals, to at most 20,000 decisions:
    played once per worker for test_efto_games and test_efto_second_read, which read the same games."""
    played = play(GAME, seed, policy, {"rivals": str(1 + seed % 5)}, max_decisions=20_000)
    state = played.state
    return Ending(played.finished, GAME.outcome(state), GAME.invariants(state), played.events[-1])


def fresh(seed: int = 0, rivals: str = "2", names: list[str] | None = None):
    """A game with every survivor on a starting point and survivor1's turn open.

    The survivors get names without special abilities (so each rule test sees its rule alone) unless `names`
    gives real ones, in seat order."""
    state, _ = GAME.setup(seed, {"rivals": rivals})
    for x, name in zip(state.survivors, names or PLAIN, strict=False):
        x.name = name
    while state.phase == "start_point":
        GAME.apply(state, GAME.decision(state).options[0].key)
    state.current, state.phase = 0, "turn"
    return state


def put(state, who: int, node: str) -> None:
    state.survivors[who].at = node


def clear(state, loc: str) -> None:
    """Take the Scene Marker off a location (back to the bank)."""
    if state.markers[loc]:
        state.bank.append(state.markers[loc])
        state.markers[loc] = ""


def give(state, who: int, card: str) -> None:
    """Move a supply card from the deck into a survivor's hands (free slots assumed)."""
    state.supplies.draw_pile.remove(card)
    searching.take(state.survivors[who], card)


def drop_all(state, who: int) -> None:
    x = state.survivors[who]
    for c in list(x.supplies):
        state.supplies.discard(c)
    x.supplies, x.trackers = [], {}


def scene(state, card: str) -> None:
    """Put a Killer Scenes card in play."""
    state.scenes.draw_pile.remove(card)
    state.card = card


def events() -> list[Event]:
    return []
