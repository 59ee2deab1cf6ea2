"""A finished or running run studied decision by decision, as a chess engine reviews a game.

At each of the person's decisions: the chance of winning before it (with best play from there), the chance
of the choice made and of the best choice, and what the difference cost; the three costliest decisions with
what the better choice would have done; and the decisive rolls, the luck of the dice apart from the choices
(how far each roll moved the chance from what the choice made it).

Escape of the Dead is reviewed exactly, from its solved table (the figures have no error). The other games
are reviewed from the search's estimates (solo/review_search.py), with the figures' error stated.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engines.core.contract import Decision
from solo import review_search
from solo.review_search import Progress
from solo.review_search import Review as SearchReview
from solo.run import Run

EXACT = ("escape-of-the-dead",)


class Step(msgspec.Struct, frozen=True):
    number: int
    """The person's decision, counted from 1."""
    turn: int
    label: str
    best_label: str
    before: float
    """The chance of winning before the decision, with best play from there."""
    chosen: float
    best: float

    @property
    def cost(self) -> float:
        return self.best - self.chosen


class Roll(msgspec.Struct, frozen=True):
    turn: int
    dice: str
    expected: float
    """The chance the choice before the roll gave."""
    after: float
    """The chance once the roll (and what follows it, up to the next decision) was done."""


class Review(msgspec.Struct, frozen=True):
    steps: list[Step]
    rolls: list[Roll]
    result: str


def offered(run: Run) -> bool:
    """Whether the run's game is reviewed at the prompt and by `solo review`: exactly, or from the search
    (solo/review_search.py)."""
    from solo.automa import searchable

    return run.game.id in EXACT or searchable(run.game)


def review(run: Run, samples: int | None = None, progress: Progress | None = None) -> Review | SearchReview:
    """The run's review: exact for Escape of the Dead, else from the search with `samples` per decision."""
    if run.game.id not in EXACT:
        return review_search.review(run, samples or review_search.SAMPLES, progress)
    return exact(run)


def exact(run: Run) -> Review:
    """Replay the run from its seed and value every decision of the person's seat (Escape of the Dead)."""
    from engines.escape_of_the_dead import solver

    table = solver.load_table()
    game = run.game
    state, _ = game.setup(run.seed, run.options)
    steps: list[Step] = []
    rolls: list[Roll] = []
    pending: tuple[int, float] | None = None  # (turn, chance the last choice gave) awaiting its roll
    for key in run.keys:
        decision = game.decision(state)
        view = game.view(state, run.seat)
        values = _values(table, view, decision.kind) if decision is not None else None
        if decision is not None and values is not None:
            before = max(values.values())
            if pending is not None:
                rolls.append(_roll(run, pending, before))
            best_key = min(values, key=lambda k: (-values[k], k))
            steps.append(
                Step(
                    number=len(steps) + 1,
                    turn=view.turn,
                    label=_label(decision, key),
                    best_label=_label(decision, best_key),
                    before=before,
                    chosen=values[key],
                    best=values[best_key],
                )
            )
            pending = (view.turn, values[key]) if decision.kind == "assign" else None
        game.apply(state, key)
    if pending is not None:
        outcome = game.outcome(state)
        if outcome is not None:
            rolls.append(_roll(run, pending, 1.0 if run.seat in outcome.winners else 0.0))
    return Review(steps, rolls, run.status())


def _values(table: Any, view: Any, kind: str) -> dict[str, float] | None:
    if kind == "assign":
        return table.split_values(view.zombies, view.barricade, view.repairs, view.kills)
    if kind == "reward":
        return table.reward_values(view.barricade, view.zombies, view.repairs, view.kills)
    return None  # the order of the rolls changes nothing


def _label(decision: Decision, key: str) -> str:
    option = decision.option(key)
    return option.label if option is not None else key


def _roll(run: Run, pending: tuple[int, float], after: float) -> Roll:
    turn, expected = pending
    faces = [
        f"{e.kind.removesuffix('_rolled')} {' '.join(str(d) for d in e.facts['dice'])}"
        for e in run.log
        if e.turn == turn and e.kind.endswith("_rolled") and e.facts.get("dice")
    ]
    return Roll(turn=turn, dice="; ".join(faces) or "the dice", expected=expected, after=after)


def lines(r: Review | SearchReview, width: int = 80) -> list[str]:
    """The review as lines of at most `width` columns (and never more than 80), wrapped between words: every
    decision, then the three costliest, then the decisive rolls. Figures are exact (Escape of the Dead's solved
    table), or the search's with their error."""
    import textwrap

    if isinstance(r, SearchReview):
        return review_search.lines(r, width)
    width = min(80, width)
    said = ["Decision by decision (chance of winning with best play from there; exact):"]
    for s in r.steps:
        mark = "" if s.cost < 0.0005 else f"; cost {s.cost:.1%}: best was {s.best_label} ({s.best:.1%})"
        said.append(f"{s.number:3}. turn {s.turn}: {s.before:.1%} before; {s.label}: {s.chosen:.1%}{mark}")
    costly = sorted((s for s in r.steps if s.cost >= 0.0005), key=lambda s: -s.cost)[:3]
    said.append("")
    if costly:
        said.append("The costliest decisions:")
        said += [
            f"  {s.number}. turn {s.turn}: {s.label} gave {s.chosen:.1%}; {s.best_label} would have given "
            f"{s.best:.1%} ({s.cost:.1%} more)."
            for s in costly
        ]
    else:
        said.append("Every decision was the best one (or as good as it).")
    swings = [roll for roll in r.rolls if abs(roll.after - roll.expected) >= 0.005]
    decisive = sorted(swings, key=lambda roll: -abs(roll.after - roll.expected))[:3]
    if not decisive:
        said += ["", "No roll moved the chance by half a point or more."]
    else:
        said += ["", "The decisive rolls (the dice, apart from the choices):"]
        for roll in decisive:
            word = "lifted" if roll.after > roll.expected else "dropped"
            said.append(
                f"  turn {roll.turn}: {roll.dice}: {word} the chance from {roll.expected:.1%} to {roll.after:.1%}."
            )
    said += ["", f"Result: {r.result}."]
    out: list[str] = []
    for line in said:
        out += textwrap.wrap(line, width, subsequent_indent="       ", break_long_words=False) or [""]
    return out
