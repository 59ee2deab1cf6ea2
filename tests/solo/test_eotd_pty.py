"""Escape of the Dead in a real 80x24 pseudo-terminal (issue 14): after each decision the end of the turn (the
attack and the next spawn) and the digest are on screen at the prompt; `look`, `map`, `odds` and `examine`
answers are on screen whole, above the prompt; the toolbar holds its numbers whole. The terminal is read back
through the screen model of pty_harness; what it should show is drawn in-process at the same size."""

from __future__ import annotations

import io
import tempfile

import pytest
from pty_harness import COLUMNS, ROWS, session
from repl_harness import new_run

from narratives import digest, for_game
from saves import SaveStore
from solo import narration
from solo.games.escape_of_the_dead import UI
from solo.reader import PlainReader
from solo.repl import Repl
from solo.screen import Screen, fit_digest, make_console

SEED = 1


@pytest.fixture
def game(tmp_path):
    with session(tmp_path, "new", "escape-of-the-dead", "--seed", str(SEED), "--slot", "pty") as pty:
        yield pty


@pytest.fixture(scope="module")
def opening(tmp_path_factory):
    """One run at its first decision for every question below: a question changes nothing in the run."""
    with session(tmp_path_factory.mktemp("eotd-pty"), "new", "escape-of-the-dead", "--seed", str(SEED), "--slot", "pty") as pty:
        yield pty


def _flat(text: str) -> str:
    """The screen's words in order, without the panels' frames or the line breaks of wrapping."""
    return " ".join(text.replace("│", " ").replace("╭", " ").replace("╰", " ").split())


def _turn_end(*keys: str) -> tuple[list[tuple[str, str]], str]:
    """The same run in-process: the last two things told after the last key (the attack and the spawn), each
    as the story tells it and as its summary (a screen too short for the turn shows its earlier paragraphs so),
    and the digest the REPL builds from what happened since."""
    run = new_run(seed=SEED)
    for key in keys[:-1]:
        run.choose(key)
    shown = len(run.log)
    run.choose(keys[-1])
    tellings = [t for t in for_game(run.game.id, SEED).tellings(run.log, shown) if t.prose]
    told = [(narration.told(t, run.log[t.start : t.stop], False), t.summary) for t in tellings]
    items = digest.items(for_game(run.game.id, SEED, run.seat), run.log[shown:])
    return told[-2:], fit_digest(items, COLUMNS)


def _toolbar(*keys: str) -> str:
    run = new_run(seed=SEED)
    for key in keys:
        run.choose(key)
    return UI.toolbar(run.view())


def test_each_decision_leaves_the_end_of_its_turn_and_the_digest_on_screen(game):
    term = game.term
    screen = term.text()
    assert "Place 4 dice: lawn kills on 3+" in screen  # the coach line, the first time
    assert " 1. lawn 4" in screen and "15. garage 4" in screen  # every choice, in columns
    assert term.lines()[-1] == _toolbar()
    played: list[str] = []
    for typed_line, key in (
        ("2 1 1", "alloc:2-1-1"),
        ("lawn 2 garage 2", "alloc:2-0-2"),
        ("4", "alloc:2-2-0"),
    ):
        played.append(key)
        screen = "\n".join(game.typed(typed_line))
        told, changes = _turn_end(*played)
        (attack, attack_summary), (spawn, _) = told
        assert _flat(attack) in _flat(screen) or _flat(attack_summary) in _flat(screen)  # in full or in short
        assert _flat(spawn) in _flat(screen)  # the spawn, nearest the prompt, in full
        assert changes.startswith("Since your last choice: ") and changes in screen
        assert term.lines()[-1] == _toolbar(*played)  # whole: every field, every number
        assert "Place 4 dice" not in screen  # the coach spoke once


def _drawn(line: str, *keys: str) -> list[str]:
    """What the REPL draws for a typed line at 80 columns, in-process, line by line."""
    run = new_run(seed=SEED)
    for key in keys:
        run.choose(key)
    buffer = io.StringIO()
    screen = Screen(make_console(False, file=buffer, width=COLUMNS), False)
    with tempfile.TemporaryDirectory() as folder:
        Repl(run, SaveStore(folder), "t", screen, PlainReader(io.StringIO(""), screen.echo)).handle(line)
    return [row.rstrip() for row in buffer.getvalue().splitlines()]


@pytest.mark.parametrize("line", ["look", "map", "odds", "odds 5", "examine", "x barricade", "x reward b"])
def test_look_map_odds_and_examine_are_on_screen_whole_above_the_prompt(opening, line):
    rows = opening.typed(line)
    at = rows.index(">")
    drawn = _drawn(line)
    assert rows[at - len(drawn) : at] == drawn  # every line of the answer, above the prompt
    if len(drawn) < at:
        assert rows[at - len(drawn) - 1].endswith(f"> {line}")  # ... and the line that asked for it
    assert at == ROWS - 2 and rows[-1] == _toolbar()
