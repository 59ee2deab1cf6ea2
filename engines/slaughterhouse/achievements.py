"""Achievements a finished Slaughterhouse run earned, read from its events (the rulebook's six).

Pure: the application records them across runs and passes the unlocked ones back as the `unlocked` option.
"""

from __future__ import annotations

from engines.core.events import Event


def earned(log: list[Event]) -> list[str]:
    end = next((e for e in reversed(log) if e.kind == "game_over"), None)
    if end is None:
        return []
    scenario = end.facts.get("scenario", "a")
    kills = [e for e in log if e.kind == "killed"]
    escapes = [e for e in log if e.kind == "escaped"]
    out = []
    if any(e["by"] == "Grandpa" for e in kills):
        out.append("best_there_ever_was")
    sawyer_photo = any(e.kind == "photo_taken" and e["subject"] for e in log)
    if scenario == "d" and end["result"] == "killed" and not sawyer_photo:
        out.append("not_so_fast")
    if scenario == "e" and any(e.facts.get("documented_room") for e in kills):
        out.append("wild_injuries")
    if escapes and end.facts.get("escaped_personal", 0) >= end.facts.get("start_personal", 0) + 2:
        out.append("butchers_apron")
    vehicles = {e["vehicle"] for e in escapes if e.facts.get("how") == "vehicle"}
    if scenario == "a" and len(vehicles) >= 2:
        out.append("dig_deep")
    if scenario == "b" and end.facts.get("ended_by") == "escaped" and end.facts.get("leatherface_in_fire"):
        out.append("chainsaw")
    return out
