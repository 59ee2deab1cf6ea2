"""Slaughterhouse names no winner (rulebook, End of Game: "There are no winners—there are only survivors"):
the end panel tells each Trespasser's fate and the scenario's objective, never "you won" or "you lost", and the
record keeps each seat's nights in counts, escapes and kills (issue 49)."""

from __future__ import annotations

import io

from repl_harness import Session

from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.registry import get
from saves.keep import Keepsakes
from solo import stats, summary
from solo.run import Run

GAME = get("slaughterhouse")


def _finished(seat: str, seed: int) -> tuple[Run, list[str]]:
    """A run one choice from its end, and what to type for that choice at the prompt (nothing where the
    automa makes it: it is made here)."""
    keys = play(GAME, seed).keys
    run = Run(GAME, seed, resolve_options(GAME, {}), seat)
    for key in keys[:-1]:
        run.choose(key)
    d = run.decision()
    if d.seat != seat:
        run.choose(keys[-1])
        return run, []
    return run, [str(d.keys().index(keys[-1]) + 1)]


def test_the_end_panel_tells_the_night_and_names_no_winner(tmp_path):
    for seat, seed in (("trespassers", 1), ("sawyer", 1), ("trespassers", 0)):
        run, last = _finished(seat, seed)
        s = Session(tmp_path / f"{seat}{seed}", run=run).plain_lines(*last, "quit")
        assert s.run.outcome() is not None, (seat, seed)
        panel = summary.summarize(s.run)
        assert panel.title == "The night is over: The Texas Chainsaw Massacre: Slaughterhouse" and panel.won is None
        assert "You won" not in s.out and "You lost" not in s.out
        ending = dict(panel.lines())["Ending"]
        tally = GAME.tally(s.run.state)
        assert f"{GAME.title.split(':')[0]}" not in ending and "Who Will Survive?: " in ending
        assert ("met" if tally["objective"] == "met" else "not met") in ending


def test_the_record_keeps_each_seats_escapes_and_kills_not_a_win(tmp_path):
    run, last = _finished("trespassers", 1)
    s = Session(tmp_path, run=run).plain_lines(*last, "quit")
    tally = GAME.tally(s.run.state)
    (entry,) = Keepsakes(tmp_path).read("slaughterhouse").finished.values()
    assert entry.result == stats.ENDED and entry.seat == "trespassers"
    assert {k: entry.options[f"night {k}"] for k in ("escaped", "killed", "of", "objective")} == tally
    escaped, killed, of = (int(tally[k]) for k in ("escaped", "killed", "of"))
    assert escaped + killed == of
    said = f"Your nights as the Trespassers: 1; {escaped} of {of} Trespassers escaped, {killed} killed"
    assert said in s.out and "won of" not in s.out
    from solo import achievements

    _, note = achievements.table(Keepsakes(tmp_path), s.run)
    assert note.endswith("1 finished run recorded.") and "won" not in note  # no win counted where none is named
    record = stats.summary("slaughterhouse", [entry])
    assert record["nights"]["trespassers"] == {"nights": 1, "escaped": escaped, "killed": killed, "of": of,
                                              "met": int(tally["objective"] == "met"), "uncounted": 0}


def test_solo_stats_shows_nights_by_seat_and_no_win_rate(tmp_path):
    from solo.app import _show_record
    from solo.screen import Screen, make_console

    run, last = _finished("trespassers", 1)
    Session(tmp_path, run=run).plain_lines(*last, "quit")
    runs = list(Keepsakes(tmp_path).read("slaughterhouse").finished.values())
    out = io.StringIO()
    _show_record(Screen(make_console(True, file=out), True), stats.summary("slaughterhouse", runs))
    text = out.getvalue()
    assert "Nights: 1" in text and "As the Trespassers: 1 nights;" in text and "escaped" in text
    assert "Win rate" not in text and "won" not in text


def test_the_engine_tallies_a_finished_night():
    state, _ = GAME.setup(1, {})
    assert GAME.tally(state) is None
    played = play(GAME, 1)
    tally = GAME.tally(played.state)
    assert tally["of"] == "2" and int(tally["escaped"]) + int(tally["killed"]) == 2
    assert tally["objective"] in ("met", "not met")
