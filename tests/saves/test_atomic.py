"""atomic_write: the old file or the new one, never half of one, and no temp files left behind."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from saves import atomic_write


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def target(tmp_path: Path) -> Path:
    path = tmp_path / "slot.json"
    path.write_bytes(b"old")
    return path


def test_writes_and_creates_missing_folders(tmp_path):
    path = tmp_path / "a" / "b" / "slot.json"
    atomic_write(path, b"new")
    assert path.read_bytes() == b"new"
    assert names(path.parent) == ["slot.json"]


def test_replaces_and_verify_sees_exactly_the_bytes(target):
    seen: list[bytes] = []
    atomic_write(target, b"new data", verify=seen.append)
    assert seen == [b"new data"]
    assert target.read_bytes() == b"new data"
    assert names(target.parent) == ["slot.json"]


def test_verify_failure_touches_nothing(target):
    backup = target.with_name("slot.json.bak")

    def refuse(data: bytes) -> None:
        raise ValueError("bad bytes")

    with pytest.raises(ValueError, match="bad bytes"):
        atomic_write(target, b"new", verify=refuse, backup=backup)
    assert target.read_bytes() == b"old"
    assert names(target.parent) == ["slot.json"]


def test_failed_replace_keeps_the_original_and_cleans_up(target, monkeypatch):
    def full_disk(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError, match="No space"):
        atomic_write(target, b"new", backup=target.with_name("slot.json.bak"))
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert names(target.parent) == ["slot.json"]


def test_failure_on_the_final_replace_only(target, monkeypatch):
    real = os.replace

    def fail_on_target(src, dst):
        if Path(dst) == target:
            raise OSError(errno.EIO, "I/O error")
        real(src, dst)

    monkeypatch.setattr(os, "replace", fail_on_target)
    with pytest.raises(OSError):
        atomic_write(target, b"new", backup=target.with_name("slot.json.bak"))
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert target.with_name("slot.json.bak").read_bytes() == b"old"
    assert names(target.parent) == ["slot.json", "slot.json.bak"]


def test_failed_fsync_cleans_up(target, monkeypatch):
    def broken(fd):
        raise OSError(errno.EIO, "I/O error")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError):
        atomic_write(target, b"new")
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert names(target.parent) == ["slot.json"]


def test_backup_keeps_the_previous_file_and_the_path_never_disappears(target, monkeypatch):
    backup = target.with_name("slot.json.bak")
    real = os.replace
    checks: list[bool] = []

    def watching(src, dst):
        checks.append(target.exists())
        real(src, dst)
        checks.append(target.exists())

    monkeypatch.setattr(os, "replace", watching)
    atomic_write(target, b"new", backup=backup)
    assert checks == [True] * 4  # backup rotation, then the final replace
    assert target.read_bytes() == b"new"
    assert backup.read_bytes() == b"old"
    atomic_write(target, b"newer", backup=backup)
    assert backup.read_bytes() == b"new"
    assert names(target.parent) == ["slot.json", "slot.json.bak"]


def test_backup_is_a_separate_file_from_the_new_one(target):
    backup = target.with_name("slot.json.bak")
    atomic_write(target, b"new", backup=backup)
    assert not os.path.samefile(target, backup)


def test_backup_falls_back_to_copying_without_links(target, monkeypatch):
    def no_links(src, dst, **kwargs):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    backup = target.with_name("slot.json.bak")
    atomic_write(target, b"new", backup=backup)
    assert (target.read_bytes(), backup.read_bytes()) == (b"new", b"old")
    assert names(target.parent) == ["slot.json", "slot.json.bak"]


def test_no_backup_when_there_was_no_file(tmp_path):
    path = tmp_path / "slot.json"
    atomic_write(path, b"new", backup=tmp_path / "slot.json.bak")
    assert names(tmp_path) == ["slot.json"]


def test_folder_sync_errors_are_ignored(target, monkeypatch):
    real = os.open

    def no_folders(file, flags, *args, **kwargs):
        if Path(file) == target.parent:
            raise PermissionError(errno.EACCES, "cannot open a folder here")
        return real(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_folders)
    atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
