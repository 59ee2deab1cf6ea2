"""Achievements of Escape From Tall Oaks (designed: the rulebook has none), read from a finished run's events for
the person's survivor. Pure: the application records them across runs (solo/achievements.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engines.core.datafile import read_toml
from engines.core.events import Event
from engines.mixtape.log_facts import mine as _mine
from engines.mixtape.log_facts import person as _person
from engines.mixtape.log_facts import won as _escaped

_DATA = read_toml(Path(__file__).with_name("achievements.toml"))
TEXT: dict[str, str] = {k: v["text"] for k, v in _DATA.items()}


_RULES: dict[str, Callable[[list[Event]], bool]] = {
    "airlifted": _escaped,
    "lifesaver": lambda log: sum(1 for e in _mine(log, "rescue") if e.facts.get("ok"))
    >= _DATA["lifesaver"]["rescues_at_least"],
    "task_force": lambda log: len(_mine(log, "task_done")) >= _DATA["task_force"]["tasks_at_least"],
    "final_rescue": lambda log: bool(_mine(log, "final_rescue")),
    "not_a_scratch": lambda log: _escaped(log) and not _mine(log, "hurt"),
    "traitor": lambda log: bool(_mine(log, "traitor")),
}


def earned(log: list[Event]) -> list[str]:
    """The achievements a finished run's events earn, in the sheet's order."""
    if _person(log) is None:
        return []
    return [a for a in TEXT if _RULES[a](log)]
