"""TOML data files read through their JSON copy: always the same tables tomllib gives, whatever the copy."""

from __future__ import annotations

import shutil
import sys
import tomllib
from pathlib import Path

import pytest

from engines.core.datafile import read_toml

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = sorted(p for d in ("engines", "narratives") for p in (ROOT / d).rglob("*.toml"))


@pytest.fixture(autouse=True)
def _bytecode_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """As on a player's machine; CI may run with PYTHONDONTWRITEBYTECODE set."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def _copy_of(path: Path) -> Path:
    return path.parent / "__pycache__" / f"{path.name}.json"


@pytest.mark.parametrize("source", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_file_reads_the_same_cold_and_warm(source: Path, tmp_path: Path):
    path = tmp_path / source.name
    shutil.copyfile(source, path)
    expected = tomllib.loads(source.read_text(encoding="utf-8"))
    assert read_toml(path) == expected  # parsed, and the copy written
    assert _copy_of(path).is_file()
    assert read_toml(path) == expected  # from the copy


def test_an_edited_file_is_parsed_afresh(tmp_path: Path):
    path = tmp_path / "cards.toml"
    path.write_text("[dice]\ncount = 4\n")
    assert read_toml(path) == {"dice": {"count": 4}}
    path.write_text("[dice]\ncount = 5\n")
    assert read_toml(path) == {"dice": {"count": 5}}


@pytest.mark.parametrize(
    "damage", [b"", b"{not json", b"[1, 2]", b'{"digest": 3}', b'{"data": {}}'], ids=repr
)
def test_a_damaged_copy_is_ignored_and_replaced(tmp_path: Path, damage: bytes):
    path = tmp_path / "cards.toml"
    path.write_text("[lawn]\nsuccess_at = 3\n")
    read_toml(path)
    _copy_of(path).write_bytes(damage)
    assert read_toml(path) == {"lawn": {"success_at": 3}}
    assert read_toml(path) == {"lawn": {"success_at": 3}}
    assert _copy_of(path).read_bytes() != damage


def test_a_folder_that_cannot_hold_a_copy_changes_nothing(tmp_path: Path):
    path = tmp_path / "cards.toml"
    path.write_text("x = 1\n")
    (tmp_path / "__pycache__").write_text("a file where the folder would go")
    assert read_toml(path) == {"x": 1}
    assert read_toml(path) == {"x": 1}


def test_dates_are_never_copied_as_strings(tmp_path: Path):
    path = tmp_path / "dated.toml"
    path.write_text("printed = 2019-10-01\n")
    first = read_toml(path)
    assert not _copy_of(path).exists()
    assert read_toml(path) == first == tomllib.loads("printed = 2019-10-01\n")


def test_no_copy_when_bytecode_is_kept_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "elsewhere"))
    path = tmp_path / "cards.toml"
    path.write_text("x = 1\n")
    assert read_toml(path) == {"x": 1}
    assert not _copy_of(path).exists()


def test_no_copy_when_bytecode_is_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    path = tmp_path / "cards.toml"
    path.write_text("x = 1\n")
    assert read_toml(path) == {"x": 1}
    assert not _copy_of(path).exists()


def test_a_broken_file_still_raises_the_toml_error(tmp_path: Path):
    path = tmp_path / "broken.toml"
    path.write_text("x = \n")
    with pytest.raises(tomllib.TOMLDecodeError):
        read_toml(path)


def test_a_copy_that_matches_the_text_is_read_instead_of_the_toml(tmp_path: Path):
    path = tmp_path / "cards.toml"
    path.write_text("x = 1\n")
    read_toml(path)
    copy = _copy_of(path)
    copy.write_bytes(copy.read_bytes().replace(b'"x":1', b'"x":2'))
    assert read_toml(path) == {"x": 2}  # proof the copy, not the parse, answered
