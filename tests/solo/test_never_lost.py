"""A run is never lost or overwritten (issue 12, items 1, 3, 4, 8 and the flat autosave), in-process."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import msgspec
import pytest
from repl_harness import Session, new_run

from engines.core.contract import resolve_options
from engines.registry import get, ids
from saves import SaveStore
from saves.record import seal_of
from solo.cli import main
from solo.reader import PlainReader
from solo.repl import Repl
from solo.run import Run
from solo.screen import Screen, make_console


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and p.suffix != ".lock"}


def other_run(root: Path, slot: str = "other", seed: int = 99) -> dict[str, bytes]:
    """Another run saved (twice, so it has a backup) in slot, and the folder's files afterwards."""
    Session(root, new_run(seed=seed), slot=slot).plain_lines("1", "save")
    return files(root)


def solo(capsys, monkeypatch, root: Path, *args: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["--save-dir", str(root), *args])
    out, err = capsys.readouterr()
    return code, out, err


# 1. `save SLOT` never replaces another run unasked


def test_save_onto_another_run_is_refused_in_line_mode(tmp_path):
    before = other_run(tmp_path)
    s = Session(tmp_path, new_run(seed=5), slot="mine").plain_lines("save other", "1", "save other")
    refusals = [line for line in s.out.splitlines() if "holds another run" in line]
    assert len(refusals) == 2 and "escape-of-the-dead, turn 2" in refusals[0] and "not replaced" in refusals[0]
    after = files(tmp_path)
    assert {k: after[k] for k in before} == before  # the other run and its backup, byte for byte
    assert SaveStore(tmp_path).read("other").seed == 99


class Terminal:
    """A reader as at a terminal (it does not echo): scripted answers, and the prompts it was shown."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def read(self, prompt: str, soon=None) -> str:
        if soon is not None:
            soon()
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def _at_terminal(root: Path, *lines: str, slot: str = "mine") -> tuple[Terminal, str]:
    reader = Terminal(*lines)
    out = io.StringIO()
    screen = Screen(make_console(True, file=out), True)
    Repl(new_run(seed=5), SaveStore(root), slot, screen, reader).play()
    return reader, out.getvalue()


def test_save_onto_another_run_asks_at_a_terminal(tmp_path):
    before = other_run(tmp_path)
    reader, out = _at_terminal(tmp_path, "save other", "n")
    assert any(p.startswith("Slot 'other' holds another run (escape-of-the-dead, turn 2") for p in reader.prompts)
    assert "left as it was" in out and files(tmp_path)["other.json"] == before["other.json"]
    _, out = _at_terminal(tmp_path, "save other", "y", slot="mine-2")
    assert "Saved a copy in slot 'other'" in out
    assert SaveStore(tmp_path).read("other").seed == 5


def test_a_copy_of_this_run_is_its_own_and_is_updated_without_asking(tmp_path):
    s = Session(tmp_path, new_run(seed=5), slot="mine").plain_lines("save copy", "1", "save copy")
    assert s.out.count("Saved a copy in slot 'copy'") == 2
    assert SaveStore(tmp_path).read("copy").keys == s.run.keys


def _foreign(root: Path, **changes) -> bytes:
    """A sealed save that `load` refuses, in slot 'other'."""
    other_run(root)
    path = root / "other.json"
    doc = json.loads(path.read_bytes())
    doc.update(changes)
    record = SaveStore(root).read_path(path)
    record = msgspec.structs.replace(record, **changes)
    doc["seal"] = seal_of(record)
    path.write_bytes(json.dumps(doc).encode())
    return path.read_bytes()


@pytest.mark.parametrize(
    "changes", [{"rules_version": "99"}, {"game": "no-such-game"}, {"keys": ["alloc:9-9-9"]}]
)
def test_a_file_that_load_refuses_is_never_replaced_even_when_asked(tmp_path, changes):
    data = _foreign(tmp_path, **changes)
    _, out = _at_terminal(tmp_path, "save other", "y")
    assert "will not overwrite it" in out
    assert (tmp_path / "other.json").read_bytes() == data


def test_restart_replaces_the_run_in_its_own_slot_once_asked(tmp_path):
    s = Session(tmp_path, new_run(seed=5), slot="mine").plain_lines("1", "restart", "y", "1")
    record = SaveStore(tmp_path).read("mine")
    assert record.seed == s.run.seed != 5 and record.keys == s.run.keys


# 4. fields the replay cannot check are sealed; those it can are checked


def _edit(path: Path, **changes) -> None:
    doc = json.loads(path.read_bytes())
    doc.update(changes)
    path.write_bytes(json.dumps(doc).encode())


@pytest.mark.parametrize("changes", [{"ironman": False}, {"status": "won"}, {"turn": 40}])
def test_a_hand_edited_field_is_refused_on_load_and_in_the_list(tmp_path, capsys, monkeypatch, changes):
    Session(tmp_path, new_run(seed=5, ironman=True), slot="iron").plain_lines("1", "1")
    _edit(tmp_path / "iron.json", **changes)
    code, _, err = solo(capsys, monkeypatch, tmp_path, "load", "iron", stdin="undo\n")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "do not match its seal" in err
    code, out, _ = solo(capsys, monkeypatch, tmp_path, "list")
    assert "damaged: its fields do not match its seal" in out


@pytest.mark.parametrize("changes", [{"status": "won"}, {"turn": 40}])
def test_status_and_turn_of_an_unsealed_save_are_checked_by_its_replay(tmp_path, changes):
    Session(tmp_path, new_run(seed=5), slot="old").plain_lines("1", "1")
    path = tmp_path / "old.json"
    doc = json.loads(path.read_bytes())
    doc.update(schema=1, **changes)
    del doc["seal"], doc["run"]  # as schema 1 wrote them
    path.write_bytes(json.dumps(doc).encode())
    with pytest.raises(Exception, match="where its replay reaches turn"):
        Run.from_record(SaveStore(tmp_path).read("old"))


@pytest.mark.parametrize("later", [{"run": "keep"}, {"seal": "keep"}, {"automa": "hard"}])
def test_a_save_relabelled_as_schema_1_with_what_schema_1_never_held_is_refused(tmp_path, capsys, monkeypatch, later):
    """Issue 46, 5: declaring "schema": 1 was a way around the seal."""
    Session(tmp_path, new_run(seed=5, ironman=True), slot="iron").plain_lines("1", "1")
    path = tmp_path / "iron.json"
    doc = json.loads(path.read_bytes())
    kept = {name: doc[name] for name, value in later.items() if value == "keep"}
    doc = {k: v for k, v in doc.items() if k not in ("seal", "run")} | kept
    doc.update(schema=1, ironman=False, **{k: v for k, v in later.items() if v != "keep"})
    path.write_bytes(json.dumps(doc).encode())
    code, _, err = solo(capsys, monkeypatch, tmp_path, "load", "iron", stdin="undo\n")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "says schema 1, which never held" in err


def test_a_save_of_schema_1_plays_on_as_an_ironman_run_whatever_it_says(tmp_path, capsys, monkeypatch):
    """Issue 46, 5: an ironman save relabelled as schema 1, its seal and id taken out and ironman turned off,
    loaded, took an undo and was sealed again as schema 2. Nothing in a save of schema 1 can show it was not an
    ironman run, so it plays on as one, and says so in one line."""
    Session(tmp_path, new_run(seed=5, ironman=True), slot="iron").plain_lines("1", "1")
    path = tmp_path / "iron.json"
    doc = json.loads(path.read_bytes())
    doc = {k: v for k, v in doc.items() if k not in ("seal", "run")} | {"schema": 1, "ironman": False}
    path.write_bytes(json.dumps(doc).encode())
    keys = len(Run.from_record(SaveStore(tmp_path).read("iron")).keys)
    code, out, _err = solo(capsys, monkeypatch, tmp_path, "--plain", "load", "iron", stdin="undo\nquit\n")
    assert code == 0 and "nothing shows it was not an ironman run" in out and "ironman run: no undo" in out
    again = SaveStore(tmp_path).read("iron")
    assert again.schema == 2 and again.ironman and not again.unsealed and len(again.keys) == keys


# 3. exports


def test_an_export_never_replaces_a_file_unless_forced(tmp_path, capsys, monkeypatch):
    saves, out_dir = tmp_path / "saves", tmp_path / "out"
    Session(saves, new_run(seed=5), slot="r").plain_lines("1")
    out_dir.mkdir()
    target = out_dir / "r.html"
    target.write_text("my notes")
    code, _, err = solo(capsys, monkeypatch, saves, "log", "r", "--html", str(target))
    assert code == 2 and "already exists; add --force" in err and target.read_text() == "my notes"
    code, _, _ = solo(capsys, monkeypatch, saves, "log", "r", "--html", str(target), "--force")
    assert code == 0 and "<html" in target.read_text()
    assert sorted(p.name for p in out_dir.iterdir()) == ["r.html"]


@pytest.mark.parametrize("name", ["r.json", "r.html", "sub/r.txt"])
def test_an_export_is_never_written_into_the_save_folder(tmp_path, capsys, monkeypatch, name):
    Session(tmp_path, new_run(seed=5), slot="r").plain_lines("1")
    before = files(tmp_path)
    code, _, err = solo(capsys, monkeypatch, tmp_path, "log", "r", "--text", str(tmp_path / name), "--force")
    assert code == 2 and "is in the save folder" in err and len(err.strip().splitlines()) == 1
    assert files(tmp_path) == before


def test_an_empty_export_path_is_an_error(tmp_path, capsys, monkeypatch):
    Session(tmp_path / "saves", new_run(seed=5), slot="r").plain_lines("1")
    code, out, err = solo(capsys, monkeypatch, tmp_path / "saves", "log", "r", "--html", "")
    assert code == 2 and "needs a file name" in err and out == ""


def test_a_failed_export_leaves_the_old_file(tmp_path, capsys, monkeypatch):
    Session(tmp_path / "saves", new_run(seed=5), slot="r").plain_lines("1")
    target = tmp_path / "r.md"
    target.write_text("old")

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("saves.atomic.os.replace", full)
    code, _, err = solo(capsys, monkeypatch, tmp_path / "saves", "log", "r", "--markdown", str(target), "--force")
    assert code == 2 and "No space left" in err and target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.md", "saves"]


# 8. a save folder that is not a folder


@pytest.mark.parametrize("command", [["list"], ["continue"], [], ["new", "escape-of-the-dead"], ["load", "x"]])
@pytest.mark.parametrize("where", ["file", "devnull"])
def test_a_save_folder_that_is_a_file_is_one_line(tmp_path, capsys, monkeypatch, command, where):
    root = tmp_path / "saves"
    if where == "file":
        root.write_text("not a folder")
    else:
        root = Path(os.devnull)
    code, _out, err = solo(capsys, monkeypatch, root, *command, stdin="1\n")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "is not a folder" in err
    if where == "file":
        assert root.read_text() == "not a folder"


# the autosave: a journal line per step, replay-checked on load, for every game


def _repl(root: Path, run: Run, slot: str = "j") -> Repl:
    screen = Screen(make_console(True, file=io.StringIO()), True)
    return Repl(run, SaveStore(root), slot, screen, PlainReader(io.StringIO(""), screen.echo))


@pytest.mark.parametrize("gid", ids())
def test_a_run_saved_step_by_step_and_never_closed_loads_exactly(tmp_path, gid):
    """As after a crash: a snapshot and its journal, undo steps included, rebuild the very same run."""
    game = get(gid)
    run = Run(game, 4, resolve_options(game, {}), game.person_seats[0])
    repl = _repl(tmp_path, run)
    policy = game.policies[game.default_policy]
    run.step_automa()
    assert repl.autosave()
    for n in range(40):
        d = run.decision()
        if d is None:
            break
        run.choose(policy(run.view(), d, None), d)
        run.step_automa()
        if n % 7 == 3:
            run.undo()
        assert repl.autosave()
    assert repl.store.journal_path("j").exists()
    loaded = Run.from_record(SaveStore(tmp_path).read("j"))
    assert loaded.keys == run.keys and loaded.log == run.log
    assert msgspec.json.encode(loaded.state) == msgspec.json.encode(run.state)


def test_a_journal_line_whose_replay_differs_is_dropped_with_what_follows(tmp_path):
    """Issue 46, 2: the snapshot and the lines before stand; the line whose replay differs and those after are
    dropped, and the record says which (the whole run used to be refused)."""
    run = new_run(seed=5)
    repl = _repl(tmp_path, run)
    repl.autosave()
    run.choose("alloc:2-1-1")
    repl.autosave()
    path = tmp_path / "j.journal"
    lines = path.read_bytes().splitlines()
    doc = json.loads(lines[1])
    doc["turn"] = 7  # and resealed, as a careful editor would: the replay still catches it
    from saves.journal import Step
    from saves.journal import lines as sealed_lines

    body, _ = sealed_lines([msgspec.convert(doc, Step)], json.loads(lines[0])["base"])
    path.write_bytes(lines[0] + b"\n" + body)
    record = SaveStore(tmp_path).read("j")
    loaded = Run.from_record(record)
    assert loaded.keys == [] and record.journal == [] and record.journal_dropped == 1
    assert record.journal_damage == "line 2 does not make on replay what it made when saved"


def test_quitting_leaves_one_whole_save_and_no_journal(tmp_path):
    Session(tmp_path, new_run(seed=5), slot="q").plain_lines("1", "1", "1")
    assert sorted(files(tmp_path)) == ["q.json", "q.json.bak"]


# fault injection at each step of a write: the previous save stands, nothing else changes


class Fault:
    """Makes one kind of file operation fail with a full disk, counting how often it fired."""

    def __init__(self, monkeypatch, step: str, root: Path) -> None:
        self.fired = 0
        real_open, real_read = os.open, Path.read_bytes

        def fail():
            self.fired += 1
            raise OSError(28, "No space left on device")

        def mkstemp(*args, **kwargs):
            fail()

        def opener(path, flags, *args, **kwargs):
            if step == "open" and str(path).endswith(".journal"):
                fail()
            if step == "folder-sync" and Path(path) == root:
                fail()
            return real_open(path, flags, *args, **kwargs)

        class Broken(io.FileIO):
            def write(self, data):
                fail()

        patches = {
            "open": [("saves.atomic.tempfile.mkstemp", mkstemp), ("saves.journal.os.open", opener)],
            "write": [("saves.atomic.open", lambda fd, mode: Broken(fd, "wb")), ("saves.journal.os.write", lambda *a: fail())],
            "fsync": [("os.fsync", lambda fd: fail())],
            "read-back": [("pathlib.Path.read_bytes", lambda p: fail() if p.name.endswith(".tmp") else real_read(p))],
            "rename": [("os.replace", lambda *a: fail()), ("os.link", lambda *a: fail())],
            "folder-sync": [("saves.atomic.os.open", opener)],
        }
        for target, replacement in patches[step]:
            monkeypatch.setattr(target, replacement, raising=False)
        self.undo = monkeypatch.undo


STEPS = ["open", "write", "fsync", "read-back", "rename", "folder-sync"]
CASES = [("whole", step) for step in STEPS] + [("create", step) for step in STEPS]
CASES += [("append", step) for step in ("open", "write", "fsync")]  # an append reads back and renames nothing


@pytest.mark.parametrize(("mode", "step"), CASES)
def test_a_fault_at_any_write_step_leaves_the_previous_save(tmp_path, monkeypatch, mode, step):
    """mode: the whole run written, the journal begun after it, or a line added to the journal."""
    run = new_run(seed=5)
    repl = _repl(tmp_path, run)
    assert repl.autosave(whole=True)
    for _ in range(3 if mode == "append" else 0):
        run.choose(run.decision().options[0].key)
        assert repl.autosave()
    before, kept = files(tmp_path), list(run.keys)
    run.choose(run.decision().options[0].key)
    out = repl.screen.console.file
    out.truncate(0)

    fault = Fault(monkeypatch, step, tmp_path)
    saved = repl.autosave(whole=mode == "whole")
    fault.undo()

    assert fault.fired >= 1
    loaded = Run.from_record(SaveStore(tmp_path).read("j"))
    if step == "folder-sync":  # a rename that may not be durable yet is still the new save
        assert saved and loaded.keys == run.keys
    else:
        errors = out.getvalue().strip().splitlines()
        assert not saved and len(errors) == 1
        assert errors[0].startswith("Autosave failed") and "No space left" in errors[0]
        assert files(tmp_path) == before and loaded.keys == kept
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert repl.autosave()  # the disk has room again: everything is saved
    assert Run.from_record(SaveStore(tmp_path).read("j")).keys == run.keys


# 2. a slot open in another solo, from the prompt


def test_load_and_save_refuse_a_slot_open_in_another_solo(tmp_path):
    other_run(tmp_path)
    elsewhere = SaveStore(tmp_path)
    elsewhere.lock("other")
    before = files(tmp_path)
    s = Session(tmp_path, new_run(seed=5), slot="mine").plain_lines("load other", "save other")
    busy = [line for line in s.out.splitlines() if "is open in another solo" in line]
    assert len(busy) == 2 and f"(pid {os.getpid()})" in busy[0]
    assert s.run.seed == 5 and {k: files(tmp_path)[k] for k in before} == before
    elsewhere.unlock_all()


def test_a_copy_written_by_this_solo_is_not_replaced_by_the_run_that_followed_a_restart(tmp_path):
    s = Session(tmp_path, new_run(seed=5), slot="mine").plain_lines("save copy", "restart", "y", "save copy")
    assert "holds another run" in s.out
    assert SaveStore(tmp_path).read("copy").seed == 5 and s.run.seed != 5


def test_a_rules_version_in_digits_int_refuses_is_one_line(tmp_path):
    """Found by the fuzz: '²' passes str.isdigit and then breaks int()."""
    Session(tmp_path, new_run(seed=5), slot="x").plain_lines("1")
    path = tmp_path / "x.json"
    record = SaveStore(tmp_path).read("x")
    record = msgspec.structs.replace(record, rules_version="²")
    doc = json.loads(path.read_bytes())
    doc.update(rules_version="²", seal=seal_of(record))
    path.write_bytes(json.dumps(doc).encode())
    s = Session(tmp_path, new_run(seed=6), slot="y").plain_lines("load x")
    assert "follows rules version ² of Escape of the Dead" in s.out and s.run.seed == 6


def test_the_html_export_has_a_title_a_header_and_a_dark_page_of_reasonable_size(tmp_path, capsys, monkeypatch):
    """Issue 14: the page names the game, options, seed and result, and reads like the terminal."""
    saves = tmp_path / "saves"
    Session(saves, new_run(seed=5), slot="r").plain_lines(*["1"] * 27)
    target = tmp_path / "r.html"
    code, _, _ = solo(capsys, monkeypatch, saves, "log", "r", "--html", str(target))
    page = target.read_text()
    assert code == 0 and "<title>Escape of the Dead" in page and "Seed 5" in page
    assert "Options: barricade=10, roll_order=card" in page and "Result: " in page
    assert "background: #121214" in page and page.count("<section") >= 27
    assert len(page.encode()) < 40_000  # 92 KB when every character of the terminal's panels was a span
    assert target.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_a_folder_where_no_lock_can_be_made_still_plays_and_says_why_nothing_is_saved(
    tmp_path, capsys, monkeypatch
):
    """A read-only save folder (simulated, so it also runs as root): the run plays; each save fails in one line."""

    def read_only(*args, **kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("saves.store.acquire", read_only)
    monkeypatch.setattr("saves.atomic.tempfile.mkstemp", read_only)
    code, out, err = solo(capsys, monkeypatch, tmp_path, "new", "escape-of-the-dead", "--seed", "2", stdin="1\n1\n")
    failures = [line for line in out.splitlines() if line.startswith("Autosave failed")]
    assert code == 0 and err == "" and "-- Turn 3 --" in out
    assert failures and all("Read-only file system" in line for line in failures)
    assert list(tmp_path.iterdir()) == []
