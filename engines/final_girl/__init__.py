"""Final Girl: The Marrek Murders. One seat, the Final Girl; the rules play The Tormentor and her traps."""

from engines.final_girl.game import GAME

__all__ = ["GAME"]
