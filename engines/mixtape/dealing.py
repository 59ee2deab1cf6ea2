"""Dealing characters to seats, shared by both Mixtape games: the person's pick first, rivals from the rest."""

from __future__ import annotations

from engines.core.rng import Rng


def deal(rng: Rng, names: list[str], chosen: str | None) -> list[str]:
    """Every name in dealt order; the person's seat comes first. The names are shuffled even when the person
    chooses, so the game's dice after setup do not depend on the choice; the rivals keep the shuffled order."""
    dealt = list(names)
    rng.shuffle(dealt)
    if chosen is not None:
        dealt.remove(chosen)
        dealt.insert(0, chosen)
    return dealt
