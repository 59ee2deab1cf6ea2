"""Headless play: every seat driven by a policy. Used by `solo sim`, the tests and the benchmarks."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import msgspec

from engines.core.contract import Decision, Game, Policy
from engines.core.events import Event
from engines.core.rng import Rng, derive_seed, splitmix64

_MASK64 = (1 << 64) - 1


class Played(msgspec.Struct):
    state: Any
    events: list[Event]
    keys: list[str]
    finished: bool = True
    """False when the step limit stopped a game that had not ended (a policy that loops): no rule ends it."""


def policy_rng(seed: int, index: int) -> Rng:
    """The automa's RNG for the decision at `index` in a run, apart from the game's, so advice never moves the
    dice. Derived afresh for each decision, it needs no saving: replay, undo and load all give the same one.

    It is seeded on first use: most policies decide most things without a draw."""
    return _Deferred(_policy_base(seed) + index)  # type: ignore[return-value]


class _Deferred:
    """An Rng that is made on its first draw (deriving one costs as much as a cheap decision)."""

    __slots__ = ("_rng", "_seed")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._rng: Rng | None = None

    def __getattr__(self, name: str) -> Any:
        if self._rng is None:
            self._rng = Rng(splitmix64(self._seed & _MASK64))
        return getattr(self._rng, name)


@lru_cache(maxsize=64)
def _policy_base(seed: int) -> int:
    return derive_seed(seed, "policy")


def play(
    game: Game,
    seed: int,
    policy: str | Policy | Mapping[str, str | Policy] | None = None,
    options: Mapping[str, str] | None = None,
    max_decisions: int = 100_000,
) -> Played:
    """Play one whole game. `policy` is one policy for every seat, or a mapping seat -> policy.

    The rules end every game; `max_decisions` is the simulator's own guard against a policy that loops, and a
    game it stops comes back with `finished` False rather than an ending the rules do not have."""
    state, events = game.setup(seed, options or {})
    keys: list[str] = []
    chosen = _by_seat(game, policy)
    for _ in range(max_decisions):
        decision = game.decision(state)
        if decision is None:
            return Played(state, events, keys)
        pick = chosen.get(decision.seat) or game.policies[game.default_policy]
        key = decide(game, pick, state, decision, policy_rng(seed, len(keys)))
        keys.append(key)
        events.extend(game.apply(state, key, decision))
    return Played(state, events, keys, finished=game.decision(state) is None)


def decide(game: Game, policy: Any, state: Any, decision: Decision, rng: Rng) -> str:
    """The one way every caller (play, solo's Run, sim, bench) asks a policy for a key.

    A plain policy gets the seat's view, `policy(game.view(state, seat), decision, rng)`; a searching policy
    (an object with `searches = True` and `choose(game, state, decision, rng)`) gets the state, which it may
    read only through the game's determinize (engines/core/search.py)."""
    if getattr(policy, "searches", False):
        chosen: str = policy.choose(game, state, decision, rng)
    else:
        chosen = policy(game.view(state, decision.seat), decision, rng)
    return chosen


def replay(
    game: Game, seed: int, keys: list[str], options: Mapping[str, str] | None = None
) -> tuple[Any, list[Event]]:
    """Rebuild a run from its seed and chosen keys: (state, events)."""
    state, events = game.setup(seed, options or {})
    for key in keys:
        events.extend(game.apply(state, key))
    return state, events


def _by_seat(game: Game, policy: str | Policy | Mapping[str, str | Policy] | None) -> dict[str, Policy]:
    def resolve(p: str | Policy | None) -> Policy | None:
        if p is None:
            return None
        if isinstance(p, str):
            from engines.core import levels

            named: Policy = levels.resolve(game, p)  # a game's policy by name, "search" or a level
            return named
        return p

    if isinstance(policy, Mapping):
        found = {seat: resolve(p) for seat, p in policy.items()}
        return {seat: p for seat, p in found.items() if p is not None}
    one = resolve(policy)
    return {seat.id: one for seat in game.seats} if one else {}
