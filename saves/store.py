"""A folder of save slots: a clear word for every kind of damage, and writes that never lose a save."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from saves import journal, migrations
from saves.atomic import atomic_write
from saves.codec import RecordProblem, decode_record, encode_record
from saves.lock import SlotBusy, SlotLock, acquire
from saves.record import FORMAT, Record, seal_of
from saves.slots import MAX_SLOT, is_slot_char, validate_slot
from saves.text import escape

MAX_BYTES = 64 * 1024 * 1024
"""No save comes near this; anything bigger is not one, and reading it whole would hurt."""

SUFFIX = ".json"
BACKUP_SUFFIX = ".json.bak"
LOCK_SUFFIX = ".lock"


class SaveError(Exception):
    """A save that cannot be read or written, told in one line naming the file and the problem."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(path, problem)
        self.path = Path(path)
        self.problem = problem

    def __str__(self) -> str:
        return f"Cannot use {escape(str(self.path))}: {escape(self.problem)}"


class SlotUnlockable(SaveError):
    """The slot's lock file cannot be used (a folder, a link, a FIFO, a file this process may not open), so
    another solo could play the slot at the same time and one of them would lose its moves."""


class OtherRun(SaveError):
    """The slot holds a good save of another run, which is never replaced unasked. `record` is that run."""

    def __init__(self, path: Path, record: Record) -> None:
        super().__init__(path, f"it holds another run ({describe(record)})")
        self.record = record


def describe(record: Record) -> str:
    """A run in a few words, for a question or a refusal."""
    turn, status, when = record.latest()
    return f"{record.game}, turn {turn}, {status}, last played {when[:16].replace('T', ' ') or 'unknown'}"


class Listing(msgspec.Struct):
    """One file in the save folder: its record if readable, else the problem that stops it."""

    slot: str
    path: str
    record: Record | None
    problem: str | None
    mtime: float


class _Written(msgspec.Struct):
    """What this store last wrote in a slot: the snapshot's signature and digest, and where its journal is."""

    signature: tuple[int, int, int]
    base: str
    identity: str
    journal_size: int | None = None
    seal: str = ""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class SaveStore:
    """The save slots in one folder: "<slot>.json", the snapshot (with its previous version in ".bak"); the
    journal of decisions since it, "<slot>.journal"; and ".<slot>.lock", held while a run is open in it."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        # per snapshot path: what this store wrote there last, so an autosave can trust the file with a stat
        # instead of a read, and append to the journal instead of writing everything again
        self._written: dict[Path, _Written] = {}
        self._locks: dict[str, SlotLock] = {}
        self.notices: list[str] = []

    def path(self, slot: str) -> Path:
        return self.root / f"{validate_slot(slot)}{SUFFIX}"

    def backup_path(self, slot: str) -> Path:
        return self.root / f"{validate_slot(slot)}{BACKUP_SUFFIX}"

    def journal_path(self, slot: str) -> Path:
        return self.root / f"{validate_slot(slot)}{journal.SUFFIX}"

    def lock_path(self, slot: str) -> Path:
        return self.root / f".{validate_slot(slot)}{LOCK_SUFFIX}"

    def exists(self, slot: str) -> bool:
        return os.path.lexists(self.path(slot))

    def check_folder(self) -> None:
        """SaveError when the save folder's path is taken by something that is not a folder."""
        try:
            info = os.stat(self.root)
        except FileNotFoundError:
            if os.path.lexists(self.root):  # a link to nowhere: nothing could be saved through it
                raise SaveError(self.root, "the save folder is a link to nothing (use --save-dir to pick another)") from None
            return
        except OSError as error:
            raise SaveError(self.root, f"cannot use the save folder ({_os_problem(error, self.root)})") from None
        if not stat.S_ISDIR(info.st_mode):
            raise SaveError(self.root, "the save folder is not a folder (use --save-dir to pick another)")

    # -- locks --------------------------------------------------------------------------------------------

    def lock(self, slot: str, unlocked: bool = False) -> None:
        """Hold the slot for this process (again: a no-op). SlotBusy when another solo has it open.

        SlotUnlockable when the lock file cannot be used, unless `unlocked` (the person said to play it all the
        same). Where the folder takes no new file at all (read-only, not ours), no save can be written either,
        so no second writer can lose anything: play goes on, and each autosave says why it failed.
        Temp files that a killed process left for this slot are cleared now: no one else can be writing them."""
        validate_slot(slot)
        if slot in self._locks:
            return
        self.check_folder()
        path = self.lock_path(slot)
        try:
            self._locks[slot] = acquire(path, slot)
        except SlotBusy:
            raise
        except OSError as error:
            if not os.path.lexists(path) and error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                return  # nothing can be saved here: said at each autosave
            if not unlocked:
                raise SlotUnlockable(path, f"cannot lock slot '{slot}' ({_lock_problem(error, path)})") from None
            self._locks[slot] = SlotLock(path, None)
            return
        self._clear_temps(slot)

    def unlock(self, slot: str) -> None:
        held = self._locks.pop(slot, None)
        if held is not None:
            held.release()

    def unlock_all(self) -> None:
        for slot in list(self._locks):
            self.unlock(slot)

    def holds(self, slot: str) -> bool:
        return slot in self._locks

    def claim(self, base: str) -> str:
        """A slot named after base (base, base-2, ...) that holds no run and that no other solo is starting
        in, locked for this process: two new runs started together never share a slot."""
        base = _trimmed(base)
        for number in range(1, 100_000):
            candidate = _numbered(base, number)
            if self._taken(candidate):
                continue
            try:
                self.lock(candidate)
            except (SlotBusy, SlotUnlockable):
                continue  # open in another solo, or its lock file is not one: the next name
            if not self._taken(candidate):
                return candidate
            self.unlock(candidate)  # saved in between by another solo, which has let go since
        raise SaveError(self.root, f"no free slot named after '{base}'")

    def _clear_temps(self, slot: str) -> None:
        prefixes = (f".{slot}{SUFFIX}.", f".{slot}{journal.SUFFIX}.")
        try:
            names = os.listdir(self.root)
        except OSError:
            return
        for name in names:
            if name.endswith(".tmp") and name.startswith(prefixes):
                with contextlib.suppress(OSError):
                    os.unlink(self.root / name)

    # -- reading ------------------------------------------------------------------------------------------

    def read(self, slot: str) -> Record:
        """The record in a slot, with its journal's steps; SaveError (one line) for a missing, damaged or
        foreign file."""
        path = self.path(slot)
        if not os.path.lexists(path):
            raise SaveError(path, "no save in this slot")
        try:
            return self._read(path, self.journal_path(slot))
        except SaveError as error:
            if error.path != path:
                raise
            raise SaveError(path, error.problem + self._backup_tip(slot)) from None

    def _backup_tip(self, slot: str) -> str:
        """Where the slot's previous save is, when it reads whole: the way back from a damaged snapshot (the
        file itself is left as it is, for the player to keep or replace)."""
        backup = self.backup_path(slot)
        try:
            older = _decode(backup, read_bytes(backup))
        except (OSError, SaveError):
            return ""
        turn, status, _ = older.latest()
        return (
            f"; the save before it is whole in {backup.name} (turn {turn}, {status}):"
            f" copy it over {self.path(slot).name} to go back to it"
        )

    def read_path(self, path: Path) -> Record:
        """The record in any file, with the same checks as read. Never changes the file."""
        path = Path(path)
        return _decode(path, read_bytes(path))

    def _read(self, path: Path, journal_path: Path) -> Record:
        """The snapshot, with as much of its journal as is whole (what stopped it in `journal_damage`)."""
        data = read_bytes(path)
        record = _decode(path, data)
        if os.path.lexists(journal_path):
            try:
                parsed = journal.parse(read_bytes(journal_path), journal.digest(data))
            except SaveError as error:  # not a file that can be read: the snapshot stands alone
                record.journal_damage, record.journal_dropped = f"file cannot be read ({error.problem})", 1
                return record
            record.journal = parsed.steps or []
            record.journal_damage, record.journal_dropped = parsed.damage, parsed.dropped
        return record

    # -- writing ------------------------------------------------------------------------------------------

    def write(
        self,
        slot: str,
        record: Record,
        *,
        replaces: str | None = None,
        accept: Callable[[Record], None] | None = None,
    ) -> Path:
        """Save record whole into slot atomically, keeping the previous save as the slot's backup, and start
        its journal afresh.

        Stamps updated (and created, if empty) with the current UTC time and seals the record; the caller's
        record gets the stamps only once the write has succeeded. Refuses, leaving the files untouched, when
        the slot holds what is not this run's own save (OtherRun) unless it is the run `replaces` names, or
        anything that does not read as a save, or that `accept` refuses (it raises ValueError: load would
        refuse the file). A slot found empty is created exclusively, so a run written there meanwhile stands.
        """
        path = self.path(slot)
        fresh = not os.path.lexists(path)
        existing = None if fresh else self._check_replace(slot, path, record, replaces, accept)
        if existing is not None and existing.journal_damage:
            self._kept_journal(slot, existing)  # a copy, before the new snapshot makes the journal go
        now = _now()
        created = record.created or now
        stamped = msgspec.structs.replace(
            record,
            format=FORMAT,
            schema=migrations.SCHEMA,
            created=created,
            updated=now,
            journal=[],
            journal_damage="",
            journal_dropped=0,
            unsealed=False,
        )
        stamped.seal = seal_of(stamped)
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

        self._written.pop(path, None)
        try:
            atomic_write(path, data, verify=verify, backup=self.backup_path(slot), exclusive=fresh)
        except FileExistsError:
            raise SaveError(path, "will not overwrite it, a save appeared there meanwhile") from None
        except OSError as error:
            raise SaveError(path, f"cannot write it ({_os_problem(error, path)})") from error
        journal.remove(self.journal_path(slot))
        record.created, record.updated, record.seal = created, now, stamped.seal
        with contextlib.suppress(OSError):
            self._written[path] = _Written(_signature(path), journal.digest(data), record.identity())
        return path

    def journaling(self, slot: str) -> bool:
        """Whether append can go on from this store's own last full write of the slot, untouched since."""
        path = self.path(slot)
        written = self._written.get(path)
        if written is None:
            return False
        try:
            return _signature(path) == written.signature
        except OSError:
            return False

    def append(self, slot: str, steps: list[journal.Step]) -> Path:
        """Add steps to the slot's journal after this store's last full write; one write, synced.

        SaveError when that is not possible (the caller then writes the whole record); after any failure the
        journal is never appended to again until the next full write, since it may end in a torn line."""
        path, jpath = self.path(slot), self.journal_path(slot)
        if not self.journaling(slot):
            raise SaveError(path, "it changed since this solo last saved it")
        written = self._written[path]
        now = _now()
        steps = [msgspec.structs.replace(step, at=step.at or now) for step in steps]
        try:
            if written.journal_size is None:
                size, seal = journal.create(jpath, written.base, steps)
            else:
                size, seal = journal.append(jpath, written.journal_size, steps, written.seal)
        except journal.JournalProblem as problem:
            del self._written[path]
            raise SaveError(jpath, str(problem)) from None
        except OSError as error:
            del self._written[path]
            raise SaveError(jpath, f"cannot write it ({_os_problem(error, jpath)})") from error
        written.journal_size, written.seal = size, seal
        return jpath

    def _check_replace(
        self,
        slot: str,
        path: Path,
        record: Record,
        replaces: str | None,
        accept: Callable[[Record], None] | None,
    ) -> Record | None:
        """What the slot holds, once it is known that this record may replace it (None: this store's own last
        write, untouched since, not read again)."""
        written = self._written.get(path)
        if written is not None and written.identity in (record.identity(), replaces) and self.journaling(slot):
            return None  # this store's own last write of this run, untouched since
        try:
            existing = self._read(path, self.journal_path(slot))
        except SaveError as error:
            raise SaveError(error.path, f"will not overwrite it, {error.problem}") from None
        if existing.identity() not in (record.identity(), replaces):
            raise OtherRun(path, existing)
        if accept is not None:
            try:
                accept(existing)
            except ValueError as error:
                raise SaveError(path, f"will not overwrite it, {error}") from None
        return existing

    # -- a damaged journal ---------------------------------------------------------------------------------

    def keep_journal(self, slot: str) -> tuple[Path, bool] | None:
        """A copy of the slot's journal beside it ("<slot>.journal.damaged", numbered past those taken), made
        before a damaged journal goes: the next full save removes the journal, and the person may want to look
        at what was not loaded. Returns where, and whether it was made now (a copy already kept with the very
        same bytes is not made twice); None when there is no journal. OSError when no copy can be made."""
        source = self.journal_path(slot)
        try:
            info = os.lstat(source)
        except FileNotFoundError:
            return None
        if not stat.S_ISREG(info.st_mode):  # not a file (a folder, a link): moved aside whole
            target = self._damaged_name(slot, None)
            os.rename(source, target)
            return target, True
        data = read_bytes(source)
        target = self._damaged_name(slot, data)
        if target.exists():
            return target, False  # kept already
        atomic_write(target, data, exclusive=True)
        return target, True

    def _damaged_name(self, slot: str, data: bytes | None) -> Path:
        """The first free "<slot>.journal.damaged[-N]", or the one that already holds these bytes."""
        base = self.journal_path(slot).name + ".damaged"
        for number in range(1, 1000):
            target = self.root / (base if number == 1 else f"{base}-{number}")
            if not os.path.lexists(target):
                return target
            if data is not None:
                with contextlib.suppress(OSError, SaveError):
                    if read_bytes(target) == data:
                        return target
        raise OSError(errno.EEXIST, "no free name for a copy of the damaged journal", str(self.root / base))

    def _kept_journal(self, slot: str, existing: Record) -> None:
        """Keep a damaged journal that a full save is about to replace, and note where for the person."""
        try:
            kept = self.keep_journal(slot)
        except (OSError, SaveError) as error:
            problem = error.problem if isinstance(error, SaveError) else _os_problem(error, self.journal_path(slot))
            raise SaveError(self.journal_path(slot), f"it is damaged and no copy can be kept ({problem})") from None
        if kept is not None and kept[1]:  # a copy made now: one kept at load was said there
            self.notices.append(damage_line(slot, existing, kept[0].name))

    def take_notices(self) -> list[str]:
        """What this store has to tell since it was last asked (a damaged journal kept), one line each."""
        out, self.notices[:] = list(self.notices), []
        return out

    # -- listing -----------------------------------------------------------------------------------------

    def list(self) -> list[Listing]:
        """Every save file in the folder, damaged ones included with their problem, newest first."""
        try:
            entries = list(os.scandir(self.root))
        except FileNotFoundError:
            return []
        except NotADirectoryError:
            raise SaveError(self.root, "the save folder is not a folder (use --save-dir to pick another)") from None
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
        """The slot of the most recently updated readable save still running, else of the most recently updated
        readable one (a finished run opens on its ending), if any: `continue` picks a game up, so a run just lost
        does not hide the one still going."""
        readable = [item for item in self.list() if item.record is not None]
        running = (item.slot for item in readable if item.record is not None and item.record.latest()[1] == "running")
        return next(running, readable[0].slot if readable else None)

    def free_slot(self, base: str) -> str:
        """base if nothing is stored under it, else base-2, base-3, ... (trimmed to fit the length limit)."""
        base = _trimmed(base)
        number = 1
        while self._taken(_numbered(base, number)):
            number += 1
        return _numbered(base, number)

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
            record = self._read(path, self.journal_path(slot))
        except SaveError as error:
            problem = error.problem if error.path == path else f"{error.path.name}: {error.problem}"
            return Listing(slot=slot, path=str(path), record=None, problem=problem, mtime=mtime)
        return Listing(slot=slot, path=str(path), record=record, problem=None, mtime=mtime)


def damage_line(slot: str, record: Record, kept: str | None) -> str:
    """One line on what of a slot's journal was not loaded, and where the damaged journal is."""
    dropped = record.journal_dropped
    lost = (
        "that line (a decision at most) was not loaded"
        if dropped == 1
        else f"the {dropped} lines from there on ({dropped} decisions at most) were not loaded"
    )
    where = f"; the damaged journal is kept as {escape(kept)}" if kept else ""
    return (
        f"Slot '{slot}': its journal's {escape(record.journal_damage)}, so {lost}; the run goes on from turn "
        f"{record.latest()[0]}{where}."
    )


def _trimmed(base: str) -> str:
    if len(base) > MAX_SLOT and all(is_slot_char(ch) for ch in base):
        base = base[:MAX_SLOT]
    return validate_slot(base)


def _numbered(base: str, number: int) -> str:
    if number == 1:
        return base
    suffix = f"-{number}"
    return base[: MAX_SLOT - len(suffix)] + suffix


def _signature(path: Path) -> tuple[int, int, int]:
    info = os.lstat(path)
    return info.st_ino, info.st_size, info.st_mtime_ns


def _when(listing: Listing) -> float:
    """Sort key: the record's updated time, or the file's mtime when there is no usable record time."""
    if listing.record is not None and listing.record.latest()[2]:
        try:
            moment = datetime.fromisoformat(listing.record.latest()[2])
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


def _lock_problem(error: OSError, path: Path) -> str:
    """Why a lock file cannot be used, and what to do: one clause."""
    try:
        info = os.lstat(path)
    except OSError:
        return f"{_os_problem(error, path)}; another solo could play it at the same time"
    kind = (
        "a folder"
        if stat.S_ISDIR(info.st_mode)
        else "a link"
        if stat.S_ISLNK(info.st_mode)
        else "not a regular file"
        if not stat.S_ISREG(info.st_mode)
        else _os_problem(error, path)
    )
    return (
        f"{escape(path.name)} is {kind}" if not stat.S_ISREG(info.st_mode) else f"{escape(path.name)}: {kind}"
    ) + "; another solo could play it at the same time: remove it, or pick another slot"


def _os_problem(error: OSError, path: Path) -> str:
    """strerror, plus the other file's name when the trouble was with another file (temp, backup)."""
    reason = error.strerror or errno.errorcode.get(error.errno or 0) or str(error)
    others = [f for f in (error.filename, error.filename2) if f is not None and Path(os.fsdecode(f)) != path]
    if others:
        reason += f": {os.fsdecode(others[-1])}"
    return reason


def _size(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"
