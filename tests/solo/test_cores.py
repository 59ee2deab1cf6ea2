"""The machine's other cores for the race's playouts (solo/cores.py, issue 44): the same verdicts and the same
automa choices as playing them here, a dead worker costs nothing but time, and the REPL's hard automa uses them
and plays the same keys."""

from __future__ import annotations

import os
import signal

import pytest

from engines.core import autoplay, race
from engines.core.race import Race, Searcher
from engines.core.rng import Rng
from engines.registry import get
from solo.cores import Cores


def _position(game_id: str, seed: int, cut: int):
    game = get(game_id)
    keys = autoplay.play(game, seed).keys
    for n in range(cut, len(keys)):
        state, _ = autoplay.replay(game, seed, keys[:n])
        d = game.decision(state)
        if d is not None and len(d.options) > 2:
            return game, state, d
    raise AssertionError("no decision with a choice")


@pytest.fixture(scope="module")
def cores():
    c = Cores(2)
    assert c.start()
    yield c
    c.close()


@pytest.mark.parametrize("game_id", ["final-girl", "escape-from-tall-oaks"])
def test_the_cores_give_the_very_verdict_and_choice_played_here(cores, game_id):
    game, state, d = _position(game_id, 2, 12)
    budget = Race(first=2, most=4)
    here = race.race(game, state, d, budget, 5)
    assert race.race(game, state, d, budget, 5, playouts=cores) == here
    searcher = Searcher(Race(first=2, most=4, futile=True))
    alone = searcher.choose(game, state, d, Rng.from_seed(4))
    searcher.playouts = cores
    assert searcher.choose(game, state, d, Rng.from_seed(4)) == alone


def test_a_dead_worker_costs_only_time():
    c = Cores(2)
    assert c.start()
    game, state, d = _position("final-girl", 3, 10)
    budget = Race(first=2, most=4)
    here = race.race(game, state, d, budget, 7)
    for process in list(c._pool._processes.values()):
        os.kill(process.pid, signal.SIGKILL)
    assert race.race(game, state, d, budget, 7, playouts=c) == here
    assert c._pool is None  # it went on without them
    c.close()


def test_the_repls_hard_automa_plays_the_same_keys_on_the_cores(tmp_path, monkeypatch):
    from repl_harness import Session

    from engines.core import levels
    from engines.core.contract import resolve_options
    from solo.run import Run

    monkeypatch.setitem(levels.HARD_SAMPLES, "slaughterhouse", 3)
    game = get("slaughterhouse")

    def run() -> Run:
        return Run(game, 5, resolve_options(game, {}), "trespassers", automa="hard")

    used = []
    real = Cores.__call__

    def counted(self, *args):
        used.append(len(args[-1]))
        return real(self, *args)

    monkeypatch.setattr(Cores, "__call__", counted)
    on_cores = Session(tmp_path / "a", run()).lines("1", "1", "1").run
    assert used  # the automa's playouts went to the cores
    alone = run()
    alone.step_automa()
    for key in on_cores.keys[len(alone.keys) :]:
        if alone.decision().seat == alone.seat:
            alone.choose(key)
        else:
            alone.choose(alone.automa_key(alone.decision()))
    assert alone.keys == on_cores.keys
