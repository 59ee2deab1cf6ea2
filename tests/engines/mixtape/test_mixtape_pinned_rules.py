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


def test_no_stop_lies_past_the_roll_even_through_a_location_entered_on_the_last_step():
    """RULES.md (Movement; both games): every stop of a roll is at most the roll's steps away, also where the
    roll's last step enters an empty location that could be crossed (a shortcut is crossed only with steps
    left: entered on the last step, the piece stops there)."""
    from engines.mixtape.directors_cut import rules_data as DC
    from engines.mixtape.tall_oaks import rules_data as TO

    checked = 0
    for board in (DC.BOARD, TO.BOARD):
        through = [lid for lid, loc in board.locations.items() if len(loc.entrances) > 1]
        for start in sorted(n for n in board.kind if n not in board.locations)[::7]:
            for roll in range(2, 8):
                stops = board.stops(start, roll, through=through)
                assert max(stops.values(), default=0) <= roll, (start, roll)
                checked += 1
    assert checked > 100
