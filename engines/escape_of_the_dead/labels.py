"""The words of Escape of the Dead's options: the four rewards and a split's label. Apart from game.py so the
solver, the odds and the screens name them without importing the game (and the game the solver)."""

from __future__ import annotations

from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.keys import Split

REWARDS: dict[str, str] = {
    "a": "destroy all zombies on the lawn",
    "b": "repair 10% of the car",
    "c": "stop the spawn next turn",
    "d": "create 3 barricades",
}
REWARD_WORDS: dict[str, tuple[str, ...]] = {
    "a": ("destroy", "kill all", "clear"),
    "b": ("repair", "car"),
    "c": ("stop", "skip", "no spawn"),
    "d": ("barricades", "boards", "build"),
}


def split_label(split: Split) -> str:
    parts = [f"{name} {n}" for name, n in zip(R.SECTIONS, split, strict=True) if n]
    return ", ".join(parts)
