"""Prose for the turn log: each event becomes a sentence or two, chosen from one TOML file per game.

Kept apart from the terminal so a saved log can be re-rendered or exported the same way anywhere.
"""

from narratives.narrator import Narrator, for_game

__all__ = ["Narrator", "for_game"]
