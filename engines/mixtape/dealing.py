"""Dealing, shared by both Mixtape games: characters to seats (the person's pick first, rivals from the rest), and
the pools each content edition deals from (engines/core/decks.py)."""

from __future__ import annotations

from typing import Any

from engines.core.decks import FIRST, Dealer, since


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


def ids_of(pool: str, row: dict[str, Any]) -> list[str]:
    """The ids a row of a pool deals: a character's name, a card's id, or one per copy of a supply."""
    if pool in ("slashers", "survivors"):
        return [row["name"]]
    if pool == "supplies":
        return [f"{row['id']}.{n}" for n in range(1, row["copies"] + 1)]
    return [row["id"]]


def pools(rows: dict[str, list[dict[str, Any]]], edition: int) -> dict[str, tuple[str, ...]]:
    """Every pool a setup of `edition` deals from (each row's ids, rows of later editions left out), in the order
    its first-edition cards are shuffled in: both Mixtape games' `content`."""
    return {
        pool: tuple(card for row in found if since(row) <= edition for card in ids_of(pool, row))
        for pool, found in rows.items()
    }


def later(rows: dict[str, list[dict[str, Any]]]) -> dict[str, int]:
    """Each character or card that joined after the first edition -> its edition: both games' `refresh`."""
    return {
        card: since(row)
        for pool, found in rows.items()
        for row in found
        if since(row) > FIRST
        for card in ids_of(pool, row)
    }
