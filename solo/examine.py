"""`examine THING` (`x`, `look THING`): what a card, item, place or character does, found by the name typed.

A game's screen module offers `things(view) -> dict[name, text]`: everything the person's seat can know about,
with its text, cost, uses left and where it is; a hidden thing is listed with a text that says it is hidden.
Names resolve as choices do: the whole name, a unique start of it or of one of its words, else a suggestion.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping

from solo.games import GameUI, InputError


def things(ui: GameUI, view: object) -> dict[str, str]:
    return dict(ui.things(view))


def find(known: Mapping[str, str], typed: str) -> str:
    """The name `typed` means among `known`; InputError (one line, with a suggestion) when it means none or
    several."""
    low = " ".join(typed.lower().split())
    names = list(known)
    exact = [n for n in names if n.lower() == low or n.lower().removeprefix("the ") == low]
    if exact:
        return exact[0]
    starts = [n for n in names if _starts(n.lower(), low)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        shown = ", ".join(f"'{n}'" for n in starts[:5]) + (f" and {len(starts) - 5} more" if len(starts) > 5 else "")
        raise InputError(f"'{typed}' could be {shown}. Type more of the name.")
    close = difflib.get_close_matches(low, [n.lower() for n in names], n=1, cutoff=0.6)
    tip = f" Did you mean '{next(n for n in names if n.lower() == close[0])}'?" if close else ""
    raise InputError(f"There is nothing called '{typed[:40]}' to examine.{tip} 'examine' alone lists what there is.")


def _starts(name: str, typed: str) -> bool:
    """A start of the name, or of the name from any of its words on ('walk' finds 'Quick Walk'), word by word
    and past the stops ('dr rav' finds 'Dr. Ravenous', 'qu wa' 'Quick Walk')."""
    words = [w.strip(".,'!?:;") for w in name.split()]
    said = [w.strip(".,'!?:;") for w in typed.split()]
    if not said:
        return False
    return any(
        len(said) <= len(words) - i and all(w.startswith(t) for w, t in zip(words[i:], said, strict=False))
        for i in range(len(words))
    )
