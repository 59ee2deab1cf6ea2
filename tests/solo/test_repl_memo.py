"""A long-lived process stays near one run's memory (issue 44): the REPL empties the engines' memos of positions
(engines/core/memo.py) when it takes up another run."""

from __future__ import annotations

from repl_harness import Session

from engines.core import memo
from engines.core.contract import resolve_options
from engines.registry import get
from solo.run import Run


def test_the_repl_empties_the_memos_when_it_takes_up_another_run(tmp_path, monkeypatch):
    """`restart` begins another run in the same process, and the last run's memos go: the call records what it
    emptied. The REPL's start empties nothing: a process plays one REPL, and tests play many, each warm."""
    emptied: list[int] = []
    real = memo.forget

    def forget() -> int:
        emptied.append(real())
        return emptied[-1]

    monkeypatch.setattr(memo, "forget", forget)
    game = get("final-girl")
    run = Run(game, 4403, resolve_options(game, {}), game.person_seats[0])
    s = Session(tmp_path, run).lines("restart", "y")
    assert "A new game begins" in s.out
    assert len(emptied) == 1 and emptied[0] > 0
