"""The Texas Chainsaw Massacre: Slaughterhouse: Trespassers against the Sawyer family."""

from engines.slaughterhouse.game import GAME

__all__ = ["GAME"]
