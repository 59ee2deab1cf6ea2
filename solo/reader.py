"""Where typed lines come from: a prompt_toolkit prompt at a terminal, or plain lines from a pipe or file."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.history import FileHistory, InMemoryHistory


class Reader(Protocol):
    def read(self, prompt: str) -> str:
        """One line, without its newline. EOFError at the end of input (Ctrl-D); KeyboardInterrupt on Ctrl-C."""
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

    def read(self, prompt: str) -> str:
        return self.session.prompt(prompt)


class PlainReader:
    """Lines from a pipe or a file, each echoed after its prompt so the output reads like a session."""

    echoes = True

    def __init__(self, stream: IO[str], echo: Callable[[str], None]):
        self.stream = stream
        self.echo = echo

    def read(self, prompt: str) -> str:
        line = self.stream.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        self.echo(prompt + line)
        return line
