"""Exact odds of the rolls she chooses: each result line of a Horror Roll, with and without converting 3-4s,
and where a panic sends its Victims. The dice counted are the engine's own (`rolling.dice_count`,
`victims.panic_dice`), so the odds shown are always those of the roll that follows."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from engines.core.dice import roll_distribution
from engines.final_girl import data as D
from engines.final_girl.cards import name
from engines.final_girl.keys import Key
from engines.final_girl.rolling import PARTIAL, dice_count, success_from, successes
from engines.final_girl.state import State

Lines = tuple[Fraction, Fraction, Fraction]
"""(P(fail), P(one), P(two+))."""


@cache
def lines(dice: int, improvised: bool, convertible: int) -> Lines:
    """(P(fail), P(one), P(two+)) for a roll of `dice`, turning up to `convertible` 3-4s into successes."""
    threshold = success_from(improvised)

    def outcome(faces: tuple[int, ...]) -> int:
        hits = sum(1 for f in faces if f >= threshold)
        partial = sum(1 for f in faces if PARTIAL <= f < threshold)
        return min(2, hits + min(partial, convertible))

    dist = roll_distribution(dice, outcome)
    return dist.get(0, Fraction(0)), dist.get(1, Fraction(0)), dist.get(2, Fraction(0))


def card_odds(state: State, key: str) -> tuple[str, int, Lines, Lines] | None:
    """For a 'play' or 'react' key: (card name, dice, odds as rolled, odds converting with the rest of the hand)."""
    k = _key(key)
    if k is None or k.verb not in ("play", "react") or k.card not in D.ACTIONS:
        return None
    dice = dice_count(state, k.trap)  # the engine's own count: what `start_roll` will roll
    improvised = state.improvise != ""
    spare = (len(state.hand) - 1) // D.RULES["discard_pair"]
    return name(k.card), dice, lines(dice, improvised, 0), lines(dice, improvised, spare)


def choice_odds(state: State, key: str) -> Lines | None:
    """For an option of a pending Horror Roll: (P(fail), P(one), P(two+)) right after that choice, before
    any further conversion. Accepting and converting are certain; a Close Call re-rolls one die or all."""
    roll = state.roll
    if not roll:
        return None
    threshold = success_from(roll["improvised"])
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


def panic_destinations(space: str, dice: int) -> dict[str, Fraction]:
    """Where a panic of `dice` dice from a space sends its Victims, with the chance of each ('' = they stay):
    the space's one-die table, or its two-dice one read by the sum."""
    spec = D.SPACES[space]
    out: dict[str, Fraction] = {}
    if dice == D.RULES["panic_dice_pit"]:
        table = spec["panic2"]
        for a in range(1, 7):
            for b in range(1, 7):
                to = table[a + b - 2]
                out[to] = out.get(to, Fraction(0)) + Fraction(1, 36)
    else:
        for to in spec["panic"]:
            out[to] = out.get(to, Fraction(0)) + Fraction(1, 6)
    return out


def _certain(hits: int) -> Lines:
    one, zero = Fraction(1), Fraction(0)
    return (one, zero, zero) if hits <= 0 else (zero, one, zero) if hits == 1 else (zero, zero, one)


def _key(text: str) -> Key | None:
    try:
        return Key.parse(text)
    except ValueError:
        return None
