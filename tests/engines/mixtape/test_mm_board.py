"""The Tall Oaks board machinery (engines/mixtape/board.py), on the Director's Cut board."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.mixtape import board as board_module
from engines.mixtape.board import BONUS, ENTRANCE, SEWER, START
from engines.mixtape.directors_cut import rules_data as R

B = R.BOARD


def test_the_board_has_12_locations_with_school_and_square_as_two_entrance_shortcuts():
    assert len(B.locations) == 12
    multi = {lid for lid, loc in B.locations.items() if len(loc.entrances) > 1}
    assert multi == {"school", "square"}
    assert len(B.starts) == 6 and sum(k == BONUS for k in B.kind.values()) == 8


def test_running_scared_neighbours_are_mutual_and_at_most_four():
    for lid, loc in B.locations.items():
        assert 1 <= len(loc.neighbours) <= 4
        for n in loc.neighbours:
            assert lid in B.locations[n].neighbours


def test_sewers_come_in_colour_pairs():
    colours = {}
    for s in B.sewers:
        colours.setdefault(B.colour[s], []).append(s)
    assert {c: len(v) for c, v in colours.items()} == {"orange": 2, "blue": 2}
    assert B.sewer_exits("3-0") == ["17-12"]


def test_a_move_uses_the_whole_roll_on_the_road():
    for roll in range(2, 13):
        for node, d in B.stops("10-6", roll).items():
            if not B.is_location(node):
                assert d == roll, (roll, node, d)


def test_a_move_goes_one_way_never_back_over_a_space():
    # On a straight stretch of road a roll of 2 reaches only the spaces two away either side.
    assert B.stops("5-0", 2) == {"3-0": 2, "7-0": 2, "17-12": 2}  # 3-0 is an orange sewer


def test_a_location_may_be_entered_with_steps_to_spare_and_the_entrance_counts_as_a_move():
    stops = B.stops("3-0", 6)
    assert stops["farm"] == 2  # road -> entrance (1) -> location (2)
    assert "3-1" not in stops  # an unlocked entrance is only stopped on with an exact roll


def test_locations_are_entered_only_through_their_entrance():
    for lid, loc in B.locations.items():
        assert set(B.adjacent[lid]) == set(loc.entrances)
        for e in loc.entrances:
            assert B.kind[e] == ENTRANCE


def test_a_locked_entrance_stops_the_move_and_bars_the_location():
    stops = B.stops("3-0", 6, locked={"3-1"})
    assert stops["3-1"] == 1 and "farm" not in stops
    assert "farm" not in B.stops("3-1", 3, locked={"3-1"})


def test_the_skeleton_key_walks_through_a_locked_entrance():
    assert B.stops("3-0", 6, locked={"3-1"}, key=True)["farm"] == 2


def test_a_sewer_counts_as_one_step_and_the_walk_goes_on_from_the_other_sewer():
    # From 5-0, two steps left reach the orange sewer at 3-0; the jump to 17-12 is free, then one more step.
    stops = B.stops("5-0", 3)
    assert {"16-12", "18-12"} <= set(stops)
    assert all(stops[n] == 3 for n in ("16-12", "18-12"))


def test_an_empty_two_entrance_location_is_a_shortcut_a_one_entrance_location_is_not():
    assert "7-6" in B.stops("7-0", 4, through={"school"})
    assert "7-6" not in B.stops("7-0", 4)


def test_brawl_range_is_the_same_or_a_next_space_never_diagonal_never_location_and_entrance():
    assert B.touching("5-0", "5-0") and B.touching("5-0", "6-0")
    assert not B.touching("5-0", "6-1") and not B.touching("5-0", "7-0")
    assert not B.touching("farm", "3-1") and B.touching("farm", "farm")


def test_shortest_paths_and_nearest_starting_point():
    d = B.distances("10-0")
    assert d["farm"] == 9 and d["school"] == 5
    assert B.nearest("9-0", B.starts) == "10-0"
    assert B.kind[B.nearest("farm", B.starts)] == START


def test_the_board_file_is_generic(tmp_path: Path):
    (tmp_path / "b.toml").write_text(
        '[grid]\nrows = ["K.o", "a.o"]\n[legend]\n"." = { kind = "road" }\n"K" = { kind = "start" }\n'
        '"o" = { kind = "sewer", colour = "green" }\n[locations.x]\nname = "X"\nletter = "a"\nsource = "designed"\n'
    )
    b = board_module.load(tmp_path / "b.toml")
    assert b.kind["2-0"] == SEWER and b.locations["x"].entrances == ("0-1",)
    (tmp_path / "bad.toml").write_text('[grid]\nrows = ["?"]\n[legend]\n[locations]\n')
    with pytest.raises(ValueError):
        board_module.load(tmp_path / "bad.toml")


def test_a_road_space_is_named_by_its_nearest_location():
    assert B.landmark("3-0") == ("farm", 2)
    assert B.landmark("7-6") == ("school", 2)


def test_shared_action_dice_rolls_match_counting_every_roll():
    from fractions import Fraction
    from itertools import product

    from engines.mixtape import dice

    faces = ("knife", "knife", "fist", "fist", "pentagram", "blank")
    counted: dict[tuple[str, ...], Fraction] = {}
    for roll in product(faces, repeat=3):
        key = tuple(sorted(roll))
        counted[key] = counted.get(key, Fraction(0)) + Fraction(1, 216)
    assert dict(dice.rolls(faces, 3)) == counted
    assert dice.triple(("fist", "fist", "fist")) == "fist" and dice.triple(("fist", "fist", "knife")) == ""


def test_remembered_stops_equal_a_fresh_walk_whatever_the_locks_and_shortcuts():
    """`Board.stops` remembers answers keyed by the locks and shortcuts within reach only; a fresh walk on a
    fresh board (no memory) must give the same stops for every start, roll, lock set and shortcut set."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    fresh = board_module.load(Path(R.__file__).with_name("board.toml"))
    nodes = sorted(B.adjacent)
    entrances = sorted(n for n, k in B.kind.items() if k == ENTRANCE)
    multi = sorted(R.MULTI_ENTRANCE)

    @settings(max_examples=300, deadline=None)
    @given(
        start=st.sampled_from(nodes),
        roll=st.integers(2, 12),
        locked=st.sets(st.sampled_from(entrances), max_size=6),
        through=st.sets(st.sampled_from(multi)),
        key=st.booleans(),
    )
    def check(start, roll, locked, through, key):
        remembered = B.stops(start, roll, locked, through, key=key)
        fresh._stops.clear()
        assert remembered == fresh.stops(start, roll, locked, through, key=key)

    check()


def test_the_hospital_has_a_double_entrance_one_lock_covers_both_spaces():
    """RB Beginning the Game: "For entrances with double entrance spaces, place the Lock Token in the middle of
    the spaces (i.e. Tall Oaks Hospital)" (issue 49: the board gave every location one single entrance)."""
    from engines.mixtape.directors_cut import locks
    from engines.mixtape.directors_cut.game import GAME

    hospital = B.locations["hospital"]
    (door,) = hospital.entrances  # one entrance: not a shortcut, one lock
    assert B.doubles[door] == ((16, 7), (16, 8)) and B.at_cell[(16, 8)] == door
    assert B.place(door) == "the entrance of Tall Oaks Hospital" and "hospital" not in R.MULTI_ENTRANCE
    assert set(B.adjacent[door]) == {"16-6", "hospital"}  # the second space joins no road: every way in is the one
    state, _ = GAME.setup(3, {})
    bank = state.lock_bank - (door in state.locks)
    state.locks.pop(door, None)
    state.lock_bank = bank
    locks.lock_location(state, "hospital", "yellow", [])
    assert state.locks[door] == "yellow" and state.lock_bank == bank - 1  # one token for both spaces
    from solo.games.mixtape_map import grid_rows

    rows = grid_rows(GAME.view(state, "slasher1"))
    assert rows[7][16] == rows[8][16] == "x"  # drawn over both spaces, the token in the middle
    assert GAME.invariants(state) == []


def test_a_double_entrance_spans_its_cells_in_any_board_file(tmp_path: Path):
    (tmp_path / "b.toml").write_text(
        '[grid]\nrows = ["...", " a ", " a "]\n[legend]\n"." = { kind = "road" }\n'
        '[locations.x]\nname = "X"\nletter = "a"\nsource = "designed"\n'
    )
    b = board_module.load(tmp_path / "b.toml")
    assert b.locations["x"].entrances == ("1-1",) and b.doubles == {"1-1": ((1, 1), (1, 2))}
    assert b.stops("0-0", 3) == {"x": 3} and b.stops("0-0", 2) == {"2-0": 2, "1-1": 2}  # one space to walk through
