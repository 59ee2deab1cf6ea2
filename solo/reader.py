"""Where typed lines come from: a prompt_toolkit prompt at a terminal, or plain lines from a pipe or file."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import os
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.utils import is_dumb_terminal

from solo.screen import append_text, open_unfollowed

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output


class Reader(Protocol):
    def read(self, prompt: str, soon: Callable[[], None] | None = None) -> str:
        """One line, without its newline. EOFError at the end of input (Ctrl-D); KeyboardInterrupt on Ctrl-C.

        `soon` is work that need not hold up the prompt (the first autosave): it runs once the prompt is on
        screen, and in any case before `read` returns or raises. It must not print."""
        ...


def pager_question(
    reader: Reader, at_a_terminal: bool, say: Callable[[str], None] | None = None
) -> Callable[[str], bool] | None:
    """The question between pages of a long answer (Screen.paged): asked through `reader` at a terminal, None
    elsewhere (print it whole). Enter goes on; q, quit, Ctrl-C and Ctrl-D stop; anything else typed stops too,
    and `say` tells that it was not run (it was taken for "more", silently)."""
    if getattr(reader, "echoes", False) or not at_a_terminal:
        return None

    def more(question: str) -> bool:
        try:
            answer = reader.read(question).strip()
        except (EOFError, KeyboardInterrupt):
            return False
        if answer and answer.lower() not in ("q", "quit") and say is not None:
            say(f"Stopped here; '{answer[:40]}' was not run: type it again at the prompt.")
        return not answer

    return more


Words = Callable[[str], Iterable[str]]
"""What Tab may complete a line to, given what is typed so far (so 'x ' and 'look ' complete a thing's name)."""


class _Choices(Completer):
    """Completes the whole line against whatever is legal now, plus the meta commands."""

    def __init__(self, words: Words):
        self.words = words

    def get_completions(self, document, complete_event):
        typed = document.text_before_cursor.lower()
        seen = set()
        for word in self.words(document.text_before_cursor):
            if word.lower().startswith(typed) and word not in seen:
                seen.add(word)
                yield Completion(word, start_position=-len(document.text_before_cursor))


class UnfollowedHistory(FileHistory):
    """prompt_toolkit's FileHistory, but a symlink at the file is never followed, to read or to append (it
    would copy every typed line into a file outside the save folder), and a failed append (full disk, removed
    folder) loses only that line of history, never the prompt."""

    def __init__(self, filename: Path) -> None:
        super().__init__(str(filename))
        self.path = Path(filename)

    def load_history_strings(self) -> Iterable[str]:
        strings: list[str] = []
        lines: list[str] = []
        try:
            with open(open_unfollowed(self.path, os.O_RDONLY), "rb", closefd=True) as f:
                for raw in f:  # the format FileHistory writes: '# when', then each line of an entry after '+'
                    line = raw.decode("utf-8", errors="replace")
                    if line.startswith("+"):
                        lines.append(line[1:])
                        continue
                    if lines:
                        strings.append("".join(lines)[:-1])
                    lines = []
        except OSError:
            pass  # none yet, a link, a FIFO, a read error: what was read so far, never someone else's file
        if lines:
            strings.append("".join(lines)[:-1])
        return reversed(strings)

    def store_string(self, string: str) -> None:
        entry = f"\n# {datetime.datetime.now()}\n" + "".join(f"+{line}\n" for line in string.split("\n"))
        with contextlib.suppress(OSError):
            append_text(self.path, entry)


def _history(path: Path | None) -> FileHistory | InMemoryHistory:
    """The history file, unless it cannot be one (a symlink, a folder, a FIFO, no folder to put it in): then
    this session's lines only, without a word, since history is a convenience."""
    if path is None:
        return InMemoryHistory()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(open_unfollowed(path, os.O_RDONLY))
    except FileNotFoundError:
        pass  # made by the first line typed
    except OSError:
        return InMemoryHistory()
    return UnfollowedHistory(path)


_UNDECODED = re.compile("[\ud800-\udfff]")
"""prompt_toolkit reads bytes the terminal's encoding cannot decode as lone surrogates (surrogateescape)."""


def _decoded(line: str) -> str:
    """Undecodable bytes as U+FFFD, which any stream can carry onwards once replaced, and parsing refuses."""
    return line if line.isascii() else _UNDECODED.sub("\ufffd", line)


Fields = Callable[[], "Sequence[tuple[str, str]] | None"]
"""The toolbar's fields, each with its theme meaning (solo/toolbar.py), or None where a game gives none."""


def _fitted(toolbar: Callable[[], str], fields: Fields | None = None) -> Callable[[], str | FormattedText]:
    """The toolbar cut to the terminal's width at its field separators, never inside a number; in colour when
    `fields` gives each field's meaning (None for plain text)."""

    def draw() -> str | FormattedText:
        from prompt_toolkit.application.current import get_app

        from solo.screen import fit_fields
        from solo.toolbar import fragments

        width = get_app().output.get_size().columns - 1
        marked = fields() if fields is not None else None
        if marked:
            return FormattedText(fragments(marked, width))
        return fit_fields(toolbar(), width)

    return draw


class PromptReader:
    """A prompt_toolkit prompt with history, tab completion of legal choices and a bottom toolbar."""

    def __init__(
        self,
        toolbar: Callable[[], str] | None = None,
        words: Words | None = None,
        fields: Fields | None = None,
        history: Path | None = None,
        input: Input | None = None,
        output: Output | None = None,
    ):
        self.session: PromptSession = PromptSession(
            history=_history(history),
            completer=_Choices(words) if words else None,
            complete_while_typing=False,
            bottom_toolbar=_fitted(toolbar, fields) if toolbar else None,
            input=input,
            output=output,
        )

    def read(self, prompt: str, soon: Callable[[], None] | None = None) -> str:
        return _decoded(self._prompt(prompt, soon))

    def _prompt(self, prompt: str, soon: Callable[[], None] | None) -> str:
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
