"""Helpers for rule tests: a game in a chosen position, with the dice it will roll fixed in advance."""

from __future__ import annotations

from engines.escape_of_the_dead import GAME
from engines.escape_of_the_dead.state import ASSIGN, State


class LoadedDice:
    """Stands in for the game's RNG: each d6 shows the next face from a script."""

    def __init__(self, faces):
        self.faces = list(faces)

    def below(self, n: int) -> int:
        assert n == 6, "only d6 rolls are scripted"
        return self.faces.pop(0) - 1

    def d6s(self, n: int) -> list[int]:
        return [self.below(6) + 1 for _ in range(n)]


def position(
    *, zombies=2, barricade=10, repairs=0, kills=0, dice=(), roll_order="card", skip_spawn=False, turn=1
) -> State:
    """A state at the Phase 2 decision (spawn already done) with scripted dice."""
    state, _ = GAME.setup(0, {"roll_order": roll_order})
    state.zombies = zombies
    state.barricade = barricade
    state.repairs = repairs
    state.kills = kills
    state.skip_spawn = skip_spawn
    state.turn = turn
    state.phase = ASSIGN
    state.rng = LoadedDice(dice)
    return state
