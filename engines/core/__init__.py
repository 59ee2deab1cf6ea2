"""What every game shares: the contract, the seeded RNG, dice, decks, events and the registry."""

from engines.core.contract import (
    Decision,
    Game,
    GameOption,
    Hint,
    IllegalMove,
    Option,
    Outcome,
    Policy,
    Seat,
)
from engines.core.events import Event
from engines.core.rng import Rng

__all__ = [
    "Decision",
    "Event",
    "Game",
    "GameOption",
    "Hint",
    "IllegalMove",
    "Option",
    "Outcome",
    "Policy",
    "Rng",
    "Seat",
]
