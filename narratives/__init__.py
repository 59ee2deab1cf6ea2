"""Prose for the turn log: each event becomes a sentence or two, chosen from one TOML file per game.

Kept apart from the terminal so a saved log can be re-rendered or exported the same way anywhere. The
template language (rules, facts told, folds, grammar words) is described in narratives/templates.py.
"""

from narratives.narrator import Narrator, for_game
from narratives.nouns import Noun
from narratives.story import Telling

__all__ = ["Narrator", "Noun", "Telling", "for_game"]
