"""The bottom toolbar in colour (issue 14): each field in its theme meaning, fitted to 80 and 110 columns by
whole fields exactly as the plain toolbar is, and plain text (--plain, NO_COLOR) unchanged."""

from __future__ import annotations

from functools import cache

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.output import DummyOutput
from rich.cells import cell_len

from engines.core.contract import resolve_options
from engines.registry import get, ids
from solo import theme
from solo.games import ui_for
from solo.reader import _fitted
from solo.run import Run
from solo.screen import fit_fields
from solo.toolbar import SEP, fragments, joined, prompt_style

RED, GREEN, DIM = prompt_style(theme.DANGER), prompt_style(theme.GAIN), prompt_style(theme.HIDDEN)


@cache
def opening(gid: str) -> Run:
    """A seeded run of the game at the person's first decision (shared: read only)."""
    game = get(gid)
    run = Run(game, 1, resolve_options(game, {}), game.person_seats[0])
    run.step_automa()
    return run


def test_theme_styles_read_as_prompt_toolkit_styles():
    assert prompt_style("bold red") == "bold fg:ansired"
    assert prompt_style("green") == "fg:ansigreen" and prompt_style("dim") == "dim" and prompt_style("") == ""


@pytest.mark.parametrize("width", [80, 110])
@pytest.mark.parametrize("gid", ids())
def test_the_coloured_toolbar_fits_as_the_plain_one_does_with_every_number_whole(gid, width):
    ui, run = ui_for(gid), opening(gid)
    fields = ui.toolbar_fields(run.view())
    assert joined(fields) == ui.toolbar(run.view())  # the digest reads the same words
    assert all(meaning in ("", theme.DANGER, theme.GAIN, theme.HIDDEN) for _, meaning in fields)
    shown = fragments(fields, width - 1)
    text = "".join(t for _, t in shown)
    assert text == fit_fields(ui.toolbar(run.view()), width - 1) and cell_len(text) <= width - 1
    kept = [t for s, t in shown if t != SEP]
    assert kept == [t for t, _ in fields[: len(kept)]]  # whole fields, most important first
    assert [s for s, t in shown if t != SEP] == [prompt_style(m) for _, m in fields[: len(kept)]]


def test_danger_gain_and_hidden_mean_what_the_theme_says_in_each_game():
    import msgspec

    # Escape of the Dead: the barricade at or below the zombies on the lawn; kills made
    eotd = get("escape-of-the-dead")
    state, _ = eotd.setup(1, {})
    state.zombies, state.barricade, state.kills = 4, 3, 1
    styles = dict(ui_for("escape-of-the-dead").toolbar_fields(eotd.view(state, eotd.seats[0].id)))
    kills = next(k for k in styles if k.startswith("Kills 1/"))
    assert styles["Barricade 3/10"] == styles["Zombies 4"] == theme.DANGER and styles[kills] == theme.GAIN
    state.zombies = 2
    styles = dict(ui_for("escape-of-the-dead").toolbar_fields(eotd.view(state, eotd.seats[0].id)))
    assert styles["Barricade 3/10"] == ""
    # Final Girl: two health left; the Tormentor unseen is hidden
    fg = opening("final-girl")
    view = msgspec.structs.replace(fg.view(), fg_health=2)
    styles = ui_for("final-girl").toolbar_fields(view)
    assert styles[0] == ("Health 2", theme.DANGER) and styles[3] == ("Tormentor: unseen", theme.HIDDEN)
    # Slaughterhouse: the family's hand is counted, hidden, for the Trespassers' seat
    tcm = opening("slaughterhouse")
    styles = dict(ui_for("slaughterhouse").toolbar_fields(tcm.view()))
    assert styles[next(k for k in styles if k.startswith("Family hand"))] == theme.HIDDEN
    # Director's Cut and Tall Oaks: one or two health left
    for gid in ("mixtape-massacre", "escape-from-tall-oaks"):
        run = opening(gid)
        view = run.view()
        for s in getattr(view, "slashers", None) or view.survivors:
            if s.seat == view.seat:
                mine = s
        hurt = msgspec.structs.replace(mine, health=2)
        field = "slashers" if gid == "mixtape-massacre" else "survivors"
        view = msgspec.structs.replace(view, **{field: [hurt if s is mine else s for s in getattr(view, field)]})
        assert ui_for(gid).toolbar_fields(view)[0][1] == theme.DANGER


def test_plain_text_keeps_the_toolbar_words_alone():
    run = opening("escape-of-the-dead")
    ui = ui_for("escape-of-the-dead")
    with create_app_session(output=DummyOutput()):  # 80 columns
        plain = _fitted(lambda: ui.toolbar(run.view()))()
        coloured = _fitted(lambda: ui.toolbar(run.view()), lambda: ui.toolbar_fields(run.view()))()
    assert isinstance(plain, str) and plain == fit_fields(ui.toolbar(run.view()), 79)
    assert isinstance(coloured, FormattedText) and "".join(t for _, t in coloured) == plain
