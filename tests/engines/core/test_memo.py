"""The engines' memos of positions (engines/core/memo.py): every large cache is one, emptying them changes no
result (tests/solo/test_repl_memo.py: the REPL empties them when it takes up another run)."""

from __future__ import annotations

import importlib
import pkgutil
from functools import _lru_cache_wrapper

import pytest

import engines
from engines.core import memo
from engines.core.autoplay import decide, play, policy_rng
from engines.registry import get

LARGE = 512
"""A cache this large or larger keeps positions (hands, moves, keys), not a fixed table."""


def _caches() -> dict[str, _lru_cache_wrapper[object]]:
    found = {}
    for info in pkgutil.walk_packages(engines.__path__, "engines."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, _lru_cache_wrapper) and value.__module__ == info.name:
                found[f"{info.name}.{name}"] = value
    return found


def test_every_large_cache_in_the_engines_is_a_memo_of_positions():
    caches = _caches()
    kept = {id(m) for m in memo.memos()}
    large = {n: c for n, c in caches.items() if (c.cache_info().maxsize or 0) >= LARGE}
    assert len(large) >= 30  # the scan sees the engines' caches at all
    assert [n for n, c in large.items() if id(c) not in kept] == []
    unbounded = [n for n, c in caches.items() if c.cache_info().maxsize is None and id(c) in kept]
    assert unbounded == []


@pytest.mark.parametrize("game_id", ["final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"])
def test_emptying_the_memos_at_every_decision_changes_no_decision_and_no_event(game_id):
    game = get(game_id)
    seed = 4401
    warm = play(game, seed, game.default_policy)
    state, events = game.setup(seed, {})
    keys: list[str] = []
    while (d := game.decision(state)) is not None:
        memo.forget()
        keys.append(decide(game, game.policies[game.default_policy], state, d, policy_rng(seed, len(keys))))
        events.extend(game.apply(state, keys[-1], d))
    assert keys == warm.keys and events == warm.events


def test_forget_empties_every_memo_and_says_how_much_it_held():
    game = get("escape-from-tall-oaks")
    play(game, 4402, game.default_policy)
    held = memo.held()
    assert held > 0
    assert memo.forget() == held
    assert memo.held() == 0 and all(m.cache_info().currsize == 0 for m in memo.memos())
