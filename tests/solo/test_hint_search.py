"""The hint says what it knows (issue 44): the choices in two groups, those the playouts cannot tell apart from
the best and those clearly worse, each clearly worse one with its paired difference; "about equal" only where
the paired intervals show it; a "Why" only for a real difference, quoting only facts whose paired difference is
clear; named as the list names them, number first; within the width. Escape of the Dead's exact figures at a
sensible precision. At the prompt, in 80 columns, the same figures every time and never a moved die; `solo hint
SLOT` gives the prompt's figures, and `--json` gives them to tools."""

from __future__ import annotations

import io
import json
import re
import time

import pytest
from repl_harness import Session
from rich.console import Console

from engines.core.contract import Decision, Option, resolve_options
from engines.core.race import Gap, Race
from engines.registry import get
from solo import advice
from solo.advice import Advice, Choice
from solo.busy import busy
from solo.cli import main
from solo.run import Run

FIGURE = re.compile(r"\d+% \(\d+-\d+%\)")


def decision(*labels: str) -> Decision:
    return Decision("girl", "act", "What now?", tuple(Option(f"k{i}", label) for i, label in enumerate(labels)))


TOP = {"Victims saved": 1.8, "health left": 2.0}


def choice(n: int, label: str, win: float, worse: bool = False, gap: Gap | None = None, **facts: float) -> Choice:
    """A choice; each fact's paired gap from TOP (the best's facts) as clear as a difference of 0.3 or more."""
    fact_gaps = {}
    for name, x in facts.items():
        d = TOP.get(name, x) - x
        fact_gaps[name] = Gap(d, d - 0.25, d + 0.25, 64)
    return Choice(f"k{n - 1}", label, n, win, max(0.0, win - 0.07), min(1.0, win + 0.07), 64, worse, gap,
                  facts.get("Victims saved"), facts, fact_gaps)


def test_one_clear_best_is_named_with_why_from_a_clear_difference_only():
    a = Advice(
        [
            choice(3, "hide in the barn", 0.62, **{"Victims saved": 1.8, "health left": 2.0}),
            choice(1, "run for the woods", 0.40, True, Gap(0.22, 0.10, 0.34, 64),
                   **{"Victims saved": 1.1, "health left": 2.1}),
            choice(4, "wait", 0.10, True, Gap(0.52, 0.40, 0.64, 64), **{"Victims saved": 0.2, "health left": 0.5}),
        ],
        False, 64, True, "girl",
    )
    lines = advice.lines(a, 80)
    assert lines[0] == "Hint: 3. hide in the barn: clearly the best."
    assert FIGURE.search(lines[1]) and "Victims saved 1.8" in lines[1]
    said = " ".join(" ".join(lines).split())
    assert "Clearly worse: 1. run for the woods (22 points below 3, 10 to 34); 4. wait (52 points below 3" in said
    assert "Why: 3 wins 22 points more often than 1, the best of the clearly worse (paired, 10 to 34); more Victims are saved (1.8 against 1.1" in said
    assert "health" not in said.split("Why:")[1]  # it favours 1 (2.1 against 2.0): never a reason for 3
    assert all(len(line) <= 80 for line in lines) and all(len(line) <= 40 for line in advice.lines(a, 40))


def test_a_difference_inside_the_noise_is_a_tie_with_no_why():
    a = Advice(
        [choice(2, "left", 0.52), choice(1, "right", 0.47, False, Gap(0.05, -0.09, 0.19, 64))],
        False, 64, False, "girl",
    )
    lines = advice.lines(a, 80)
    said = " ".join(lines)
    assert lines[0].startswith("Hint: any of the 2: too close to call; the playouts cannot tell them apart")
    assert "19 points could hide between them" in said
    assert not any(line.startswith("Why") for line in lines) and "Clearly worse" not in said
    assert not a.equal()


def test_about_equal_only_where_the_paired_intervals_show_it():
    close = Gap(0.0, -0.02, 0.025, 200)
    a = Advice([choice(1, "a", 0.5), choice(2, "b", 0.5, False, close), choice(3, "c", 0.2, True, Gap(0.3, 0.2, 0.4, 200))],
               False, 200, True, "girl")
    assert a.equal()
    assert advice.lines(a, 80)[0] == "Hint: 1 or 2: about equal (within 3 points of the best); any is fine."
    wider = Advice([choice(1, "a", 0.5), choice(2, "b", 0.5, False, Gap(0.0, -0.04, 0.04, 200))], False, 200, True)
    assert not wider.equal()


def test_the_reason_quotes_only_facts_whose_paired_difference_is_clear_and_in_the_seats_favour():
    def why(gaps: dict[str, Gap], top: dict[str, float], other: dict[str, float], seat: str = "girl") -> str:
        a = Advice(
            [
                Choice("k0", "a", 1, 0.6, 0.5, 0.7, 64, False, None, None, top, {}),
                Choice("k1", "b", 2, 0.4, 0.3, 0.5, 64, True, Gap(0.2, 0.1, 0.3, 64), None, other, gaps),
            ],
            False, 64, True, seat,
        )
        return advice.reason(a)

    clear, unclear = Gap(1.0, 0.5, 1.5, 64), Gap(1.0, -0.2, 2.2, 64)
    assert why({"Victims saved": clear}, {"Victims saved": 2.0}, {"Victims saved": 1.0}).endswith(
        "; more Victims are saved (2.0 against 1.0 on average)."
    )
    assert "Victims" not in why({"Victims saved": unclear}, {"Victims saved": 2.0}, {"Victims saved": 1.0})
    fewer_dead = why({"Victims dead": Gap(-2.0, -2.5, -1.5, 64)}, {"Victims dead": 1.0}, {"Victims dead": 3.0})
    assert "fewer Victims die (1.0 against 3.0" in fewer_dead
    assert "rounds" not in why({"rounds": clear}, {"rounds": 9.0}, {"rounds": 5.0})  # no better side
    escaped = ({"Trespassers escaped": clear}, {"Trespassers escaped": 2.0}, {"Trespassers escaped": 1.0})
    assert "more Trespassers escape" in why(*escaped, seat="trespassers")
    assert "Trespassers" not in why(*escaped, seat="sawyer")  # against the family: not its reason


def test_an_option_is_never_both_best_and_clearly_worse_nor_a_why_without_a_clearly_worse(monkeypatch):
    """On real positions of every searched game, at small budgets: the JSON's `best` and `clearly_worse` never
    share a key, and a Why is written exactly when some choice is clearly worse."""
    monkeypatch.setattr(advice, "RACE", Race(first=2, most=8))
    for game_id in ("final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"):
        game = get(game_id)
        run = Run(game, 3, resolve_options(game, {}), game.person_seats[0])
        run.step_automa()
        d = run.decision()
        a = advice.advise(run, d, samples=8)
        data = advice.as_json(a)
        worse = {o["key"] for o in data["options"] if o["clearly_worse"]}
        assert worse.isdisjoint(data["best"]) and len(worse) + len(data["best"]) == len(d.options)
        assert any(line.startswith("Why:") for line in advice.lines(a, 80)) == bool(worse)
        numbered = {f"{n}. {o.label}" for n, o in enumerate(d.options, 1)}
        rows = [line.strip() for line in advice.lines(a, 200) if FIGURE.search(line)]
        assert all(any(row.startswith(name) for name in numbered) for row in rows)  # named as the list names them


def test_escape_of_the_dead_gives_its_exact_figures_to_a_sensible_precision(tmp_path):
    s = Session(tmp_path).lines("hint")
    d = s.run.decision()
    a = advice.advise(s.run, d)
    exact = s.run.game.exact(s.run.state)
    top = max(exact.values())
    assert a.exact and {c.key for c in a.best} == {k for k, v in exact.items() if top - v < advice.SAME}
    assert all(c.chance == exact[c.key] for c in a.choices)
    shown = " ".join(s.out.split("Hint: ")[1].split())
    assert "70.9%" in shown and "70.86" not in shown  # one decimal: equal to a player where they are
    assert "about equal (within half a point of the best)" in shown


def test_the_order_of_the_rolls_is_said_to_change_nothing(tmp_path):
    from repl_harness import new_run

    s = Session(tmp_path, new_run(roll_order="choose")).lines("2 1 1", "hint")
    assert "exactly alike." in s.out and "Why: the order of the rolls does not change what they do." in s.out


def test_the_repl_hint_gives_the_same_figures_each_time_and_never_moves_the_dice(tmp_path, monkeypatch):
    monkeypatch.setattr(advice, "RACE", Race(first=2, most=6))
    game = get("final-girl")
    run = Run(game, 3, resolve_options(game, {}), "final_girl")
    run.step_automa()
    s = Session(tmp_path, run).lines("hint", "hint")
    blocks = [part.split("ranges are")[0] for part in s.out.split("Hint: ")[1:]]
    assert len(blocks) == 2 and blocks[0] == blocks[1]
    assert s.run.keys == run.keys[:0] or s.run.keys == []
    block = ("Hint: " + blocks[0]).splitlines()
    assert all(len(line) <= 80 for line in block)  # the screen is 100 wide; the hint keeps to 80


def test_hint_more_plays_the_choices_out_longer(tmp_path, monkeypatch):
    monkeypatch.setattr(advice, "RACE", Race(first=2, most=4))
    game = get("slaughterhouse")
    run = Run(game, 3, resolve_options(game, {}), "trespassers")
    run.step_automa()
    s = Session(tmp_path, run).lines("hint", "hint more")
    plays = [int(n) for n in re.findall(r"played out (\d+)(?: to \d+)? times", " ".join(s.out.split()))]
    assert plays == [4, 4 * advice.MORE] or (len(plays) == 2 and plays[1] > plays[0]), plays


def test_ctrl_c_cancels_a_hint_and_the_prompt_comes_back(tmp_path, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(advice, "advise", interrupted)
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


def _saved(capsys, monkeypatch, root, game_id: str, answers: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert main(["--save-dir", str(root), "--plain", "new", game_id, "--seed", "4", "--slot", "s"]) == 0
    capsys.readouterr()


def _solo(capsys, root, *args: str) -> tuple[int, str, str]:
    code = main(["--save-dir", str(root), "--plain", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_solo_hint_gives_the_prompts_figures_and_json_for_tools(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(advice, "RACE", Race(first=2, most=6))
    _saved(capsys, monkeypatch, tmp_path, "final-girl", "1\nquit\n")
    code, out, _ = _solo(capsys, tmp_path, "hint", "s")
    assert code == 0 and out.startswith("Hint: ")
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, _ = _solo(capsys, tmp_path, "hint", "s", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) >= {"options", "best"}
    assert all(set(o) >= {"key", "label", "chance", "low", "high"} for o in data["options"])
    assert data["best"][0] == data["options"][0]["key"]
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # the save is only read
    from saves import SaveStore

    run = Run.from_record(SaveStore(tmp_path).read("s"))
    assert advice.as_json(advice.advise(run, run.decision())) == data  # the prompt's figures
    again = json.loads(_solo(capsys, tmp_path, "hint", "s", "--json", "--seed", "9", "--samples", "5")[1])
    assert again == json.loads(_solo(capsys, tmp_path, "hint", "s", "--json", "--seed", "9", "--samples", "5")[1])
    assert max(o["playouts"] for o in again["options"]) <= 5


def test_solo_hint_refuses_what_it_cannot_advise_in_one_line(tmp_path, capsys, monkeypatch):
    code, _, err = _solo(capsys, tmp_path, "hint", "nothing-here")
    assert code == 2 and err.count("\n") == 1
    _saved(capsys, monkeypatch, tmp_path, "final-girl", "quit\n")
    code, _, err = _solo(capsys, tmp_path, "hint", "s", "--samples", "0")
    assert code == 2 and "--samples" in err and err.count("\n") == 1


@pytest.mark.parametrize("game_id", ["final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"])
def test_every_searched_game_is_advised_within_80_columns(game_id):
    game = get(game_id)
    run = Run(game, 3, resolve_options(game, {}), game.person_seats[0])
    run.step_automa()
    d = run.decision()
    assert advice.offered(run)
    lines = advice.lines(advice.advise(run, d, samples=2), 80)
    assert lines[0].startswith("Hint: ") and any(FIGURE.search(x) for x in lines) and all(len(x) <= 80 for x in lines)


def test_the_hint_names_each_choice_as_the_list_does_its_number_first_and_never_cut():
    """Issue 49: the hint cut long names with '...'; each is named by its number and its label whole (the label
    the choice list shows), a long one on lines of its own with its figures under it."""
    long = "a very long label that goes on and on about what the girl does " * 2
    a = Advice(
        [choice(3, "hide in the barn", 0.62), choice(2, long.strip(), 0.55, False, Gap(0.07, -0.05, 0.19, 64)),
         choice(1, "wait", 0.1, True, Gap(0.5, 0.4, 0.6, 64))],
        False, 64, True, "girl",
    )
    lines = advice.lines(a, 80)
    text = " ".join(line.strip() for line in lines)
    assert "2. " + " ".join(long.split()) in text
    assert all("..." not in line for line in lines) and all(len(line) <= 80 for line in lines)
    row = next(i for i, line in enumerate(lines) if line.startswith("  2. a very long label"))
    assert FIGURE.search(lines[row + 2]).group() == "55% (48-62%)"  # the name on two lines, then its figures


@pytest.mark.parametrize("game_id", ["final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"])
def test_every_fact_a_game_reports_has_words(game_id):
    from engines.core import search

    game = get(game_id)
    state, _ = game.setup(1, {})
    seats = {game.decision(state).seat, *game.person_seats}
    for seat in seats:
        assert set(search.hidden_of(game).facts(state, seat)) <= set(advice.SAID)


def test_the_figures_are_drawn_toward_the_decisions_rate_by_how_little_they_rest_on():
    from engines.core.search import Estimate

    def tallied(n: int, *wins: int) -> list[Estimate]:
        return [Estimate(f"k{i}", "x", n, w / n, 0.0, 1.0, None, {}) for i, w in enumerate(wins)]

    raw = tallied(24, 24, 12, 0)
    shown = advice.figures(raw)
    assert [e.key for e in shown] == ["k0", "k1", "k2"]  # the search's order is kept
    assert 0.5 < shown[0].win < 1.0 and shown[1].win == pytest.approx(0.5) and 0.0 < shown[2].win < 0.5
    more = advice.figures(tallied(96, 96, 48, 0))
    assert more[0].win > shown[0].win and more[2].win < shown[2].win  # more playouts, less shrink
    assert advice.figures([]) == []


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
    from pathlib import Path

    text = (Path(__file__).parents[2] / "engines" / rules / "RULES.md").read_text()
    found = re.search(r"pooled rate by (\d+) pseudo-playouts, and that toward even odds by (\d+)", text)
    assert found, "the automa section names the hint's strengths"
    assert (float(found[1]), float(found[2])) == advice.SHRINKS[game_id]
