from collections import Counter

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from engines.core.rng import Rng, derive_seed


def test_same_seed_same_numbers():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next_u32() for _ in range(50)] == [b.next_u32() for _ in range(50)]


def test_different_seeds_differ():
    assert [Rng.from_seed(1).next_u32() for _ in range(3)] != [Rng.from_seed(2).next_u32() for _ in range(3)]


def test_known_first_values_never_change():
    # Saves depend on these: a change here would change every saved game's future dice.
    rng = Rng.from_seed(7)
    assert [rng.d6() for _ in range(12)] == [3, 6, 2, 4, 2, 3, 2, 4, 6, 3, 1, 5]
    rng = Rng.from_seed(0)
    assert [rng.next_u32() for _ in range(3)] == [1092706980, 278790474, 1039822109]


def test_state_survives_a_json_round_trip():
    rng = Rng.from_seed(99)
    for _ in range(10):
        rng.next_u32()
    copy = msgspec.json.decode(msgspec.json.encode(rng), type=Rng)
    assert [copy.d6() for _ in range(20)] == [rng.d6() for _ in range(20)]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range(seed, n):
    rng = Rng.from_seed(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


def test_d6_is_fair_enough():
    rng = Rng.from_seed(3)
    counts = Counter(rng.d6() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(abs(c - 10_000) < 400 for c in counts.values())  # about 4 standard deviations


def test_shuffle_is_a_permutation_and_seeded():
    items = list(range(30))
    a, b = list(items), list(items)
    Rng.from_seed(5).shuffle(a)
    Rng.from_seed(5).shuffle(b)
    assert a == b and sorted(a) == items and a != items


def test_derived_streams_are_independent_of_label_order():
    assert derive_seed(1, "policy:0") != derive_seed(1, "policy:1")
    assert derive_seed(1, "x") == derive_seed(1, "x")


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=12))
def test_d6s_gives_exactly_what_d6_gives(seed, n):
    a, b = Rng.from_seed(seed), Rng.from_seed(seed)
    assert a.d6s(n) == [b.d6() for _ in range(n)] and a.state == b.state
