"""Automa policies for the survivor's seat: `random`, and `heuristic`, a one-turn lookahead.

A policy sees only the survivor's View (everything on the table) and returns a legal key.
"""

from __future__ import annotations

from functools import cache

from engines.core.contract import Decision, Hint
from engines.core.rng import Rng
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.outcomes import joint_float
from engines.escape_of_the_dead.state import View


def random_policy(view: View, decision: Decision, rng: Rng) -> str:
    """Any legal option, uniformly."""
    return decision.options[rng.below(len(decision.options))].key


def garage_policy(view: View, decision: Decision, rng: Rng) -> str:
    """The naive plan: every die on the car, reward B. A floor for the heuristic to beat."""
    if decision.kind == "assign":
        return "alloc:0-0-4"
    if decision.kind == "reward":
        return "reward:b"
    return decision.options[-1].key


# -- heuristic: expectimax over this turn's dice with a hand-made judgement of the position after ---------


def _judge(barricade: int, zombies: int, repairs: int, kills: int, skip: bool) -> float:
    """A rough chance-of-winning score for the position at the end of a turn (before the next spawn)."""
    if barricade <= 0:
        return 0.0
    if repairs >= R.REPAIRS_TO_WIN:
        return 1.0
    spawn = 0 if skip else R.spawn_level(repairs)
    threat = min(R.ZOMBIE_TOKENS, zombies + spawn)
    # Next turn the threat attacks less what the lawn dice can kill; how much room is left after that?
    margin = barricade - threat
    safety = 1.0 / (1.0 + 2.0 ** (-(margin + 1.5)))
    progress = (repairs + 0.35 * kills / R.KILLS_PER_REWARD + 1.0) / (R.REPAIRS_TO_WIN + 1.0)
    return safety * progress


def _after_reward(barricade: int, zombies: int, repairs: int, kills: int) -> tuple[float, str]:
    """The best reward for a position with 10 or more kills, and the judgement after it."""
    left = kills - R.KILLS_PER_REWARD
    choices = {
        "a": _judge(barricade, 0, repairs, left, False),
        "b": _judge(barricade, zombies, min(R.REPAIRS_TO_WIN, repairs + R.REWARD_REPAIRS), left, False),
        "c": _judge(barricade, zombies, repairs, left, True),
        "d": _judge(min(R.MAX_BARRICADE, barricade + R.REWARD_BARRICADES), zombies, repairs, left, False),
    }
    best = max(choices, key=lambda k: (choices[k], k == "b"))
    return choices[best], best


def _end_of_turn(barricade: int, zombies: int, repairs: int, kills: int, skip: bool) -> float:
    if repairs >= R.REPAIRS_TO_WIN:
        return 1.0
    barricade -= zombies  # Phase 4
    if barricade <= 0:
        return 0.0
    if kills >= R.KILLS_PER_REWARD:
        return _after_reward(barricade, zombies, repairs, kills)[0]
    return _judge(barricade, zombies, repairs, kills, skip)


@cache
def split_values(barricade: int, zombies: int, repairs: int, kills: int, skip: bool) -> dict[str, float]:
    """Expected judgement of every dice split from a Phase 2 position."""
    values = {}
    for split in R.splits():
        total = 0.0
        for hl, hb, hg, p in joint_float(split):
            killed = min(hl, zombies)
            total += p * _end_of_turn(
                min(R.MAX_BARRICADE, barricade + hb),
                zombies - killed,
                min(R.REPAIRS_TO_WIN, repairs + hg),
                kills + killed,
                skip,
            )
        values["alloc:{}-{}-{}".format(*split)] = total
    return values


def heuristic_policy(view: View, decision: Decision, rng: Rng) -> str:
    return advise(view, decision).key


def advise(view: View, decision: Decision) -> Hint:
    """The heuristic's choice with a one-line reason."""
    if decision.kind == "assign":
        values = split_values(view.barricade, view.zombies, view.repairs, view.kills, view.skip_spawn)
        key = max(values, key=values.__getitem__)
        lawn, barricade, garage = (int(x) for x in key[6:].split("-"))
        threat = view.zombies
        if garage == 4:
            why = f"the barricade ({view.barricade}) can take the {threat} on the lawn; all hands on the car"
        elif lawn and lawn >= max(barricade, garage):
            why = f"{threat} zombies on the lawn is the real danger; thin them before they hit"
        elif barricade and barricade >= garage:
            why = f"the barricade ({view.barricade}) is too thin for {threat} zombies; shore it up"
        else:
            why = "enough cover to keep the repairs going"
        return Hint(key, f"{why}.")
    if decision.kind == "reward":
        _, letter = _after_reward(view.barricade, view.zombies, view.repairs, view.kills)
        reasons = {
            "a": "the lawn is crowded; clear it",
            "b": "the car is the way out; every 10% counts",
            "c": "a quiet turn keeps the lawn from filling",
            "d": "the barricade needs the boards",
        }
        return Hint(f"reward:{letter}", reasons[letter] + ".")
    return Hint("roll:all", "the order of the rolls does not change what they do.")


POLICIES = {
    "heuristic": heuristic_policy,
    "random": random_policy,
    "garage": garage_policy,
}
