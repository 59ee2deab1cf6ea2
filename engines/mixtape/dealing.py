"""Dealing characters to seats, shared by both Mixtape games: the person's pick first, rivals from the rest."""

from __future__ import annotations

from engines.core.rng import Rng


def deal(rng: Rng, names: list[str], chosen: str | None) -> list[str]:
    """Every name in dealt order; the person's seat comes first. The deck is shuffled even when the person
    chooses, so the rivals (and every draw after) are the same whichever name the person picked."""
    dealt = list(names)
    rng.shuffle(dealt)
    if chosen is not None:
        dealt.remove(chosen)
        dealt.insert(0, chosen)
    return dealt
