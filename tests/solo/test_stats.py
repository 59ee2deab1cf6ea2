"""A player's record (issue 18, items 1 and 5): every finished run counted once, by game and by choice."""

from __future__ import annotations

import io
import json

from repl_harness import Session, new_run

from saves.keep import Keepsakes
from solo.cli import main
from solo.run import Run


def finish(root, seed: int, slot: str) -> Session:
    """An Escape of the Dead run played to its end with the optimal policy's choices."""
    from engines.core.autoplay import play
    from engines.registry import get

    played = play(get("escape-of-the-dead"), seed, "optimal", {"barricade": "10", "roll_order": "card"})
    keys = played.keys
    run = new_run(seed=seed)
    lines = []
    for key in keys:
        d = run.decision()
        lines.append(str(d.keys().index(key) + 1))
        run.choose(key)
    return Session(root, new_run(seed=seed), slot=slot).plain_lines(*lines)


def stats(capsys, monkeypatch, root, *args: str) -> dict:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--save-dir", str(root), "stats", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_stats_count_each_finished_run_once_with_its_result(tmp_path, capsys, monkeypatch):
    sessions = [finish(tmp_path, seed, f"r{seed}") for seed in range(6)]
    results = [s.run.status() for s in sessions]
    Session(tmp_path, Run.from_record(sessions[0].store.read("r0")), slot="r0").plain_lines("log 1")  # again
    (game,) = stats(capsys, monkeypatch, tmp_path, "escape-of-the-dead")["games"]
    assert game["plays"] == 6 and game["wins"] == results.count("won") and game["losses"] == results.count("lost")
    assert game["last_ten"] == results
    assert game["by"]["barricade"]["10"] == {"plays": 6, "wins": results.count("won")}
    wins = [s.run.game.turn(s.run.state) for s in sessions if s.run.status() == "won"]
    assert game["fastest_win"] == min(wins) and game["longest_win"] == max(wins)
    streak = 0
    for r in reversed(results):
        if r != "won":
            break
        streak += 1
    assert game["streak"] == streak


def test_the_end_of_a_run_says_what_it_changed_in_the_record(tmp_path):
    s = finish(tmp_path, 0, "r0")
    said = "Your first win." if s.run.status() == "won" else "Your record in this game: 0 won of 1 played."
    assert said in s.out


def test_a_damaged_keep_file_is_named_in_one_line_and_the_other_games_still_count(tmp_path, capsys, monkeypatch):
    finish(tmp_path, 1, "r1")
    bad = Keepsakes(tmp_path).path("final-girl")
    bad.write_text('{"format": "solo-keep", "schema": 1, "game": "final-girl", "data": {"finished": 3}}')
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--save-dir", str(tmp_path), "stats", "--json"]) == 0
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and "final-girl.json" in err and "not counted" in err
    assert [g["game"] for g in json.loads(out)["games"]] == ["escape-of-the-dead"]
    assert bad.read_text().endswith('"finished": 3}}')
