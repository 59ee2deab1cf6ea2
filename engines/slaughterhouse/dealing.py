"""The cards and tiles a Slaughterhouse setup deals, by content edition.

Every pool is read here from the data with each entry's `since` (engines/core/decks.py), so a run replays with
the cards it was dealt from however many are added later; tests/engines/test_content.py pins each edition's
pools, so a card added without a new edition is caught before it breaks a saved run.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.core.decks import FIRST, since
from engines.slaughterhouse import data as D

_TABLES: dict[str, dict[str, dict[str, Any]]] = {
    "sawyer-cards": D.SAWYER_CARDS,
    "achievement-sawyer-cards": D.ACHIEVEMENT_SAWYER,
    "desperation": D.DESPERATION,
    "achievement-desperation": D.ACHIEVEMENT_DESPERATION,
    "injuries": D.INJURIES,
    "achievement-injuries": D.ACHIEVEMENT_INJURIES,
    "horror": D.HORROR,
    "items": D.ITEMS,
    "achievement-items": D.ACHIEVEMENT_ITEMS,
    "personal": D.PERSONAL,
    "vehicles": D.VEHICLES,
    "all-items": D.ALL_ITEMS,
    **{f"scenario-items-{name}": table for name, table in D.SCENARIO_ITEMS.items()},
}
"""Each pool by name -> its data table (card id -> card), in the order its first-edition cards are shuffled in."""

NEWEST = FIRST
"""The newest content edition of the game's cards: what a new run is dealt from (read by `refresh`)."""


@lru_cache(maxsize=8)
def content(edition: int) -> dict[str, tuple[str, ...]]:
    """Every pool a setup of this edition deals from (ids in the data's order)."""
    return {name: tuple(k for k, v in table.items() if since(v) <= edition) for name, table in _TABLES.items()}


@lru_cache(maxsize=64)
def ids(name: str, edition: int) -> frozenset[str]:
    """The ids of a pool of this edition, for the invariants (asked after every step of every tested game)."""
    return frozenset(content(edition)[name])


_SINCE: dict[str, int] = {}
"""Each card that joined after the first edition -> its edition (read by `refresh`)."""


def refresh() -> None:
    """Read the cards' editions from the data (at import; again after a test adds a card to it)."""
    global NEWEST
    _SINCE.clear()
    _SINCE.update((k, since(v)) for table in _TABLES.values() for k, v in table.items() if since(v) > FIRST)
    NEWEST = max(_SINCE.values(), default=FIRST)
    content.cache_clear()
    ids.cache_clear()


def since_of(card: str) -> int:
    """The content edition a card, tile or vehicle joined in."""
    return _SINCE.get(card, FIRST)


refresh()
