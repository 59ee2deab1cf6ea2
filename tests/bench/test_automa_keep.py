"""bench/automa.py --keep: a run stopped in one sitting goes on in the next from the results it kept, and only
from results played by the same code (issue 17's run of record is longer than a sitting)."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def automa(bench_script, monkeypatch):
    module = bench_script("automa")
    monkeypatch.setattr(module, "JOBS", 1)
    return module


def test_a_kept_result_is_not_played_again_and_comes_back_as_played(automa, tmp_path):
    calls: list[int] = []

    def work(n: int) -> tuple[int, tuple[str, ...]]:
        calls.append(n)
        return n * n, ("w",)

    kept = tmp_path / "run.jsonl"
    automa.KEPT = automa.Kept(kept)
    first = automa.spread(work, [(1,), (2,)])
    assert calls == [1, 2] and first == [[1, ["w"]], [4, ["w"]]]

    automa.KEPT = automa.Kept(kept)  # a later sitting
    again = automa.spread(work, [(1,), (2,), (3,)])
    assert calls == [1, 2, 3], "only the game not kept is played"
    assert again == [[1, ["w"]], [4, ["w"]], [9, ["w"]]]
    assert len(automa.KEPT.sittings) == 2


def test_results_of_other_code_and_a_cut_line_are_not_used(automa, tmp_path):
    calls: list[int] = []

    def work(n: int) -> int:
        calls.append(n)
        return -n

    kept = tmp_path / "run.jsonl"
    key = automa._key(work, (5,))
    other = {"code": "not this code", "sitting": 0.0, "at": 1.0, "key": key, "result": 99}
    kept.write_text(json.dumps(other) + "\n" + '{"code": "cut sh')
    automa.KEPT = automa.Kept(kept)
    assert automa.KEPT.other == 1 and automa.KEPT.found == {}
    assert automa.spread(work, [(5,)]) == [-5] and calls == [5]
    assert automa.Kept(kept).found == {key: -5}


def test_the_fingerprint_follows_the_code_that_plays(automa, monkeypatch):
    before = automa.fingerprint()
    assert automa.fingerprint() == before
    monkeypatch.setattr(automa, "SAMPLES", 7)
    assert automa.fingerprint() != before


def test_the_fingerprint_reads_the_code_and_data_not_the_markdown(automa, monkeypatch, tmp_path):
    for folder in ("engines", "solo", "bench"):
        (tmp_path / folder).mkdir()
    (tmp_path / "engines" / "rules.py").write_text("A = 1\n")
    (tmp_path / "engines" / "deck.toml").write_text("cards = 3\n")
    (tmp_path / "engines" / "RULES.md").write_text("# the rules\n")
    monkeypatch.setattr(automa, "HERE", tmp_path / "bench")
    before = automa.fingerprint()
    (tmp_path / "engines" / "RULES.md").write_text("# the rules, reworded\n")
    assert automa.fingerprint() == before
    (tmp_path / "engines" / "deck.toml").write_text("cards = 4\n")
    assert automa.fingerprint() != before


def test_each_sittings_speed_is_kept_and_told(automa, tmp_path):
    kept = tmp_path / "run.jsonl"
    automa.KEPT = automa.Kept(kept)
    automa.KEPT.note_speed(98.4)
    automa.spread(lambda n: n, [(1,)])
    later = automa.Kept(kept)
    assert later.speeds == {automa.KEPT.started: 98.4} and len(later.found) == 1
    assert "(1 result; the machine at 98 heuristic Tall Oaks games a CPU second)" in later.told()


def test_the_speed_is_games_a_cpu_second(automa, monkeypatch):
    monkeypatch.setattr(automa, "YARDSTICK", ("escape-of-the-dead", 3, 1))
    assert automa.speed() > 0


def test_the_yardstick_without_its_pinned_engines_says_the_checkouts_play_it(automa, monkeypatch, capsys):
    monkeypatch.setattr(automa, "YARDSTICK", ("escape-of-the-dead", 3, 1))
    monkeypatch.setattr(automa, "YARDSTICK_CODE", "0" * 40)  # no such commit
    assert automa.speed() > 0
    assert "this checkout's play it" in capsys.readouterr().err
