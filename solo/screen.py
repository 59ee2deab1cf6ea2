"""Everything the REPL shows goes through a Screen: rich panels and tables, or plain text for screen readers.

Plain mode (--plain, NO_COLOR, or output that is not a terminal) prints the same words without boxes or colour.
Everything printed is also recorded, so `transcript` can copy it to a file.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import re
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

from rich.cells import cell_len
from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from engines.core.contract import Decision
from saves.text import escape
from solo import theme


def wants_plain(flag: bool, stream: IO[str] | None = None) -> bool:
    """Plain text when asked, when NO_COLOR is set, when output is not a terminal, or when its encoding
    cannot carry the panels' box characters (PYTHONIOENCODING=ascii): the words matter, not the frames."""
    stream = stream or sys.stdout
    return flag or bool(os.environ.get("NO_COLOR")) or not stream.isatty() or not _carries_boxes(stream)


def _carries_boxes(stream: IO[str]) -> bool:
    try:
        "╭─╮│╰╯·".encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


# -- streams that cannot carry every character -------------------------------------------------------------

LOOKALIKES = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2013": "-",
    "\u2014": "--",
    "\u2026": "...",
    "\u00b7": "-",
    "\u00a0": " ",
    "\u2022": "*",
    "\ufffd": "?",
}
"""Typography an ASCII stream cannot carry, as the ASCII that reads the same."""


def _lookalike_or(fallback: str) -> Callable[[UnicodeError], tuple[str, int]]:
    """An encode error handler: each character as its ASCII lookalike, else as the fallback handler has it."""
    last_resort = codecs.lookup_error(fallback)

    def handle(error: UnicodeError) -> tuple[str, int]:
        if not isinstance(error, UnicodeEncodeError):
            raise error
        out = []
        for i in range(error.start, error.end):
            ch = error.object[i]
            if ch in LOOKALIKES:
                out.append(LOOKALIKES[ch])
            else:
                one = UnicodeEncodeError(error.encoding, error.object, i, i + 1, error.reason)
                out.append(str(last_resort(one)[0]))
        return "".join(out), error.end

    return handle


codecs.register_error("solo-replace", _lookalike_or("replace"))
codecs.register_error("solo-backslashreplace", _lookalike_or("backslashreplace"))


def tolerate_encodings() -> None:
    """Never a traceback over a character a stream cannot carry (PYTHONIOENCODING=ascii, LC_ALL=C): what
    stdout cannot encode is shown as its lookalike or '?', on stderr as its lookalike or a backslash escape
    (file names stay legible), and undecodable input bytes are read as U+FFFD, which parsing then refuses."""
    for stream, errors in (
        (sys.stdin, "replace"),
        (sys.stdout, "solo-replace"),
        (sys.stderr, "solo-backslashreplace"),
    ):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        # not a text stream we may change (closed, or replaced by a test): leave it as it is
        with contextlib.suppress(AttributeError, TypeError, ValueError, OSError):
            reconfigure(errors=errors)


# -- files in the save folder that are appended to: the transcript, the prompt's history ----------------------

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_EXTRA = _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def open_unfollowed(path: Path, flags: int) -> int:
    """os.open that never follows a symlink at path (O_NOFOLLOW, or a check first where the system has none)
    and takes only a regular file (O_NONBLOCK: a FIFO cannot hang us), so nothing typed or shown is ever
    written through a link to a file outside the save folder. OSError otherwise; see `file_problem`."""
    if not _NOFOLLOW and os.path.islink(path):
        raise OSError(errno.ELOOP, "a symbolic link", str(path))
    fd = os.open(path, flags | _EXTRA, 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd


def file_problem(error: OSError, path: Path) -> str:
    """Why a file could not be opened or written, in a few words (a refused link said as such)."""
    if error.errno in (errno.ELOOP, errno.EMLINK) or os.path.islink(path):
        return "it is a symbolic link, and solo never writes through one"
    if os.path.exists(path) and not os.path.isfile(path):
        return "it is not a regular file"
    return error.strerror or errno.errorcode.get(error.errno or 0) or str(error)


def append_text(path: Path, text: str) -> None:
    """Append text to a file in the save folder, created if missing, never through a link. OSError if not."""
    fd = open_unfollowed(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    with open(fd, "a", encoding="utf-8", errors="backslashreplace", closefd=True) as f:
        f.write(text)


def make_console(
    plain: bool, file: IO[str] | None = None, width: int | None = None, wrap: bool = False
) -> Console:
    """Plain text keeps each line whole for screen readers, pipes and files; `wrap` (plain text at a terminal)
    breaks lines between words at the terminal's width instead of letting the terminal cut words."""
    if plain:
        return Console(
            file=file,
            no_color=True,
            highlight=False,
            emoji=False,
            markup=False,
            color_system=None,
            force_terminal=False,
            width=width or (None if wrap else 88),
            record=True,
            soft_wrap=not wrap,
        )
    return Console(file=file, highlight=False, emoji=False, markup=False, width=width, record=True)


class Screen:
    def __init__(self, console: Console, plain: bool):
        self.console = console
        self.plain = plain
        self.transcript: Path | None = None
        self.heading = ""  # plain mode: the story heading last printed, not repeated while it holds

    # -- the transcript -----------------------------------------------------------------------------

    def flush_transcript(self) -> None:
        """Append what was shown since last time to the transcript file, if one is open."""
        text = self.console.export_text(clear=True)
        if self.transcript is not None and text:
            self._append(text)

    def typed(self, line: str) -> None:
        """A line typed at the prompt: the terminal shows it already, but a transcript needs it too."""
        if self.transcript is not None:
            self.flush_transcript()
        if self.transcript is not None:
            self._append(line + "\n")

    def _append(self, text: str) -> None:
        """A transcript is a convenience: a full disk or a removed folder stops it in one line, not the run."""
        path = self.transcript
        if path is None:
            return
        try:
            append_text(path, text)
        except OSError as e:
            self.transcript = None
            shown = escape(str(path))
            self.error(f"Transcript stopped: cannot write {shown}: {file_problem(e, path)}. Play goes on.")

    def transcribed_whole(self, whole: Callable[[], None]) -> None:
        """After a story shortened for the screen: the transcript gets what `whole` prints instead, so it stays
        the complete story (flush the transcript before showing the shortened one)."""
        if self.transcript is None:
            return
        self.console.export_text(clear=True)  # the shortened telling: the screen's, not the transcript's
        screen, out = self.console, io.StringIO()
        self.console = Console(
            file=out, width=screen.width, color_system=None, highlight=False, emoji=False, markup=False
        )
        try:
            whole()
        finally:
            self.console = screen
        self._append(out.getvalue())

    def paged(self, draw: Callable[[], None], more: Callable[[str], bool] | None) -> None:
        """What draw prints, a screenful at a time with `more` asked between (False stops); all at once
        when more is None (not a terminal) or when it fits."""
        if more is None:
            draw()
            return
        with self.console.capture() as captured:
            draw()
        lines = captured.get().splitlines()
        height = max(5, self.console.size.height - 2)
        for start in range(0, len(lines), height):
            for line in lines[start : start + height]:
                self.console.print(Text.from_ansi(line), soft_wrap=True)
            shown = start + height
            if shown < len(lines) and not more(f"-- {shown} of {len(lines)} lines; Enter for more, q to stop -- "):
                return

    # -- building blocks ----------------------------------------------------------------------------------

    def say(self, text: str, style: str = "") -> None:
        if self.plain:
            self.console.print(Text(text))
            return
        self.console.print(Text(whole_quotes(text, self.console.width), style=style))

    def error(self, text: str) -> None:
        if self.plain:
            self.console.print(Text(text))
            return
        self.console.print(Text(whole_quotes(text, self.console.width), style=theme.WARNING))

    def echo(self, text: str) -> None:
        """A typed line, shown back when input does not come from a terminal (so a log reads like a session)."""
        self.console.print(Text(text))

    def story(self, title: str, paragraphs: Sequence[str], style: str = "white") -> None:
        paragraphs = [p for p in paragraphs if p]
        if not paragraphs:
            return
        if self.plain:
            if title != self.heading:
                self.console.print(Text(f"-- {title} --"))
                self.heading = title
            for p in paragraphs:
                self.console.print(Text(p))
            self.console.print()
            return
        self.console.print(_story_panel(title, "\n\n".join(paragraphs), style, self.console.width))

    def lesson(self, title: str, section: str, text: str) -> None:
        """The coach's words in a lesson: a panel headed by what it teaches, the rulebook's section named in
        its lower border (no line of its own); plain text, one line for the heading and the section."""
        where = f"rulebook: {section}" if section else ""
        if self.plain:
            self.console.print(Text(f"Coach, {title}" + (f" ({where})" if where else "") + f": {text}"))
            return
        width = self.console.width
        self.console.print(
            Panel(
                Text(text),
                title=_title(f"Coach: {title}", width),
                title_align="left",
                subtitle=Text(clip(where, max(4, width - 6)), style=theme.HIDDEN) if where else None,
                subtitle_align="right",
                border_style=theme.COACH,
                padding=(0, 1),
            )
        )

    def brief(self, title: str, lines: Sequence[str], style: str = "white") -> None:
        """Lines told one a turn, in one panel without the blank lines between paragraphs."""
        if self.plain:
            self.story(title, ["\n".join(lines)], style)
            return
        self.console.print(_story_panel(title, "\n".join(lines), style, self.console.width))

    def story_height(self, groups: Sequence[tuple[bool, tuple[str, Sequence[str], str]]]) -> int:
        """How many lines the panels of `groups` ((brief, group) pairs: see `brief`) take at this screen's
        width (nothing is printed)."""
        out = io.StringIO()
        scratch = Console(file=out, width=self.console.width, color_system=None, highlight=False)
        for brief, (title, paragraphs, style) in groups:
            body = ("\n" if brief else "\n\n").join(p for p in paragraphs if p)
            scratch.print(_story_panel(title, body, style, self.console.width))
        return len(out.getvalue().splitlines())

    def lines_of(self, draw: Callable[[], None]) -> int:
        """How many lines what `draw` prints through this screen takes at its width (nothing is shown, and
        the transcript does not see it)."""
        screen, out = self.console, io.StringIO()
        self.console = Console(file=out, width=screen.width, color_system=None, highlight=False, emoji=False, markup=False)
        try:
            draw()
        finally:
            self.console = screen
        return len(out.getvalue().splitlines())

    def pairs(self, title: str, rows: Sequence[tuple[str, str]]) -> None:
        if self.plain:
            self.console.print(Text(f"-- {title} --"))
            for k, v in rows:
                self.console.print(Text(f"{k}: {v}"))
            self.console.print()
            return
        from rich.table import Table  # not at launch: it and its imports cost a few milliseconds

        table = Table(title=title, show_header=False, title_justify="left", box=None, padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        for k, v in rows:
            table.add_row(k, v)
        self.console.print(table)

    def framed_pairs(self, title: str, rows: Sequence[tuple[str, str]], style: str = "") -> None:
        """(label, text) rows in one panel, the texts wrapped between words beside their labels: the end of a
        run. Plain text: the title, then a line per row."""
        if self.plain:
            self.pairs(title, rows)
            return
        from rich.table import Table

        grid = Table.grid(padding=(0, 2))
        grid.add_column(style=theme.HEADING, no_wrap=True)
        grid.add_column(overflow="fold")
        for label, text in rows:
            grid.add_row(label, text)
        self.console.print(
            Panel(grid, title=_title(title, self.console.width), title_align="left", border_style=style, padding=(0, 1))
        )

    def table(
        self, title: str, head: Sequence[str], rows: Sequence[Sequence[str | Text]], note: str = ""
    ) -> None:
        """A table; as one line a row (plain, or where the table would have to cut a word to fit the width)."""
        from rich.table import Table

        table = Table(title=title, title_justify="left", caption=note or None, caption_justify="left")
        whole = [all(" " not in _plain(row[i]) for row in rows) for i in range(len(head))]
        for i, h in enumerate(head):  # a column of one word a cell is never squeezed to wrap (its head neither)
            cells = [_plain(row[i]) for row in rows]
            figures = all(c.replace(".", "").replace("%", "").isdigit() or c in ("?", "-", "") for c in cells)
            table.add_column(h, justify="right" if figures and i else "left", no_wrap=whole[i])
        for row in rows:
            table.add_row(*row)
        if not self.plain and self._narrowest(head, rows, whole) <= self.console.width:
            self.console.print(table)
            return
        self.console.print(Text(f"-- {title} --"))
        if note:
            self.console.print(Text(note))
        for row in rows:
            cells = [f"{h}: {_plain(c)}" for h, c in zip(head, row, strict=True) if _plain(c)]
            self.console.print(Text(_sentence(cells)))
        self.console.print()

    def _narrowest(self, head: Sequence[str], rows: Sequence[Sequence[str | Text]], whole: Sequence[bool]) -> int:
        """The least width a table of these cells takes with every word whole: each column its longest word (a
        column that never wraps, `whole`, its longest cell or head) and a space either side, and a rule between
        columns and at both edges."""
        from rich.measure import Measurement

        options = self.console.options
        widths = [0] * len(head)
        for row in [head, *rows]:
            for i, cell in enumerate(row):
                text = cell if isinstance(cell, Text) else Text(cell)
                least = Measurement.get(self.console, options, text)
                widths[i] = max(widths[i], least.maximum if whole[i] else least.minimum)
        return sum(w + 2 for w in widths) + len(head) + 1

    def cards(self, cards: Sequence[tuple[str, str | Text]]) -> None:
        """(title, body) panels side by side. A body may be rich Text, its styles named from the theme (a
        map's danger, a face-down card dim); plain text prints its words alone."""
        if self.plain:
            for title, text in cards:
                self.console.print(Text(f"{title}: {_plain(text)}"))
            self.console.print()
            return
        from rich.columns import Columns

        panels = [
            Panel(
                text if isinstance(text, Text) else Text(text),
                title=_title(title, width),
                padding=(0, 1),
                width=width,
            )
            for title, text in cards
            for width in [self._card_width(title, _plain(text))]
        ]
        self.console.print(Columns(panels))

    def _card_width(self, title: str, text: str) -> int:
        """Wide enough for the longest line (a map must never wrap), at least 30, at most the console."""
        widest = max([cell_len(line) for line in text.splitlines()] + [cell_len(title) + 2])
        return min(self.console.width, max(30, widest + 4))

    def options(self, decision: Decision, hint: str = "", lines: Sequence[str] | None = None) -> None:
        """The choices, numbered. Many short choices go in columns; a game may lay them out itself (`lines`:
        grouped, with what each does), so a long list never pushes the prompt's context away."""
        items = [f"{i}. {o.label}" for i, o in enumerate(decision.options, 1)]
        if self.plain:
            self.console.print(Text(decision.prompt))
            for item in lines if lines is not None else items:
                self.console.print(Text("  " + item))
            if hint:
                self.console.print(Text(hint))
            return
        if lines is None:
            lines = _columns(items, 3, self.console.width) if len(items) > 6 else items
        parts = [Text(decision.prompt, style=theme.HEADING), Text("\n".join(lines))]
        if hint:
            parts.append(Text(hint, style=theme.HIDDEN))
        self.console.print(Group(*parts))


def _story_panel(title: str, body: str, style: str, width: int) -> Panel:
    return Panel(Text(body), title=_title(title, width), title_align="left", border_style=style, padding=(0, 1))


def _title(title: str, width: int) -> Text:
    """A panel's title within a panel `width` wide: shortened at a word with '...' where it does not fit (rich
    would cut it mid-word without a mark on a narrow terminal)."""
    return Text(clip(title, max(4, width - 6)), style=theme.HEADING)


def _plain(text: str | Text) -> str:
    return text.plain if isinstance(text, Text) else text


def _columns(items: list[str], cols: int, width: int, gap: int = 3) -> list[str]:
    """Lines that set the items down then across in columns, or one a line when the columns would not fit."""
    laid = columns(items, cols, width, gap)
    return items if laid is None else laid


def columns(items: list[str], cols: int, width: int, gap: int = 3) -> list[str] | None:
    """Lines that set the items down then across in columns; None when they would not fit the width."""
    rows = (len(items) + cols - 1) // cols
    grouped = [items[c * rows : (c + 1) * rows] for c in range(cols)]
    grouped = [col for col in grouped if col]
    widths = [max(cell_len(item) for item in col) for col in grouped]
    if sum(widths) + gap * (len(grouped) - 1) > width:
        return None
    lines = []
    for r in range(rows):
        cells = [
            col[r] + " " * (w - cell_len(col[r]))
            for col, w in zip(grouped, widths, strict=True)
            if r < len(col)
        ]
        lines.append((" " * gap).join(cells).rstrip())
    return lines


_QUOTED = re.compile(r"(?<![\w'])'[^'\n]{1,40}?'(?![\w'])")
_SPACE = "\x00"


def whole_quotes(text: str, width: int) -> str:
    """The text wrapped at `width` between words, but never inside a short quoted example ('lawn 2 garage 2'):
    what a player would type stays on one line. Lines already short enough, and text with no quote, are left
    to the console to wrap as it would."""
    if "'" not in text or all(len(line) <= width for line in text.split("\n")):
        return text
    kept = _QUOTED.sub(lambda m: m.group(0).replace(" ", _SPACE), text)
    return "\n".join(_fill(line, width).replace(_SPACE, " ") for line in kept.split("\n"))


def _fill(line: str, width: int) -> str:
    """Words (a kept quote is one) set down greedily in lines of at most `width`."""
    lines: list[str] = []
    current = ""
    for word in line.split(" "):
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    lines.append(current)
    return "\n".join(lines)


def _sentence(parts: list[str]) -> str:
    """Cells read aloud in order: '; ' between them, a plain space after one that ends its own sentence (a
    word and a stop: "Win at the Warehouse.", not a lone "?" that stands for a value not known)."""
    out = parts[0] if parts else ""
    for part in parts[1:]:
        ended = out.endswith((".", "!", "?")) and out[-2:-1].isalnum()
        out += (" " if ended else "; ") + part
    return out


def fit_fields(text: str, width: int, sep: str = " · ") -> str:
    """A line of fields (most important first) that fits width: the last fields are left out whole, and a
    lone first field too wide is cut at a word, so no number is ever shown cut short."""
    if cell_len(text) <= width:
        return text
    fields = text.split(sep)
    kept = fields[0]
    for field in fields[1:]:
        if cell_len(kept + sep + field) > width:
            break
        kept += sep + field
    if cell_len(kept) <= width:
        return kept
    out = _words_within(kept, width)
    return out if cell_len(out) <= width else ""


def _words_within(text: str, width: int) -> str:
    """The first words of `text` that fit `width` cells (at least the first word, however long)."""
    words = text.split(" ")
    out = words[0]
    for word in words[1:]:
        if cell_len(out + " " + word) > width:
            break
        out += " " + word
    return out


def clip(text: str, width: int) -> str:
    """`text` within `width` cells, shortened at a word with '...': never mid-word or mid-number (only a
    first word longer than the room itself is cut)."""
    if cell_len(text) <= width:
        return text
    room = max(1, width - 3)
    out = _words_within(text, room)
    while cell_len(out) > room:
        out = out[:-1]
    return out.rstrip(" ,;:(") + "..."


DIGEST_HEADS = ("Since your last choice: ", "Since then: ", "")
"""The digest's lead-ins, longest first: a narrow terminal gives up the words before an item."""

DIGEST_JOIN = "; "


def fit_digest(items: Sequence[tuple[str, int]], width: int) -> str:
    """The digest's items ((words, weight): 0 matters most) after 'Since your last choice: ', in the order
    they happened, within `width`: the weightiest taken first (of a weight, the latest: nearest the prompt),
    each next one where it still fits, so what gives way is whole and the lightest; never a word or number
    cut. Where not one item fits beside the lead-in, a shorter one ('Since then: ', then none); where not even
    one item fits alone, the weightiest is shown whole (it wraps between words): an item is never cut and the
    line is never empty while there is something to say."""
    if not items:
        return ""
    ranked = sorted(range(len(items)), key=lambda i: (items[i][1], -i))
    for head in DIGEST_HEADS:
        kept: list[int] = []
        for i in ranked:
            tried = sorted([*kept, i])
            if cell_len(head + DIGEST_JOIN.join(items[k][0] for k in tried)) <= width:
                kept = tried
        if kept:
            return head + DIGEST_JOIN.join(items[k][0] for k in kept)
    return items[ranked[0]][0]
