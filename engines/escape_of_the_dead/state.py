"""The whole of an Escape of the Dead game as data: the three cards, the dice on them, and the RNG."""

from __future__ import annotations

import msgspec

from engines.core.rng import Rng

# Phases a game can wait in. Phases 1, 4 and 5 (without a reward) never wait for anyone.
ASSIGN = "assign"  # Phase 2: place the action dice
ROLL = "roll"  # Phase 3: choose which section to roll next (only with roll_order=choose)
REWARD = "reward"  # Phase 5: pick a reward for 10 kills
OVER = "over"


class State(msgspec.Struct):
    rng: Rng
    barricade: int  # Barricade Strength Points marked
    zombies: int  # Zombie Tokens on the Lawn Card; the rest are in the pool
    repairs: int  # Crossed Wrenches marked (10% each)
    kills: int  # Zombie Heads marked toward the next reward
    turn: int = 0
    phase: str = ASSIGN
    skip_spawn: bool = False  # reward C: skip Phase 1 next turn
    dice: list[int] = msgspec.field(
        default_factory=lambda: [0, 0, 0]
    )  # dice placed this turn on lawn, barricade, garage
    unrolled: list[str] = []  # sections with dice not yet rolled this turn
    result: str = ""  # "", "won" or "lost"
    roll_order: str = "card"  # "card": roll Lawn, Barricade, Garage at once; "choose": the player picks
    start_barricade: int = 10
    total_kills: int = 0  # every zombie destroyed by dice this game (for the ending)
    rewards: list[str] = []  # rewards taken, in order


class View(msgspec.Struct, frozen=True):
    """What the survivor sees: everything on the table. Nothing in this game is hidden but the dice to come."""

    turn: int
    phase: str
    barricade: int
    max_barricade: int
    zombies: int
    pool: int
    repairs: int
    kills: int
    kills_needed: int
    skip_spawn: bool
    spawn_level: int
    dice: tuple[int, int, int]
    unrolled: tuple[str, ...]
    result: str
    total_kills: int
    rewards: tuple[str, ...]
