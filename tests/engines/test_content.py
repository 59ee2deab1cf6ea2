"""Every content edition's pools are pinned: a card added without a new edition is caught here, before it can
break a saved run (engines/core/decks.py; docs/ARCHITECTURE.md, "Adding content").

A run records the edition it was dealt from and replays from that edition's pools, so an edition once released
must never change: neither which cards it holds nor their order (its first-edition cards are shuffled in that
order). A new card names a new edition (`since = N`); pin that edition by printing this file's manifest:

    .venv/bin/python tests/engines/test_content.py > tests/engines/data/content_editions.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engines import registry

MANIFEST = Path(__file__).with_name("data") / "content_editions.json"
DEALING = [gid for gid in registry.ids() if getattr(registry.get(gid), "newest_deal", None) is not None]


def editions(game_id: str) -> dict[str, dict[str, list[str]]]:
    game = registry.get(game_id)
    newest = int(game.newest_deal)
    return {str(n): {k: list(v) for k, v in game.content(n).items()} for n in range(1, newest + 1)}


def manifest() -> dict[str, dict[str, dict[str, list[str]]]]:
    return {gid: editions(gid) for gid in DEALING}


@pytest.mark.parametrize("game_id", DEALING)
def test_every_content_edition_a_run_may_record_deals_the_cards_it_was_pinned_with(game_id):
    pinned = json.loads(MANIFEST.read_text())[game_id]
    now = editions(game_id)
    for edition, pools in pinned.items():
        assert edition in now, f"{game_id}: edition {edition} is gone; a run dealt from it would not load"
        for pool, cards in pools.items():
            assert now[edition][pool] == cards, (
                f"{game_id}: edition {edition}'s '{pool}' changed (added {sorted(set(now[edition][pool]) - set(cards))},"
                f" lost {sorted(set(cards) - set(now[edition][pool]))}, or reordered). A card added later names a new"
                " edition with `since`; an edition a run may have been dealt from never changes."
            )
    fresh = sorted(set(now) - set(pinned), key=int)
    assert not fresh, f"{game_id}: edition {fresh} is not pinned yet; print the manifest (this file's docstring)"


def test_every_game_that_deals_cards_records_its_edition_and_escape_of_the_dead_deals_none():
    assert DEALING == ["final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"]


if __name__ == "__main__":
    print(json.dumps(manifest(), indent=1))
