"""Dice: rolling with the game's RNG, and the exact distribution of what a roll counts.

Distributions are dicts from a count to a Fraction, so odds shown to the player are exact, not sampled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

from engines.core.rng import Rng

Distribution = dict[int, Fraction]

D6: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


def roll(rng: Rng, n: int, faces: Sequence[Hashable] = D6) -> list[Any]:
    """Roll n dice with the given faces."""
    if faces is D6:
        return rng.d6s(n)
    return [faces[rng.below(len(faces))] for _ in range(n)]


def count_at_least(values: Sequence[int], threshold: int) -> int:
    """How many dice show threshold or more (a 'success' on most cards)."""
    return len([v for v in values if v >= threshold])


def face_chance(counts: Callable[[Hashable], int], faces: Sequence[Hashable] = D6) -> Distribution:
    """The distribution of what one die counts, e.g. 1 for a success face and 0 otherwise."""
    dist: Distribution = {}
    share = Fraction(1, len(faces))
    for face in faces:
        k = counts(face)
        dist[k] = dist.get(k, Fraction(0)) + share
    return dist


def convolve(a: Distribution, b: Distribution) -> Distribution:
    """The distribution of the sum of two independent counts."""
    out: Distribution = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


def sum_distribution(n: int, one: Distribution) -> Distribution:
    """What n independent dice count in total, each distributed as `one`."""
    out: Distribution = {0: Fraction(1)}
    for _ in range(n):
        out = convolve(out, one)
    return out


@lru_cache(maxsize=256)
def successes_distribution(n: int, threshold: int, sides: int = 6) -> tuple[tuple[int, Fraction], ...]:
    """Exact distribution of the number of dice at or above threshold among n fair dice (a binomial).

    Returned as a tuple of (count, probability) pairs so it can be cached; use dict() on it.
    """
    p = Fraction(max(0, sides - threshold + 1), sides)
    one = {1: p, 0: 1 - p} if 0 < p < 1 else {1 if p else 0: Fraction(1)}
    return tuple(sorted(sum_distribution(n, one).items()))


def shift(dist: Distribution, bonus: int) -> Distribution:
    """Add a flat bonus (an item, a token) to every outcome."""
    return {k + bonus: p for k, p in dist.items()}


def cap(dist: Distribution, most: int) -> Distribution:
    """Outcomes above `most` count as `most` (kills beyond the targets present, say)."""
    out: Distribution = {}
    for k, p in dist.items():
        c = min(k, most)
        out[c] = out.get(c, Fraction(0)) + p
    return out


def at_least(dist: Distribution, k: int) -> Fraction:
    return sum((p for x, p in dist.items() if x >= k), Fraction(0))


def mean(dist: Distribution) -> Fraction:
    return sum((x * p for x, p in dist.items()), Fraction(0))


def roll_distribution(
    n: int, evaluate: Callable[[tuple[Any, ...]], Hashable], faces: Sequence[Hashable] = D6
) -> dict[Hashable, Fraction]:
    """The exact distribution of any function of a roll of n dice (a combo, a best face, a pair of counts).

    Walks the distinct multisets of faces (126 for 4d6, 462 for 6d6) with their multinomial weights, so
    `evaluate` sees each sorted roll once. Use it for what binomials cannot say: triples, straights, "two
    knives and a fist".
    """
    out: dict[Hashable, Fraction] = {}
    total = len(faces) ** n
    for roll_ in combinations_with_replacement(range(len(faces)), n):
        ways = factorial(n) // prod(factorial(c) for c in Counter(roll_).values())
        key = evaluate(tuple(faces[i] for i in roll_))
        out[key] = out.get(key, Fraction(0)) + Fraction(ways, total)
    return out


def of_a_kind(values: Sequence[Hashable]) -> int:
    """The size of the largest group of equal faces (3 for a triple)."""
    return max(Counter(values).values()) if values else 0
