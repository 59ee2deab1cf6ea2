"""The decisions made since a slot's last full save, one line each, appended as they are made.

A full save re-encodes the whole log, so its cost grows with the run; a journal line costs the same on the
first turn as on the last. The journal names the snapshot it follows by a digest of the snapshot's bytes: a
journal left behind by a crash between a new snapshot and the journal's removal names the old one, and is
ignored (the new snapshot already holds everything in it). Each line carries a seal chained from the one
before, so an edited line is caught, and a digest of the events its decision made, so that the replay on load
is checked line by line. A last line cut short (a crash mid-write) is dropped: at most that decision is lost.
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


def parse(data: bytes, base: str) -> list[Step] | None:
    """The steps of a journal's bytes, or None when it follows another snapshot (stale: ignore it).

    JournalProblem for a damaged journal; a last line with no newline (cut short by a crash) is dropped."""
    rows = data.split(b"\n")
    if rows and rows[-1] == b"":
        rows.pop()
    elif rows:
        rows.pop()  # cut short mid-write: that decision never finished saving
    if not rows:
        return None if not data.strip() else []
    try:
        header = _header.decode(rows[0])
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        raise JournalProblem("its first line is not a solo journal header") from None
    if header.format != FORMAT:
        raise JournalProblem("its first line is not a solo journal header")
    if header.base != base:
        return None
    steps: list[Step] = []
    previous = base
    for number, row in enumerate(rows[1:], 2):
        try:
            step = _step.decode(row)
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
            raise JournalProblem(f"line {number} is damaged") from None
        if _sealed(step, previous).seal != step.seal:
            raise JournalProblem(f"line {number} does not match its seal (edited by hand?)")
        previous = step.seal
        steps.append(step)
    return steps


def last_seal(steps: list[Step], base: str) -> str:
    return steps[-1].seal if steps else base
