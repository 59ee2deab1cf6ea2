"""Exact odds of every dice split from the position at hand, and of every reward: what each choice will do.

Split chances are Fractions, win chances (the solver's) floats; the screen turns them into percentages.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import NamedTuple

import msgspec

from engines.core.dice import Distribution
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.game import GAME, REWARDS, split_label
from engines.escape_of_the_dead.keys import Split, reward_key, split_key
from engines.escape_of_the_dead.outcomes import joint
from engines.escape_of_the_dead.phases import boarded, dice_left, repaired, shot, torn_off
from engines.escape_of_the_dead.state import ASSIGN, REWARD, ROLL, State


class SplitOdds(msgspec.Struct, frozen=True):
    key: str
    label: str
    dice: Split  # the dice these odds are of, on the Lawn, the Barricade and the Garage
    kills: Distribution  # zombies destroyed (never more than are on the lawn)
    boards: Distribution  # Barricade Strength Points created (never above the card's maximum)
    repairs: Distribution  # 10% repairs
    holds: Fraction  # the barricade still stands after the attack (or the car is fixed first)
    wins: Fraction  # the car reaches 100% this turn
    best_play: float | None = None  # the chance to win the game with this split and best play after it


def _add(d: Distribution, k: int, p: Fraction) -> None:
    d[k] = d.get(k, Fraction(0)) + p


class SplitResult(NamedTuple):
    """What one roll of a split does, as the engine plays it (phases.py): zombies destroyed, Barricade Strength
    Points created, repairs made, whether the barricade still stands after the attack, whether the car is fixed."""

    killed: int
    built: int
    fixed: int
    holds: bool
    wins: bool


def split_result(zombies: int, barricade: int, repairs: int, hits: tuple[int, int, int]) -> SplitResult:
    """The result of a split's roll with these hits on the Lawn, the Barricade and the Garage, from this position:
    the engine's own readings (`phases.shot`, `boarded`, `repaired`, `torn_off`). A fixed car wins before the
    attack; else the zombies left tear off boards and a barricade at 0 falls."""
    killed = shot(hits[0], zombies)
    built = boarded(hits[1], barricade)
    fixed = repaired(hits[2], repairs)
    wins = repairs + fixed >= R.REPAIRS_TO_WIN
    left, standing = zombies - killed, barricade + built
    holds = wins or left == 0 or standing - torn_off(left, standing) > 0
    return SplitResult(killed, built, fixed, holds, wins)


def split_odds(state: State, split: Split) -> SplitOdds:
    kills: Distribution = {}
    boards: Distribution = {}
    repairs: Distribution = {}
    holds = wins = Fraction(0)
    for hl, hb, hg, p in joint(split):
        r = split_result(state.zombies, state.barricade, state.repairs, (hl, hb, hg))
        _add(kills, r.killed, p)
        _add(boards, r.built, p)
        _add(repairs, r.fixed, p)
        wins += p if r.wins else 0
        holds += p if r.holds else 0
    return SplitOdds(split_key(split), split_label(split), split, kills, boards, repairs, holds, wins)


def odds(state: State) -> list[SplitOdds] | None:
    """Odds of every split at the dice decision; of the dice still to roll while rolling; None otherwise."""
    if state.phase == ASSIGN:
        from engines.escape_of_the_dead.solver import load_table

        best = load_table().split_values(state.zombies, state.barricade, state.repairs, state.kills)
        return [
            msgspec.structs.replace(split_odds(state, s), best_play=best[split_key(s)]) for s in R.splits()
        ]
    if state.phase == ROLL:
        return [split_odds(state, dice_left(state))]
    return None


class RewardOdds(msgspec.Struct, frozen=True):
    """What one reward leads to: the chance to win with it and best play after, and the next turn's table."""

    key: str
    label: str
    win: float  # the chance to win the game after this reward, with best play from then on (the solver's)
    fixed: bool  # the reward repairs the car to 100%: the game is won at once
    zombies: int  # on the lawn at the next dice decision (after its spawn, if any)
    barricade: int
    repairs: int


def reward_odds(state: State) -> list[RewardOdds] | None:
    """Each reward's exact win chance and the position it leaves, at a reward decision; None elsewhere.

    The next position is found by playing the reward on a copy of the state, so it is the engine's own rule
    (a reward's effect, then the next turn's spawn: no dice are rolled on the way)."""
    if state.phase != REWARD:
        return None
    from engines.escape_of_the_dead.solver import load_table

    values = load_table().reward_values(state.barricade, state.zombies, state.repairs, state.kills)
    found = []
    for letter, text in REWARDS.items():
        key = reward_key(letter)
        after = copy.deepcopy(state)
        GAME.apply(after, key)
        found.append(
            RewardOdds(
                key,
                text,
                values[key],
                after.result == "won",
                after.zombies,
                after.barricade,
                after.repairs,
            )
        )
    return found
