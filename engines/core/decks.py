"""Decks of cards as plain lists of card ids, shuffled with the game's RNG.

The top of a draw pile is the end of its list, so drawing is a cheap pop(). Nothing here knows what a card
does; the games keep that in their data files.
"""

from __future__ import annotations

import msgspec

from engines.core.rng import Rng


class EmptyDeck(Exception):
    """Raised by draw() when both the draw pile and (if reshuffling) the discard pile are empty."""


class Deck(msgspec.Struct):
    draw_pile: list[str] = []
    discard_pile: list[str] = []

    @classmethod
    def shuffled(cls, cards: list[str], rng: Rng) -> Deck:
        pile = list(cards)
        rng.shuffle(pile)
        return cls(draw_pile=pile)

    def __len__(self) -> int:
        return len(self.draw_pile)

    def cards(self) -> list[str]:
        """Every card the deck holds, in either pile (for 'each card in exactly one place' checks)."""
        return self.draw_pile + self.discard_pile

    def draw(self, rng: Rng | None = None) -> str:
        """Take the top card. With an rng, an empty draw pile is first refilled from the shuffled discards."""
        if not self.draw_pile and rng is not None:
            self.reshuffle(rng)
        if not self.draw_pile:
            raise EmptyDeck("the deck is empty")
        return self.draw_pile.pop()

    def draw_many(self, n: int, rng: Rng | None = None) -> list[str]:
        """Draw up to n cards; fewer if the deck runs out."""
        out: list[str] = []
        for _ in range(n):
            try:
                out.append(self.draw(rng))
            except EmptyDeck:
                break
        return out

    def peek(self, n: int = 1) -> list[str]:
        """The top n cards, top first, without drawing them."""
        return self.draw_pile[::-1][:n]

    def discard(self, card: str) -> None:
        self.discard_pile.append(card)

    def bury(self, card: str) -> None:
        """Put a card at the bottom of the draw pile."""
        self.draw_pile.insert(0, card)

    def put_on_top(self, card: str) -> None:
        self.draw_pile.append(card)

    def reshuffle(self, rng: Rng) -> None:
        """Shuffle the discard pile under what remains of the draw pile."""
        pile = self.discard_pile
        self.discard_pile = []
        rng.shuffle(pile)
        self.draw_pile = pile + self.draw_pile
