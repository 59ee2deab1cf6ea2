"""Dealing characters in both Mixtape games: the person's pick first, the rivals in shuffled order."""

from __future__ import annotations

from engines.core.rng import Rng
from engines.mixtape.dealing import deal

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def test_a_random_deal_is_the_shuffle_and_a_pick_goes_first_with_the_rest_in_shuffled_order():
    shuffled = deal(Rng.from_seed(4), NAMES, None)
    assert sorted(shuffled) == sorted(NAMES) and NAMES == ["Ann", "Bo", "Cy", "Di", "Ed"]
    picked = deal(Rng.from_seed(4), NAMES, "Cy")
    assert picked == ["Cy", *(n for n in shuffled if n != "Cy")]


def test_the_dice_after_the_deal_do_not_depend_on_the_pick():
    a, b = Rng.from_seed(9), Rng.from_seed(9)
    deal(a, NAMES, None)
    deal(b, NAMES, "Ed")
    assert a.state == b.state
