"""What a finished run leaves for the next (solo.carry), and achievements that take several runs."""

from __future__ import annotations

import re

import pytest
from repl_harness import Session

from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.registry import get
from saves import SaveError
from saves.keep import Carry, Earned, Keepsakes, Kept
from solo import achievements, carry
from solo.cli import main
from solo.run import Run

EOTD = get("escape-of-the-dead")


class Boxed:
    """Escape of the Dead with a box that remembers each run's kill count, as the Freezer Box remembers a deck."""

    def __init__(self) -> None:
        self.seen_options: list[dict[str, str]] = []

    def __getattr__(self, name):
        return getattr(EOTD, name)

    def setup(self, seed, options):
        self.seen_options.append(dict(options))
        return EOTD.setup(seed, {k: v for k, v in options.items() if k != "box"})

    def carry_out(self, state):
        return {"box": f"kills={state.kills}"}


class Remembering:
    """Escape of the Dead with an achievement earned by three runs together."""

    def __init__(self) -> None:
        self.achievements = {"three": "Finish three runs."}

    def __getattr__(self, name):
        return getattr(EOTD, name)

    def earned(self, log):
        return []

    def remember(self, log):
        return {"turns": str(len(log))}

    def earned_across(self, memories):
        return ["three"] if len(memories) >= 3 else []


def finished(game, seed: int = 3) -> Run:
    run = Run(game, seed, resolve_options(EOTD, {}), "survivor")
    for key in play(EOTD, seed, "optimal").keys:
        run.choose(key)
    assert run.outcome() is not None
    return run


def test_a_finished_run_leaves_its_carry_once(tmp_path):
    game, keep = Boxed(), Keepsakes(tmp_path)
    run = finished(game)
    kept = carry.store(keep, run, "s1")
    assert kept == {"box": f"kills={run.state.kills}"}
    assert carry.carried(keep, game) == kept
    data = keep.read(EOTD.id)
    assert data.carry is not None
    data.carry.options = {"box": "changed since"}
    keep.write(EOTD.id, data)
    assert carry.store(keep, run, "s1") == {"box": "changed since"}  # the same run is not stored twice


def test_an_unfinished_run_and_a_game_without_a_box_carry_nothing(tmp_path):
    keep = Keepsakes(tmp_path)
    game = Boxed()
    assert carry.store(keep, Run(game, 1, resolve_options(EOTD, {}), "survivor"), "s") == {}
    assert carry.store(keep, finished(EOTD), "s") == {} and carry.carried(keep, EOTD) == {}
    assert keep.read(EOTD.id) == Kept()


def test_a_restart_keeps_the_chosen_options_and_takes_the_box_as_it_is_now(tmp_path):
    game, keep = Boxed(), Keepsakes(tmp_path)
    carry.store(keep, finished(game), "s1")
    now = carry.carried(keep, game)
    assert carry.renewed(keep, game, {"barricade": "7", "box": "old"}) == {"barricade": "7"} | now
    assert carry.renewed(keep, EOTD, {"barricade": "7"}) == {"barricade": "7"}


def test_the_repl_keeps_the_carry_when_the_run_ends(tmp_path):
    game = Boxed()
    run = finished(game)
    s = Session(tmp_path, run=run).lines("quit")
    assert "kept for your next one" in s.out
    assert carry.carried(Keepsakes(tmp_path), game) == {"box": f"kills={run.state.kills}"}


def test_a_new_run_starts_with_the_carry_unless_fresh(tmp_path, monkeypatch):
    game = Boxed()
    carry.store(Keepsakes(tmp_path), finished(game), "s1")
    monkeypatch.setattr("solo.app.registry.get", lambda game_id: game)
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
    base = ["new", "escape-of-the-dead", "--seed", "5", "--plain", "--save-dir", str(tmp_path)]
    assert main([*base, "--slot", "a"]) == 0
    assert game.seen_options[-1]["box"].startswith("kills=")
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
    assert main([*base, "--slot", "b", "--fresh"]) == 0
    assert "box" not in game.seen_options[-1]


def test_a_damaged_keep_file_stops_a_new_run_with_one_line(tmp_path, monkeypatch, capsys):
    game = Boxed()
    (tmp_path / "keep").mkdir()
    (tmp_path / "keep" / "escape-of-the-dead.json").write_text("{ not json")
    monkeypatch.setattr("solo.app.registry.get", lambda game_id: game)
    code = main(["new", "escape-of-the-dead", "--plain", "--save-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "--fresh" in err
    assert (tmp_path / "keep" / "escape-of-the-dead.json").read_text() == "{ not json"


@pytest.mark.parametrize("runs", [2, 3])
def test_an_achievement_across_runs_is_earned_by_the_third(tmp_path, runs):
    game, keep = Remembering(), Keepsakes(tmp_path)
    earned = []
    for i in range(runs):
        earned, _ = achievements.record(keep, finished(game, seed=i), f"s{i}")
    assert ("three" in earned) == (runs == 3)
    assert len(keep.read(EOTD.id).memory) == runs


def finished_slaughterhouse(seed: int = 2) -> Run:
    game = get("slaughterhouse")
    played = play(game, seed, "heuristic")
    run = Run(game, seed, resolve_options(game, {}), "trespassers")
    for key in played.keys:
        run.choose(key)
    assert run.outcome() is not None
    return run


def test_the_freezer_box_and_unlocked_cards_reach_the_next_slaughterhouse_run(tmp_path):
    """Rulebook, The Freezer Box: the Item deck carries over; earned achievements add their cards."""
    keep = Keepsakes(tmp_path)
    run = finished_slaughterhouse()
    kept = carry.store(keep, run, "s1")
    box = kept["freezer"].split(",")
    assert box and not any(card in box for card in ("item/fuel/1", "item/camera"))  # scenario items leave
    data = keep.read("slaughterhouse")
    data.achievements = {"chainsaw": Earned(first="2026-11-30", slot="s1")}
    keep.write("slaughterhouse", data)
    game = run.game
    options = carry.carried(keep, game)
    assert options == {"freezer": kept["freezer"], "unlocked": "chainsaw"}
    state, _ = game.setup(11, resolve_options(game, {}) | options)
    dealt = [*state.item_decks["down"], *state.item_decks["up"]]
    for t in state.trespassers:
        dealt += t.items + t.personal
    assert set(box) <= set(dealt) and "item/chainsaw" in dealt and "item/chainsaw" not in box
    assert len(dealt) == len(set(dealt))
    assert "The Item deck goes back in the Freezer Box" in game.describe_carry(kept)


def test_an_achievement_this_rules_version_does_not_know_does_not_stop_a_new_run(tmp_path):
    """A retired or hand-typed id in the keep file is left out of `unlocked`, which setup would refuse."""
    keep, game = Keepsakes(tmp_path), get("slaughterhouse")
    day = Earned(first="2026-11-30", slot="s1")
    keep.write("slaughterhouse", Kept(achievements={"chainsaw": day, "retired-one": day, "a,b": day}))
    options = carry.carried(keep, game)
    assert options == {"unlocked": "chainsaw"}
    state, _ = game.setup(11, resolve_options(game, {}) | options)
    assert "item/chainsaw" in [*state.item_decks["down"], *state.item_decks["up"]] + [
        c for t in state.trespassers for c in t.items + t.personal
    ]


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"freezer": "item/no-such-card"}, "does not fit this game (Unknown Item cards in 'freezer'"),
        ({"freezer": "item/hammer,item/hammer"}, "does not fit this game (Item cards listed twice"),
        ({"scenario": "b"}, "sets the option 'scenario', which only -o may set"),
    ],
)
def test_a_carry_that_does_not_fit_the_game_is_refused_naming_the_keep_file(tmp_path, options, problem):
    """The launch then says so in one line with --fresh, not a bare option error, nor a silent -o override."""
    keep, game = Keepsakes(tmp_path), get("slaughterhouse")
    keep.write("slaughterhouse", Kept(carry=Carry(from_="s@t", options=options)))
    with pytest.raises(SaveError, match=re.escape(problem)) as refused:
        carry.carried(keep, game)
    assert refused.value.path == keep.path("slaughterhouse")
