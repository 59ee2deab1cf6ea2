"""The decisions made since a slot's last full save, one line each, appended as they are made.

A full save re-encodes the whole log, so its cost grows with the run; a journal line costs the same on the
first turn as on the last. The journal names the snapshot it follows by a digest of the snapshot's bytes: a
journal left behind by a crash between a new snapshot and the journal's removal names the old one, and is
ignored (the new snapshot already holds everything in it). Each line carries a seal chained from the one
before, so an edited line is caught, and a digest of the events its decision made, so that the replay on load
is checked line by line. A last line cut short (a crash mid-write) is dropped: at most that decision is lost.
A damaged line ends what is read: the snapshot and the lines before it are loaded, and the damaged journal is
kept beside the slot (saves/store.py) for the person to look at.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

import msgspec

from saves.atomic import atomic_write

FORMAT = "solo-journal"
SUFFIX = ".journal"


class Step(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One thing done to the run after its snapshot: a key chosen (by the person or the automa), or an undo."""

    key: str | None = None
    """The chosen option's key; None for an undo."""
    events: str
    """A digest of the log entries the step added (the undo marker, for an undo)."""
    turn: int
    status: str
    at: str = ""
    seal: str = ""


class Header(msgspec.Struct, kw_only=True):
    format: str = FORMAT
    base: str
    """The digest of the snapshot file this journal follows."""


class JournalProblem(ValueError):
    """Why a journal cannot be used; one line for the person."""


_encoder = msgspec.json.Encoder()
_step = msgspec.json.Decoder(Step)
_header = msgspec.json.Decoder(Header)


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def events_digest(events: list) -> str:
    return digest(_encoder.encode(events))


def _sealed(step: Step, previous: str) -> Step:
    body = _encoder.encode(msgspec.structs.replace(step, seal=""))
    return msgspec.structs.replace(step, seal=digest(previous.encode() + body))


def lines(steps: list[Step], previous: str) -> tuple[bytes, str]:
    """The journal lines for steps after the one sealed `previous`, and the last seal."""
    out = bytearray()
    for step in steps:
        step = _sealed(step, previous)
        previous = step.seal
        out += _encoder.encode(step) + b"\n"
    return bytes(out), previous


def create(path: Path, base: str, steps: list[Step]) -> tuple[int, str]:
    """A new journal after the snapshot with digest `base`, written whole and atomically.
    Returns its size and last seal, which the next append continues from."""
    body, seal = lines(steps, base)
    data = _encoder.encode(Header(base=base)) + b"\n" + body

    def verify(written: bytes) -> None:
        if written != data:
            raise OSError(5, "the journal read back differs from what was written (failing disk?)")

    atomic_write(path, data, verify=verify)
    return len(data), seal


def append(path: Path, size: int, steps: list[Step], previous: str) -> tuple[int, str]:
    """Add steps to a journal that should be `size` bytes long; durably, in one write.

    Raises JournalProblem when the file is not the size this process left it at (another program changed it).
    A write or sync that fails is cut off again where it can be, so the journal is as it was before."""
    body, seal = lines(steps, previous)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
    try:
        if os.fstat(fd).st_size != size:
            raise JournalProblem("it changed since this solo last wrote it")
        try:
            written = 0
            while written < len(body):
                written += os.write(fd, body[written:])
            os.fsync(fd)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)
    return size + len(body), seal


def remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


class Parsed(msgspec.Struct, frozen=True):
    """What a journal's bytes hold: its whole steps, and what was wrong with the rest (nothing, for a journal
    read whole)."""

    steps: list[Step] | None
    """None for a stale journal (it follows another snapshot: ignore it)."""
    damage: str = ""
    """Why the steps stop where they do, when they stop short of the journal's end: one line for the person."""
    dropped: int = 0
    """How many lines after the whole steps were not read (the damaged line among them)."""


def parse(data: bytes, base: str) -> Parsed:
    """The steps of a journal's bytes, as far as they are whole.

    A last line with no newline (cut short by a crash) is dropped without a word: that decision never finished
    saving. Blank lines, and a byte order mark an editor left, are nothing. A damaged line (or a header that is
    not one) ends the steps there: the steps before it stand, and `damage` says which line it was."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    rows = data.split(b"\n")
    if rows and rows[-1].strip(_BLANK):
        rows.pop()  # cut short mid-write: that decision never finished saving
    numbered = [(number, row) for number, row in enumerate(rows, 1) if row.strip(_BLANK)]
    if not numbered:
        return Parsed(None if not data.strip(_BLANK) else [])
    (first, head), *lines = numbered
    try:
        header = _header.decode(head)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        header = None
    if header is None or header.format != FORMAT:
        return Parsed([], f"first line (line {first}) is not a solo journal header", len(numbered))
    if header.base != base:
        return Parsed(None)
    steps: list[Step] = []
    previous = base
    for index, (number, row) in enumerate(lines):
        try:
            step = _step.decode(row)
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
            return Parsed(steps, f"line {number} is damaged", len(lines) - index)
        if _sealed(step, previous).seal != step.seal:
            return Parsed(steps, f"line {number} does not match its seal (edited by hand?)", len(lines) - index)
        previous = step.seal
        steps.append(step)
    return Parsed(steps)


_BOM = b"\xef\xbb\xbf"
_BLANK = b" \t\r\n\xef\xbb\xbf"
"""What a line may hold and still be blank: white space, and the bytes of a byte order mark."""


def last_seal(steps: list[Step], base: str) -> str:
    return steps[-1].seal if steps else base
