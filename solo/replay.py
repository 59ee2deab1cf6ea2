"""`solo replay SLOT`: a run's story stepped through, forward and back, one of the person's decisions at a time,
with the table and the choices as they stood and the one that was made. Read-only: nothing is written, not
even the prompt's history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from solo import narration
from solo.parse import number
from solo.reader import Reader, pager_question
from solo.run import Run
from solo.screen import Screen

HELP = "Enter or n: next decision · p: previous · t N: turn N · q: quit"


class Stop(msgspec.Struct, frozen=True):
    """One of the person's decisions as it stood: the log up to it, and what the seat saw."""

    turn: int
    start: int
    """Where in the log the story since the previous stop begins."""
    end: int
    decision: Any
    view: Any
    chosen: str | None
    """The key the person chose here; None at the end of the log."""


def stops(run: Run) -> list[Stop]:
    """Every decision of the person's seat in the run, and one last stop where the log ends."""
    game = run.game
    state, _ = game.setup(run.seed, run.options)
    out: list[Stop] = []
    start = 0
    for i, key in enumerate(run.keys):
        d = game.decision(state)
        if d is not None and d.seat == run.seat:
            end = run.marks[i]
            out.append(Stop(game.turn(state), start, end, d, game.view(state, run.seat), key))
            start = end
        game.apply(state, key)
    out.append(Stop(game.turn(state), start, len(run.log), game.decision(state), game.view(state, run.seat), None))
    return out


def show(
    run: Run,
    stop: Stop,
    index: int,
    total: int,
    screen: Screen,
    ui: Any,
    narrator: Any,
    more: Callable[[str], bool] | None = None,
) -> None:
    """One stop: the story since the last, the table, the choices laid out as the game lays them out at the
    prompt, and the one made; a screenful at a time at a terminal (`more`), so the story is read first."""

    def draw() -> None:
        for title, paragraphs, mood in narration.groups(run.log[: stop.end], narrator, stop.start):
            screen.story(title, paragraphs, mood)
        if stop.chosen is None:
            return
        screen.cards(ui.cards(stop.view, screen.plain))
        width = screen.console.width - (2 if screen.plain else 0)
        screen.options(stop.decision, "", ui.choice_lines(stop.decision, stop.view, width, screen.plain))

    screen.paged(draw, more)
    if stop.chosen is None:
        screen.say(f"The end of the log ({index + 1} of {total}). {HELP}")
        return
    option = stop.decision.option(stop.chosen)
    label = option.label if option is not None else stop.chosen
    screen.say(f"Decision {index + 1} of {total - 1}, turn {stop.turn}: you chose {label}. {HELP}")


def step(answer: str, index: int, found: list[Stop]) -> int | None:
    """The stop an answer leads to; None to quit. An answer that means nothing stays put."""
    word, _, rest = answer.strip().lower().partition(" ")
    if word in ("q", "quit", "exit"):
        return None
    if word in ("", "n", "next"):
        return min(index + 1, len(found) - 1)
    if word in ("p", "prev", "previous", "back"):
        return max(index - 1, 0)
    if word in ("t", "turn"):
        turn = number(rest)
        if turn is not None:
            return next((i for i, s in enumerate(found) if s.turn >= turn), len(found) - 1)
    return index


def play(run: Run, screen: Screen, reader: Reader) -> int:
    from narratives import for_game
    from solo.games import ui_for

    found = stops(run)
    ui, narrator = ui_for(run.game.id), for_game(run.game.id, run.seed, run.seat)
    index = 0
    more = pager_question(reader, screen.console.is_terminal, screen.error)
    show(run, found[index], index, len(found), screen, ui, narrator, more)
    while True:
        try:
            answer = reader.read("replay> ")
        except (EOFError, KeyboardInterrupt):
            return 0
        moved = step(answer, index, found)
        if moved is None:
            return 0
        asked = _turn_asked(answer)
        if asked is not None and asked > found[-1].turn:
            screen.error(f"The run ends on turn {found[-1].turn}: there is no turn {asked}. {HELP}")
            continue
        if moved == index:
            screen.error(f"Already there. {HELP}" if _a_move(answer) else f"'{answer.strip()[:40]}' is not a replay key. {HELP}")
            continue
        index = moved
        show(run, found[index], index, len(found), screen, ui, narrator, more)


def _turn_asked(answer: str) -> int | None:
    """The N of 't N' (or 'turn N'), if that is what was typed."""
    word, _, rest = answer.strip().lower().partition(" ")
    return number(rest) if word in ("t", "turn") else None


def _a_move(answer: str) -> bool:
    word = answer.strip().lower().partition(" ")[0]
    return word in ("", "n", "next", "p", "prev", "previous", "back", "t", "turn")
