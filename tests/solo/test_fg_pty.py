"""Final Girl in a real 80x24 pseudo-terminal (issue 14): after a decision the last event and the digest are
on screen at the prompt, `look`, `map`, `odds` and `examine` answers fit, and the toolbar holds its numbers
whole. What the terminal shows is read back through a small screen model of the escape codes used."""

from __future__ import annotations

import re

import pexpect
import pytest
from test_pty import PROMPT, solo_command

ROWS, COLUMNS = 24, 80


class Terminal:
    """Just enough of a VT100 to know what an 80x24 terminal shows: printing with autowrap and scrolling,
    cursor moves, erasing, and the answer to 'where is the cursor?' (prompt_toolkit draws its bottom
    toolbar only once it knows); colours and modes are ignored."""

    def __init__(self, rows: int = ROWS, columns: int = COLUMNS):
        self.rows, self.columns = rows, columns
        self.grid = [[" "] * columns for _ in range(rows)]
        self.y = self.x = 0
        self.wrap = False
        self.rest = ""
        self.replies: list[str] = []  # what the terminal answers the program (cursor position reports)

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
            m = re.compile(r"\[([?>=]?)([0-9;]*)([ -/]*)([@-~])").match(data, i + 1)
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
            return
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
        elif final in "Hf":
            row = params[0] or 1
            col = params[1] if len(params) > 1 and params[1] else 1
            self.y, self.x = min(self.rows, row) - 1, min(self.columns, col) - 1
        elif final == "J":
            mode = params[0]
            if mode in (0, 2):
                self.grid[self.y][self.x :] = [" "] * (self.columns - self.x)
                for row in range(self.y + 1, self.rows):
                    self.grid[row] = [" "] * self.columns
            if mode in (1, 2):
                for row in range(self.y):
                    self.grid[row] = [" "] * self.columns
        elif final == "K":
            mode = params[0]
            if mode == 0:
                self.grid[self.y][self.x :] = [" "] * (self.columns - self.x)
            elif mode == 1:
                self.grid[self.y][: self.x + 1] = [" "] * (self.x + 1)
            else:
                self.grid[self.y] = [" "] * self.columns


def settle(child: pexpect.spawn, term: Terminal) -> None:
    """Everything the program writes until it has been quiet a moment, into the screen model, answering
    its questions to the terminal as they come."""
    while True:
        _answer(child, term)
        try:
            term.feed(child.read_nonblocking(65536, timeout=0.6))
        except pexpect.TIMEOUT:
            if not term.replies:
                return


def _answer(child: pexpect.spawn, term: Terminal) -> None:
    while term.replies:
        child.send(term.replies.pop(0))


def prompt(child: pexpect.spawn, term: Terminal) -> str:
    child.expect(PROMPT)
    term.feed(child.before + child.after)
    settle(child, term)
    return term.text()


def typed(child: pexpect.spawn, term: Terminal, line: str) -> str:
    child.sendline(line)
    return prompt(child, term)


@pytest.fixture
def game(tmp_path):
    child = pexpect.spawn(
        solo_command(),
        ["--save-dir", str(tmp_path), "new", "final-girl", "--seed", "2", "--slot", "pty"],
        encoding="utf-8",
        timeout=30,
        dimensions=(ROWS, COLUMNS),
        env={
            "TERM": "xterm-256color",
            "PATH": "/usr/bin:/bin",
            "HOME": str(tmp_path),
            "LANG": "C.UTF-8",
        },
    )
    term = Terminal()
    prompt(child, term)
    yield child, term
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def _toolbar_after(*keys: str) -> str:
    """The whole toolbar of the same run, played in-process, before the terminal fits it to its width."""
    from engines.core.contract import resolve_options
    from engines.registry import get
    from solo.games.final_girl import UI
    from solo.run import Run

    game = get("final-girl")
    run = Run(game, 2, resolve_options(game, {}), "final_girl")
    for key in keys:
        run.choose(key)
    return UI.toolbar(run.view())


def _toolbar(screen: str) -> str:
    return screen.splitlines()[-1]


def _whole(bar: str) -> bool:
    """Every field of the toolbar shown whole: 'Label value', no number cut at the edge."""
    fields = bar.split(" · ")
    return bool(fields) and all(re.fullmatch(r"[A-Z][A-Za-z ]*:? ?[A-Za-z' ]*[0-9]*( \([^)]*\))?", f) for f in fields)


def test_a_decision_leaves_its_last_event_and_the_digest_on_screen_and_the_toolbar_whole(game):
    child, term = game
    screen = term.text()
    assert "Play: 1. Walk" in screen and _toolbar(screen).startswith("Health 6 · Time 6 · Horror 7 (1 die)")
    assert "Each card played rolls Horror dice" in screen  # the coach line, the first time
    screen = typed(child, term, "2")  # play Focus: the seed rolls a 6
    assert "[Horror -1: 6]" in screen  # the last event (its bracketed summary) is still on screen
    assert "Since your last choice: Time 6->5 · Horror 7 (1 die)->6 (2 dice)" in screen
    bar = _toolbar(screen)
    assert bar.startswith("Health 6 · Time 5 · Horror 6 (2 dice) · Tormentor: unseen") and _whole(bar)
    full = _toolbar_after("play:focus")
    assert full.startswith(bar) and (full == bar or full[len(bar) :].startswith(" · "))  # whole fields only
    screen = typed(child, term, "end")
    assert "Planning: buy Action cards" in screen and "Since your last choice:" in screen
    assert _whole(_toolbar(screen))


@pytest.mark.parametrize(
    ("line", "first", "last"),
    [
        ("look", "Final Girl: The Marrek Murders", "'end' ends the phase."),
        ("map", "Marrek Warehouse", "Traps (step reached/last): T9 Swinging Blades 0/3"),
        ("odds", "Horror Roll odds", "healing is lost."),
        ("x the tormentor", "The Tormentor", "'x bloodlust', 'x finale')."),
        ("x setup", "Setup cards", "while she is unseen."),
    ],
)
def test_look_map_odds_and_examine_fit_the_screen_whole_above_the_prompt(game, line, first, last):
    child, term = game
    screen = typed(child, term, line)
    rows = term.lines()
    top = next((i for i, row in enumerate(rows) if first in row), None)
    bottom = next((i for i in range(top or 0, len(rows)) if last in rows[i]), None)  # the answer's own last line
    assert top is not None and bottom is not None, screen  # the answer's first and last lines both shown
    assert top < bottom < rows.index(">") < ROWS - 1  # ... above the prompt, the toolbar under it
    assert _whole(rows[-1]) and rows[-1].startswith("Health 6 · Time 6")
