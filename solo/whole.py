"""A move played whole: Ctrl-C while a choice is applied waits until it is done, so a run never holds half a
move (the engines change the state step by step), and the interruption then comes as usual."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def whole_move() -> Iterator[None]:
    """Hold SIGINT back while the body runs (POSIX, main thread); it is delivered, as KeyboardInterrupt, once the
    body is done. Elsewhere the body runs as it is."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        mask(signal.SIG_UNBLOCK, {signal.SIGINT})
