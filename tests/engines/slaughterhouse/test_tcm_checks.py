"""The invariants the suite checks after every step find a card in two places, a card nowhere and a card that
is not the run's: a check that passed every state would pass every broken engine too."""

from __future__ import annotations

from engines.registry import get

GAME = get("slaughterhouse")


def test_a_sawyer_card_in_two_places_nowhere_or_unknown_is_named():
    state, _ = GAME.setup(3)
    assert GAME.invariants(state) == []
    card = state.sawyer_deck[0]
    state.hand.append(card)
    assert any("Sawyer card in two places" in p and card in p for p in GAME.invariants(state))
    state.hand.pop()
    state.sawyer_deck.remove(card)
    assert any("Sawyer card nowhere" in p and card in p for p in GAME.invariants(state))
    state.sawyer_deck.append("no-such-card")
    problems = GAME.invariants(state)
    assert any("unknown: no-such-card" in p for p in problems) and any("nowhere" in p for p in problems)


def test_two_copies_in_place_of_two_cards_are_not_taken_for_the_whole_deck():
    """As many places as cards, but one card twice and another nowhere: the quick path must not pass it."""
    state, _ = GAME.setup(4)
    first, second = state.injury_deck[0], state.injury_deck[1]
    state.injury_deck[1] = first
    problems = GAME.invariants(state)
    assert any("Injury in two places" in p and first in p for p in problems)
    assert any("Injury nowhere" in p and second in p for p in problems)
