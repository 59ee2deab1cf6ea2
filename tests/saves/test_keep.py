"""Keep files: data that outlives a run, written as carefully as a save."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.registry import get
from saves import SaveError
from saves.keep import Carry, Earned, Keepsakes, Kept
from solo import achievements, carry
from tests.tools.breadth import breadth


def test_nothing_kept_yet_reads_empty(tmp_path):
    assert Keepsakes(tmp_path).read("final-girl") == Kept()


def test_round_trip_and_backup(tmp_path):
    keep = Keepsakes(tmp_path)
    day = Earned(first="2026-11-29", slot="s")
    keep.write("final-girl", Kept(achievements={"a": day}))
    keep.write("final-girl", Kept(achievements={"a": day, "b": day}))
    assert set(keep.read("final-girl").achievements) == {"a", "b"}
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
        keep.write("final-girl", Kept(runs={"s@t": "won"}))
    assert path.read_bytes() == content


def test_keep_files_are_not_listed_as_saves(tmp_path):
    from saves import SaveStore

    Keepsakes(tmp_path).write("final-girl", Kept())
    assert SaveStore(tmp_path).list() == []


def test_game_ids_are_checked(tmp_path):
    with pytest.raises(ValueError):
        Keepsakes(tmp_path).path("../etc/passwd")


# Keep files as this version wrote them (before the typed schema) by finishing real runs: two Final Girl runs
# (one won, one lost), and a Slaughterhouse run whose Freezer Box was kept (one achievement added by hand in
# the shape achievements.record writes, so the Slaughterhouse file has every field).
WRITTEN_BEFORE = {
    "final-girl": b"""{
  "format": "solo-keep",
  "schema": 1,
  "game": "final-girl",
  "data": {
    "memory": {
      "fg-True@2026-12-01T08:04:19+00:00": {"tormentor_defeated_at": "marrek-warehouse"},
      "fg-False@2026-12-01T08:04:19+00:00": {}
    },
    "achievements": {
      "marrek_win": {"first": "2026-12-01T08:04:19+00:00", "slot": "fg-True"},
      "fast_rescue": {"first": "2026-12-01T08:04:19+00:00", "slot": "fg-True"}
    },
    "runs": {"fg-True@2026-12-01T08:04:19+00:00": "won", "fg-False@2026-12-01T08:04:19+00:00": "lost"}
  }
}
""",
    "slaughterhouse": b"""{
  "format": "solo-keep",
  "schema": 1,
  "game": "slaughterhouse",
  "data": {
    "achievements": {"chainsaw": {"first": "2026-12-01T08:04:19+00:00", "slot": "sh"}},
    "runs": {"sh@2026-12-01T08:04:19+00:00": "won"},
    "carried_from": ["sh@2026-12-01T08:04:19+00:00"],
    "carry": {
      "from": "sh@2026-12-01T08:04:19+00:00",
      "options": {"freezer": "item/backpack,item/bandages,item/cleaver,item/crowbar,item/first_aid"}
    }
  }
}
""",
}


def put(root: Path, game: str, content: bytes) -> Path:
    path = Keepsakes(root).path(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return path


def test_keep_files_written_before_the_typed_schema_still_load_and_round_trip(tmp_path):
    keep = Keepsakes(tmp_path)
    for game, content in WRITTEN_BEFORE.items():
        put(tmp_path, game, content)
        data = keep.read(game)
        keep.write(game, data)
        assert json.loads(keep.path(game).read_bytes())["data"] == json.loads(content)["data"]  # nothing lost
        assert keep.read(game) == data
    fg = keep.read("final-girl")
    assert fg.memory["fg-True@2026-12-01T08:04:19+00:00"] == {"tormentor_defeated_at": "marrek-warehouse"}
    assert fg.achievements["marrek_win"] == Earned(first="2026-12-01T08:04:19+00:00", slot="fg-True")
    assert fg.carry is None and fg.carried_from == []
    sh = keep.read("slaughterhouse")
    assert sh.carry == Carry(
        from_="sh@2026-12-01T08:04:19+00:00",
        options=json.loads(WRITTEN_BEFORE["slaughterhouse"])["data"]["carry"]["options"],
    )
    assert carry.carried(keep, get("slaughterhouse")) == sh.carry.options | {"unlocked": "chainsaw"}
    # a run that earned nothing left an empty book: it reads, and the next write leaves the empty field out
    doc = json.loads(WRITTEN_BEFORE["slaughterhouse"])
    doc["data"]["achievements"] = {}
    put(tmp_path, "slaughterhouse", json.dumps(doc).encode())
    keep.write("slaughterhouse", keep.read("slaughterhouse"))
    assert "achievements" not in json.loads(keep.path("slaughterhouse").read_bytes())["data"]


def test_what_is_written_keeps_the_old_field_names(tmp_path):
    """An older copy of solo reading this file finds "from", not the Python name from_."""
    keep = Keepsakes(tmp_path)
    keep.write("slaughterhouse", Kept(carry=Carry(from_="s@t", options={"freezer": "item/hammer"})))
    doc = json.loads(keep.path("slaughterhouse").read_bytes())
    assert doc == {
        "format": "solo-keep",
        "schema": 1,
        "game": "slaughterhouse",
        "data": {"carry": {"from": "s@t", "options": {"freezer": "item/hammer"}}},
    }


def envelope(data: object, game: str = "final-girl") -> bytes:
    return json.dumps({"format": "solo-keep", "schema": 1, "game": game, "data": data}).encode()


DEEP = (
    b'{"format": "solo-keep", "schema": 1, "game": "final-girl", "data": {"achievements": '
    + (b"[" * 100_000 + b"]" * 100_000)
    + b"}}"
)

WRONG_SHAPES = [
    pytest.param(envelope({"achievements": 5}), "`$.data.achievements`", id="int-for-dict"),
    pytest.param(
        envelope({"achievements": {"a": ["2026-01-01"]}}), "`$.data.achievements[...]`", id="list-for-dict"
    ),
    pytest.param(envelope({"achievements": {"a": {"first": 5, "slot": "s"}}}), "first", id="int-for-str"),
    pytest.param(
        envelope({"achievements": {"a": {"first": "\x1b[2J", "slot": "s"}}}), "first", id="not-a-date"
    ),
    pytest.param(envelope({"runs": ["won"]}), "`$.data.runs`", id="list-for-dict-of-runs"),
    pytest.param(envelope({"memory": {"r": "x"}}), "`$.data.memory[...]`", id="str-for-dict"),
    pytest.param(envelope({"carried_from": "s@t"}), "`$.data.carried_from`", id="str-for-list"),
    pytest.param(
        envelope({"carry": {"from": "s", "options": {"freezer": 3}}}),
        "`$.data.carry.options[...]`",
        id="int-option",
    ),
    pytest.param(envelope({"carry": {"options": {}}}), "from", id="carry-without-from"),
    pytest.param(envelope({"achivements": {}}), "achivements", id="unknown-field"),
    pytest.param(
        envelope({"runs": {}}).replace(b'"data"', b'"extra": 1, "data"'), "extra", id="unknown-envelope"
    ),
    pytest.param(envelope([]), "`$.data`", id="list-for-data"),
    pytest.param(DEEP, "nested too deeply", id="deep-inside-data"),
    pytest.param(b"[" * 100_000, "nested too deeply", id="deep-document"),
    pytest.param(envelope({"runs": {}}).replace(b'"schema": 1', b'"schema": "1"'), "schema", id="str-schema"),
    pytest.param(envelope({"runs": {}}).replace(b'"schema": 1', b'"schema": 0'), "schema", id="zero-schema"),
]


@pytest.mark.parametrize(("content", "problem"), WRONG_SHAPES)
def test_a_wrong_shape_inside_the_envelope_is_refused_in_one_line_and_never_overwritten(
    tmp_path, content, problem
):
    keep = Keepsakes(tmp_path)
    path = put(tmp_path, "final-girl", content)
    with pytest.raises(SaveError) as refused:
        keep.read("final-girl")
    message = str(refused.value)
    assert message.startswith(f"Cannot use {path}: ") and problem in message
    assert len(message.splitlines()) == 1 and "\x1b" not in message
    with pytest.raises(SaveError, match="will not overwrite it"):
        keep.write("final-girl", Kept(runs={"s@t": "won"}))
    assert path.read_bytes() == content
    assert not (path.parent / "final-girl.json.bak").exists()


def test_a_huge_unknown_field_name_is_told_in_one_short_line(tmp_path):
    path = put(tmp_path, "final-girl", envelope({"x" * 100_000: {}}))
    with pytest.raises(SaveError) as refused:
        Keepsakes(tmp_path).read("final-girl")
    assert "unknown field" in str(refused.value) and len(str(refused.value)) < len(str(path)) + 300


def test_a_byte_order_mark_left_by_an_editor_is_harmless(tmp_path):
    put(tmp_path, "final-girl", b"\xef\xbb\xbf" + WRITTEN_BEFORE["final-girl"])
    assert "marrek_win" in Keepsakes(tmp_path).read("final-girl").achievements


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_dangling_link_is_reported_not_taken_for_nothing_kept(tmp_path):
    keep = Keepsakes(tmp_path)
    path = keep.path("final-girl")
    path.parent.mkdir()
    try:
        path.symlink_to(tmp_path / "gone.json")
    except OSError:
        pytest.skip("cannot make a symbolic link here")
    with pytest.raises(SaveError, match="no such file"):
        keep.read("final-girl")
    with pytest.raises(SaveError, match="will not overwrite it"):
        keep.write("final-girl", Kept())
    assert path.is_symlink() and not (tmp_path / "gone.json").exists()


def test_data_that_would_not_read_back_is_never_written(tmp_path):
    """A game whose remember() breaks its contract (numbers, objects) leaves the file as it was."""
    keep = Keepsakes(tmp_path)
    keep.write("final-girl", Kept(runs={"a@t": "won"}))
    before = keep.path("final-girl").read_bytes()
    for bad in ({"turns": 12}, {"turns": object()}):
        with pytest.raises(SaveError):
            keep.write("final-girl", Kept(memory={"b@t": bad}))  # type: ignore[dict-item]
        assert keep.path("final-girl").read_bytes() == before


def test_a_read_back_that_differs_from_what_was_written_aborts_the_write(tmp_path, monkeypatch):
    keep = Keepsakes(tmp_path)
    keep.write("final-girl", Kept(runs={"a@t": "won"}))
    before = keep.path("final-girl").read_bytes()
    monkeypatch.setattr(Path, "read_bytes", lambda self: b" " + os.read(os.open(self, os.O_RDONLY), 1 << 20))
    with pytest.raises(SaveError, match="differs from what was written"):
        keep.write("final-girl", Kept(runs={"b@t": "won"}))
    monkeypatch.undo()
    assert keep.path("final-girl").read_bytes() == before


# -- junk of every shape inside a good envelope: SaveError or good data, and the readers of it never fail ----

_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=25,
)
_date = st.sampled_from(["2026-12-01", "2026-12-01T08:04:19+00:00", "2026-1-1", ""])
_earned = st.fixed_dictionaries({}, optional={"first": _date | _json, "slot": st.text(max_size=6) | _json})
_names = st.sampled_from(["marrek_win", "chainsaw", "s@t", "freezer", "unlocked", ""]) | st.text(max_size=6)
_part = {
    "achievements": st.dictionaries(_names, _earned | _json, max_size=3) | _json,
    "runs": st.dictionaries(_names, st.sampled_from(["won", "lost"]) | _json, max_size=3) | _json,
    "memory": st.dictionaries(
        _names, st.dictionaries(_names, st.text(max_size=6) | _json, max_size=2) | _json
    )
    | _json,
    "carried_from": st.lists(_names | _json, max_size=3) | _json,
    "carry": st.fixed_dictionaries(
        {}, optional={"from": _names | _json, "options": st.dictionaries(_names, _names | _json) | _json}
    )
    | _json,
}
_cards = st.lists(st.sampled_from(["item/hammer", "item/crowbar", "item/no-such", ""]), max_size=3).map(
    ",".join
)
_well_typed = st.fixed_dictionaries(  # every part of the right type: what reaches the readers
    {},
    optional={
        "achievements": st.dictionaries(_names, st.builds(dict, first=_date, slot=_names), max_size=3),
        "runs": st.dictionaries(_names, st.sampled_from(["won", "lost", "draw", ""]), max_size=3),
        "memory": st.dictionaries(_names, st.dictionaries(_names, _names, max_size=2), max_size=2),
        "carried_from": st.lists(_names, max_size=3),
        "carry": st.builds(dict, options=st.dictionaries(_names, _cards | _names, max_size=2)).map(
            lambda carry: {"from": "s@t", **carry}
        ),
    },
)
_data = _well_typed | st.fixed_dictionaries({}, optional=_part) | _json


@settings(max_examples=breadth(200, 400), deadline=None)  # 400 under SOLO_TEST_BREADTH=full
@given(data=_data, game=st.sampled_from(["final-girl", "slaughterhouse"]))
def test_junk_inside_a_good_envelope_is_refused_or_read_and_never_breaks_a_reader(data, game):
    with tempfile.TemporaryDirectory() as folder:
        keep = Keepsakes(Path(folder))
        content = envelope(data, game)
        path = put(Path(folder), game, content)
        try:
            kept = keep.read(game)
        except SaveError as error:
            assert len(str(error).splitlines()) == 1 and str(path) in str(error)
            with pytest.raises(SaveError):
                keep.write(game, Kept())
            assert path.read_bytes() == content
            return
        the_game = get(game)
        rows, note = achievements.table(keep, SimpleNamespace(game=the_game))  # type: ignore[arg-type]
        assert len(rows) == len(the_game.achievements) and "earned" in note
        try:
            options = carry.carried(keep, the_game)
        except SaveError as error:  # a carry the game's setup refuses, named in one line
            assert len(str(error).splitlines()) == 1 and str(path) in str(error)
        else:
            assert all(isinstance(k, str) and isinstance(v, str) for k, v in options.items())
        keep.write(game, kept)
        assert keep.read(game) == kept


def test_a_keep_file_being_written_by_another_solo_is_waited_for(tmp_path):
    """Two runs ending at the same moment: the second waits for the first, so both are counted."""
    import threading
    import time

    order: list[str] = []

    def second() -> None:
        with Keepsakes(tmp_path).locked("final-girl"):
            order.append("second")

    with Keepsakes(tmp_path).locked("final-girl"):
        worker = threading.Thread(target=second)
        worker.start()
        time.sleep(0.2)
        order.append("first done")
    worker.join(5)
    assert order == ["first done", "second"]


def test_a_keep_file_held_too_long_is_one_line(tmp_path):
    held = Keepsakes(tmp_path).locked("final-girl")
    held.__enter__()
    try:
        with pytest.raises(SaveError, match="another solo is writing it"), Keepsakes(tmp_path).locked(
            "final-girl", wait=0.1
        ):
            pass
    finally:
        held.__exit__(None, None, None)
