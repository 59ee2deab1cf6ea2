"""The `solo` command line, in-process, with stdin as a file (so input is read line by line, output plain)."""

from __future__ import annotations

import io
import json

import pytest

from saves import SaveStore
from solo.cli import main


def solo(capsys, monkeypatch, tmp_path, *args: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["--save-dir", str(tmp_path), *args])
    out, err = capsys.readouterr()
    return code, out, err


def new_game(capsys, monkeypatch, root, slot: str, seed: int, stdin: str) -> tuple[int, str, str]:
    """Start a seeded Escape of the Dead run in a named slot, fed the given lines."""
    args = ("new", "escape-of-the-dead", "--seed", str(seed), "--slot", slot)
    return solo(capsys, monkeypatch, root, *args, stdin=stdin)


def test_new_game_from_a_moves_file_is_saved_at_end_of_input(capsys, monkeypatch, tmp_path):
    code, out, err = new_game(capsys, monkeypatch, tmp_path, "run1", 7, "2 1 1\n1 1 2\n")
    assert code == 0 and err == ""
    assert "> 2 1 1" in out and "-- Turn 2 --" in out and "Saved in slot 'run1'" in out
    assert "\x1b[" not in out and "╭" not in out  # plain text: no colour, no boxes
    assert SaveStore(tmp_path).read("run1").keys == ["alloc:2-1-1", "alloc:1-1-2"]


def test_a_run_replays_exactly_from_seed_and_typed_lines(capsys, monkeypatch, tmp_path):
    moves = "2 1 1\n0 1 3\nodds\n1 1 2\nhint\n2 0 2\n"
    _, first, _ = solo(
        capsys, monkeypatch, tmp_path / "a", "new", "escape-of-the-dead", "--seed", "11", stdin=moves
    )
    _, second, _ = solo(
        capsys, monkeypatch, tmp_path / "b", "new", "escape-of-the-dead", "--seed", "11", stdin=moves
    )
    assert first == second
    a = SaveStore(tmp_path / "a").read("escape-of-the-dead")
    b = SaveStore(tmp_path / "b").read("escape-of-the-dead")
    assert a.log == b.log and a.state == b.state


def test_options_seat_and_ironman(capsys, monkeypatch, tmp_path):
    code, out, _ = solo(
        capsys,
        monkeypatch,
        tmp_path,
        "new",
        "escape-of-the-dead",
        "--seed",
        "3",
        "-o",
        "barricade=4",
        "--seat",
        "survivor",
        "--ironman",
        stdin="look\nundo\n",
    )
    assert code == 0 and "Barricade: 4 of 10" in out and "ironman" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "escape-of-dead"], "Did you mean 'escape-of-the-dead'?"),
        (["new", "escape-of-the-dead", "-o", "barricade=11"], "takes one of"),
        (["new", "escape-of-the-dead", "-o", "barricad=4"], "Did you mean 'barricade'?"),
        (["new", "escape-of-the-dead", "-o", "barricade"], "NAME=VALUE"),
        (["new", "escape-of-the-dead", "--seat", "zombies"], "no seat 'zombies'"),
        (["new", "escape-of-the-dead", "--slot", "a b"], "Slot names use"),
        (["sim", "nope", "-n", "3"], "No game called 'nope'"),
        (["sim", "escape-of-the-dead", "-n", "3", "--policy", "smart"], "no policy 'smart'"),
        (["sim", "escape-of-the-dead", "-n", "0"], "at least 1"),
        (["load", "missing"], "missing.json"),
        (["continue"], "no saved run to continue"),
        (["log", "../etc"], "Slot names use"),
    ],
)
def test_bad_command_lines_get_one_line_and_status_2(capsys, monkeypatch, tmp_path, args, message):
    code, _, err = solo(capsys, monkeypatch, tmp_path, *args)
    assert code == 2 and message in err
    assert len(err.strip().splitlines()) == 1


def test_loading_a_slot_with_no_save_leaves_nothing_behind(capsys, monkeypatch, tmp_path):
    """A mistyped slot made a '.nosuch.lock' (and the save folder) before it was refused."""
    folder = tmp_path / "saves"
    code, _, err = solo(capsys, monkeypatch, folder, "load", "nosuch")
    assert code == 2 and "no save in this slot" in err and not folder.exists()
    new_game(capsys, monkeypatch, folder, "real", 2, "2 1 1\n")
    code, _, err = solo(capsys, monkeypatch, folder, "load", "nosuch")
    assert code == 2 and sorted(p.name for p in folder.iterdir() if "nosuch" in p.name) == []


def test_bad_command_lines_in_a_real_process_end_in_one_line_not_a_traceback(tmp_path):
    """In-process an exception would fail the test by itself; only a real process shows what a player sees."""
    import subprocess
    import sys

    (tmp_path / "bad.json").write_bytes(b"{")
    for args in (["load", "missing"], ["load", "bad"], ["log", "bad", "--html", ""], ["new", "nope"]):
        done = subprocess.run(
            [sys.executable, "-m", "solo", "--save-dir", str(tmp_path), *args],
            capture_output=True,
            text=True,
            input="",
            timeout=60,
        )
        assert done.returncode == 2 and done.stdout == "", args
        assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("solo: "), args


def test_new_refuses_a_slot_that_holds_a_run(capsys, monkeypatch, tmp_path):
    solo(capsys, monkeypatch, tmp_path, "new", "escape-of-the-dead", "--slot", "mine", stdin="2 1 1\n")
    before = (tmp_path / "mine.json").read_bytes()
    code, _, err = solo(capsys, monkeypatch, tmp_path, "new", "escape-of-the-dead", "--slot", "mine")
    assert code == 2 and "already holds a run" in err and "mine-2" in err
    assert (tmp_path / "mine.json").read_bytes() == before


def test_continue_picks_the_latest_and_load_a_named_one(capsys, monkeypatch, tmp_path):
    new_game(capsys, monkeypatch, tmp_path, "old", 1, "2 1 1\n")
    new_game(capsys, monkeypatch, tmp_path, "new", 1, "0 0 4\n")
    code, out, _ = solo(capsys, monkeypatch, tmp_path, "continue", stdin="1 1 2\n")
    assert code == 0 and "Saved in slot 'new'" in out
    assert SaveStore(tmp_path).read("new").keys == ["alloc:0-0-4", "alloc:1-1-2"]
    code, out, _ = solo(capsys, monkeypatch, tmp_path, "load", "old", stdin="1 1 2\n")
    assert SaveStore(tmp_path).read("old").keys == ["alloc:2-1-1", "alloc:1-1-2"]


def test_save_load_continue_equals_uninterrupted_play(capsys, monkeypatch, tmp_path):
    moves = ["2 1 1", "1 1 2", "0 1 3", "2 0 2", "1 2 1", "0 0 4"]
    new_game(
        capsys,
        monkeypatch,
        tmp_path / "one",
        "x",
        5,
        "\n".join(moves) + "\n",
    )
    new_game(
        capsys,
        monkeypatch,
        tmp_path / "two",
        "x",
        5,
        "\n".join(moves[:3]) + "\nquit\n",
    )
    solo(capsys, monkeypatch, tmp_path / "two", "continue", "x", stdin="\n".join(moves[3:]) + "\n")
    one = SaveStore(tmp_path / "one").read("x")
    two = SaveStore(tmp_path / "two").read("x")
    assert one.keys == two.keys and one.log == two.log and one.state == two.state


DAMAGED = {
    "truncated": b'{"format": "solo-save", "schema": 1, "game": "escape-of-the-de',
    "empty": b"",
    "garbage": b"\x89PNG\r\n\x1a\n\x00\x00",
    "foreign": b'{"name": "some other program"}',
    "newer": b'{"format": "solo-save", "schema": 99}',
    "wrongtype": None,  # filled in below from a real save, hand-edited
    "wronggame": None,
    "editedstate": None,
}


@pytest.mark.parametrize("kind", list(DAMAGED))
def test_damaged_saves_get_one_line_and_are_never_touched(capsys, monkeypatch, tmp_path, kind):
    new_game(capsys, monkeypatch, tmp_path, "good", 2, "2 1 1\n")
    good = json.loads((tmp_path / "good.json").read_text())
    data = DAMAGED[kind]
    if kind == "wrongtype":
        good["seed"] = "seven"
        data = json.dumps(good).encode()
    elif kind == "wronggame":
        good["game"] = "monopoly"
        data = json.dumps(good).encode()
    elif kind == "editedstate":
        good["state"]["barricade"] = 10 if good["state"]["barricade"] != 10 else 9
        data = json.dumps(good).encode()
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    for args in (["load", "bad"], ["continue", "bad"], ["log", "bad"]):
        code, out, err = solo(capsys, monkeypatch, tmp_path, *args, stdin="2 1 1\n")
        assert code == 2, (kind, args, out)
        assert "bad.json" in err and len(err.strip().splitlines()) == 1
        assert path.read_bytes() == data
    code, out, _ = solo(capsys, monkeypatch, tmp_path, "list")
    assert "bad" in out and "damaged" in out and "good" in out


def test_list_shows_slot_game_turn_state_and_time(capsys, monkeypatch, tmp_path):
    code, out, _ = solo(capsys, monkeypatch, tmp_path, "list")
    assert code == 0 and "No saves yet" in out
    new_game(capsys, monkeypatch, tmp_path, "one", 2, "2 1 1\n")
    code, out, _ = solo(capsys, monkeypatch, tmp_path, "list")
    assert "Slot: one; Game: escape-of-the-dead; Turn: 2; State: running; Last played: 20" in out


def test_log_shows_and_exports_the_narrated_run(capsys, monkeypatch, tmp_path):
    new_game(capsys, monkeypatch, tmp_path / "saves", "r", 2, "2 1 1\nundo\n1 1 2\n")
    code, out, _ = solo(capsys, monkeypatch, tmp_path / "saves", "log", "r")
    assert code == 0 and "-- Nightfall --" in out and "-- Turn 2 --" in out and "still going" in out
    assert "-- Taken back --" in out
    (tmp_path / "exports").mkdir()
    for flag, name, marker in (
        ("--html", "r.html", "<html"),
        ("--markdown", "r.md", "## Turn 2"),
        ("--text", "r.txt", "-- Turn 2 --"),
    ):
        target = tmp_path / "exports" / name
        code, out, _ = solo(capsys, monkeypatch, tmp_path / "saves", "log", "r", flag, str(target))
        assert code == 0 and marker in target.read_text() and str(target) in out
    code, out, _ = solo(capsys, monkeypatch, tmp_path / "saves", "log", "r", "--brief")
    assert "Dice: lawn 1, barricade 1, garage 2." in out


def test_sim_json_reports_the_figures(capsys, monkeypatch, tmp_path):
    code, out, _ = solo(
        capsys, monkeypatch, tmp_path, "sim", "escape-of-the-dead", "-n", "300", "--seed", "9", "--json"
    )
    result = json.loads(out)
    assert code == 0 and result["games"] == 300 and 0 <= result["wins"] <= 300
    assert (
        result["win_rate"] == result["wins"] / 300
        and result["mean_turns"] > 1
        and result["games_per_second"] > 0
    )
    _, again, _ = solo(
        capsys, monkeypatch, tmp_path, "sim", "escape-of-the-dead", "-n", "300", "--seed", "9", "--json"
    )
    assert json.loads(again)["wins"] == result["wins"]


def test_sim_table(capsys, monkeypatch, tmp_path):
    code, out, _ = solo(
        capsys, monkeypatch, tmp_path, "sim", "escape-of-the-dead", "-n", "50", "--policy", "random"
    )
    assert code == 0 and "Win rate" in out and "95% interval" in out and "policy random" in out


def test_games_lists_seats_options_and_policies(capsys, monkeypatch, tmp_path):
    code, out, _ = solo(capsys, monkeypatch, tmp_path, "games")
    assert code == 0 and "escape-of-the-dead" in out and "seat survivor" in out
    assert "-o barricade=" in out and "heuristic" in out
    # every seat of every game can be played by the search (issue 17), and solo games says so
    policies = [line for line in out.splitlines() if line.startswith("policies")]
    assert len(policies) == 5 and all("search (as hard searches); or a level: easy, normal, hard" in line for line in policies)


def test_menu_new_game_with_defaults(capsys, monkeypatch, tmp_path):
    code, out, _ = solo(capsys, monkeypatch, tmp_path, stdin="9\n1\n\n7\nchoose\n2 1 1\nall\nquit\n")
    assert code == 0 and "is not on the menu" in out
    record = SaveStore(tmp_path).read("escape-of-the-dead")
    assert record.options == {"barricade": "7", "roll_order": "choose"}
    assert record.keys[:2] == ["alloc:2-1-1", "roll:all"]


def test_menu_continue_list_and_quit(capsys, monkeypatch, tmp_path):
    code, out, _ = solo(capsys, monkeypatch, tmp_path, stdin="3\n6\n")
    assert "no saved run yet" in out
    solo(capsys, monkeypatch, tmp_path, "new", "escape-of-the-dead", "--slot", "m", stdin="2 1 1\n")
    code, out, _ = solo(capsys, monkeypatch, tmp_path, stdin="5\n3\nquit\n")
    assert code == 0 and "Slot: m" in out and "Saved in slot 'm'" in out


def test_save_dir_after_the_subcommand_and_from_the_environment(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("2 1 1\n"))
    assert main(["new", "escape-of-the-dead", "--slot", "here", "--save-dir", str(tmp_path / "a")]) == 0
    assert SaveStore(tmp_path / "a").exists("here")
    monkeypatch.setenv("SOLO_SAVE_DIR", str(tmp_path / "env"))
    monkeypatch.setattr("sys.stdin", io.StringIO("2 1 1\n"))
    assert main(["new", "escape-of-the-dead", "--slot", "there"]) == 0
    assert SaveStore(tmp_path / "env").exists("there")
    capsys.readouterr()


LINES = [
    ["new", "escape-of-the-dead", "--seed", "7", "-o", "barricade=7", "-o", "x=y", "--fresh"],
    ["--save-dir", "list", "new", "final-girl", "--slot", "a"],
    ["--save", "list", "games"],
    ["--save-dir=list", "--plain", "log", "s1", "--html", "out.html", "--brief"],
    ["--plain", "sim", "slaughterhouse", "-n", "5", "--json", "--seat", "family"],
    ["continue"],
    ["load", "slot"],
    ["games", "--save-dir", "x"],
    [],
]


@pytest.mark.parametrize("argv", LINES, ids=" ".join)
def test_building_only_the_named_command_parses_a_line_as_building_all_would(argv):
    from solo.cli import _parser

    assert vars(_parser(argv).parse_args(argv)) == vars(_parser([]).parse_args(argv))


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["new", "x"], "new"),
        (["--save-dir", "new", "list"], "list"),
        (["--save", "list", "games"], "games"),
        (["--plain", "--save-dir=d", "sim", "g"], "sim"),
        (["nwe"], None),
        (["--help"], None),
        ([], None),
    ],
)
def test_the_named_command_is_the_first_word_that_is_not_an_option_or_the_save_folder(argv, named):
    from solo.cli import _named_command

    assert _named_command(argv) == named


def test_a_mistyped_command_still_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["nwe", "escape-of-the-dead"])
    err = capsys.readouterr().err
    assert all(c in err for c in ("'new'", "'continue'", "'load'", "'list'", "'log'", "'sim'", "'games'"))


def test_the_program_pauses_the_collector_only_while_it_loads(monkeypatch, capsys):
    import gc
    import sys

    from solo.cli import entry

    monkeypatch.setattr(sys, "argv", ["solo", "games"])
    try:
        assert entry() == 0
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0  # what loading made is out of the collector's sight
    finally:
        gc.unfreeze()
    assert "escape-of-the-dead" in capsys.readouterr().out


def test_an_export_into_a_folder_that_does_not_exist_is_refused_and_makes_nothing(capsys, monkeypatch, tmp_path):
    """'--html /nonexistent/dir/x.html' made the folders and said 'Wrote...': a typo went unnoticed."""
    new_game(capsys, monkeypatch, tmp_path / "saves", "r", 2, "2 1 1\n")
    target = tmp_path / "no-such" / "dir" / "x.html"
    code, _, err = solo(capsys, monkeypatch, tmp_path / "saves", "log", "r", "--html", str(target))
    assert code == 2 and "there is no folder" in err and not (tmp_path / "no-such").exists()
