"""Final Girl in a real 80x24 pseudo-terminal (issue 14): after a decision the last event and the digest are
on screen at the prompt, `look`, `map`, `odds` and `examine` answers fit, and the toolbar holds its numbers
whole. What the terminal shows is read back through the screen model of pty_harness."""

from __future__ import annotations

import re

import pytest
from pty_harness import ROWS, session


@pytest.fixture
def game(tmp_path):
    with session(tmp_path, "new", "final-girl", "--seed", "2", "--slot", "pty") as pty:
        yield pty


def _toolbar_after(*keys: str) -> str:
    """The whole toolbar of the same run, played in-process, before the terminal fits it to its width."""
    from engines.core.contract import resolve_options
    from engines.registry import get
    from solo.games.final_girl import UI
    from solo.run import Run

    game = get("final-girl")
    run = Run(game, 2, resolve_options(game, {}), "final_girl")
    for key in keys:
        run.choose(key)
    return UI.toolbar(run.view())


def _toolbar(screen: str) -> str:
    return screen.splitlines()[-1]


def _whole(bar: str) -> bool:
    """Every field of the toolbar shown whole: 'Label value', no number cut at the edge."""
    fields = bar.split(" · ")
    return bool(fields) and all(re.fullmatch(r"[A-Z][A-Za-z ]*:? ?[A-Za-z' ]*[0-9]*( \([^)]*\))?", f) for f in fields)


def test_a_decision_leaves_its_last_event_and_the_digest_on_screen_and_the_toolbar_whole(game):
    screen = game.term.text()
    assert "Play: 1. Walk" in screen and _toolbar(screen).startswith("Health 6 · Time 6 · Horror 7 (1 die)")
    assert "Each card played rolls Horror dice" in screen  # the coach line, the first time
    screen = "\n".join(game.typed("2"))  # play Focus: the seed rolls a 6
    assert "[Horror -1: 6]" in screen  # the last event (its bracketed summary) is still on screen
    assert "Since your last choice: Time down to 5; Horror down to 6" in screen  # in words, in order
    bar = _toolbar(screen)
    assert bar.startswith("Health 6 · Time 5 · Horror 6 (2 dice) · Tormentor: unseen") and _whole(bar)
    full = _toolbar_after("play:focus")
    assert full.startswith(bar) and (full == bar or full[len(bar) :].startswith(" · "))  # whole fields only
    screen = "\n".join(game.typed("end"))
    assert "Planning: buy Action cards" in screen and "Since your last choice:" in screen
    assert _whole(_toolbar(screen))


@pytest.fixture(scope="module")
def opening(tmp_path_factory):
    """One run at its first decision for every question below: a question changes nothing in the run."""
    with session(tmp_path_factory.mktemp("fg-pty"), "new", "final-girl", "--seed", "2", "--slot", "pty") as pty:
        yield pty


@pytest.mark.parametrize(
    ("line", "first", "last"),
    [
        ("look", "Final Girl: The Marrek Murders", "'end' ends the phase."),
        ("map", "Marrek Warehouse", "Traps (step reached/last): T9 Swinging Blades 0/3"),
        ("odds", "Horror Roll odds", "healing is lost."),
        ("x the tormentor", "The Tormentor", "'x bloodlust', 'x finale')."),
        ("x setup", "Setup cards", "while she is unseen."),
    ],
)
def test_look_map_odds_and_examine_fit_the_screen_whole_above_the_prompt(opening, line, first, last):
    rows = opening.typed(line)
    screen = "\n".join(rows)
    asked = max((i for i, row in enumerate(rows) if row.endswith(f"> {line}")), default=0)  # earlier answers above
    top = next((i for i in range(asked, len(rows)) if first in rows[i]), None)
    bottom = next((i for i in range(top or 0, len(rows)) if last in rows[i]), None)  # the answer's own last line
    assert top is not None and bottom is not None, screen  # the answer's first and last lines both shown
    assert top < bottom < rows.index(">") < ROWS - 1  # ... above the prompt, the toolbar under it
    assert _whole(rows[-1]) and rows[-1].startswith("Health 6 · Time 6")
