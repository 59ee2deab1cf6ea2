"""The one way the pty tests start `solo` in a real pseudo-terminal and read back what it shows.

`spawn` starts the program (this checkout's code, or the installed command); `Pty` feeds everything it writes
into `Terminal`, a small screen model of the escape codes prompt_toolkit and rich use, answers its cursor
position questions, and waits for the prompt to be drawn whole: a new prompt begun since the last line was
sent, the cursor parked on the '>' row and the toolbar on the bottom row. Waiting on that instead of on a
quiet moment keeps each typed line as fast as the program is."""

from __future__ import annotations

import re
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pexpect
import pytest

ROWS, COLUMNS = 24, 80
ROOT = Path(__file__).resolve().parents[2]
PROMPT = r"\n(\x1b\[[0-9;?]*[a-zA-Z])*>"  # prompt_toolkit draws '> ' with cursor moves, after its modes
_CSI = re.compile(r"\[([?>=]?)([0-9;]*)([ -/]*)([@-~])")


def solo_command() -> str:
    """The installed `solo` entry point (beside this Python, or on PATH)."""
    beside = Path(sys.executable).with_name("solo")
    found = str(beside) if beside.exists() else shutil.which("solo")
    if found is None:
        pytest.fail("the 'solo' command is not installed: run pip install -e '.[test]'")
    return found


def spawn(
    save_dir: Path,
    *args: str,
    rows: int = ROWS,
    columns: int = COLUMNS,
    installed: bool = False,
    cpr: bool = True,
    timeout: float = 30,
    script: Path | None = None,
    env: dict[str, str] | None = None,
) -> pexpect.spawn:
    """`solo --save-dir save_dir ARGS` at a rows x columns pseudo-terminal: this checkout's code run from its
    root (whatever is installed), or the installed command, or a `script` that runs solo's main its own way
    (quick_hard.py); `cpr=False` tells prompt_toolkit not to ask where the cursor is (for tests that read the
    raw stream rather than the screen); `env`, more environment."""
    env = {"TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "HOME": str(save_dir), "LANG": "C.UTF-8"} | (env or {})
    if not cpr:
        env["PROMPT_TOOLKIT_NO_CPR"] = "1"
    head = [str(script)] if script else ["-m", "solo"]
    command, head = (solo_command(), []) if installed else (sys.executable, head)
    return pexpect.spawn(
        command,
        [*head, "--save-dir", str(save_dir), *args],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=timeout,
        dimensions=(rows, columns),
        env=env,
    )


class Terminal:
    """Just enough of a VT100 to know what an 80x24 terminal shows: printing with autowrap and scrolling,
    cursor moves, erasing, and the answer to 'where is the cursor?' (prompt_toolkit draws its bottom
    toolbar only once it knows); colours are ignored. It counts the prompts begun (each turns bracketed
    paste on) and whether the cursor is shown, so a reader can tell a prompt drawn whole."""

    def __init__(self, rows: int = ROWS, columns: int = COLUMNS):
        self.rows, self.columns = rows, columns
        self.grid = [[" "] * columns for _ in range(rows)]
        self.y = self.x = 0
        self.wrap = False
        self.rest = ""
        self.replies: list[str] = []  # what the terminal answers the program (cursor position reports)
        self.prompts = 0  # how many times bracketed paste was turned on: one for each prompt begun
        self.cursor_shown = True

    def lines(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.grid]

    def text(self) -> str:
        return "\n".join(self.lines())

    def _down(self) -> None:
        if self.y == self.rows - 1:
            self.grid = [*self.grid[1:], [" "] * self.columns]
        else:
            self.y += 1

    def feed(self, data: str) -> None:
        data, i = self.rest + data, 0
        self.rest = ""
        while i < len(data):
            ch = data[i]
            if ch == "\x1b":
                end = self._escape(data, i)
                if end is None:
                    self.rest = data[i:]
                    return
                i = end
                continue
            i += 1
            self._char(ch)

    def _char(self, ch: str) -> None:
        if ch == "\r":
            self.x, self.wrap = 0, False
        elif ch == "\n":
            self._down()
            self.wrap = False
        elif ch == "\b":
            self.x, self.wrap = max(0, self.x - 1), False
        elif ch == "\t":
            self.x = min(self.columns - 1, (self.x // 8 + 1) * 8)
        elif ch >= " ":
            if self.wrap:
                self.x, self.wrap = 0, False
                self._down()
            self.grid[self.y][self.x] = ch
            if self.x == self.columns - 1:
                self.wrap = True
            else:
                self.x += 1

    def _escape(self, data: str, i: int) -> int | None:
        if i + 1 >= len(data):
            return None
        kind = data[i + 1]
        if kind == "[":
            m = _CSI.match(data, i + 1)
            if m is None:
                return None if len(data) - i < 32 else i + 2
            self._csi(m.group(1), [int(p) if p else 0 for p in m.group(2).split(";")], m.group(4))
            return m.end()
        if kind == "]":
            end = min((j for j in (data.find("\x07", i), data.find("\x1b\\", i)) if j >= 0), default=-1)
            if end < 0:
                return None
            return end + (1 if data[end] == "\x07" else 2)
        if kind in "()":
            return i + 3 if i + 2 < len(data) else None
        return i + 2

    def _csi(self, private: str, params: list[int], final: str) -> None:
        n = params[0] or 1
        if final == "n" and params[0] == 6 and not private:
            self.replies.append(f"\x1b[{self.y + 1};{self.x + 1}R")
            return
        self.wrap = False
        if private:
            self._mode(private, params, final)
        elif final in "ABCDGHf":
            self._move(params, n, final)
        elif final == "J":
            self._erase_screen(params[0])
        elif final == "K":
            self._erase_line(params[0])

    def _mode(self, private: str, params: list[int], final: str) -> None:
        if private == "?" and final in "hl":
            if params[0] == 2004 and final == "h":
                self.prompts += 1
            elif params[0] == 25:
                self.cursor_shown = final == "h"

    def _move(self, params: list[int], n: int, final: str) -> None:
        if final == "A":
            self.y = max(0, self.y - n)
        elif final == "B":
            self.y = min(self.rows - 1, self.y + n)
        elif final == "C":
            self.x = min(self.columns - 1, self.x + n)
        elif final == "D":
            self.x = max(0, self.x - n)
        elif final == "G":
            self.x = min(self.columns - 1, n - 1)
        else:
            row = params[0] or 1
            col = params[1] if len(params) > 1 and params[1] else 1
            self.y, self.x = min(self.rows, row) - 1, min(self.columns, col) - 1

    def _erase_screen(self, mode: int) -> None:
        if mode in (0, 2):
            self.grid[self.y][self.x :] = [" "] * (self.columns - self.x)
            for row in range(self.y + 1, self.rows):
                self.grid[row] = [" "] * self.columns
        if mode in (1, 2):
            for row in range(self.y):
                self.grid[row] = [" "] * self.columns

    def _erase_line(self, mode: int) -> None:
        if mode == 0:
            self.grid[self.y][self.x :] = [" "] * (self.columns - self.x)
        elif mode == 1:
            self.grid[self.y][: self.x + 1] = [" "] * (self.x + 1)
        else:
            self.grid[self.y] = [" "] * self.columns

    def at_prompt(self) -> bool:
        """The prompt drawn whole: the cursor shown right after '> ' on its row, the toolbar on the bottom
        row (prompt_toolkit first draws the prompt alone, erasing below it, then again with its toolbar)."""
        row = "".join(self.grid[self.y])
        return (
            self.cursor_shown
            and not self.replies
            and self.y < self.rows - 1
            and row.startswith(">")
            and self.x == 2
            and bool(self.lines()[-1])
        )


class Pty:
    """`solo` at a pseudo-terminal and the screen it draws: type lines, wait for each prompt drawn whole."""

    def __init__(self, child: pexpect.spawn, rows: int = ROWS, columns: int = COLUMNS) -> None:
        self.child = child
        self.term = Terminal(rows, columns)

    def prompt(self, begun: int = 0) -> list[str]:
        """Read until a prompt after the `begun`-th is drawn whole, answering the cursor questions on the way;
        the screen's rows."""
        deadline = time.monotonic() + float(self.child.timeout or 30)
        while not (self.term.prompts > begun and self.term.at_prompt()):
            while self.term.replies:
                self.child.send(self.term.replies.pop(0))
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("no prompt drawn whole:\n" + self.term.text())
            try:
                self.term.feed(self.child.read_nonblocking(65536, timeout=min(left, 1.0)))
            except pexpect.TIMEOUT:
                continue
        return self.term.lines()

    def typed(self, line: str) -> list[str]:
        """Type a line and Enter; the screen once the next prompt is drawn whole."""
        begun = self.term.prompts
        self.child.sendline(line)
        return self.prompt(begun)

    def quit(self) -> None:
        """Type quit; the program must end with status 0."""
        self.child.sendline("quit")
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus == 0


@contextmanager
def session(save_dir: Path, *args: str) -> Iterator[Pty]:
    """`solo --save-dir save_dir ARGS` at an 80x24 terminal, at its first prompt; quit (status 0) after."""
    pty = Pty(spawn(save_dir, *args))
    try:
        pty.prompt()
        yield pty
    except BaseException:
        pty.child.close(force=True)
        raise
    pty.quit()
