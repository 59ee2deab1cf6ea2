"""bench/screen_prose.py's reading of a screen: a paragraph wrapped in a panel reads whole, and a prompt counts
as prose only where every one of the person's own tellings is there as chosen."""

from __future__ import annotations

from engines.core.contract import resolve_options
from engines.registry import get
from solo.run import Run


def test_a_screen_is_judged_by_the_persons_own_tellings_as_chosen(bench_script):
    bench = bench_script("screen_prose")
    screen = "\n".join(
        [
            "╭─ Turn 4 ──────────────────────╮",
            "│ You roll 3 and 5 and run for │",
            "│ the Rec Center.              │",
            "│ Kirk takes Task #1.          │",
            "╰──────────────────────────────╯",
            "> ",
        ]
    )
    prose = "You roll 3 and 5 and run for the Rec Center."
    assert bench.judge(screen, [(prose, "You roll 3 and 5 (8).")]) == "prose"
    assert bench.judge(screen, [("You roll 3 and 5: eight steps.", "Kirk takes Task #1.")]) == "summary"
    assert bench.judge(screen, [(prose, "x"), ("Smiley attacks you.", "Smiley attacks.")]) == "missing"
    assert bench.judge(screen, []) == "quiet"


def test_the_persons_own_stretches_leave_out_the_others_turns_and_the_setup(bench_script):
    bench = bench_script("screen_prose")
    game = get("mixtape-massacre")
    run = Run(game, 7, resolve_options(game, {"rivals": "3"}), "slasher1")
    run.step_automa()
    since = len(run.log)
    run.choose(run.decision().options[0].key)  # the starting point: the setup, which gives way
    run.step_automa()
    own = bench.own_stretches(run, since)
    assert own and all(
        run.log[a].kind != "turn_started" or run.log[a].facts["seat"] == "slasher1" for a, _ in own[1:]
    )
    texts = [chosen for chosen, _ in bench.own_texts(run, since, False)]
    assert not any("takes up a starting point" in t or "start at" in t for t in texts)


def test_a_choice_the_program_refuses_once_is_typed_again_so_it_keeps_step_with_the_bench(bench_script, tmp_path):
    """Issue 49's traps refuse once an ending choice that would throw a phase away untouched; the policy meant it,
    so the bench types it again. Typed once, the program's run fell behind the bench's mirror of it, and every
    later prompt of that run read as 'gone' (Final Girl's 80x24 share, 99% measured, read 85%)."""
    bench = bench_script("screen_prose")
    pty = bench.Pty(bench.spawn(tmp_path, "new", "final-girl", "--seed", "11", "--slot", "b", "--fresh"))
    try:
        pty.prompt()  # turn 1's Action phase, 6 Time to spend: ending it now is refused once
        bench.chose(pty, "end")
        assert Run.from_record(bench.SaveStore(tmp_path).read("b")).keys == ["end"]  # saved before the prompt
    finally:
        pty.child.close(force=True)
