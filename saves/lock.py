"""One solo per slot: an OS advisory lock on a hidden file beside the slot, held while a run is open in it.

The lock belongs to the open file, so a process that dies (even by `kill -9`) releases it and a stale lock
file never blocks anyone. The holder writes its pid into the file so that the one refused can say who has it.

Neither `filelock` nor `portalocker` fits: filelock truncates the lock file on every attempt, so a refused
process would erase the holder's pid, and portalocker needs pywin32 on Windows. The two OS calls are short.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from pathlib import Path

_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
_PID_AT = 1
"""The pid is written after the first byte, which is the one locked (Windows locks are mandatory)."""


class SlotBusy(Exception):
    """The slot is open in another solo; the text is the one line the person sees."""

    def __init__(self, slot: str, pid: int | None) -> None:
        self.slot = slot
        self.pid = pid
        who = f" (pid {pid})" if pid else ""
        super().__init__(f"Slot '{slot}' is open in another solo{who}; finish there first, or pick another slot.")


class SlotLock:
    """A held lock; `release` (or the process ending) gives it back. With no file descriptor, a slot played
    without a lock (saves/store.py says when)."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                _unlock(fd)
            os.close(fd)


def acquire(path: Path, slot: str) -> SlotLock:
    """Lock `path` (creating it) without waiting. SlotBusy when another process holds it; OSError otherwise."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, _FLAGS, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO or a device: no lock a second solo would meet
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if not _try_lock(fd):
            raise SlotBusy(slot, _holder(fd))
        os.ftruncate(fd, _PID_AT)
        os.lseek(fd, _PID_AT, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode())
    except BaseException:
        os.close(fd)
        raise
    return SlotLock(path, fd)


def _holder(fd: int) -> int | None:
    """The pid the holder wrote, where it can be read."""
    try:
        os.lseek(fd, _PID_AT, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isascii() and text.isdigit() else None


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
