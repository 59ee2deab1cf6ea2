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
    """An Escape of the Dead run whose every decision is cut to its first option, as where the rules leave
    one choice (no shipped game has one on a short seed, so the run is made to)."""
    import msgspec

    game = get("escape-of-the-dead")
    run = Run(game, 7, resolve_options(game, {}), "survivor")

    def only_the_first():
        d = Run.decision(run)
        return None if d is None else msgspec.structs.replace(d, options=d.options[:1])

    run.decision = only_the_first  # type: ignore[method-assign]
    return run


def test_a_single_choice_says_so_and_enter_takes_it(tmp_path):
    run = at_a_single_choice()
    only = run.decision().options[0].key
    out = io.StringIO()
    screen = Screen(make_console(True, file=out), True)
    Repl(run, SaveStore(tmp_path), "one", screen, PlainReader(io.StringIO("\n"), screen.echo)).play()
    assert "the only choice the rules leave you here: press Enter" in out.getvalue()
    assert run.keys == [only]


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


def test_the_digest_keeps_each_item_whole_drops_the_lightest_first_and_is_never_empty():
    """Issue 45: 'Since your last choice' names what changed in words, in the order it happened, and fits the
    width or drops whole items (the lightest first, the earliest of a weight first); at 30 columns it printed
    empty: the lead-in gives way ('Since then: ', then none) before the last item does, and a lone item too
    wide for any line is shown whole rather than cut or left out."""
    from solo.screen import fit_digest

    items = [("you fended off Linda", 3), ("Shop Teacher With a Band Saw got away and hurt you", 2),
             ("you lost 1 health (4 left)", 0), ("Stitches drew the Machete", 5)]
    assert fit_digest(items, 200) == "Since your last choice: " + "; ".join(text for text, _ in items)
    assert fit_digest(items, 80) == "Since your last choice: you fended off Linda; you lost 1 health (4 left)"
    assert fit_digest(items, 50) == "Since your last choice: you lost 1 health (4 left)"
    assert fit_digest(items, 30) == "you lost 1 health (4 left)"
    assert fit_digest(items[2:3], 38) == "Since then: you lost 1 health (4 left)"
    assert fit_digest(items[1:2], 30) == items[1][0]  # too wide for any line: whole, never cut
    assert fit_digest([], 80) == ""
    for width in range(20, 120):
        line = fit_digest(items, width)
        assert line and all(text in line or text not in line for text, _ in items)
        assert "..." not in line and "…" not in line


def test_the_digest_names_in_words_what_changed_in_the_order_it_happened():
    """Issue 45's kinds, told from each game's events: Smiley came out as the meter filled; a Victim died; the
    Hero Meter filled; a wound with what is left. No toolbar field's number ('Token supply 16->17')."""
    from engines.core.events import Event
    from narratives import digest, for_game

    efto = for_game("escape-from-tall-oaks", 0, "survivor1")
    events = [
        Event("noise", 5, "turn", {"amount": 1, "meter": 4, "called": True}),
        Event("slasher_attacks", 5, "turn", {"seat": "survivor1", "name": "Ivy", "slasher": "Smiley",
                                             "kind": "normal", "defeat": 2, "escape": 2, "place": "Sucko Power Plant"}),
        Event("hurt", 5, "turn", {"seat": "survivor1", "name": "Ivy", "amount": 1, "health": 5, "by": "scene"}),
        Event("supply_dropped", 5, "keep", {"seat": "survivor1", "name": "Ivy", "card": "First Aid Kit", "task": 0}),
        Event("noise", 6, "turn", {"amount": 1, "meter": 2, "called": False}),
    ]
    said = [item.text for item in digest.items(efto, events, {"slasher": "Smiley"})]
    assert said == ["the meter filled: Smiley came out", "Smiley attacked you", "you lost 1 health (5 left)",
                    "you dropped the First Aid Kit", "the meter is at 2"]
    fg = for_game("final-girl", 0, "final_girl")
    died = Event("victim_killed", 3, "killer", {"victim": 6, "special": "", "cause": "killer", "space": "lobby",
                                                  "name": "Lobby"})
    assert [i.text for i in digest.items(fg, [died])] == ["Victim 6 died in the Lobby"]
    dc = for_game("mixtape-massacre", 0, "slasher1")
    full = Event("noise", 2, "hero", {"seat": "slasher2", "name": "Stitches", "amount": 1, "meter": 4, "full": 4,
                                      "before": 3})
    assert [i.text for i in digest.items(dc, [full])] == ["the Hero Meter filled"]
    sh = for_game("slaughterhouse", 0, "trespassers")  # a Sawyer's steps: where he came to, once, in its place
    steps = [Event("sawyer_moves", 2, "sawyer", {"sawyer": "the Old Man", "space": room, "why": "move", "carried": ""})
             for room in ("Foyer", "Kitchen (sink)", "Pantry")]
    hurt = Event("injured", 2, "sawyer", {"trespasser": "green", "injury": "gashed shin", "type": "foot", "count": 1})
    assert [i.text for i in digest.items(sh, [steps[0], hurt, *steps[1:]])] == [
        "Green took a gashed shin", "the Old Man moved to the Pantry"
    ]


def test_the_digest_is_shown_before_the_prompt_after_a_decision(tmp_path):
    from repl_harness import Session, new_run

    s = Session(tmp_path, new_run(seed=5)).plain_lines("2 1 1")
    line = next(line for line in s.out.splitlines() if line.startswith("Since your last choice: "))
    assert "the car is 10% repaired" in line  # seed 5, '2 1 1': one garage hit


def test_the_menu_lists_games_one_a_line_in_the_readmes_order_and_loads_a_slot_by_number(
    tmp_path, capsys, monkeypatch
):
    from repl_harness import Session, new_run

    from solo.cli import main

    Session(tmp_path, new_run(seed=5), slot="Night-One").plain_lines("1")
    monkeypatch.setattr("sys.stdin", io.StringIO("4\n1\nlook\nquit\n"))
    assert main(["--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Saved in slot 'Night-One'" in out  # picked by its number; its capitals kept
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nq\n"))
    main(["--save-dir", str(tmp_path / "other")])
    out = capsys.readouterr().out
    listed = [line.strip() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.", "4.", "5.", "6.")]
    assert listed[:6] == [
        "1. New game",
        "2. Learn to play: a guided first game",
        "3. Continue",
        "4. Load a saved run",
        "5. List saves",
        "6. Quit",
    ]
    assert listed[6:] == [
        "1. Escape of the Dead",
        "2. Final Girl: The Marrek Murders",
        "3. The Texas Chainsaw Massacre: Slaughterhouse",
        "4. Mixtape Massacre: Director's Cut",
        "5. Mixtape Massacre: Escape From Tall Oaks",
    ]


def test_examine_finds_a_thing_by_its_name_a_start_of_it_or_one_of_its_words():
    import pytest

    from solo.examine import find
    from solo.games import InputError

    known = {"Quick Walk": "a", "Walk": "b", "The Pit": "c", "Sharpened Tools": "d"}
    assert find(known, "walk") == "Walk" and find(known, "pit") == "The Pit" and find(known, "sharp") == "Sharpened Tools"
    assert find(known, "quick") == "Quick Walk" and find(known, "tools") == "Sharpened Tools"
    with pytest.raises(InputError, match="could be 'Quick Walk', 'Walk'"):
        find(known, "wa")
    with pytest.raises(InputError, match="Did you mean 'Sharpened Tools'"):
        find(known, "sharpend tools")
    assert find({"Dr. Ravenous": "a", "Doctor's Bag": "b"}, "dr rav") == "Dr. Ravenous"  # word by word, past stops
    assert find(known, "qu wa") == "Quick Walk" and find(known, "the pi") == "The Pit"


def test_examine_and_look_thing_show_the_text_and_x_alone_lists(tmp_path):
    from repl_harness import Session, new_run

    class WithThings:
        def __init__(self, ui):
            self.ui = ui

        def __getattr__(self, name):
            return getattr(self.ui, name)

        def things(self, view):
            return {"The Garage": "Where the car waits.\n\nFive dice fix it.", "Lawn": "Where the dead stand."}

    s = Session(tmp_path, new_run(seed=5))
    from solo import repl as repl_module

    real = repl_module.ui_for
    repl_module.ui_for = lambda gid: WithThings(real(gid))
    try:
        s.plain_lines("x garage", "look lawn", "examine", "x nothing")
    finally:
        repl_module.ui_for = real
    assert "Where the car waits." in s.out and "Five dice fix it." in s.out and "Where the dead stand." in s.out
    assert "The Garage, Lawn" in s.out and "There is nothing called 'nothing' to examine." in s.out


def test_the_coach_explains_a_kind_of_decision_once_and_coach_off_silences_it(tmp_path, capsys, monkeypatch):
    from solo import repl as repl_module
    from solo.cli import main

    real = repl_module.ui_for

    class Coached:
        def __init__(self, ui):
            self.ui = ui

        def __getattr__(self, name):
            return getattr(self.ui, name)

        def coach(self, decision):
            return f"About {decision.kind}: place your four dice."

    monkeypatch.setattr(repl_module, "ui_for", lambda gid: Coached(real(gid)))
    for flag, expected in (("on", 1), ("off", 0)):
        monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n1\n"))
        args = ["--save-dir", str(tmp_path / flag), "new", "escape-of-the-dead", "--seed", "4", "-o", f"coach={flag}"]
        assert main(args) == 0
        assert capsys.readouterr().out.count("About assign: place your four dice.") == expected


class Asked:
    """A reader at a terminal that notes every question and answers as `answer` says."""

    echoes = False

    def __init__(self, answer) -> None:
        self.answer = answer
        self.questions: list[str] = []

    def read(self, question: str) -> str:
        self.questions.append(question)
        return self.answer(question)


def test_help_pages_at_a_24_line_terminal_so_its_top_is_read_first(tmp_path):
    """`help` is longer than a screen: at a terminal it stops after a screenful (its heading and first
    commands still on screen) and asks before the rest, as `log` does."""
    import tempfile

    from repl_harness import new_run
    from rich.console import Console

    from saves import SaveStore
    from solo.repl import Repl

    buffer = io.StringIO()
    console = Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None, highlight=False)
    screen = Screen(console, False)
    reader = Asked(lambda question: "q")
    with tempfile.TemporaryDirectory() as folder:
        Repl(new_run(seed=1), SaveStore(folder), "t", screen, reader).handle("help")  # type: ignore[arg-type]
    shown = buffer.getvalue().splitlines()
    assert len(reader.questions) == 1 and "Enter for more, q to stop" in reader.questions[0]
    assert len(shown) == 22 and any("Commands" in line for line in shown[:2])


def test_replay_pages_each_stop_at_a_24_line_terminal_and_lays_the_choices_out_as_play_does():
    """`solo replay` printed each stop whole (about 45 lines at 80 columns: the story scrolled away) and its
    choices one a line: it now pages like `log`, and the choices are grouped as at the prompt."""
    from rich.console import Console

    from engines.core.autoplay import play
    from engines.core.contract import resolve_options
    from engines.registry import get
    from solo import replay
    from solo.run import Run

    game = get("final-girl")
    run = Run(game, 1, resolve_options(game, {}), "final_girl")
    for key in play(game, 1).keys[:6]:
        run.choose(key)

    buffer = io.StringIO()
    console = Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None, highlight=False)
    reader = Asked(lambda question: "q" if question == "replay> " else "")
    assert replay.play(run, Screen(console, False), reader) == 0  # type: ignore[arg-type]
    assert any("Enter for more, q to stop" in q for q in reader.questions) and reader.questions[-1] == "replay> "
    out = buffer.getvalue()
    assert "Play: 1. Walk" in out and "Decision 1 of" in out


def test_replay_says_a_turn_past_the_end_is_not_there_and_sim_never_shows_zero_games_a_second():
    """'t 99' on a six-turn run jumped to the end without a word; '--jobs 999' showed 'Games/s: 0'."""
    from engines.core.autoplay import play
    from engines.core.contract import resolve_options
    from engines.registry import get
    from solo import replay, sim
    from solo.reader import PlainReader
    from solo.run import Run

    game = get("escape-of-the-dead")
    run = Run(game, 2, resolve_options(game, {}), "survivor")
    for key in play(game, 2).keys[:4]:
        run.choose(key)
    buffer = io.StringIO()
    screen = Screen(make_console(True, file=buffer, width=100), True)
    replay.play(run, screen, PlainReader(io.StringIO("t 99\nq\n"), screen.echo))
    assert f"The run ends on turn {game.turn(run.state)}: there is no turn 99." in buffer.getvalue()
    assert [sim._rate(x) for x in (0.4, 9.96, 12.4, 1250.0)] == ["0.4", "10.0", "12", "1,250"]


def test_a_command_typed_at_the_pagers_question_stops_it_and_is_said_not_run():
    """At '-- 22 of 2107 lines; Enter for more, q to stop --', 'log 2' was silently taken for 'more'."""
    from solo.reader import pager_question

    said: list[str] = []
    for typed, goes_on in (("", True), ("q", False), ("log 2", False)):
        more = pager_question(Asked(lambda question, typed=typed: typed), True, said.append)
        assert more is not None and more("-- 22 of 40 lines --") is goes_on
    assert said == ["Stopped here; 'log 2' was not run: type it again at the prompt."]
    assert pager_question(Asked(lambda question: ""), False) is None  # not a terminal: printed whole
