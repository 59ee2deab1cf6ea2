"""What one turn's dice can do: the exact joint distribution of kills, boards and repairs for a split.

Shared by `odds` (shown to the player as exact fractions) and by the policies and the solver (as floats).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from engines.core import dice
from engines.escape_of_the_dead import rules_data as R

Joint = tuple[tuple[int, int, int, Fraction], ...]


@cache
def joint(split: tuple[int, int, int]) -> Joint:
    """(lawn hits, barricade hits, garage hits, probability) for every result of rolling the split.

    Hits are raw dice successes; what they do (kills capped by the zombies present, boards capped at the
    card's maximum, repairs capped at 100%) depends on the state and is applied by the caller.
    """
    lawn = dice.successes_distribution(split[0], R.LAWN_HIT)
    barricade = dice.successes_distribution(split[1], R.BARRICADE_HIT)
    garage = dice.successes_distribution(split[2], R.GARAGE_HIT)
    return tuple((hl, hb, hg, pl * pb * pg) for hl, pl in lawn for hb, pb in barricade for hg, pg in garage)


@cache
def joint_float(split: tuple[int, int, int]) -> tuple[tuple[int, int, int, float], ...]:
    return tuple((hl, hb, hg, float(p)) for hl, hb, hg, p in joint(split))
