"""How many bone dice each roll throws, and the exact odds of every roll a pending choice can make.

`dice_for` is the one place a roll's size is worked out: the engine rolls that many dice, and `rolls` offers
the odds of the same number, so the odds table can never drift from the dice.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple, cast

from engines.core.contract import Decision
from engines.core.dice import roll_distribution
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.rules import has, successes
from engines.slaughterhouse.state import State


def search_dice(state: State, who: int) -> int:
    """Dice a search rolls: two, one more with a search light, fewer in a Stench room or with a head Injury."""
    t = state.trespassers[who]
    n = D.RULES["search_dice"] + (D.RULES["search_plus_dice"] if has(t, "search_plus") else 0)
    if state.horror_up.get(D.room_of(t.space)) == "stench":
        n -= D.HORROR["stench"]["dice"]
    n -= sum(D.ALL_INJURIES[c]["dice"] for c in t.injuries if D.ALL_INJURIES[c]["effect"] == "search_minus")
    return max(0, n)


def calm_dice(state: State, who: int) -> int:
    """Dice of the end-of-turn Noise roll: two, one more with a calming Item."""
    t = state.trespassers[who]
    return D.RULES["noise_dice"] + (D.RULES["calm_dice"] if has(t, "calm") else 0)


_DICE: dict[str, Callable[[State, int, str], int]] = {
    "search": lambda state, who, source: search_dice(state, who),
    "calm": lambda state, who, source: calm_dice(state, who),
    "attack": lambda state, who, source: D.SAWYERS[source]["attack_dice"],
    "grandpa": lambda state, who, source: D.RULES["grandpa_dice"],
    "fire": lambda state, who, source: D.FIRE["dice"],
    "hunt": lambda state, who, source: D.RULES["hunt_dice"],
    "talk": lambda state, who, source: D.SAWYERS["old_man"]["talk_dice"],
    "item": lambda state, who, source: D.ALL_ITEMS[source]["dice"],
    "desperation": lambda state, who, source: D.ALL_DESPERATION[source]["dice"],
    "card": lambda state, who, source: D.ALL_SAWYER_CARDS[source]["dice"],
    "horror": lambda state, who, source: D.HORROR[source]["dice"],
}


def dice_for(state: State, roll: str, who: int = -1, source: str = "") -> int:
    """The dice a roll throws. `roll` names it: search and calm (Trespasser `who`), attack (Sawyer `source`),
    grandpa, fire, hunt, talk, and the card-set rolls item, desperation, card and horror (card `source`)."""
    return _DICE[roll](state, who, source)


FACE_NAMES = {0: "blank", 1: "slash", 2: "skull"}
"""A bone die's face by its successes."""


def reroll_which(dice: list[int], fire: bool) -> list[int]:
    """The dice a plain reroll throws again: the blanks, or against the Fire (fewer is better) the successes."""
    return [i for i, d in enumerate(dice) if (d != 0 if fire else d == 0)]


def bone_odds(n: int) -> dict[int, Fraction]:
    """Exact distribution of successes on n bone dice (blank, blank, blank, one, one, two), each roll read as the
    engine reads it (`rules.successes`)."""
    if n <= 0:
        return {0: Fraction(1)}
    dist = cast(dict[int, Fraction], roll_distribution(n, lambda faces: successes(list(faces)), D.FACES))
    return dict(sorted(dist.items()))


class Roll(NamedTuple):
    """One roll a choice makes or may bring: what it is, how many dice, and the successes already kept."""

    label: str
    dice: int
    kept: int = 0
    roll: str = ""
    """The roll's name as `dice_for` knows it (search, attack, fire...), 'reroll', or 'pick' (one choice of dice
    the question after this one may throw again)."""

    def odds(self) -> dict[int, Fraction]:
        """The total's distribution (the kept successes plus the dice): `total` over every roll of the dice."""
        return {self.kept + k: p for k, p in bone_odds(self.dice).items()}

    def total(self, thrown: list[int]) -> int:
        """The total once these dice are thrown: the kept successes and theirs (`rules.successes`)."""
        return self.kept + successes(thrown)


def rolls(state: State, decision: Decision, key: str | None = None) -> list[Roll]:
    """Every roll of the pending choice (of the one option `key`, when given) that throws dice; at a
    Trespasser's action with no key, also the end-of-turn Noise roll."""
    out: list[Roll] = []
    for o in decision.options:
        if key is not None and o.key != key:
            continue
        out += [r for r in option_rolls(state, o.key, o.label, decision.kind) if r.dice]
    if decision.kind == "action" and key is None:
        t = state.trespassers[state.current]
        if t.noise:
            out.append(
                Roll(
                    f"end of turn: calm {t.noise} Noise", dice_for(state, "calm", state.current), roll="calm"
                )
            )
    return out


def option_rolls(state: State, key: str, label: str, kind: str) -> list[Roll]:
    """The rolls one option makes or may trigger (some may throw no dice)."""
    k = Key.parse(key)
    if kind == "action":
        return _action_rolls(state, k, label)
    if kind == "offer" and k.verb == "play":
        step = state.todo[0]
        if D.ALL_SAWYER_CARDS[k.card]["trigger"] == "enter":
            roll = ("attack", step.sawyer) if step.sawyer in D.SAWYERS else ("grandpa", "")
            return [
                Roll(
                    f"{label}: then {D.name(step.sawyer)} attacks",
                    dice_for(state, roll[0], source=roll[1]),
                    roll=roll[0],
                )
            ]
        return []
    if kind == "reroll" and k.verb == "reroll":
        nxt = state.todo[1]
        fire = nxt.kind == "fire_burns"  # against the Fire the successes are rolled again
        which = reroll_which(nxt.dice, fire)
        return [
            Roll(
                label, len(which), successes([d for i, d in enumerate(nxt.dice) if i not in which]), "reroll"
            )
        ]
    if kind == "reroll" and k.verb == "pick":  # the dice are chosen next: every choice there, each once
        dice = state.todo[1].dice
        return [_picked(dice, which, "pick") for which in picks(len(dice))]
    if kind == "reroll_pick" and k.verb == "dice":
        return [_picked(state.todo[1].dice, list(k.dice), "reroll")]
    if kind == "sawyer_action":
        return _sawyer_rolls(state, k, label)
    return []


def picks(n: int) -> list[list[int]]:
    """Every choice of dice to throw again among n (rulebook: any dice, once), by index, each set once."""
    return [[i for i in range(n) if mask >> i & 1] for mask in range(1, 1 << n)]


def picked_label(dice: list[int], which: list[int]) -> str:
    """The words of throwing again the dice `which` (the reroll question's choice, and its odds' row)."""
    return "reroll " + ", ".join(f"die {i + 1} ({FACE_NAMES[dice[i]]})" for i in which)


def _picked(dice: list[int], which: list[int], roll: str) -> Roll:
    """Throwing again the dice `which`: the others' successes are kept."""
    kept = [d for i, d in enumerate(dice) if i not in which]
    return Roll(picked_label(dice, which), len(which), successes(kept), roll)


def _action_rolls(state: State, k: Key, label: str) -> list[Roll]:
    if k.verb == "search":
        return [Roll(label, dice_for(state, "search", state.current), roll="search")]
    if k.verb == "use" and D.ALL_ITEMS[k.card]["effect"] == "weapon":
        return [Roll(label, dice_for(state, "item", source=k.card), roll="item")]
    if k.verb == "desp" and D.ALL_DESPERATION[k.card]["effect"] == "attack2":
        return [Roll(label, dice_for(state, "desperation", source=k.card), roll="desperation")]
    # a move, a run, and a Desperation card's run or window
    return _arrival_rolls(state, label, list(k.path) if k.verb in ("move", "run", "desp") else [])


def _sawyer_rolls(state: State, k: Key, label: str) -> list[Roll]:
    if k.verb == "attack":
        return [Roll(label, dice_for(state, "attack", source=state.cur_sawyer), roll="attack")]
    if k.verb == "hunt":
        return [Roll(label, dice_for(state, "hunt"), roll="hunt")]
    if k.verb == "talk":
        return [Roll(label, dice_for(state, "talk"), roll="talk")]
    if k.verb == "free" and k.card in D.ALL_SAWYER_CARDS:
        free = D.ALL_SAWYER_CARDS[k.card]["free"]
        if free == "hunt2" or free.startswith("attack"):
            return [Roll(label, dice_for(state, "card", source=k.card), roll="card")]
        if free == "move" and k.space:
            return _fire_rolls(state, label, k.space)
        return []
    if k.verb in ("move", "creep", "move2"):
        return _fire_rolls(state, label, k.space)
    return []


def _arrival_rolls(state: State, label: str, path: list[str]) -> list[Roll]:
    """Grandpa's die where the move stops on him, the Fire's dice where it ends in Fire."""
    for space in path:
        if space == state.grandpa:
            return [Roll(f"{label}: Grandpa attacks", dice_for(state, "grandpa"), roll="grandpa")]
    if path and path[-1] in state.fire:
        return [Roll(f"{label}: the Fire attacks", dice_for(state, "fire"), roll="fire")]
    return []


def _fire_rolls(state: State, label: str, space: str) -> list[Roll]:
    """A Sawyer ending a move in Fire: the Fire's dice, one action lost per success."""
    return (
        [Roll(f"{label}: the Fire costs actions", dice_for(state, "fire"), roll="fire")]
        if space in state.fire
        else []
    )
