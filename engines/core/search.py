"""One information-set search for every game: determinized Monte-Carlo over the options of a decision.

Each iteration draws a sample of the hidden things from the game's `determinize(state, seat, rng)` (a complete
state consistent with all the deciding seat has seen), then plays every legal option on a copy of that one
sample and rolls each out to the end with every seat's shipped policy, reading only the views of the sample.
Trying every option on the same sample, with the same rollout RNG, compares options under common random
numbers: the difference between two options is not drowned by the luck of the draw.

This module holds the pieces every search shares (the samples, the playouts, the copies, the interval) and
`evaluate`, the exhaustive search that plays every option on every sample; engines.core.race races the options
(samples go where they decide something), and is what the hint, the review and the automa's hard level use.

The real state is read ONLY through `determinize`, so the choice cannot depend on anything the seat has not
seen (tests/engines/core/test_search.py changes the hidden things behind its back and checks it).

A rollout that reaches `ROLLOUT_CAP` decisions without an ending is scored a loss for the deciding seat (no
rule ends it; a policy loop must not look like a win).
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

import msgspec

from engines.core.contract import Decision, Game, Option
from engines.core.rng import Rng, derive_seed, splitmix64

if TYPE_CHECKING:
    from engines.core.race import Playouts, Race

_MASK64 = (1 << 64) - 1
ROLLOUT_CAP = 5_000
"""Decisions a rollout may take before it is stopped and scored a loss."""
_Z = 1.959963984540054  # the 95% normal quantile, for Wilson's interval


class Budget(msgspec.Struct, frozen=True):
    """How long `evaluate` may think. `iterations` samples at most; `steps` caps the engine decisions all the
    rollouts of one search may play, checked after each sample, so a decision with many options or long games
    ahead stops adding samples once it is spent (deterministic, unlike `seconds`)."""

    iterations: int = 64  # determinized samples; each sample tries every option (common random numbers)
    seconds: float | None = None  # optional CPU-time cap; results are deterministic only when None
    steps: int | None = None  # optional cap on the decisions played in rollouts, summed over the samples


class Estimate(msgspec.Struct, frozen=True):
    key: str
    label: str
    plays: int  # rollouts behind the figures
    win: float  # the deciding seat's win rate over them, 0..1
    low: float  # 95% interval (Wilson) of `win`
    high: float
    value: float | None  # mean of the seat's count goal (Trespassers escaped, souvenirs...), None if none
    facts: dict[str, float]  # means of what the game reports at each rollout's end (for the hint's reason)


def hidden_of(game: Game) -> Game:
    """What the search reads of a game: its `determinize`, `facts` and `value` (the contract's search surface)."""
    return game


# -- copies ----------------------------------------------------------------------------------------------

_CODECS: dict[type, tuple[msgspec.msgpack.Encoder, msgspec.msgpack.Decoder]] = {}


def clone(state: Any) -> Any:
    """A deep copy by a msgpack round trip typed by the state's own class: about nine times faster than
    copy.deepcopy on these states (bench/search_strength.py prints both), and exact, the Rng included (its
    whole state is one integer field)."""
    kind = type(state)
    codec = _CODECS.get(kind)
    if codec is None:
        codec = _CODECS[kind] = (msgspec.msgpack.Encoder(), msgspec.msgpack.Decoder(type=kind))
    return codec[1].decode(codec[0].encode(state))


# -- scoring ---------------------------------------------------------------------------------------------


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of `wins` in `n` (0..1 when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = _Z * _Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)  # exact at the ends, where rounding would
    high = 1.0 if wins >= n else min(1.0, centre + half)  # leave the rate itself outside
    return low, high


class _Tally:
    """What the rollouts of one option added up to."""

    __slots__ = ("facts", "length", "plays", "value", "valued", "wins")

    def __init__(self) -> None:
        self.plays = 0
        self.length = 0
        self.wins = 0
        self.value = 0.0
        self.valued = 0
        self.facts: dict[str, float] = {}

    def add(self, won: bool, value: float | None, facts: dict[str, float], length: int) -> None:
        self.plays += 1
        self.length += length
        self.wins += won
        if value is not None:
            self.value += value
            self.valued += 1
        for name, x in facts.items():
            self.facts[name] = self.facts.get(name, 0.0) + x

    def estimate(self, key: str, label: str) -> Estimate:
        n = self.plays
        low, high = wilson(self.wins, n)
        return Estimate(
            key,
            label,
            n,
            self.wins / n if n else 0.0,
            low,
            high,
            self.value / self.valued if self.valued else None,
            {name: x / n for name, x in self.facts.items()} if n else {},
        )


# -- the search ------------------------------------------------------------------------------------------


def sample_rng(base: int, i: int) -> Rng:
    """The RNG that draws sample i of a search seeded `base` (every search draws its samples with it)."""
    return Rng(splitmix64((base + 2 * i) & _MASK64))


def pick_rng(base: int) -> Rng:
    """The RNG the shipped policy's own pick is asked with, in a search seeded `base`."""
    return Rng(splitmix64(base ^ _MASK64))


def playout(game: Game, sample: Any, key: str, base: int, i: int, seat: str) -> tuple[Any, bool, int]:
    """Option `key` played out on a copy of sample i, with that sample's rollout RNG (the same for every option:
    common random numbers): the end state, whether `seat` won, and the decisions the rollout took (ROLLOUT_CAP
    where the cap stopped it, scored a loss)."""
    s = clone(sample)
    game.apply(s, key)
    length = rollout(game, s, Rng(splitmix64((base + 2 * i + 1) & _MASK64)), ROLLOUT_CAP)
    result = game.outcome(s) if length is not None else None
    return s, result is not None and seat in result.winners, ROLLOUT_CAP if length is None else length


def rollout(game: Game, state: Any, rng: Rng, cap: int = ROLLOUT_CAP) -> int | None:
    """Play `state` to its end with every seat's default policy, each reading its own view: the number of
    decisions it took, or None when the cap stopped it first."""
    policy = game.policies[game.default_policy]
    for n in range(cap):
        decision = game.decision(state)
        if decision is None:
            return n
        key = policy(game.view(state, decision.seat), decision, rng)
        game.apply(state, key, decision)
    return cap if game.decision(state) is None else None


def evaluate(game: Game, state: Any, decision: Decision, budget: Budget, seed: int) -> list[Estimate]:
    """Every legal option of `decision` for decision.seat, each played out on every sample, best first: the
    exhaustive search, with no option set aside (the race, engines.core.race, is what the hint, the review and
    the automa use; this is the yardstick it is measured against). Deterministic for (seed, budget) unless
    budget.seconds is set."""
    seat = decision.seat
    hidden = hidden_of(game)
    options = decision.options
    tallies = [_Tally() for _ in options]
    base = derive_seed(seed, "search")
    deadline = None if budget.seconds is None else time.process_time() + budget.seconds
    favourite = ""
    spent = 0
    for i in range(budget.iterations):
        sample = hidden.determinize(state, seat, sample_rng(base, i))
        if i == 0:  # the shipped policy's own pick, from the seat's view (a sample's is the real one's)
            policy = game.policies[game.default_policy]
            favourite = policy(game.view(sample, seat), decision, pick_rng(base))
        for option, tally in zip(options, tallies, strict=True):
            s, won, played = playout(game, sample, option.key, base, i, seat)
            spent += 1 + played
            tally.add(won, hidden.value(s, seat), hidden.facts(s, seat), played)
        if budget.steps is not None and spent >= budget.steps:
            break
        if deadline is not None and time.process_time() >= deadline:
            break
    return _ranked(options, tallies, favourite)


def _ranked(options: tuple[Option, ...], tallies: list[_Tally], favourite: str = "") -> list[Estimate]:
    """Best first: the higher win rate, then the higher count goal, then the shipped policy's own pick
    (`favourite`), then, winning, the sooner end, then the decision's own order."""
    ranked = []
    for i, (option, tally) in enumerate(zip(options, tallies, strict=True)):
        e = tally.estimate(option.key, option.label)
        length = tally.length / tally.plays if tally.plays and e.win >= 0.5 else 0.0
        ranked.append(((-e.win, -(e.value or 0.0), option.key != favourite, length, i), e))
    ranked.sort(key=lambda pair: pair[0])
    return [e for _, e in ranked]


class Searcher:
    """A searching policy for `engines.core.autoplay.decide`: it gets the state, read through determinize, and
    races the options (engines.core.race.choose) within its budget."""

    searches = True

    def __init__(self, budget: Race | None = None, playouts: Playouts | None = None) -> None:
        from engines.core.race import Race

        self.budget = budget or Race(futile=True)
        self.playouts = playouts
        """How the race's playouts are played (engines.core.race.Playouts; here when None): the same choice
        whichever plays them."""

    def choose(self, game: Game, state: Any, decision: Decision, rng: Rng) -> str:
        from engines.core.race import choose

        seed = rng.next_u32() << 32 | rng.next_u32()
        return choose(game, state, decision, self.budget, seed, self.playouts)

    def __call__(self, view: Any, decision: Decision, rng: Rng) -> str:
        raise TypeError("a searching policy needs the state: ask it through engines.core.autoplay.decide")

    def __repr__(self) -> str:
        return f"Searcher({self.budget!r})"
