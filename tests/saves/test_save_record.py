"""A record survives the trip to disk and back: every field, the events, and a nested state."""

from __future__ import annotations

import json
from datetime import datetime

import msgspec
import pytest

from engines.core.events import UNDO, Event
from saves import FORMAT, SCHEMA, SaveError
from saves.codec import RecordProblem, decode_record, encode_record
from saves.record import Record, seal_of


def sealed(record: Record) -> Record:
    record.seal = seal_of(record)
    return record


def test_defaults_name_the_format_and_current_schema(make_record):
    record = make_record()
    assert record.format == FORMAT == "solo-save"
    assert record.schema == SCHEMA
    assert (record.status, record.created, record.updated, record.ironman) == ("running", "", "", False)


def test_round_trip_keeps_every_field_events_and_nested_state(store, make_record):
    record = make_record(ironman=True, status="won", options={"difficulty": "hard", "mode": "x"})
    store.write("run", record)
    back = store.read("run")

    assert back == msgspec.structs.replace(record, state=back.state)
    assert back.state == msgspec.to_builtins(record.state)
    assert back.state["zones"]["north"] == {"zombies": [1, 2], "walls": [0]}
    assert isinstance(back.state, dict)
    assert all(type(event) is Event for event in back.log)
    assert back.log == record.log
    assert back.log[5].kind == UNDO
    assert back.log[7]["nested"] == {"list": [6, None, 1.5, "é"]}  # event 6, after the undo at 5
    assert back.keys == record.keys


def test_state_read_back_can_be_written_again_unchanged(store, make_record):
    store.write("run", make_record())
    first = store.read("run")
    store.write("run", first)
    second = store.read("run")
    assert second.state == first.state
    assert second.log == first.log


def test_file_is_indented_json_with_format_and_schema_first(store, make_record):
    path = store.write("run", make_record())
    text = path.read_text("utf-8")
    lines = text.splitlines()
    assert lines[0] == "{"
    assert lines[1] == '  "format": "solo-save",'
    assert lines[2] == f'  "schema": {SCHEMA},'
    assert text.endswith("}\n")
    assert json.loads(text)["game"] == "escape-of-the-dead"


def test_write_stamps_times_in_utc_and_keeps_created(store, make_record, monkeypatch):
    times = iter(["2025-03-01T10:00:00.000000+00:00", "2025-03-02T11:00:00.000000+00:00"])
    monkeypatch.setattr("saves.store._now", lambda: next(times))
    record = make_record()
    store.write("run", record)
    assert (record.created, record.updated) == ("2025-03-01T10:00:00.000000+00:00",) * 2
    store.write("run", record)
    back = store.read("run")
    assert back.created == "2025-03-01T10:00:00.000000+00:00"
    assert back.updated == "2025-03-02T11:00:00.000000+00:00"


def test_real_clock_stamp_is_iso_utc(store, make_record):
    record = make_record()
    store.write("run", record)
    moment = datetime.fromisoformat(store.read("run").updated)
    assert moment.utcoffset() is not None and moment.utcoffset().total_seconds() == 0


def test_failed_write_leaves_callers_record_unstamped(store, make_record):
    record = make_record(state={"bad": object()})
    with pytest.raises(SaveError, match="cannot be encoded"):
        store.write("run", record)
    assert record.updated == "" and record.created == ""
    assert not store.exists("run")


def test_write_forces_current_format_and_schema(store, make_record):
    store.write("run", make_record(format="other", schema=SCHEMA + 5))
    back = store.read("run")
    assert (back.format, back.schema) == (FORMAT, SCHEMA)


def test_unknown_fields_from_a_same_schema_file_are_ignored(make_record):
    doc = json.loads(encode_record(sealed(make_record())))
    doc["added_later"] = {"x": 1}
    assert decode_record(json.dumps(doc).encode()).seed == 123456789


def test_byte_order_mark_from_an_editor_is_tolerated(make_record):
    data = b"\xef\xbb\xbf" + encode_record(sealed(make_record()))
    assert decode_record(data).game == "escape-of-the-dead"


# the seal: what the replay cannot check is caught by it (issue 12, item 4)


@pytest.mark.parametrize(
    ("field", "value"),
    [("ironman", True), ("status", "won"), ("turn", 99), ("updated", "2030-01-01T00:00:00+00:00"), ("seat", "x")],
)
def test_a_hand_edited_field_breaks_the_seal(store, make_record, field, value):
    path = store.write("run", make_record())
    doc = json.loads(path.read_bytes())
    doc[field] = value
    with pytest.raises(RecordProblem, match="do not match its seal"):
        decode_record(json.dumps(doc).encode())


def test_a_removed_seal_is_caught_in_a_sealed_schema(store, make_record):
    path = store.write("run", make_record(ironman=True))
    doc = json.loads(path.read_bytes())
    del doc["seal"]
    doc["ironman"] = False
    with pytest.raises(RecordProblem, match="seal is missing"):
        decode_record(json.dumps(doc).encode())


def test_a_schema_1_save_has_no_seal_and_still_reads(store, make_record):
    path = store.write("run", make_record())
    doc = json.loads(path.read_bytes())
    doc["schema"] = 1
    del doc["seal"], doc["run"]
    record = decode_record(json.dumps(doc).encode())
    assert record.seal is None and record.run == "" and record.schema == SCHEMA
