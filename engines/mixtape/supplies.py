"""Supply cards as both Mixtape games describe them: a type per card id ('drill.2' is a Drill), read from a
game's data rows. What a kind does is each game's own rule."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Supply:
    id: str
    name: str
    kind: str  # what it is for, in the game's own words (knife, fist, heal, key, weapon...)
    amount: int
    noise: int
    uses: int  # 0: infinite
    source: str

    @property
    def infinite(self) -> bool:
        return self.uses == 0


def supply_types(rows: Iterable[Mapping[str, Any]]) -> dict[str, Supply]:
    return {
        s["id"]: Supply(s["id"], s["name"], s["kind"], s["amount"], s["noise"], s["uses"], s["source"])
        for s in rows
    }


def supply_cards(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """One id per physical card: 'drill.1', 'drill.2', ..."""
    return [f"{s['id']}.{n}" for s in rows for n in range(1, s["copies"] + 1)]


def card_type(card: str) -> str:
    """The type id of a supply card id such as 'drill.2'."""
    return card.split(".", 1)[0]
