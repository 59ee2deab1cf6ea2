"""The review's progress bar (solo/progress.py): decisions done of total and the time, at a terminal only;
nothing but the review goes to a pipe, and Ctrl-C cancels cleanly, at the command line and at the prompt."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pexpect
import pytest
from repl_harness import Session
from rich.console import Console

from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.registry import get
from saves import SaveStore
from solo import review
from solo.cli import main
from solo.progress import bar
from solo.run import Run


def terminal() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=True, width=80, color_system=None), out


def test_the_bar_shows_decisions_done_of_total_at_a_terminal_and_is_gone_after():
    console, out = terminal()
    with bar(console, "Reviewing the run") as tell:
        tell(0, 12)
        tell(3, 12)
        shown = out.getvalue()
    assert "Reviewing the run" in shown and "3/12" in shown and "0:00:0" in shown  # done of total, elapsed
    assert not console._live_stack  # stopped


def test_no_bar_off_a_terminal_or_in_plain_mode():
    out = io.StringIO()
    console = Console(file=out, force_terminal=False)
    for plain in (False, True):
        with bar(console, "Reviewing the run", plain=plain) as tell:
            tell(1, 2)
    shown, _ = terminal()
    with bar(shown, "Reviewing the run", plain=True) as tell:
        tell(1, 2)
    assert out.getvalue() == "" and shown.file.getvalue() == ""


def test_work_that_never_counts_shows_no_bar():
    console, out = terminal()
    with bar(console, "Reviewing the run"):
        pass
    assert out.getvalue() == "" and not console._live_stack


def test_ctrl_c_stops_the_bar_and_passes_on():
    console, _ = terminal()
    with pytest.raises(KeyboardInterrupt), bar(console, "Reviewing the run") as tell:
        tell(1, 5)
        raise KeyboardInterrupt
    assert not console._live_stack


def short_run() -> Run:
    game = get("mixtape-massacre")
    run = Run(game, 0, resolve_options(game, {}), "slasher1")
    for key in play(game, 0).keys[:16]:
        run.choose(key)
    return run


def test_the_review_tells_each_decision_from_none_to_all():
    run = short_run()
    told: list[tuple[int, int]] = []
    found = review.review(run, 1, progress=lambda done, total: told.append((done, total)))
    n = len(found.steps)
    assert n > 1 and told == [(i, n) for i in range(n + 1)]


def cancelling(run, samples=None, progress=None, **search):
    progress(0, 3)
    raise KeyboardInterrupt


def test_ctrl_c_cancels_solo_review_cleanly(tmp_path, capsys, monkeypatch):
    SaveStore(tmp_path).write("r", short_run().to_record())
    monkeypatch.setattr(review, "review", cancelling)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--save-dir", str(tmp_path), "review", "r"]) == 130
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == "Review cancelled; what was weighed is kept for the next review."


def test_ctrl_c_cancels_the_prompts_review_and_the_run_goes_on(tmp_path, monkeypatch):
    monkeypatch.setattr(review, "review", cancelling)
    s = Session(tmp_path, short_run(), slot="r").plain_lines("review", "quit")
    assert "(review cancelled: what was weighed is kept" in s.out and "Saved in slot 'r'" in s.out


ROOT = Path(__file__).resolve().parents[2]


def at_a_terminal(save_dir: Path, *args: str, hold: Path | None = None) -> pexpect.spawn:
    """`solo` of this checkout in a real pseudo-terminal; with `hold`, the review weighs nothing while that file
    exists (tests/solo/held_review/sitecustomize.py, in the workers too)."""
    env = {"TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "HOME": str(save_dir), "LANG": "C.UTF-8"}
    if hold is not None:
        env |= {"SOLO_TEST_HOLD": str(hold), "PYTHONPATH": str(Path(__file__).parent / "held_review")}
    return pexpect.spawn(
        sys.executable,
        ["-m", "solo", "--save-dir", str(save_dir), *args],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 100),
        env=env,
    )


def test_at_a_terminal_the_bar_counts_the_decisions_then_gives_way_to_the_review(tmp_path):
    SaveStore(tmp_path).write("r", short_run().to_record())
    child = at_a_terminal(tmp_path, "review", "r", "--samples", "1")
    child.expect("Reviewing the run")
    child.expect_exact("1/6")  # done of total
    child.expect("Decision by decision")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_at_a_terminal_cancels_the_review(tmp_path):
    """The review is held at its first decisions (in its two worker processes) until Ctrl-C: on a loaded machine
    a review left to run could end before the test had read its bar and pressed the key."""
    SaveStore(tmp_path).write("r", short_run().to_record())
    hold = tmp_path / "hold"
    hold.touch()
    child = at_a_terminal(tmp_path, "review", "r", "--samples", "200", "--jobs", "2", hold=hold)
    child.expect_exact("0/6")
    child.sendintr()
    child.expect("Review cancelled; what was weighed is kept")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Decision by decision" not in child.before
