"""Slaughterhouse's map: the boxed view shows each space's exits and crossings; plain mode starts on its own line."""

from __future__ import annotations

from engines.registry import get
from solo.games.slaughterhouse import UI

GAME = get("slaughterhouse")


def _view():
    state, _ = GAME.setup(0, {})
    return GAME.view(state, "trespassers")


def test_the_boxed_map_lists_every_spaces_exits_with_the_kind_of_crossing():
    down, up = (body for _, body in UI.full_cards(_view(), plain=False)[:2])
    lines = down.splitlines()
    foyer = next(i for i, line in enumerate(lines) if line.split()[:1] == ["Foyer"])
    assert "door to" in lines[foyer + 1] and "stairs to upstairs landing" in lines[foyer + 1]
    assert "-- Kitchen --" in down and "window to" in down and "open to" in down
    assert "window to back yard (west), back yard (east)" in up  # Grandpa's Room jumps to the back yard
    assert (
        sum(line.lstrip().startswith(("open to", "door to")) for line in (down + "\n" + up).splitlines())
        == 38
    )


def test_plain_map_puts_no_space_on_the_heading_line():
    for title, body in UI.full_cards(_view(), plain=True)[:2]:
        first = body.splitlines()[0]
        assert first.endswith("spaces, each with what is there (S search, H hide, V vehicle).")
        assert "Foyer" in body.splitlines()[1] or title == "Upstairs"
