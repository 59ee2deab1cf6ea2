"""The action dice both Mixtape games roll: every sorted roll with its exact chance, and triples.

Built on engines.core.dice.roll_distribution, so the counting lives in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import cast

from engines.core.dice import of_a_kind, roll_distribution


@cache
def rolls(faces: tuple[str, ...], n: int) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every sorted roll of n dice with these faces, with its chance."""
    dist = roll_distribution(n, lambda roll: tuple(sorted(roll)), faces)
    return tuple((cast(tuple[str, ...], roll), p) for roll, p in dist.items())


def triple(roll: Sequence[str]) -> str:
    """The icon of a triple (three dice showing the same face), or ''."""
    return roll[0] if len(roll) == 3 and of_a_kind(roll) == 3 else ""
