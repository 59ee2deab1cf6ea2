"""Play a lesson through the REPL: a reader that answers each prompt as a person following the coach would (or
as one choosing otherwise), and a REPL that keeps everything the coach said, to check it against its fields."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from engines.core.contract import Decision
from engines.registry import get
from narratives.templates import load
from saves import SaveStore
from solo import lesson
from solo.lesson import Said
from solo.repl import Repl
from solo.run import Run
from solo.screen import Screen, make_console
from tests.tools import truth


class Kept(Repl):
    """The REPL, keeping every word the coach says (the screen shows them as usual)."""

    told: list[Said]

    def _say_lesson(self, said: list[Said]) -> None:
        self.__dict__.setdefault("told", []).extend(said)
        super()._say_lesson(said)


Answer = Callable[[Run, lesson.Coach, Decision], str]
"""What the person types at a decision, given the run and the coach (a line: a number, a word, a command)."""


def number(d: Decision, key: str) -> str:
    return str(d.options.index(d.option(key)) + 1)  # type: ignore[arg-type]


def following(run: Run, coach: lesson.Coach, d: Decision) -> str:
    """The person does what the coach asks: the asked choice, else the command a step asked them to try (once),
    else 'auto' once the coach has taught it (also after trying a command taught later), else the game's own
    policy's choice."""
    if coach.awaiting is not None and coach.awaiting[0].command not in ("auto",):
        return coach.awaiting[0].command
    asked = coach.asked_key(run)
    if asked is not None:
        return number(d, asked)
    if any(coach.lesson.step(name).command == "auto" for name in coach.fired):
        return "auto"
    return number(d, coach.suggested(run, d))


def otherwise(run: Run, coach: lesson.Coach, d: Decision) -> str:
    """The person chooses otherwise wherever the coach asks (the last other choice), never tries a command, and
    elsewhere picks the last choice on the list every third decision, else the policy's."""
    asked = coach.asked_key(run)
    if asked is not None and len(d.options) > 1:
        other = [o.key for o in d.options if o.key != asked]
        return number(d, other[-1])
    if len(run.keys) % 3 == 0:
        return str(len(d.options))
    return number(d, coach.suggested(run, d))


class Person:
    """A reader answering from `answer` at the game's prompt, 'n' (or `real`) to the offer of a real game, and
    ending the input once `limit` lines are typed or the run is over."""

    echoes = True

    def __init__(self, answer: Answer, real: str = "n", limit: int = 2000):
        self.answer, self.real, self.limit = answer, real, limit
        self.repl: Kept | None = None
        self.typed: list[str] = []
        self.questions: list[str] = []

    def read(self, prompt: str, soon: Callable[[], None] | None = None) -> str:
        if soon is not None:
            soon()
        assert self.repl is not None
        if prompt != "> ":
            self.questions.append(prompt)
            if prompt.startswith("Start a real game"):
                return self.real
            raise EOFError
        run, coach = self.repl.run, self.repl.lesson
        d = run.decision()
        if d is None or coach is None or len(self.typed) >= self.limit:
            raise EOFError
        line = self.answer(run, coach, d)
        self.typed.append(line)
        return line


def play(
    root: Path, game_id: str, answer: Answer, real: str = "n", run: Run | None = None, terminal: bool = False
) -> tuple[Kept, Person, str]:
    """A lesson of `game_id` played through the REPL in `root`, as `answer` types; the REPL, the reader and the
    text shown (plain, 100 columns; `terminal`: an 80x24 terminal, rich panels, where the coach's boxes are
    measured against the story)."""
    game = get(game_id)
    buffer = io.StringIO()
    if terminal:
        from rich.console import Console

        console = Console(
            file=buffer, width=80, height=24, force_terminal=True, color_system=None, highlight=False, emoji=False,
            markup=False, record=True,
        )
        screen = Screen(console, False)
    else:
        screen = Screen(make_console(True, file=buffer, width=100), True)
    person = Person(answer, real)
    repl = Kept(run or lesson.new_run(game), SaveStore(root), f"learn-{game_id}", screen, person)
    person.repl = repl
    repl.play()
    return repl, person, buffer.getvalue()


def untrue(game_id: str, said: list[Said]) -> list[tuple[str, str, list[str]]]:
    """Each of the coach's sentences that the truth checks refuse: a number none of its fields hold, a count
    that disagrees with its noun, a success or failure it does not have."""
    t = load(game_id)
    out = []
    for s in said:
        why = truth.check(s.text, s.fields, t.truth, t.nouns())
        if why:
            out.append((s.step, s.text, why))
    return out
