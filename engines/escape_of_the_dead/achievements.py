"""Achievements of Escape of the Dead (designed: the minigame's rulebook has none), read from a finished run's
events. Pure: the application records them across runs (solo/achievements.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engines.core.datafile import read_toml
from engines.core.events import Event
from engines.escape_of_the_dead import rules_data as R

_DATA = read_toml(Path(__file__).with_name("achievements.toml"))
TEXT: dict[str, str] = {k: v["text"] for k, v in _DATA.items()}


def _won(log: list[Event]) -> Event | None:
    return next((e for e in log if e.kind == "game_won"), None)


def _ended(log: list[Event]) -> Event | None:
    return next((e for e in log if e.kind in ("game_won", "game_lost")), None)


def _taken(log: list[Event]) -> set[str]:
    return {e.facts["reward"] for e in log if e.kind == "reward_taken"}


def _short_handed(log: list[Event]) -> bool:
    start = next((e for e in log if e.kind == "game_started"), None)
    return (
        _won(log) is not None
        and start is not None
        and start.facts["barricade"] <= _DATA["short_handed"]["boards_at_most"]
    )


def _one_board(log: list[Event]) -> bool:
    left = _DATA["one_board"]["boards_left"]
    return _won(log) is not None and any(
        e.kind == "zombies_attack" and e.facts["barricade"] == left for e in log
    )


_RULES: dict[str, Callable[[list[Event]], bool]] = {
    "first_light": lambda log: _won(log) is not None,
    "short_handed": _short_handed,
    "untouched": lambda log: (w := _won(log)) is not None and w.facts["barricade"] == R.MAX_BARRICADE,
    "quick_fix": lambda log: (
        (w := _won(log)) is not None and w.facts["turn"] <= _DATA["quick_fix"]["turns_at_most"]
    ),
    "one_board": _one_board,
    "exterminator": lambda log: (
        (e := _ended(log)) is not None and e.facts["total_kills"] >= _DATA["exterminator"]["kills_at_least"]
    ),
    "full_set": lambda log: _taken(log) >= {"a", "b", "c", "d"},
    "no_help": lambda log: _won(log) is not None and not _taken(log),
}


def earned(log: list[Event]) -> list[str]:
    """The achievements a finished run's events earn, in the sheet's order."""
    return [a for a in TEXT if _RULES[a](log)]
