"""Typed numbers are ASCII digits only, and a command given words it would ignore refuses in one line.

Issue 12, items 5 and 12: '²', '①', '₀' and '❸' pass `str.isdigit()` but not `int()`, and ended all five games;
'undo 5', 'map extra' and 'hint me' silently dropped their argument.
"""

from __future__ import annotations

import pytest
from repl_harness import Session, new_run

from engines.core.contract import resolve_options
from engines.registry import get, ids
from solo.commands import BY_WORD, COMMANDS
from solo.games import InputError, ui_for
from solo.parse import number
from solo.run import Run

END = "help help"  # a last line whose echo closes the answer before it


def answer(out: str, line: str) -> list[str]:
    """The lines printed in answer to the first `line` typed (through PlainReader, which echoes '> line')."""
    rows = out.split("\n")
    start = rows.index(f"> {line}") + 1
    end = next(i for i in range(start, len(rows)) if rows[i].startswith("> "))
    return [r for r in rows[start:end] if r.strip()]


def first_run(game_id: str) -> Run:
    game = get(game_id)
    run = Run(game, 4, resolve_options(game, {}), game.person_seats[0])
    run.step_automa()
    return run


# -- numbers ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "value"),
    [
        *[("1", 1), ("15", 15), ("-3", -3), ("007", 7)],
        *[(t, None) for t in ("²", "①", "₀", "❸", "٣", "1²", "--5", "+1", "1.5", "", "-", " 1", "1\n")],
        ("9" * 5000, None),  # more digits than int() converts: no choice is that big
    ],
)
def test_number_reads_ascii_digits_only(token, value):
    assert number(token) == value


@pytest.mark.parametrize("game_id", ids())
@pytest.mark.parametrize("line", ["²", "①", "₀", "❸", "1²", "--5", "٣"])
def test_digits_int_refuses_are_words_in_every_game(tmp_path, game_id, line):
    run = first_run(game_id)
    before = list(run.keys)
    s = Session(tmp_path, run=run).plain_lines(line, END)
    said = answer(s.out, line)
    assert len(said) == 1 and (
        "I don't know" in said[0] or "could mean" in said[0] or "There is no" in said[0]
    )
    assert s.run.keys == before


@pytest.mark.parametrize("line", ["log ₀", "log ²", "log ①", "log --1", "log ٣"])
def test_log_takes_ascii_digits_only(tmp_path, line):
    s = Session(tmp_path).plain_lines(line, END)
    assert answer(s.out, line) == ["'log N' takes a number of turns, like 'log 3'."]


@pytest.mark.parametrize("line", ["odds ❸", "odds ²", "odds ① ① ②"])
def test_odds_of_a_non_ascii_number_is_refused_in_one_line(tmp_path, line):
    s = Session(tmp_path).plain_lines(line, END)
    said = answer(s.out, line)
    assert len(said) == 1 and "I don't know" in said[0]


def test_the_dice_shorthand_is_ascii_digits():
    d = new_run(seed=1).decision()
    ui = ui_for("escape-of-the-dead")
    assert ui.parse("211", d) == "alloc:2-1-1" and ui.parse("lawn 2 garage 2", d) == "alloc:2-0-2"
    assert ui.parse("٢١١", d) is None and ui.parse("lawn ٢ garage ٢", d) is None
    with pytest.raises(InputError, match="three numbers"):
        ui.parse("two", d)  # three letters, one number: not read as three digits


# -- commands given an argument they would ignore ----------------------------------------------------------


NO_ARGUMENT = [c for c in COMMANDS if not c.takes_argument]


def test_which_commands_take_an_argument():
    taking = {c.name for c in COMMANDS if c.takes_argument}
    assert taking == {"help", "odds", "save", "load", "log", "transcript", "rules", "examine", "look", "map", "hint"}


@pytest.mark.parametrize("word", sorted(w for c in NO_ARGUMENT for w in (c.name, *c.aliases)))
def test_a_command_that_takes_no_argument_refuses_one_in_one_line(tmp_path, word):
    s = Session(tmp_path).plain_lines("2 1 1", f"{word} extra", END)
    help_text = BY_WORD[word].help
    assert answer(s.out, f"{word} extra") == [f"'{word}' takes no argument; '{word}' alone: {help_text}."]
    assert s.run.keys == ["alloc:2-1-1"]  # 'undo extra' took nothing back, 'again extra' repeated nothing


def test_undo_5_takes_nothing_back_and_plain_undo_still_does(tmp_path):
    s = Session(tmp_path).plain_lines("2 1 1", "undo 5", END)
    assert s.run.keys == ["alloc:2-1-1"]
    assert answer(s.out, "undo 5")[0].startswith("'undo' takes no argument;")
    s = Session(tmp_path / "b").plain_lines("2 1 1", "undo", END)
    assert s.run.keys == []


def test_restart_with_an_argument_neither_asks_nor_restarts(tmp_path):
    run = new_run(seed=3)
    s = Session(tmp_path, run=run).plain_lines("2 1 1", "restart now", "y", END)
    assert s.run is run and s.run.keys == ["alloc:2-1-1"]
    assert "Start this game over" not in s.out
    assert answer(s.out, "y")[0].startswith("I don't know 'y'") or "could mean" in answer(s.out, "y")[0]


def test_quit_with_an_argument_does_not_quit(tmp_path):
    s = Session(tmp_path).plain_lines("quit now", "2 1 1", END)
    assert answer(s.out, "quit now") == [
        "'quit' takes no argument; 'quit' alone: stop playing; the run is already saved."
    ]
    assert s.run.keys == ["alloc:2-1-1"]  # play went on after it


def test_arguments_that_mean_something_are_kept(tmp_path):
    s = Session(tmp_path).plain_lines("help undo", "rules lawn", "odds 2 1 1", "2 1 1", "log 1", "hint", END)
    assert answer(s.out, "help undo") == [f"undo: {BY_WORD['undo'].help}"]
    assert "-- Odds: lawn 2, barricade 1, garage 1 --" in answer(s.out, "odds 2 1 1")
    assert "takes no argument" not in s.out and "I don't know" not in s.out
    assert answer(s.out, "hint")[0].startswith("Hint: ")


def test_save_victim_is_still_final_girls_rescue(tmp_path):
    """'save' takes a slot, but 'save victim' is a move in Final Girl: the argument check must not take it."""
    game = get("final-girl")
    run = Run(game, 2, resolve_options(game, {}), "final_girl")
    state = run.state
    state.fg_space = "dock"
    state.locked = [e for e in state.locked if e != "dock"]
    next(v for v in state.victims if not v.trapped).space = "dock"
    saved = state.saved
    s = Session(tmp_path, run=run).plain_lines("save victim", END)
    assert s.run.state.saved == saved + 1 and "takes no argument" not in s.out
