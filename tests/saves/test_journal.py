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


def test_an_edited_journal_line_loads_what_is_whole_and_names_the_line(store, make_record):
    """Issue 46, 2: the snapshot and the lines before the bad one are whole; they load, and the record says
    which line stopped the rest (the suite used to hold the whole slot's refusal for right)."""
    store.write("run", make_record())
    store.append("run", [step("a"), step("b"), step("c")])
    path = store.journal_path("run")
    path.write_bytes(path.read_bytes().replace(b'"key":"b"', b'"key":"z"'))
    record = store.read("run")
    assert [s.key for s in record.journal] == ["a"]
    assert record.journal_damage == "line 3 does not match its seal (edited by hand?)" and record.journal_dropped == 2
    listed = store.list()[0]
    assert listed.record is not None and listed.problem is None


@pytest.mark.parametrize(
    "damage",
    [b"{not json at all\n", b"\x00\x00\x00\n", b'{"key":"c","events":"x","turn":1,"status":"running"}\n'],
    ids=["not-json", "zero-bytes", "unsealed"],
)
def test_a_damaged_line_in_the_middle_keeps_the_lines_before_it(store, make_record, damage):
    store.write("run", make_record())
    store.append("run", [step("a"), step("b")])
    path = store.journal_path("run")
    head, first, second = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(head + first + damage + second)
    record = store.read("run")
    assert [s.key for s in record.journal] == ["a"] and "line 3" in record.journal_damage
    assert record.journal_dropped == 2


@pytest.mark.parametrize(
    "tail", [b"\n", b"\n\n", b"\xef\xbb\xbf", b"\xef\xbb\xbf\n", b"  \r\n"], ids=["newline", "blank-lines", "bom", "bom-line", "spaces"]
)
def test_a_blank_line_or_a_byte_order_mark_at_the_end_is_nothing(store, make_record, tail):
    store.write("run", make_record())
    store.append("run", [step("a"), step("b")])
    path = store.journal_path("run")
    path.write_bytes(path.read_bytes() + tail)
    record = store.read("run")
    assert [s.key for s in record.journal] == ["a", "b"] and record.journal_damage == ""


def test_a_byte_order_mark_before_the_header_is_nothing(store, make_record):
    store.write("run", make_record())
    store.append("run", [step("a")])
    path = store.journal_path("run")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert [s.key for s in store.read("run").journal] == ["a"]


def test_a_header_that_is_not_one_leaves_the_snapshot_alone(store, make_record):
    store.write("run", make_record(turn=4))
    store.append("run", [step("a"), step("b", turn=5)])
    path = store.journal_path("run")
    path.write_bytes(b"garbage\n" + path.read_bytes().split(b"\n", 1)[1])
    record = store.read("run")
    assert record.journal == [] and record.latest()[0] == 4
    assert record.journal_damage == "first line (line 1) is not a solo journal header" and record.journal_dropped == 3


def test_a_journal_that_is_not_a_file_leaves_the_snapshot_alone(store, make_record):
    store.write("run", make_record())
    store.journal_path("run").mkdir()
    record = store.read("run")
    assert record.journal == [] and "cannot be read" in record.journal_damage


def test_a_damaged_journal_is_kept_once_beside_the_slot(store, make_record):
    store.write("run", make_record())
    store.append("run", [step("a"), step("b")])
    path = store.journal_path("run")
    path.write_bytes(path.read_bytes() + b"torn}\n")
    damaged = path.read_bytes()
    kept, made = store.keep_journal("run")
    assert kept == store.root / "run.journal.damaged" and kept.read_bytes() == damaged and made
    assert store.keep_journal("run") == (kept, False)  # the same bytes are not kept twice
    path.write_bytes(damaged + b"more}\n")
    assert store.keep_journal("run") == (store.root / "run.journal.damaged-2", True)


def test_a_journal_damaged_while_playing_is_kept_and_saving_goes_on(store, make_record):
    """Issue 46, 2: a program still playing when its journal goes bad used to fail every later save."""
    record = make_record()
    store.write("run", record)
    store.append("run", [step("a")])
    path = store.journal_path("run")
    path.write_bytes(path.read_bytes() + b"\x00garbage\n")  # the journal goes bad behind its back
    with pytest.raises(SaveError):
        store.append("run", [step("b")])  # it is not the size this solo left it at
    store.write("run", record, accept=lambda existing: None)  # the whole run, as the REPL's autosave then does
    assert not path.exists() and (store.root / "run.journal.damaged").read_bytes().endswith(b"\x00garbage\n")
    notices = store.take_notices()
    assert len(notices) == 1 and "run.journal.damaged" in notices[0] and "line 3 is damaged" in notices[0]
    store.append("run", [step("c")])  # and the journal goes on
    assert [s.key for s in store.read("run").journal] == ["c"] and store.take_notices() == []


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
