"""Escape From Tall Oaks in a real 80x24 pseudo-terminal (issue 14): after each decision the last event's words
and the digest are on screen at the prompt; `look`, `map`, `odds` and `examine` answers fit above the prompt;
the toolbar shows whole fields. What the terminal shows is read back through the screen model of pty_harness; the same run is played in-process beside it to know what should be there."""

from __future__ import annotations

import re

import pytest
from pty_harness import COLUMNS, ROWS, Pty, session

from engines.core.contract import resolve_options
from engines.registry import get
from narratives import digest, for_game
from solo import narration
from solo.games import ui_for
from solo.run import Run
from solo.screen import fit_digest, fit_fields

GAME = get("escape-from-tall-oaks")
UI = ui_for(GAME.id)
SEED = 20
"""A seed whose first decisions are a start, a move, a Task, a move and a spend, then a rescue."""


class Session:
    """The program in a pseudo-terminal, its screen, and the same run played in-process beside it."""

    def __init__(self, pty: Pty) -> None:
        self.pty = pty
        self.term = pty.term
        self.run = Run(GAME, SEED, resolve_options(GAME, {}), "survivor1")
        self.run.step_automa()
        self.narrator = for_game(GAME.id, SEED)
        self.shown = 0
        self.wait()

    def wait(self) -> list[str]:
        return self.pty.prompt()

    def typed(self, line: str) -> list[str]:
        return self.pty.typed(line)

    def decide(self, key: str) -> tuple[list[str], tuple[str, str], str]:
        """Type the number of the choice `key` (the heuristic's pick, or one given), as a person would; the
        in-process run follows. Returns the screen, the last narration paragraph and its summary (what a screen
        too short for the whole story shows of it), and the expected digest."""
        d = self.run.decision()
        number = next(i for i, o in enumerate(d.options, 1) if o.key == key)
        self.shown = len(self.run.log)
        self.run.choose(key)
        self.run.step_automa()
        told = list(narration.groups(self.run.log, self.narrator, self.shown))
        heard = for_game(GAME.id, SEED, self.run.seat)  # the digest speaks to the person: 'you'
        items = digest.items(heard, self.run.log[self.shown :], UI.digest_fields(self.run.view()))
        changes = fit_digest(items, COLUMNS)
        last = [t for t in self.narrator.tellings(self.run.log, self.shown) if t.prose][-1]
        return self.typed(str(number)), (told[-1][1][-1], last.summary), changes

    def hint(self) -> str:
        d = self.run.decision()
        return GAME.policies["heuristic"](GAME.view(self.run.state, d.seat), d, None)


def _flat(lines: list[str]) -> str:
    """The screen's words in one line, panel borders taken out, so a wrapped paragraph reads whole."""
    return " ".join(" ".join(re.sub(r"[│╭╮╰╯─┃┏┓┗┛━┡┩╇┳┻╋┣┫]", " ", line).split()) for line in lines)


@pytest.fixture
def game(tmp_path):
    with session(tmp_path, "new", GAME.id, "--seed", str(SEED), "--slot", "pty") as pty:
        yield Session(pty)


@pytest.fixture(scope="module")
def at_a_move(tmp_path_factory):
    """One run at its first move with odds (after the start), for every question below: a question changes
    nothing in the run, and each answer is read under its own typed line."""
    with session(tmp_path_factory.mktemp("efto-pty"), "new", GAME.id, "--seed", str(SEED), "--slot", "pty") as pty:
        game = Session(pty)
        game.decide(game.hint())  # the start; then a move, where the stops are listed with what waits
        while game.run.decision().kind != "move" or not UI.odds(game.run.state):
            game.decide(game.hint())
        yield game


def _toolbar_whole(screen: list[str], run: Run) -> None:
    """The bottom row is the whole toolbar cut at a field, never inside one."""
    full = UI.toolbar(run.view())
    assert screen[-1] == fit_fields(full, COLUMNS - 1), (screen[-1], full)
    assert screen[-1].startswith("Health ") and full[len(screen[-1]) :][:3] in ("", " · ")


def test_each_decision_leaves_the_last_event_and_the_digest_on_screen_with_the_toolbar_whole(game):
    screen = game.term.lines()
    assert "Choose your starting point." in screen
    assert "Begin near a Scene Marker" in _flat(screen)  # the coach line, the first time
    _toolbar_whole(screen, game.run)
    digests = 0
    for _ in range(5):
        kind = game.run.decision().kind
        screen, last, changes = game.decide(game.hint())
        flat = _flat(screen)
        prose, summary = last
        assert " ".join(prose.split()) in flat or summary in flat, (kind, last)  # the last event, at the prompt
        if changes:
            assert changes in flat
            digests += 1
        assert screen[-2].startswith(">") or ">" in screen[-3:-1]
        _toolbar_whole(screen, game.run)
        if kind == "spend":
            break
    assert kind == "spend" and digests >= 1  # what the first turns did reached the digest


@pytest.mark.parametrize(
    ("line", "first"),
    [
        ("look", "Mixtape Massacre: Escape From Tall Oaks"),
        ("map", "Tall Oaks"),
        ("odds", "Odds of the roll ahead"),
        ("x smiley", "Smiley"),
        ("x task 1", "Task 1"),
        ("x your final", "Your Final Scene"),
    ],
)
def test_look_map_odds_and_examine_answers_fit_above_the_prompt(at_a_move, line, first):
    game = at_a_move
    screen = game.typed(line)
    typed = next((i for i, row in enumerate(screen) if row.endswith(f"> {line}")), None)
    assert typed is not None, "\n".join(screen)  # the command is still on screen: the answer fit under it
    assert first in screen[typed + 1] or first in screen[typed + 2], "\n".join(screen)
    prompt = max(i for i, row in enumerate(screen) if row.startswith(">"))
    assert typed < prompt < ROWS - 1 and all(len(row) <= COLUMNS for row in screen)
    _toolbar_whole(screen, game.run)
