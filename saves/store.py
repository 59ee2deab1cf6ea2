"""A folder of save slots: a clear word for every kind of damage, and writes that never lose a save."""

from __future__ import annotations

import errno
import os
import stat
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from saves import migrations
from saves.atomic import atomic_write
from saves.codec import RecordProblem, decode_record, encode_record
from saves.record import FORMAT, Record
from saves.slots import MAX_SLOT, is_slot_char, validate_slot
from saves.text import escape

MAX_BYTES = 64 * 1024 * 1024
"""No save comes near this; anything bigger is not one, and reading it whole would hurt."""

SUFFIX = ".json"
BACKUP_SUFFIX = ".json.bak"


class SaveError(Exception):
    """A save that cannot be read or written, told in one line naming the file and the problem."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(path, problem)
        self.path = Path(path)
        self.problem = problem

    def __str__(self) -> str:
        return f"Cannot use {escape(str(self.path))}: {escape(self.problem)}"


class Listing(msgspec.Struct):
    """One file in the save folder: its record if readable, else the problem that stops it."""

    slot: str
    path: str
    record: Record | None
    problem: str | None
    mtime: float


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class SaveStore:
    """The save slots in one folder, each slot a file "<slot>.json" with its previous version in ".bak"."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        # the bytes of each slot file last written or read whole, so an autosave can check that
        # nobody touched the file since with a plain comparison instead of a full decode
        self._known: dict[Path, bytes] = {}

    def path(self, slot: str) -> Path:
        return self.root / f"{validate_slot(slot)}{SUFFIX}"

    def backup_path(self, slot: str) -> Path:
        return self.root / f"{validate_slot(slot)}{BACKUP_SUFFIX}"

    def exists(self, slot: str) -> bool:
        return os.path.lexists(self.path(slot))

    def read(self, slot: str) -> Record:
        """The record in a slot; SaveError (one line) for a missing, damaged or foreign file."""
        path = self.path(slot)
        if not os.path.lexists(path):
            raise SaveError(path, "no save in this slot")
        data = read_bytes(path)
        record = _decode(path, data)
        self._known[path] = data
        return record

    def read_path(self, path: Path) -> Record:
        """The record in any file, with the same checks as read. Never changes the file."""
        path = Path(path)
        return _decode(path, read_bytes(path))

    def write(self, slot: str, record: Record) -> Path:
        """Save record into slot atomically, keeping the previous save as the slot's backup.

        Stamps updated (and created, if empty) with the current UTC time; the caller's record gets
        the stamps only once the write has succeeded. Refuses, leaving the file untouched, when the
        slot holds something that is not a readable save of this program.
        """
        path = self.path(slot)
        if os.path.lexists(path):
            try:
                existing = read_bytes(path)
                if existing != self._known.get(path):
                    _decode(path, existing)
            except SaveError as error:
                raise SaveError(path, f"will not overwrite it, {error.problem}") from None
        now = _now()
        created = record.created or now
        stamped = msgspec.structs.replace(
            record, format=FORMAT, schema=migrations.SCHEMA, created=created, updated=now
        )
        try:
            data = encode_record(stamped)
        except (msgspec.EncodeError, TypeError, ValueError, OverflowError) as error:
            problem = f"the record cannot be encoded (a bug; please report it): {error}"
            raise SaveError(path, problem) from error

        def verify(written: bytes) -> None:
            if written != data:
                raise SaveError(path, "the file read back differs from what was written (failing disk?)")
            try:
                decode_record(written)
            except RecordProblem as problem:
                raise SaveError(path, f"the written file does not read back ({problem})") from None

        try:
            atomic_write(path, data, verify=verify, backup=self.backup_path(slot))
        except OSError as error:
            raise SaveError(path, f"cannot write it ({_os_problem(error, path)})") from error
        record.created, record.updated = created, now
        self._known[path] = data
        return path

    def list(self) -> list[Listing]:
        """Every save file in the folder, damaged ones included with their problem, newest first."""
        try:
            entries = list(os.scandir(self.root))
        except FileNotFoundError:
            return []
        except OSError as error:
            raise SaveError(self.root, f"cannot list the folder ({_os_problem(error, self.root)})") from None
        found: list[tuple[float, Listing]] = []
        for entry in entries:
            name = entry.name
            if not name.endswith(SUFFIX) or name.startswith("."):
                continue
            listing = self._listing(Path(entry.path), name[: -len(SUFFIX)])
            if listing is not None:
                found.append((_when(listing), listing))
        found.sort(key=lambda pair: (-pair[0], pair[1].slot))
        return [listing for _, listing in found]

    def latest(self) -> str | None:
        """The slot of the most recently updated readable save, if any."""
        return next((item.slot for item in self.list() if item.record is not None), None)

    def free_slot(self, base: str) -> str:
        """base if nothing is stored under it, else base-2, base-3, ... (trimmed to fit the length limit)."""
        if len(base) > MAX_SLOT and all(is_slot_char(ch) for ch in base):
            base = base[:MAX_SLOT]
        validate_slot(base)
        candidate, number = base, 1
        while self._taken(candidate):
            number += 1
            suffix = f"-{number}"
            candidate = base[: MAX_SLOT - len(suffix)] + suffix
        return candidate

    def _taken(self, slot: str) -> bool:
        # a lingering backup counts: a new save there would later overwrite it
        return os.path.lexists(self.path(slot)) or os.path.lexists(self.backup_path(slot))

    def _listing(self, path: Path, slot: str) -> Listing | None:
        try:
            mtime = path.lstat().st_mtime
        except FileNotFoundError:
            return None  # removed while we looked
        except OSError:
            mtime = 0.0
        try:
            validate_slot(slot)
        except ValueError:
            problem = "the file name is not a slot name (use letters, digits, '-' and '_')"
            return Listing(slot=slot, path=str(path), record=None, problem=problem, mtime=mtime)
        try:
            record = self.read_path(path)
        except SaveError as error:
            return Listing(slot=slot, path=str(path), record=None, problem=error.problem, mtime=mtime)
        return Listing(slot=slot, path=str(path), record=record, problem=None, mtime=mtime)


def _when(listing: Listing) -> float:
    """Sort key: the record's updated time, or the file's mtime when there is no usable record time."""
    if listing.record is not None and listing.record.updated:
        try:
            moment = datetime.fromisoformat(listing.record.updated)
        except ValueError:
            return listing.mtime
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment.timestamp()
    return listing.mtime


def _decode(path: Path, data: bytes) -> Record:
    try:
        return decode_record(data)
    except RecordProblem as problem:
        raise SaveError(path, str(problem)) from None


_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)


def read_bytes(path: Path) -> bytes:
    """The whole file, refusing what is not a plain file of sane size. O_NONBLOCK: a FIFO cannot hang us."""
    try:
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except IsADirectoryError:
        raise SaveError(path, "a directory, not a save file") from None
    except PermissionError:
        if path.is_dir():  # Windows cannot open a folder as a file
            raise SaveError(path, "a directory, not a save file") from None
        raise SaveError(path, "cannot read it (permission denied)") from None
    except OSError as error:
        raise SaveError(path, f"cannot open it ({_os_problem(error, path)})") from None
    try:
        with open(fd, "rb", closefd=True) as file:
            info = os.fstat(file.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise SaveError(path, "a directory, not a save file")
            if not stat.S_ISREG(info.st_mode):
                raise SaveError(path, "not a regular file")
            if info.st_size > MAX_BYTES:
                size = _size(info.st_size)
                raise SaveError(path, f"too large to be a save ({size}; saves stay under 64 MiB)")
            data = file.read(MAX_BYTES + 1)
    except PermissionError:
        raise SaveError(path, "cannot read it (permission denied)") from None
    except IsADirectoryError:
        raise SaveError(path, "a directory, not a save file") from None
    except OSError as error:
        raise SaveError(path, f"cannot read it ({_os_problem(error, path)})") from None
    if len(data) > MAX_BYTES:
        raise SaveError(path, "too large to be a save (it grew past 64 MiB while being read)")
    return data


def _os_problem(error: OSError, path: Path) -> str:
    """strerror, plus the other file's name when the trouble was with another file (temp, backup)."""
    reason = error.strerror or errno.errorcode.get(error.errno or 0) or str(error)
    others = [f for f in (error.filename, error.filename2) if f is not None and Path(os.fsdecode(f)) != path]
    if others:
        reason += f": {os.fsdecode(others[-1])}"
    return reason


def _size(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"
