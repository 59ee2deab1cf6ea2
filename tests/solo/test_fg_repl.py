"""Final Girl in the REPL: a whole game played to its end by typing option numbers."""

from __future__ import annotations

from repl_harness import Session

from engines.core.autoplay import policy_rng
from engines.core.contract import resolve_options
from engines.registry import get
from solo.run import Run

GAME = get("final-girl")


def fg_run(seed: int) -> Run:
    return Run(GAME, seed, resolve_options(GAME, {}), "final_girl")


def numbers_for(seed: int) -> list[str]:
    """The heuristic's choices in one game, as the option numbers a person would type."""
    run = fg_run(seed)
    typed = []
    policy = GAME.policies["heuristic"]
    while (d := run.decision()) is not None:
        key = policy(run.view(), d, policy_rng(seed, len(run.keys)))
        typed.append(str(d.keys().index(key) + 1))
        run.choose(key)
    return typed


def test_a_whole_final_girl_game_by_numbers(tmp_path):
    typed = numbers_for(5)
    s = Session(tmp_path, run=fg_run(5)).lines(*typed, "1")
    assert s.run.outcome() is not None
    assert "The run is over" in s.out
    assert "Traceback" not in s.out
    assert "Marrek" in s.out or "warehouse" in s.out.lower()


def test_the_map_status_and_odds_commands_answer(tmp_path):
    s = Session(tmp_path, run=fg_run(2)).lines("map", "status", "odds", "rules traps", "hint")
    assert "Traceback" not in s.out
    assert "Horror Roll odds" in s.out or "odds" in s.out.lower()
    assert "Death Trap" in s.out
