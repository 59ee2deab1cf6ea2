"""How long a lesson takes (issue 48: "ten to twenty minutes"), estimated from what it shows and asks.

No person is timed here: each game's lesson is played through the REPL as a person following the coach would
(tests/solo/lesson_harness.py `following`: the asked choice, the command a step asks to try, `auto` once it is
taught) at an 80x24 terminal, with the rich panels and the story fitted to the screen as a person sees them,
and the bench counts what that person can read at each prompt: what the program wrote since the last one, as
far as it fits on the 24-line screen (what scrolled away while `auto` played on is not read), each line once
(a menu line or status bar shown again is taken in at a glance):

- coach: the words of the coach's boxes on screen, their headings and sections (read closely: they teach);
- screen: every other word on screen (the story, the menus, the answers to `odds`, `hint`, `map`...);
- lines: what the person types (a choice or a command), each a moment's thought;
- wait: the CPU time the program itself took (the automa's turns, the hints), which the person waits through.

The estimate is a range from two readers, plus the wait: a quick one (the coach at 240 words a minute, the
rest at 350, skimming menus and tables; 3 s a line) and a slow one (the coach at 150, studying it; the rest at
240, an adult's average silent reading pace (Brysbaert 2019: 238 words a minute for non-fiction); 8 s a line).
A first-time player of a board game is likely nearer the slow one. `--all` counts every line the program
wrote instead (a reader who scrolls back over what `auto` played); `--plain` reads plain text (a screen
reader's or a pipe's: no panels, the story never shortened, a coach's box one line "Coach, <title> ...").

Run: nice -n 10 .venv/bin/python bench/lesson_time.py [--game GAME] [--all] [--plain]
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "solo"))

from lesson_harness import Kept, Person, following
from rich.console import Console

from engines.registry import get
from saves import SaveStore
from solo import lesson
from solo.screen import Screen, make_console

WIDTH, HEIGHT = 80, 24

QUICK = (240, 350, 3.0)
SLOW = (150, 240, 8.0)


def minutes(coach: int, screen: int, lines: int, wait: float, reader: tuple[int, int, float]) -> float:
    coach_wpm, screen_wpm, per_line = reader
    return coach / coach_wpm + screen / screen_wpm + (lines * per_line + wait) / 60


class Reader(Person):
    """The person following the coach, noting where the program's output stood at each prompt."""

    def __init__(self, buffer: io.StringIO):
        super().__init__(following)
        self.buffer = buffer
        self.marks: list[int] = []

    def read(self, prompt: str, soon=None) -> str:  # type: ignore[no-untyped-def]
        self.marks.append(len(self.buffer.getvalue()))
        return super().read(prompt, soon)


BORDERS = str.maketrans("", "", "│╭╮╰╯─")


def coached(lines: list[str]) -> list[tuple[bool, str]]:
    """Each line of a terminal's output (rich panels) with whether it is in a coach's box, the borders gone."""
    out, inside = [], False
    for line in lines:
        inside = inside or line.startswith("╭─ Coach: ")
        out.append((inside, line.translate(BORDERS)))
        inside = inside and not line.startswith("╰")
    return out


def screens(out: str, marks: list[int], whole: bool, plain: bool) -> list[list[tuple[bool, str]]]:
    """What each prompt shows: the text since the last prompt, wrapped at 80 columns, its last 22 lines (the
    prompt and the toolbar take the other two); everything, with `whole`. Each line says whether it is the
    coach's (plain text writes a coach's box as one line, "Coach, <title> ...")."""
    shown = []
    for begin, end in zip([0, *marks], [*marks, len(out)], strict=True):
        if plain:
            lines = [
                (line.startswith("Coach, "), w)
                for line in out[begin:end].splitlines()
                for w in (textwrap.wrap(line, WIDTH) or [""])
            ]
        else:
            lines = coached(out[begin:end].splitlines())
        shown.append(lines if whole else lines[-(HEIGHT - 2) :])
    return shown


def terminal(buffer: io.StringIO) -> Screen:
    """An 80x24 terminal writing into `buffer`: rich panels, the story fitted to the screen, no colour codes."""
    console = Console(
        file=buffer, width=WIDTH, height=HEIGHT, force_terminal=True, color_system=None, highlight=False,
        emoji=False, markup=False, record=True,
    )
    return Screen(console, False)


def measure(game_id: str, whole: bool = False, plain: bool = False) -> dict[str, float]:
    game = get(game_id)
    buffer = io.StringIO()
    reader = Reader(buffer)
    with tempfile.TemporaryDirectory() as root:
        began = time.process_time()
        screen = Screen(make_console(True, file=buffer, width=WIDTH), True) if plain else terminal(buffer)
        repl = Kept(lesson.new_run(game), SaveStore(Path(root)), f"learn-{game_id}", screen, reader)
        reader.repl = repl
        repl.play()
        wait = time.process_time() - began
    seen: set[str] = set()
    coach = other = 0
    for lines in screens(buffer.getvalue(), reader.marks, whole, plain):
        for coaching, line in lines:
            flat = " ".join(line.split())
            if not flat or flat in seen:
                continue
            seen.add(flat)
            if coaching:
                coach += len(flat.split())
            else:
                other += len(flat.split())
    lines_typed = len(reader.typed)
    return {
        "coach": coach,
        "screen": other,
        "lines": lines_typed,
        "decisions": len(repl.run.keys),
        "wait": wait,
        "quick": minutes(coach, other, lines_typed, wait, QUICK),
        "slow": minutes(coach, other, lines_typed, wait, SLOW),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument(
        "--game", action="append", help="one game (repeatable); every game with a lesson by default"
    )
    p.add_argument(
        "--all", action="store_true", help="count every line written, not only what each screen shows"
    )
    p.add_argument("--plain", action="store_true", help="plain text, as a screen reader or a pipe gets it")
    args = p.parse_args(argv)
    games = args.game or [g for g in lesson.FACTS if lesson.offered(g)]
    print(f"{'game':24} {'coach':>6} {'screen':>7} {'lines':>6} {'keys':>5} {'wait s':>7} {'minutes':>12}")
    for game_id in games:
        m = measure(game_id, args.all, args.plain)
        print(
            f"{game_id:24} {m['coach']:6.0f} {m['screen']:7.0f} {m['lines']:6.0f} {m['decisions']:5.0f} "
            f"{m['wait']:7.1f} {m['quick']:5.1f} - {m['slow']:4.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
