"""What the screen does for every game (issue 14): a single choice, the toolbar's fit, wrapping, paging."""

from __future__ import annotations

import io

from engines.core.contract import resolve_options
from engines.registry import get
from saves import SaveStore
from solo.reader import PlainReader
from solo.repl import Repl
from solo.run import Run
from solo.screen import Screen, make_console


def at_a_single_choice() -> Run:
    """A Director's Cut run (found by playing the last option each time) where the rules leave one choice."""
    game = get("mixtape-massacre")
    run = Run(game, 7, resolve_options(game, {}), game.person_seats[0])
    run.step_automa()
    while (d := run.decision()) is not None:
        if d.seat == run.seat and len(d.options) == 1:
            return run
        run.choose(d.options[-1].key)
        run.step_automa()
    raise AssertionError("no single choice on this seed")


def test_a_single_choice_says_so_and_enter_takes_it(tmp_path):
    run = at_a_single_choice()
    only = run.decision().options[0].key
    before = len(run.keys)
    out = io.StringIO()
    screen = Screen(make_console(True, file=out), True)
    Repl(run, SaveStore(tmp_path), "one", screen, PlainReader(io.StringIO("\n"), screen.echo)).play()
    assert "the only choice the rules leave you here: press Enter" in out.getvalue()
    assert run.keys[before] == only


def test_the_toolbar_drops_whole_fields_and_never_cuts_a_number():
    from solo.screen import fit_fields

    bar = "Turn 3 · Action · Time 4 · Horror 5 (2 dice) · Health 6 · You: The Pit · Terror 13"
    assert fit_fields(bar, 200) == bar
    assert fit_fields(bar, 75) == "Turn 3 · Action · Time 4 · Horror 5 (2 dice) · Health 6 · You: The Pit"
    assert fit_fields(bar, 76) == fit_fields(bar, 75)  # 'Terror 1' is never shown for 13
    assert fit_fields(bar, 10) == "Turn 3"
    assert fit_fields("Jingles the Clown", 10) == "Jingles"


def test_every_games_toolbar_fits_80_columns_whole(tmp_path):
    from engines.registry import ids
    from solo.games import ui_for
    from solo.screen import fit_fields

    for gid in ids():
        game = get(gid)
        run = Run(game, 1, resolve_options(game, {}), game.person_seats[0])
        run.step_automa()
        bar = ui_for(gid).toolbar(run.view())
        fitted = fit_fields(bar, 79)
        assert len(fitted) <= 79 and bar.startswith(fitted)
        assert bar == fitted or bar[len(fitted) :].startswith(" · ")


def test_plain_text_at_a_terminal_wraps_between_words_and_piped_keeps_lines_whole():
    long = " ".join(["midnight"] * 30)
    wrapped = io.StringIO()
    make_console(True, file=wrapped, width=40, wrap=True).print(long)
    lines = wrapped.getvalue().splitlines()
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines)
    assert all(word == "midnight" for line in lines for word in line.split())
    piped = io.StringIO()
    make_console(True, file=piped, width=40).print(long)
    assert piped.getvalue() == long + "\n"


def test_a_long_answer_pages_at_a_terminal_and_stops_on_q():
    out = io.StringIO()
    screen = Screen(make_console(True, file=out, width=60), True)
    screen.console.size = (60, 12)  # type: ignore[assignment]
    asked: list[str] = []

    def more(question: str) -> bool:
        asked.append(question)
        return len(asked) < 2

    screen.paged(lambda: [screen.say(f"line {n}") for n in range(40)], more)
    shown = out.getvalue().splitlines()
    assert shown == [f"line {n}" for n in range(20)]  # two pages of ten, then 'q'
    assert asked == ["-- 10 of 40 lines; Enter for more, q to stop -- ", "-- 20 of 40 lines; Enter for more, q to stop -- "]
    whole = io.StringIO()
    screen = Screen(make_console(True, file=whole, width=60), True)
    screen.paged(lambda: [screen.say(f"line {n}") for n in range(40)], None)
    assert len(whole.getvalue().splitlines()) == 40


def test_the_digest_names_each_changed_field_and_not_the_turn():
    from solo.screen import digest

    before = "Turn 3 · Action · Time 4 · Horror 5 (2 dice) · Health 6 · You: The Pit · Terror 13"
    after = "Turn 4 · Action · Time 4 · Horror 6 (3 dice) · Health 4 · You: Loading Dock · Terror 12"
    assert digest(before, after) == (
        "Horror 5 (2 dice)->6 (3 dice) · Health 6->4 · You: The Pit->Loading Dock · Terror 13->12"
    )
    assert digest(before, before) == ""


def test_the_digest_is_shown_before_the_prompt_after_a_decision(tmp_path):
    from repl_harness import Session, new_run

    s = Session(tmp_path, new_run(seed=5)).plain_lines("2 1 1")
    line = next(line for line in s.out.splitlines() if line.startswith("Since your last choice: "))
    assert line == "Since your last choice: Zombies 2 on the lawn->1 on the lawn · Repair 0%->10% · Kills 0/10->2/10"
