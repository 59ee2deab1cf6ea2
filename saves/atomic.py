"""Writing a file so that a crash at any moment leaves either the old file or the new one, never half."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path


def atomic_write(
    path: Path,
    data: bytes,
    verify: Callable[[bytes], object] | None = None,
    backup: Path | None = None,
    exclusive: bool = False,
    mode: int | None = None,
    regular: bool = False,
) -> None:
    """Replace path with data, durably.

    The data goes to a temp file beside path, is synced and read back for verify (which may raise
    to abort: nothing else is touched); the previous file is kept as backup if asked, with path
    present at every moment; then the temp file replaces path and the folder is synced. Temp files
    never outlive a failure. With exclusive, path must not exist: it is created by a hard link, which
    fails with FileExistsError if anything appeared there, so nothing is ever replaced. `mode` gives the
    new file those permissions (a save stays private to its owner, as the temp file is made). With `regular`,
    only a regular file is replaced: a device, a FIFO or a link found there at the last moment raises
    OSError(EEXIST), and it stays as it is.
    """
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    temp = Path(name)
    try:
        with open(fd, "wb") as file:
            if mode is not None:
                os.chmod(temp, mode)
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if verify is not None:
            verify(temp.read_bytes())
        if exclusive:
            _create(temp, path)
        else:
            if regular:
                _only_regular(path)
            if backup is not None and path.exists():
                _keep_backup(path, Path(backup))
            os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _sync_folder(folder)


def _only_regular(path: Path) -> None:
    """OSError unless path is a regular file or nothing."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EEXIST, "not a regular file, which is never replaced", str(path))


def _create(temp: Path, path: Path) -> None:
    """Give temp the name path only if path is free. Where hard links are not supported, a check and a
    rename (the slot's lock keeps other solos out of that gap)."""
    try:
        os.link(temp, path)
    except FileExistsError:
        raise
    except (OSError, NotImplementedError, AttributeError):
        if os.path.lexists(path):
            raise FileExistsError(17, "File exists", str(path)) from None
        os.replace(temp, path)
        return
    temp.unlink()


def _keep_backup(path: Path, backup: Path) -> None:
    """Make backup a copy of path without ever moving path away: link (or copy) to a temp, then replace."""
    folder = backup.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=folder, prefix=f".{backup.name}.", suffix=".tmp")
    temp = Path(name)
    try:
        os.close(fd)
        try:
            temp.unlink()
            os.link(path, temp)
        except (OSError, NotImplementedError, AttributeError):
            # links not supported here (FAT, some network shares, a temp name taken): copy instead
            with open(path, "rb") as source, open(temp, "wb") as target:
                shutil.copyfileobj(source, target)
                target.flush()
                os.fsync(target.fileno())
        os.replace(temp, backup)
        # a backup that already was a link of path (a write that failed after this step) makes the rename
        # a no-op that leaves temp behind
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; some platforms cannot open or sync a folder, and that is fine."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
