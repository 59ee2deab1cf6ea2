"""The hint by search: the best few choices with a win chance, its 95% interval, the expected count and a
reason from the playouts, in 80 columns; Escape of the Dead keeps its exact hint; a spinner only at a
terminal; Ctrl-C cancels (issue 17)."""

from __future__ import annotations

import io
import re
import time

import pytest
from repl_harness import Session
from rich.console import Console

from engines.core.contract import Decision, Option
from engines.core.search import Estimate
from solo import advice
from solo.busy import busy

FIGURE = re.compile(r"\d+% \(\d+-\d+%\)")


def decision(*labels: str) -> Decision:
    return Decision(
        "girl", "act", "What now?", tuple(Option(f"k{i}", label) for i, label in enumerate(labels))
    )


def estimate(key, label, win, value=None, **facts) -> Estimate:
    return Estimate(key, label, 64, win, max(0.0, win - 0.07), min(1.0, win + 0.07), value, facts)


FOUND = [
    estimate("k2", "hide in the barn", 0.62, 1.8, **{"Victims saved": 1.8, "health left": 2.0}),
    estimate("k0", "run for the woods", 0.48, 1.1, **{"Victims saved": 1.1, "health left": 2.1}),
    estimate(
        "k1",
        "a very long label that goes on and on about what the girl does " * 2,
        0.30,
        0.7,
        **{"Victims saved": 0.7, "health left": 1.0},
    ),
    estimate("k3", "wait", 0.10, 0.2, **{"Victims saved": 0.2, "health left": 0.5}),
]


def test_the_hint_gives_percentages_intervals_counts_and_a_reason():
    d = decision("run for the woods", "long", "hide in the barn", "wait")
    lines = advice.lines(FOUND, d, 80)
    assert lines[0] == "Hint: 3. hide in the barn"
    rows = [line for line in lines[1:] if FIGURE.search(line)]
    assert [FIGURE.search(r).group() for r in rows] == ["62% (55-69%)", "48% (41-55%)", "30% (23-37%)"]
    assert "Victims saved 1.8" in rows[0] and "Victims saved 1.1" in rows[1]  # the count goal, named
    assert not any("wait" in line for line in lines)  # only the best three
    why = next(i for i, line in enumerate(lines) if line.startswith("Why: "))
    assert lines[why] == "Why: its chance is 62%, against 48% for choice 1; more Victims are saved (1.8"
    assert lines[why + 1] == "     against 1.1 on average)."
    assert all(len(line) <= 80 for line in lines)
    for width in (80, 40):
        narrow = advice.lines(FOUND, d, width)
        assert all(len(line) <= width for line in narrow)
        assert "..." not in " ".join(narrow)
        assert [FIGURE.search(r).group() for r in narrow if FIGURE.search(r)][:3] == [
            "62% (55-69%)",
            "48% (41-55%)",
            "30% (23-37%)",
        ]


def test_the_hint_names_each_choice_as_the_list_does_its_number_first_and_never_cut():
    """Issue 49: the hint cut long names with '...'; each is named by its number and its label whole (the label
    the choice list shows), a long one on lines of its own with its figures under it."""
    d = decision("run for the woods", FOUND[2].label, "hide in the barn", "wait")
    lines = advice.lines(FOUND, d, 80)
    text = " ".join(line.strip() for line in lines)
    assert "2. " + " ".join(FOUND[2].label.split()) in text
    assert all("..." not in line for line in lines)
    long_row = next(i for i, line in enumerate(lines) if line.startswith("  2. a very long label"))
    assert FIGURE.search(lines[long_row + 2]).group() == "30% (23-37%)"  # the name on two lines, then its figures


def test_a_hint_without_a_count_or_a_difference_says_so():
    found = [estimate("k0", "left", 0.5), estimate("k1", "right", 0.5)]
    lines = advice.lines(found, decision("left", "right"), 80)
    assert "expected" not in " ".join(lines)
    assert "barely tell it from choice 2 (50% each)" in lines[-2]
    assert advice.reason(found[:1], {"k0": 1}) == "it is the only choice."


def test_the_reason_names_what_the_playouts_measured_and_follows_their_numbers():
    def why(best: dict, other: dict, win=(0.6, 0.5), seat="girl") -> str:
        found = [estimate("k0", "a", win[0], **best), estimate("k1", "b", win[1], **other)]
        return advice.reason(found, {"k0": 1, "k1": 2}, seat)

    saved = why({"Victims saved": 2.0, "health left": 3.0}, {"Victims saved": 1.0, "health left": 3.0})
    assert (
        saved
        == "its chance is 60%, against 50% for choice 2; more Victims are saved (2.0 against 1.0 on average)."
    )
    health = why({"Victims saved": 1.0, "health left": 3.0}, {"Victims saved": 1.0, "health left": 2.0})
    assert "you keep more health (3.0 against 2.0" in health and "Victims" not in health
    both = why({"Victims dead": 1.0, "health left": 3.0}, {"Victims dead": 3.0, "health left": 2.0})
    assert "fewer Victims die (1.0 against 3.0 on average) and you keep more health (3.0 against 2.0)" in both
    cost = why({"Victims saved": 1.0}, {"Victims saved": 2.0})  # wins more, yet saves fewer: said as a cost
    assert (
        cost
        == "its chance is 60%, against 50% for choice 2, though fewer Victims are saved (1.0 against 2.0 on average)."
    )
    assert (
        why({"Victims saved": 1.0}, {"Victims saved": 1.0}) == "its chance is 60%, against 50% for choice 2."
    )
    even = why({"health left": 2.0}, {"health left": 1.0}, win=(0.5, 0.5))
    assert (
        even == "it wins as often as choice 2 (50%), but you keep more health (2.0 against 1.0 on average)."
    )
    # a difference too small to show, or on a fact with no better side, is no reason
    assert "health" not in why({"health left": 2.02}, {"health left": 2.0})
    assert "rounds" not in why({"rounds": 9.0}, {"rounds": 5.0})
    # the same fact reads the other way for the other side of the table
    out = {"Trespassers escaped": 2.0}, {"Trespassers escaped": 1.0}
    assert "more Trespassers escape" in why(*out, seat="trespassers")
    assert "though more Trespassers escape" in why(*out, seat="sawyer")
    share = why({"Final Rescue token": 0.6}, {"Final Rescue token": 0.25})
    assert "Final Rescue token more often (60% against 25% of playouts)" in share


@pytest.mark.parametrize(
    "game_id", ["final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"]
)
def test_every_fact_a_game_reports_has_words(game_id):
    from engines.core import search
    from engines.registry import get

    game = get(game_id)
    state, _ = game.setup(1, {})
    seats = {game.decision(state).seat, *game.person_seats}
    for seat in seats:
        assert set(search.hidden_of(game).facts(state, seat)) <= set(advice.SAID)


def test_the_figures_are_drawn_toward_the_decisions_rate_by_how_little_they_rest_on():
    def tallied(n: int, *wins: int) -> list[Estimate]:
        return [Estimate(f"k{i}", "x", n, w / n, 0.0, 1.0, None, {}) for i, w in enumerate(wins)]

    raw = tallied(24, 24, 12, 0)
    shown = advice.figures(raw)
    assert [e.key for e in shown] == ["k0", "k1", "k2"]  # the search's order is kept
    assert 0.5 < shown[0].win < 1.0 and shown[1].win == pytest.approx(0.5) and 0.0 < shown[2].win < 0.5
    assert all(e.low <= e.win <= e.high for e in shown) and shown[0].high < 1.0 < 1.0 + shown[2].low
    more = advice.figures(tallied(96, 96, 48, 0))
    assert more[0].win > shown[0].win and more[2].win < shown[2].win  # more playouts, less shrink
    lucky = advice.figures(tallied(24, 24, 24))  # a decision that won every sample: drawn toward even odds
    assert 0.5 < lucky[0].win < 1.0
    assert advice.figures([]) == []


def test_each_game_draws_its_figures_back_by_its_own_strengths():
    raw = [Estimate("k0", "x", 24, 1.0, 0.0, 1.0, None, {}), Estimate("k1", "x", 24, 0.5, 0.0, 1.0, None, {})]
    fg, tcm = advice.figures(raw, "final-girl"), advice.figures(raw, "slaughterhouse")
    assert advice.SHRINKS["final-girl"].choice > advice.SHRINKS["slaughterhouse"].choice
    assert 0.5 < fg[0].win < tcm[0].win < 1.0  # Final Girl's choices differ least: drawn back hardest
    assert advice.figures(raw, "no-such-game") == advice.figures(raw)  # the default strengths
    assert advice.figures(raw, "final-girl", advice.SHRINKS["slaughterhouse"]) == tcm  # given strengths win
    assert set(advice.SHRINKS) == {"final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"}


@pytest.mark.parametrize(
    "game_id, rules",
    [
        ("final-girl", "final_girl"),
        ("slaughterhouse", "slaughterhouse"),
        ("mixtape-massacre", "mixtape/directors_cut"),
        ("escape-from-tall-oaks", "mixtape/tall_oaks"),
    ],
)
def test_each_rules_md_gives_its_games_hint_strengths(game_id, rules):
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "engines" / rules / "RULES.md").read_text()
    found = re.search(r"pooled rate by (\d+) pseudo-playouts, and that toward even odds by (\d+)", text)
    assert found, "the automa section names the hint's strengths"
    assert (float(found[1]), float(found[2])) == advice.SHRINKS[game_id]


def test_the_repl_hint_is_the_searchs_and_never_moves_the_dice(tmp_path, monkeypatch):
    monkeypatch.setattr(advice, "EXACT", ())  # Escape of the Dead through the search, for its speed
    monkeypatch.setattr(advice, "iterations", lambda game: 16)
    s = Session(tmp_path).lines("hint", "hint")
    blocks = [part.split("intervals.)")[0] for part in s.out.split("Hint: ")[1:]]
    assert len(blocks) == 2 and blocks[0] == blocks[1]  # the same figures each time it is asked
    block = ("Hint: " + blocks[0] + "intervals.)").splitlines()
    assert len([line for line in block if FIGURE.search(line)]) == 3
    assert any(line.startswith("Why: ") for line in block) and "95% interval" in block[-1]
    assert all(len(line) <= 80 for line in block)  # the screen is 100 wide; the hint keeps to 80
    assert s.run.keys == [] and s.run.log == Session(tmp_path / "b").lines().run.log


def test_escape_of_the_dead_keeps_its_exact_hint(tmp_path):
    s = Session(tmp_path).lines("hint")
    exact = s.run.game.hint(s.run.state)
    d = s.run.decision()
    option = d.option(exact.key)
    assert f"Hint: {d.options.index(option) + 1}. {option.label}: {exact.reason}" in s.out
    assert not FIGURE.search(s.out.split("Hint: ")[1])


def test_ctrl_c_cancels_a_hint_and_the_prompt_comes_back(tmp_path, monkeypatch):
    monkeypatch.setattr(advice, "EXACT", ())

    def interrupted(run, d, samples=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(advice, "estimates", interrupted)
    s = Session(tmp_path).lines("hint", "2 1 1")
    assert "(hint cancelled)" in s.out and s.run.keys[0] == "alloc:2-1-1"


def test_the_spinner_shows_only_at_a_terminal_after_a_moment():
    def shown(terminal: bool, delay: float, work: float) -> str:
        out = io.StringIO()
        console = Console(file=out, force_terminal=terminal, width=80)
        with busy(console, "Thinking", delay=delay):
            time.sleep(work)
        return out.getvalue()

    assert "Thinking" in shown(True, 0.01, 0.3)
    assert shown(True, 5.0, 0.01) == ""  # quick work never flickers
    assert shown(False, 0.01, 0.3) == ""  # piped output gets nothing extra


@pytest.mark.parametrize(
    "game_id", ["final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"]
)
def test_every_other_game_is_advised_by_the_search_once_it_can_be(game_id):
    from engines.core.contract import resolve_options
    from engines.registry import get
    from solo.run import Run

    game = get(game_id)
    run = Run(game, 3, resolve_options(game, {}), game.person_seats[0])
    run.step_automa()
    d = run.decision()
    assert advice.offered(run)
    lines = advice.lines(advice.estimates(run, d, samples=2), d, 80)
    assert lines[0].startswith("Hint: ") and all(len(x) <= 80 for x in lines)
    assert FIGURE.search(lines[1]) or FIGURE.search(lines[2])  # a name too long for its row: figures under it
