"""Slaughterhouse's screens fit 80x24: `map` shows the Trespassers' floor, `map upstairs` / `map ground` either
floor, each with a legend naming every mark; a Horror tile face down never shows its identity to them."""

from __future__ import annotations

import pytest

from engines.registry import get
from engines.slaughterhouse import data as D
from solo.games import InputError
from solo.games.slaughterhouse import UI
from solo.repl import HANDLERS
from tests.solo.test_tcm_drawn_map import _seeded

GAME = get("slaughterhouse")
INSIDE = 76  # 80 columns less a panel's borders and padding
TALL = 21  # 24 rows less the panel's two borders and the prompt


def _fits(panels, plain=False):
    assert len(panels) == 1
    lines = panels[0][1].splitlines()
    if plain:  # words wrap at 80 columns; no borders
        assert sum(-(-len(line) // 80) for line in lines) <= TALL + 2
        return
    assert len(lines) <= TALL, len(lines)
    assert max(len(line) for line in lines) <= INSIDE


@pytest.mark.parametrize("seat", ["trespassers", "sawyer"])
@pytest.mark.parametrize("plain", [False, True])
def test_map_and_each_floor_fit_80x24(seat, plain):
    view = GAME.view(_seeded(), seat)
    _fits(UI.cards(view, plain), plain)
    for area in ("upstairs", "up", "ground", "downstairs", "Ground Floor", "outdoors"):
        _fits(UI.map_area(view, plain, area), plain)


def test_floors_by_name_and_an_unknown_one_refused():
    view = GAME.view(_seeded(), "trespassers")
    assert UI.map_area(view, False, "upstairs")[0][0] == "Upstairs"
    assert UI.map_area(view, False, "ground")[0][0] == "Ground floor and outdoors"
    assert "'map upstairs'" in UI.map_area(view, False, "ground")[0][1]
    with pytest.raises(InputError, match="map upstairs"):
        UI.map_area(view, False, "cellar")


def test_map_alone_shows_the_floor_the_trespassers_are_on():
    state, _ = GAME.setup(0, {})
    for t in state.trespassers:
        t.space = "ATTIC"
    assert UI.cards(GAME.view(state, "trespassers"), False)[0][0] == "Upstairs"


def test_legend_names_each_mover_and_sawyer_and_every_mover_is_drawn():
    view = GAME.view(_seeded(), "trespassers")
    body = UI.map_area(view, False, "ground")[0][1]
    for word in ("Gn Green", "Yl Yellow", "Gy Grey", "Bl Blue", "O Old Man", "L Leatherface", "H Hitchhiker"):
        assert word in body
    assert "Horror tile face down" in body and "D door" in body and "V vehicle" in body
    grid = body.split("Gn Green")[0]
    assert "Gn" in grid and "yl" in grid and "Gy+" in grid  # yellow hidden, grey dead


def test_a_face_down_horror_tile_is_never_named_to_the_trespassers():
    name = D.name("stench")
    for plain in (False, True):
        down = UI.map_area(GAME.view(_seeded(), "trespassers"), plain, "ground")[0][1]
        assert "Barn (Horror tile face down)" in down or not plain
        assert down.count(name) == (1 if plain else 0)  # the Kitchen's tile is face up: named in words only


def _repl(tmp_path, run, width=80):
    import io

    from saves import SaveStore
    from solo.reader import PlainReader
    from solo.repl import Repl
    from solo.screen import Screen, make_console

    buffer = io.StringIO()
    screen = Screen(make_console(False, file=buffer, width=width), False)
    return Repl(run, SaveStore(tmp_path), "t", screen, PlainReader(io.StringIO(""), screen.echo)), buffer


def _busy_turn():
    """Four Trespasser at a Trespasser's turn with Items, Injuries and Desperation, Fire and Sawyers out."""
    from engines.core.contract import resolve_options
    from solo.run import Run

    run = Run(GAME, 2, resolve_options(GAME, {"trespassers": "4"}), "trespassers")
    for _ in range(800):
        run.step_automa()
        d = run.decision()
        if d.kind == "action" and run.state.round >= 3 and len(d.options) > 8:
            break
        run.choose(GAME.hint(run.state).key)
    for t in run.state.trespassers:
        t.items = ["item/crowbar", "item/flashlight", "item/whiskey", "item/gas_can_1"][: 2 + len(t.id) % 3]
        t.injuries = ["injury/heart_bruise/2", "injury/hand_broken/2"] if t.id == "grey" else t.injuries
    run.state.fire = ["SHED", "KIT1"]
    return run


def test_look_and_map_at_a_busy_turn_fit_80x24(tmp_path):
    run = _busy_turn()
    for command, arg in (("look", ""), ("map", ""), ("map", "upstairs"), ("map", "ground")):
        repl, buffer = _repl(tmp_path, run)
        HANDLERS[command](repl, arg)
        lines = buffer.getvalue().rstrip("\n").splitlines()
        assert len(lines) <= 22, (
            command,
            arg,
            len(lines),
            buffer.getvalue(),
        )  # the prompt and the toolbar below
        assert max(len(line) for line in lines) <= 80
