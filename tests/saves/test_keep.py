"""Keep files: data that outlives a run, written as carefully as a save."""

from __future__ import annotations

import json

import pytest

from saves import SaveError
from saves.keep import Keepsakes


def test_nothing_kept_yet_reads_empty(tmp_path):
    assert Keepsakes(tmp_path).read("final-girl") == {}


def test_round_trip_and_backup(tmp_path):
    keep = Keepsakes(tmp_path)
    keep.write("final-girl", {"achievements": {"a": {"first": "2026-11-29"}}})
    keep.write("final-girl", {"achievements": {"a": {"first": "2026-11-29"}, "b": {}}})
    assert set(keep.read("final-girl")["achievements"]) == {"a", "b"}
    backup = json.loads((tmp_path / "keep" / "final-girl.json.bak").read_text())
    assert set(backup["data"]["achievements"]) == {"a"}


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b'{"format": "solo-keep", "sch', "not valid JSON"),
        (b'{"format": "something-else"}', "not a file this program keeps"),
        (b'{"format": "solo-keep", "schema": 7, "game": "final-girl"}', "newer version"),
        (b'{"format": "solo-keep", "schema": 1, "game": "slaughterhouse", "data": {}}', "keeps data for"),
        (b'{"format": "solo-keep", "schema": 1, "game": "final-girl", "data": []}', "field problem"),
    ],
)
def test_a_damaged_keep_file_is_named_and_never_overwritten(tmp_path, content, problem):
    keep = Keepsakes(tmp_path)
    path = keep.path("final-girl")
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with pytest.raises(SaveError, match=problem):
        keep.read("final-girl")
    with pytest.raises(SaveError):
        keep.write("final-girl", {"x": 1})
    assert path.read_bytes() == content


def test_keep_files_are_not_listed_as_saves(tmp_path):
    from saves import SaveStore

    Keepsakes(tmp_path).write("final-girl", {})
    assert SaveStore(tmp_path).list() == []


def test_game_ids_are_checked(tmp_path):
    with pytest.raises(ValueError):
        Keepsakes(tmp_path).path("../etc/passwd")
