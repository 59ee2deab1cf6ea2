"""Achievements of Director's Cut (designed: the rulebook has none), read from a finished run's events for the
person's slasher. Pure: the application records them across runs (solo/achievements.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engines.core.datafile import read_toml
from engines.core.events import Event
from engines.mixtape.log_facts import mine as _mine
from engines.mixtape.log_facts import person as _person
from engines.mixtape.log_facts import won as _won

_DATA = read_toml(Path(__file__).with_name("achievements.toml"))
TEXT: dict[str, str] = {k: v["text"] for k, v in _DATA.items()}


_RULES: dict[str, Callable[[list[Event]], bool]] = {
    "final_cut": _won,
    "three_knives": lambda log: any(
        e.facts.get("dice", []).count("knife") >= _DATA["three_knives"]["knives"] for e in _mine(log, "kill_made")
    ),
    "hero_slayer": lambda log: bool(_mine(log, "hero_defeated")),
    "brawler": lambda log: len(_mine(log, "brawl_won")) >= _DATA["brawler"]["brawls_at_least"],
    "on_a_spree": lambda log: bool(_mine(log, "spree")),
    "untouchable": lambda log: _won(log) and not _mine(log, "hurt"),
}


def earned(log: list[Event]) -> list[str]:
    """The achievements a finished run's events earn, in the sheet's order."""
    if _person(log) is None:
        return []
    return [a for a in TEXT if _RULES[a](log)]
