"""How a roll of the three Action Dice reads, triples first, so the engine and the odds never disagree: each
resolver (kills, scenes, locks, hero, brawls) branches on the class read here, and `odds` sums the chance of each
class over every roll.

RB Dice Reference and Killer Scenes, Dude: three knives or three pentagrams kill whatever the card (and count
double), three fists bury the card and let the slasher draw again; a defence is held by enough fists or three
fists (which also beat the card), never with three knives or pentagrams; a Hero is defeated by enough knives or
three knives or pentagrams, else fended off by enough fists or three fists. The Survivor and a lock count icons
alone. In a brawl the first triple wins, else the most knives; a tie rolls again.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.mixtape.dice import triple
from engines.mixtape.directors_cut import rules_data as R

KILLS = ("double", "kill")
"""The classes of a kill roll that kill (a double takes twice the souvenirs)."""


def kill(dice: Sequence[str], need: int, knives: int) -> str:
    """A kill roll with `knives` added: "redraw" (three fists), "double" (three knives or pentagrams), "kill"
    (enough knives) or "miss"."""
    t = triple(dice)
    if t == R.FIST:
        return "redraw"
    if t in (R.KNIFE, R.PENTAGRAM):
        return "double"
    return "kill" if dice.count(R.KNIFE) + knives >= need else "miss"


def defend(dice: Sequence[str], need: int, fists: int) -> str:
    """A defence against a victim with `fists` added: "beaten" (three fists: the card beaten, and a redraw
    offered), "held" (enough fists, no triple) or "hurt"."""
    t = triple(dice)
    if t == R.FIST:
        return "beaten"
    return "held" if t == "" and dice.count(R.FIST) + fists >= need else "hurt"


def counted(dice: Sequence[str], icon: str, need: int, bonus: int) -> bool:
    """Enough of one icon with the bonus, triples counting as their icons only (The Survivor, a lock)."""
    return dice.count(icon) + bonus >= need


def survivor(dice: Sequence[str], need: int, fists: int) -> str:
    """The Survivor: "stopped" with enough fists, else "escaped"."""
    return "stopped" if counted(dice, R.FIST, need, fists) else "escaped"


def unlock(dice: Sequence[str], need: int, knives: int) -> str:
    """A lock: "broken" with enough knives, else "held"."""
    return "broken" if counted(dice, R.KNIFE, need, knives) else "held"


def hero(dice: Sequence[str], defeat: int, defend: int, knives: int, fists: int) -> str:
    """A fight with the Hero: "defeat" (enough knives, or three knives or pentagrams), "fend" (enough fists, or
    three fists) or "lose"."""
    t = triple(dice)
    if t in (R.KNIFE, R.PENTAGRAM) or dice.count(R.KNIFE) + knives >= defeat:
        return "defeat"
    if t == R.FIST or dice.count(R.FIST) + fists >= defend:
        return "fend"
    return "lose"


def brawl_first(dice: Sequence[str]) -> bool:
    """The mover's roll wins the brawl at once: the first to roll a triple wins."""
    return bool(triple(dice))


def brawl_answer(dice: Sequence[str], against: int, knives: int) -> str:
    """The answer to the mover's roll of `against` knives (no triple), from the answerer's side: "win" (a triple
    or more knives), "tie" (as many: roll again) or "lose"."""
    if triple(dice):
        return "win"
    mine = dice.count(R.KNIFE) + knives
    return "win" if mine > against else "tie" if mine == against else "lose"
