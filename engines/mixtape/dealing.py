"""Dealing characters to seats, shared by both Mixtape games: the person's pick first, rivals from the rest."""

from __future__ import annotations

from engines.core.decks import Dealer


def deal(dealer: Dealer, names: list[str], chosen: str | None) -> list[str]:
    """Every name in dealt order; the person's seat comes first. The names are shuffled even when the person
    chooses, so what is dealt after does not depend on the choice; the rivals keep the shuffled order."""
    dealt = dealer.shuffled("characters", names)
    if chosen is not None and chosen not in dealt:
        raise ValueError(f"{chosen} is not among the characters this run's cards were dealt from.")
    if chosen is not None:
        dealt.remove(chosen)
        dealt.insert(0, chosen)
    return dealt
