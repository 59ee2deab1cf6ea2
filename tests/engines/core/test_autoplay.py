"""The automa's own RNG: derived from the run's seed and the decision's index, seeded only when drawn from."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engines.core.autoplay import policy_rng
from engines.core.rng import Rng, derive_seed


@given(st.integers(0, 2**64 - 1), st.integers(0, 10_000))
def test_a_deferred_policy_rng_draws_what_an_eager_one_would(seed, index):
    eager = Rng.from_seed(derive_seed(seed, "policy") + index)  # the policy stream, made at once
    deferred = policy_rng(seed, index)
    assert [deferred.below(6) for _ in range(5)] == [eager.below(6) for _ in range(5)]
    assert deferred.state == eager.state


def test_each_decision_gets_its_own_stream_and_the_same_one_again():
    draws = [policy_rng(7, i).next_u32() for i in range(50)]
    assert len(set(draws)) == 50
    assert draws == [policy_rng(7, i).next_u32() for i in range(50)]


def test_the_step_limit_reports_an_unfinished_game_instead_of_ending_it():
    """Issue 15: a cap belongs to the simulator; the game is left running and said to be unfinished."""
    from engines.core.autoplay import play
    from engines.registry import get

    game = get("escape-of-the-dead")
    stopped = play(game, 3, "heuristic", max_decisions=2)
    assert not stopped.finished and len(stopped.keys) == 2 and game.outcome(stopped.state) is None
    whole = play(game, 3, "heuristic")
    assert whole.finished and game.outcome(whole.state) is not None


def test_sim_counts_unfinished_games(monkeypatch):
    from engines.registry import get
    from solo import sim

    monkeypatch.setattr(sim, "MAX_DECISIONS", 1)
    result = sim.simulate(get("escape-of-the-dead"), 5, 0, "heuristic", {})
    assert result["unfinished"] == 5 and result["wins"] == 0
