"""Exact odds of Horror Rolls: the chance of each result line, with and without converting 3-4s."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from engines.core.dice import roll_distribution
from engines.final_girl import data as D
from engines.final_girl.cards import name
from engines.final_girl.keys import Key
from engines.final_girl.rolling import dice_count, successes
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
    k = _key(key)
    if k is None or k.verb not in ("play", "react") or k.card not in D.ACTIONS:
        return None
    dice = dice_count(state, k.trap)  # the engine's own count: what `start_roll` will roll
    improvised = state.improvise != ""
    spare = (len(state.hand) - 1) // D.RULES["discard_pair"]
    return name(k.card), dice, lines(dice, improvised, 0), lines(dice, improvised, spare)


def choice_odds(state: State, key: str) -> tuple[Fraction, Fraction, Fraction] | None:
    """For an option of a pending Horror Roll: (P(fail), P(one), P(two+)) right after that choice, before
    any further conversion. Accepting and converting are certain; a Close Call re-rolls one die or all."""
    roll = state.roll
    if not roll:
        return None
    threshold = 3 if roll["improvised"] else 5
    now = successes(roll)
    k = _key(key)
    if k is None:
        return None
    if k.verb in ("accept", "convert"):
        return _certain(now + (k.verb == "convert"))
    if k.verb != "closecall":
        return None
    if k.every:
        return lines(len(roll["dice"]), roll["improvised"], 0)
    i = k.number
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


def _key(text: str) -> Key | None:
    try:
        return Key.parse(text)
    except ValueError:
        return None
