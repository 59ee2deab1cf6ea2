"""Exact chances of action-dice rolls (three dice, each face an Action, a Shield or an Escape), read the way the
engine reads them (readings.read), unique combos included, and of scuffles."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from engines.mixtape import dice
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.readings import read
from engines.mixtape.tall_oaks.state import View


def dice_count() -> int:
    """How many Action Dice a roll rolls: the engine rolls this many (spending.action_dice), the odds count them."""
    return R.ACTION_DICE


def rolls() -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every sorted roll of the action dice with its chance."""
    return dice.rolls(tuple(R.ACTION_FACES), dice_count())


def roll_sums(name: str, chosen: Mapping[str, int]) -> tuple[dict[str, int], int]:
    """Icon -> what the supplies spent (card -> tokens) and the survivor's ability add to an action roll, and the
    noise the supplies make (before any quieter ability): the sums the engine rolls with (spending.roll_action)."""
    bonus = {R.ACTION: 0, R.SHIELD: 0, R.ESCAPE: 0}
    noise = 0
    for c, n in chosen.items():
        kind = R.supply(c)
        bonus[kind.kind] += kind.amount * n
        noise += kind.noise * n
    icon, gift = A.roll_bonus(name)  # Derrick's Shield, Kimmy's Escape
    if icon:
        bonus[icon] += gift
    return bonus, noise


def roll_bonus(name: str, purpose: str, chosen: Mapping[str, int]) -> tuple[int, int, int, int]:
    """(Actions, Shields, Escapes, noise) an action roll gets from the supplies spent and the survivor's
    ability, the noise as the meter takes it (none in a fight; a quieter ability counted): what a view offers
    its screens, so they never add the bonus up themselves."""
    bonus, noise = roll_sums(name, chosen)
    made = 0 if purpose == "fight" else A.quieter(name, noise)
    return bonus[R.ACTION], bonus[R.SHIELD], bonus[R.ESCAPE], made


def seat_bonus(view: View, purpose: str, tokens: bool) -> tuple[int, int, int]:
    """The seat's (Actions, Shields, Escapes) for a kind of roll: its ability alone, or with every token that
    helps (the view's `most`)."""
    x = next(o for o in view.survivors if o.seat == view.seat)
    a, s, e, _ = view.most.get(purpose, (0, 0, 0, 0)) if tokens else roll_bonus(x.name, purpose, {})
    return a, s, e


class SpendOffer(NamedTuple):
    """One spend the engine offers before a roll: its key, the dice rolled, and (Actions, Shields, Escapes,
    noise) it adds."""

    key: str
    dice: int
    bonus: tuple[int, int, int, int]


def spend_offers(view: View) -> list[SpendOffer]:
    """Every spend of the spender's pending decision, in the view's order (empty for anyone else's view)."""
    n = dice_count()
    return [SpendOffer(key, n, bonus) for key, bonus in view.spends.items()]


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
