"""The numbers of Escape of the Dead, read once from cards.toml."""

from __future__ import annotations

from pathlib import Path

from engines.core.datafile import read_toml

_DATA = read_toml(Path(__file__).with_name("cards.toml"))

DICE: int = _DATA["dice"]["count"]
LAWN_HIT: int = _DATA["lawn"]["success_at"]
ZOMBIE_TOKENS: int = _DATA["lawn"]["zombie_tokens"]
INITIAL_ZOMBIES: int = _DATA["lawn"]["initial_zombies"]
BARRICADE_HIT: int = _DATA["barricade"]["success_at"]
MAX_BARRICADE: int = _DATA["barricade"]["maximum"]
START_BARRICADE: int = _DATA["barricade"]["start"]
GARAGE_HIT: int = _DATA["garage"]["success_at"]
REPAIRS_TO_WIN: int = _DATA["garage"]["repairs_to_win"]
REPAIRS_PER_LEVEL: int = _DATA["garage"]["repairs_per_spawn_level"]
KILLS_PER_REWARD: int = _DATA["reward"]["kills_needed"]
REWARD_BARRICADES: int = _DATA["reward"]["barricades"]
REWARD_REPAIRS: int = _DATA["reward"]["repairs"]

SECTIONS: tuple[str, str, str] = ("lawn", "barricade", "garage")
THRESHOLD: dict[str, int] = {"lawn": LAWN_HIT, "barricade": BARRICADE_HIT, "garage": GARAGE_HIT}


def spawn_level(repairs: int) -> int:
    """Zombies spawned in Phase 1: 1 for the first 3 wrenches, 2 for the next 3, and so on."""
    return 1 + repairs // REPAIRS_PER_LEVEL


def splits() -> list[tuple[int, int, int]]:
    """Every way to place the action dice on Lawn, Barricade and Garage (15 for 4 dice)."""
    return [(a, b, DICE - a - b) for a in range(DICE, -1, -1) for b in range(DICE - a, -1, -1)]
