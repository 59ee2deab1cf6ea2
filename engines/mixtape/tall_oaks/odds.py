"""Exact chances of action-dice rolls: three dice, each face an Action, a Shield or an Escape."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

from engines.mixtape.tall_oaks import rules_data as R


@cache
def rolls() -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every sorted roll of the action dice with its chance."""
    faces = R.ACTION_FACES
    share = Fraction(1, len(faces) ** R.ACTION_DICE)
    counts: dict[tuple[str, ...], Fraction] = {}
    for roll in product(faces, repeat=R.ACTION_DICE):
        key = tuple(sorted(roll))
        counts[key] = counts.get(key, Fraction(0)) + share
    return tuple(counts.items())


def triple(roll: tuple[str, ...] | list[str]) -> str:
    """The icon of a triple, or ''."""
    return roll[0] if len(roll) == 3 and roll[0] == roll[1] == roll[2] else ""


@cache
def reach(icon: str, need: int, bonus: int = 0) -> Fraction:
    """The chance of at least `need` of `icon` with `bonus` added from supplies."""
    return sum((p for roll, p in rolls() if roll.count(icon) + bonus >= need), Fraction(0))


@cache
def fight(defeat: int, escape: int, armed: bool, actions: int = 0, escapes: int = 0) -> tuple[Fraction, ...]:
    """(defeat, escape, fail) chances of a fight with a Slasher; escape 0 means only Triple Escapes."""
    win = run = Fraction(0)
    for roll, p in rolls():
        if triple(roll) == R.ESCAPE:
            run += p
        elif armed and roll.count(R.ACTION) + actions >= defeat:
            win += p
        elif escape and roll.count(R.ESCAPE) + escapes >= escape:
            run += p
    return win, run, 1 - win - run
