"""A finished or running run studied decision by decision, as a chess engine reviews a game.

At each of the person's decisions with more than one choice: the chance of winning before it (with best play
from there), the chance after the choice made and after the best, and what the difference cost, with that
cost's interval; a decision is named a mistake only where that interval lies wholly above zero. Then the
decisive rolls: the luck of the dice apart from the choices, where the chance moved between one decision and
the next by more than the two figures' error.

Escape of the Dead is reviewed exactly, from its solved table (its figures have no error; a choice within half
a point of the best is as good as the best). The other games are reviewed by racing each decision's options
(solo/review_search.py, engines/core/race.py), with the figures' error stated. Both give the same layout
(`lines`) and the same JSON (`as_json`).
"""

from __future__ import annotations

import math
import textwrap
from typing import Any

import msgspec

from solo.run import Run

EXACT = ("escape-of-the-dead",)
SAME = 0.005
"""Exact chances within this of the best are as good as the best (half a point)."""
DECISIVE_Z = 2.5758293035489004
"""A roll is decisive when the chance moved by more than this many standard errors of the two figures it lies
between, taken as independent (99%, two-sided): well past their error, not at its edge."""
SHOWN = 3


class Figure(msgspec.Struct, frozen=True):
    """A chance of winning, 0..1, with its 95% interval (of no width where exact) and the playouts behind it."""

    win: float
    low: float
    high: float
    plays: int = 0
    """0: exact (the solved table, or the ending itself)."""

    @property
    def error(self) -> float:
        """The standard error implied by the interval (0 where exact)."""
        return (self.high - self.low) / (2 * 1.959963984540054)


class Step(msgspec.Struct, frozen=True):
    """One of the person's decisions, weighed."""

    number: int
    """Counted from 1 among the person's decisions with more than one choice."""
    index: int
    """The decision's place in the run's keys."""
    turn: int
    choice: str
    """The choice made, as the list named it ('3. Walk to the Office')."""
    best: str
    """The best choice found, named the same way."""
    before: Figure
    """The chance before the decision, with best play: pooled over the choices that cannot be told apart from
    the best (steadier than the luckiest of them alone)."""
    after_choice: Figure
    after_best: Figure
    loss: float
    """What the choice cost, best minus choice, paired (0 where the choice is the best)."""
    loss_low: float
    loss_high: float
    """The loss's paired interval, at the review's level (`Review.level`)."""
    mistake: bool
    """The loss's interval lies wholly above zero (exact: the loss is half a point or more)."""
    equal: list[str] = []
    """The other choices that cannot be told apart from the best, named as the list names them."""
    rolled: bool = True
    """Whether dice rolled since the decision before (False: nothing left to chance came between them, so the
    chance before this one and after that one's choice are the same position's, weighed on the same samples)."""


class Roll(msgspec.Struct, frozen=True):
    turn: int
    dice: str
    expected: Figure
    """The chance the choice before the roll gave."""
    after: Figure
    """The chance at the next decision (before it), or the ending (exact)."""

    @property
    def swing(self) -> float:
        return self.after.win - self.expected.win

    @property
    def decisive(self) -> bool:
        """Whether the chance moved well past the figures' error (DECISIVE_Z of their standard errors together;
        exact figures have none, so any move of half a point or more counts)."""
        error = math.hypot(self.expected.error, self.after.error)
        if error == 0:
            return abs(self.swing) >= SAME
        return abs(self.swing) > DECISIVE_Z * error


class Review(msgspec.Struct, frozen=True):
    steps: list[Step]
    rolls: list[Roll]
    result: str
    exact: bool
    samples: int = 0
    """The most playouts behind a choice (the race's budget); 0 where exact."""
    seed: int = 0
    """The seed the figures were drawn with (`solo review --seed`)."""
    assumes: str = ""
    """What the playouts assume: which policy plays each seat from each position."""
    level: float = 0.0
    """The two-sided level of each loss's interval, and so of the call of a mistake (0 where exact)."""
    confirm: int = 0
    """The fresh paired samples of the second race that must also find a choice worse before it is named a
    mistake (0 where exact, or in a review kept from before the second race)."""


def offered(run: Run) -> bool:
    """Whether the run's game is reviewed: exactly, or from the search (solo/review_search.py)."""
    from solo.automa import searchable

    return run.game.id in EXACT or searchable(run.game)


def review(run: Run, samples: int | None = None, **search: Any) -> Review:
    """The run's review: exact for Escape of the Dead, else by racing with at most `samples` playouts a choice
    (the search's other arguments: seed, jobs, progress, cache; see review_search.review)."""
    if run.game.id not in EXACT:
        from solo import review_search

        return review_search.review(run, samples, **search)
    return exact(run)


def exact(run: Run) -> Review:
    """Replay the run from its seed and value every decision of the person's seat from the solved table."""
    from solo import review_search

    game = run.game
    state, _ = game.setup(run.seed, run.options)
    steps: list[Step] = []
    rolls: list[Roll] = []
    pending: tuple[int, Figure] | None = None
    since: list[Any] = []
    for index, key in enumerate(run.keys):
        decision = game.decision(state)
        values = game.exact(state) if decision is not None and decision.seat == run.seat else None  # type: ignore[attr-defined]
        if decision is not None and values and len(decision.options) > 1:
            turn = game.turn(state)
            numbers = {o.key: f"{n}. {o.label}" for n, o in enumerate(decision.options, 1)}
            order = sorted(values, key=lambda k: (-values[k], list(values).index(k)))
            best = order[0]
            top = values[best]
            if pending is not None and review_search.dice_of(since) != "no dice":
                rolls.append(Roll(pending[0], review_search.dice_of(since), pending[1], _exact(top)))
            loss = top - values[key]
            equal = [numbers[k] for k in order[1:] if top - values[k] < SAME and k != key]
            steps.append(
                Step(len(steps) + 1, index, turn, numbers[key], numbers[best], _exact(top), _exact(values[key]),
                     _exact(top), loss, loss, loss, loss >= SAME, equal,
                     pending is None or review_search.dice_of(since) != "no dice")
            )
            pending, since = (turn, _exact(values[key])), []
        since += game.apply(state, key, decision)
    outcome = game.outcome(state)
    if pending is not None and outcome is not None and review_search.dice_of(since) != "no dice":
        end = 1.0 if run.seat in outcome.winners else 0.0
        rolls.append(Roll(pending[0], review_search.dice_of(since), pending[1], _exact(end)))
    return Review(steps, rolls, run.status(), True, assumes="the best play from each position on (the solved table)")


def _exact(x: float) -> Figure:
    return Figure(x, x, x, 0)


# -- the review in words ------------------------------------------------------------------------------------


def lines(r: Review, width: int = 80) -> list[str]:
    """The review as lines of at most `width` columns (and never more than 80), wrapped between words: every
    decision, the mistakes, the decisive rolls, and what the figures rest on."""
    width = min(80, max(30, width))
    said = [_heading(r)]
    for s in r.steps:
        said.append(_step_line(r, s))
    if not r.steps:
        said.append("  No decision of yours had more than one choice yet.")
    said += ["", *_mistakes(r), "", *_decisive(r), "", *_method(r), f"Result: {r.result}."]
    out: list[str] = []
    for line in said:
        out += textwrap.wrap(line, width, subsequent_indent="       ", break_long_words=False) or [""]
    return [line[:width] for line in out]


def _heading(r: Review) -> str:
    if r.exact:
        return "Decision by decision (the exact chance of winning, with best play from there):"
    return "Decision by decision (the chance of winning from the playouts, with its 95% range):"


def pct(x: float, exact: bool = False) -> str:
    return f"{x * 100:.1f}%" if exact else f"{round(x * 100)}%"


def span(f: Figure) -> str:
    """'62% (55-69%)', or '70.9%' where exact."""
    if f.plays == 0:
        return pct(f.win, f.low == f.high)
    return f"{round(f.win * 100)}% ({round(f.low * 100)}-{round(f.high * 100)}%)"


def points(x: float, exact: bool = False) -> str:
    n = f"{x * 100:.1f}" if exact else f"{round(x * 100)}"
    return f"{n} point" if n == "1" else f"{n} points"


def _step_line(r: Review, s: Step) -> str:
    head = f"{s.number:3}. turn {s.turn}: {span(s.before)} before; {s.choice}: {span(s.after_choice)}"
    if s.mistake:
        return f"{head}; a mistake, {_cost(r, s)}: best was {s.best} ({span(s.after_best)})"
    if s.choice == s.best or r.exact:
        return head + ("; as good as the best" if s.choice != s.best else "; the best")
    return f"{head}; as good as {s.best} as far as the playouts can tell"


def level_words(level: float) -> str:
    """'99%', '99.9%': a two-sided level as the review states it."""
    return f"{100 * level:.1f}".removesuffix(".0") + "%"


def _cost(r: Review, s: Step) -> str:
    if r.exact:
        return f"{points(s.loss, True)} lost"
    return f"{points(s.loss)} lost ({round(s.loss_low * 100)} to {round(s.loss_high * 100)})"


def _mistakes(r: Review) -> list[str]:
    rule = (
        "a choice half a point or more below the best" if r.exact
        else f"a choice whose paired {level_words(r.level)} interval of the loss lies wholly above zero"
        + (f", found so again on {r.confirm} fresh samples against the leading choices" if r.confirm else "")
    )
    costly = sorted((s for s in r.steps if s.mistake), key=lambda s: (-s.loss, s.number))
    if not costly:
        return [f"No mistakes (a mistake is {rule})."]
    out = [f"Mistakes ({len(costly)}; a mistake is {rule}), the costliest first:"]
    for s in costly[:SHOWN]:
        out.append(
            f"  {s.number}. turn {s.turn}: {s.choice} gave {span(s.after_choice)}; {s.best} would have given "
            f"{span(s.after_best)}: {_cost(r, s)}."
        )
    if len(costly) > SHOWN:
        out.append(f"  And {len(costly) - SHOWN} more: decisions {', '.join(str(s.number) for s in costly[SHOWN:])}.")
    return out


def decisive_rolls(r: Review) -> list[Roll]:
    """The decisive rolls, the largest swing first (of equal swings, the later: nearer the ending)."""
    found = [(i, roll) for i, roll in enumerate(r.rolls) if roll.decisive]
    return [roll for _, roll in sorted(found, key=lambda pair: (-abs(pair[1].swing), -pair[0]))]


def _decisive(r: Review) -> list[str]:
    decisive = decisive_rolls(r)[:SHOWN]
    rule = "half a point" if r.exact else "more than the figures' error (99%)"
    if not decisive:
        return [f"No roll moved the chance by {rule}."]
    out = [f"The decisive rolls (the dice moved the chance by {rule}):"]
    for roll in decisive:
        word = "lifted" if roll.swing > 0 else "dropped"
        out.append(
            f"  turn {roll.turn}: {roll.dice}: {word} the chance from {span(roll.expected)} to {span(roll.after)}."
        )
    return out


def _method(r: Review) -> list[str]:
    if r.exact:
        return ["Figures: exact, from the solved game."]
    return [
        f"Figures: each decision's choices played out on the same samples of what you could not see (up to "
        f"{r.samples} a choice, the most where the choices were close), so differences are paired; the "
        f"playouts assume {r.assumes}. Seed {r.seed} ('solo review --seed' draws other samples)."
    ]


def decisive_roll(r: Review) -> Roll | None:
    """The roll that moved the chance most, where it moved past the error: what the summary names too."""
    decisive = decisive_rolls(r)
    return decisive[0] if decisive else None


# -- for tools ------------------------------------------------------------------------------------------


def as_json(r: Review) -> dict[str, Any]:
    """The review for tools (`solo review --json`): every figure in percentage points."""

    def p(x: float) -> float:
        return round(x * 100, 2)

    def figure(f: Figure) -> dict[str, Any]:
        return {"chance": p(f.win), "low": p(f.low), "high": p(f.high), "playouts": f.plays}

    decisions = [
        {
            "number": s.number,
            "turn": s.turn,
            "choice": s.choice,
            "best": s.best,
            "before": p(s.before.win),
            "after_choice": p(s.after_choice.win),
            "after_best": p(s.after_best.win),
            "loss": p(s.loss),
            "loss_low": p(s.loss_low),
            "loss_high": p(s.loss_high),
            "mistake": s.mistake,
            "as_good_as_best": s.equal,
            "rolled_before": s.rolled,
            "figures": {
                "before": figure(s.before),
                "after_choice": figure(s.after_choice),
                "after_best": figure(s.after_best),
            },
        }
        for s in r.steps
    ]
    rolls = [
        {
            "turn": roll.turn,
            "dice": roll.dice,
            "before": p(roll.expected.win),
            "after": p(roll.after.win),
            "swing": p(roll.swing),
        }
        for roll in decisive_rolls(r)
    ]
    return {
        "decisions": decisions,
        "decisive_rolls": rolls,
        "result": r.result,
        "exact": r.exact,
        "samples": r.samples,
        "seed": r.seed,
        "assumes": r.assumes,
        "level": r.level,
        "confirm": r.confirm,
    }
