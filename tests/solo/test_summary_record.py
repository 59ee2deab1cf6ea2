"""The end of a run shown again (issue 18: a run counts once however often it is loaded, undone or replayed):
the panel claims no new change in the record, and says in one line that the run was already counted."""

from __future__ import annotations

from repl_harness import Session, new_run

from engines.core.autoplay import play
from engines.registry import get
from saves.keep import Keepsakes
from solo.run import Run

SEED = 2
CHANGED = ("Your first win", "Your record in this game")


def finished(root) -> tuple[Session, list[str]]:
    """An Escape of the Dead run played to its end at the prompt, and the lines typed."""
    keys = play(get("escape-of-the-dead"), SEED, "optimal").keys
    run = new_run(seed=SEED)
    typed = []
    for key in keys:
        typed.append(str(run.decision().keys().index(key) + 1))
        run.choose(key)
    return Session(root, new_run(seed=SEED), slot="r").plain_lines(*typed), typed


def test_a_finished_run_loaded_again_says_it_was_already_counted(tmp_path):
    first, _ = finished(tmp_path)
    assert any(line in first.out for line in CHANGED)
    result = first.run.status()
    again = Session(tmp_path, Run.from_record(first.store.read("r")), slot="r").plain_lines("quit")
    (said,) = [line for line in again.out.splitlines() if "Already counted" in line]
    assert f"({result}, " in said and "nothing changed." in said and "1 played" in said
    assert not any(line in again.out for line in CHANGED)
    assert len(Keepsakes(tmp_path).read("escape-of-the-dead").finished) == 1


def test_a_run_undone_and_finished_again_keeps_its_first_record(tmp_path):
    first, typed = finished(tmp_path)
    before = Keepsakes(tmp_path).read("escape-of-the-dead").finished
    again = Session(tmp_path, Run.from_record(first.store.read("r")), slot="r")
    again.plain_lines("undo", typed[-1], "quit")
    assert again.run.outcome() is not None
    told = again.out.split("Already counted")
    assert len(told) == 3  # once when loaded, once when it ended again; never a new change
    assert not any(line in again.out for line in CHANGED)
    assert Keepsakes(tmp_path).read("escape-of-the-dead").finished == before
