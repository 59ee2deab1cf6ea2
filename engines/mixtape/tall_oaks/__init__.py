"""Mixtape Massacre: Escape From Tall Oaks: one survivor among rivals, racing to escape the town."""

from engines.mixtape.tall_oaks.game import GAME

__all__ = ["GAME"]
