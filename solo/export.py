"""A run's narrated log, shown again or written out as HTML, Markdown or plain text."""

from __future__ import annotations

import io
from pathlib import Path

from narratives import for_game
from solo import narration
from solo.run import Run
from solo.screen import Screen, make_console


def show(run: Run, screen: Screen, brief: bool = False) -> None:
    narrator = for_game(run.game.id, run.seed)
    for title, paragraphs, mood in narration.groups(run.log, narrator, 0, brief):
        screen.story(title, paragraphs, mood)
    outcome = run.outcome()
    screen.say(f"Result: {run.status()}. {outcome.reason}" if outcome else "The run is still going.")


def render(run: Run, kind: str, brief: bool = False) -> str:
    """The whole log as one document of the given kind: 'html', 'markdown' or 'text'."""
    if kind == "markdown":
        return _markdown(run, brief)
    plain = kind == "text"
    console = make_console(plain, file=io.StringIO(), width=88)
    show(run, Screen(console, plain), brief)
    if kind == "html":
        return console.export_html(inline_styles=True)
    return console.export_text()


def write(run: Run, path: Path, kind: str, brief: bool = False) -> None:
    """The whole export or nothing: a crash mid-write never leaves half a page in place of a good file."""
    from saves.atomic import atomic_write

    atomic_write(path, render(run, kind, brief).encode("utf-8"))


def _markdown(run: Run, brief: bool) -> str:
    narrator = for_game(run.game.id, run.seed)
    lines = [
        f"# {run.game.title}",
        "",
        f"Seed {run.seed}; options: "
        + (", ".join(f"{k}={v}" for k, v in run.options.items()) or "none")
        + ".",
        "",
    ]
    for title, paragraphs, _ in narration.groups(run.log, narrator, 0, brief):
        lines += [f"## {title}", ""]
        for p in paragraphs:
            lines += [p, ""]
    outcome = run.outcome()
    lines.append(f"**Result: {run.status()}.** {outcome.reason}" if outcome else "*The run is still going.*")
    return "\n".join(lines) + "\n"
