"""Rules of the shared Mixtape modules (board, dealing, supplies, turn) pinned for the mutation run
(bench/mutation.py runs these under both games): each test names its RULES.md row."""

from __future__ import annotations

from pathlib import Path

from engines.mixtape import board as board_module

_SMALL = """[grid]
rows = ["K.K", "KaK", ".K."]
[legend]
"." = { kind = "road" }
"K" = { kind = "start" }
[locations.x]
name = "X"
letter = "a"
source = "designed"
"""


def test_spaces_are_named_by_compass_from_the_entrance_with_coordinates_only_where_two_read_the_same(
    tmp_path: Path,
):
    """RULES.md (Setup and turn order, place names; both games): a starting point is named by the compass
    direction from the nearest location's entrance (the larger of the column and row steps, east and south
    growing); two that would read the same get their column and row, the others none."""
    (tmp_path / "b.toml").write_text(_SMALL)
    b = board_module.load(tmp_path / "b.toml")
    assert {n: b.place(n) for n in b.starts} == {
        "0-0": "the starting point north of X (0,0)",
        "2-0": "the starting point north of X (2,0)",
        "0-1": "the starting point west of X",
        "2-1": "the starting point east of X",
        "1-2": "the starting point south of X",
    }
