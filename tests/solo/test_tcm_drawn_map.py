"""Slaughterhouse's drawn map: both House boards as grids of cells with every space once, its movers and its
Sawyers in its own cell, inside 100 columns; the plain (screen-reader) map lists every space once with what each seat may see, and never more."""

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


def _plain_lines(seat: str):
    """The seeded table's plain map for a seat: the cards by title, and each space's line by space id."""
    state = _seeded()
    cards = dict(UI.full_cards(GAME.view(state, seat), plain=True))
    lines: dict[str, str] = {}
    for title, board in (("Downstairs and outdoors", "down"), ("Upstairs", "up")):
        head, *rows = cards[title].split("\n")
        spaces = [sid for sid, sp in D.SPACES.items() if sp["board"] == board]
        assert head == f"{len(spaces)} spaces, each with what is there (S search, H hide, V vehicle)."
        assert len(rows) == len(spaces), title
        for sid in spaces:
            name = D.name(sid)
            mine = [r for r in rows if r == name or r.startswith((f"{name} (", f"{name}:", f"{name} horror"))]
            assert len(mine) == 1, (sid, mine)
            lines[sid] = mine[0]
    return state, cards, lines


@pytest.mark.parametrize("seat", ["trespassers", "sawyer"])
def test_plain_mode_lists_every_space_once_with_everything_public_on_it(seat):
    state, cards, lines = _plain_lines(seat)
    assert list(cards) == ["Downstairs and outdoors", "Upstairs", "Panic Meter"]
    assert cards["Panic Meter"] == "Space 0 of 7: start."
    assert lines["KIT1"].endswith(": GREEN, YELLOW (hidden), OLD MAN horror: Stench")  # the hidden one shows
    assert lines["BARN2"].startswith("Barn (loft) (SH): GREY (dead)")
    assert lines["UH"].endswith(": BLUE") and lines["UH2"].endswith(": GRANDPA")
    assert lines["ATTIC"].endswith(": LEATHERFACE") and "HITCHHIKER" in lines["DRIVE"]
    assert sorted(s for s, line in lines.items() if "FIRE" in line) == sorted(state.fire)
    assert sorted(s for s, line in lines.items() if "searched" in line) == sorted(state.searched)
    face_up = sorted(s for s, line in lines.items() if line.endswith("horror: Stench"))
    assert face_up == ["KIT1", "KIT2"]
    up = state.vehicles_up[0]
    assert lines[up].endswith(D.name(state.vehicles[up]))  # the vehicle face up, by name
    down = [s for s in D.VEHICLE_SPACES if s not in state.vehicles_up]
    assert all(lines[s].endswith("vehicle face down") for s in down)


@pytest.mark.parametrize("seat", ["trespassers", "sawyer"])
def test_plain_mode_never_names_a_vehicle_still_face_down(seat):
    state, cards, _ = _plain_lines(seat)
    text = "\n".join(cards.values())
    for s in D.VEHICLE_SPACES:
        if s not in state.vehicles_up:
            assert D.name(state.vehicles[s]) not in text  # nobody has seen it


def test_plain_mode_shows_a_face_down_horror_tile_to_the_family_only():
    _, _, theirs = _plain_lines("trespassers")
    _, _, family = _plain_lines("sawyer")
    for sid in ("BARN1", "BARN2"):
        assert theirs[sid].endswith("horror: face down") and "Stench" not in theirs[sid]
        assert family[sid].endswith("horror: Stench (face down)")
    assert {s: line for s, line in theirs.items() if s not in ("BARN1", "BARN2")} == {
        s: line for s, line in family.items() if s not in ("BARN1", "BARN2")
    }  # the tile is the one thing the seats see differently on the map
