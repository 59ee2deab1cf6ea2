"""The review of a run in each of the five games (issue 44): every decision of the person's listed, each figure a
chance inside its stated interval, a mistake named only where the loss's paired interval lies wholly above zero
(exact: half a point), a roll called decisive only well past the figures' error, the same text every time within
80 columns; `solo review` reads the save and keeps its figures beside it, so the second look is instant and
the same; `--json` for tools, `--seed` for another draw, `--jobs` for cores with the same figures. Escape of the
Dead's figures are the solved table's at every decision.

Each run is a short seeded one (the first decisions of a run the shipped policies play), reviewed at a small
budget, so the five games take a few seconds together."""

from __future__ import annotations

import io
import json
import sys
from functools import cache
from pathlib import Path

import pytest

from engines.core import race
from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.core.race import Race
from engines.registry import get
from saves import SaveStore
from solo import review, review_cache, review_search
from solo.cli import main
from solo.review import Figure, Roll, Step
from solo.run import Run

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engines" / "core"))
from coin_game import CoinGame

SMALL = Race(first=2, most=6, margin=0.10, finalists=2)
CASES = {
    # game: (seat, seed, the person's weighed decisions to play)
    "escape-of-the-dead": ("survivor", 5, None),
    "final-girl": ("final_girl", 0, 5),
    "slaughterhouse": ("trespassers", 0, 4),
    "mixtape-massacre": ("slasher1", 0, 5),
    "escape-from-tall-oaks": ("survivor1", 1, 4),
}
GAMES = list(CASES)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(review_search, "RACE", SMALL)


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
    seat, seed, n = CASES[game_id]
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


_REVIEWED: dict[str, tuple] = {}


def reviewed(game_id: str):
    if game_id not in _REVIEWED:
        run = short_run(game_id)
        found = review.review(run)
        _REVIEWED[game_id] = (run, found, review.lines(found, 80))
    return _REVIEWED[game_id]


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
    assert n >= 4
    assert [s.number for s in found.steps] == list(range(1, n + 1))
    assert numbered(text) == list(range(1, n + 1))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_figure_is_a_chance_inside_its_stated_interval_and_the_loss_is_their_difference(game_id):
    _, found, text = reviewed(game_id)
    said = " ".join(" ".join(text).split())
    for s in found.steps:
        for f in (s.before, s.after_choice, s.after_best):
            assert 0 <= f.low <= f.win <= f.high <= 1
        assert s.loss_low <= s.loss <= s.loss_high
        assert s.mistake == (s.loss >= review.SAME if found.exact else s.loss_low > 0)
        if s.choice == s.best:
            assert s.loss == 0 and not s.mistake
        else:
            assert s.after_best.win - s.after_choice.win == pytest.approx(s.loss)  # on the same samples
        assert f" {s.number}. turn {s.turn}: {review.span(s.before)} before; {s.choice}: " in said


@pytest.mark.parametrize("game_id", GAMES)
def test_the_mistakes_are_those_the_rule_names_costliest_first(game_id):
    _, found, text = reviewed(game_id)
    named = sorted((s for s in found.steps if s.mistake), key=lambda s: (-s.loss, s.number))
    said = " ".join(" ".join(text).split())
    if not named:
        assert "No mistakes (a mistake is " in said
    else:
        listed = said.split("the costliest first: ")[1]
        places = [listed.index(f"{s.number}. turn {s.turn}: {s.choice} gave") for s in named[: review.SHOWN]]
        assert places == sorted(places)


def _coin_verdict(chances: list[float], keep: str, seed: int = 1) -> review_search.Weighed:
    game = CoinGame(chances)
    state, _ = game.setup(seed, {})
    d = game.decision(state)
    return review_search.weighed(race.race(game, state, d, review_search.RACE, seed, keep=keep), keep)


def test_a_mistake_inside_the_noise_is_never_named(monkeypatch):
    """On the coin game: a choice as good as the best is no mistake, however the samples fall; one far worse
    is named, with a loss whose interval lies above zero; the review races with the choice made kept."""
    monkeypatch.setattr(review_search, "RACE", Race(first=8, most=128, margin=0.10, finalists=2))
    for seed in range(40):
        w = _coin_verdict([0.5, 0.5, 0.5], "2", seed)
        assert not w.mistake and w.loss_low <= 0
    far = _coin_verdict([0.9, 0.2, 0.5], "1")
    assert far.mistake and far.best == "0" and 0 < far.loss_low <= far.loss <= far.loss_high
    assert far.after_best.win - far.after_choice.win == pytest.approx(far.loss)


def test_a_mistake_is_named_only_if_a_second_race_on_fresh_samples_finds_it_too(monkeypatch):
    """A choice the first race finds worse (named, or SUSPECT behind) is raced again against the first race's
    leaders on CONFIRM fresh samples, and named only if that race finds it worse too: a first call on a choice as good as
    the best is withdrawn, one on a choice far worse stands, with the second race's figures (the chance before
    stays the first's). A choice the first race finds as good is not raced again."""
    import msgspec

    monkeypatch.setattr(review_search, "RACE", Race(first=8, most=128, margin=0.10, finalists=2))
    raced_again: list[str] = []
    confirmed = review_search.confirmed
    monkeypatch.setattr(
        review_search,
        "confirmed",
        lambda g, st, d, task, first, leaders: raced_again.append(task.key) or confirmed(g, st, d, task, first, leaders),
    )
    coins = {"same": CoinGame([0.5, 0.5, 0.5]), "far": CoinGame([0.9, 0.2, 0.5])}
    monkeypatch.setattr("engines.registry.get", lambda name: coins[name])

    def task(name: str, key: str) -> review_search.Task:
        state, _ = coins[name].setup(1, {})
        return review_search.Task(name, msgspec.msgpack.encode(state), key, review_search.RACE, 1)

    assert not review_search.weigh(task("same", "2")).mistake and raced_again == []
    far = review_search.weigh(task("far", "1"))
    assert raced_again == ["1"] and far.mistake and far.best == "0"
    assert far.after_choice.plays == min(review_search.CONFIRM, review_search.RACE.most)
    game = coins["same"]  # a first call on a choice as good as the best (forged here: CRN coins never err)
    state, _ = game.setup(1, {})
    d = game.decision(state)
    honest = review_search.weighed(race.race(game, state, d, review_search.RACE, 1, keep="2"), "2")
    wrong = msgspec.structs.replace(honest, best="0", mistake=True, loss=0.25, loss_low=0.02, loss_high=0.5)
    again = review_search.confirmed(game, state, d, task("same", "2"), wrong, ["0", "1"])
    assert not again.mistake and again.loss_low <= 0 and again.before == honest.before


def test_a_roll_is_decisive_only_well_past_the_figures_error():
    def fig(win: float, half: float) -> Figure:
        return Figure(win, win - half, win + half, 64)

    assert not Roll(1, "6 6", fig(0.40, 0.10), fig(0.55, 0.10)).decisive  # inside the error of the two
    assert Roll(1, "6 6", fig(0.40, 0.05), fig(0.70, 0.05)).decisive
    assert Roll(1, "1 1", fig(0.40, 0.10), Figure(0.0, 0.0, 0.0)).decisive  # to the ending: exact after
    assert not Roll(1, "1 1", fig(0.10, 0.10), Figure(0.0, 0.0, 0.0)).decisive
    assert Roll(1, "5", Figure(0.5, 0.5, 0.5), Figure(0.51, 0.51, 0.51)).decisive  # exact: half a point


def _step(n: int, loss: float, low: float, high: float) -> Step:
    f = Figure(0.5, 0.4, 0.6, 64)
    return Step(n, n, n, f"{n}. a", "1. b", f, f, f, loss, low, high, low > 0)


@pytest.mark.parametrize(("level", "words"), [(0.99, "99%"), (0.999, "99.9%")])
def test_the_lines_name_a_mistake_only_by_the_rule_and_say_the_threshold(level, words):
    steps = [_step(1, 0.20, -0.02, 0.40), _step(2, 0.15, 0.05, 0.25)]
    r = review.Review(steps, [], "lost", False, 64, 3, "x", level)
    said = " ".join(" ".join(review.lines(r)).split())
    rule = f"a mistake is a choice whose paired {words} interval of the loss lies wholly above zero"
    assert f"Mistakes (1; {rule})" in said
    assert "2. turn 2: 2. a gave" in said and "1. turn 1: 1. a gave" not in said


def test_the_level_the_review_states_is_the_level_its_race_calls_at():
    """The review once said its losses' intervals were 95% while its race called them at 99%: the level it
    states is the one its race's threshold gives."""
    from statistics import NormalDist

    _, found, text = reviewed(GAMES[1])
    race_level = 2 * NormalDist().cdf(review_search.RACE.z) - 1
    assert found.level == pytest.approx(race_level, abs=1e-4)
    said = " ".join(" ".join(text).split())
    if any(s.mistake for s in found.steps):
        assert f"paired {review.level_words(found.level)} interval of the loss" in said
    assert review.as_json(found)["level"] == found.level


@pytest.mark.parametrize("game_id", GAMES[1:])
def test_solo_review_reads_the_save_keeps_its_figures_beside_it_and_looks_again_at_once(
    game_id, tmp_path, capsys, monkeypatch
):
    run, _, text = reviewed(game_id)
    assert all(len(line) <= 80 for line in text)
    store = SaveStore(tmp_path)
    store.write("r", run.to_record())
    saved = {p: p.read_bytes() for p in tmp_path.glob("r.*")}
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    argv = ["--save-dir", str(tmp_path), "review", "r", "--jobs", "1"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == text and not err  # the same review as in-process, nothing else to a pipe
    assert {p: p.read_bytes() for p in tmp_path.glob("r.*")} == saved  # the save is only read
    assert (tmp_path / review_cache.FOLDER / "r.json").is_file()

    def no_race(*args, **kwargs):
        raise AssertionError("the second look weighs nothing again")

    monkeypatch.setattr(review_search, "weigh", no_race)
    assert main(argv) == 0
    assert capsys.readouterr()[0].splitlines() == text


def test_the_json_seed_and_jobs(tmp_path, capsys, monkeypatch):
    run = short_run("final-girl")
    SaveStore(tmp_path).write("r", run.to_record())
    monkeypatch.setattr("sys.stdin", io.StringIO(""))

    def reviewed_json(*extra: str) -> dict:
        assert main(["--save-dir", str(tmp_path), "review", "r", "--json", *extra]) == 0
        return json.loads(capsys.readouterr()[0])

    one = reviewed_json("--jobs", "1", "--seed", "7")
    fields = {"turn", "choice", "best", "before", "after_choice", "after_best", "loss", "loss_low", "loss_high",
              "mistake"}
    assert one["decisions"] and all(fields <= set(d) for d in one["decisions"])
    assert "decisive_rolls" in one and one["seed"] == 7
    assert all(0 <= d["before"] <= 100 for d in one["decisions"])  # percentage points
    shutil_free = tmp_path / review_cache.FOLDER
    for kept in shutil_free.iterdir():
        kept.unlink()
    assert reviewed_json("--jobs", "2", "--seed", "7") == one  # any number of processes, the same figures
    other = reviewed_json("--jobs", "1", "--seed", "8")
    assert [d["before"] for d in other["decisions"]] != [d["before"] for d in one["decisions"]]


def test_the_review_refuses_a_senseless_number_of_jobs_in_one_line(tmp_path, capsys, monkeypatch):
    SaveStore(tmp_path).write("r", short_run("final-girl").to_record())
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    for jobs in ("0", "10000000000000000000000"):
        assert main(["--save-dir", str(tmp_path), "review", "r", "--jobs", jobs]) == 2
        err = capsys.readouterr()[1]
        assert err.startswith("solo: --jobs takes") and err.count("\n") == 1


def test_escape_of_the_dead_figures_are_the_solved_tables_at_every_decision():
    run, found, text = reviewed("escape-of-the-dead")
    game = run.game
    state, _ = game.setup(run.seed, run.options)
    steps = iter(found.steps)
    for key in run.keys:
        d = game.decision(state)
        if d.kind in ("assign", "reward"):
            values = game.exact(state)
            step = next(steps)
            top = max(values.values())
            assert (step.after_choice.win, step.after_best.win, step.before.win) == (values[key], top, top)
            assert step.mistake == (top - values[key] >= review.SAME)
        game.apply(state, key, d)
    assert next(steps, None) is None
    assert found.exact and any(s.mistake for s in found.steps)  # the heuristic errs: mistakes are exercised
    assert any(line.startswith("Mistakes (") for line in text)


def test_escape_of_the_dead_summary_names_the_reviews_decisive_roll():
    from solo.games import escape_of_the_dead_summary

    run, found, _ = reviewed("escape-of-the-dead")
    roll = review.decisive_roll(found)
    told = escape_of_the_dead_summary.decisive(run)
    assert (roll is None and told == "") or (roll is not None and told.startswith(f"turn {roll.turn}, {roll.dice}:"))
