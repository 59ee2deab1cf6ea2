"""Automa policies for the survivor's seat: `random`, `garage` (a naive floor), `heuristic` and `optimal`.

The heuristic plays the way a careful player does: hold the lawn with every die and bank kills for rewards
until the barricade is strong enough to carry a rush on the car, then put every die in the garage. "Strong
enough" is the exact chance that rushing from here wins with no more shooting (`rush_chance`), against a
threshold tuned by simulation (bench/RESULTS.md). A policy sees only the survivor's View.
"""

from __future__ import annotations

from functools import cache

from engines.core.contract import Decision, PolicyOf
from engines.core.dice import successes_distribution
from engines.core.rng import Rng
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead import solver
from engines.escape_of_the_dead.keys import ROLL_ALL, reward_key, split_key
from engines.escape_of_the_dead.state import View

RUSH_AT = 0.5  # rush the car once rushing alone wins at least this often
BOARDS_BELOW = R.MAX_BARRICADE  # not rushing: reward D (boards) while the barricade is below this, else B

_RUSH = split_key((0, 0, R.DICE))  # every die on the car
_HOLD = split_key((R.DICE, 0, 0))  # every die on the lawn
_GARAGE = tuple((hits, float(p)) for hits, p in successes_distribution(R.DICE, R.GARAGE_HIT))


def random_policy(view: View, decision: Decision, rng: Rng) -> str:
    """Any legal option, uniformly."""
    return decision.options[rng.below(len(decision.options))].key


def garage_policy(view: View, decision: Decision, rng: Rng) -> str:
    """The naive plan: every die on the car from the first turn, reward B. A floor to beat."""
    if decision.kind == "assign":
        return _RUSH
    if decision.kind == "reward":
        return reward_key("b")
    return ROLL_ALL


@cache
def rush_chance(zombies: int, barricade: int, repairs: int) -> float:
    """The exact chance of winning from a Phase 2 position by putting every die in the garage from now on.

    Ignores kills and rewards, so it never overstates. Every turn without a repair costs at least one board
    (a spawn always comes), so the recursion ends.
    """
    total = 0.0
    for hits, p in _GARAGE:
        fixed = repairs + hits
        if fixed >= R.REPAIRS_TO_WIN:
            total += p
            continue
        left = barricade - zombies
        if left > 0:
            total += p * rush_chance(min(R.ZOMBIE_TOKENS, zombies + R.spawn_level(fixed)), left, fixed)
    return total


def _rush_after_reward(view: View, letter: str) -> float:
    """Rush chance at the next Phase 2 after taking a reward now (the attack has already happened)."""
    z, b, r = view.zombies, view.barricade, view.repairs
    if letter == "a":
        return rush_chance(min(R.ZOMBIE_TOKENS, R.spawn_level(r)), b, r)
    if letter == "b":
        if r + R.REWARD_REPAIRS >= R.REPAIRS_TO_WIN:
            return 1.0
        return rush_chance(min(R.ZOMBIE_TOKENS, z + R.spawn_level(r + 1)), b, r + R.REWARD_REPAIRS)
    if letter == "c":
        return rush_chance(z, b, r)
    boards = min(R.MAX_BARRICADE, b + R.REWARD_BARRICADES)
    return rush_chance(min(R.ZOMBIE_TOKENS, z + R.spawn_level(r)), boards, r)


def _reward_choice(view: View) -> str:
    """The heuristic's reward letter: the best rush if one is good enough, else boards or repairs."""
    chances = {letter: _rush_after_reward(view, letter) for letter in "abcd"}
    best = max(chances, key=lambda k: (chances[k], k == "b"))
    if chances[best] >= RUSH_AT or view.repairs + R.REWARD_REPAIRS >= R.REPAIRS_TO_WIN:
        return best
    return "d" if view.barricade < BOARDS_BELOW else "b"


def heuristic_policy(view: View, decision: Decision, rng: Rng) -> str:
    if decision.kind == "assign":
        rushing = rush_chance(view.zombies, view.barricade, view.repairs) >= RUSH_AT
        return _RUSH if rushing else _HOLD
    if decision.kind == "reward":
        return reward_key(_reward_choice(view))
    return ROLL_ALL


POLICIES: dict[str, PolicyOf[View]] = {
    "optimal": solver.optimal_policy,
    "heuristic": heuristic_policy,
    "garage": garage_policy,
    "random": random_policy,
}
