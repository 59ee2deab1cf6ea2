"""Achievements recorded across runs in the save folder, and shown by the `achievements` command."""

from __future__ import annotations

from repl_harness import Session

from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.registry import get
from saves.keep import Earned, Keepsakes, Kept
from solo import achievements
from solo.run import Run


def finished_final_girl_run(won: bool) -> Run:
    game = get("final-girl")
    for seed in range(200):
        played = play(game, seed, "heuristic")
        if (game.outcome(played.state).result == "won") == won:
            run = Run(game, seed, resolve_options(game, {}), game.person_seats[0])
            for key in played.keys:
                run.choose(key)
            return run
    raise AssertionError("no such game in 200 seeds")


def test_a_won_run_records_its_achievements_once(tmp_path):
    run = finished_final_girl_run(won=True)
    keep = Keepsakes(tmp_path)
    earned, fresh = achievements.record(keep, run, "slot1")
    assert "marrek_win" in earned and fresh == earned
    again, fresh_again = achievements.record(keep, run, "slot1")
    assert again == earned and fresh_again == []
    data = keep.read("final-girl")
    assert set(data.achievements) == set(earned) and data.runs == {f"slot1@{run.created}": "won"}


def test_a_running_game_records_nothing(tmp_path):
    game = get("final-girl")
    run = Run(game, 1, resolve_options(game, {}), game.person_seats[0])
    assert achievements.record(Keepsakes(tmp_path), run, "s") == ([], [])
    assert Keepsakes(tmp_path).read("final-girl") == Kept()


def test_the_repl_announces_and_lists_them(tmp_path):
    run = finished_final_girl_run(won=True)
    s = Session(tmp_path, run=run).lines("achievements")
    assert "Achievement (new!):" in s.out
    assert "-- Achievements: Final Girl: The Marrek Murders --" in s.out
    assert "earned; 1 finished run recorded, 1 won." in s.out


def test_a_game_without_achievements_says_so(tmp_path, monkeypatch):
    """Every shipped game has a sheet now; one without (as a new game might be) says so in one line."""
    monkeypatch.setattr("solo.achievements.offered", lambda run: False)
    s = Session(tmp_path).lines("achievements")
    assert "Escape of the Dead has no achievements." in s.out


def test_escape_of_the_dead_lists_its_designed_sheet(tmp_path):
    s = Session(tmp_path).lines("achievements")
    assert "First light: escape the house." in s.out and "0 of 8 earned" in s.out


def test_the_table_counts_only_the_achievements_the_game_has(tmp_path):
    game = get("final-girl")
    keep = Keepsakes(tmp_path)
    day = Earned(first="2026-11-30T10:00:00+00:00", slot="s")
    keep.write("final-girl", Kept(achievements={"marrek_win": day, "retired-one": day}, runs={"s@t": "won"}))
    rows, note = achievements.table(keep, Run(game, 1, resolve_options(game, {}), game.person_seats[0]))
    assert note == f"1 of {len(game.achievements)} earned; 1 finished run recorded, 1 won."
    assert [row[1] for row in rows].count("2026-11-30") == 1 and len(rows) == len(game.achievements)


class _Without:
    """A shipped game seen without some of its members, as a new game without them would be."""

    def __init__(self, game: object, *missing: str, **replaced: object):
        self._game, self._missing, self._replaced = game, missing, replaced

    def __getattr__(self, name: str) -> object:
        if name in self._missing:
            raise AttributeError(name)
        if name in self._replaced:
            return self._replaced[name]
        return getattr(self._game, name)


def test_only_a_game_with_a_sheet_and_earned_offers_them(tmp_path):
    """The optional members are checked together: without either, or with an empty sheet, a finished run
    records nothing and shows nothing; with both and no long record, only `earned` counts."""
    run = finished_final_girl_run(won=True)
    game = run.game
    for stand_in in (_Without(game, "earned"), _Without(game, "achievements"), _Without(game, achievements={})):
        run.game = stand_in
        assert not achievements.offered(run) and achievements.texts(run) == {}
        assert achievements.record(Keepsakes(tmp_path), run, "s") == ([], [])
    assert Keepsakes(tmp_path).read("final-girl") == Kept()
    run.game = _Without(game, "remember", "earned_across")
    earned, _ = achievements.record(Keepsakes(tmp_path), run, "s")
    assert earned == game.earned(run.log) and Keepsakes(tmp_path).read("final-girl").memory == {}


def test_the_five_locations_achievement_shows_its_progress_and_why_it_cannot_complete_here(tmp_path):
    """Issue 49: it can never be earned in a one-Location box, and nothing showed its progress."""
    game = get("final-girl")
    text = game.achievements["tormentor_five_locations"]
    running = Run(game, 1, resolve_options(game, {}), game.person_seats[0])
    rows, _ = achievements.table(Keepsakes(tmp_path), running)
    assert [text + " (0 of 5 Locations; this box has 1 Location (the Marrek Warehouse), so the other 4 can come "
            "only from other Final Girl boxes)", "-"] in rows
    won = finished_final_girl_run(won=True)
    achievements.record(Keepsakes(tmp_path), won, "w")
    rows, _ = achievements.table(Keepsakes(tmp_path), won)
    (row,) = [r for r in rows if r[0].startswith(text)]
    assert "(1 of 5 Locations;" in row[0] and row[1] == "-"
    s = Session(tmp_path, run=won).lines("achievements")
    assert "1 of 5 Locations" in " ".join(s.out.split())
