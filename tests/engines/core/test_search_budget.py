"""The search's deterministic cost caps: the budget of rollout steps, and the options `choose` stops sampling
once they could no longer displace the shipped policy's pick."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import autoplay, levels, search
from engines.core.search import Budget


@pytest.fixture(scope="module")
def position():
    """An Escape of the Dead decision with several options (its rollouts are short: the tests stay fast)."""
    game = registry.get("escape-of-the-dead")
    keys = autoplay.play(game, 1).keys
    for cut in range(6, len(keys)):
        state, _ = autoplay.replay(game, 1, keys[:cut])
        decision = game.decision(state)
        if decision is not None and len(decision.options) > 2:
            return game, state, decision
    raise AssertionError("no decision with a choice")


def _counting(monkeypatch) -> list[int]:
    """Count the rollouts the search plays, and the steps they take."""
    calls = [0, 0]
    real = search.rollout

    def counted(game, state, rng, cap=search.ROLLOUT_CAP):
        n = real(game, state, rng, cap)
        calls[0] += 1
        calls[1] += 1 + (cap if n is None else n)
        return n

    monkeypatch.setattr(search, "rollout", counted)
    return calls


def test_a_step_budget_stops_after_the_sample_that_spends_it(position, monkeypatch):
    game, state, decision = position
    calls = _counting(monkeypatch)
    found = search.evaluate(game, state, decision, Budget(iterations=40, steps=1), seed=3)
    assert {e.plays for e in found} == {1}  # one whole sample: every option had it
    assert calls[0] == len(decision.options)
    calls[:] = [0, 0]
    once = search.evaluate(game, state, decision, Budget(iterations=40), seed=3)
    per_sample = calls[1] / 40
    found = search.evaluate(game, state, decision, Budget(iterations=40, steps=int(per_sample * 3)), seed=3)
    plays = found[0].plays
    assert 2 <= plays < 40 and {e.plays for e in found} == {plays}
    assert found == search.evaluate(
        game, state, decision, Budget(iterations=40, steps=int(per_sample * 3)), seed=3
    )
    assert once != found  # fewer samples, other figures


def test_hopeful_is_the_sign_test_with_the_samples_left_all_won():
    lost, won = [False] * 10, [True] * 10
    assert not search._hopeful(lost, won, 0)  # behind, and no samples left
    assert not search._hopeful(lost, won, 10)  # 10 only-mine against 10 only-theirs cannot pass
    assert search._hopeful(lost, won, 40)  # 40 against 10 could
    assert search.beats([True] * 9, [False] * 9) == search._hopeful([False] * 0, [], 9)


def test_choose_stops_sampling_what_cannot_win_and_stays_deterministic(position, monkeypatch):
    game, state, decision = position
    budget = Budget(iterations=32)
    calls = _counting(monkeypatch)
    chosen = search.choose(game, state, decision, budget, seed=5)
    pruned = calls[0]
    assert pruned < 32 * len(decision.options)  # options that could not pass the guard were dropped
    assert search.choose(game, state, decision, budget, seed=5) == chosen
    found, bits, favourite = search._search(game, state, decision, budget, 5)
    best = found[0].key
    if best == favourite or search.beats(bits[best], bits[favourite]):
        assert chosen == best  # what the unpruned search takes, the pruned one takes too
    assert chosen in [o.key for o in decision.options]


def test_the_hard_level_and_the_hint_carry_the_step_caps():
    for gid, steps in levels.HARD_STEPS.items():
        budget = levels.hard_budget(gid)
        assert budget.steps == steps and budget.iterations == levels.HARD_ITERATIONS[gid]
        assert 0 < levels.HINT_STEPS[gid] <= steps
    assert levels.hard_budget("escape-of-the-dead").steps is None  # its rollouts are short: no cap
