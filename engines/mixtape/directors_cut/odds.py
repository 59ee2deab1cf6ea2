"""Exact chances of action-dice rolls: three dice, each face a knife, a fist or a pentagram."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from engines.mixtape import dice
from engines.mixtape.directors_cut import readings
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


def usable(state: State, who: int, purpose: str) -> int:
    """How many tokens (or 1 for an infinite card) this slasher may spend on this roll."""
    s = state.slashers[who]
    if not s.supply:
        return 0
    kind = R.supply(s.supply)
    wanted = {
        "kill": ("knife",),
        "unlock": ("knife",),
        "brawl": ("knife",),
        "defend": ("fist",),
        "survivor": ("fist",),
        "hero": ("knife", "fist"),
    }[purpose]
    if kind.kind not in wanted:
        return 0
    return 1 if kind.infinite else s.trackers


def helpful(state: State) -> list[int]:
    """The token counts offered for the pending roll: 0, then each count whose roll ends some way with another
    chance than one token fewer. A spend that leaves every chance as it was only costs tokens and noise, so it
    is not offered (RULES.md, "Spends that cannot help"); every count is offered in a brawl, where knives past
    a win still count."""
    s = state.slashers[state.spender]
    most = usable(state, state.spender, state.purpose)
    out = [0]
    before = pending_chances(state, 0, 0)
    for n in range(1, most + 1):
        knives, fists, _ = supply_bonus(s.supply, n, state.purpose)
        now = pending_chances(state, knives, fists)
        if now is None or now != before:
            out.append(n)
        before = now
    return out


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
    from engines.mixtape.directors_cut import keys

    s = state.slashers[state.spender]
    n_dice = dice_count()
    return [
        SpendOffer(keys.spend(n), n, n_dice, *supply_bonus(s.supply, n, state.purpose))
        for n in helpful(state)
    ]


class Pending(NamedTuple):
    """What a pending action roll is for and what it needs, as the engine will read it."""

    purpose: str
    need: int  # kill: the card's knives; defend, survivor: its fists; unlock: the lock's knives; hero: to defeat
    defend: int = 0  # hero: the fists that fend it off
    edge: int = 0  # kill: knives waiting (The Legend, a Bonus Tracks card) that join the roll
    first: bool = True  # brawl: the spender rolls first
    against: int = -1  # brawl: the knives the answer is to beat (-1: none rolled yet)


def pending(state: State) -> Pending:
    """The pending roll of the SPEND decision (or of the roll made bare-handed at once)."""
    p = state.purpose
    s = state.slashers[state.spender]
    if p == "kill":
        return Pending(p, R.SCENES[state.card].knives, edge=s.edge)
    if p in ("defend", "survivor"):
        return Pending(p, R.SCENES[state.card].fists)
    if p == "unlock":
        return Pending(p, R.UNLOCK_KNIVES[state.locks.get(s.at, "yellow")])
    if p == "hero":
        hero = R.hero_now(state.hero, state.wolf)
        return Pending(p, hero.defeat, hero.defend)
    first = state.brawl[0] == state.spender
    return Pending(p, 0, first=first, against=-1 if first else state.brawl_knives)


def read_pending(p: Pending, roll: Sequence[str], knives: int, fists: int) -> str:
    """The class of one roll of the pending roll with these knives and fists from the spender's supply: the
    reading the engine resolves it by (readings.py). A brawl's first roll reads "win" (a triple) or "" (the
    answer decides)."""
    if p.purpose == "kill":
        return readings.kill(roll, p.need, knives + p.edge)
    if p.purpose == "defend":
        return readings.defend(roll, p.need, fists)
    if p.purpose == "survivor":
        return readings.survivor(roll, p.need, fists)
    if p.purpose == "unlock":
        return readings.unlock(roll, p.need, knives)
    if p.purpose == "hero":
        return readings.hero(roll, p.need, p.defend, knives, fists)
    if p.first:
        return "win" if readings.brawl_first(roll) else ""
    return readings.brawl_answer(roll, p.against, knives)


@cache
def pending_classes(p: Pending, knives: int = 0, fists: int = 0) -> dict[str, Fraction]:
    """Class -> chance of the pending roll with these knives and fists (`read_pending` over every roll)."""
    out: dict[str, Fraction] = {}
    for roll, q in _rolls():
        c = read_pending(p, roll, knives, fists)
        out[c] = out.get(c, Fraction(0)) + q
    return out


GOES_WELL = {
    "kill": readings.KILLS,
    "defend": ("beaten", "held"),
    "survivor": ("stopped",),
    "unlock": ("broken",),
}
"""The classes of a roll that go the slasher's way (a Hero's are two figures: defeat, fend)."""


def pending_chances(state: State, knives: int, fists: int) -> tuple[Fraction, ...] | None:
    """The chance of each way the pending roll (not a brawl) can end, with these knives and fists from the
    spender's supply: what decides whether a spend can help (`helpful`). None for a brawl, whose knives
    past a win still count (six or more cost the loser more)."""
    p = pending(state)
    if p.purpose == "brawl":
        return None
    c = pending_classes(p, knives, fists)
    if p.purpose == "hero":
        return c.get("defeat", Fraction(0)), c.get("fend", Fraction(0))
    return (sum((c.get(k, Fraction(0)) for k in GOES_WELL[p.purpose]), Fraction(0)),)


def _rolls() -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    return dice.rolls(tuple(R.ACTION_FACES), dice_count())


def _chance(test: Callable[[tuple[str, ...]], bool]) -> Fraction:
    return sum((p for roll, p in _rolls() if test(roll)), Fraction(0))


@cache
def kill_chance(need: int, knives: int = 0) -> Fraction:
    """A kill: enough knives with the supply's, or triple knives or pentagrams (a triple of fists redraws,
    counted here as not a kill)."""
    return _chance(lambda roll: readings.kill(roll, need, knives) in readings.KILLS)


@cache
def defend_chance(need: int, fists: int = 0) -> Fraction:
    """Defending a scene: enough fists; triple knives or pentagrams always fail, triple fists always win."""
    return _chance(lambda roll: readings.defend(roll, need, fists) in GOES_WELL["defend"])


@cache
def reach(icon: str, need: int, bonus: int = 0) -> Fraction:
    """At least `need` of `icon` with `bonus` added, triples counting as their icons only."""
    return _chance(lambda roll: readings.counted(roll, icon, need, bonus))


SURVIVOR_FISTS = next(c.fists for c in R.SCENES.values() if c.kind == "survivor")
"""The fists that stop The Survivor (its card's)."""


@cache
def survivor_chance(fists: int = 0, need: int = SURVIVOR_FISTS) -> Fraction:
    return _chance(lambda roll: readings.survivor(roll, need, fists) == "stopped")


@cache
def unlock_chance(need: int, knives: int = 0) -> Fraction:
    return _chance(lambda roll: readings.unlock(roll, need, knives) == "broken")


@cache
def hero_chances(defeat: int, defend: int, knives: int = 0, fists: int = 0) -> tuple[Fraction, Fraction]:
    """(defeat the Hero, fend the Hero off) in one roll; the rest is a defeat for the slasher."""
    c = pending_classes(Pending("hero", defeat, defend), knives, fists)
    return c.get("defeat", Fraction(0)), c.get("fend", Fraction(0))


_OTHER_SIDE = {"win": "lose", "lose": "win", "tie": "tie"}
"""An answer's class, from the mover's side."""


@cache
def brawl_round(mine: int, theirs: int, first: bool = True) -> tuple[Fraction, Fraction]:
    """(win, lose) for one brawl round with these supply knives; the rest is a tie and another round. The mover
    rolls first (a triple wins at once), the other answers (readings.brawl_first, readings.brawl_answer)."""
    win = Fraction(0)
    lose = Fraction(0)
    for a, pa in _rolls():
        for b, pb in _rolls():
            p = pa * pb
            if first and readings.brawl_first(a):  # `a` is the spender's roll, the mover's: a triple wins
                ours = "win"
            elif first:  # `b` answers it
                ours = _OTHER_SIDE[readings.brawl_answer(b, a.count(R.KNIFE) + mine, theirs)]
            elif readings.brawl_first(b):  # `b` is the mover's roll: a triple wins before the spender rolls
                ours = "lose"
            else:  # `a` is the spender's answer
                ours = readings.brawl_answer(a, b.count(R.KNIFE) + theirs, mine)
            if ours == "win":
                win += p
            elif ours == "lose":
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
    c = pending_classes(Pending("brawl", 0, first=False, against=against), knives, 0)
    return c.get("win", Fraction(0)) + c.get("tie", Fraction(0)) * brawl_chance(0, 0, False)
