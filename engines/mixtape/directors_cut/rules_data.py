"""The Director's Cut's numbers, cards and board, read once from the data files beside this module."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engines.core.datafile import read_toml
from engines.mixtape import board as board_module
from engines.mixtape.supplies import Supply, card_type, supply_cards, supply_types

_DATA = read_toml(Path(__file__).with_name("cards.toml"))
BOARD = board_module.load(Path(__file__).with_name("board.toml"))

_R = _DATA["rules"]
HEALTH: int = _R["health"]
METER: int = _R["meter"]
MOVEMENT_DICE: int = _R["movement_dice"]
ACTION_DICE: int = _R["action_dice"]
LOCK_TOKENS: int = _R["lock_tokens"]
TRACKER_TOKENS: int = _R["tracker_tokens"]
"""The Supply Tracker Tokens in the box: a supply taken takes its tokens from those not on a held card."""
SCENE_MARKERS: int = _R["scene_markers"]
GOAL: int = _R["goal"]
"""The rulebook's souvenir goal (the default); `SUGGESTED_GOALS` is its table by player count (goal=auto)."""
SUGGESTED_GOALS: dict[int, int] = {int(k): v for k, v in _R["suggested_goal"].items()}
UNLOCK_KNIVES: dict[str, int] = dict(_R["unlock_knives"])
SEARCH_NOISE: int = _R["search_noise"]
FEND_METER_DROP: int = _R["fend_meter_drop"]
COMBO_MULTIPLIER: int = _R["combo_multiplier"]
HEX_DAMAGE: int = _R["hex_damage"]
SURVIVOR_SOUVENIR_LOSS: int = _R["survivor_souvenir_loss"]
SURVIVOR_HEALTH_LOSS: int = _R["survivor_health_loss"]
BRAWL_LOSS: int = _R["brawl_loss"]
BRAWL_BIG_LOSS: int = _R["brawl_big_loss"]
BRAWL_BIG_KNIVES: int = _R["brawl_big_knives"]
BRAWL_SOUVENIRS: int = _R["brawl_souvenirs"]

ACTION_FACES: tuple[str, ...] = tuple(_DATA["dice"]["action"])
SEARCH_FACES: tuple[str, ...] = tuple(_DATA["dice"]["search"])
KNIFE, FIST, PENTAGRAM = "knife", "fist", "pentagram"

SOUVENIR_TOKENS: list[str] = [f"s{i:02d}" for i in range(1, _DATA["tokens"]["souvenirs"] + 1)]
RUNNER_TOKENS: list[str] = [f"r{i:02d}" for i in range(1, _DATA["tokens"]["runners"] + 1)]
ALL_TOKENS: list[str] = SOUVENIR_TOKENS + RUNNER_TOKENS


def is_runner(token: str) -> bool:
    return token.startswith("r")


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    defeat: int
    defend: int
    health_loss: int
    lock: str
    souvenir_loss: int
    supply_loss: bool
    source: str


HEROES: dict[str, Hero] = {
    hid: Hero(
        hid,
        h["name"],
        h["defeat"],
        h["defend"],
        h["health_loss"],
        h["lock"],
        h["souvenir_loss"],
        h["supply_loss"],
        h["source"],
    )
    for hid, h in _DATA["heroes"].items()
}
_W = _DATA["wolf"]
WOLF = Hero(
    "wolf",
    _W["name"],
    _W["defeat"],
    _W["defend"],
    _W["health_loss"],
    _W["lock"],
    _W["souvenir_loss"],
    _W["supply_loss"],
    _W["source"],
)


def hero_now(hero: str, wolf: bool) -> Hero:
    """The Hero's numbers now: Linda's Wolf form while a Full Moon is out."""
    return WOLF if wolf else HEROES[hero]


FULL_MOON_HERO = "linda"
"""The Hero whose deck keeps the Full Moon cards."""
SLASHERS: list[tuple[str, str]] = [(x["name"], x["ability"]) for x in _DATA["slasher_profiles"]["list"]]
SLASHER_NAMES: list[str] = [name for name, _ in SLASHERS]
ABILITY_OF: dict[str, str] = dict(SLASHERS)
SLASHER_IDS: list[str] = [ability for _, ability in SLASHERS]
"""A slasher's id is its ability's id (each slasher has its own): the choices of the `slasher` option."""
NAME_OF: dict[str, str] = {ability: name for name, ability in SLASHERS}
RESURRECT_HEALTH: int = _DATA["slasher_profiles"]["resurrect_health"]
LEGEND_KNIVES: int = _DATA["slasher_profiles"]["legend_knives"]
NIGHTMARE_DAMAGE: int = _DATA["slasher_profiles"]["nightmare_damage"]
HERO_ROAM_DICE: int = _DATA["hero_roam"]["dice"]
RAVENOUS_DAMAGE: int = _DATA["slasher_profiles"]["ravenous_damage"]
ABILITY_TEXT: dict[str, str] = {
    "legend": "+3 knives on your next attack roll",
    "nightmare": "every other slasher loses 1 health",
    "ravenous": "the rival with the most souvenirs loses 2 health",
    "thorne": "every rival loses their supply",
    "mother": "heal to full health",
    "jingles": "the Hero Meter drops to zero",
    "prom": "take a souvenir from the bank",
    "patches": "draw a Supply card",
    "stitches": "come back from death once (automatic)",
    "drowned": "move straight into any location with a Scene Marker",
}


SUPPLY_TYPES: dict[str, Supply] = supply_types(_DATA["supply"])
SUPPLY_CARDS: list[str] = supply_cards(_DATA["supply"])


_BY_CARD: dict[str, Supply] = {card: SUPPLY_TYPES[card_type(card)] for card in SUPPLY_CARDS}
"""Each card's type, read once (the policies and rules ask many times a step)."""


def supply(card: str) -> Supply:
    """The type of a supply card id such as 'drill.2'."""
    found = _BY_CARD.get(card)
    return found if found is not None else SUPPLY_TYPES[card_type(card)]


@dataclass(frozen=True)
class Scene:
    id: str
    title: str
    kind: str  # attack, defense, survivor
    knives: int
    souvenirs: int
    noise: int
    damage: int
    fists: int
    source: str


SCENES: dict[str, Scene] = {
    c["id"]: Scene(
        c["id"],
        c["title"],
        c["kind"],
        c.get("knives", 0),
        c.get("souvenirs", 0),
        c.get("noise", 0),
        c.get("damage", 0),
        c.get("fists", 0),
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
    location: str
    source: str


FULL_MOON: frozenset[str] = frozenset(cid for cid, c in SCENES.items() if c.kind == "full_moon")


def scene_deck(hero: str) -> list[str]:
    """The Killer Scenes, Dude cards in play: without the Full Moon cards unless the Hero is Linda."""
    return [cid for cid in SCENES if hero == FULL_MOON_HERO or cid not in FULL_MOON]


BONUS: dict[str, BonusCard] = {
    c["id"]: BonusCard(c["id"], c["name"], c["effect"], c["amount"], c.get("location", ""), c["source"])
    for c in _DATA["bonus_tracks"]["cards"]
}

LOCATIONS: list[str] = list(BOARD.locations)
if len(LOCATIONS) != SCENE_MARKERS:  # RB Setting the Scene: one Scene Marker in each of the 12 locations
    raise ValueError(f"the board has {len(LOCATIONS)} locations; the rulebook's town has {SCENE_MARKERS}")
MULTI_ENTRANCE: frozenset[str] = frozenset(
    lid for lid, loc in BOARD.locations.items() if len(loc.entrances) > 1
)
