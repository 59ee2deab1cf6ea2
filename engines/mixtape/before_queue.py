"""A Mixtape game's state as saved before the turn machine's queue (issue 47, 2), brought to the queue's shape.

Before, each game kept the one step a decision interrupted as a tag: `after` (both games), Director's Cut also
`brawl_after` (what follows a brawl the mover wins) and `door` (what staying out of a location whose lock was just
broken leads to). Now those steps wait in `todo`, next first, in the order the flows nest (a brawl's or a fight's
step before the door's). A tag was left behind where a flow was cut short (a Hero who won ends the turn; the end of
the game): the queue keeps no such step, so the upgrade keeps only the tags the state was still waiting on, read
from what the state waits for (a fight, a keep choice, a brawl, a door). A save's replay then checks the whole
upgraded state against its own (solo/run.py), as before.

Plain functions on the decoded JSON object, importing nothing from the engines, so bench/digest_shape.py can read
an older checkout's states with them too."""

from __future__ import annotations

from typing import Any

OLD_DC = ("after", "brawl_after", "door")
"""Director's Cut's tags before the queue; `todo` stands where `after` stood."""


def directors_cut(state: dict[str, Any]) -> dict[str, Any]:
    """A Director's Cut state of either shape, in the queue's (a copy; one of the queue's shape unchanged)."""
    if "todo" in state or "after" not in state:
        return state
    return _replaced(state, OLD_DC, _dc_todo(state))


def tall_oaks(state: dict[str, Any]) -> dict[str, Any]:
    """An Escape From Tall Oaks state of either shape, in the queue's (a copy; one of the queue's shape
    unchanged)."""
    if "todo" in state or "after" not in state:
        return state
    return _replaced(state, ("after",), _to_todo(state))


def _dc_todo(state: dict[str, Any]) -> list[str]:
    if state.get("result"):
        return []  # a finished game has nothing left to do
    after, waits = state.get("after", ""), state.get("fighter", -1) >= 0 or state.get("keeper", -1) >= 0
    phase = state.get("phase")
    door = phase == "door" or (phase == "spend" and state.get("purpose") == "unlock") or (waits and after == "door")
    todo = [state.get("brawl_after", "")] if state.get("brawl") else []
    todo += [after] if waits else []
    todo += [state.get("door", "")] if door else []
    return [step for step in todo if step]


def _to_todo(state: dict[str, Any]) -> list[str]:
    after = state.get("after", "")
    if state.get("result") or not after:
        return []
    fight_or_keep = bool(state.get("fight")) or state.get("keeper", -1) >= 0
    escaped = after == "escaped" and state.get("phase") == "scuffle"
    return [after] if fight_or_keep or escaped else []


def _replaced(state: dict[str, Any], old: tuple[str, ...], todo: list[str]) -> dict[str, Any]:
    """The state with its `old` tags gone and `todo` where the first of them stood (the field order of the
    state's struct, so its encoding is the one the queue's code writes)."""
    out: dict[str, Any] = {}
    for name, value in state.items():
        if name == old[0]:
            out["todo"] = todo
        elif name not in old:
            out[name] = value
    return out
