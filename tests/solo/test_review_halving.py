"""The review's search (engines/core/halving.py): sequential halving over a decision's options, each option's
figures exactly the full search's with as many samples, the leader and the person's choice played out longest,
the choice alone on half the samples once it leads, for fewer playouts, the same every time."""

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
def test_every_figure_is_the_full_searchs_and_the_finalists_are_played_longest(game_id, seed, monkeypatch):
    game, state, d, key = position(game_id, seed, 6)
    keep = d.options[-1].key if d.options[-1].key != key else d.options[0].key  # a choice not the policy's
    played = []
    real = halving._Samples.play
    monkeypatch.setattr(halving._Samples, "play", lambda self, k, i: played.append((k, i)) or real(self, k, i))
    found = halving.weigh(game, state, d, SAMPLES, 99, keep)
    assert sorted(e.key for e in found) == sorted(o.key for o in d.options)  # every option, once
    _, wins, _ = search._search(game, state, d, search.Budget(iterations=SAMPLES), 99)  # each sample's result
    for e in found:  # the full search's first samples, the same rollouts
        assert e.plays > 0 and e.win == sum(wins[e.key][: e.plays]) / e.plays
        assert (e.low, e.high) == search.wilson(sum(wins[e.key][: e.plays]), e.plays)
    chosen = next(e for e in found if e.key == keep)
    most = max(e.plays for e in found)
    assert found[0].plays == chosen.plays == most and found[0].win >= chosen.win
    assert all(e.win <= found[0].win for e in found if e.plays == most)
    if found[0].key == keep:  # it led: alone on half the samples, or it took the lead in the last round
        assert most in (SAMPLES // 2, SAMPLES)
    else:
        assert most == SAMPLES and found[0].win > chosen.win  # a tie would go to the choice made
    assert len(played) == len(set(played)) < SAMPLES * len(d.options)  # each playout once, fewer than in full
    assert halving.weigh(game, state, d, SAMPLES, 99, keep) == found  # deterministic for the seed


def test_a_choice_that_leads_goes_on_alone_to_half_the_samples_and_another_that_leads_to_all():
    """Every option of a Director's Cut decision taken in turn as the choice made, at 8 samples: each either
    leads and is played out on 4 alone, or is beaten and played out on 8 with the leader; both happen here."""
    game, state, d, _ = position("mixtape-massacre", 0, 6)
    seen = set()
    for option in d.options:
        found = halving.weigh(game, state, d, 8, 99, option.key)
        chosen = next(e for e in found if e.key == option.key)
        if found[0] is chosen:
            assert chosen.plays == 4 and all(e.plays <= 4 for e in found)  # alone, on half, and no more
        else:
            assert found[0].plays == chosen.plays == 8 and found[0].win > chosen.win
        seen.add(found[0] is chosen)
    assert seen == {True, False}
