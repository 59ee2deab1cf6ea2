"""The cards and survivors an Escape From Tall Oaks setup deals, by content edition.

Every pool is read here from the data with each entry's `since` (engines/core/decks.py), so a run replays with
the cards it was dealt from however many are added later; tests/engines/test_content.py pins each edition's
pools, so a card added without a new edition is caught before it breaks a saved run. A survivor is a plain
name in the data's list, or a table `{ name = "...", since = N }` for one added later.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.core.decks import FIRST
from engines.mixtape.dealing import later, pools
from engines.mixtape.tall_oaks import rules_data as R


def _rows() -> dict[str, list[dict[str, Any]]]:
    """Each pool's rows in the data file, in its order (a survivor's bare name read as a row of its own)."""
    data = R._DATA
    return {
        "survivors": [r if isinstance(r, dict) else {"name": r} for r in data["survivors"]["names"]],
        "scenes": data["killer_scenes"]["cards"],
        "supplies": data["supply"],
        "bonus": data["bonus_tracks"]["cards"],
        "finals": data["final_scenes"]["cards"],
    }


NEWEST = FIRST
"""The newest content edition of the game's cards: what a new run is dealt from (read by `refresh`)."""


@lru_cache(maxsize=8)
def content(edition: int) -> dict[str, tuple[str, ...]]:
    """Every pool a setup of this edition deals from, in the order its first-edition cards are shuffled in."""
    return pools(_rows(), edition)


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
