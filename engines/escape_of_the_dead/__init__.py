"""Escape of the Dead (minigame): hold the barricade, repair the car, escape. One seat: the survivor."""

from engines.escape_of_the_dead.game import GAME

__all__ = ["GAME"]
