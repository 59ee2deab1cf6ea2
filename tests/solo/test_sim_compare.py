"""`solo sim` compares: a policy per seat, the automa's level for the other seats, and --jobs N processes with
the same figures for any N (issue 17)."""

from __future__ import annotations

import io
import json

import pytest

from solo.cli import main

TIMING = ("seconds", "games_per_second")


def sim(capsys, monkeypatch, tmp_path, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(["--save-dir", str(tmp_path), "sim", *args])
    out, err = capsys.readouterr()
    return code, out, err


def figures(capsys, monkeypatch, tmp_path, *args: str) -> dict:
    code, out, err = sim(capsys, monkeypatch, tmp_path, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_each_seat_plays_its_own_policy(capsys, monkeypatch, tmp_path):
    args = ("slaughterhouse", "-n", "12", "--seed", "3")
    mixed = figures(
        capsys, monkeypatch, tmp_path, *args, "--policy", "sawyer=random", "--policy", "trespassers=heuristic"
    )
    assert mixed["policies"] == {"trespassers": "heuristic", "sawyer": "random"}
    assert mixed["policy"] == "trespassers=heuristic, sawyer=random"
    same = figures(capsys, monkeypatch, tmp_path, *args)
    assert (
        same["policies"] == {"trespassers": "heuristic", "sawyer": "heuristic"}
        and same["policy"] == "heuristic"
    )
    assert mixed["wins_by_seat"] != same["wins_by_seat"]  # a random family lets the trespassers out more
    assert mixed["wins_by_seat"]["trespassers"] > same["wins_by_seat"]["trespassers"]


def test_a_bare_policy_is_every_seat_and_a_named_seat_overrides_it(capsys, monkeypatch, tmp_path):
    found = figures(
        capsys,
        monkeypatch,
        tmp_path,
        "slaughterhouse",
        "-n",
        "2",
        "--policy",
        "random",
        "--policy",
        "sawyer=easy",
    )
    assert found["policies"] == {"trespassers": "random", "sawyer": "easy"}


def test_automa_sets_the_seats_but_the_counted_one(capsys, monkeypatch, tmp_path):
    found = figures(capsys, monkeypatch, tmp_path, "mixtape-massacre", "-n", "2", "--automa", "easy")
    assert found["policies"] == {"slasher1": "heuristic", "slasher2": "easy", "slasher3": "easy"}  # 2 rivals
    assert list(found["wins_by_seat"]) == ["slasher1", "slasher2", "slasher3"]
    found = figures(
        capsys, monkeypatch, tmp_path, "slaughterhouse", "-n", "2", "--automa", "easy", "--seat", "sawyer"
    )
    assert found["policies"] == {"trespassers": "easy", "sawyer": "heuristic"} and found["seat"] == "sawyer"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["slaughterhouse", "--policy", "family=random"], "no seat 'family'. Seats: trespassers, sawyer."),
        (
            ["slaughterhouse", "--policy", "random", "--policy", "heuristic"],
            "One bare --policy sets every seat",
        ),
        (["slaughterhouse", "--policy", "sawyer=smart"], "no policy 'smart'"),
        (["slaughterhouse", "--automa", "hardest"], "No automa level 'hardest'"),
        (["escape-of-the-dead", "--automa", "hard"], "has no automa to set"),
        (["mixtape-massacre", "--seat", "slasher5"], "no seat 'slasher5' with these options"),
        (["escape-from-tall-oaks", "-o", "rivals=1", "--policy", "survivor3=search"], "Seats: survivor1, survivor2."),
        (["escape-of-the-dead", "--jobs", "0"], "--jobs takes a number"),
    ],
)
def test_bad_choices_get_one_line(capsys, monkeypatch, tmp_path, args, message):
    code, _, err = sim(capsys, monkeypatch, tmp_path, *args, "-n", "2")
    assert code == 2 and message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "args",
    [
        ("escape-of-the-dead", "-n", "40", "--seed", "5", "--policy", "easy"),
        ("mixtape-massacre", "-n", "6", "--seed", "1", "--automa", "easy", "-o", "rivals=2"),
    ],
)
def test_jobs_change_only_the_timing(capsys, monkeypatch, tmp_path, args):
    one = figures(capsys, monkeypatch, tmp_path, *args, "--jobs", "1")
    two = figures(capsys, monkeypatch, tmp_path, *args, "--jobs", "2")
    for name in TIMING:
        one.pop(name), two.pop(name)
    assert one == two


def test_jobs_give_the_same_table_apart_from_the_speed(capsys, monkeypatch, tmp_path):
    args = ("--plain", "sim", "slaughterhouse", "-n", "4", "--policy", "sawyer=random")

    def table(jobs: str) -> list[str]:
        monkeypatch.setattr("sys.stdin", io.StringIO(""))
        assert main(["--save-dir", str(tmp_path), *args, "--jobs", jobs]) == 0
        out = capsys.readouterr().out
        assert "sawyer=random" in out and "Wins by seat" in out
        return [" ".join(line.split()[:-1]) if "%" in line else line for line in out.splitlines()]

    assert table("1") == table("2")


def test_a_search_where_the_game_has_none_yet_is_one_line(capsys, monkeypatch, tmp_path):
    """Every game has its determinize now; a game added without one is refused in one line, not mid-run."""
    monkeypatch.setattr("solo.automa.searchable", lambda game: game.id != "mixtape-massacre")
    code, _, err = sim(
        capsys, monkeypatch, tmp_path, "mixtape-massacre", "-n", "2", "--policy", "slasher2=search"
    )
    assert code == 2 and "cannot play Mixtape Massacre: Director's Cut yet" in err and err.count("\n") == 1
