"""The review of a run in each of the five games (issue 18, item 3): every decision of the person's listed, each
figure a chance inside its stated interval, the costliest decisions sorted and called costly only by the rule,
the same text every time, within 80 columns, and `solo review` never writes to the save folder. Escape of the
Dead's figures are the solved table's at every decision.

Each run is a short seeded one (the first decisions of a run the shipped policies play), reviewed once per
module at a small sample, so the five games take a few seconds together."""

from __future__ import annotations

import io
from functools import cache

import pytest

from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.core.search import wilson
from engines.registry import get
from saves import SaveStore
from solo import review, review_search
from solo.cli import main
from solo.run import Run

CASES = {
    # game: (seat, seed, the person's weighed decisions to play, samples per choice)
    "escape-of-the-dead": ("survivor", 5, None, None),
    "final-girl": ("final_girl", 0, 6, 4),
    "slaughterhouse": ("trespassers", 0, 5, 2),
    "mixtape-massacre": ("slasher1", 0, 6, 2),
    "escape-from-tall-oaks": ("survivor1", 1, 5, 2),
}
GAMES = list(CASES)


def weighed(run: Run, decision) -> bool:
    """Whether the review weighs this decision: the person's, with more than one option (Escape of the Dead:
    its assignments and rewards, the decisions the solved table values)."""
    if decision.seat != run.seat:
        return False
    if run.game.id == "escape-of-the-dead":
        return decision.kind in ("assign", "reward")
    return len(decision.options) > 1


@cache
def short_run(game_id: str) -> Run:
    """The run of the shipped policies (Escape of the Dead: its heuristic, which errs) up to the person's
    n-th weighed decision made (the whole run when n is None)."""
    seat, seed, n, _ = CASES[game_id]
    game = get(game_id)
    run = Run(game, seed, resolve_options(game, {}), seat)
    policies = {s.id: "heuristic" for s in game.seats} if game_id == "escape-of-the-dead" else None
    made = 0
    for key in play(game, seed, policies).keys:
        if n is not None and made == n:
            break
        made += weighed(run, run.decision())
        run.choose(key)
    return run


@cache
def reviewed(game_id: str):
    run = short_run(game_id)
    found = review.review(run, CASES[game_id][3])
    return run, found, review.lines(found, 80)


def count_weighed(run: Run) -> int:
    game = run.game
    state, _ = game.setup(run.seed, run.options)
    n = 0
    for key in run.keys:
        d = game.decision(state)
        n += weighed(run, d)
        game.apply(state, key, d)
    return n


def numbered(text: list[str]) -> list[int]:
    """The decision numbers that begin the lines of the decision-by-decision list."""
    out = []
    for line in text:
        head = line[:4].strip()
        if line[:1] == " " and head.endswith(".") and head[:-1].isdigit() and " turn " in line[:16]:
            out.append(int(head[:-1]))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_review_lists_every_decision_of_the_persons(game_id):
    run, found, text = reviewed(game_id)
    n = count_weighed(run)
    assert n >= 5
    assert len(found.steps) == n
    assert [s.number for s in found.steps] == list(range(1, n + 1))
    assert numbered(text) == list(range(1, n + 1))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_figure_is_a_chance_inside_its_stated_interval(game_id):
    _, found, text = reviewed(game_id)
    if isinstance(found, review_search.Review):
        k, half = found.samples, max(1, found.samples // 2)
        said = " ".join(" ".join(text).split())  # unwrapped
        for s in found.steps:
            for f in (s.chosen, s.best):
                assert 0 <= f.low <= f.win <= f.high <= 1
                assert (f.low, f.high) == wilson(round(f.win * f.plays), f.plays)  # the interval of its playouts
            assert s.before == s.best and s.best.win >= s.chosen.win
            if s.best_label == s.label:  # the choice made led: alone on half the samples, or on all if it
                assert s.best == s.chosen and s.chosen.plays in (half, k)  # took the lead in the last round
            else:  # another led: both on all of them
                assert s.chosen.plays == s.best.plays == k
            assert f" {s.number}. turn {s.turn}: " in said
            c = s.chosen
            playouts = "1 playout" if c.plays == 1 else f"{c.plays} playouts"
            assert f"{round(c.win * 100)}% ({round(c.low * 100)}-{round(c.high * 100)}%, {playouts})" in said
        assert f"each from {k} playouts where another choice led (±{review_search.error(k)} points at most, 95%)" in said
        assert f"from at least {half} where yours led (±{review_search.error(half)} at most)" in said
        assert any(s.chosen.plays == half < k for s in found.steps)  # the choice made led alone, and stopped
    else:
        for s in found.steps:
            assert 0 <= s.chosen <= s.best == s.before <= 1


def costliest_listed(text: list[str]) -> list[int]:
    """The decision numbers of the costliest section, in the order shown."""
    at = next((i for i, line in enumerate(text) if line.startswith("The costliest decisions")), None)
    if at is None:
        return []
    out = []
    for line in text[at + 1 :]:
        if not line.startswith("  ") or line.startswith("   "):
            if not line.startswith("   "):
                break
            continue
        out.append(int(line.split(".")[0]))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_costliest_are_sorted_by_cost_and_costly_only_by_the_rule(game_id):
    _, found, text = reviewed(game_id)
    if isinstance(found, review_search.Review):
        rule = [s for s in found.steps if s.best.low > s.chosen.high]  # the docstring's rule, restated
        assert [s for s in found.steps if s.costly] == rule
    else:
        rule = [s for s in found.steps if s.cost >= 0.0005]
    expected = sorted(rule, key=lambda s: (-s.cost, s.number))[: review_search.SHOWN]
    assert costliest_listed(text) == [s.number for s in expected]
    costs = [s.cost for s in expected]
    assert costs == sorted(costs, reverse=True)
    if not expected:
        assert any(line.startswith(("No decision cost", "Every decision was")) for line in text)


def test_a_decision_is_costly_only_when_the_intervals_part(game_id="final-girl"):
    """The rule on made-up figures: apart, costly; overlapping by a hair, not, however large the gap."""
    F, S = review_search.Figure, review_search.Step
    apart = S(1, 1, "a", "b", F(0.2, 0.1, 0.3), F(0.5, 0.31, 0.7))
    touching = S(2, 1, "a", "b", F(0.1, 0.0, 0.5), F(0.9, 0.5, 1.0))
    small = S(3, 2, "a", "b", F(0.40, 0.35, 0.45), F(0.47, 0.46, 0.5))
    assert apart.costly and not touching.costly and small.costly
    listed = review_search._costliest([small, touching, apart])
    assert [line.split(".")[0].strip() for line in listed[1:]] == ["1", "3"]  # the larger cost first


@pytest.mark.parametrize("game_id", GAMES)
def test_solo_review_says_the_same_within_80_columns_and_writes_nothing(game_id, tmp_path, capsys, monkeypatch):
    run, _, text = reviewed(game_id)
    assert all(len(line) <= 80 for line in text)
    store = SaveStore(tmp_path)
    store.write("r", run.to_record())
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in tmp_path.rglob("*") if p.is_file()}
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    samples = CASES[game_id][3]
    argv = ["--save-dir", str(tmp_path), "review", "r"] + (["--samples", str(samples)] if samples else [])
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == text and not err  # the same review again, and nothing but it to a pipe
    after = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before


def test_escape_of_the_dead_figures_are_the_solved_tables_at_every_decision():
    from engines.escape_of_the_dead import solver

    run, found, text = reviewed("escape-of-the-dead")
    table = solver.load_table()
    game = run.game
    state, _ = game.setup(run.seed, run.options)
    steps = iter(found.steps)
    for key in run.keys:
        d = game.decision(state)
        v = game.view(state, run.seat)
        if d.kind in ("assign", "reward"):
            if d.kind == "assign":
                values = table.split_values(v.zombies, v.barricade, v.repairs, v.kills)
            else:
                values = table.reward_values(v.barricade, v.zombies, v.repairs, v.kills)
            step = next(steps)
            assert (step.chosen, step.best, step.before) == (values[key], max(values.values()), max(values.values()))
        game.apply(state, key, d)
    assert next(steps, None) is None
    assert any(s.cost >= 0.0005 for s in found.steps)  # the heuristic errs, so the costliest are exercised
    assert "The costliest decisions:" in text
