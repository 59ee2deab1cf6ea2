"""Exact odds of the rolls she chooses: each result line of a Horror Roll, with and without converting 3-4s,
and where a panic sends its Victims. The dice counted are the engine's own (`rolling.dice_count`,
`victims.panic_dice`), and each roll is read as the engine reads it (`rolling.successes` and `line_for` for a
Horror Roll, `victims.panic_to` for a panic), so the odds shown are always those of the roll that follows."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from engines.core.dice import roll_distribution
from engines.final_girl import data as D
from engines.final_girl.cards import name
from engines.final_girl.keys import Key
from engines.final_girl.rolling import PARTIAL, dice_count, line_for, success_from, successes
from engines.final_girl.state import State
from engines.final_girl.victims import panic_to

Lines = tuple[Fraction, Fraction, Fraction]
"""(P(fail), P(one), P(two+))."""


LINES = ("fail", "one", "two")
"""A Horror Roll's result lines (`rolling.line_for`), in the order of `Lines`."""


def line_of(dice: Sequence[int], improvised: bool, converted: Sequence[int] = ()) -> int:
    """The result line a roll reaches as the engine resolves it (0 fail, 1 one, 2 two+): `rolling.successes` of
    these dice, the dice at `converted` made successes, read by `rolling.line_for`."""
    hits = successes({"dice": list(dice), "improvised": improvised, "converted": list(converted)})
    return LINES.index(line_for(hits))


@cache
def lines(dice: int, improvised: bool, convertible: int) -> Lines:
    """(P(fail), P(one), P(two+)) for a roll of `dice`, turning up to `convertible` 3-4s into successes."""
    threshold = success_from(improvised)

    def outcome(faces: tuple[int, ...]) -> int:
        partials = [i for i, f in enumerate(faces) if PARTIAL <= f < threshold]
        return line_of(faces, improvised, partials[:convertible])

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
    out = [Fraction(0)] * 3
    for face in range(1, 7):
        out[after_closecall(roll, i, face)] += Fraction(1, 6)
    return out[0], out[1], out[2]


def after_closecall(roll: dict[str, Any], i: int, face: int) -> int:
    """The line a pending roll reaches once Close Call re-rolls die `i` to `face`: the other dice stand, and a
    die made a success with two cards loses that when it is re-rolled (`rolling.do_roll_choice`)."""
    dice = [face if j == i else d for j, d in enumerate(roll["dice"])]
    return line_of(dice, roll["improvised"], [j for j in roll["converted"] if j != i])


def panic_destinations(space: str, dice: int) -> dict[str, Fraction]:
    """Where a panic of `dice` dice from a space sends its Victims, with the chance of each ('' = they stay):
    every roll of the dice read by `victims.panic_to`."""
    out: dict[str, Fraction] = {}
    for roll in itertools.product(range(1, 7), repeat=dice):
        to = panic_dst(space, roll)
        out[to] = out.get(to, Fraction(0)) + Fraction(1, 6**dice)
    return out


def panic_dst(space: str, roll: Sequence[int]) -> str:
    """Where one panic roll from a space sends its Victims, as the engine reads it (`victims.panic_to`)."""
    return panic_to(D.SPACES[space], list(roll))


def _certain(hits: int) -> Lines:
    """The line these successes reach, for certain (`rolling.line_for`)."""
    out = [Fraction(0)] * 3
    out[LINES.index(line_for(hits))] = Fraction(1)
    return out[0], out[1], out[2]


def _key(text: str) -> Key | None:
    try:
        return Key.parse(text)
    except ValueError:
        return None
