"""One judge of number agreement for every line a person reads outside the narration (choices, prompts,
screens): the narration's own (`tests/tools/truth.py`'s `agreement`, inflect), over the game's counted nouns and the
few more the screens count."""

from __future__ import annotations

import re
from collections.abc import Callable

from narratives import for_game
from tests.tools.truth import agreement

SCREENS_COUNT = ("souvenir", "card", "die", "token", "success", "injury", "knife")
"""Nouns the screens and choices count besides the narration's own."""

_COMPOUNDS = re.compile(r"\b(zombie|action|rescue)(?= (heads|dice|tokens)\b)", re.IGNORECASE)
"""A noun used as an adjective before the counted one ('10 zombie heads', '4 action dice'): not a count of it."""


def disagrees(game_id: str) -> Callable[[str], list[str]]:
    """For a game: what disagrees in number in a line ('1 dice', '1 souvenirs'); empty when it agrees."""
    truth = for_game(game_id, 0).templates.truth
    return lambda line: agreement(_COMPOUNDS.sub("", line), truth, SCREENS_COUNT)
