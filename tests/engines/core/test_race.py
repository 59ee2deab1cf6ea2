"""The race (engines/core/race.py): paired differences, its calls, its groups and its stops (issue 44).

Its decision rules are pinned on a game made for it (coin_game.py), where each option's chance is known: a
clearly better option is separated, options that play out alike are settled as equal, a difference inside the
noise is not called (the share of false calls at the race's many looks stays near its level), an option is
never both in the best group and clearly worse, and a kept option shown clearly worse ends the race. Then on the
real games: it never reads what the deciding seat cannot see, and it is deterministic."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from coin_game import CoinGame
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import registry
from engines.core import autoplay, race
from engines.core.race import PICK, Race, gap, mean_gap
from engines.core.rng import Rng


def _raced(chances: list[float], budget: Race, seed: int = 1, shared: bool = True, keep: str | None = None):
    game = CoinGame(chances, shared)
    state, _ = game.setup(seed, {})
    decision = game.decision(state)
    assert decision is not None
    return race.race(game, state, decision, budget, seed, keep)


def test_a_paired_difference_and_its_interval():
    only_a = gap([True] * 10, [False] * 10)
    assert only_a.diff == 1.0 and only_a.clear and only_a.n == 10
    alike = gap([True, False] * 10, [True, False] * 10)
    assert alike.diff == 0.0 and alike.low < 0 < alike.high and not alike.clear  # no pair differs: not a proof
    assert alike.high == pytest.approx(-alike.low)
    assert gap([], []) == race.Gap(0.0, -1.0, 1.0, 0)
    short = gap([True] * 5, [False] * 9)  # only the samples both met count
    assert short.n == 5
    assert mean_gap([2.0, 3.0, 4.0], [1.0, 2.0, 3.0]) == race.Gap(1.0, 1.0, 1.0, 3)  # the same gain every pair
    assert mean_gap([1.0], [0.0]).low == float("-inf")  # one pair says nothing of the spread


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=80))
def test_the_raw_difference_lies_inside_its_interval(pairs):
    a, b = [x for x, _ in pairs], [y for _, y in pairs]
    g = gap(a, b)
    assert -1.0 <= g.low <= g.diff <= g.high <= 1.0
    assert g.clear == (g.low > 0)
    mirror = gap(b, a)
    assert mirror.diff == -g.diff and mirror.low == pytest.approx(-g.high) and mirror.high == pytest.approx(-g.low)


def test_a_clearly_better_option_is_separated_at_the_first_looks():
    verdict = _raced([0.2, 0.9, 0.5], Race(first=8, most=256))
    assert verdict.best == ["1"] and [s.worse for s in verdict.standings] == [False, True, True]
    assert verdict.settled and verdict.samples < 64  # it ends long before the budget


def test_options_that_play_out_alike_are_settled_as_equal():
    verdict = _raced([0.5, 0.5, 0.5], Race(first=8, most=256))
    assert sorted(verdict.best) == ["0", "1", "2"] and verdict.settled and verdict.samples < 256
    for s in verdict.standings[1:]:
        assert s.gap is not None and s.gap.low > -0.03 and s.gap.high < 0.03  # shown within the margin


def test_a_difference_inside_the_noise_is_never_called_beyond_the_level():
    """Two options with the same chance, played out independently (no help from the pairing), raced 300 times:
    one is called clearly worse in about 5% of the races, though the race looks at them eight times (at 1.96 a
    look, 19%)."""
    called = sum(
        len(_raced([0.5, 0.5], Race(first=8, most=128), seed=s, shared=False).best) < 2 for s in range(300)
    )
    assert called <= 0.07 * 300, called


def test_a_real_difference_is_found_where_the_noise_allows():
    """Independent outcomes 20 points apart: 256 samples find it in nearly every race."""
    found = sum(_raced([0.4, 0.6], Race(first=8, most=256), seed=s, shared=False).best == ["1"] for s in range(100))
    assert found >= 90, found


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 10), min_size=2, max_size=6),
    st.booleans(),
    st.integers(0, 10_000),
    st.integers(1, 40),
    st.sampled_from([None, "0", "1", PICK]),
)
def test_an_option_is_never_both_best_and_clearly_worse(tenths, shared, seed, most, keep):
    budget = Race(first=4, most=most, finalists=1 if keep == "1" else 0, futile=keep == PICK)
    verdict = _raced([t / 10 for t in tenths], budget, seed, shared, keep)
    keys = [s.estimate.key for s in verdict.standings]
    assert sorted(keys) == [str(i) for i in range(len(tenths))]  # every option once
    top, rest = verdict.standings[0], verdict.standings[1:]
    assert top.gap is None and not top.worse
    assert all(s.gap is not None and s.worse == s.gap.clear for s in rest)
    assert [s.worse for s in verdict.standings] == sorted(s.worse for s in verdict.standings)  # best group first
    assert set(verdict.best).isdisjoint(s.estimate.key for s in rest if s.worse)


def test_a_kept_option_shown_clearly_worse_ends_the_race():
    verdict = _raced([0.95, 0.05, 0.5], Race(first=8, most=256), keep="1")
    assert verdict.standing("1").worse and verdict.samples == 8  # called at the first look


def test_a_kept_option_nothing_can_beat_by_the_margin_ends_the_race():
    verdict = _raced([0.6, 0.6], Race(first=8, most=256, margin=0.10), keep="0")
    assert verdict.settled and verdict.samples < 60 and verdict.best == ["0", "1"]


def test_finalists_narrow_the_race_to_the_kept_option_and_the_best_others():
    game = CoinGame([0.5, 0.55, 0.6, 0.52, 0.1])
    state, _ = game.setup(3, {})
    d = game.decision(state)
    pool_sizes = {}
    verdict = race.race(game, state, d, Race(first=8, most=64, finalists=1), 3, keep="4")
    for s in verdict.standings:
        pool_sizes[s.estimate.key] = s.estimate.plays
    assert pool_sizes["4"] == max(pool_sizes.values()) or verdict.standing("4").worse
    assert sum(n > 8 for n in pool_sizes.values()) <= 2  # the kept one and one finalist went on


def test_the_automa_keeps_its_pick_unless_another_is_clearly_better():
    game = CoinGame([0.5, 0.9])
    state, _ = game.setup(1, {})
    d = game.decision(state)
    assert race.choose(game, state, d, Race(futile=True), 5) == "1"  # the pick ('0') is clearly worse
    alike = CoinGame([0.5, 0.5])
    state, _ = alike.setup(1, {})
    assert race.choose(alike, state, alike.decision(state), Race(futile=True), 5) == "0"


def test_an_option_set_aside_against_one_leader_comes_back_against_another():
    """`_judge`: c lost clearly to a, but b now leads and c is not clearly worse than b: c is live again."""

    pool = SimpleNamespace(bits={"a": [True] * 12, "b": [True] * 12, "c": [False] * 12})
    live, out = race._judge(pool, "a", ["a", "b"], ["c"], race.Z)  # type: ignore[arg-type]
    assert out == ["c"] and live == ["a", "b"]
    pool.bits = {"a": [True] * 12, "b": [False] * 12, "c": [False] * 12}
    live, out = race._judge(pool, "b", ["b"], ["c"], race.Z)  # type: ignore[arg-type]
    assert live == ["b", "c"] and out == []


def test_the_step_budget_ends_the_race_after_the_sample_that_spends_it():
    """Each playout here is one step (the choice) and no rollout: three a sample."""
    assert _raced([0.5, 0.5, 0.5], Race(first=4, most=256, steps=1), shared=False).samples == 1
    spent = _raced([0.5, 0.5, 0.5], Race(first=4, most=256, steps=3 * 6), shared=False)
    assert spent.samples == 6 and not spent.settled


# -- on the real games --------------------------------------------------------------------------------------

POSITIONS = [
    ("final-girl", {}, 2, 12),
    ("slaughterhouse", {}, 1, 30),
    ("mixtape-massacre", {}, 1, 20),
    ("escape-from-tall-oaks", {}, 1, 20),
]


def _position(gid, options, seed, n):
    game = registry.get(gid)
    keys = autoplay.play(game, seed, options=options).keys
    for cut in range(n, len(keys)):
        state, _ = autoplay.replay(game, seed, keys[:cut], options)
        decision = game.decision(state)
        if decision is not None and len(decision.options) > 1:
            return game, state, decision
    raise AssertionError("no decision with a choice")


@pytest.mark.parametrize(("gid", "options", "seed", "n"), POSITIONS)
def test_the_race_does_not_see_what_the_seat_cannot_and_is_deterministic(gid, options, seed, n):
    game, state, decision = _position(gid, options, seed, n)
    budget = Race(first=2, most=6)
    before = race.race(game, state, decision, budget, 11)
    assert race.race(game, state, decision, budget, 11) == before
    chosen = race.choose(game, state, decision, budget, 11)
    for other in (1, 2):
        swapped = game.determinize(state, decision.seat, Rng.from_seed(1000 + other))
        assert game.view(swapped, decision.seat) == game.view(state, decision.seat)
        assert race.race(game, swapped, decision, budget, 11) == before
        assert race.choose(game, swapped, decision, budget, 11) == chosen
