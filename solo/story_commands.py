"""The commands that tell the story again or change its telling: log, transcript, verbose, brief."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solo import narration
from solo.commands import clean_word
from solo.parse import number

if TYPE_CHECKING:
    from solo.repl import Repl


def log(repl: Repl, arg: str) -> None:
    start = 0
    if arg:
        n = number(arg)
        if n is None or n < 1:
            repl.screen.error("'log N' takes a number of turns, like 'log 3'.")
            return
        start = narration.turns_back(repl.run.log, n)

    def draw() -> None:
        for title, paragraphs, mood in narration.groups(repl.run.log, repl.narrator, start, repl.brief):
            repl.screen.story(title, paragraphs, mood)

    repl.screen.paged(draw, repl.pager_question())


def transcript(repl: Repl, arg: str) -> None:
    if arg.lower() not in ("", "on", "off"):  # a file name would be ignored: the transcript has its place
        repl.screen.error(
            f"'transcript' takes on or off, not {clean_word(arg)}: it is written to {repl.slot}.transcript.txt "
            "in the save folder."
        )
        return
    if arg.lower() == "off" or (not arg and repl.screen.transcript is not None):
        if repl.screen.transcript is None:
            repl.screen.error("No transcript is being written.")
            return
        repl.screen.say(f"Transcript closed: {repl.screen.transcript}")
        repl.screen.flush_transcript()
        repl.screen.transcript = None
        return
    from saves.text import escape
    from solo.screen import append_text, file_problem

    path = repl.store.root / f"{repl.slot}.transcript.txt"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        append_text(path, "")  # never through a symlink out of the folder, never onto a FIFO or device
    except OSError as e:
        repl.screen.error(f"Cannot write a transcript at {escape(str(path))}: {file_problem(e, path)}.")
        return
    repl.screen.console.export_text(clear=True)
    repl.screen.transcript = path
    repl.screen.say(f"Transcript on: everything shown is copied to {path}. 'transcript off' stops it.")


def verbose(repl: Repl, arg: str) -> None:
    repl.brief = False
    repl.screen.say("Verbose: every event is told in full.")


def brief(repl: Repl, arg: str) -> None:
    repl.brief = True
    repl.screen.say("Brief: one short line per event.")


HANDLERS = {"log": log, "transcript": transcript, "verbose": verbose, "brief": brief}
"""Command name -> what it does."""
