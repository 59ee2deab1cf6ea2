"""The numbers, cards and House graph of Slaughterhouse, read once from cards.toml and board.toml."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.core.datafile import read_toml

_CARDS = read_toml(Path(__file__).with_name("cards.toml"))
_BOARD = read_toml(Path(__file__).with_name("board.toml"))

FACES: tuple[int, ...] = tuple(_CARDS["dice"]["faces"])
RULES: dict[str, int] = {k: v for k, v in _CARDS["rules"].items() if k != "source"}
ACTIONS = RULES["trespasser_actions"]
ITEM_LIMIT = RULES["item_limit"]
TOKENS = RULES["noise_fear_tokens"]
SEARCHED_TOKENS = RULES["searched_tokens"]

TRESPASSERS: list[dict[str, Any]] = _CARDS["trespassers"]
SAWYERS: dict[str, dict[str, Any]] = _CARDS["sawyers"]
SAWYER_ORDER = ("old_man", "hitchhiker", "leatherface")
PANIC: list[dict[str, Any]] = _CARDS["panic"]
HORROR: dict[str, dict[str, Any]] = {h["id"]: h for h in _CARDS["horror"]}
VEHICLES: dict[str, dict[str, Any]] = {v["id"]: v for v in _CARDS["vehicles"]}
SCENARIO_A_VEHICLES = ("orange_car", "blue_truck", "green_van")
SCENARIOS: dict[str, dict[str, Any]] = {s["id"]: s for s in _CARDS["scenarios"]}
FIRE: dict[str, int] = {k: v for k, v in _CARDS["fire"].items() if k != "source"}
ESCAPE_VEHICLES = SCENARIO_A_VEHICLES


def _instances(entries: list[dict[str, Any]], prefix: str) -> dict[str, dict[str, Any]]:
    """Card id -> card: one id per physical card, e.g. 'sawyer:slam:2', so every copy has its own place."""
    out: dict[str, dict[str, Any]] = {}
    for e in entries:
        n = e.get("count", 1)
        for i in range(1, n + 1):
            out[f"{prefix}/{e['id']}/{i}" if n > 1 else f"{prefix}/{e['id']}"] = e
    return out


SAWYER_CARDS = _instances(_CARDS["sawyer_cards"], "sawyer")
DESPERATION = _instances(_CARDS["desperation"], "desp")
INJURIES = _instances(_CARDS["injuries"], "injury")
ACHIEVEMENT_SAWYER = _instances(_CARDS["achievement_sawyer_cards"], "sawyer")
ACHIEVEMENT_DESPERATION = _instances(_CARDS["achievement_desperation"], "desp")
ACHIEVEMENT_INJURIES = _instances(_CARDS["achievement_injuries"], "injury")
ALL_SAWYER_CARDS = {**SAWYER_CARDS, **ACHIEVEMENT_SAWYER}
ALL_DESPERATION = {**DESPERATION, **ACHIEVEMENT_DESPERATION}
ALL_INJURIES = {**INJURIES, **ACHIEVEMENT_INJURIES}
ACHIEVEMENTS: dict[str, dict[str, Any]] = {a["id"]: a for a in _CARDS["achievements"]}
ITEMS = _instances(_CARDS["items"], "item")
SCENARIO_A_ITEMS = _instances(_CARDS["scenario_a_items"], "item")
SCENARIO_ITEMS: dict[str, dict[str, dict[str, Any]]] = {
    "a": SCENARIO_A_ITEMS,
    "b": _instances(_CARDS["scenario_b_items"], "item"),
    "c": _instances(_CARDS["scenario_c_items"], "item"),
    "e": _instances(_CARDS["scenario_e_items"], "item"),
    "camera": _instances(_CARDS["scenario_camera"], "item"),
}
ALL_SCENARIO_ITEMS = {k: v for table in SCENARIO_ITEMS.values() for k, v in table.items()}
PERSONAL = _instances(_CARDS["personal_items"], "personal")
ACHIEVEMENT_ITEMS = _instances(_CARDS["achievement_items"], "item")
ALL_ITEMS = {**ITEMS, **ALL_SCENARIO_ITEMS, **PERSONAL, **ACHIEVEMENT_ITEMS}
CAMERA = "item/camera"
INJURY_TYPES = ("hand", "foot", "head", "heart")

SPACES: dict[str, dict[str, Any]] = _BOARD["spaces"]
START = _BOARD["start"]
EDGES: list[tuple[str, str, str]] = [(a, b, k) for a, b, k in _BOARD["links"]["edges"]]
LINKS: dict[str, dict[str, str]] = {s: {} for s in SPACES}
for _a, _b, _k in EDGES:
    LINKS[_a][_b] = _k
    LINKS[_b][_a] = _k
ROOMS: dict[str, list[str]] = {}
for _sid, _sp in SPACES.items():
    if _sp.get("room"):
        ROOMS.setdefault(_sp["room"], []).append(_sid)
HORROR_ROOMS = tuple(r for r in ROOMS if r != SPACES[START["trespassers"]]["room"])
CORNERS = tuple(s for s, sp in SPACES.items() if sp.get("corner"))
VEHICLE_SPACES = tuple(s for s, sp in SPACES.items() if sp.get("vehicle"))
INDOORS = frozenset(s for s, sp in SPACES.items() if sp["region"] != "outdoors")
TOKEN_ROOMS = tuple(r for r in HORROR_ROOMS)
"""Rooms that may hold a Scenario token: every named room but the Foyer (designed, as for Horror tiles)."""


AT: dict[str, tuple[int, int]] = {s: (sp["at"][0], sp["at"][1]) for s, sp in SPACES.items()}
"""Each space's (column, row) on its board's drawn grid (designed; row 0 is the back of the house)."""
LABELS: dict[str, str] = {s: sp["short"] for s, sp in SPACES.items()}
"""Each space's short label on the drawn map (designed, at most 9 characters)."""


LANDINGS: dict[str, list[str]] = {k: v for k, v in _BOARD["window_landings"].items() if k != "source"}


def window_exits(space: str) -> list[str]:
    """Where a Trespasser can go through a window from this space: downstairs the space beyond it; upstairs
    (rulebook) any Downstairs space between the two Window Symbols on the same side of the house."""
    side = SPACES[space].get("window_side")
    if side:
        return list(LANDINGS[side])
    return [b for b, k in LINKS[space].items() if k == "window"]


STEPS: dict[str, list[str]] = {a: [b for b, k in LINKS[a].items() if k != "window"] for a in SPACES}


def steps(a: str) -> list[str]:
    """Spaces one step away on foot (doors, dotted lines, stairs; never windows)."""
    return STEPS[a]


def _runs() -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for s in SPACES:
        out[s] = [
            (a, b)
            for a in STEPS[s]
            if LINKS[s][a] != "stairs"
            for b in STEPS[a]
            if b != s and LINKS[a][b] != "stairs"
        ]
    return out


RUNS = _runs()
"""Every two-space run from each space (no stairs, no going back), before Horror tiles are considered."""


def _distances() -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for s in SPACES:
        dist = {s: 0}
        frontier = [s]
        while frontier:
            nxt = []
            for x in frontier:
                for y in steps(x):
                    if y not in dist:
                        dist[y] = dist[x] + 1
                        nxt.append(y)
            frontier = nxt
        out[s] = dist
    return out


DIST = _distances()
"""Walking distance between any two spaces (doors and stairs count one step, windows none)."""


def room_of(space: str) -> str:
    return SPACES[space].get("room", "")


def _names() -> dict[str, str]:
    out: dict[str, str] = {"grandpa": "Grandpa"}
    for table in (HORROR, VEHICLES, ALL_SAWYER_CARDS, ALL_DESPERATION, ALL_INJURIES, ALL_ITEMS):
        for key, entry in table.items():
            out[key] = entry["name"]
    out.update({k: v["name"] for k, v in SAWYERS.items()})
    out.update({k: v["name"] for k, v in SPACES.items()})
    return out


NAMES = _names()


def name(card_or_space: str) -> str:
    """A readable name for a card id, a space id, a Sawyer or a Horror tile."""
    return NAMES.get(card_or_space, card_or_space)
