"""The review from the search, for the games without a solved table (Final Girl, Slaughterhouse, the Mixtape
games): the run replayed from its seed, and at each of the person's decisions with more than one option the
options weighed by sequential halving (engines/core/halving.py): every option played out on one sample, the
best few on more, halving each round, until the choice made leads (then it alone goes on to half the `samples`)
or the leader and the choice made are each played out on all `samples`. The search reads the state only through
the game's determinize, so the review never uses what the seat could not see.

The figures are estimates: the chosen option's and the best one's are each a win rate over the playouts it had
(`samples` where another option led, at least half as many where the choice made led; every figure says how
many) with its 95% Wilson interval (the options left out earlier are never shown). A decision is called costly
only when the best option's interval lies wholly above the chosen one's, and a roll decisive only when the chance
after it lies outside the interval of the chance before it, so the noise of a small budget is never told as a
blunder or as luck. The seed of each decision's search is the hint's (the run's seed and the decision's place
in the keys), and each figure is exactly what the full search gives that option with that seed and as many
samples, so the review is the same every time.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

import msgspec

import narratives
from engines.core.events import Event
from engines.core.rng import derive_seed
from narratives.narrator import Narrator
from solo.run import Run

SAMPLES = 16
"""Playouts of the chosen and the best option per decision where they differ, at about ±22 points (95%) for a
chance near 50%; where the choice made leads, half as many (±28); bench/review.py times it (bench/RESULTS.md,
"Review")."""
SHOWN = 3
DICE = ("dice", "die", "roll")
"""The event facts that hold the dice rolled."""


class Figure(msgspec.Struct, frozen=True):
    win: float
    low: float
    high: float
    """The 95% interval of `win`."""
    plays: int = 0
    """The playouts behind it (0: exact, the ending itself)."""


class Step(msgspec.Struct, frozen=True):
    number: int
    """The person's decision, counted from 1 (decisions with one option are not counted)."""
    turn: int
    label: str
    best_label: str
    chosen: Figure
    best: Figure

    @property
    def before(self) -> Figure:
        """The chance before the decision: the best option's."""
        return self.best

    @property
    def cost(self) -> float:
        return self.best.win - self.chosen.win

    @property
    def costly(self) -> bool:
        """Whether the difference is real: the best option's interval lies wholly above the chosen one's."""
        return self.best.low > self.chosen.high


class Roll(msgspec.Struct, frozen=True):
    turn: int
    dice: str
    expected: Figure
    """The chance the choice before the roll gave."""
    after: Figure
    """The chance at the next decision (its best option's), or the ending (exact)."""

    @property
    def swing(self) -> float:
        return self.after.win - self.expected.win

    @property
    def decisive(self) -> bool:
        """Whether the move is beyond the error: the chance after lies outside the interval before, and the
        interval after (when it is an estimate too) does not reach the chance before."""
        outside = not self.expected.low <= self.after.win <= self.expected.high
        return outside and not self.after.low <= self.expected.win <= self.after.high


class Review(msgspec.Struct, frozen=True):
    steps: list[Step]
    rolls: list[Roll]
    result: str
    samples: int


Progress = Callable[[int, int], None]
"""Told (done, total) as the decisions are weighed."""


def review(run: Run, samples: int = SAMPLES, progress: Progress | None = None) -> Review:
    """Replay the run from its seed and weigh the options of each of the person's decisions by sequential halving."""
    from engines.core import halving

    game = run.game
    asked = _asked(run)
    narrator = narratives.for_game(game.id, run.seed, run.seat)
    state, _ = game.setup(run.seed, run.options)
    steps: list[Step] = []
    rolls: list[Roll] = []
    pending: tuple[int, Figure] | None = None  # (turn, chance the last choice gave) awaiting its roll
    since: list[Event] = []  # the events since the person's last weighed decision
    for index, key in enumerate(run.keys):
        decision = game.decision(state)
        if decision is not None and index in asked:
            if progress is not None:
                progress(len(steps), len(asked))
            seed = derive_seed(run.seed, f"hint {index}")
            found = halving.weigh(game, state, decision, samples, seed, key)
            chosen = next(e for e in found if e.key == key)
            best = found[0]
            if pending is not None and dice_of(since) != "no dice":
                rolls.append(_roll(pending, since, _figure(best), narrator))
            turn = game.turn(state)
            steps.append(Step(len(steps) + 1, turn, chosen.label, best.label, _figure(chosen), _figure(best)))
            pending, since = (turn, _figure(chosen)), []
        since += game.apply(state, key, decision)
    if progress is not None:
        progress(len(steps), len(asked))
    outcome = game.outcome(state)
    if pending is not None and outcome is not None and dice_of(since) != "no dice":
        end = 1.0 if run.seat in outcome.winners else 0.0
        rolls.append(_roll(pending, since, Figure(end, end, end), narrator))
    return Review(steps, rolls, run.status(), samples)


def _asked(run: Run) -> set[int]:
    """The places in the keys of the person's decisions with more than one option (a quick replay first, so
    the progress can say how many there are)."""
    game = run.game
    state, _ = game.setup(run.seed, run.options)
    found = set()
    for index, key in enumerate(run.keys):
        decision = game.decision(state)
        if decision is not None and decision.seat == run.seat and len(decision.options) > 1:
            found.add(index)
        game.apply(state, key, decision)
    return found


def _figure(e: Any) -> Figure:
    return Figure(e.win, e.low, e.high, e.plays)


def _roll(pending: tuple[int, Figure], events: list[Event], after: Figure, narrator: Narrator | None) -> Roll:
    turn, expected = pending
    return Roll(turn=turn, dice=dice_of(events, narrator), expected=expected, after=after)


def dice_of(events: list[Event], narrator: Narrator | None = None) -> str:
    """The rolls among the events, in order, each as the story's summary tells it to the person's seat ('Cassie
    rolls 5 and 2 for Focus'), which carries its dice; without a narrator, or where a roll has no summary, its
    kind and faces ('horror roll 5 2 4 1'). 'no dice' when none was rolled."""
    said = []
    for e in events:
        faces = _faces(e)
        if faces:
            told = narrator.summary(narrator.heard(e)).rstrip(".") if narrator is not None else ""
            said.append(told or f"{e.kind.replace('_', ' ')} {' '.join(str(f) for f in faces)}")
    if len(said) > 4:
        said = [*said[:4], f"and {len(said) - 4} more"]
    return "; ".join(said) or "no dice"


def _faces(e: Event) -> list[int | str]:
    """The faces an event says were rolled (its first fact among DICE that holds them), or []."""
    for name in DICE:
        faces = e.facts.get(name)
        if isinstance(faces, int | str):
            faces = [faces]
        if isinstance(faces, list) and faces and all(isinstance(f, int | str) for f in faces):
            return faces
    return []


def error(samples: int) -> int:
    """The error in points of a figure from `samples` playouts: the half-width of the widest 95% interval they
    give (at a chance of 50%)."""
    from engines.core.search import wilson

    low, high = wilson(samples / 2, samples)
    return round((high - low) / 2 * 100)


def _pct(f: Figure) -> str:
    return f"{round(f.win * 100)}%"


def _playouts(n: int) -> str:
    return f"{n} playout" if n == 1 else f"{n} playouts"


def _span(f: Figure) -> str:
    return f"{round(f.win * 100)}% ({round(f.low * 100)}-{round(f.high * 100)}%, {_playouts(f.plays)})"


def _figures(samples: int) -> str:
    """What the figures rest on and their error, as the review states it."""
    alone = max(1, samples // 2)
    return (
        f"each from {_playouts(samples)} where another choice led (±{error(samples)} points at most, 95%), from "
        f"at least {alone} where yours led (±{error(alone)} at most)"
    )


def lines(r: Review, width: int = 80) -> list[str]:
    """The review as lines of at most `width` columns (and never more than 80), wrapped between words: every
    decision, the three costliest, the decisive rolls and the figures' error."""
    width = min(80, width)
    said = [f"Decision by decision (the chance of winning from the search, with its 95% range: {_figures(r.samples)}):"]
    for s in r.steps:
        mark = f"; cost {round(s.cost * 100)} points: best was {s.best_label} ({_span(s.best)})" if s.costly else ""
        said.append(f"{s.number:3}. turn {s.turn}: {_pct(s.before)} before; {s.label}: {_span(s.chosen)}{mark}")
    if not r.steps:
        said.append("  No decision of yours had more than one choice yet.")
    said += ["", *_costliest(r.steps), "", *_decisive(r.rolls)]
    said += ["", f"Figures: {_figures(r.samples)}.", f"Result: {r.result}."]
    out: list[str] = []
    for line in said:
        out += textwrap.wrap(line, width, subsequent_indent="       ", break_long_words=True) or [""]
    return out


def _costliest(steps: list[Step]) -> list[str]:
    costly = sorted((s for s in steps if s.costly), key=lambda s: (-s.cost, s.number))[:SHOWN]
    if not costly:
        return ["No decision cost more than the figures' error (a cost counts where the best choice's 95% "
                "interval lies wholly above the chosen one's)."]
    return [
        "The costliest decisions (where the best choice's 95% interval lies wholly above the chosen one's):",
        *(
            f"  {s.number}. turn {s.turn}: {s.label} gave {_span(s.chosen)}; {s.best_label} would have given "
            f"{_span(s.best)}, {round(s.cost * 100)} points more."
            for s in costly
        ),
    ]


def _decisive(rolls: list[Roll]) -> list[str]:
    decisive = sorted((roll for roll in rolls if roll.decisive), key=lambda roll: -abs(roll.swing))[:SHOWN]
    if not decisive:
        return ["No roll moved the chance beyond the figures' error."]
    out = ["The decisive rolls (how far the dice moved the chance from what the choice made it):"]
    for roll in decisive:
        word = "lifted" if roll.swing > 0 else "dropped"
        out.append(f"  turn {roll.turn}: {roll.dice}: {word} the chance from {_pct(roll.expected)} to {_pct(roll.after)}.")
    return out
