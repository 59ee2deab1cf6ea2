"""bench/baseline.py reads a paired comparison against its normal side's long run: the arithmetic of that."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_PATH = Path(__file__).parents[3] / "bench" / "baseline.py"


def _bench():
    spec = importlib.util.spec_from_file_location("baseline_bench", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_hard_is_estimated_as_the_long_run_normal_rate_plus_the_paired_difference():
    bench = _bench()
    # a base known exactly (a huge run), and 10 seeds of 100 won only by hard: +0.10, per-seed variance 0.09
    rate, low, high = bench.adjusted(0.25, 10**12, 100, 10, 0)
    assert rate == pytest.approx(0.35)
    assert (high - rate) == pytest.approx(rate - low)
    assert high - rate == pytest.approx(1.959963984540054 * 0.03, rel=1e-6)


def test_the_long_run_rates_own_variance_widens_the_interval():
    bench = _bench()
    _, low_sure, _ = bench.adjusted(0.25, 10**12, 100, 10, 0)
    _, low_few, _ = bench.adjusted(0.25, 100, 100, 10, 0)
    assert low_few < low_sure


def test_a_comparisons_counts_are_read_from_title_games_better_and_worse():
    bench = _bench()
    assert bench.paired("Tall Oaks=336:60:20") == ("tall oaks", 336, 60, 20)


def test_the_estimate_and_its_interval_stay_inside_zero_to_a_hundred_percent():
    bench = _bench()
    # the family: 66% at normal, hard won 9 of 30 seeds normal lost and lost none it won
    rate, low, high = bench.adjusted(0.66, 20000, 30, 9, 0)
    assert rate == pytest.approx(0.96)
    assert high == 1.0
    assert 0.0 < low < rate
    # 5% at normal, and hard lost 9 of 10 seeds normal won: every figure would fall below zero
    assert bench.adjusted(0.05, 20000, 10, 0, 9) == (0.0, 0.0, 0.0)
