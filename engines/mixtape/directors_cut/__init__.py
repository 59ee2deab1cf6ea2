"""Mixtape Massacre: Director's Cut: one slasher against rival slashers in the town of Tall Oaks."""

from engines.mixtape.directors_cut.game import GAME

__all__ = ["GAME"]
