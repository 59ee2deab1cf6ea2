"""`choose` with a screen (engines/core/search.py `_contest`, Tall Oaks' hard level): every option is played
out on the screen's samples, then only the shipped pick and the finalists, and the departure test reads only
the samples after the screen."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import autoplay, levels, search
from engines.core.rng import Rng
from engines.core.search import Budget

TALL_OAKS = "escape-from-tall-oaks"


@pytest.fixture(scope="module")
def move():
    """A Tall Oaks move with more options than a screen keeps, halfway through seed 7 (three survivors)."""
    game = registry.get(TALL_OAKS)
    keys = autoplay.play(game, 7, options={"rivals": "2"}).keys
    for cut in range(len(keys) // 2, len(keys)):  # halfway: shorter playouts, a faster test
        state, _ = autoplay.replay(game, 7, keys[:cut], {"rivals": "2"})
        decision = game.decision(state)
        if decision is not None and decision.kind == "move" and len(decision.options) >= 6:
            return game, state, decision
    raise AssertionError("no move with six options")


def _spy(monkeypatch):
    """Count the rollouts, and record each departure test's samples."""
    tried: list[str] = []
    tests: list[tuple[list[bool], list[bool]]] = []
    real_beats = search.beats

    def beats(mine, theirs, margin=search._Z):
        tests.append((list(mine), list(theirs)))
        return real_beats(mine, theirs, margin)

    monkeypatch.setattr(search, "beats", beats)
    real_rollout = search.rollout

    def rollout(game, state, rng, cap=search.ROLLOUT_CAP):
        tried.append("rollout")
        return real_rollout(game, state, rng, cap)

    monkeypatch.setattr(search, "rollout", rollout)
    return tried, tests


def test_the_screen_plays_every_option_then_only_the_pick_and_the_finalists(move, monkeypatch):
    game, state, decision = move
    tried, tests = _spy(monkeypatch)
    budget = Budget(iterations=3, screen=2, finalists=2)
    search.choose(game, state, decision, budget, seed=5)
    options = len(decision.options)
    assert len(tried) == 2 * options + 3 * (1 + 2)  # the screen for all, then three samples for three
    assert [(len(a), len(b)) for a, b in tests] == [(3, 3)]  # one test, on the samples after the screen


def test_a_decision_with_few_options_skips_the_screen(move, monkeypatch):
    game, state, decision = move
    tried, tests = _spy(monkeypatch)
    few = Budget(iterations=2, screen=4, finalists=len(decision.options) - 1)
    search.choose(game, state, decision, few, seed=5)
    assert len(tried) == 2 * len(decision.options)  # every option on the contest's samples, none screened
    assert [(len(a), len(b)) for a, b in tests] == [(2, 2)]


def test_the_step_budget_stops_the_screen_and_the_contest(move, monkeypatch):
    game, state, decision = move
    tried, tests = _spy(monkeypatch)
    search.choose(game, state, decision, Budget(iterations=30, steps=1, screen=6, finalists=2), seed=5)
    assert len(tried) == len(decision.options) + 3  # one screen sample, then one sample of the contest
    assert [(len(a), len(b)) for a, b in tests] == [(1, 1)]


def test_a_screened_choice_does_not_see_what_the_seat_cannot(move, monkeypatch):
    """Another deal of everything the seat cannot see leaves every sample's result, so the choice, as it was."""
    game, state, decision = move
    _, tests = _spy(monkeypatch)
    budget = Budget(iterations=3, screen=2, finalists=2)
    chosen = search.choose(game, state, decision, budget, seed=9)
    for other in (1, 2):
        swapped = game.determinize(state, decision.seat, Rng.from_seed(2000 + other))
        assert game.view(swapped, decision.seat) == game.view(state, decision.seat) and swapped != state
        assert search.choose(game, swapped, decision, budget, seed=9) == chosen
    assert tests[1] == tests[0] and tests[2] == tests[0]  # the very same wins and losses, sample by sample


def test_the_finalist_departs_only_when_it_beats_the_pick_on_the_contest(move, monkeypatch):
    game, state, decision = move
    budget = Budget(iterations=3, screen=2, finalists=2)
    pick = game.policies[game.default_policy](game.view(state, decision.seat), decision, Rng.from_seed(0))
    monkeypatch.setattr(search, "beats", lambda mine, theirs, margin: False)
    assert search.choose(game, state, decision, budget, seed=5) == pick
    monkeypatch.setattr(search, "beats", lambda mine, theirs, margin: True)
    assert search.choose(game, state, decision, budget, seed=5) != pick


def test_the_contest_tests_at_the_budgets_margin(move, monkeypatch):
    game, state, decision = move
    margins: list[float] = []
    monkeypatch.setattr(search, "beats", lambda mine, theirs, margin: margins.append(margin) or False)
    search.choose(game, state, decision, Budget(iterations=2, screen=1, margin=0.5), seed=5)
    search.choose(game, state, decision, Budget(iterations=2, screen=1), seed=5)
    assert margins == [0.5, search._Z]


def test_beats_needs_the_lead_its_margin_asks():
    mine, theirs = [True] * 6 + [False] * 3, [False] * 6 + [True] * 3  # 6 to 3: 3 over sqrt(9) = 1 sd
    assert search.beats(mine, theirs, margin=0.99) and not search.beats(mine, theirs, margin=1.0)
    assert not search.beats(mine, theirs)  # the plain test asks 1.96 sd
    assert not search.beats([True, False], [False, True], margin=0.0)  # a tie never departs


def test_only_tall_oaks_hard_lowers_the_margin():
    assert levels.hard_budget(TALL_OAKS).margin == levels.HARD_MARGIN[TALL_OAKS] < search._Z
    for gid in levels.HARD_ITERATIONS:
        if gid not in levels.HARD_MARGIN:
            assert levels.hard_budget(gid).margin == search._Z
    assert set(levels.HARD_MARGIN) <= set(levels.HARD_SCREEN)  # the margin is read only after a screen


def test_only_tall_oaks_hard_screens():
    assert levels.hard_budget(TALL_OAKS).screen == levels.HARD_SCREEN[TALL_OAKS] > 0
    for gid in levels.HARD_ITERATIONS:
        if gid not in levels.HARD_SCREEN:
            assert levels.hard_budget(gid).screen == 0


def test_a_cpu_budget_stops_a_screened_choice_too(move, monkeypatch):
    game, state, decision = move
    tried, tests = _spy(monkeypatch)
    search.choose(game, state, decision, Budget(iterations=500, seconds=0.0, screen=6, finalists=2), seed=5)
    assert len(tried) == len(decision.options) + 3  # the clock ran out at once: one sample of each stage
    assert [(len(a), len(b)) for a, b in tests] == [(1, 1)]


def test_a_screen_keeps_at_least_one_finalist(move, monkeypatch):
    game, state, decision = move
    tried, tests = _spy(monkeypatch)
    search.choose(game, state, decision, Budget(iterations=2, screen=1, finalists=0), seed=5)
    assert len(tried) == len(decision.options) + 2 * 2  # the screen, then the pick and one finalist
    assert [(len(a), len(b)) for a, b in tests] == [(2, 2)]
