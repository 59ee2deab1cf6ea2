"""The Action cards as things held: their names and costs, and which copy of a kind is played or bought."""

from __future__ import annotations

from engines.final_girl import data as D
from engines.final_girl.state import State

CARD_ORDER = list(D.ACTIONS)
"""Every Action card kind, in card order (as the options list them)."""
NAME = {k: spec["name"] for k, spec in D.ACTIONS.items()}
COST = {k: spec["cost"] for k, spec in D.ACTIONS.items()}
HAND_LIMIT = D.RULES["hand_limit"]
kind_of = D.KIND.__getitem__
"""Card instance -> its kind ('walk-2' -> 'walk')."""
COPIES: dict[str, list[str]] = {}
"""Card kind -> its copies in the order of `<` on their ids, so the first found in a pile is the least."""
for _card in sorted(D.action_ids()):
    COPIES.setdefault(D.KIND[_card], []).append(_card)


def name(kind: str) -> str:
    return NAME[kind]


def hand_kinds(state: State) -> list[str]:
    kinds = D.KIND
    held = {kinds[c] for c in state.hand}
    return [k for k in D.ACTIONS if k in held]


def first_card(cards: list[str], kind: str) -> str | None:
    """The lowest-numbered copy of a card kind in a pile (the one that is played, bought or discarded)."""
    for c in COPIES.get(kind, ()):
        if c in cards:
            return c
    return None


def take_from(cards: list[str], kind: str) -> str:
    """Remove the lowest-numbered copy of a kind from a pile and return it (a legal key always finds one)."""
    card = first_card(cards, kind)
    if card is None:
        raise LookupError(f"no {kind} card in the pile")
    cards.remove(card)
    return card
