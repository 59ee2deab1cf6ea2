"""Bytes to Record and back, naming exactly what is wrong with a file that is not a good save."""

from __future__ import annotations

import msgspec

from saves import migrations
from saves.record import FORMAT, Record, Snapshot, record_of, seal_of, snapshot_of
from saves.text import escape, show

_encoder = msgspec.json.Encoder()


class RecordProblem(ValueError):
    """Why some bytes are not a save this program can read; the text is one line meant for the person."""


def encode_record(record: Snapshot) -> bytes:
    """Indented JSON, so a save attached to a bug report can be read by eye. The journal is not in it."""
    return msgspec.json.format(_encoder.encode(snapshot_of(record)), indent=2) + b"\n"


def decode_record(data: bytes) -> Record:
    """Check, upgrade and convert the bytes of a save, or raise RecordProblem saying what is wrong."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a byte order mark left by an editor is harmless
    if not data.strip():
        raise RecordProblem("the file is empty")
    try:
        doc = msgspec.json.decode(data)
    except msgspec.DecodeError as error:
        raise RecordProblem(_not_json(data, error)) from None
    except RecursionError:
        raise RecordProblem("not a solo save file (JSON nested too deeply)") from None
    if not isinstance(doc, dict):
        raise RecordProblem(f"not a solo save file (the JSON is {_kind(doc)}, not an object)")
    if doc.get("format") != FORMAT:
        found = f"format is {show(doc['format'])}" if "format" in doc else "no format field"
        raise RecordProblem(f"not a solo save file ({found})")
    written_as = doc.get("schema")
    if type(written_as) is int and 1 <= written_as < migrations.SEALED:
        _check_unsealed(doc)
    try:
        doc = migrations.upgrade(doc)
    except ValueError as error:
        raise RecordProblem(str(error)) from None
    try:
        record = record_of(msgspec.convert(doc, Snapshot))
    except msgspec.ValidationError as error:
        raise RecordProblem(f"field problem: {escape(str(error))}") from None
    if record.seal is None:
        if isinstance(written_as, int) and written_as >= migrations.SEALED:
            raise RecordProblem("its seal is missing (was it edited by hand?)")
        record.unsealed = True
    elif record.seal != seal_of(record):
        raise RecordProblem("its fields do not match its seal (was it edited by hand?)")
    return record


def _check_unsealed(doc: dict) -> None:
    """A save of schema 1 (before seals) holds none of what only later schemas write: one that does was
    relabelled, so as to load without its seal (issue 46, 5)."""
    later = [name for name in ("seal", "run") if doc.get(name)]
    if doc.get("automa", "normal") != "normal":
        later.append("automa")
    if later:
        raise RecordProblem(
            f"it says schema {show(doc.get('schema'))}, which never held {', '.join(later)} (was it edited by hand?)"
        )


def _not_json(data: bytes, error: msgspec.DecodeError) -> str:
    if not data.strip(b"\x00"):
        return "the file holds only zero bytes (cut short by a crash?)"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as bad:
        return f"not UTF-8 text (binary data?): invalid byte at offset {bad.start}"
    return f"not valid JSON (truncated or corrupted?): {escape(str(error))}"


def _kind(value: object) -> str:
    names = {list: "an array", str: "a string", bool: "a boolean", int: "a number", float: "a number"}
    return "null" if value is None else names.get(type(value), type(value).__name__)
