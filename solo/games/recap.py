"""The digest's recap of the person's own outcomes since their last choice, as both Mixtape games tell it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines.core.events import Event
from solo.screen import RECAP_JOIN

Recaps = Mapping[str, Callable[[dict[str, Any]], str]]
"""Event kind -> the few words for one of the person's own outcomes."""


def own_outcomes(events: Sequence[Event], seat: str, own: Recaps, fight: str, word: str) -> str:
    """The first two of the person's outcomes ('you killed Jock, then Jingles beat you in a brawl'): their own
    events `own` names, and every `fight` event won or lost by them, a rival's turn's included."""
    told = []
    for e in events:
        f = e.facts
        if e.kind == fight and seat in (f["winner"], f["loser"]):
            won = f["winner"] == seat
            told.append(
                f"you won a {word} with {f['loser_name']}" if won else f"{f['winner_name']} beat you in a {word}"
            )
        elif f.get("seat") == seat and e.kind in own:
            told.append(own[e.kind](f))
    return RECAP_JOIN.join(told[:2])
