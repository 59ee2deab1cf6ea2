"""The search's deterministic cost caps: the budget of rollout steps, and the options the hard level stops
sampling once they are no longer ahead of the shipped policy's pick."""

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


def test_the_hard_level_keeps_its_pick_and_spends_less_where_nothing_beats_it(position, monkeypatch):
    """Hard races the options with the heuristic's pick kept: options no longer ahead of it stop being sampled,
    so it plays out fewer than every option on every sample, and it stays deterministic."""
    from engines.core import race

    game, state, decision = position
    budget = race.Race(first=4, most=32, futile=True)
    calls = _counting(monkeypatch)
    chosen = race.choose(game, state, decision, budget, seed=5)
    assert calls[0] < 32 * len(decision.options)
    assert race.choose(game, state, decision, budget, seed=5) == chosen
    verdict = race.race(game, state, decision, budget, 5, keep=race.PICK)
    assert chosen == (verdict.favourite if verdict.favourite in verdict.best else verdict.top.estimate.key)


def test_the_hard_level_and_the_hint_carry_the_step_caps():
    for gid, steps in levels.HARD_STEPS.items():
        budget = levels.hard_budget(gid)
        assert budget.steps == steps and budget.most == levels.HARD_SAMPLES[gid] and budget.futile
        assert 0 < levels.REVIEW_STEPS[gid] <= levels.HINT_STEPS[gid] <= steps
    assert levels.hard_budget("escape-of-the-dead").steps is None  # its rollouts are short: no cap
