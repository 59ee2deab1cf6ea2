"""Director's Cut's spaces in words: the name a player reads, and the name the events store.

Every choice, prompt and refusal names a space by a landmark (`Board.place`: "the road 2 steps north-west of
Galaxy Comics"), never by its column and row (issue 7). The events' place facts (`place`, `from`,
`other_place`) still name a road space by its grid cell ("the road at 0,8"), as rules version 5 has always
stored them: a save holds its log and is checked against the replay's, so a changed fact would be a new rules
version. Those facts are never printed as they stand: the narration and the screens say them through `spoken`,
which turns each stored name back into its space's landmark name.
"""

from __future__ import annotations

from engines.mixtape.board import ROAD
from engines.mixtape.directors_cut.rules_data import BOARD as B

PLACE_FACTS = ("place", "from", "other_place")
"""The event facts that name a space in words (a location's name, or a stored space name)."""


def logged(node: str) -> str:
    """The space's name as the events store it: `Board.place`, but a road space by its cell (`Board.label`)."""
    found = _LOGGED.get(node)
    return found if found is not None else _logged(node)


def _logged(node: str) -> str:
    return B.label(node) if B.kind.get(node) == ROAD else B.place(node)


_LOGGED = {node: _logged(node) for node in B.adjacent}
"""Every node's stored name, made once (the board never changes; every move stores two)."""
_SPOKEN = {logged(node): B.place(node) for node in B.adjacent}


def spoken(text: str) -> str:
    """A place fact in the player's words: a stored road name turned into its landmark name; anything else
    (a location, an entrance, a starting point, an empty fact) is already in words and stays as it is."""
    return _SPOKEN.get(text, text)
