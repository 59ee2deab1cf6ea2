"""The review's search (engines/core/halving.py): sequential halving over a decision's options, whose two
finalists, the leader and the person's choice, carry exactly the figures the full search gives them, for fewer
playouts, the same every time."""

from __future__ import annotations

from functools import cache

import pytest

from engines.core import halving, search
from engines.core.autoplay import play
from engines.registry import get

SAMPLES = 4


@cache
def position(game_id: str, seed: int, wanted: int):
    """The state before the first decision of the first seat with at least `wanted` options, and its decision."""
    game = get(game_id)
    state, _ = game.setup(seed, {})
    for key in play(game, seed).keys:
        d = game.decision(state)
        if len(d.options) >= wanted:
            return game, state, d, key
        game.apply(state, key, d)
    raise AssertionError("no such decision")


@pytest.mark.parametrize(("game_id", "seed"), [("final-girl", 0), ("mixtape-massacre", 0)])
def test_the_finalists_carry_the_full_searchs_figures_for_fewer_playouts(game_id, seed, monkeypatch):
    game, state, d, key = position(game_id, seed, 6)
    keep = d.options[-1].key if d.options[-1].key != key else d.options[0].key  # a choice not the policy's
    played = []
    real = halving._Samples.play
    monkeypatch.setattr(halving._Samples, "play", lambda self, k, i: played.append((k, i)) or real(self, k, i))
    found = halving.weigh(game, state, d, SAMPLES, 99, keep)
    full = {e.key: e for e in search.evaluate(game, state, d, search.Budget(iterations=SAMPLES), 99)}
    assert sorted(e.key for e in found) == sorted(o.key for o in d.options)  # every option, once
    finalists = [e for e in found if e.plays == SAMPLES]
    assert found[0] in finalists and keep in {e.key for e in finalists}
    assert all(e == full[e.key] for e in finalists)  # the same samples, the same rollouts
    assert all(0 < e.plays < SAMPLES for e in found if e not in finalists)
    assert found[0].win >= max(e.win for e in finalists)
    assert len(played) == len(set(played)) < SAMPLES * len(d.options)  # each playout once, fewer than in full
    assert halving.weigh(game, state, d, SAMPLES, 99, keep) == found  # deterministic for the seed
