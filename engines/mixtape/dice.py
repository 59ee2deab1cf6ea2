"""The action dice both Mixtape games roll: every sorted roll with its exact chance, and triples.

Built on engines.core.dice.roll_distribution, so the counting lives in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import cast

from engines.core.dice import of_a_kind, roll_distribution
from engines.core.rng import Rng


@cache
def rolls(faces: tuple[str, ...], n: int) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every sorted roll of n dice with these faces, with its chance."""
    dist = roll_distribution(n, lambda roll: tuple(sorted(roll)), faces)
    return tuple((cast(tuple[str, ...], roll), p) for roll, p in dist.items())


def triple(roll: Sequence[str]) -> str:
    """The icon of a triple (three dice showing the same face), or ''."""
    return roll[0] if len(roll) == 3 and of_a_kind(roll) == 3 else ""


def roll_action(rng: Rng, faces: Sequence[str], n: int) -> list[str]:
    """`n` Action Dice with these faces, sorted: both games' action roll. With six faces, `d6s` draws exactly
    what `choice` would (the same PCG32 draws, the same rejection of the top of the range), only faster."""
    if len(faces) == 6:
        return sorted([faces[d - 1] for d in rng.d6s(n)])
    return sorted([rng.choice(faces) for _ in range(n)])
