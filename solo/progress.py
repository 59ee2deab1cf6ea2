"""A progress bar for long work counted in steps (the review's decisions): done of total and the time spent,
shown only at a terminal (never in plain mode or to a pipe, where only the result may go), and gone once the
work ends or Ctrl-C stops it."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

Tell = Callable[[int, int], None]
"""Told (done, total) as the work goes on."""


def _quiet(done: int, total: int) -> None:
    """Off a terminal nothing is shown."""


@contextmanager
def bar(console: Console, text: str, plain: bool = False) -> Iterator[Tell]:
    """A callback that moves a bar of `text` to (done, total), the bar appearing when first told; a callback
    that shows nothing off a terminal or in plain mode. The bar is removed when the body ends, by an exception
    (KeyboardInterrupt) too."""
    if plain or not console.is_terminal:
        yield _quiet
        return
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("decisions"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
    task = progress.add_task(text, total=None)
    started = False

    def tell(done: int, total: int) -> None:
        nonlocal started
        progress.update(task, completed=done, total=total)
        if not started:  # work that never counts (Escape of the Dead's exact review) shows no bar at all
            progress.start()
            started = True
        progress.refresh()

    from solo.busy import keys_unseen

    try:
        with keys_unseen(sys.stdin):  # keys typed meanwhile neither drawn over the bar nor kept
            yield tell
    finally:
        if started:
            progress.stop()
