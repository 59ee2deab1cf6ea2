"""The Mixtape games' opening roll in words: every seat's dice, each by its name, the person's as 'you'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from narratives.words import join


def opening_rolls(f: Mapping[str, Any], person: str, you: str, verb: str = "") -> str:
    """'you roll 3+5 then 4+3, Jingles 2+5 and Patches 6+2 then 3+5' from the event's `faces` (or, in an older
    log, the sums of `rolls`) and `names`; a log from
    before the rolls carried names ('the others roll 7 and 8 then 8', `verb` 'roll') cannot say whose."""
    shown = f.get("faces")  # each roll's dice ('3+5'); a log from before they were kept has only the sums
    if shown:
        faces = {seat: " then ".join("+".join(map(str, r)) for r in rolls) for seat, rolls in shown.items()}
    else:
        faces = {seat: " then ".join(str(r) for r in rolls) for seat, rolls in f["rolls"].items()}
    names = f.get("names") or {}
    mine = [f"{you} {faces[person]}"] if person in faces else []
    others = [(names.get(seat, ""), v) for seat, v in faces.items() if seat != person]
    if all(name for name, _ in others):
        return join([*mine, *(f"{name} {v}" for name, v in others)])
    rest = [v for _, v in others]
    several = len(rest) > 1
    said = f"the other{'s' if several else ''}" + (f" {verb if several else verb + 's'}" if verb else "")
    return "; ".join(p for p in (*mine, f"{said} {join(rest)}" if rest else "") if p)
