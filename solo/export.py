"""A run's narrated log, shown again or written out as HTML, Markdown or plain text."""

from __future__ import annotations

import io
import os
from pathlib import Path

from narratives import for_game
from solo import narration
from solo.run import Run
from solo.screen import Screen, make_console


def show(run: Run, screen: Screen, brief: bool = False) -> None:
    narrator = for_game(run.game.id, run.seed, run.seat)
    for title, paragraphs, mood in narration.groups(run.log, narrator, 0, brief):
        screen.story(title, paragraphs, mood)
    outcome = run.outcome()
    screen.say(f"Result: {run.status()}. {outcome.reason}" if outcome else "The run is still going.")


def render(run: Run, kind: str, brief: bool = False) -> str:
    """The whole log as one document of the given kind: 'html', 'markdown' or 'text'."""
    if kind == "markdown":
        return _markdown(run, brief)
    if kind == "html":
        return _html(run, brief)
    plain = kind == "text"
    console = make_console(plain, file=io.StringIO(), width=88)
    show(run, Screen(console, plain), brief)
    return console.export_text()


def write(run: Run, path: Path, kind: str, brief: bool = False) -> None:
    """The whole export or nothing: a crash mid-write never leaves half a page in place of a good file, and
    nothing but a regular file is ever replaced (not a device or a FIFO that appeared since it was checked)."""
    from saves.atomic import atomic_write

    umask = os.umask(0o022)
    os.umask(umask)
    atomic_write(path, render(run, kind, brief).encode("utf-8"), mode=0o666 & ~umask, regular=True)


def _markdown(run: Run, brief: bool) -> str:
    narrator = for_game(run.game.id, run.seed, run.seat)
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


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ color: #dedede; background: #121214; margin: 2em auto; max-width: 46em; padding: 0 1em;
  font: 16px/1.45 ui-monospace, Menlo, Consolas, "DejaVu Sans Mono", monospace; }}
header {{ border-bottom: 1px solid #444; margin-bottom: 1.5em; }}
h1 {{ font-size: 1.25em; color: #f4f4f4; margin: 0 0 .3em 0; }}
header p {{ color: #b8b8b8; margin: .15em 0; }}
section {{ border: 1px solid #8a8a8a; border-radius: 4px; padding: .2em 1em; margin: 1em 0; }}
section.red {{ border-color: #e05454; }} section.blue {{ border-color: #6e9ce6; }}
section.green {{ border-color: #76c25e; }} section.yellow {{ border-color: #e6c45e; }}
section.magenta {{ border-color: #c478d6; }} section.cyan {{ border-color: #60c4cc; }}
h2 {{ font-size: 1em; color: #f4f4f4; margin: .4em 0; }}
footer {{ border-top: 1px solid #444; margin-top: 1.5em; padding-top: .5em; color: #f4f4f4; }}
</style>
</head>
<body>
<header><h1>{title}</h1>
{facts}
</header>
{body}
<footer>{result}</footer>
</body>
</html>
"""


def _html(run: Run, brief: bool) -> str:
    """A dark page that reads like the game at a terminal, each turn a framed panel in its mood's colour, with
    a title and a header naming the game, options, seed and result. Plain HTML, no styles on every word, so a
    long run stays small."""
    from html import escape

    narrator = for_game(run.game.id, run.seed, run.seat)
    sections = []
    for title, paragraphs, mood in narration.groups(run.log, narrator, 0, brief):
        text = "".join(f"<p>{escape(p)}</p>" for p in paragraphs if p)
        sections.append(f'<section class="{escape(mood)}"><h2>{escape(title)}</h2>{text}</section>')
    outcome = run.outcome()
    result = f"Result: {run.status()}. {outcome.reason}" if outcome else "Result: the run is still going."
    options = ", ".join(f"{k}={v}" for k, v in run.options.items()) or "none"
    facts = [f"Options: {options}", f"Seed {run.seed}; seat {run.seat}", result]
    return _PAGE.format(
        title=escape(f"{run.game.title}: a solo run"),
        facts="\n".join(f"<p>{escape(line)}</p>" for line in facts),
        body="\n".join(sections),
        result=escape(result),
    )
