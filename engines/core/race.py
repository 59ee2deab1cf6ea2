"""Racing the options of one decision: samples go where they decide something, and a difference is called
real only when its paired interval says so.

Every option is played out on the same determinized samples with the same rollout RNG (common random numbers,
engines.core.search), so two options are compared on their paired outcomes: on sample i both won, both lost,
or one alone won. The difference of their win rates is estimated from those pairs with its own interval
(`gap`: Bonett and Price's adjusted Wald interval for paired proportions), far narrower than two separate
intervals, since the luck of a sample is shared.

The race plays every option on `first` samples, then looks: the leader (the best rate; a tie goes to the
higher count goal, then to the shipped policy's pick, then to the decision's order) against every other live
option. One whose paired interval with the leader lies wholly below zero is clearly worse and stops being
sampled; should the leader it lost to fall behind, it comes back against the new one and catches up on the
samples it missed. The race stops when one option is left, when every option left is shown to lie within
`margin` of the subject (the leader, or the option the caller keeps: the choice made, the heuristic's pick),
when the kept option is itself shown clearly worse, or when the budget ends (samples, or rollout steps). The
looks come at `first` samples and then `growth` times as many each time, so a few looks judge many samples.

At the end the verdict's groups hold by construction: every option in the best group has a paired interval
with the top that reaches zero (it cannot be told apart from it), every clearly worse one has one wholly below
zero; no option is in both. A decision whose options are clearly apart, or all alike, ends at the first looks;
a close one takes the budget.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import msgspec

from engines.core.contract import Decision, Game
from engines.core.rng import derive_seed
from engines.core.search import Estimate, _Tally, hidden_of, pick_rng, playout, sample_rng, wilson

Z = 2.5758293035489004
"""The level of every call the race makes and of every interval of a difference it reports: 99% at each look,
which holds a call about 95% over all of a race's looks (two options alike, played out independently, are
called apart in 5% of races of 128-256 samples at this level, in 19-21% at 1.96: tests/engines/core/test_race.py)."""


class Race(msgspec.Struct, frozen=True):
    """A race's budget and thresholds."""

    first: int = 8
    """Samples every option is played out on before any is judged."""
    most: int = 256
    """Samples at most behind any option."""
    steps: int | None = None
    """The most engine decisions all the rollouts may play, summed (the deterministic cost cap)."""
    seconds: float | None = None
    """An optional CPU-time cap; a race is deterministic only without it."""
    margin: float = 0.03
    """Options shown to lie within this of the subject (both ends of the paired interval) count as equal."""
    z: float = Z
    """The threshold of the race's calls, in normal quantiles, and of the intervals of differences it reports."""
    growth: float = 1.5
    """Each look comes after this many times the samples of the one before."""
    finalists: int = 0
    """For a kept option only: after the first look, only the kept option and this many others (the best) go
    on; 0, every option."""
    futile: bool = False
    """For a kept option only (the automa's pick): an option no better than it at a look stops being sampled,
    as it is not a candidate to replace it."""
    extend: int = 1
    """For a kept option only: where the budget ends with the kept option behind the leader by `suspect` or more
    but not shown clearly worse, the budget (steps and samples) is raised this many times, once."""
    suspect: float = 0.05


class Gap(msgspec.Struct, frozen=True):
    """The paired difference of two options' win rates, a minus b (-1..1), over the `n` samples both were
    played out on, with its interval."""

    diff: float
    low: float
    high: float
    n: int

    @property
    def clear(self) -> bool:
        """Whether a is clearly better than b: the interval lies wholly above zero."""
        return self.low > 0


def gap(a: Sequence[bool], b: Sequence[bool], z: float = Z) -> Gap:
    """The paired difference of a and b over their first min(len) samples: the raw mean of the differences, and
    Bonett and Price's adjusted Wald interval (one pseudo-sample added to each kind of discordant pair), which
    keeps its level where few pairs differ, where the plain interval would claim a tie is exact."""
    n = min(len(a), len(b))
    if n == 0:
        return Gap(0.0, -1.0, 1.0, 0)
    only_a = sum(x and not y for x, y in zip(a[:n], b[:n], strict=True))
    only_b = sum(y and not x for x, y in zip(a[:n], b[:n], strict=True))
    diff = (only_a - only_b) / n
    pa, pb = (only_a + 1) / (n + 2), (only_b + 1) / (n + 2)
    centre = pa - pb
    half = z * math.sqrt(max(0.0, pa + pb - centre * centre) / (n + 2))
    return Gap(diff, max(-1.0, min(diff, centre - half)), min(1.0, max(diff, centre + half)), n)


def mean_gap(a: Sequence[float], b: Sequence[float], z: float = Z) -> Gap:
    """The paired difference of two options' means of a count (a minus b) over their first min(len) samples,
    with its normal interval (the count's spread across the pairs)."""
    n = min(len(a), len(b))
    if n == 0:
        return Gap(0.0, -math.inf, math.inf, 0)
    diffs = [x - y for x, y in zip(a[:n], b[:n], strict=True)]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else math.inf
    half = z * spread / math.sqrt(n)
    return Gap(mean, mean - half, mean + half, n)


class Standing(msgspec.Struct, frozen=True):
    """One option at the end of a race."""

    estimate: Estimate
    """Its own win rate over its playouts, with that rate's Wilson interval."""
    gap: Gap | None
    """Its paired difference from the top, top minus it (None for the top itself)."""
    worse: bool
    """Clearly worse than the top (its gap's interval lies wholly above zero)."""
    facts: dict[str, Gap] = {}
    """The paired difference from the top of each fact the game reports at a playout's end, top minus it (empty
    for the top itself): what a reason may quote, where its interval says the difference is real."""


class Verdict(msgspec.Struct, frozen=True):
    standings: list[Standing]
    """The top first, then the rest of the best group, then the clearly worse; each part best first."""
    samples: int
    """The samples drawn: the most playouts behind any option."""
    settled: bool
    """Whether the race decided every option before its budget ended."""
    favourite: str
    """The shipped policy's pick, from the seat's view."""
    steps: int = 0
    """The engine decisions the race played (its cost, whatever the machine)."""

    @property
    def top(self) -> Standing:
        return self.standings[0]

    @property
    def best(self) -> list[str]:
        """The keys of the options that cannot be told apart from the top (the top first)."""
        return [s.estimate.key for s in self.standings if not s.worse]

    def standing(self, key: str) -> Standing:
        return next(s for s in self.standings if s.estimate.key == key)

    def value(self) -> tuple[float, float, float, int]:
        """The position's chance, pooled over the best group's playouts (they cannot be told apart, so pooling
        them is a steadier figure than the top's alone, which is the luckiest of them): (win, low, high,
        samples), the interval counted on the samples, as the options share them."""
        group = [s.estimate for s in self.standings if not s.worse]
        plays = sum(e.plays for e in group)
        rate = sum(e.win * e.plays for e in group) / plays if plays else 0.0
        n = max(e.plays for e in group)
        low, high = wilson(rate * n, n)
        return rate, min(low, rate), max(high, rate), n


class Played(NamedTuple):
    """One playout's end: whether the deciding seat won, its count goal, the facts, the decisions it took."""

    won: bool
    value: float | None
    facts: dict[str, float]
    steps: int


Playouts = Callable[[Game, Any, str, int, list[tuple[str, int]]], list[Played]]
"""Plays a race's playouts: (game, the real state, the deciding seat, the samples' base seed, [(option key,
sample index)]) -> each one's end, in order. A playout is a pure function of those, so any way of playing them
(here, or on the machine's other cores: solo/cores.py) gives the same race."""


class Samples:
    """The determinized samples of one state and seat, each drawn once, in index order, as engines.core.search
    draws them (the same RNG for the same base and index)."""

    def __init__(self, game: Game, state: Any, seat: str, base: int) -> None:
        self.game, self.state, self.seat, self.base = game, state, seat, base
        self.drawn: list[Any] = []

    def sample(self, i: int) -> Any:
        while len(self.drawn) <= i:
            rng = sample_rng(self.base, len(self.drawn))
            self.drawn.append(hidden_of(self.game).determinize(self.state, self.seat, rng))
        return self.drawn[i]

    def play(self, key: str, i: int) -> Played:
        """Option `key` played out on sample i."""
        hidden = hidden_of(self.game)
        s, won, steps = playout(self.game, self.sample(i), key, self.base, i, self.seat)
        return Played(won, hidden.value(s, self.seat), hidden.facts(s, self.seat), steps)


def play_here(game: Game, state: Any, seat: str, base: int, jobs: list[tuple[str, int]]) -> list[Played]:
    """The playouts, one after another in this process (the race's default)."""
    samples = Samples(game, state, seat, base)
    return [samples.play(key, i) for key, i in jobs]


class _Pool:
    """A race's playouts and every option's outcome on each sample (its bits, tally and facts)."""

    def __init__(self, game: Game, state: Any, decision: Decision, seed: int, playouts: Playouts | None) -> None:
        self.game = game
        self.state = state
        self.seat = decision.seat
        self.base = derive_seed(seed, "search")
        self.here = Samples(game, state, self.seat, self.base)
        self.playouts = playouts
        self.bits: dict[str, list[bool]] = {o.key: [] for o in decision.options}
        self.tallies: dict[str, _Tally] = {o.key: _Tally() for o in decision.options}
        self.facts: dict[str, list[dict[str, float]]] = {o.key: [] for o in decision.options}
        self.spent = 0

    def sample(self, i: int) -> Any:
        return self.here.sample(i)

    def fill(self, keys: list[str], upto: int) -> None:
        """Every option of `keys` played out on each sample below `upto` it has not met yet."""
        jobs = [(key, i) for key in keys for i in range(len(self.bits[key]), upto)]
        if self.playouts is None or len(jobs) < 2:
            ended = [self.here.play(key, i) for key, i in jobs]
        else:
            ended = self.playouts(self.game, self.state, self.seat, self.base, jobs)
        for (key, _), p in zip(jobs, ended, strict=True):
            self.bits[key].append(p.won)
            self.facts[key].append(p.facts)
            self.tallies[key].add(p.won, p.value, p.facts, p.steps)
            self.spent += 1 + p.steps

    def fact_gaps(self, a: str, b: str, z: float) -> dict[str, Gap]:
        """Each fact's paired difference, option a minus option b, over the samples both met."""
        mine, theirs = self.facts[a], self.facts[b]
        names = mine[0].keys() if mine else ()
        return {
            name: mean_gap([f.get(name, 0.0) for f in mine], [f.get(name, 0.0) for f in theirs], z) for name in names
        }


PICK = "\x00pick"
"""`keep` for the shipped policy's own pick, whatever it is (the automa keeps it unless another is clearly better)."""


def race(
    game: Game,
    state: Any,
    decision: Decision,
    budget: Race,
    seed: int,
    keep: str | None = None,
    playouts: Playouts | None = None,
) -> Verdict:
    """Every option of `decision` for decision.seat, raced (see the module's docstring). `keep`: the option
    the caller cares about (the choice made, or PICK: the shipped policy's pick); the race then stops once it
    is shown clearly worse, or once nothing left can beat it by more than the margin. `playouts`: how to play
    each round's playouts (play_here by default). Deterministic for (seed, budget) unless budget.seconds is
    set, whatever plays the playouts."""
    options = decision.options
    order = {o.key: n for n, o in enumerate(options)}
    pool = _Pool(game, state, decision, seed, playouts)
    policy = game.policies[game.default_policy]
    favourite = policy(game.view(pool.sample(0), decision.seat), decision, pick_rng(pool.base))
    keep = favourite if keep == PICK else keep
    live = [o.key for o in options]
    out: list[str] = []  # clearly worse than a leader (they come back if the leader falls behind)
    deadline = None if budget.seconds is None else time.process_time() + budget.seconds
    look, n, settled = max(1, budget.first), 0, False
    cap, most, first = budget.steps, budget.most, True
    while True:
        n += 1
        pool.fill(live, n)
        spent = (cap is not None and pool.spent >= cap) or n >= most
        spent = spent or (deadline is not None and time.process_time() >= deadline)
        if n < look and not spent:
            continue
        leader = _leader(pool, live, favourite, order)
        live, out = _judge(pool, leader, live, out, budget.z)
        if keep is not None and keep in live:
            live = _narrowed(pool, live, keep, favourite, order, budget, first)
        first = False
        settled = _settled(pool, live, out, leader, keep, budget)
        if spent and not settled and _suspect(pool, live, leader, keep, budget) and budget.extend > 1:
            cap = None if cap is None else cap * budget.extend  # once: a close call on the kept option
            most, spent = most * budget.extend, False
            budget = msgspec.structs.replace(budget, extend=1)
        if settled or spent:
            break
        look = max(look + 1, math.ceil(look * budget.growth))
    return _verdict(pool, options, live, favourite, order, budget.z, settled)


def _suspect(pool: _Pool, live: list[str], leader: str, keep: str | None, budget: Race) -> bool:
    """Whether the kept option looks worse than the leader by `suspect` or more without being shown so: a call
    the budget left open, where more samples decide something."""
    if keep is None or keep not in live or keep == leader:
        return False
    return gap(pool.bits[leader], pool.bits[keep], budget.z).diff >= budget.suspect


def _narrowed(
    pool: _Pool, live: list[str], keep: str, favourite: str, order: dict[str, int], budget: Race, first: bool
) -> list[str]:
    """The options still worth sampling beside the kept one: after the first look only the `finalists` best
    (all where 0); with `futile`, only those still ahead of it. The rest are set aside, neither in nor out: the
    verdict places them by their paired interval with the top."""
    others = [k for k in live if k != keep]
    if first and budget.finalists:  # the best others, and the heuristic's pick, often the best of all
        best = sorted(others, key=lambda k: _rank(pool, k, favourite, order))[: budget.finalists]
        others = [k for k in others if k in best or k == favourite]
    if budget.futile:
        mine = pool.bits[keep]
        others = [k for k in others if gap(pool.bits[k], mine, budget.z).diff > 0]
    return [k for k in live if k == keep or k in others]
def _rank(pool: _Pool, key: str, favourite: str, order: dict[str, int]) -> tuple[float, float, bool, int]:
    """An option's place, best first: the higher win rate, the higher count goal, the shipped pick, the
    decision's order."""
    e = pool.tallies[key]
    rate = e.wins / e.plays if e.plays else 0.0
    goal = e.value / e.valued if e.valued else 0.0
    return -rate, -goal, key != favourite, order[key]


def _leader(pool: _Pool, live: list[str], favourite: str, order: dict[str, int]) -> str:
    """The live option that leads among those played on the most samples (an option catching up is not yet
    comparable on its rate)."""
    most = max(len(pool.bits[k]) for k in live)
    return min((k for k in live if len(pool.bits[k]) == most), key=lambda k: _rank(pool, k, favourite, order))


def _judge(pool: _Pool, leader: str, live: list[str], out: list[str], z: float) -> tuple[list[str], list[str]]:
    """The options still live and those clearly worse, against `leader`: a live option whose paired interval
    with the leader lies wholly below it drops out; one that dropped out against an earlier leader and is not
    clearly worse than this one comes back (it catches up on the samples it missed)."""
    lead = pool.bits[leader]
    dropped = [k for k in live if k != leader and gap(lead, pool.bits[k], z).clear]
    back = [k for k in out if not gap(lead, pool.bits[k], z).clear]
    return [k for k in live if k not in dropped] + back, [k for k in out if k not in back] + dropped


def _settled(pool: _Pool, live: list[str], out: list[str], leader: str, keep: str | None, budget: Race) -> bool:
    """Whether the race has nothing left to decide: one option left; the kept one shown clearly worse; or every
    other live option shown within the margin of the subject (the kept option, else the leader)."""
    if len(live) <= 1 or (keep is not None and keep in out):
        return True
    subject = keep if keep is not None and keep in live else leader
    mine = pool.bits[subject]
    for k in live:
        if k == subject:
            continue
        g = gap(pool.bits[k], mine, budget.z)
        if g.n < len(mine) or g.high >= budget.margin or g.low <= -budget.margin:
            return False
    return True


def _verdict(
    pool: _Pool,
    options: Sequence[Any],
    live: list[str],
    favourite: str,
    order: dict[str, int],
    z: float,
    settled: bool,
) -> Verdict:
    """The standings: the top (the leader of the live options), the rest of the best group, the clearly worse.
    Every option not live is placed by its paired interval with the top, so the groups hold whatever set it
    aside: an option is clearly worse exactly when that interval lies wholly above zero."""
    label = {o.key: o.label for o in options}
    top = _leader(pool, live, favourite, order)
    lead = pool.bits[top]
    gaps = {o.key: gap(lead, pool.bits[o.key], z) for o in options if o.key != top}
    best = sorted((k for k in gaps if not gaps[k].clear), key=lambda k: _rank(pool, k, favourite, order))
    worse = sorted((k for k in gaps if gaps[k].clear), key=lambda k: _rank(pool, k, favourite, order))

    def standing(key: str) -> Standing:
        e = pool.tallies[key].estimate(key, label[key])
        if key == top:
            return Standing(e, None, False)
        return Standing(e, gaps[key], gaps[key].clear, pool.fact_gaps(top, key, z))

    standings = [standing(k) for k in [top, *best, *worse]]
    return Verdict(standings, max(len(b) for b in pool.bits.values()), settled, favourite, pool.spent)


def choose(
    game: Game, state: Any, decision: Decision, budget: Race, seed: int, playouts: Playouts | None = None
) -> str:
    """The automa's choice: the shipped policy's pick unless the race shows another option clearly better; then
    the race's top. A decision with one option is answered without a race."""
    if len(decision.options) == 1:
        return decision.options[0].key
    verdict = race(game, state, decision, budget, seed, keep=PICK, playouts=playouts)
    return verdict.favourite if verdict.favourite in verdict.best else verdict.top.estimate.key
