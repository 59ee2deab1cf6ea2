"""The information-set search (engines/core/search.py), the levels and autoplay.decide.

The search must not cheat: it reads the real state only through determinize, so changing what the deciding
seat cannot see (another deck order, other face-down cards, other future dice) leaves its choice and its
every figure unchanged.
"""

from __future__ import annotations

import time

import pytest

from engines import registry
from engines.core import autoplay, levels, search
from engines.core.race import Race
from engines.core.rng import Rng
from engines.core.search import Budget, Searcher

# (game, options, seed, decisions played before the one searched): positions with hidden things
POSITIONS = [
    ("escape-of-the-dead", {}, 1, 6),
    ("final-girl", {}, 2, 12),
    ("final-girl", {"finale": "epic"}, 3, 40),
    ("slaughterhouse", {}, 1, 30),  # the Trespassers' seat
    ("slaughterhouse", {"scenario": "c", "trespassers": "4"}, 2, 60),
]


def _position(gid, options, seed, n):
    """The first decision with 2+ options at or after the n-th of a seeded heuristic game."""
    game = registry.get(gid)
    keys = autoplay.play(game, seed, options=options).keys
    for cut in range(n, len(keys)):
        state, _ = autoplay.replay(game, seed, keys[:cut], options)
        decision = game.decision(state)
        if decision is not None and len(decision.options) > 1:
            return game, state, decision
    raise AssertionError("no decision with a choice")


def _family_position():
    """A decision of the family's seat, with the Trespassers' Desperation cards hidden from it."""
    game = registry.get("slaughterhouse")
    keys = autoplay.play(game, 4).keys
    for cut in range(20, len(keys)):
        state, _ = autoplay.replay(game, 4, keys[:cut])
        decision = game.decision(state)
        if decision is not None and decision.seat == "sawyer" and len(decision.options) > 1:
            return game, state, decision
    raise AssertionError("no family decision")


CASES = [pytest.param(*p, id=f"{p[0]}-{p[2]}-{p[3]}") for p in POSITIONS]


@pytest.mark.parametrize(("gid", "options", "seed", "n"), CASES)
def test_the_search_does_not_see_what_the_seat_cannot(gid, options, seed, n):
    game, state, decision = _position(gid, options, seed, n)
    hidden = search.hidden_of(game)
    budget = Budget(iterations=6)
    before = search.evaluate(game, state, decision, budget, seed=11)
    for other in (1, 2):
        swapped = hidden.determinize(state, decision.seat, Rng.from_seed(1000 + other))
        assert game.view(swapped, decision.seat) == game.view(state, decision.seat)
        assert swapped != state  # something hidden did change (the dice at least)
        assert search.evaluate(game, swapped, decision, budget, seed=11) == before


def test_the_family_does_not_see_the_desperation_cards():
    game, state, decision = _family_position()
    hidden = search.hidden_of(game)
    budget = Budget(iterations=4)
    before = search.evaluate(game, state, decision, budget, seed=5)
    swapped = hidden.determinize(state, decision.seat, Rng.from_seed(77))
    assert search.evaluate(game, swapped, decision, budget, seed=5) == before


@pytest.mark.parametrize(("gid", "options", "seed", "n"), CASES[:4])
def test_estimates_are_deterministic_sorted_and_sound(gid, options, seed, n):
    game, state, decision = _position(gid, options, seed, n)
    budget = Budget(iterations=5)
    found = search.evaluate(game, state, decision, budget, seed=3)
    assert found == search.evaluate(game, state, decision, budget, seed=3)
    assert sorted(e.key for e in found) == sorted(decision.keys())
    wins = [e.win for e in found]
    assert wins == sorted(wins, reverse=True)
    for e in found:
        assert e.plays == budget.iterations  # every sample tries every option
        assert 0.0 <= e.low <= e.win <= e.high <= 1.0
        assert e.label == decision.option(e.key).label
        assert e.facts and all(isinstance(x, float) for x in e.facts.values())
    assert game.decision(state) == decision, "the search must not move the real state"


def test_the_cpu_budget_stops_the_search_early():
    game, state, decision = _position("slaughterhouse", {}, 1, 30)
    t = time.process_time()
    found = search.evaluate(game, state, decision, Budget(iterations=10_000, seconds=0.05), seed=1)
    assert time.process_time() - t < 2.0
    assert 1 <= found[0].plays < 10_000
    assert len({e.plays for e in found}) == 1  # whole samples only: every option had the same ones


def test_a_capped_rollout_is_a_loss(monkeypatch):
    game, state, decision = _position("escape-of-the-dead", {}, 1, 6)
    monkeypatch.setattr(search, "ROLLOUT_CAP", 1)
    found = search.evaluate(game, state, decision, Budget(iterations=3), seed=1)
    assert all(e.win == 0.0 for e in found)


def test_wilson_interval():
    assert search.wilson(0, 0) == (0.0, 1.0)
    low, high = search.wilson(5, 10)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-12
    low, high = search.wilson(10, 10)
    assert high == 1.0 and 0.6 < low < 0.75


def test_clone_is_exact_and_apart():
    _game, state, _ = _position("final-girl", {}, 2, 12)
    copy = search.clone(state)
    assert copy == state and copy is not state
    assert copy.rng.next_u32() == state.rng.next_u32()  # the future dice copy faithfully
    copy.hand.append("x")
    assert "x" not in state.hand


# -- decide and the levels -------------------------------------------------------------------------------


def test_decide_gives_a_plain_policy_the_view_and_a_searcher_the_state():
    game, state, decision = _position("escape-of-the-dead", {}, 1, 6)
    seen = []

    def plain(view, d, rng):
        seen.append(view)
        return d.options[0].key

    assert autoplay.decide(game, plain, state, decision, Rng.from_seed(1)) == decision.options[0].key
    assert seen == [game.view(state, decision.seat)]
    searcher = Searcher(Race(first=2, most=4))
    key = autoplay.decide(game, searcher, state, decision, Rng.from_seed(2))
    assert key in [o.key for o in decision.options]
    assert key == autoplay.decide(game, searcher, state, decision, Rng.from_seed(2))
    with pytest.raises(TypeError):
        searcher(game.view(state, decision.seat), decision, Rng.from_seed(2))


def test_play_accepts_a_searcher_and_level_names():
    game = registry.get("escape-of-the-dead")
    searched = autoplay.play(game, 5, {"survivor": Searcher(Race(first=1, most=1))})
    assert searched.finished and game.outcome(searched.state) is not None
    assert autoplay.play(game, 5, "normal").keys == autoplay.play(game, 5, game.default_policy).keys
    easy = autoplay.play(game, 5, "easy")
    assert easy.finished and easy.keys == autoplay.play(game, 5, "easy").keys


@pytest.mark.parametrize("gid", ["escape-of-the-dead", "final-girl", "slaughterhouse"])
def test_every_level_answers_with_a_legal_key(gid):
    game = registry.get(gid)
    state, _ = game.setup(1, {})
    decision = game.decision(state)
    assert levels.DEFAULT_LEVEL in levels.LEVELS
    for level in levels.LEVELS:
        policy = levels.policy_for(game, level)
        if level == "hard":
            policy = Searcher(Race(first=1, most=1))  # the level's own budget is a second a decision
        assert autoplay.decide(game, policy, state, decision, Rng.from_seed(3)) in [
            o.key for o in decision.options
        ]
    assert levels.policy_for(game, "normal") is game.policies[game.default_policy]
    assert isinstance(levels.policy_for(game, "hard"), Searcher)
    assert levels.policy_for(game, "hard").budget.most == levels.HARD_SAMPLES[gid]


def test_easy_leans_on_chance_and_resolve_knows_every_name():
    game = registry.get("final-girl")
    state, _ = game.setup(2, {})
    decision = game.decision(state)
    view = game.view(state, decision.seat)
    heuristic = game.policies[game.default_policy]
    easy = levels.policy_for(game, "easy")
    picks = [easy(view, decision, Rng.from_seed(i)) for i in range(200)]
    best = heuristic(view, decision, Rng.from_seed(0))
    share = picks.count(best) / len(picks)
    assert 0.4 < share < 0.95  # the heuristic's key about half the time, plus what chance adds
    assert len(set(picks)) > 2
    assert levels.resolve(game, "random") is game.policies["random"]
    assert isinstance(levels.resolve(game, "search"), Searcher)
    assert isinstance(levels.resolve(game, "hard"), Searcher)
    # `search` is the search at hard's budget: one search, one cost, whichever name asks for it
    assert levels.resolve(game, "search").budget == levels.resolve(game, "hard").budget == levels.hard_budget(game.id)
    assert "search" not in game.policies
    with pytest.raises(KeyError, match="search"):
        levels.resolve(game, "nonsense")


def test_ties_go_to_the_heuristic_then_a_sure_win_is_taken_sooner():
    """Options the samples cannot tell apart go to the shipped policy's pick; with none, a winning seat
    hurries (else the Old Man paced the porch for a hundred rounds)."""
    from engines.core.contract import Option

    options = (Option("slow", "slow"), Option("fast", "fast"))

    def tallies(won: bool) -> list:
        out = []
        for length in (90, 10):
            t = search._Tally()
            t.add(won, 1.0, {}, length)
            out.append(t)
        return out

    assert [e.key for e in search._ranked(options, tallies(True))] == ["fast", "slow"]
    assert [e.key for e in search._ranked(options, tallies(True), "slow")] == ["slow", "fast"]
    assert [e.key for e in search._ranked(options, tallies(False))] == [
        "slow",
        "fast",
    ]  # the decision's order
    assert [e.key for e in search._ranked(options, tallies(False), "fast")] == ["fast", "slow"]
