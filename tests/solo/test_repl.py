"""The REPL, driven in-process through prompt_toolkit pipe input."""

from __future__ import annotations

import msgspec
import pytest
from repl_harness import GAME, Session, new_run, run_at_reward

from engines.core.events import UNDO
from solo.parse import MAX_LINE


def test_options_by_number_words_prefix_and_shorthand(tmp_path):
    s = Session(tmp_path, run=new_run(seed=1)).lines(
        "15", "2 1 1", "211", "lawn 2 garage 2", "garage four", "Lawn 1, Barricade 1, Garage 2"
    )
    assert s.run.outcome() is None  # seed 1 lives through these six turns
    assert s.run.keys == [
        "alloc:0-0-4",
        "alloc:2-1-1",
        "alloc:2-1-1",
        "alloc:2-0-2",
        "alloc:0-0-4",
        "alloc:1-1-2",
    ]
    assert "I don't know" not in s.out and "There is no choice" not in s.out


def test_a_whole_game_to_its_end(tmp_path):
    s = Session(tmp_path).lines(*["2 1 1", "b"] * 80)  # "b" answers a reward; at the dice it is refused
    assert s.run.outcome() is not None
    assert "The run is over" in s.out
    assert "The game is over" in s.out  # the moves typed after the end are refused politely
    assert s.code == 0


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("hlep", "Did you mean 'help'?"),
        ("banana", "I don't know 'banana'"),
        ("17", "There is no choice 17; choose 1 to 15."),
        ("0", "There is no choice 0"),
        ("-3", "There is no choice -3"),
        ("2 2 2", "That places 6 dice; you have exactly 4."),
        ("1 1", "Give three numbers of dice"),
        ("-1 3 2", "negative number of dice"),
        ("lawn 5", "That places 5 dice"),
        ("lawn two garage", "How many dice on the garage?"),
        ("lawn 2 lawn 2", "named twice"),
        ("lo", "could mean"),
        ("x" * (MAX_LINE + 1), f"{MAX_LINE + 1} characters long; commands"),  # 10 KB lines: test_fuzz_input
        ("   ", "Nothing typed."),
    ],
)
def test_bad_input_gets_one_clear_line_and_changes_nothing(tmp_path, line, expected):
    s = Session(tmp_path).lines(line)
    assert expected in s.out
    assert s.run.keys == [] and s.code == 0


@pytest.mark.parametrize("line", ["\x00lawn", "2 1 1\x1b[31m", "\x07", "abc\x7f", "\u202e2 1 1"])
def test_control_characters_are_refused(tmp_path, line):
    s = Session(tmp_path).plain_lines(line)
    assert "control characters" in s.out and s.run.keys == []


def test_ctrl_c_cancels_the_line(tmp_path):
    s = Session(tmp_path).type("garage 4\x03", "2 1 1\n")
    assert "(cancelled" in s.out and s.run.keys == ["alloc:2-1-1"]


def test_ctrl_d_offers_save_and_quit(tmp_path):
    s = Session(tmp_path).type("\x04", "n\n", "2 1 1\n", "\x04", "y\n", "1\n")
    assert s.run.keys == ["alloc:2-1-1"]  # '1' after quitting was never read
    assert "Saved in slot 'test'" in s.out
    assert s.store.read("test").keys == ["alloc:2-1-1"]


def test_autosave_after_every_decision(tmp_path):
    s = Session(tmp_path).lines("2 1 1", "1 1 2")
    record = s.store.read("test")
    assert record.keys == s.run.keys == ["alloc:2-1-1", "alloc:1-1-2"]
    assert record.turn == GAME.turn(s.run.state) and record.status == "running"


def test_undo_takes_back_the_last_decision_and_logs_it(tmp_path):
    s = Session(tmp_path).lines("2 1 1", "1 1 2", "undo")
    fresh = new_run()
    fresh.choose("alloc:2-1-1")
    assert s.run.keys == ["alloc:2-1-1"]
    assert msgspec.json.encode(s.run.state) == msgspec.json.encode(fresh.state)
    assert s.run.log[-1].kind == UNDO
    assert s.store.read("test").log[-1].kind == UNDO


def test_undo_with_nothing_to_take_back(tmp_path):
    s = Session(tmp_path).lines("undo")
    assert "no decision of yours to take back" in s.out


def test_ironman_refuses_undo(tmp_path):
    s = Session(tmp_path, run=new_run(ironman=True)).lines("2 1 1", "undo")
    assert "ironman" in s.out and s.run.keys == ["alloc:2-1-1"]


def test_again_repeats_the_last_line(tmp_path):
    s = Session(tmp_path).lines("g", "2 1 1", "g", "again", "aga", "banana", "g")
    assert "nothing to repeat" in s.out
    assert s.run.keys == ["alloc:2-1-1"] * 5  # a line that failed ('banana') is not the one repeated
    assert s.out.count("(again: 2 1 1)") == 4


def test_odds_and_hint_at_the_dice(tmp_path):
    s = Session(tmp_path).lines("odds", "hint")
    assert "Holds: 100%" in s.out and "#: 15 (0 0 4)" in s.out  # garage 4, the fifteenth choice
    assert "Hint: " in s.out and s.run.keys == []


def test_odds_of_the_rewards_and_a_reward_by_prefix(tmp_path):
    run = run_at_reward()
    s = Session(tmp_path, run=run).lines("odds", "hint", "rep")
    assert "-- Odds of each reward --" in s.out and "Reward: A: destroy all zombies on the lawn" in s.out
    assert "Hint: " in s.out
    assert s.run.keys[-1] == "reward:b"  # 'rep' is an unambiguous start of 'repair'


def test_odds_and_hint_after_the_end(tmp_path):
    s = Session(tmp_path).lines(*["0 0 4"] * 80, "odds", "hint")
    assert "no dice are waiting" in s.out and "No choice is waiting for you" in s.out


def test_advice_never_moves_the_dice(tmp_path):
    plain = Session(tmp_path / "a").lines(*["2 1 1"] * 12)
    advised = Session(tmp_path / "b").lines(*[x for _ in range(12) for x in ("odds", "hint", "map", "2 1 1")])
    assert msgspec.json.encode(plain.run.log) == msgspec.json.encode(advised.run.log)


def test_look_map_help_rules_log_verbose_brief(tmp_path):
    s = Session(tmp_path).lines(
        "look",
        "map",
        "help",
        "help odds",
        "rules",
        "rules lawn",
        "rules lwn",
        "brief",
        "2 1 1",
        "verbose",
        "log 1",
        "log x",
    )
    out = s.out
    assert "Barricade: 10 of 10" in out and "Spawn level" in out
    assert "1 of 6 zombies" in out or "2 of 6 zombies" in out
    assert "odds [choice]: the exact chances" in out
    assert "Did you mean" in out  # rules lwn
    assert "Dice: lawn 2, barricade 1, garage 1." in out  # brief line
    assert "'log N' takes a number" in out


def test_save_copy_and_load_it_back(tmp_path):
    s = Session(tmp_path).lines("2 1 1", "save other", "save bad/name", "1 1 2", "load other")
    assert "Saved a copy in slot 'other'" in s.out and "'bad/name' has '/'" in s.out
    assert s.repl.slot == "other" and s.run.keys == ["alloc:2-1-1"]
    assert s.store.read("test").keys == ["alloc:2-1-1", "alloc:1-1-2"]


def test_load_of_a_damaged_save_changes_nothing(tmp_path):
    (tmp_path / "broken.json").write_text('{"format": "solo-save", "schema": 1, "game": "esc')
    s = Session(tmp_path).lines("load broken", "load", "2 1 1")
    assert "broken.json" in s.out and "not valid JSON" in s.out
    assert s.repl.slot == "test" and s.run.keys == ["alloc:2-1-1"]
    assert (tmp_path / "broken.json").read_text() == '{"format": "solo-save", "schema": 1, "game": "esc'


def test_restart_asks_first(tmp_path):
    s = Session(tmp_path).lines("2 1 1", "restart", "n", "restart", "y")
    assert "Carrying on." in s.out and "A new game begins" in s.out
    assert s.run.keys == [] and s.store.read("test").keys == []


def test_transcript_copies_the_screen_and_the_typed_lines_to_a_file(tmp_path):
    Session(tmp_path).lines("transcript", "2 1 1", "transcript off", "1 1 2")
    text = (tmp_path / "test.transcript.txt").read_text()
    assert "Transcript on" in text and "> 2 1 1" in text and "-- Turn 2 --" in text
    assert "Transcript closed" in text
    assert "> 1 1 2" not in text and "-- Turn 3 --" not in text


def test_quit_saves_and_says_where(tmp_path):
    s = Session(tmp_path).lines("2 1 1", "quit", "1 1 2")
    assert s.code == 0 and "Saved in slot 'test'" in s.out and s.run.keys == ["alloc:2-1-1"]


def test_toolbar_and_completion_show_what_matters(tmp_path):
    s = Session(tmp_path).lines()
    bar = s.repl.toolbar()
    assert bar == "Barricade 10/10 · Zombies 2 · Repair 0% · Kills 0/10 · Spawn 1 · Turn 1"
    words = s.repl.words()
    assert "garage 4" in words and "odds" in words and len([w for w in words if w.startswith("lawn")]) == 10


def test_rich_mode_draws_panels(tmp_path):
    s = Session(tmp_path, plain=False).lines("map")
    assert "╭" in s.out and "Lawn" in s.out


def test_odds_of_one_split_in_full(tmp_path):
    s = Session(tmp_path).lines("odds 2 1 1", "odds 15", "odds look", "odds 9 9 9")
    # Two zombies, two lawn dice at 3+: no kill 1/9, one kill 4/9, two kills 4/9.
    assert "-- Odds: lawn 2, barricade 1, garage 1 --\nChoice 5, dice 2 1 1. Barricade holds" in s.out
    assert "Outcome: Kills; 0: 11.1%; 1: 44.4%; 2: 44.4%" in s.out
    # Four garage dice at 5+: none 16/81 = 19.8%, four 1/81 = 1.2%.
    assert "Outcome: Repairs; 0: 19.8%; 1: 39.5%; 2: 29.6%; 3: 9.9%; 4: 1.2%" in s.out
    assert "name one of the choices" in s.out and "That places 27 dice" in s.out
    assert s.run.keys == []


def test_the_odds_table_gives_each_split_its_exact_best_play_chance(tmp_path):
    s = Session(tmp_path).lines("odds")
    assert "Best: 1 (4 0 0)." in s.out and "#: 1 (4 0 0); Win: 70.86%; Holds: 100%" in s.out
    assert "#: 15 (0 0 4); Win: 69.13%; Holds: 100%" in s.out


def test_rolls_show_their_dice_in_verbose_narration(tmp_path):
    s = Session(tmp_path, run=new_run(seed=5)).lines("2 1 1")
    assert "[Lawn: rolled 6 and 6, 2 killed (lawn 0, kills 2/10)]" in s.out
    assert "[Garage: rolled 5, +10% (car 10%)]" in s.out


def test_plain_mode_lists_choices_again_when_they_change(tmp_path):
    run = new_run(seed=1, roll_order="choose")
    s = Session(tmp_path, run=run).plain_lines("2 1 1", "garage", "all", "2 1 1")
    turn1, after_garage = s.out.split("> garage", 1)
    assert (
        "  1. roll the lawn\n  2. roll the barricade\n  3. roll the garage\n  4. roll all that remain"
        in turn1
    )
    changed, turn2 = after_garage.split("> all", 1)
    assert "  1. roll the lawn\n  2. roll the barricade\n  3. roll all that remain" in changed
    assert "Place your 4 action dice on the Lawn, the Barricade and the Garage. (1-15, as before" in turn2
    assert "  4. roll all that remain" in turn2.split("> 2 1 1", 1)[1]  # differs from the last list: in full


def test_undo_after_the_end_asks_the_last_decision_again_and_the_end_is_shown_again(tmp_path):
    """After the run ends there is no decision; undo rewinds to the person's last one, which is asked again
    (not taken for the ended game's), and choosing it again ends the run again."""
    run = new_run()
    policy = GAME.policies["heuristic"]
    while (d := run.decision()) is not None:
        run.choose(policy(run.view(), d, None))
    last = run.keys[-1]
    s = Session(tmp_path, run=run).lines("undo")
    assert s.run.outcome() is None and s.run.decision() is not None
    assert s.repl.asked == (len(s.run.keys), s.run.decision().kind)
    assert s.out.count("The run is over") == 1 and "no decision of yours" not in s.out
    s.lines(str(s.run.decision().keys().index(last) + 1))
    assert s.run.outcome() is not None and s.out.count("The run is over") == 2


def test_tab_completes_a_things_name_after_x_and_look_as_after_examine(tmp_path):
    """The README promises Tab after `examine`, `x` and `look`; only `examine` completed (issue 49)."""
    from prompt_toolkit.document import Document

    from engines.core.contract import resolve_options
    from engines.registry import get
    from solo.reader import _Choices
    from solo.run import Run

    game = get("final-girl")
    s = Session(tmp_path, run=Run(game, 11, resolve_options(game, {}), "final_girl")).lines()
    complete = _Choices(s.repl.words)

    def done(typed: str) -> list[str]:
        return [c.text for c in complete.get_completions(Document(typed), None)]

    assert done("examine foc") == ["examine Focus"]
    assert done("x foc") == ["x Focus"]
    assert done("look spr") == ["look Sprint"]
    assert done("l Short") == ["l Short Rest"]
    assert done("X foc") == ["X Focus"]
    assert "x Focus" not in done("") and "examine Focus" in done("")  # an empty line lists each name once


def test_a_lone_q_quits_nothing_since_it_is_the_pagers_stop_key(tmp_path):
    """Issue 49: 'q' quit at once, and 'q' is also the pager's stop key: one sent to a pager that had already
    ended left the game. Quitting takes the whole word ('quit' or 'exit'); no start of it quits."""
    s = Session(tmp_path).lines("q", "qu", "2 1 1")
    assert "'q' only stops a long answer's pages" in s.out and "type 'quit'" in s.out
    assert "I don't know 'qu'" in s.out
    assert s.run.keys == ["alloc:2-1-1"]  # still playing after both
    s = Session(tmp_path, run=s.run).lines("exit", "1 1 2")
    assert s.code == 0 and s.run.keys == ["alloc:2-1-1"]


def test_look_or_x_of_a_commands_word_is_refused_not_read_as_a_thing(tmp_path):
    """Issue 49: in Final Girl 'look look' showed 'Smarter Than They Look' (a later word of its name)."""
    from engines.core.contract import resolve_options
    from engines.registry import get
    from solo.run import Run

    game = get("final-girl")
    run = Run(game, 11, resolve_options(game, {}), "final_girl")
    s = Session(tmp_path, run=run).lines("look look", "x map", "examine odds", "look walk")
    assert "Smarter Than They Look" not in s.out
    assert "'look' is a command, not a thing to examine: type 'look' alone" in s.out
    assert "'map' is a command" in s.out and "'odds' is a command" in s.out
    assert "Horror Roll" in s.out  # 'look walk' still examines the card
