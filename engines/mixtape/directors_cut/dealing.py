"""The cards a Director's Cut setup deals, by content edition.

Every pool is read here from the data with each entry's `since` (engines/core/decks.py), so a run replays with
the cards it was dealt from however many are added later; tests/engines/test_content.py pins each edition's
pools, so a card added without a new edition is caught before it breaks a saved run.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.core.decks import FIRST
from engines.mixtape.dealing import later, pools
from engines.mixtape.directors_cut import rules_data as R


def _rows() -> dict[str, list[dict[str, Any]]]:
    """Each pool's rows in the data file, in its order."""
    data = R._DATA
    return {
        "slashers": data["slasher_profiles"]["list"],
        "scenes": data["killer_scenes"]["cards"],
        "supplies": data["supply"],
        "bonus": data["bonus_tracks"]["cards"],
    }


NEWEST = FIRST
"""The newest content edition of the game's cards: what a new run is dealt from (read by `refresh`)."""


@lru_cache(maxsize=8)
def content(edition: int) -> dict[str, tuple[str, ...]]:
    """Every pool a setup of this edition deals from, in the order its first-edition cards are shuffled in
    (the Full Moon cards among the scenes: `scene_deck` leaves them out but for Linda)."""
    return pools(_rows(), edition)


def scene_deck(hero: str, edition: int) -> list[str]:
    """The Killer Scenes of the edition, Dude cards in play: without the Full Moon cards unless the Hero is
    Linda."""
    return [c for c in content(edition)["scenes"] if hero == R.FULL_MOON_HERO or c not in R.FULL_MOON]


_SINCE: dict[str, int] = {}
"""Each character or card that joined after the first edition -> its edition (read by `refresh`)."""


def refresh() -> None:
    """Read the editions from the data (at import; again after a test adds a card to it)."""
    global NEWEST
    _SINCE.clear()
    _SINCE.update(later(_rows()))
    NEWEST = max(_SINCE.values(), default=FIRST)
    content.cache_clear()


def since_of(card: str) -> int:
    """The content edition a character or card joined in."""
    return _SINCE.get(card, FIRST)


refresh()
