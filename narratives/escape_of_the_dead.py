"""Escape of the Dead: which wording fits each event, and the derived numbers its templates read.

Only selection and arithmetic live here; every word a player reads is in escape_of_the_dead.toml.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.core.events import Event
from engines.escape_of_the_dead import rules_data as R
from narratives.formatting import render
from narratives.words import join, number_word

PERCENT_PER_REPAIR = 100 // R.REPAIRS_TO_WIN
LOW_BARRICADE = 3
"""At or below this many boards an attack reads as desperate."""
NEAR_ESCAPE = R.REPAIRS_TO_WIN - 2
"""A loss with this many wrenches marked reads as 'so close'."""


def case(event: Event) -> str:
    """The case name for an event; 'default' when the kind reads the same whatever happened."""
    chooser = _CASES.get(event.kind)
    return chooser(event.facts) if chooser else "default"


def fields(event: Event, phrases: Mapping[str, str]) -> dict[str, Any]:
    """Numbers the facts imply but do not state (percentages, the card limits, the dice plan) and how the
    event went."""
    f = event.facts
    out: dict[str, Any] = {
        "max_barricade": f.get("max_barricade", R.MAX_BARRICADE),
        "kills_needed": R.KILLS_PER_REWARD,
    }
    if "repairs" in f:
        out["percent"] = f["repairs"] * PERCENT_PER_REPAIR
    if "repaired" in f:
        out["gained"] = f["repaired"] * PERCENT_PER_REPAIR
    if "reward" in f:
        out["reward_letter"] = str(f["reward"]).upper()
        if f["reward"] == "b":
            out["gained"] = R.REWARD_REPAIRS * PERCENT_PER_REPAIR
    if event.kind == "game_started":
        out["percent"] = 0  # the car starts unrepaired
    if event.kind == "dice_assigned":
        out["plan"] = _plan(f, phrases)
    out.update(_truth(event.kind, f))
    return out


def _truth(kind: str, f: Mapping[str, Any]) -> dict[str, Any]:
    """How the event went, for the truth checks and for `tells`: outcome 'success' or 'failure' (absent:
    neither), and health_lost, the boards the house lost (the barricade is its health)."""
    outcome = None
    if kind == "lawn_rolled":
        outcome = "success" if f["killed"] else "failure" if f["zombies"] else None
    elif kind == "barricade_rolled":
        outcome = "success" if f["built"] else "failure" if not f["hits"] else None
    elif kind == "garage_rolled":
        outcome = "success" if f["repaired"] else "failure"
    elif kind in ("game_won", "game_lost"):
        outcome = "success" if kind == "game_won" else "failure"
    out: dict[str, Any] = {} if outcome is None else {"outcome": outcome}
    if kind == "zombies_attack":
        out["health_lost"] = f["lost"]
    elif kind == "game_lost":
        out["health_lost"] = True  # the attack that ended it took the last board
    return out


def _plan(f: Mapping[str, Any], phrases: Mapping[str, str]) -> str:
    """'two on the lawn, one at the barricade and one in the garage' (sections with no dice left out)."""
    parts = (render(phrases[s], {"n": number_word(f[s])}) for s in R.SECTIONS if f.get(s))
    return join(p for p in parts if p)


# -- the choosers: one small function per kind that reads differently by what happened -----------------


def _opening(f: Mapping[str, Any]) -> str:
    return "weakened" if f["barricade"] < f.get("max_barricade", R.MAX_BARRICADE) else "default"


def _turn(f: Mapping[str, Any]) -> str:
    return "first" if f["turn"] == 1 else "default"


def _skip(f: Mapping[str, Any]) -> str:
    return "empty" if f["zombies"] == 0 else "default"


def _spawn(f: Mapping[str, Any]) -> str:
    if f["placed"] == 0:
        return "none"
    if f["short"] > 0:
        return "short"
    return "one" if f["placed"] == 1 else "many"


def _dice(f: Mapping[str, Any]) -> str:
    return "all_in" if R.DICE in (f["lawn"], f["barricade"], f["garage"]) else "default"


def _lawn(f: Mapping[str, Any]) -> str:
    if f["zombies"] + f["killed"] == 0:
        return "empty"
    if f["killed"] == 0:
        return "miss"
    if f["zombies"] == 0:
        return "overkill" if f["wasted"] else "all"
    return "one" if f["killed"] == 1 else "some"


def _barricade(f: Mapping[str, Any]) -> str:
    if f["hits"] == 0:
        return "miss"
    if f["built"] == 0:
        return "full"
    if f["barricade"] >= R.MAX_BARRICADE:
        return "overflow" if f["wasted"] else "topped"
    return "default"


def _garage(f: Mapping[str, Any]) -> str:
    if f["repaired"] == 0:
        return "none"
    if f["repairs"] >= R.REPAIRS_TO_WIN:
        return "done"
    return "one" if f["repaired"] == 1 else "many"


def _attack(f: Mapping[str, Any]) -> str:
    if f["barricade"] == 0:
        return "breached"
    if f["barricade"] <= LOW_BARRICADE:
        return "low"
    return "one" if f["lost"] == 1 else "many"


def _reward(f: Mapping[str, Any]) -> str:
    letter = str(f["reward"])
    if letter == "a" and f["destroyed"] == 0:
        return "a_none"
    if letter == "b" and f["repairs"] >= R.REPAIRS_TO_WIN:
        return "b_done"
    if letter == "d" and f["built"] == 0:
        return "d_full"
    return letter


def _won(f: Mapping[str, Any]) -> str:
    return "narrow" if f["barricade"] <= 2 else "default"


def _lost(f: Mapping[str, Any]) -> str:
    return "close" if f["repairs"] >= NEAR_ESCAPE else "default"


_CASES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "game_started": _opening,
    "turn_started": _turn,
    "spawn_skipped": _skip,
    "zombies_spawn": _spawn,
    "dice_assigned": _dice,
    "lawn_rolled": _lawn,
    "barricade_rolled": _barricade,
    "garage_rolled": _garage,
    "zombies_attack": _attack,
    "reward_taken": _reward,
    "game_won": _won,
    "game_lost": _lost,
}
