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


def test_the_review_of_escape_of_the_dead_gives_the_exact_solutions_figures_at_every_decision(tmp_path):
    from engines.escape_of_the_dead import solver
    from solo import review

    s = finish(tmp_path, 3, "r3")
    run = s.run
    found = review.review(run)
    table = solver.load_table()
    game = run.game
    state, _ = game.setup(run.seed, run.options)
    n = 0
    for key in run.keys:
        d = game.decision(state)
        v = game.view(state, run.seat)
        if d.kind == "assign":
            values = table.split_values(v.zombies, v.barricade, v.repairs, v.kills)
        elif d.kind == "reward":
            values = table.reward_values(v.barricade, v.zombies, v.repairs, v.kills)
        else:
            values = None
        if values is not None:
            step = found.steps[n]
            top = max(values.values())
            assert (step.after_choice.win, step.after_best.win, step.before.win) == (values[key], top, top)
            n += 1
        game.apply(state, key)
    assert n == len(found.steps) > 10
    assert not any(step.mistake for step in found.steps)  # the optimal policy never loses half a point
    text = review.lines(found, 80)
    assert all(len(line) <= 80 for line in text) and "No mistakes (a mistake is a choice half a point" in "\n".join(text)


def test_solo_review_reads_without_writing_and_says_when_a_game_cannot_be_reviewed(tmp_path, capsys, monkeypatch):
    finish(tmp_path, 2, "r2")
    before = {p.name: p.stat().st_mtime_ns for p in tmp_path.rglob("*")}
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--save-dir", str(tmp_path), "review", "r2"]) == 0
    out = capsys.readouterr().out
    assert "Decision by decision" in out and "The decisive rolls" in out
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.rglob("*")} == before
    from engines.core.contract import resolve_options
    from engines.registry import get

    fg = get("final-girl")
    Session(tmp_path, Run(fg, 1, resolve_options(fg, {}), "final_girl"), slot="fg").plain_lines("quit")
    assert main(["--save-dir", str(tmp_path), "review", "fg", "--samples", "0"]) == 2
    assert "--samples" in capsys.readouterr().err


def test_solo_review_of_a_larger_game_comes_from_the_search_with_its_error_and_only_reads_the_save(
    tmp_path, capsys, monkeypatch
):
    """Issue 18: the four larger games are reviewed from the search, each figure with the error stated, the
    same every time, within 80 columns; the save itself is only read (its figures are kept beside it)."""
    from engines.core.contract import resolve_options
    from engines.registry import get

    game = get("slaughterhouse")
    run = Run(game, 3, resolve_options(game, {}), "trespassers")
    run.step_automa()
    Session(tmp_path, run, slot="tcm").plain_lines("1", "1", "1", "1", "1", "1", "quit")
    saved = {p.name: p.stat().st_mtime_ns for p in tmp_path.glob("tcm.*")}
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    outs = []
    for _ in range(2):
        assert main(["--save-dir", str(tmp_path), "review", "tcm", "--samples", "2", "--jobs", "1"]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]
    out = " ".join(outs[0].split())
    assert "the chance of winning from the playouts, with its 95% range" in out and "up to 2 a choice" in out
    numbered = [line for line in outs[0].splitlines() if line[:4].strip().rstrip(".").isdigit()]
    assert numbered and all("%" in line for line in numbered)
    assert all(len(line) <= 80 for line in outs[0].splitlines())
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.glob("tcm.*")} == saved  # the save is only read


def test_replay_steps_forward_and_back_and_never_writes(tmp_path, capsys, monkeypatch):
    s = finish(tmp_path, 4, "r4")
    before = {p.name: p.stat().st_mtime_ns for p in tmp_path.rglob("*")}
    monkeypatch.setattr("sys.stdin", io.StringIO("n\nn\np\nt 3\nwhat\nq\n"))
    assert main(["--save-dir", str(tmp_path), "replay", "r4"]) == 0
    out = capsys.readouterr().out
    shown = [line.split(":")[0] for line in out.splitlines() if line.startswith("Decision ")]
    total = len(s.run.keys)
    assert shown == [f"Decision {n} of {total}, turn {t}" for n, t in ((1, 1), (2, 2), (3, 3), (2, 2), (3, 3))]
    assert "'what' is not a replay key." in out
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.rglob("*")} == before


def test_the_record_is_broken_down_by_the_automa_level_where_a_seat_plays_against_you(tmp_path, capsys, monkeypatch):
    """Issue 18: the stats have an automa-level facet (the level is kept with each finished run)."""
    from engines.core.autoplay import play
    from engines.core.contract import resolve_options
    from engines.registry import get
    from solo import stats as record

    game = get("slaughterhouse")
    keep = Keepsakes(tmp_path)
    for seed, level in ((1, "easy"), (2, "normal"), (3, "easy")):
        run = Run(game, seed, resolve_options(game, {}), "trespassers", automa=level)
        for key in play(game, seed, {"trespassers": "heuristic", "sawyer": level}).keys:  # as the run's automa
            run.choose(key)
        assert run.outcome() is not None
        record.record(keep, run, f"r{seed}")
    (found,) = stats(capsys, monkeypatch, tmp_path, "slaughterhouse")["games"]
    assert {level: cell["plays"] for level, cell in found["by"]["automa"].items()} == {"easy": 2, "normal": 1}
    eotd = finish(tmp_path, 0, "e0")  # a game with no automa to set has no such facet
    assert eotd.run.outcome() is not None
    (alone,) = stats(capsys, monkeypatch, tmp_path, "escape-of-the-dead")["games"]
    assert "automa" not in alone["by"]
