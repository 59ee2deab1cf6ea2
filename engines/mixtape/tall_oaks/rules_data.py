"""Escape From Tall Oaks' numbers, cards and board, read once from the data files beside this module."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engines.core.datafile import read_toml
from engines.mixtape import board as board_module
from engines.mixtape.supplies import Supply, card_type, supply_cards, supply_types

SOURCES = frozenset({"rulebook", "research", "designed"})


def require_sources(rows: list[dict], what: str) -> list[dict]:
    """The rows, each checked to carry its own source (the issue's rule: a source on every entry)."""
    for row in rows:
        if row.get("source") not in SOURCES:
            name = row.get("id") or row.get("name") or "?"
            raise ValueError(
                f"cards.toml: {what} entry '{name}' needs a source (rulebook, research or designed)"
            )
    return rows


_DATA = read_toml(Path(__file__).with_name("cards.toml"))
for _rows, _what in (
    (_DATA["slashers"], "slashers"),
    (_DATA["supply"], "supply"),
    (_DATA["abilities"], "abilities"),
    (_DATA["killer_scenes"]["cards"], "killer_scenes"),
    (_DATA["bonus_tracks"]["cards"], "bonus_tracks"),
    (_DATA["final_scenes"]["cards"], "final_scenes"),
):
    require_sources(_rows, _what)
BOARD = board_module.load(Path(__file__).with_name("board.toml"))

_R = _DATA["rules"]
HEALTH: int = _R["health"]
INJURED: int = _R["injured"]
METER: int = _R["meter"]
MOVEMENT_DICE: int = _R["movement_dice"]
ACTION_DICE: int = _R["action_dice"]
SLOTS: int = _R["slots"]
RESCUES_NEEDED: int = _R["rescues_needed"]
TOKENS: list[str] = [f"t{i:02d}" for i in range(1, _R["tokens"] + 1)]
INVADERS_HEALTH: int = _R["invaders_health"]
INVADERS_TOKENS: int = _R["invaders_tokens"]
INVADERS_OTHERS: int = _R["invaders_others"]
SEARCH_NOISE: int = _R["search_noise"]
SCUFFLE_HEALTH: int = _R["scuffle_health"]
SCUFFLE_TOKENS: int = _R["scuffle_tokens"]
REPEL_DROP: int = _R["repel_drop"]

ACTION_FACES: tuple[str, ...] = tuple(_DATA["dice"]["action"])
SEARCH_FACES: tuple[str, ...] = tuple(_DATA["dice"]["search"])
ACTION, SHIELD, ESCAPE = "action", "shield", "escape"
TRAITOR = "traitor"

TASK_LOCATIONS: list[str] = list(_DATA["tasks"]["locations"])
TASK_BATTLES: frozenset[int] = frozenset(_DATA["tasks"]["battles"])
REC = "rec"
FARM = "farm"
MARKER_LOCATIONS: list[str] = [lid for lid in BOARD.locations if lid != REC]
SURVIVOR_NAMES: list[str] = [n if isinstance(n, str) else n["name"] for n in _DATA["survivors"]["names"]]


@dataclass(frozen=True)
class Slasher:
    id: str
    name: str
    defeat: int
    escape: int  # 0: only Triple Escapes get you out
    health_loss: int
    supply_loss: int
    rescue_loss: int
    source: str


SLASHERS: list[Slasher] = [
    Slasher(
        s["id"],
        s["name"],
        s["defeat"],
        s["escape"],
        s["health_loss"],
        s["supply_loss"],
        s["rescue_loss"],
        s["source"],
    )
    for s in _DATA["slashers"]
]
LEGEND = len(SLASHERS) - 1


SUPPLY_TYPES: dict[str, Supply] = supply_types(_DATA["supply"])
SUPPLY_CARDS: list[str] = supply_cards(_DATA["supply"])
BAT = "bat"


_BY_CARD: dict[str, Supply] = {card: SUPPLY_TYPES[card_type(card)] for card in SUPPLY_CARDS}


def supply(card: str) -> Supply:
    """The type of a supply card id such as 'bat.2'."""
    return _BY_CARD[card]


_ARTICLES: dict[str, str] = {s["id"]: s.get("article", "a") for s in _DATA["supply"]}


def article(card: str) -> str:
    """How a sentence counts one card of this supply: 'a' Baseball Bat, 'a pair of' Hockey Pads."""
    return _ARTICLES[card_type(card)]


@dataclass(frozen=True)
class Scene:
    id: str
    title: str
    kind: str
    actions: int
    rescues: int
    noise: int
    damage: int
    shields: int
    source: str


SCENES: dict[str, Scene] = {
    c["id"]: Scene(
        c["id"],
        c["title"],
        c["kind"],
        c.get("actions", 0),
        c.get("rescues", 0),
        c.get("noise", 0),
        c.get("damage", 0),
        c.get("shields", 0),
        c["source"],
    )
    for c in _DATA["killer_scenes"]["cards"]
}


@dataclass(frozen=True)
class BonusCard:
    id: str
    name: str
    effect: str
    amount: int
    source: str


BONUS: dict[str, BonusCard] = {
    c["id"]: BonusCard(c["id"], c["name"], c["effect"], c["amount"], c["source"])
    for c in _DATA["bonus_tracks"]["cards"]
}


@dataclass(frozen=True)
class FinalScene:
    id: str
    title: str
    location: str
    actions: int
    damage: int
    source: str


FINAL_SCENES: dict[str, FinalScene] = {
    c["id"]: FinalScene(c["id"], c["title"], c["location"], c["actions"], c["damage"], c["source"])
    for c in _DATA["final_scenes"]["cards"]
}
MULTI_ENTRANCE: frozenset[str] = frozenset(
    lid for lid, loc in BOARD.locations.items() if len(loc.entrances) > 1
)


@dataclass(frozen=True)
class Ability:
    name: str
    kind: str
    amount: int
    text: str
    source: str


ABILITIES: dict[str, Ability] = {
    a["name"]: Ability(a["name"], a["kind"], a["amount"], a["text"], a["source"]) for a in _DATA["abilities"]
}
COMBOS: dict[str, dict[str, str]] = {
    purpose: dict(table) for purpose, table in _DATA["combos"].items() if isinstance(table, dict)
}
