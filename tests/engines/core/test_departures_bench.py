"""bench/departures.py weighs a departure on paired fresh samples: the measure Tall Oaks' hard was tuned by."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from engines.core.autoplay import policy_rng
from engines.core.contract import resolve_options
from engines.registry import get

_PATH = Path(__file__).parents[3] / "bench" / "departures.py"


def _bench():
    spec = importlib.util.spec_from_file_location("departures_bench", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _first_choice(game):
    state, _ = game.setup(3, resolve_options(game, {"rivals": "2"}))
    policy = game.policies[game.default_policy]
    for n in range(400):
        d = game.decision(state)
        if len(d.options) > 2 and d.kind == "move":
            return state, d
        game.apply(state, policy(game.view(state, d.seat), d, policy_rng(3, n)), d)
    raise AssertionError("no move with three options in 400 decisions")


def test_a_departure_is_weighed_on_the_same_samples_both_ways():
    bench = _bench()
    game = get("escape-from-tall-oaks")
    state, d = _first_choice(game)
    a, b = d.options[0].key, d.options[1].key
    there = bench.weigh(game, state, d, (a, b), 12, 5)
    back = bench.weigh(game, state, d, (b, a), 12, 5)
    assert there == -back  # paired: the same samples and dice weigh both options


def test_seeds_are_read_as_a_range():
    bench = _bench()
    assert bench.seeds_of("0-3") == [0, 1, 2, 3]
    assert bench.seeds_of("7") == [7]
