"""Exact chances of action-dice rolls: three dice, each face an Action, a Shield or an Escape."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from engines.mixtape import dice
from engines.mixtape.dice import triple
from engines.mixtape.tall_oaks import rules_data as R


def rolls() -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every sorted roll of the action dice with its chance."""
    return dice.rolls(tuple(R.ACTION_FACES), R.ACTION_DICE)


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
