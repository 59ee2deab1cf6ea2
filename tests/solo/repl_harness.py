"""Drive the REPL in-process: typed lines go through a prompt_toolkit pipe, output into a string."""

from __future__ import annotations

import io
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engines.core.contract import resolve_options
from engines.registry import get
from saves import SaveStore
from solo.reader import PlainReader, PromptReader
from solo.repl import Repl
from solo.run import Run
from solo.screen import Screen, make_console

GAME = get("escape-of-the-dead")


def new_run(seed: int = 7, ironman: bool = False, **options: str) -> Run:
    return Run(GAME, seed, resolve_options(GAME, options), "survivor", ironman=ironman)


class Session:
    """A REPL over a run, the text it printed, and its exit status."""

    def __init__(self, root: Path, run: Run | None = None, slot: str = "test", plain: bool = True):
        self.store = SaveStore(root)
        self.run = run or new_run()
        self.slot = slot
        self.plain = plain
        self.buffer = io.StringIO()
        self.screen = Screen(make_console(plain, file=self.buffer, width=100), plain)
        self.code: int | None = None
        self.repl: Repl | None = None

    def type(self, *keys: str) -> Session:
        """Send raw keystrokes (lines need their own '\\n'); the pipe closes after them (end of input)."""
        with create_pipe_input() as pipe:
            pipe.send_text("".join(keys))
            pipe.close()
            reader = PromptReader(input=pipe, output=DummyOutput())
            self.repl = Repl(self.run, self.store, self.slot, self.screen, reader)
            self.code = self.repl.play()
        self.run = self.repl.run
        return self

    def lines(self, *lines: str) -> Session:
        return self.type(*(line + "\n" for line in lines))

    def plain_lines(self, *lines: str) -> Session:
        """The same through the reader used when stdin is not a terminal (no key handling at all)."""
        reader = PlainReader(io.StringIO("".join(line + "\n" for line in lines)), self.screen.echo)
        self.repl = Repl(self.run, self.store, self.slot, self.screen, reader)
        self.code = self.repl.play()
        self.run = self.repl.run
        return self

    @property
    def out(self) -> str:
        return self.buffer.getvalue()


def run_at_reward() -> Run:
    """A run (found by playing seeded games with the heuristic) that waits on a reward choice."""
    policy = GAME.policies["heuristic"]
    for seed in range(1000):
        run = new_run(seed=seed)
        while (d := run.decision()) is not None:
            if d.kind == "reward":
                return run
            run.choose(policy(run.view(), d, None))
    raise AssertionError("no seed reached a reward")
