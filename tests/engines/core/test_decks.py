import pytest

from engines.core.decks import Deck, EmptyDeck
from engines.core.rng import Rng

CARDS = [f"c{i}" for i in range(10)]


def test_draw_takes_from_the_top_and_every_card_stays_somewhere():
    deck = Deck.shuffled(CARDS, Rng.from_seed(1))
    top = deck.peek(2)
    assert deck.draw() == top[0] and deck.draw() == top[1]
    assert len(deck) == 8


def test_discard_bury_and_put_on_top():
    deck = Deck(draw_pile=["a", "b", "c"])  # c is on top
    deck.bury("z")
    assert deck.draw_pile[0] == "z"
    deck.put_on_top("t")
    assert deck.draw() == "t"
    deck.discard("x")
    assert deck.discard_pile == ["x"] and sorted(deck.cards()) == ["a", "b", "c", "x", "z"]


def test_empty_deck_without_reshuffle_raises():
    deck = Deck(draw_pile=[], discard_pile=["a"])
    with pytest.raises(EmptyDeck):
        deck.draw()


def test_empty_draw_pile_reshuffles_the_discards():
    deck = Deck(draw_pile=[], discard_pile=list(CARDS))
    card = deck.draw(Rng.from_seed(2))
    assert card in CARDS and deck.discard_pile == [] and len(deck) == 9


def test_draw_many_stops_when_the_deck_runs_out():
    deck = Deck(draw_pile=["a", "b"])
    assert deck.draw_many(5) == ["b", "a"]


def test_shuffle_is_deterministic_by_seed():
    assert (
        Deck.shuffled(CARDS, Rng.from_seed(3)).draw_pile == Deck.shuffled(CARDS, Rng.from_seed(3)).draw_pile
    )
