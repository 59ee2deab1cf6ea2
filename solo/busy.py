"""A spinner for work that may take a while (a hint's search, the automa's turn), shown only at a terminal and
only once the work has taken longer than a moment, so a quick answer never flickers."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

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
        yield lambda now: status.update(now)
    finally:
        timer.cancel()
        with lock:
            done = True
            status.stop()
