"""The journal, the slot lock and the leftovers of killed processes (issue 12: items 2, 11 and the flat autosave)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from saves import SaveError, SaveStore, atomic_write
from saves.journal import Step, events_digest
from saves.lock import SlotBusy


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def step(key: str | None, turn: int = 1) -> Step:
    return Step(key=key, events=events_digest([key]), turn=turn, status="running")


def test_steps_appended_after_a_full_write_read_back_in_order(store, make_record):
    store.write("run", make_record())
    store.append("run", [step("a"), step("b")])
    store.append("run", [step(None, 2)])
    record = store.read("run")
    assert [s.key for s in record.journal] == ["a", "b", None]
    assert record.latest()[:2] == (2, "running")
    assert names(store.root) == ["run.journal", "run.json"]


def test_a_full_write_starts_the_journal_afresh(store, make_record):
    store.write("run", make_record())
    store.append("run", [step("a")])
    store.write("run", make_record())
    assert store.read("run").journal == [] and not store.journal_path("run").exists()


def test_a_journal_cut_short_mid_line_loses_only_that_line(store, make_record):
    store.write("run", make_record())
    store.append("run", [step("a"), step("b")])
    path = store.journal_path("run")
    path.write_bytes(path.read_bytes()[:-7])  # the crash came while the last line was being written
    assert [s.key for s in store.read("run").journal] == ["a"]


def test_an_edited_journal_line_is_named_in_one_line(store, make_record):
    store.write("run", make_record())
    store.append("run", [step("a"), step("b")])
    path = store.journal_path("run")
    path.write_bytes(path.read_bytes().replace(b'"key":"a"', b'"key":"z"'))
    with pytest.raises(SaveError) as caught:
        store.read("run")
    assert caught.value.path == path and "line 2 does not match its seal" in str(caught.value)
    assert len(str(caught.value).splitlines()) == 1
    listed = store.list()[0]
    assert listed.record is None and "run.journal" in listed.problem


def test_a_journal_of_an_older_snapshot_is_ignored(store, make_record):
    """A crash between writing a new snapshot and removing the journal: the snapshot already holds it."""
    store.write("run", make_record())
    store.append("run", [step("a")])
    stale = store.journal_path("run").read_bytes()
    store.write("run", make_record(turn=5))
    store.journal_path("run").write_bytes(stale)
    record = store.read("run")
    assert record.journal == [] and record.turn == 5


def test_the_journal_is_not_appended_to_after_someone_else_wrote_the_slot(store, make_record):
    store.write("run", make_record())
    SaveStore(store.root).write("run", make_record(turn=3))
    assert not store.journaling("run")
    with pytest.raises(SaveError):
        store.append("run", [step("a")])


def test_a_failed_append_is_never_continued(store, make_record, monkeypatch):
    store.write("run", make_record())
    store.append("run", [step("a")])
    monkeypatch.setattr("saves.journal.os.fsync", _fail)
    with pytest.raises(SaveError, match="No space left"):
        store.append("run", [step("b")])
    monkeypatch.undo()
    assert not store.journaling("run")  # the next save is whole, so a torn line is never built upon


def _fail(*args, **kwargs):
    raise OSError(28, "No space left on device")


# the lock


def test_a_locked_slot_refuses_a_second_holder_with_the_pid(store):
    store.lock("run")
    other = SaveStore(store.root)
    with pytest.raises(SlotBusy) as caught:
        other.lock("run")
    assert caught.value.pid == os.getpid()
    assert str(caught.value) == (
        f"Slot 'run' is open in another solo (pid {os.getpid()}); finish there first, or pick another slot."
    )
    store.unlock("run")
    other.lock("run")  # let go: free again
    other.unlock("run")


def test_claim_skips_slots_open_in_another_solo(store):
    first = SaveStore(store.root)
    assert first.claim("game") == "game"
    assert store.claim("game") == "game-2"  # nothing saved in 'game' yet, but it is being started
    first.unlock_all()
    store.unlock_all()


def test_claim_skips_saved_slots(store, make_record):
    store.write("game", make_record())
    assert store.claim("game") == "game-2"
    store.unlock_all()


def test_a_file_saved_meanwhile_in_an_empty_slot_is_not_replaced(store, make_record, monkeypatch):
    """Creation is exclusive: a save that appears between the check and the write stands."""
    real = os.path.lexists
    path = store.path("run")
    path.parent.mkdir(parents=True)
    calls = []

    def appears(p):
        if Path(p) == path and not calls:
            calls.append(p)
            atomic_write(path, b"someone else's")
            return False
        return real(p)

    monkeypatch.setattr("saves.store.os.path.lexists", appears)
    with pytest.raises(SaveError, match="appeared there meanwhile"):
        store.write("run", make_record())
    monkeypatch.undo()
    assert path.read_bytes() == b"someone else's"
    assert names(store.root) == ["run.json"]


# leftovers


def test_stale_temps_of_the_slot_are_cleared_under_its_lock(store, make_record):
    store.write("run", make_record())
    leftovers = [".run.json.abc123.tmp", ".run.json.bak.def456.tmp", ".run.journal.x1.tmp"]
    for name in [*leftovers, ".other.json.zzz.tmp"]:
        (store.root / name).write_bytes(b"half")
    store.lock("run")
    assert names(store.root) == [".other.json.zzz.tmp", ".run.lock", "run.json"]
    store.unlock("run")


def test_a_backup_that_is_a_link_of_the_save_leaves_no_temp(store, make_record):
    """A write that failed after the backup step leaves .bak as a hard link of the save."""
    store.write("run", make_record())
    os.link(store.path("run"), store.backup_path("run"))
    store.write("run", make_record(turn=2))
    assert names(store.root) == ["run.json", "run.json.bak"]
