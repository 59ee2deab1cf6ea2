"""Decks of cards as plain lists of card ids, and the dealing that makes them at setup.

The top of a draw pile is the end of its list, so drawing is a cheap pop(). Nothing here knows what a card
does; the games keep that in their data files.

Dealing (`Dealer`) is made so that content can be added without breaking a saved run. Each entry of a data
file names the content edition it joined in (`since`, 1 where it names none), and a run records the edition it
was dealt from (its option `DEAL`), so it replays with those cards whatever is added later. The first edition's
cards are dealt on the game's RNG as they always were; a card a later edition added is put in at a place drawn
from its own deal's stream (derived from the seed and the deal's name), so adding it moves no other card of
its deck, no other deck and no die: a run differs only where the new card turns up. docs/ARCHITECTURE.md says
how to add content.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import msgspec

from engines.core.rng import Rng, derive_seed

T = TypeVar("T")

DEAL = "deal"
"""The option under which a run records the content edition it was dealt from. The application adds it to every
new run (no player types it); a run saved before runs recorded it was dealt from the first edition, and a setup
without it deals the game's newest."""

FIRST = 1
"""The first content edition: every card a data file lists without a `since`."""


def since(entry: Mapping[str, Any]) -> int:
    """The content edition a data file's entry joined in: its `since`, or the first where it names none."""
    value = entry.get("since", FIRST)
    if type(value) is not int or value < FIRST:
        raise ValueError(f"'since' must be a content edition of at least {FIRST}, not {value!r}")
    return value


def newest(entries: Iterable[Mapping[str, Any]]) -> int:
    """The newest content edition among entries."""
    return max((since(e) for e in entries), default=FIRST)


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


class Dealer:
    """The shuffles and draws of one setup. The first edition's cards of each deal are shuffled (or drawn) on
    the game's RNG, exactly as before any card was added, so the RNG's draws never depend on later content;
    each card of a later edition is then put in at a place drawn from the deal's own stream. Put in at a uniform
    place of a uniformly shuffled deck, each order stays equally likely."""

    def __init__(self, seed: int, rng: Rng, edition: int, since_of: Callable[[str], int]) -> None:
        self.seed = seed
        self.main = rng
        self.edition = edition
        self.since_of = since_of
        self._streams: dict[str, Rng] = {}

    @classmethod
    def take(
        cls, seed: int, rng: Rng, options: dict[str, str], newest: int, since_of: Callable[[str], int]
    ) -> Dealer:
        """The dealer a run's options ask for, taking DEAL out of them (absent: the newest edition).
        ValueError, in words for the person, for an edition this version does not know."""
        value = options.pop(DEAL, None)
        if value is None:
            return cls(seed, rng, newest, since_of)
        if not (value.isascii() and value.isdigit()) or not FIRST <= int(value) <= newest:
            raise ValueError(
                f"the run was dealt from edition {value} of the game's cards; this version has editions "
                f"{FIRST} to {newest}"
            )
        return cls(seed, rng, int(value), since_of)

    def has_first(self, card: str) -> bool:
        """Whether a card is of the first edition (dealt on the game's RNG)."""
        return self.since_of(card) <= FIRST

    def _split(self, items: Iterable[T], later: Collection[Any] | None = None) -> tuple[list[T], list[T]]:
        """The first edition's items in their order, and the later ones (those of a later edition, or those
        named in `later`) sorted: their order in the data is theirs only by chance, and must not decide where
        they go."""
        first: list[Any] = []
        rest: list[Any] = []
        for item in items:
            added = self.since_of(str(item)) > FIRST if later is None else item in later
            (rest if added else first).append(item)
        return first, sorted(rest)

    def _stream(self, name: str) -> Rng:
        rng = self._streams.get(name)
        if rng is None:
            rng = self._streams[name] = Rng.from_seed(derive_seed(self.seed, f"deal:{name}"))
        return rng

    def shuffled(self, name: str, items: Iterable[T], later: Collection[Any] | None = None) -> list[T]:
        """The items shuffled: the first edition's on the game's RNG, each later one put in at a place drawn
        from the stream of the deal `name`. A deal of cards some earlier deal chose names in `later` those that
        were not among the first edition's choice (its pool's length must not depend on later content)."""
        pile, rest = self._split(items, later)
        self.main.shuffle(pile)
        for item in rest:
            pile.insert(self._stream(name).below(len(pile) + 1), item)
        return pile

    def choice(self, name: str, items: Sequence[T]) -> T:
        """One of the items: the first edition's drawn on the game's RNG, then, where later ones are in the
        pool, one of those in its place as often as they are among all."""
        first, later = self._split(items)
        picked = first[self.main.below(len(first))] if first else None
        if later:
            r = self._stream(name).below(len(first) + len(later))
            if r < len(later):
                return later[r]
        if picked is None:
            raise ValueError(f"nothing to draw from in the deal '{name}'")
        return picked

    def deck(self, name: str, cards: Iterable[str]) -> Deck:
        return Deck(draw_pile=self.shuffled(name, cards))


def pick(rng: Rng, pool: Sequence[T], since_of: Callable[[str], int]) -> int:
    """The index of a card drawn at random from a pool during play: among the first edition's cards on the
    game's RNG, as before any card was added; where later ones are in the pool, one of those in its place as
    often as they are among all, from a stream derived from the RNG's state (which the draw has just moved on),
    so the RNG's draws never depend on later content."""
    first = [i for i, c in enumerate(pool) if since_of(str(c)) <= FIRST]
    later = [i for i, c in enumerate(pool) if since_of(str(c)) > FIRST]
    if not later:
        return rng.below(len(pool))
    picked = first[rng.below(len(first))] if first else -1
    side = Rng.from_seed(derive_seed(rng.state, "later"))
    r = side.below(len(first) + len(later))
    return later[r] if r < len(later) else picked
