"""Undo and the load of a journal of undos cost in proportion to the run's length (issue 46, 4): an undo goes
back from a copy of the state near where it lands, never by replaying the run from its start."""

from __future__ import annotations

import random

import msgspec
import pytest

from engines.core.contract import resolve_options
from engines.registry import get, ids
from saves import SaveStore
from solo.run import Checkpoints, Run


def played(game_id: str, steps: int, seed: int = 2) -> Run:
    """A run of `steps` steps, every seat choosing at random, the person taking back their latest decision
    about one step in twenty (and whenever the game ends)."""
    game = get(game_id)
    run = Run(game, seed, resolve_options(game, {}), game.person_seats[0])
    rng = random.Random(seed)
    while len(run.steps) < steps:
        d = run.decision()
        if (d is None or rng.randrange(20) == 0) and run.undo():
            continue
        if d is None:
            break
        run.choose(rng.choice(d.options).key, d)
    return run


def _replayed(run: Run) -> bytes:
    state, _ = run.game.setup(run.seed, run.options)
    for key in run.keys:
        run.game.apply(state, key)
    return msgspec.json.encode(state)


@pytest.mark.parametrize("game_id", ids())
def test_every_undo_reaches_the_state_a_replay_from_the_start_reaches(game_id):
    game = get(game_id)
    run = Run(game, 5, resolve_options(game, {}), game.person_seats[0])
    rng = random.Random(5)
    undone = 0
    for _ in range(160):
        d = run.decision()
        if d is not None and rng.randrange(6):
            run.choose(rng.choice(d.options).key, d)
        elif run.undo():
            undone += 1
            assert msgspec.json.encode(run.state) == _replayed(run), len(run.keys)
    assert undone >= 8


def test_a_journal_of_undos_loads_with_few_more_moves_than_steps(tmp_path, monkeypatch):
    """Loading 600 steps with some 30 undos plays each key about once: an undo replays at most the keys since
    a kept copy (it used to replay the whole run twice, so a long journal took minutes)."""
    run = played("slaughterhouse", 600)
    start = Run(run.game, run.seed, run.options, run.seat)
    store = SaveStore(tmp_path)
    store.write("j", start.to_record())
    store.append("j", run.steps)
    record = store.read("j")
    undos = sum(step.key is None for step in record.journal)
    game = run.game
    moves = 0
    apply = type(game).apply

    def counted(self, state, key, decision=None):
        nonlocal moves
        moves += 1
        return apply(self, state, key, decision)

    monkeypatch.setattr(type(game), "apply", counted)
    loaded = Run.from_record(record)
    assert loaded.keys == run.keys and undos >= 20
    assert moves <= len(record.journal) + undos * Checkpoints.EVERY  # at most a stretch between copies each
    assert moves <= 2 * len(record.journal)


def test_the_copies_kept_for_undo_stay_few_however_long_the_run():
    run = played("slaughterhouse", 1500)
    kept = len(run._points._at)
    assert kept <= len(run.keys) // Checkpoints.EVERY + Checkpoints.RECENT + 1
