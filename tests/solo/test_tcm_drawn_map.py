"""Slaughterhouse's drawn map: both House boards as grids of cells with every space once, its movers and its
Sawyers in its own cell, inside 100 columns; the plain (screen-reader) map stays word for word as it was."""

from __future__ import annotations

import pytest

from engines.registry import get
from engines.slaughterhouse import data as D
from solo.games.slaughterhouse import CELL, FAMILY, GAP, MOVER, UI, board_cells, draw_board

GAME = get("slaughterhouse")


def _seeded():
    """Seed 0 with four Trespassers, then a table set by hand: two movers and the Old Man in the Kitchen (one
    hidden), a dead one in the Barn loft, Grandpa upstairs, Fire, Searched tokens, Horror tiles, a vehicle up."""
    state, _ = GAME.setup(0, {"trespassers": "4"})
    green, yellow, grey, blue = state.trespassers
    green.space = yellow.space = "KIT1"
    yellow.hidden = True
    grey.space, grey.dead = "BARN2", True
    blue.space = "UH"
    old_man, hitchhiker, leatherface = state.sawyers
    old_man.space, hitchhiker.space, leatherface.space = "KIT1", "DRIVE", "ATTIC"
    state.grandpa = "UH2"
    state.fire = ["SHED", "LIV2"]
    state.searched = ["PAN", "BATH"]
    state.horror = {"Barn": "stench"}
    state.horror_up = {"Kitchen": "stench"}
    state.vehicles_up = ["YB1"]
    return state


def _views():
    yield GAME.view(GAME.setup(0, {})[0], "trespassers")
    state = _seeded()
    for seat in ("trespassers", "sawyer"):
        yield GAME.view(state, seat)


def _cell(lines: list[str], col: int, row: int) -> list[str]:
    """The three text lines inside the boxed cell at (col, row) of a drawn board."""
    x = col * (CELL + 2 + GAP)
    return [f"{lines[row * 6 + i]:<{x + CELL + 2}}"[x + 1 : x + 1 + CELL] for i in (1, 2, 3)]


def _boards(view):
    return {board: draw_board(view, board) for board in ("down", "up")}


def test_every_space_has_its_own_cell_and_appears_on_the_grid_once():
    for board in ("down", "up"):
        ids = [s for s, sp in D.SPACES.items() if sp["board"] == board]
        assert len({D.AT[s] for s in ids}) == len(ids), f"two spaces share a cell on {board}"
        assert sorted(board_cells(board).values()) == sorted(ids)
    view = next(_views())
    for board, lines in _boards(view).items():
        text = "\n".join(lines)
        for sid in board_cells(board).values():
            label = D.LABELS[sid]
            assert 0 < len(label) <= CELL
            assert text.count("|" + label) == 1, sid
        for (col, row), sid in board_cells(board).items():
            assert _cell(lines, col, row)[0].startswith(D.LABELS[sid])
    assert len(set(D.LABELS.values())) == len(D.LABELS)


@pytest.mark.parametrize("n", range(3))
def test_every_mover_and_sawyer_is_drawn_in_its_own_space(n):
    view = list(_views())[n]
    boards = _boards(view)
    for t in view.trespassers:
        if t.escaped:
            continue
        col, row = D.AT[t.space]
        movers = _cell(boards[D.SPACES[t.space]["board"]], col, row)[1]
        code = MOVER[t.id]
        assert (code.lower() if t.hidden else code) in movers, (t.id, movers)
    for s in view.sawyers:
        if s.space:
            col, row = D.AT[s.space]
            assert FAMILY[s.id] in _cell(boards[D.SPACES[s.space]["board"]], col, row)[2]
    if view.grandpa:
        col, row = D.AT[view.grandpa]
        assert "G" in _cell(boards[D.SPACES[view.grandpa]["board"]], col, row)[2]


def test_the_seeded_table_shows_fire_tiles_vehicles_and_searched_spaces():
    view = GAME.view(_seeded(), "trespassers")
    boards = _boards(view)

    def things(sid):
        col, row = D.AT[sid]
        return _cell(boards[D.SPACES[sid]["board"]], col, row)[2].split()

    assert things("KIT1") == ["O", "X"]  # the Old Man, the Stench face up
    assert things("BARN2") == ["h"] and things("SHED") == ["F"] and things("LIV2") == ["F"]
    assert things("DRIVE") == ["H", "V"] and things("PAN") == ["*"] and things("ATTIC") == ["L"]
    col, row = D.AT["KIT1"]
    assert _cell(boards["down"], col, row)[1].split() == ["Gn", "yl"]
    col, row = D.AT["BARN2"]
    assert _cell(boards["down"], col, row)[1].strip() == "Gy+"


def test_crossings_between_neighbouring_cells_are_drawn_by_kind():
    lines = draw_board(next(_views()), "down")
    col, row = D.AT["FOY"]
    x = col * (CELL + 2 + GAP)
    assert lines[row * 6 + 1][x - GAP : x] == "-D-"  # Living Room (front) | door | Foyer
    assert lines[row * 6 + 5][x + (CELL + 2) // 2] == "D"  # Foyer over the porch door
    col, row = D.AT["LIV1"]
    x = col * (CELL + 2 + GAP)
    assert lines[row * 6 + 1][x - GAP : x] == "-w-"  # west yard | window | Living Room
    col, row = D.AT["RH1"]
    assert lines[row * 6 - 1][col * (CELL + 2 + GAP) + (CELL + 2) // 2] == ":"  # the Red Hallway is open


def test_the_boxed_map_fits_100_columns_and_keeps_the_room_listing():
    for view in _views():
        for title, body in UI.full_cards(view, plain=False)[:2]:
            grid = body.split("\n\n")[0]
            assert max(len(line) for line in grid.splitlines()) + 4 <= 100, title  # +4: the panel's frame
            assert "-- " in body and "S search, H hide, V vehicle; under each space" in body


PLAIN_TRESPASSERS_DOWNSTAIRS = (
    "31 spaces, each with what is there (S search, H hide, V vehicle).\n"
    "Foyer\n"
    "Living Room (front)\n"
    "Living Room (back) (SH): FIRE\n"
    "Red Hallway (near) (S)\n"
    "Red Hallway (far)\n"
    "Killing Room (S)\n"
    "Dining Room (door)\n"
    "Dining Room (table) (S)\n"
    "Kitchen (stove): GREEN, YELLOW (hidden), OLD MAN horror: Stench\n"
    "Kitchen (sink) (S) horror: Stench\n"
    "Pantry (S): searched\n"
    "front-west corner\n"
    "front porch (door)\n"
    "front porch (steps)\n"
    "front-east corner\n"
    "west yard (front)\n"
    "west yard (back)\n"
    "back-west corner\n"
    "east yard (front) (V): vehicle face down\n"
    "east yard (back)\n"
    "back-east corner\n"
    "back yard (west) (V): Green Van\n"
    "back yard (east)\n"
    "Barn (doors) (S) horror: face down\n"
    "Barn (loft) (SH): GREY (dead) horror: face down\n"
    "Sunflower Garden (rows) (H)\n"
    "Sunflower Garden (scarecrow) (S)\n"
    "Junkyard (gate) (SV): vehicle face down\n"
    "Junkyard (wrecks) (V): vehicle face down\n"
    "driveway (V): HITCHHIKER, vehicle face down\n"
    "tool shed (S): FIRE"
)

PLAIN_TRESPASSERS_UPSTAIRS = (
    "7 spaces, each with what is there (S search, H hide, V vehicle).\n"
    "upstairs landing: BLUE\n"
    "upstairs hall: GRANDPA\n"
    "Grandpa's Room (SH)\n"
    "Girl's Bedroom (SH)\n"
    "Back Bedroom (S)\n"
    "Bathroom (S): searched\n"
    "Attic (SH): LEATHERFACE"
)

PLAIN_TRESPASSERS_PANIC = "Space 0 of 7: start."

PLAIN_SAWYER_DOWNSTAIRS = (
    "31 spaces, each with what is there (S search, H hide, V vehicle).\n"
    "Foyer\n"
    "Living Room (front)\n"
    "Living Room (back) (SH): FIRE\n"
    "Red Hallway (near) (S)\n"
    "Red Hallway (far)\n"
    "Killing Room (S)\n"
    "Dining Room (door)\n"
    "Dining Room (table) (S)\n"
    "Kitchen (stove): GREEN, YELLOW (hidden), OLD MAN horror: Stench\n"
    "Kitchen (sink) (S) horror: Stench\n"
    "Pantry (S): searched\n"
    "front-west corner\n"
    "front porch (door)\n"
    "front porch (steps)\n"
    "front-east corner\n"
    "west yard (front)\n"
    "west yard (back)\n"
    "back-west corner\n"
    "east yard (front) (V): vehicle face down\n"
    "east yard (back)\n"
    "back-east corner\n"
    "back yard (west) (V): Green Van\n"
    "back yard (east)\n"
    "Barn (doors) (S) horror: Stench (face down)\n"
    "Barn (loft) (SH): GREY (dead) horror: Stench (face down)\n"
    "Sunflower Garden (rows) (H)\n"
    "Sunflower Garden (scarecrow) (S)\n"
    "Junkyard (gate) (SV): vehicle face down\n"
    "Junkyard (wrecks) (V): vehicle face down\n"
    "driveway (V): HITCHHIKER, vehicle face down\n"
    "tool shed (S): FIRE"
)

PLAIN_SAWYER_UPSTAIRS = (
    "7 spaces, each with what is there (S search, H hide, V vehicle).\n"
    "upstairs landing: BLUE\n"
    "upstairs hall: GRANDPA\n"
    "Grandpa's Room (SH)\n"
    "Girl's Bedroom (SH)\n"
    "Back Bedroom (S)\n"
    "Bathroom (S): searched\n"
    "Attic (SH): LEATHERFACE"
)

PLAIN_SAWYER_PANIC = "Space 0 of 7: start."


PLAIN = {
    "trespassers": [
        ("Downstairs and outdoors", PLAIN_TRESPASSERS_DOWNSTAIRS),
        ("Upstairs", PLAIN_TRESPASSERS_UPSTAIRS),
        ("Panic Meter", PLAIN_TRESPASSERS_PANIC),
    ],
    "sawyer": [
        ("Downstairs and outdoors", PLAIN_SAWYER_DOWNSTAIRS),
        ("Upstairs", PLAIN_SAWYER_UPSTAIRS),
        ("Panic Meter", PLAIN_SAWYER_PANIC),
    ],
}


@pytest.mark.parametrize("seat", ["trespassers", "sawyer"])
def test_plain_mode_is_word_for_word_what_it_was(seat):
    assert UI.full_cards(GAME.view(_seeded(), seat), plain=True) == PLAIN[seat]
