"""Director's Cut in a real 80x24 pseudo-terminal (issue 14): after each decision the last event's narration
and the digest stay on screen above the prompt, `look`, `map`, `odds` and `examine` answers fit whole under
the line that asked for them, and the toolbar holds its numbers whole. The screen is read back through the
screen model of pty_harness."""

from __future__ import annotations

import re

import pytest
from pty_harness import COLUMNS, ROWS, Pty, Terminal, session

from engines.mixtape.directors_cut import rules_data as R
from narratives import for_game
from saves import SaveStore
from solo import narration
from solo.games import ui_for
from solo.run import Run

SEED = "7"
"""A run where the person places the opening locks, rolls 3 and 5, and breaks into the High School."""


@pytest.fixture
def game(tmp_path):
    with session(tmp_path, "new", "mixtape-massacre", "--seed", SEED, "--slot", "pty") as pty:
        yield pty


def _whole(bar: str) -> bool:
    """Every toolbar field whole: 'health 6/6', 'Hero Meter 2/4 (1 to go)', 'Drill x3', 'no supply'."""
    field = r"[A-Za-z][A-Za-z' -]*( [0-9]+(/[0-9]+)?| x[0-9]+)?( \([a-z0-9 ]+\))?"
    return all(re.fullmatch(field, f) for f in bar.split(" · "))


def _bar(term: Terminal) -> str:
    return term.lines()[-1]


def _flat(text: str) -> str:
    """Words only: panel borders and line ends gone, so a paragraph wrapped in a panel reads as typed."""
    return " ".join(text.replace("│", " ").split())


def _last_event(save_dir) -> str:
    """The last paragraph the narration told, from the run as saved (the prose may change, this test not)."""
    run = Run.from_record(SaveStore(save_dir).read("pty"))
    told = list(narration.groups(run.log, for_game(run.game.id, run.seed)))
    return _flat(told[-1][1][-1])


def _fields_whole(bar: str, save_dir) -> bool:
    """The toolbar shown is the whole one cut only between fields (never 'turn' without its number)."""
    full = ui_for("mixtape-massacre").toolbar(Run.from_record(SaveStore(save_dir).read("pty")).view())
    return _whole(bar) and full.startswith(bar) and (full == bar or full[len(bar) :].startswith(" · "))


def _keys(save_dir) -> list[str]:
    """The choices made so far, the slot's journal included."""
    return Run.from_record(SaveStore(save_dir).read("pty")).keys


def _to_the_first_move(game: Pty) -> str:
    game.typed("1")  # the first starting point
    for place in ("farm", "power", "radio"):
        game.typed(place)  # a location's name places its lock
    screen = "\n".join(game.typed("high school"))
    assert "'high school' could be 1 (north) or 2 (south): type the number." in screen  # on one line
    game.typed("1")
    return "\n".join(game.typed("1"))


def test_each_decision_leaves_the_last_event_and_the_digest_on_screen_and_the_toolbar_whole(game, tmp_path):
    term = game.term
    screen = term.text()
    assert "Where you begin:" in screen  # the coach line, the first time a kind of decision comes up
    screen = _to_the_first_move(game)
    assert "You roll 3 and 5" in _last_event(tmp_path) and _last_event(tmp_path) in _flat(screen)  # the roll
    assert "Elsewhere: 1. High School north entrance (4, yellow lock)" in screen  # the lock said, in its place
    assert _bar(term).startswith("health 6/6 · souvenirs 0/10 · Hero Meter 0/4")
    assert _fields_whole(_bar(term), tmp_path)
    game.typed("high school")  # the location's name reaches its entrance, stop 1
    assert _keys(tmp_path)[-1] == f"go:{R.BOARD.locations['school'].entrances[0]}"
    game.typed("1")  # break the lock: the seed rolls a knife
    rows = game.typed("1")  # go in; the kill misses; the rivals play
    screen = "\n".join(rows)
    assert _last_event(tmp_path) in _flat(screen)  # the last event, by the prompt
    # what changed that matters, in words, whole items: a rival's souvenirs with the count they reached
    digest = next(row for row in rows if row.startswith("Since your last choice: "))
    assert digest.endswith("Patches took three souvenirs (3/10)") and len(digest) <= COLUMNS
    assert rows.index(">") == ROWS - 2 and _fields_whole(rows[-1], tmp_path)
    assert rows[-1] == "health 6/6 · souvenirs 0/10 · Hero Meter 2/4 · no supply · top rival 3/10"


@pytest.fixture(scope="module")
def turn_4(tmp_path_factory):
    """One run at the start of turn 4, in the High School, for every question below: a question changes
    nothing in the run, and each answer is read under its own typed line."""
    save_dir = tmp_path_factory.mktemp("mm-pty")
    with session(save_dir, "new", "mixtape-massacre", "--seed", SEED, "--slot", "pty") as pty:
        _to_the_first_move(pty)
        for line in ("high school", "1", "1"):
            pty.typed(line)
        yield pty, save_dir


@pytest.mark.parametrize("line", ["look", "map", "odds", "x patches", "x hero", "x drill", "examine"])
def test_look_map_odds_and_examine_fit_whole_under_the_line_that_asked(turn_4, line):
    game, save_dir = turn_4
    rows = game.typed(line)
    asked = next(
        i for i, row in enumerate(rows) if row.endswith(f"> {line}")
    )  # on screen: nothing scrolled away
    answer = rows[asked + 1 : rows.index(">", asked)]
    assert len(answer) >= 3 and all(len(row) <= COLUMNS for row in answer)
    assert rows.index(">", asked) == ROWS - 2 and _fields_whole(rows[-1], save_dir)
