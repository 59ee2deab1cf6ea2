"""Accidents that used to lose a run or end in a traceback (issue 46): a lock file that is not one, a damaged
journal met at load, an export onto a device or a FIFO, a file name too long, a `--jobs` past sense, a save
folder that is a link to nothing."""

from __future__ import annotations

import io
import os
import stat
import sys
from pathlib import Path

import pytest
from repl_harness import Session, new_run

from saves import SaveStore, atomic_write
from saves.store import SlotUnlockable
from solo import sim
from solo.cli import main
from solo.run import Run

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file kinds")


def solo(capsys, monkeypatch, root: Path, *args: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["--save-dir", str(root), *args])
    out, err = capsys.readouterr()
    return code, out, err


def _files(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(root.iterdir()) if p.is_file() and not p.name.startswith(".")}


# 1. a lock that cannot be taken is never skipped without a word


def _broken_lock(path: Path, kind: str) -> None:
    if kind == "folder":
        path.mkdir()
    elif kind == "link":
        path.symlink_to(path.with_name("elsewhere"))
    elif kind == "fifo":
        os.mkfifo(path)


@posix
@pytest.mark.parametrize("kind", ["folder", "link", "fifo"])
def test_a_slot_whose_lock_file_is_not_one_is_refused_in_one_line_and_left_as_it_is(tmp_path, capsys, monkeypatch, kind):
    """Two solos then played one slot unlocked and the last writer won (4 runs of 4 lost their first moves)."""
    Session(tmp_path, new_run(seed=3), slot="run").plain_lines("1")
    _broken_lock(tmp_path / ".run.lock", kind)
    before = _files(tmp_path)
    for args in (["load", "run"], ["continue", "run"], ["new", "escape-of-the-dead", "--slot", "other"]):
        if args[0] == "new":
            _broken_lock(tmp_path / ".other.lock", kind)
        code, out, err = solo(capsys, monkeypatch, tmp_path, *args, stdin="1\n")
        assert code == 2 and len(err.strip().splitlines()) == 1, (args, out, err)
        assert "cannot lock slot" in err and "another solo could play it at the same time" in err
    assert _files(tmp_path) == before


def test_a_lock_file_the_process_may_not_open_is_refused_too(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    store.lock_path("run").write_bytes(b"")

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("saves.lock.os.open", refused)
    with pytest.raises(SlotUnlockable, match="Permission denied"):
        store.lock("run")
    assert not store.holds("run")
    store.lock("run", unlocked=True)  # the person said to play it all the same
    assert store.holds("run")


@posix
def test_a_new_run_takes_the_next_name_where_the_games_lock_file_is_not_one(tmp_path, capsys, monkeypatch):
    (tmp_path / ".escape-of-the-dead.lock").mkdir()
    code, out, err = solo(capsys, monkeypatch, tmp_path, "new", "escape-of-the-dead", stdin="1\n")
    assert code == 0 and err == "" and "Saved in slot 'escape-of-the-dead-2'" in out


def test_the_refusal_in_the_repl_is_one_line_too(tmp_path):
    (tmp_path / ".other.lock").mkdir()
    s = Session(tmp_path, new_run(seed=3), slot="run").plain_lines("save other")
    refusals = [line for line in s.out.splitlines() if "cannot lock slot 'other'" in line]
    assert len(refusals) == 1 and not (tmp_path / "other.json").exists()


# 2. a damaged journal met at load: what is whole loads, one line says what was not, and saving goes on


def _journaled(root: Path, seed: int = 5, moves: int = 6) -> Run:
    """A run saved step by step and never closed (the process died): a snapshot and a journal of `moves`."""
    from test_never_lost import _repl

    run = new_run(seed=seed)
    repl = _repl(root, run, slot="j")
    repl.autosave()
    for _ in range(moves):
        run.choose(run.decision().options[0].key)
        repl.autosave()
    return run


def test_load_with_a_damaged_journal_line_goes_on_from_what_is_whole_and_keeps_the_journal(tmp_path, capsys, monkeypatch):
    run = _journaled(tmp_path)
    path = tmp_path / "j.journal"
    rows = path.read_bytes().splitlines(keepends=True)
    rows[4] = b'{"key": damaged beyond reading\n'  # journal line 5: the fourth decision
    damaged = b"".join(rows)
    path.write_bytes(damaged)
    code, out, err = solo(capsys, monkeypatch, tmp_path, "--plain", "load", "j", stdin="quit\n")
    told = [line for line in out.splitlines() if "journal's line 5 is damaged" in line]
    assert code == 0 and err == "" and len(told) == 1
    assert "the 3 lines from there on (3 decisions at most)" in told[0] and "kept as j.journal.damaged" in told[0]
    assert (tmp_path / "j.journal.damaged").read_bytes() == damaged
    again = Run.from_record(SaveStore(tmp_path).read("j"))
    assert again.keys == run.keys[:3] and not (tmp_path / "j.journal").exists()


def test_load_at_the_prompt_says_the_damage_and_keeps_the_journal_too(tmp_path):
    run = _journaled(tmp_path)
    path = tmp_path / "j.journal"
    path.write_bytes(path.read_bytes() + b"{torn\n")
    s = Session(tmp_path, new_run(seed=3), slot="other").plain_lines("load j", "quit")
    told = [line for line in s.out.splitlines() if "journal's line 8 is damaged" in line]
    assert len(told) == 1 and "kept as j.journal.damaged" in told[0]
    assert s.run.keys == run.keys and not path.exists() and (tmp_path / "j.journal.damaged").exists()


def test_reading_a_run_with_a_damaged_journal_says_so_on_stderr_and_changes_nothing(tmp_path, capsys, monkeypatch):
    _journaled(tmp_path)
    path = tmp_path / "j.journal"
    path.write_bytes(path.read_bytes() + b"\x00\x00torn\n")
    before = _files(tmp_path)
    code, out, err = solo(capsys, monkeypatch, tmp_path, "log", "j")
    assert code == 0 and len(err.strip().splitlines()) == 1 and "journal's line 8 is damaged" in err
    code, out, _ = solo(capsys, monkeypatch, tmp_path, "list")
    assert "j: its journal's line 8 is damaged" in out and "damaged: " not in out
    assert _files(tmp_path) == before


# 6. --force replaces only a regular file


@posix
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_force_never_replaces_a_device_or_a_fifo(tmp_path, capsys, monkeypatch, kind):
    Session(tmp_path / "saves", new_run(seed=3), slot="r").plain_lines("1")
    target = tmp_path / "node"
    if kind == "fifo":
        os.mkfifo(target)
    else:
        try:
            os.mknod(target, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a null device, in the test's own folder
        except PermissionError:
            pytest.skip("making a device node needs root")
    code, _, err = solo(capsys, monkeypatch, tmp_path / "saves", "log", "r", "--html", str(target), "--force")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "only to a regular file or a new one" in err
    mode = target.lstat().st_mode
    assert stat.S_ISFIFO(mode) if kind == "fifo" else stat.S_ISCHR(mode)


@posix
def test_a_fifo_that_appears_after_the_check_is_not_replaced_either(tmp_path):
    target = tmp_path / "page.html"
    os.mkfifo(target)
    with pytest.raises(OSError, match="never replaced"):
        atomic_write(target, b"<html>", regular=True)
    assert stat.S_ISFIFO(target.lstat().st_mode) and [p.name for p in tmp_path.iterdir()] == ["page.html"]


# 7. no traceback: a file name too long, --jobs past sense


def test_an_export_name_too_long_for_the_file_system_is_one_line(tmp_path, capsys, monkeypatch):
    Session(tmp_path / "saves", new_run(seed=3), slot="r").plain_lines("1")
    code, _, err = solo(capsys, monkeypatch, tmp_path / "saves", "log", "r", "--html", str(tmp_path / ("a" * 300)))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "File name too long" in err


def test_jobs_past_the_machine_use_what_it_has_and_say_so(tmp_path, capsys, monkeypatch):
    code, out, err = solo(
        capsys, monkeypatch, tmp_path, "sim", "escape-of-the-dead", "-n", "3", "--jobs", "1" + "0" * 22, "--json"
    )
    assert code == 0 and '"games": 3' in out and len(err.strip().splitlines()) == 1
    assert f"using {min(os.cpu_count() or 1, 3)}" in err
    assert sim.workers(99_999, 1000) <= (os.cpu_count() or 1) and sim.workers(8, 1) == 1


def test_a_number_of_games_past_sense_is_one_line(tmp_path, capsys, monkeypatch):
    code, _, err = solo(capsys, monkeypatch, tmp_path, "sim", "escape-of-the-dead", "-n", "1" + "0" * 22)
    assert code == 2 and err.strip() == "solo: -n takes a number of games of at least 1 and at most 10,000,000."


# 8. a save folder that is a link to nothing (the menu played on, every save failing, and ended with 0)


@posix
@pytest.mark.parametrize("command", [[], ["new", "escape-of-the-dead"], ["list"]])
def test_a_save_folder_that_is_a_link_to_nothing_is_one_line(tmp_path, capsys, monkeypatch, command):
    root = tmp_path / "saves"
    root.symlink_to(tmp_path / "gone" / "saves")
    code, _out, err = solo(capsys, monkeypatch, root, *command, stdin="1\n1\n\nquit\n")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "a link to nothing" in err
    assert not (tmp_path / "gone").exists()


# 8. the smaller ones


def _finished(root: Path, slot: str, seed: int = 1) -> Run:
    """An Escape of the Dead run played to its end and saved, as if its end could not write the record (the
    keep file was damaged, or the disk full, just then)."""
    from engines.core.autoplay import play
    from engines.registry import get

    game = get("escape-of-the-dead")
    run = new_run(seed=seed)
    for key in play(game, seed, "optimal", run.options).keys:
        run.choose(key)
    assert run.outcome() is not None
    SaveStore(root).write(slot, run.to_record())
    return run


def _stats(capsys, monkeypatch, root: Path) -> dict:
    import json

    code, out, _ = solo(capsys, monkeypatch, root, "stats", "--json")
    assert code == 0
    return {g["game"]: g for g in json.loads(out)["games"]}


def test_a_finished_run_its_end_could_not_record_counts_from_the_next_start_of_any_run(tmp_path, capsys, monkeypatch):
    """It used to count only if that very run was opened again."""
    ended = _finished(tmp_path, "ended")
    assert _stats(capsys, monkeypatch, tmp_path) == {}
    Session(tmp_path, new_run(seed=3), slot="other").plain_lines("1")  # any run, started later
    record = _stats(capsys, monkeypatch, tmp_path)["escape-of-the-dead"]
    assert record["plays"] == 1 and record["last_ten"] == [ended.status()]
    Session(tmp_path, new_run(seed=4), slot="third").plain_lines("1")
    code, _, _ = solo(capsys, monkeypatch, tmp_path, "--plain", "load", "ended", stdin="quit\n")
    assert code == 0 and _stats(capsys, monkeypatch, tmp_path)["escape-of-the-dead"]["plays"] == 1  # counted once


def test_a_keep_file_entry_with_a_result_that_is_none_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    """Issue 46, 8: an entry with result "maybe" was accepted, and `stats` then disagreed with itself."""
    from saves.keep import Keepsakes

    _finished(tmp_path, "ended")
    Session(tmp_path, new_run(seed=3), slot="other").plain_lines("1")
    path = Keepsakes(tmp_path).path("escape-of-the-dead")
    path.write_text(path.read_text().replace('"result": "won"', '"result": "maybe"').replace(
        '"result": "lost"', '"result": "maybe"'))
    code, out, err = solo(capsys, monkeypatch, tmp_path, "stats", "--json")
    assert code == 0 and len(err.strip().splitlines()) == 1 and "escape-of-the-dead.json" in err
    assert "not counted" in err and '"games": []' in out


def test_transcript_with_a_file_name_says_where_the_transcript_goes_instead_of_ignoring_it(tmp_path):
    s = Session(tmp_path, new_run(seed=3), slot="t").plain_lines("transcript notes.txt", "transcript on")
    refusal = [line for line in s.out.splitlines() if "'transcript' takes on or off" in line]
    assert len(refusal) == 1 and "t.transcript.txt" in refusal[0] and "'notes.txt'" in refusal[0]
    assert not (tmp_path / "notes.txt").exists() and "Transcript on" in s.out


@posix
@pytest.mark.parametrize("answer", ["y", "n"])
def test_at_a_terminal_the_person_may_play_a_slot_whose_lock_file_is_not_one(tmp_path, answer):
    """Issue 46, 1: refused unless the person says so; at a terminal they are asked, and the slot plays unlocked
    only on a yes."""
    import pexpect
    from pty_harness import Pty, spawn

    Session(tmp_path, new_run(seed=3), slot="run").plain_lines("1")
    (tmp_path / ".run.lock").mkdir()
    child = spawn(tmp_path, "load", "run")
    try:
        child.expect("without a lock all the same")
        child.sendline(answer)
        if answer == "y":
            Pty(child).prompt()
            child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == (0 if answer == "y" else 2)
    assert (tmp_path / ".run.lock").is_dir()  # left as it was
