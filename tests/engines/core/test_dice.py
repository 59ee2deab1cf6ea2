from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from engines.core import dice
from engines.core.rng import Rng


def test_binomial_of_one_die():
    assert dict(dice.successes_distribution(1, 5)) == {0: Fraction(2, 3), 1: Fraction(1, 3)}


def test_no_success_on_four_dice_at_five_plus():
    dist = dict(dice.successes_distribution(4, 5))
    assert dist[0] == Fraction(16, 81) and dist[4] == Fraction(1, 81)


@given(st.integers(0, 8), st.integers(1, 7))
def test_distributions_sum_to_one(n, threshold):
    dist = dict(dice.successes_distribution(n, threshold))
    assert sum(dist.values()) == 1 and min(dist) >= 0 and max(dist) <= n


def test_exact_distribution_matches_counting_every_roll():
    from itertools import product

    counted = {}
    for faces in product(range(1, 7), repeat=3):
        k = dice.count_at_least(faces, 3)
        counted[k] = counted.get(k, 0) + 1
    exact = dict(dice.successes_distribution(3, 3))
    assert {k: Fraction(c, 216) for k, c in counted.items()} == exact


def test_custom_faces_and_flat_bonus():
    bone = ("blank", "blank", "blank", "slash", "slash", "double")
    one = dice.face_chance(lambda f: {"blank": 0, "slash": 1, "double": 2}[f], bone)
    assert one == {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}
    two = dice.sum_distribution(2, one)
    assert two[4] == Fraction(1, 36) and sum(two.values()) == 1
    assert dice.shift(two, 1)[5] == Fraction(1, 36)


def test_cap_and_at_least_and_mean():
    dist = dict(dice.successes_distribution(4, 3))
    capped = dice.cap(dist, 2)
    assert max(capped) == 2 and capped[2] == dist[2] + dist[3] + dist[4]
    assert dice.at_least(dist, 0) == 1
    assert dice.mean(dist) == Fraction(8, 3)


def test_roll_uses_the_given_rng():
    a = dice.roll(Rng.from_seed(1), 10)
    b = dice.roll(Rng.from_seed(1), 10)
    assert a == b and all(1 <= v <= 6 for v in a)


def test_triples_on_three_dice_by_enumeration_match_the_count():
    dist = dice.roll_distribution(3, dice.of_a_kind)
    assert dist[3] == Fraction(6, 216) and dist[2] == Fraction(90, 216) and dist[1] == Fraction(120, 216)


def test_at_least_a_triple_on_four_dice():
    dist = dice.roll_distribution(4, lambda r: dice.of_a_kind(r) >= 3)
    # 6 ways for four of a kind, 6*5*4 = 120 for exactly three of a kind: 126 of 1296.
    assert dist[True] == Fraction(126, 1296)


def test_custom_faces_count_icons_with_a_bonus():
    faces = ("knife", "knife", "fist", "fist", "blank", "pentagram")
    with_bonus = dice.roll_distribution(2, lambda r: r.count("knife") + 1, faces)  # +1: a weapon's flat bonus
    assert with_bonus == {1: Fraction(16, 36), 2: Fraction(16, 36), 3: Fraction(4, 36)}
    icons = dice.roll_distribution(2, lambda r: r.count("knife"), faces)
    assert dice.shift(icons, 1) == with_bonus


@given(st.integers(0, 5), st.integers(1, 6))
def test_enumeration_agrees_with_the_binomial(n, threshold):
    by_enumeration = dice.roll_distribution(n, lambda r: dice.count_at_least(r, threshold))
    assert by_enumeration == dict(dice.successes_distribution(n, threshold))
