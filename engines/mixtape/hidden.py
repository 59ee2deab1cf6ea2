"""What the two Mixtape games' `determinize` share: a faithful copy, canonical shuffles and fresh dice.

A sample must depend on the seat's view alone, so every hidden pool is sorted before it is shuffled (the true
order never leaks through), and the draws from `rng` come in an order fixed by the view's counts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

import msgspec

from engines.core.decks import Deck
from engines.core.rng import Rng

S = TypeVar("S")


class _Seated(Protocol):
    @property
    def seat(self) -> str: ...


P = TypeVar("P", bound=_Seated)

_ENCODER = msgspec.msgpack.Encoder()
_DECODERS: dict[type, msgspec.msgpack.Decoder[Any]] = {}


def copy_state(state: S) -> S:
    """A deep copy through msgpack: about 7 times faster than copy.deepcopy for these states (11-15 us
    against 90 us, measured on states 150 decisions in), and exact, the Rng's one integer included."""
    kind = type(state)
    decoder = _DECODERS.get(kind)
    if decoder is None:
        decoder = _DECODERS[kind] = msgspec.msgpack.Decoder(kind)
    return decoder.decode(_ENCODER.encode(state))


def fresh_dice(rng: Rng) -> Rng:
    """The game's future dice, redrawn: a new PCG32 seeded with 64 bits from `rng`."""
    return Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())


def shuffled(cards: list[str], rng: Rng) -> list[str]:
    """The cards in canonical (sorted) order, then shuffled: the result depends on which cards, not their order."""
    pool = sorted(cards)
    rng.shuffle(pool)
    return pool


def shuffle_draw_pile(deck: Deck, rng: Rng) -> None:
    """Redraw a deck's hidden order; the discard pile was seen card by card and stays as it lies."""
    deck.draw_pile = shuffled(deck.draw_pile, rng)


def redraw_drawn(deck: Deck, drawn: str, rng: Rng, fits: Callable[[str], bool]) -> str:
    """A card a rival has just drawn and holds unseen, drawn again: shuffled back into the deck's draw pile,
    and the first card that `fits` (what could be waiting there) taken out of it in its place."""
    pool = shuffled([*deck.draw_pile, drawn], rng)
    card = take_first(pool, fits)
    deck.draw_pile = pool
    return card


def take_first(pool: list[str], fits: Callable[[str], bool]) -> str:
    """Remove and return the first card of a shuffled pool that `fits` (uniform among those that fit)."""
    for i, card in enumerate(pool):
        if fits(card):
            return pool.pop(i)
    raise ValueError("no card in the pool fits")


def seated(players: Iterable[P], seat: str, what: str) -> P:
    """The player at `seat` (a rollout's facts and value read one seat's pieces); `what` names them in the error."""
    for p in players:
        if p.seat == seat:
            return p
    raise ValueError(f"no {what} sits at {seat!r}")
