"""Exact chances of action-dice rolls (three dice, each face an Action, a Shield or an Escape), read the way the
engine reads them (readings.read), unique combos included, and of scuffles."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from engines.mixtape import dice
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.readings import read


def rolls() -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every sorted roll of the action dice with its chance."""
    return dice.rolls(tuple(R.ACTION_FACES), R.ACTION_DICE)


@cache
def reach(icon: str, need: int, bonus: int = 0) -> Fraction:
    """The chance of at least `need` of `icon` with `bonus` added (no combos: a plain count)."""
    return sum((p for roll, p in rolls() if roll.count(icon) + bonus >= need), Fraction(0))


@cache
def outcomes(
    purpose: str, need: int, escape: int = 0, armed: bool = True, bonus: tuple[int, int, int] = (0, 0, 0)
) -> dict[str, Fraction]:
    """Result -> chance for one roll; bonus is (Actions, Shields, Escapes) added from supplies and abilities."""
    out: dict[str, Fraction] = {}
    icons = (R.ACTION, R.SHIELD, R.ESCAPE)
    for roll, p in rolls():
        count = {icon: roll.count(icon) + b for icon, b in zip(icons, bonus, strict=True)}
        result = read(purpose, roll, count, need, escape, armed)
        out[result] = out.get(result, Fraction(0)) + p
    return out


@cache
def fight(
    defeat: int, escape: int, armed: bool, actions: int = 0, escapes: int = 0, shields: int = 0
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """(defeat, drive off, escape, fail) chances of a fight with a Slasher; escape 0 means only a combo gets
    you out. Defeat includes the triple-Action slay, escape the triple-Escape flight."""
    o = outcomes("fight", defeat, escape, armed, (actions, shields, escapes))
    z = Fraction(0)
    win = o.get("defeat", z) + o.get("slay", z)
    run = o.get("escape", z) + o.get("flee", z)
    repel = o.get("repel", z)
    return win, repel, run, 1 - win - repel - run


@cache
def scuffle_round() -> tuple[Fraction, Fraction, Fraction, Fraction, Fraction]:
    """One roll of a scuffle from the mover's side: (win by triple, win by Actions, lose by triple, lose by
    Actions, tie). Same reading as the engine's scuffle_round."""
    from engines.mixtape.tall_oaks.scuffles import scuffle_round as r

    wt = wa = lt = la = tie = Fraction(0)
    for mine, p in rolls():
        for theirs, q in rolls():
            who, how = r(list(mine), list(theirs))
            pq = p * q
            if who < 0:
                tie += pq
            elif who == 0 and how == "triple":
                wt += pq
            elif who == 0:
                wa += pq
            elif how == "triple":
                lt += pq
            else:
                la += pq
    return wt, wa, lt, la, tie


@cache
def scuffle() -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """A whole scuffle, ties rolled again until someone wins (rulebook: "Ties are unacceptable"): (win by
    triple, win by Actions, lose by triple, lose by Actions), summing to 1."""
    wt, wa, lt, la, tie = scuffle_round()
    go = 1 / (1 - tie)
    return wt * go, wa * go, lt * go, la * go
