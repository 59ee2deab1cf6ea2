"""Sequential halving over the options of one decision, for the review: which option is best, and how good are
the best and one named option, for a fraction of the playouts of weighing every option fully.

Every option is first played out on one determinized sample, a screen: the two best (always with the named
option, the one the person chose) go on to two samples, and from there the better half on twice as many each
round, down to the leader and the named option, which are halved too: once the named option leads (a tie goes
to it), it goes on alone to half the samples and stops there; while another option leads, the two are played
out on all `samples`. So the figures rest on `samples` playouts where another option led, and on half as many
where the named one did (on all of them if it took the lead only in the last round; each Estimate's `plays`
says how many).

Every option meets the same samples in the same order, each with the same rollout RNG as engines.core.search
gives it (common random numbers), so an option played out on n samples has exactly the figures `search.evaluate`
gives it with n iterations and that seed: its Wilson interval is an honest one over its n playouts.
"""

from __future__ import annotations

import math
from typing import Any

from engines.core.contract import Decision, Game, Option
from engines.core.rng import derive_seed
from engines.core.search import Estimate, _ranked, _Tally, hidden_of, pick_rng, playout, sample_rng

FIRST = 1
"""Playouts per option in the first round, the screen."""
KEPT = 2
"""Options the screen keeps, besides the named one (bench/RESULTS.md, "Review", weighs the cost of fewer)."""


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
            rng = sample_rng(self.base, len(self.drawn))
            self.drawn.append(hidden_of(self.game).determinize(self.state, self.seat, rng))
        return self.drawn[i]

    def play(self, key: str, i: int) -> tuple[bool, float | None, dict[str, float], int]:
        """The option `key` played out on sample `i`: won, the count goal, the facts and the length."""
        hidden = hidden_of(self.game)
        s, won, played = playout(self.game, self.sample(i), key, self.base, i, self.seat)
        return won, hidden.value(s, self.seat), hidden.facts(s, self.seat), played


def weigh(game: Game, state: Any, decision: Decision, samples: int, seed: int, keep: str) -> list[Estimate]:
    """Every option of `decision` for decision.seat: those still in play at the end first, best first (the
    `keep` option, always among them, first when it ties: alone on half the `samples` when it led early), then
    those left out earlier, with fewer playouts (`plays` says how many). Deterministic for (seed, samples)."""
    options = decision.options
    index = {o.key: n for n, o in enumerate(options)}
    tallies = {o.key: _Tally() for o in options}
    pool = _Samples(game, state, decision, seed)
    policy = game.policies[game.default_policy]  # its pick breaks ties, as in engines.core.search
    favourite = policy(game.view(pool.sample(0), decision.seat), decision, pick_rng(pool.base))
    alone = max(1, samples // 2)
    live = [o.key for o in options]
    left: list[list[str]] = []  # the options left out, round by round
    count = min(samples, FIRST)
    while True:
        for key in live:
            tally = tallies[key]
            for i in range(tally.plays, count):
                tally.add(*pool.play(key, i))
        live = _order(options, tallies, live, index, favourite, keep)
        if count >= samples:
            break
        size = max(1, math.ceil(len(live) / 2))
        survivors = live[: min(size, KEPT) if not left else size]  # the screen keeps no more than KEPT
        if keep not in survivors:
            survivors.append(keep)
        left.append([key for key in live if key not in survivors])
        live = survivors
        if live == [keep] and count >= alone:
            break
        count = min(samples, count * 2)
    out = [_estimate(options, tallies, key, index) for key in live]
    for dropped in reversed(left):
        out += [_estimate(options, tallies, key, index) for key in dropped]
    return out


def _order(
    options: tuple[Option, ...],
    tallies: dict[str, _Tally],
    live: list[str],
    index: dict[str, int],
    favourite: str,
    keep: str,
) -> list[str]:
    """The live options best first, as engines.core.search ranks them, except that `keep` goes first among
    those with its win rate: a choice as good as the best found is the best."""
    chosen = tuple(options[index[key]] for key in sorted(live, key=index.__getitem__))
    ranked = _ranked(chosen, [tallies[o.key] for o in chosen], favourite)
    return [e.key for e in sorted(ranked, key=lambda e: (-e.win, e.key != keep))]


def _estimate(options: tuple[Option, ...], tallies: dict[str, _Tally], key: str, index: dict[str, int]) -> Estimate:
    return tallies[key].estimate(key, options[index[key]].label)
