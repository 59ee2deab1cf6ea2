"""A spinner for work that may take a while (a hint's search, the automa's turn), shown only at a terminal and
only once the work has taken longer than a moment, so a quick answer never flickers."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import IO

from rich.console import Console

DELAY = 0.3
"""Seconds of work before the spinner appears."""


@contextmanager
def busy(console: Console, text: str, delay: float = DELAY, plain: bool = False) -> Iterator[Callable[[str], None]]:
    """Spin `text` while the body runs, from `delay` seconds in; nothing at all off a terminal or in plain mode.
    The body is given a function that changes the text (what the work is doing now)."""
    if plain or not console.is_terminal:
        yield lambda now: None
        return
    status = console.status(text, spinner="dots")
    lock = threading.Lock()
    done = False

    def start() -> None:
        with lock:
            if not done:
                status.start()

    timer = threading.Timer(delay, start)
    timer.daemon = True
    timer.start()
    try:
        with keys_unseen(sys.stdin):
            yield lambda now: status.update(now)
    finally:
        timer.cancel()
        with lock:
            done = True
            status.stop()


@contextmanager
def keys_unseen(stdin: IO[str]) -> Iterator[None]:
    """While the work runs, keys typed at the terminal are neither echoed over the table nor kept: they were
    typed before the question they would answer was shown, so they are dropped when the work ends. Ctrl-C
    still interrupts (signals stay on). Nothing changes off a POSIX terminal."""
    try:
        import termios

        fd = stdin.fileno()
        saved = termios.tcgetattr(fd)
    except Exception:  # not POSIX (ImportError), no file (ValueError, OSError), not a terminal (termios.error)
        yield
        return
    quiet = list(saved)
    quiet[3] &= ~(termios.ECHO | termios.ICANON)  # lflags: no echo, no line editing; ISIG kept for Ctrl-C
    with suppress(termios.error, OSError):
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    try:
        yield
    finally:
        with suppress(termios.error, OSError):
            termios.tcflush(fd, termios.TCIFLUSH)
            termios.tcsetattr(fd, termios.TCSANOW, saved)
