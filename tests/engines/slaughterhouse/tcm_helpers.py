"""Helpers for the Slaughterhouse rule tests: reach a Trespasser's turn, then set the table by hand."""

from __future__ import annotations

from engines.core.autoplay import policy_rng
from engines.registry import get
from engines.slaughterhouse import data as D
from engines.slaughterhouse.state import State

GAME = get("slaughterhouse")


def advance(state: State, until: str = "action", seed: int = 0, limit: int = 200) -> None:
    """Let the heuristic answer until a decision of the given kind comes up."""
    for n in range(limit):
        d = GAME.decision(state)
        if d is None or d.kind == until:
            return
        GAME.apply(state, GAME.policies["heuristic"](GAME.view(state, d.seat), d, policy_rng(seed, n)))
    raise AssertionError(f"no {until} decision")


def green_turn(seed: int = 0, count: str = "2", scenario: str = "a") -> State:
    """A game at Green's first action in the Foyer, with an empty family hand (no interrupts unless given)."""
    state, _ = GAME.setup(seed, {"trespassers": count, "scenario": scenario})
    advance(state, "order", seed)
    GAME.apply(state, "turn:green")
    state.sawyer_deck += state.hand
    state.hand = []
    return state


def give_cards(state: State, card_id: str, n: int = 1) -> None:
    """Move n copies of a Sawyer card (by design id) from the deck into the family's hand."""
    for c in [c for c in state.sawyer_deck if D.SAWYER_CARDS[c]["id"] == card_id][:n]:
        state.sawyer_deck.remove(c)
        state.hand.append(c)


def injury(state: State, kind: str, effect: str = "none") -> str:
    """Take an Injury card of a type from the Injury deck."""
    card = next(
        c for c in state.injury_deck if D.INJURIES[c]["type"] == kind and D.INJURIES[c]["effect"] == effect
    )
    state.injury_deck.remove(card)
    return card


def item(state: State, item_id: str) -> str:
    """Take a card from either Item deck (or the box, or beside the board) by its design id."""
    for deck in [*state.item_decks.values(), state.item_box, state.beside]:
        for c in deck:
            if D.ALL_ITEMS[c]["id"] == item_id:
                deck.remove(c)
                return c
    raise KeyError(item_id)


def clear_horror(state: State) -> None:
    """Put every face-down Horror tile back in the box (for tests of plain movement)."""
    state.horror_box += list(state.horror.values())
    state.horror = {}


def legal(state: State) -> list[str]:
    return [o.key for o in GAME.decision(state).options]


def to_family(state: State) -> None:
    """End both Trespassers' turns quietly in the Foyer; the family's turn begins (with a free draw)."""
    for _ in range(2):
        state.trespassers[state.current].noise = 0
        GAME.apply(state, "end")
