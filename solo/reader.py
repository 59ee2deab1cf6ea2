"""Where typed lines come from: a prompt_toolkit prompt at a terminal, or plain lines from a pipe or file."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.utils import is_dumb_terminal


class Reader(Protocol):
    def read(self, prompt: str, soon: Callable[[], None] | None = None) -> str:
        """One line, without its newline. EOFError at the end of input (Ctrl-D); KeyboardInterrupt on Ctrl-C.

        `soon` is work that need not hold up the prompt (the first autosave): it runs once the prompt is on
        screen, and in any case before `read` returns or raises. It must not print."""
        ...


class _Choices(Completer):
    """Completes the whole line against whatever is legal now, plus the meta commands."""

    def __init__(self, words: Callable[[], Iterable[str]]):
        self.words = words

    def get_completions(self, document, complete_event):
        typed = document.text_before_cursor.lower()
        seen = set()
        for word in self.words():
            if word.lower().startswith(typed) and word not in seen:
                seen.add(word)
                yield Completion(word, start_position=-len(document.text_before_cursor))


class PromptReader:
    """A prompt_toolkit prompt with history, tab completion of legal choices and a bottom toolbar."""

    def __init__(
        self,
        toolbar: Callable[[], str] | None = None,
        words: Callable[[], Iterable[str]] | None = None,
        history: Path | None = None,
        input=None,
        output=None,
    ):
        hist = InMemoryHistory()
        if history is not None:
            try:
                history.parent.mkdir(parents=True, exist_ok=True)
                hist = FileHistory(str(history))
            except OSError:
                pass
        self.session: PromptSession = PromptSession(
            history=hist,
            completer=_Choices(words) if words else None,
            complete_while_typing=False,
            bottom_toolbar=toolbar,
            input=input,
            output=output,
        )

    def read(self, prompt: str, soon: Callable[[], None] | None = None) -> str:
        if soon is None:
            return self.session.prompt(prompt)
        if is_dumb_terminal():
            soon()  # a dumb terminal's prompt runs on an event loop of its own, which `pre_run` never reaches
            return self.session.prompt(prompt)
        pending = [soon]
        failed: list[Exception] = []

        def run_pending() -> None:
            if pending:
                try:
                    pending.pop()()
                except Exception as e:  # not into prompt_toolkit's loop: raised once the prompt is gone
                    failed.append(e)

        def after_first_draw() -> None:
            # pre_run comes just before the prompt is drawn; call_soon, once the loop next turns, just after.
            asyncio.get_running_loop().call_soon(run_pending)

        try:
            return self.session.prompt(prompt, pre_run=after_first_draw)
        finally:
            run_pending()  # typed-ahead input can finish the prompt before the loop turns
            if failed:
                raise failed[0]


class PlainReader:
    """Lines from a pipe or a file, each echoed after its prompt so the output reads like a session."""

    echoes = True

    def __init__(self, stream: IO[str], echo: Callable[[str], None]):
        self.stream = stream
        self.echo = echo

    def read(self, prompt: str, soon: Callable[[], None] | None = None) -> str:
        if soon is not None:
            soon()
        line = self.stream.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        self.echo(prompt + line)
        return line
