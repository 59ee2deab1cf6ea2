"""Exact odds of Horror Rolls: the chance of each result line, with and without converting 3-4s."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from engines.core.dice import roll_distribution
from engines.final_girl import actions as A
from engines.final_girl import data as D
from engines.final_girl.state import State


@cache
def lines(dice: int, improvised: bool, convertible: int) -> tuple[Fraction, Fraction, Fraction]:
    """(P(fail), P(one), P(two+)) for a roll of `dice`, turning up to `convertible` 3-4s into successes."""
    threshold = 3 if improvised else 5

    def outcome(faces: tuple) -> int:
        hits = sum(1 for f in faces if f >= threshold)
        partial = sum(1 for f in faces if 3 <= f < threshold)
        return min(2, hits + min(partial, convertible))

    dist = roll_distribution(dice, outcome)
    return dist.get(0, Fraction(0)), dist.get(1, Fraction(0)), dist.get(2, Fraction(0))


def card_odds(state: State, key: str) -> tuple[str, int, tuple[Fraction, ...], tuple[Fraction, ...]] | None:
    """For a 'play:' or 'react:' key: (card name, dice, odds as rolled, odds converting with the rest of the hand)."""
    parts = key.split(":")
    if parts[0] not in ("play", "react") or len(parts) < 2 or parts[1] not in D.ACTIONS:
        return None
    trap = int(parts[3]) if len(parts) == 4 and parts[2] == "trap" else 0
    dice = A.dice_count(state, trap)
    improvised = state.improvise != ""
    spare = (len(state.hand) - 1) // D.RULES["discard_pair"]
    return A.name(parts[1]), dice, lines(dice, improvised, 0), lines(dice, improvised, spare)


def choice_odds(state: State, key: str) -> tuple[Fraction, Fraction, Fraction] | None:
    """For an option of a pending Horror Roll: (P(fail), P(one), P(two+)) right after that choice, before
    any further conversion. Accepting and converting are certain; a Close Call re-rolls one die or all."""
    roll = state.roll
    if not roll:
        return None
    threshold = 3 if roll["improvised"] else 5
    now = A.successes(roll)
    parts = key.split(":")
    if parts[0] in ("accept", "convert"):
        return _certain(now + (parts[0] == "convert"))
    if parts[0] != "closecall" or len(parts) != 2:
        return None
    if parts[1] == "all":
        return lines(len(roll["dice"]), roll["improvised"], 0)
    i = int(parts[1])
    if not 0 <= i < len(roll["dice"]):
        return None
    rest = now - (roll["dice"][i] >= threshold or i in roll["converted"])
    hit = Fraction(7 - threshold, 6)
    if rest >= 2:
        return _certain(2)
    if rest == 1:
        return Fraction(0), 1 - hit, hit
    return 1 - hit, hit, Fraction(0)


def _certain(hits: int) -> tuple[Fraction, Fraction, Fraction]:
    one, zero = Fraction(1), Fraction(0)
    return (one, zero, zero) if hits <= 0 else (zero, one, zero) if hits == 1 else (zero, zero, one)
