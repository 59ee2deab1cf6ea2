"""Exact chances of action-dice rolls: three dice, each face a knife, a fist or a pentagram."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import NamedTuple

from engines.mixtape import dice
from engines.mixtape.dice import triple
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import State


def dice_count() -> int:
    """How many Action Dice every action roll rolls: the engine rolls this many, and the odds count them."""
    return R.ACTION_DICE


def supply_bonus(card: str, tokens: int, purpose: str) -> tuple[int, int, int]:
    """(knives, fists, noise) that spending `tokens` of the supply `card` adds to a roll for `purpose`: the sums
    the engine rolls with (spending.spend) and the odds are offered with."""
    if not tokens:
        return 0, 0, 0
    kind = R.supply(card)
    bonus = tokens * kind.amount
    knives, fists = (bonus, 0) if kind.kind == "knife" else (0, bonus)
    # Rulebook: noisy weapons do not raise the meter in a fight with the Hero.
    noise = 0 if purpose == "hero" else tokens * kind.noise
    return knives, fists, noise


class SpendOffer(NamedTuple):
    """One spend the engine offers before a roll: its key, the tokens, the dice rolled, and what they add."""

    key: str
    tokens: int
    dice: int
    knives: int
    fists: int
    noise: int


def spend_offers(state: State) -> list[SpendOffer]:
    """Every spend of the pending SPEND decision, 0 tokens first, with the dice and bonus the roll will have."""
    from engines.mixtape.directors_cut import keys, spending

    s = state.slashers[state.spender]
    n_dice = dice_count()
    return [
        SpendOffer(keys.spend(n), n, n_dice, *supply_bonus(s.supply, n, state.purpose))
        for n in spending.helpful(state)
    ]


def pending_chances(state: State, knives: int, fists: int) -> tuple[Fraction, ...] | None:
    """The chance of each way the pending roll (not a brawl) can end, with these knives and fists from the
    spender's supply: what decides whether a spend can help (spending.helpful). None for a brawl, whose knives
    past a win still count (six or more cost the loser more)."""
    p = state.purpose
    if p == "brawl":
        return None
    if p == "kill":  # knives waiting (The Legend, a Bonus Tracks card) join the roll
        return (kill_chance(R.SCENES[state.card].knives, knives + state.slashers[state.spender].edge),)
    if p == "defend":
        return (defend_chance(R.SCENES[state.card].fists, fists),)
    if p == "survivor":
        return (reach(R.FIST, R.SCENES[state.card].fists, fists),)
    if p == "unlock":
        lock = state.locks.get(state.slashers[state.spender].at, "yellow")
        return (unlock_chance(R.UNLOCK_KNIVES[lock], knives),)
    hero = R.hero_now(state.hero, state.wolf)
    return hero_chances(hero.defeat, hero.defend, knives, fists)


def _rolls() -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    return dice.rolls(tuple(R.ACTION_FACES), dice_count())


@cache
def kill_chance(need: int, knives: int = 0) -> Fraction:
    """A kill: enough knives with the supply's, or triple knives or pentagrams (a triple of fists redraws,
    counted here as not a kill)."""
    return sum(
        (
            p
            for roll, p in _rolls()
            if triple(roll) in (R.KNIFE, R.PENTAGRAM)
            or (triple(roll) != R.FIST and roll.count(R.KNIFE) + knives >= need)
        ),
        Fraction(0),
    )


@cache
def defend_chance(need: int, fists: int = 0) -> Fraction:
    """Defending a scene: enough fists; triple knives or pentagrams always fail, triple fists always win."""
    return sum(
        (
            p
            for roll, p in _rolls()
            if triple(roll) == R.FIST or (triple(roll) == "" and roll.count(R.FIST) + fists >= need)
        ),
        Fraction(0),
    )


@cache
def reach(icon: str, need: int, bonus: int = 0) -> Fraction:
    """At least `need` of `icon` with `bonus` added, triples counting as their icons only."""
    return sum((p for roll, p in _rolls() if roll.count(icon) + bonus >= need), Fraction(0))


@cache
def survivor_chance(fists: int = 0) -> Fraction:
    return sum((p for roll, p in _rolls() if roll.count(R.FIST) + fists >= 2), Fraction(0))


@cache
def unlock_chance(need: int, knives: int = 0) -> Fraction:
    return sum((p for roll, p in _rolls() if roll.count(R.KNIFE) + knives >= need), Fraction(0))


@cache
def hero_chances(defeat: int, defend: int, knives: int = 0, fists: int = 0) -> tuple[Fraction, Fraction]:
    """(defeat the Hero, fend the Hero off) in one roll; the rest is a defeat for the slasher."""
    win = Fraction(0)
    fend = Fraction(0)
    for roll, p in _rolls():
        t = triple(roll)
        if t in (R.KNIFE, R.PENTAGRAM) or roll.count(R.KNIFE) + knives >= defeat:
            win += p
        elif t == R.FIST or roll.count(R.FIST) + fists >= defend:
            fend += p
    return win, fend


@cache
def brawl_round(mine: int, theirs: int, first: bool = True) -> tuple[Fraction, Fraction]:
    """(win, lose) for one brawl round with these supply knives; the rest is a tie and another round."""
    win = Fraction(0)
    lose = Fraction(0)
    for a, pa in _rolls():
        for b, pb in _rolls():
            p = pa * pb
            x = a.count(R.KNIFE) + mine
            y = b.count(R.KNIFE) + theirs
            if first:
                if triple(a):
                    win += p
                elif triple(b):
                    lose += p
                elif x > y:
                    win += p
                elif y > x:
                    lose += p
            else:
                if triple(b):
                    lose += p
                elif triple(a) or x > y:
                    win += p
                elif y > x:
                    lose += p
    return win, lose


@cache
def brawl_chance(mine: int, theirs: int, first: bool = True) -> Fraction:
    """The chance of winning a brawl that repeats this round until someone wins (cached: the policies ask at
    every landing near a rival)."""
    win, lose = brawl_round(mine, theirs, first)
    return win / (win + lose) if win + lose else Fraction(1, 2)


def card_chance(card: str, knives: int = 0, fists: int = 0) -> Fraction:
    """The chance one Killer Scenes card goes the slasher's way: a kill for an attack, no health lost for a
    victim that gets away (none without fists on the card), holding off The Survivor."""
    scene = R.SCENES[card]
    if scene.kind == "attack":
        return kill_chance(scene.knives, knives)
    if scene.kind == "survivor":
        return survivor_chance(fists)
    if scene.fists == 0:
        return Fraction(0)
    return defend_chance(scene.fists, fists)


@cache
def scene_chance(hero: str, knives: int = 0, fists: int = 0) -> Fraction:
    """A card drawn at random from the Hero's whole Killer Scenes deck goes the slasher's way (a Full Moon
    is redrawn, so it is left out). `knives` count for attacks only, `fists` for defences only."""
    cards = [c for c in R.scene_deck(hero) if R.SCENES[c].kind != "full_moon"]
    return sum((card_chance(c, knives, fists) for c in cards), Fraction(0)) / len(cards)


@cache
def brawl_answer(against: int, knives: int = 0) -> Fraction:
    """The brawl's opponent wins it, answering the mover's roll of `against` knives (no triple: that would
    have won) with `knives` from supplies: a triple or more knives wins now, as many roll again (from then on
    both bare-handed), fewer lose."""
    win = tie = Fraction(0)
    for roll, p in _rolls():
        x = roll.count(R.KNIFE) + knives
        if triple(roll) or x > against:
            win += p
        elif x == against:
            tie += p
    return win + tie * brawl_chance(0, 0, False)
