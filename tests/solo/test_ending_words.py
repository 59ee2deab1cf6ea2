"""Ending words that would throw a phase or a turn away (issue 49): an ending choice that would end a phase or
turn untouched (all its Time, all its actions), or that comes on the line right after the person's last choice
when the question changed under it, is refused once with one line; the same choice again goes through. A line,
never a y/n question: piped input keeps its meaning line by line."""

from __future__ import annotations

import pytest
from repl_harness import Session

from engines.core.autoplay import policy_rng
from engines.core.contract import Decision, Ending, resolve_options
from engines.core.search import clone
from engines.final_girl.keys import Key
from engines.final_girl.planning import can_buy
from engines.registry import get
from solo.run import Run

FG = get("final-girl")
TCM = get("slaughterhouse")


def _run(game, seed: int, seat: str, **options: str) -> Run:
    return Run(game, seed, resolve_options(game, options), seat)


def test_a_piped_done_does_not_end_the_first_action_phase_with_all_its_time(tmp_path):
    """The issue's own case: `printf 'done\\nquit\\n' | solo --plain new final-girl --seed 11`."""
    s = Session(tmp_path, run=_run(FG, 11, "final_girl")).plain_lines("done", "quit")
    assert "'done' would end the Action phase with nothing done in it and 6 Time to spend." in s.out
    assert "Type it again to end it." in s.out
    assert s.run.keys == [] and s.code == 0 and "Planning: buy" not in s.out


def test_the_same_ending_word_again_ends_the_phase(tmp_path):
    s = Session(tmp_path, run=_run(FG, 11, "final_girl")).plain_lines("done", "end", "quit")
    assert s.run.keys == ["end"] and "Planning: buy" in s.out  # 'end' is the same choice as 'done'
    s = Session(tmp_path, run=_run(FG, 11, "final_girl")).plain_lines("done", "look", "10", "quit")
    assert s.run.keys == ["end"]  # warned once at this decision: looking around first does not warn again


def test_an_action_phase_already_begun_ends_at_once(tmp_path):
    s = Session(tmp_path, run=_run(FG, 11, "final_girl")).plain_lines("discard walk", "look", "end", "quit")
    assert s.run.keys == ["discard:walk", "end"] and "would end" not in s.out


def _found(seed_range, want):
    """A run of Final Girl driven by the heuristic up to the first decision of the person's where
    `want(run, decision)` gives the line to type there (None: play on)."""
    policy = FG.policies["heuristic"]
    for seed in seed_range:
        run = _run(FG, seed, "final_girl")
        while (d := run.decision()) is not None and run.game.turn(run.state) < 12:
            line = want(run, d)
            if line is not None:
                return run, line
            run.choose(policy(run.view(), d, policy_rng(seed, len(run.keys))))
    raise AssertionError("no seed reached the situation")


def _last_buy(run: Run, d: Decision) -> str | None:
    """At Planning, a purchase after which nothing is left to buy (Planning closes by itself)."""
    if d.kind != "planning":
        return None
    for n, o in enumerate(d.options, 1):
        if Key.parse(o.key).verb == "buy":
            copy = clone(run.state)
            FG.apply(copy, o.key)
            after = FG.decision(copy)
            if after is not None and after.kind == "action" and not can_buy(copy):
                return str(n)
    return None


def test_done_meant_for_a_planning_that_closed_by_itself_does_not_end_the_next_action_phase(tmp_path):
    """The issue's trap: Planning closes by itself after the last purchase, and the 'done' typed for it lands on
    the next turn's Action phase, which it would end with all its Time."""
    run, buy = _found(range(40), _last_buy)
    turn = run.game.turn(run.state)
    s = Session(tmp_path, run=run).plain_lines(buy, "done", "quit")
    assert run.game.turn(s.run.state) == turn + 1 and s.run.decision().kind == "action"
    assert "'done' would end the Action phase with nothing done in it" in s.out
    assert s.run.keys[-1].startswith("buy:")


def _last_step(run: Run, d: Decision) -> str | None:
    """At a move with one step left and Time already spent this phase: a step, after which the move closes."""
    if d.kind != "move" or run.state.ask.get("steps") != 1 or not run.state.acted:
        return None
    for n, o in enumerate(d.options, 1):
        if Key.parse(o.key).verb == "to":
            copy = clone(run.state)
            FG.apply(copy, o.key)
            after = FG.decision(copy)
            if after is not None and after.kind == "action" and copy.acted:
                return str(n)
    return None


def test_done_meant_for_a_move_that_closed_by_itself_does_not_end_the_action_phase(tmp_path):
    """The move closes on its last step and the 'done' typed to stop it lands on the Action phase: the
    question changed under it, so it is refused once with what it would end now."""
    run, step = _found(range(40), _last_step)
    s = Session(tmp_path, run=run).plain_lines(step, "done", "quit")
    assert s.run.decision().kind == "action"
    assert "The question changed since your last choice: 'done' now ends the Action phase" in s.out
    s = Session(tmp_path, run=s.run).plain_lines("done", "quit")
    assert s.run.keys[-1] == "end"  # asked once: the same word again ends it


def _first_action(game, seed: int, seat: str, kind: str) -> Run:
    policy = game.policies[game.default_policy]
    run = _run(game, seed, seat)
    while (d := run.decision()) is not None and not (d.seat == seat and d.kind == kind):
        run.choose(policy(run.view(), d, policy_rng(seed, len(run.keys))))
    return run


@pytest.mark.parametrize(("seat", "kind"), [("trespassers", "action"), ("sawyer", "sawyer_action")])
def test_slaughterhouse_end_with_every_action_left_is_refused_once(tmp_path, seat, kind):
    run = _first_action(TCM, 3, seat, kind)
    whose, before = run.game.ending(run.state, "end").scope, len(run.keys)
    s = Session(tmp_path, run=run).plain_lines("end", "quit")
    assert f"'end' would end {whose} with all " in s.out and " actions left. Type it again" in s.out
    assert s.run.decision().kind == kind and len(s.run.keys) == before
    s = Session(tmp_path, run=s.run).plain_lines("end", "end", "quit")
    assert s.run.keys[before] == "end"


def test_each_game_says_what_its_ending_choices_end():
    state, _ = FG.setup(11, {})
    assert FG.ending(state, "end") == Ending(
        "the Action phase", "nothing done in it and 6 Time to spend", untouched=True
    )
    assert FG.ending(state, "play:walk") is None
    from tests.engines.slaughterhouse.tcm_helpers import green_turn

    green = green_turn()
    assert TCM.ending(green, "end") == Ending("Green's turn", "all 4 actions left", untouched=True)
    green.trespassers[0].actions = 1
    assert TCM.ending(green, "end") == Ending("Green's turn", "1 action left")
    dc = get("mixtape-massacre")
    dcs, _ = dc.setup(1, {})
    for phase, key, left in (
        ("search", "leave", "the Search Die not rolled"),
        ("at_lock", "wait", "the lock not tried"),
        ("redraw", "stop", "no other card drawn"),
    ):
        dcs.phase = phase
        assert dc.ending(dcs, key) == Ending("your turn", left)
    assert not hasattr(get("escape-from-tall-oaks"), "ending")  # no choice there ends a turn or a phase
    assert not hasattr(get("escape-of-the-dead"), "ending")
