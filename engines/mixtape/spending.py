"""The supply spend both Mixtape games make before an action roll (both rulebooks: supply tokens are chosen
before the roll): the roll waits in the spend phase while the roller holds tokens that can serve it, and is made
bare-handed at once when they hold none. What a game's supplies give, and which spends it offers, are its own
(Director's Cut holds one supply card, Tall Oaks several)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

SPEND = "spend"
"""The phase in which the roller chooses the tokens to spend, in both games."""


class Spending(Protocol):
    """The fields of a game's state the spend writes (both games' states have them)."""

    purpose: str
    spender: int
    phase: str


def ask_spend(
    state: Spending, who: int, purpose: str, holds: Callable[[], bool], bare: Callable[[], None]
) -> None:
    """Wait for `who` to spend before the roll for `purpose`; `holds()` says whether they hold tokens for it
    (read once the roll's purpose and roller are set), `bare()` makes the roll without any."""
    state.purpose = purpose
    state.spender = who
    if not holds():
        bare()
        return
    state.phase = SPEND
