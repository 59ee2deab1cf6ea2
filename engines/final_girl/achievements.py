"""Achievements, read from a finished run's events (both lists in the rulebook).

Pure: the application records them across runs. `earned(log)` says which one run earned; the one that takes
several runs ("Defeat the Tormentor at five different locations") is read from what each run left in the long
record: `remember(log)` gives a run's contribution and `earned_across(memories)` reads them all together.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.events import Event
from engines.final_girl import data as D

TEXT: dict[str, str] = {k: v["text"] for k, v in D.CARDS["achievements"].items()}


def _won(log: list[Event]) -> Event | None:
    return next((e for e in log if e.kind == "game_won"), None)


def _of(log: list[Event], kind: str) -> list[Event]:
    return [e for e in log if e.kind == kind]


def _early_save(log: list[Event]) -> bool:
    """Keyed on a Click! card drawn (resolved), not on an Exit it opened: one may open nothing."""
    for e in log:
        if e.kind == "terror_drawn" and D.TERROR[D.card_kind(e["card"])].get("click"):
            return False
        if e.kind == "victim_saved":
            return True
    return False


def _half_saved(log: list[Event]) -> bool:
    won = _won(log)
    placed = sum(e["count"] for e in _of(log, "victims_placed"))
    return won is not None and placed > 0 and 2 * won["saved"] >= placed


def _climb_and_leap(log: list[Event]) -> bool:
    by_turn: dict[int, set[str]] = {}
    for e in _of(log, "card_played"):
        by_turn.setdefault(e.turn, set()).add(e["card"])
    return any({"climb", "leap"} <= cards for cards in by_turn.values())


def _killing_blow(item: str) -> Callable[[list[Event]], bool]:
    return lambda log: (w := _won(log)) is not None and w.facts.get("weapon") == item


def _freed_and_saved(log: list[Event]) -> bool:
    freed = {(e["victim"], e.turn) for e in _of(log, "victim_freed")}
    return any((e["victim"], e.turn) in freed for e in _of(log, "victim_saved"))


def _quick_kill(log: list[Event]) -> bool:
    won = _won(log)
    appeared = _of(log, "killer_appears")
    return won is not None and bool(appeared) and won.turn == appeared[0].turn + 1


def _fast_rescue(log: list[Event]) -> bool:
    set_at = {e["trap"]: e.turn for e in _of(log, "trap_set")}
    return any(e.turn == set_at.get(e["trap"], -9) + 1 for e in _of(log, "victim_freed"))


def _double_escape(log: list[Event]) -> bool:
    mine = {e.turn for e in _of(log, "fg_escapes")}
    return any(e.turn in mine for e in _of(log, "victim_freed"))


def _extreme(log: list[Event]) -> bool:
    start = _of(log, "game_started")
    return _won(log) is not None and bool(start) and bool(start[0]["extreme"])


CHECKS: dict[str, Callable[[list[Event]], bool]] = {
    "marrek_win": lambda log: _won(log) is not None,
    "early_save": _early_save,
    "half_saved": _half_saved,
    "climb_and_leap": _climb_and_leap,
    "best_friend": lambda log: any(e["special"] == "best_friend" for e in _of(log, "victim_saved")),
    "bowling_ball": _killing_blow("bowling_ball"),
    "item_unlock": lambda log: any(e["how"] in D.ITEMS for e in _of(log, "exit_unlocked")),
    "none_saved": lambda log: (w := _won(log)) is not None and w["saved"] == 0,
    "chain_saw": _killing_blow("chain_saw"),
    "self_savers": lambda log: len(_of(log, "victim_escapes_alone")) >= 2,
    "tormentor_marrek": lambda log: _won(log) is not None,
    "tormentor_extreme": _extreme,
    "escape_artist": lambda log: _won(log) is not None and len(_of(log, "fg_escapes")) >= 3,
    "liberator": lambda log: _won(log) is not None and len(_of(log, "victim_freed")) >= 5,
    "no_trap_deaths": lambda log: (
        _won(log) is not None and not any(e["cause"] == "trap" for e in _of(log, "victim_killed"))
    ),
    "freed_and_saved": _freed_and_saved,
    "quick_kill": _quick_kill,
    "fast_rescue": _fast_rescue,
    "double_escape": _double_escape,
}


def earned(log: list[Event]) -> list[str]:
    """The ids of every achievement this run's events earn, in the rulebook's order."""
    return [name for name, check in CHECKS.items() if check(log)]


LOCATION = "marrek-warehouse"  # the only location this box plays; other boxes would add theirs
FIVE_LOCATIONS = "tormentor_five_locations"


def remember(log: list[Event]) -> dict[str, str]:
    """What a finished run adds to the long record: where The Tormentor was defeated, if she was."""
    return {"tormentor_defeated_at": LOCATION} if _won(log) is not None else {}


LOCATIONS_NEEDED = 5
BOX_LOCATIONS = (LOCATION,)
"""The Locations this box holds: the five-Locations achievement needs LOCATIONS_NEEDED, so here it cannot complete."""


def _places(memories: list[dict[str, str]]) -> set[str]:
    return {m["tormentor_defeated_at"] for m in memories if m.get("tormentor_defeated_at")}


def earned_across(memories: list[dict[str, str]]) -> list[str]:
    """The achievements every recorded run earns together: The Tormentor defeated at five locations."""
    return [FIVE_LOCATIONS] if len(_places(memories)) >= LOCATIONS_NEEDED else []


def progress(memories: list[dict[str, str]]) -> dict[str, str]:
    """How far the recorded runs have come toward each achievement that takes several ('1 of 5 Locations'), and
    where one cannot complete with this box, why (issue 49: a one-Location box showed nothing)."""
    done = len(_places(memories))
    said = f"{done} of {LOCATIONS_NEEDED} Locations"
    if len(BOX_LOCATIONS) < LOCATIONS_NEEDED:
        said += (
            f"; this box has {len(BOX_LOCATIONS)} Location (the Marrek Warehouse), so the other "
            f"{LOCATIONS_NEEDED - len(BOX_LOCATIONS)} can come only from other Final Girl boxes"
        )
    return {FIVE_LOCATIONS: said}
