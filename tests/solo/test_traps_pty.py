"""The traps of issue 49 at a real 80x24 pseudo-terminal: an ending word that would throw the Action phase away is
refused in one line and the phase goes on; Tab completes a thing's name after `x`; a lone `q` quits nothing."""

from __future__ import annotations

from pty_harness import session

from saves import SaveStore


def test_at_a_terminal_done_q_and_tab_are_no_traps(tmp_path):
    with session(tmp_path, "new", "final-girl", "--seed", "11", "--slot", "traps") as pty:
        screen = "\n".join(pty.typed("done"))
        assert "'done' would end the Action phase with nothing done in it and 6 Time to spend." in " ".join(
            screen.split()
        )
        assert "Planning: buy" not in screen
        begun = pty.term.prompts
        pty.child.send("x foc\t")  # Tab completes the name after 'x'
        pty.child.send("\r")
        screen = "\n".join(pty.prompt(begun))
        assert "x Focus" in screen and "Horror Roll" in screen
        screen = "\n".join(pty.typed("q"))
        assert "'q' only stops a long answer's pages" in " ".join(screen.split())
        assert pty.child.isalive()
    assert SaveStore(tmp_path).read("traps").keys == []  # nothing ended: the phase is whole


def test_a_q_typed_after_a_pager_ended_leaves_the_game_running(tmp_path):
    with session(tmp_path, "new", "final-girl", "--seed", "11", "--slot", "pager") as pty:
        pty.typed("rules")  # a long answer, paged; Enter through it
        for _ in range(10):
            if "Enter for more" not in pty.term.text():
                break
            pty.typed("")
        screen = "\n".join(pty.typed("q"))
        assert "'q' only stops a long answer's pages" in " ".join(screen.split()) and pty.child.isalive()
