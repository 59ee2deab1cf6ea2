"""The numbers and cards of Final Girl: The Marrek Murders, read once from board.toml and cards.toml."""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

from engines.core.datafile import read_toml


def _load(name: str) -> dict[str, Any]:
    return read_toml(Path(__file__).with_name(name))


BOARD = _load("board.toml")
CARDS = _load("cards.toml")
RULES: dict[str, Any] = CARDS["rules"]

SPACES: dict[str, dict[str, Any]] = BOARD["spaces"]
ORDER: list[str] = list(SPACES)
SETUPS: dict[str, dict[str, Any]] = BOARD["setups"]
ACTIONS: dict[str, dict[str, Any]] = CARDS["actions"]
BONUS_ITEMS: dict[str, dict[str, Any]] = CARDS["bonus_items"]
ITEMS: dict[str, dict[str, Any]] = {**CARDS["items"], **BONUS_ITEMS}
LOCATION_ITEMS: list[str] = sorted(CARDS["items"])
TERROR: dict[str, dict[str, Any]] = CARDS["terror"]
EVENTS: dict[str, dict[str, Any]] = CARDS["events"]
GIRLS: dict[str, dict[str, Any]] = CARDS["final_girls"]
KILLER: dict[str, Any] = CARDS["killer"]
FINALES: dict[str, dict[str, Any]] = CARDS["finales"]
DARK_POWERS: dict[str, dict[str, Any]] = CARDS["dark_powers"]
VICTIM_TRAPS: dict[str, dict[str, Any]] = CARDS["victim_traps"]
FG_TRAPS: dict[str, dict[str, Any]] = CARDS["fg_traps"]
TRAPS: dict[str, dict[str, Any]] = {**VICTIM_TRAPS, **FG_TRAPS}

EXITS: list[str] = [s for s in ORDER if SPACES[s].get("exit")]
SEARCH_SPACES: list[str] = [s for s in ORDER if SPACES[s].get("search")]
RACKS: set[str] = {s for s in ORDER if SPACES[s].get("rack")}
PIT = next(s for s in ORDER if SPACES[s].get("pit"))
ITEMS_PER_DECK = 4

WALK_LINES: dict[str, list[str]] = {s: [] for s in ORDER}
GAP_LINES: dict[str, list[str]] = {s: [] for s in ORDER}
for a, b in BOARD["lines"]["walk"]:
    WALK_LINES[a].append(b)
    WALK_LINES[b].append(a)
for a, b in BOARD["lines"]["gap"]:
    GAP_LINES[a].append(b)
    GAP_LINES[b].append(a)
NEIGHBOURS: dict[str, list[str]] = {s: sorted(WALK_LINES[s] + GAP_LINES[s], key=ORDER.index) for s in ORDER}


def _distances() -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for start in ORDER:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in NEIGHBOURS[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        out[start] = seen
    return out


DIST: dict[str, dict[str, int]] = _distances()


def step_toward(here: str, goal: str) -> str:
    """The next space on a shortest path (ties by board order), as the Killer and Victims move."""
    if here == goal:
        return here
    return min((n for n in NEIGHBOURS[here] if DIST[n][goal] == DIST[here][goal] - 1), key=ORDER.index)


def action_ids() -> list[str]:
    """Every Action card instance: 'walk-1', 'walk-2', ... (23 core cards, Climb and Leap)."""
    return [f"{cid}-{i}" for cid, card in ACTIONS.items() for i in range(1, card["copies"] + 1)]


def card_kind(card: str) -> str:
    """'walk-2' -> 'walk' (Action and Terror card instances)."""
    kind = _KINDS.get(card)
    if kind is None:
        kind = _KINDS[card] = card.rsplit("-", 1)[0]
    return kind


_KINDS: dict[str, str] = {}
ACTION_INDEX: dict[str, int] = {k: i for i, k in enumerate(ACTIONS)}


def terror_ids(owner: str) -> list[str]:
    return [
        f"{tid}-{i}"
        for tid, card in TERROR.items()
        if card["owner"] == owner
        for i in range(1, card["copies"] + 1)
    ]


HORROR_MAX = len(RULES["dice_normal"]) - 1
ROWS: list[list[Any]] = KILLER["rows"]


KIND: dict[str, str] = {c: card_kind(c) for c in action_ids() + terror_ids("killer") + terror_ids("location")}
"""Card instance -> card kind, for every Action and Terror card (a plain lookup on the hot paths)."""
