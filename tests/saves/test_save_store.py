"""The slot folder: every kind of damage named in one line, nothing ever overwritten by accident."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

import saves.store
from saves import SCHEMA, SaveError, SaveStore, SlotError
from saves.codec import RecordProblem, encode_record
from saves.lock import SlotBusy
from saves.store import MAX_BYTES, OtherRun


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def only_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def edited(doc: dict, **changes) -> bytes:
    doc = dict(doc)
    for key, value in changes.items():
        if value is ...:
            del doc[key]
        else:
            doc[key] = value
    return json.dumps(doc).encode()


NOT_JSON = "not valid JSON (truncated or corrupted?): "
NOT_SCHEMA = "the schema version is not a positive integer "


def damaged_cases(good: bytes, doc: dict) -> dict[str, tuple[bytes, str]]:
    """Case name: (file bytes, the words the problem must contain)."""
    cases = [
        ("empty", b"", "the file is empty"),
        ("blank", b"  \n\t\n", "the file is empty"),
        ("zeros", b"\x00" * 4096, "only zero bytes"),
        ("binary", b"\x89PNG\r\n\x1a\n\xff\xfe\x00garbage", "not UTF-8 text"),
        ("latin1-in-string", b'{"format": "solo-save", "game": "caf\xe9"}', "not UTF-8 text"),
        ("truncated", good[: len(good) // 2], NOT_JSON + "Input data was truncated"),
        ("malformed", b'{"format": "solo-save",, }', NOT_JSON + "JSON is malformed"),
        ("trailing", good + b"}", NOT_JSON + "JSON is malformed: trailing characters"),
        ("array", b"[1, 2, 3]", "not a solo save file (the JSON is an array, not an object)"),
        ("string", b'"solo-save"', "not a solo save file (the JSON is a string, not an object)"),
        ("null", b"null", "not a solo save file (the JSON is null, not an object)"),
        ("no-format", edited(doc, format=...), "not a solo save file (no format field)"),
        ("foreign", b'{"name": "achievements", "unlocked": []}', "not a solo save file"),
        ("other-format", edited(doc, format="other-game"), "not a solo save file (format is 'other-game')"),
        (
            "newer",
            edited(doc, schema=SCHEMA + 2),
            f"saved by a newer version of solo (schema {SCHEMA + 2}; this one reads up to {SCHEMA})",
        ),
        ("schema-text", edited(doc, schema="1"), NOT_SCHEMA + "(found '1')"),
        ("schema-float", edited(doc, schema=1.0), NOT_SCHEMA + "(found 1.0)"),
        ("schema-bool", edited(doc, schema=True), NOT_SCHEMA + "(found True)"),
        ("schema-zero", edited(doc, schema=0), NOT_SCHEMA + "(found 0)"),
        ("schema-missing", edited(doc, schema=...), NOT_SCHEMA + "(missing)"),
        ("seed-text", edited(doc, seed="42"), "field problem: Expected `int`, got `str` - at `$.seed`"),
        ("seed-missing", edited(doc, seed=...), "field problem: Object missing required field `seed`"),
        (
            "options-int",
            edited(doc, options={"a": 1}),
            "field problem: Expected `str`, got `int` - at `$.options[...]`",
        ),
        (
            "event-turn",
            edited(doc, log=[{"kind": "roll", "turn": "three"}]),
            "field problem: Expected `int`, got `str` - at `$.log[0].turn`",
        ),
        ("log-object", edited(doc, log={}), "field problem: Expected `array`, got `object` - at `$.log`"),
        ("deep", b"[" * 100_000, "not a solo save file (JSON nested too deeply)"),
    ]
    return {name: (data, words) for name, data, words in cases}


CASES = [
    "empty", "blank", "zeros", "binary", "latin1-in-string", "truncated", "malformed", "trailing", "array",
    "string", "null", "no-format", "foreign", "other-format", "newer", "schema-text", "schema-float",
    "schema-bool", "schema-zero", "schema-missing", "seed-text", "seed-missing", "options-int", "event-turn",
    "log-object", "deep",
]  # fmt: skip


@pytest.fixture
def good_bytes(good_doc) -> bytes:
    return json.dumps(good_doc).encode()


def test_every_damaged_case_is_run(good_bytes, good_doc):
    assert sorted(damaged_cases(good_bytes, good_doc)) == sorted(CASES)


@pytest.mark.parametrize("case", CASES)
def test_each_damaged_file_is_one_named_line_and_left_alone(store, good_bytes, good_doc, make_record, case):
    data, words = damaged_cases(good_bytes, good_doc)[case]
    path = store.path("run")
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    before = snapshot(path)

    with pytest.raises(SaveError) as caught:
        store.read("run")

    message = str(caught.value)
    assert words in caught.value.problem
    assert message == f"Cannot use {path}: {caught.value.problem}"
    assert caught.value.path == path
    assert len(message.splitlines()) == 1 and message.isprintable()
    assert snapshot(path) == before
    with pytest.raises(SaveError, match="will not overwrite it"):
        store.write("run", make_record())
    assert snapshot(path) == before
    assert only_files(path.parent) == ["run.json"]  # no backup made, no temp left


def test_the_good_document_reads(store, good_bytes):
    path = store.path("run")
    path.parent.mkdir(parents=True)
    path.write_bytes(good_bytes)
    assert store.read("run").game == "escape-of-the-dead"


def test_missing_slot(store):
    with pytest.raises(SaveError) as caught:
        store.read("nothing")
    assert str(caught.value) == f"Cannot use {store.root / 'nothing.json'}: no save in this slot"


def test_missing_file_by_path(store, tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        store.read_path(tmp_path / "gone.json")


def test_directory_in_place_of_the_file(store, make_record):
    store.path("run").mkdir(parents=True)
    with pytest.raises(SaveError) as caught:
        store.read("run")
    assert caught.value.problem == "a directory, not a save file"
    with pytest.raises(SaveError, match="will not overwrite it, a directory"):
        store.write("run", make_record())
    assert store.path("run").is_dir()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_is_refused_without_hanging(store):
    store.root.mkdir()
    os.mkfifo(store.path("run"))
    with pytest.raises(SaveError, match="not a regular file"):
        store.read("run")


def test_unreadable_file_simulated(store, make_record, monkeypatch):
    path = store.write("run", make_record())
    before = snapshot(path)
    real_open = os.open

    def deny(file, flags, *args, **kwargs):
        if Path(file) == path:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)
    with pytest.raises(SaveError) as caught:
        store.read("run")
    assert caught.value.problem == "cannot read it (permission denied)"
    monkeypatch.undo()
    assert snapshot(path) == before


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads anything")
def test_unreadable_file_for_real(store, make_record):
    path = store.write("run", make_record())
    path.chmod(0)
    try:
        with pytest.raises(SaveError, match="permission denied"):
            store.read("run")
    finally:
        path.chmod(0o600)


def test_file_too_large_is_refused_without_reading(store):
    store.root.mkdir()
    path = store.path("run")
    with path.open("wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(SaveError) as caught:
        store.read("run")
    assert caught.value.problem == "too large to be a save (64.0 MiB; saves stay under 64 MiB)"
    assert path.stat().st_size == MAX_BYTES + 1


def test_message_escapes_control_characters_in_the_path(tmp_path):
    error = SaveError(tmp_path / "a\nb\x1b[31m.json", "a problem\nwith lines")
    text = str(error)
    assert len(text.splitlines()) == 1 and text.isprintable()
    assert "a\\nb\\x1b[31m.json" in text and "a problem\\nwith lines" in text
    assert error.problem == "a problem\nwith lines"


# writing


def test_write_creates_the_folder_and_returns_the_path(store, make_record):
    path = store.write("run", make_record())
    assert path == store.root / "run.json" == store.path("run")
    assert store.exists("run") and not store.exists("other")
    assert only_files(store.root) == ["run.json"]


def test_second_write_keeps_the_previous_file_as_backup(store, make_record):
    store.write("run", make_record(turn=1))
    first = store.path("run").read_bytes()
    store.write("run", make_record(turn=2))
    assert store.backup_path("run").read_bytes() == first
    assert store.read_path(store.backup_path("run")).turn == 1
    assert store.read("run").turn == 2
    store.write("run", make_record(turn=3))
    assert store.read_path(store.backup_path("run")).turn == 2
    assert only_files(store.root) == ["run.json", "run.json.bak"]


def test_a_newer_schema_save_is_never_overwritten(store, good_doc, make_record):
    path = store.path("run")
    path.parent.mkdir(parents=True)
    path.write_bytes(json.dumps({**good_doc, "schema": SCHEMA + 1}).encode())
    before = snapshot(path)
    with pytest.raises(SaveError) as caught:
        store.write("run", make_record())
    assert "will not overwrite it, saved by a newer version of solo" in str(caught.value)
    assert snapshot(path) == before


def test_failed_replace_leaves_the_old_save_and_no_temp_files(store, make_record, monkeypatch):
    store.write("run", make_record(turn=1))
    store.write("run", make_record(turn=2))
    before = {name: (store.root / name).read_bytes() for name in only_files(store.root)}

    def broken(src, dst):
        raise OSError(28, "No space left on device", str(src))

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(SaveError) as caught:
        store.write("run", make_record(turn=3))
    monkeypatch.undo()
    assert "cannot write it (No space left on device" in str(caught.value)
    assert {name: (store.root / name).read_bytes() for name in only_files(store.root)} == before
    assert store.read("run").turn == 2


def test_verify_failure_leaves_the_old_save(store, make_record, monkeypatch):
    store.write("run", make_record(turn=1))
    before = store.path("run").read_bytes()
    real = saves.store.decode_record

    def reject_turn_two(data: bytes):
        if b"reject-me" in data:
            raise RecordProblem("simulated")
        return real(data)

    monkeypatch.setattr("saves.store.decode_record", reject_turn_two)
    with pytest.raises(SaveError, match="the written file does not read back"):
        store.write("run", make_record(app_version="reject-me"))
    monkeypatch.undo()
    assert store.path("run").read_bytes() == before
    assert only_files(store.root) == ["run.json"]


def test_bytes_differing_on_read_back_abort_the_write(store, make_record, monkeypatch):
    store.write("run", make_record(turn=1))
    before = store.path("run").read_bytes()
    real = Path.read_bytes

    def flip(self):
        data = real(self)
        return data[:-2] + b"X\n" if self.name.endswith(".tmp") else data

    monkeypatch.setattr(Path, "read_bytes", flip)
    with pytest.raises(SaveError, match="differs from what was written"):
        store.write("run", make_record(turn=2))
    monkeypatch.undo()
    assert store.path("run").read_bytes() == before
    assert only_files(store.root) == ["run.json"]


def test_write_rejects_a_bad_slot_name(store, make_record):
    with pytest.raises(SlotError):
        store.write("../escape", make_record())
    assert not store.root.exists()


# listing


def _stamp(monkeypatch, when: str) -> None:
    monkeypatch.setattr("saves.store._now", lambda: when)


def test_list_orders_by_updated_and_includes_damaged_files(store, make_record, monkeypatch):
    _stamp(monkeypatch, "2025-01-02T00:00:00.000000+00:00")
    store.write("middle", make_record(turn=2))
    _stamp(monkeypatch, "2025-01-03T00:00:00.000000+00:00")
    store.write("newest", make_record(turn=3))
    _stamp(monkeypatch, "2025-01-01T00:00:00.000000+00:00")
    store.write("oldest", make_record(turn=1))
    store.write("oldest", make_record(turn=1))  # leaves oldest.json.bak, which is not listed
    damaged = store.path("broken")
    damaged.write_bytes(b"{")
    stamp = 1735732800.0  # 2025-01-01T12:00:00Z: between oldest and middle
    os.utime(damaged, (stamp, stamp))
    (store.root / ".hidden.json").write_bytes(b"{}")
    (store.root / ".run.json.abc.tmp").write_bytes(b"{}")
    (store.root / "notes.txt").write_bytes(b"hi")

    listing = store.list()

    assert [item.slot for item in listing] == ["newest", "middle", "broken", "oldest"]
    assert [item.record.turn for item in listing if item.record] == [3, 2, 1]
    broken = listing[2]
    assert broken.record is None and broken.problem.startswith("not valid JSON")
    assert broken.path == str(damaged) and broken.mtime == stamp
    assert all(item.problem is None for item in listing if item.record)


def test_list_names_a_file_whose_name_is_not_a_slot(store, make_record):
    store.write("run", make_record())
    (store.root / "my save.json").write_bytes(store.path("run").read_bytes())
    by_slot = {item.slot: item for item in store.list()}
    assert by_slot["my save"].record is None
    assert "not a slot name" in by_slot["my save"].problem
    assert by_slot["run"].record is not None


def test_list_and_latest_of_a_missing_folder(store):
    assert store.list() == []
    assert store.latest() is None


def test_latest_is_the_newest_readable_save(store, make_record, monkeypatch):
    _stamp(monkeypatch, "2025-01-01T00:00:00.000000+00:00")
    store.write("older", make_record())
    _stamp(monkeypatch, "2025-01-02T00:00:00.000000+00:00")
    store.write("newer", make_record())
    assert store.latest() == "newer"
    store.path("newer").write_bytes(b"garbage")  # damaged now, and newest by mtime
    assert store.latest() == "older"


def test_latest_is_the_newest_run_still_going_before_any_finished_one(store, make_record, monkeypatch):
    """`continue` picks a game up: a run lost a minute ago does not hide the one still going."""
    _stamp(monkeypatch, "2025-01-01T00:00:00.000000+00:00")
    store.write("going", make_record())
    _stamp(monkeypatch, "2025-01-02T00:00:00.000000+00:00")
    store.write("lost", make_record(status="lost"))
    assert store.latest() == "going"
    store.path("going").unlink()
    assert store.latest() == "lost"  # with nothing still going, the newest of all


# free slots


def test_free_slot_counts_up_past_taken_names(store, make_record):
    assert store.free_slot("run") == "run"
    store.write("run", make_record())
    assert store.free_slot("run") == "run-2"
    store.write("run-2", make_record())
    assert store.free_slot("run") == "run-3"


def test_free_slot_counts_a_lingering_backup_as_taken(store):
    store.root.mkdir()
    store.backup_path("run").write_bytes(b"old")
    assert store.free_slot("run") == "run-2"


def test_free_slot_trims_a_long_base(store, make_record):
    long = "a" * 100
    assert store.free_slot(long) == "a" * 64
    store.write("a" * 64, make_record())
    assert store.free_slot(long) == "a" * 62 + "-2"


def test_free_slot_validates_the_base(store):
    with pytest.raises(SlotError):
        store.free_slot("bad name")
    with pytest.raises(SlotError):
        store.free_slot("")


def test_paths_are_inside_the_root(tmp_path):
    store = SaveStore(tmp_path)
    assert store.path("a-b_C9") == tmp_path / "a-b_C9.json"
    assert store.backup_path("x") == tmp_path / "x.json.bak"
    with pytest.raises(SlotError):
        store.path("../x")


def test_written_file_is_what_the_codec_makes(store, make_record):
    record = make_record()
    path = store.write("run", record)
    assert path.read_bytes() == encode_record(record)


def test_damage_after_our_own_write_is_still_refused(store, make_record):
    path = store.write("run", make_record(turn=1))
    store.write("run", make_record(turn=2))
    data = bytearray(path.read_bytes())
    data[0:1] = b"["  # same size, same file, now broken
    with path.open("r+b") as file:
        file.write(data)
    before = path.read_bytes()
    with pytest.raises(SaveError, match="will not overwrite it, not valid JSON"):
        store.write("run", make_record(turn=3))
    assert path.read_bytes() == before
    assert store.read_path(store.backup_path("run")).turn == 1


def test_a_second_store_reads_what_the_first_wrote_but_cannot_take_the_slot_it_holds(store, make_record):
    """Two solos on one slot: the second can read it, but not open it, so neither's moves are lost."""
    store.lock("run")
    store.write("run", make_record(turn=4))
    other = SaveStore(store.root)
    assert other.read("run").turn == 4
    with pytest.raises(SlotBusy):
        other.lock("run")
    store.unlock("run")
    other.lock("run")
    other.write("run", make_record(turn=5))
    assert store.read("run").turn == 5
    other.unlock("run")


def test_a_second_store_never_writes_over_another_run(store, make_record):
    store.write("run", make_record(turn=4))
    with pytest.raises(OtherRun, match="it holds another run"):
        SaveStore(store.root).write("run", make_record(turn=5, run="another-run"))
    assert store.read("run").turn == 4


def test_windows_style_paths_are_shown_as_they_are():
    error = SaveError(Path("C:\\Users\\me\\saves\\run.json"), "the file is empty")
    assert str(error) == "Cannot use C:\\Users\\me\\saves\\run.json: the file is empty"


def test_a_damaged_snapshot_names_the_whole_save_before_it_and_touches_neither(store, make_record):
    """A truncated SLOT.json beside a good SLOT.json.bak: the one line says where the way back is."""
    store.write("run", make_record(turn=12))
    store.write("run", make_record(turn=30))
    path, backup = store.path("run"), store.backup_path("run")
    path.write_bytes(path.read_bytes()[:100])
    before = (path.read_bytes(), backup.read_bytes())
    with pytest.raises(SaveError) as caught:
        store.read("run")
    line = str(caught.value)
    assert "not valid JSON" in line and "the save before it is whole in run.json.bak (turn 12, running)" in line
    assert "\n" not in line and (path.read_bytes(), backup.read_bytes()) == before
    backup.write_bytes(b"garbage")  # no whole backup: no tip
    with pytest.raises(SaveError, match="not valid JSON") as caught:
        store.read("run")
    assert ".bak" not in str(caught.value)
