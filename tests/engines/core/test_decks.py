from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.core.decks import DEAL, Dealer, Deck, EmptyDeck, pick
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


# -- dealing that stays stable when content is added (issue 46) -------------------------------------------------

LATER = {"z1", "z2"}


def since_of(card: str) -> int:
    return 2 if card in LATER else 1


def dealer(seed: int) -> Dealer:
    return Dealer(seed, Rng.from_seed(seed), 2, since_of)


@given(st.integers(0, 2**64 - 1))
def test_the_first_editions_cards_are_shuffled_as_they_always_were(seed):
    rng = Rng.from_seed(seed)
    old = list(CARDS)
    rng.shuffle(old)
    d = dealer(seed)
    assert d.shuffled("deck", CARDS) == old and d.main.state == rng.state


@given(st.integers(0, 2**64 - 1))
def test_a_later_card_moves_no_first_edition_card_and_no_die(seed):
    before, after = dealer(seed), dealer(seed)
    old = before.shuffled("deck", CARDS)
    new = after.shuffled("deck", ["z2", *CARDS, "z1"])
    assert [c for c in new if c not in LATER] == old and sorted(new) == sorted([*CARDS, "z1", "z2"])
    assert before.main.state == after.main.state
    assert before.choice("pick", CARDS) in CARDS and after.choice("pick", [*CARDS, "z1"])
    assert before.main.state == after.main.state


def test_a_later_card_lands_at_every_place_equally_often():
    places = Counter(dealer(seed).shuffled("deck", ["z1", *CARDS]).index("z1") for seed in range(5500))
    assert set(places) == set(range(11)) and all(400 < n < 600 for n in places.values())  # 500 expected each


def test_a_choice_takes_a_later_card_as_often_as_any_other():
    picks = Counter(dealer(seed).choice("pick", ["a", "b", "z1", "z2"]) for seed in range(8000))
    assert set(picks) == {"a", "b", "z1", "z2"} and all(1800 < n < 2200 for n in picks.values())


def test_a_draw_in_play_moves_the_dice_as_before_a_card_was_added():
    a, b = Rng.from_seed(4), Rng.from_seed(4)
    seen = Counter()
    for _ in range(4000):
        i = pick(a, ["x", "y", "z1"], since_of)
        assert b.below(2) in (0, 1) and a.state == b.state  # one draw of the game's RNG, as over ["x", "y"]
        seen[["x", "y", "z1"][i]] += 1
    assert all(1150 < n < 1520 for n in seen.values())  # 1,333 expected each


def test_a_run_asking_for_an_edition_this_version_lacks_is_one_line():
    with pytest.raises(ValueError, match="edition 3 of the game's cards; this version has editions 1 to 2"):
        Dealer.take(1, Rng.from_seed(1), {DEAL: "3"}, 2, since_of)
    options = {DEAL: "1", "other": "x"}
    assert Dealer.take(1, Rng.from_seed(1), options, 2, since_of).edition == 1 and options == {"other": "x"}
    assert Dealer.take(1, Rng.from_seed(1), {}, 2, since_of).edition == 2
