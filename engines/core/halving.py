"""Sequential halving over the options of one decision, for the review: which option is best, and how good are
the best and one named option, for a fraction of the playouts of weighing every option fully.

Every option is first played out on a few determinized samples; the better half (always with the named
option, the one the person chose) go on to twice as many, and so on until only the leader and the named option
are left, which are played out on all `samples`. Every option meets the same samples in the same order, each
with the same rollout RNG as engines.core.search gives it (common random numbers), so an option played out on
all the samples has exactly the figures `search.evaluate` gives it with that many iterations and that seed: the
intervals of the two finalists are honest Wilson intervals over `samples` playouts each.
"""

from __future__ import annotations

import math
from typing import Any

from engines.core.contract import Decision, Game, Option
from engines.core.rng import Rng, derive_seed, splitmix64
from engines.core.search import _MASK64, ROLLOUT_CAP, Estimate, _ranked, _Tally, clone, hidden_of, rollout

FIRST = 2
"""Playouts per option in the first round."""


class _Samples:
    """The determinized samples of one search, each drawn once, in index order, as engines.core.search draws
    them (the same RNG for the same seed and index)."""

    def __init__(self, game: Game, state: Any, decision: Decision, seed: int) -> None:
        self.game = game
        self.state = state
        self.seat = decision.seat
        self.base = derive_seed(seed, "search")
        self.drawn: list[Any] = []

    def sample(self, i: int) -> Any:
        while len(self.drawn) <= i:
            rng = Rng(splitmix64((self.base + 2 * len(self.drawn)) & _MASK64))
            self.drawn.append(hidden_of(self.game).determinize(self.state, self.seat, rng))
        return self.drawn[i]

    def play(self, key: str, i: int) -> tuple[bool, float | None, dict[str, float], int]:
        """The option `key` played out on sample `i`: won, the count goal, the facts and the length."""
        game, hidden = self.game, hidden_of(self.game)
        s = clone(self.sample(i))
        game.apply(s, key)
        length = rollout(game, s, Rng(splitmix64((self.base + 2 * i + 1) & _MASK64)), ROLLOUT_CAP)
        result = game.outcome(s) if length is not None else None
        won = result is not None and self.seat in result.winners
        return won, hidden.value(s, self.seat), hidden.facts(s, self.seat), ROLLOUT_CAP if length is None else length


def weigh(game: Game, state: Any, decision: Decision, samples: int, seed: int, keep: str) -> list[Estimate]:
    """Every option of `decision` for decision.seat, the leader first and the `keep` option among the first
    two, both played out on all `samples`; the options left out earlier follow with fewer playouts (their
    `plays` say how many). Deterministic for (seed, samples)."""
    options = decision.options
    index = {o.key: n for n, o in enumerate(options)}
    tallies = {o.key: _Tally() for o in options}
    pool = _Samples(game, state, decision, seed)
    policy = game.policies[game.default_policy]  # its pick breaks ties, as in engines.core.search
    favourite = policy(game.view(pool.sample(0), decision.seat), decision, Rng(splitmix64(pool.base ^ _MASK64)))
    live = [o.key for o in options]
    left: list[list[str]] = []  # the options left out, round by round
    count = min(samples, FIRST)
    while True:
        for key in live:
            tally = tallies[key]
            for i in range(tally.plays, count):
                tally.add(*pool.play(key, i))
        if count >= samples:
            break
        ranked = _order(options, tallies, live, index, favourite)
        survivors = ranked[: max(1, math.ceil(len(ranked) / 2))]
        if keep not in survivors:
            survivors.append(keep)
        left.append([key for key in ranked if key not in survivors])
        live = survivors
        count = samples if len(live) <= 2 else min(samples, count * 2)
    out = [_estimate(options, tallies, key, index) for key in _order(options, tallies, live, index, favourite)]
    for dropped in reversed(left):
        out += [_estimate(options, tallies, key, index) for key in dropped]
    return out


def _order(
    options: tuple[Option, ...], tallies: dict[str, _Tally], live: list[str], index: dict[str, int], favourite: str
) -> list[str]:
    """The live options best first, as engines.core.search ranks them."""
    chosen = tuple(options[index[key]] for key in sorted(live, key=index.__getitem__))
    return [e.key for e in _ranked(chosen, [tallies[o.key] for o in chosen], favourite)]


def _estimate(options: tuple[Option, ...], tallies: dict[str, _Tally], key: str, index: dict[str, int]) -> Estimate:
    return tallies[key].estimate(key, options[index[key]].label)
