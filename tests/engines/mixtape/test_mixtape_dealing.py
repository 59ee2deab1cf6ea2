"""Dealing characters in both Mixtape games: the person's pick first, the rivals in shuffled order."""

from __future__ import annotations

import pytest

from engines.core.decks import Dealer
from engines.core.rng import Rng
from engines.mixtape.dealing import deal

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def dealer(seed: int, later: frozenset[str] = frozenset()) -> Dealer:
    return Dealer(seed, Rng.from_seed(seed), 2, lambda name: 2 if name in later else 1)


def test_a_random_deal_is_the_shuffle_and_a_pick_goes_first_with_the_rest_in_shuffled_order():
    shuffled = deal(dealer(4), NAMES, None)
    assert sorted(shuffled) == sorted(NAMES) and NAMES == ["Ann", "Bo", "Cy", "Di", "Ed"]
    picked = deal(dealer(4), NAMES, "Cy")
    assert picked == ["Cy", *(n for n in shuffled if n != "Cy")]


def test_the_dice_after_the_deal_do_not_depend_on_the_pick():
    a, b = dealer(9), dealer(9)
    deal(a, NAMES, None)
    deal(b, NAMES, "Ed")
    assert a.main.state == b.main.state


def test_a_character_added_later_moves_no_die_and_no_other_character():
    """Content added in a later edition goes in on its own stream: the others keep their order, the dice
    theirs."""
    before, after = dealer(5), dealer(5, frozenset({"Zed"}))
    old = deal(before, NAMES, None)
    new = deal(after, [*NAMES, "Zed"], None)
    assert [n for n in new if n != "Zed"] == old and "Zed" in new
    assert before.main.state == after.main.state


def test_a_pick_the_run_was_not_dealt_from_is_one_line():
    with pytest.raises(ValueError, match="Zed is not among the characters"):
        deal(dealer(1), NAMES, "Zed")
