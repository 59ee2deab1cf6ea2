"""The hint by search: the best few choices, each with its chance of winning, that chance's 95% interval, the
seat's expected count where its goal is one, and a reason read from what the playouts showed.

The figures come from engines.core.search, which plays each choice out many times from samples of what the
person cannot see. Escape of the Dead keeps its exact hint (its solved table), and a game the search does not
cover keeps its quick heuristic hint.
"""

from __future__ import annotations

import textwrap
from typing import Any

from engines.core.contract import Decision
from engines.core.rng import derive_seed
from solo.run import Run

EXACT = ("escape-of-the-dead",)
"""Games whose own hint is exact: the search's estimates would only blur it."""
ITERATIONS = 64
"""The most samples behind a hint (each plays every choice out once): a 24-point-wide interval at 50%."""
HARD_SHARE = 1
"""A hint thinks at most as long as this many of the hard automa's decisions (engines.core.levels: about a
second each at the median), so a hint takes about a second (issue 17's target), not minutes."""


def iterations(game) -> int:
    """Samples for a hint of `game`: HARD_SHARE hard decisions' worth, from 16 to ITERATIONS."""
    from engines.core import levels

    hard = levels.HARD_ITERATIONS.get(game.id, ITERATIONS // HARD_SHARE)
    return max(16, min(ITERATIONS, HARD_SHARE * hard))


SHOWN = 3


def offered(run: Run) -> bool:
    """Whether the search can advise this run's game."""
    from solo.automa import searchable

    return run.game.id not in EXACT and searchable(run.game)


def estimates(run: Run, decision: Decision, samples: int | None = None) -> list[Any]:
    """The search's estimates for every option of the person's decision, best first. The seed comes from the
    run's and the decision's place in it, so asking twice gives the same figures and never moves the dice."""
    from engines.core import levels, search

    seed = derive_seed(run.seed, f"hint {len(run.keys)}")
    steps = None if samples else levels.HINT_STEPS.get(run.game.id)  # the cost cap: about a second at most
    budget = search.Budget(iterations=samples or iterations(run.game), steps=steps)
    return search.evaluate(run.game, run.state, decision, budget, seed)


def lines(found: list[Any], decision: Decision, width: int) -> list[str]:
    """The hint as lines no wider than `width`: the best choice, a row per shown choice, and why."""
    numbers = {o.key: n for n, o in enumerate(decision.options, 1)}
    best = found[0]
    shown = found[:SHOWN]
    out = [_fit(f"Hint: {numbers.get(best.key, '?')}. {best.label}", width)]
    rows = [(f"{numbers.get(e.key, '?')}. {e.label}", _figures(e, found)) for e in shown]
    room = max(len(f) for _, f in rows)
    name_width = max(8, min(max(len(n) for n, _ in rows), width - room - 4))
    out += [f"  {_fit(name, name_width):<{name_width}}  {figures}".rstrip()[:width] for name, figures in rows]
    out += textwrap.wrap("Why: " + reason(found, numbers), width, subsequent_indent="     ")
    out.append(_fit(f"(Each choice played out {best.plays} times; the range is a 95% interval.)", width))
    return out


def percent(e: Any) -> str:
    """'62% (55-69%)': the chance of winning and its 95% interval."""
    return f"{round(e.win * 100)}% ({round(e.low * 100)}-{round(e.high * 100)}%)"


def _figures(e: Any, found: list[Any]) -> str:
    out = percent(e)
    if e.value is not None:
        out += f"  {value_name(found)} {e.value:.1f}"
    return out


def value_name(found: list[Any]) -> str:
    """What the seat's count is called: the fact whose means are the counts, else 'expected'."""
    for name in found[0].facts:
        if all(e.value is not None and abs(e.facts.get(name, float("nan")) - e.value) < 1e-9 for e in found):
            return name
    return "expected"


def reason(found: list[Any], numbers: dict[str, int]) -> str:
    """Why the best choice is best, from the playouts: the fact that differs most from the runner-up's."""
    best = found[0]
    if len(found) == 1:
        return "it is the only choice."
    other = found[1]
    against = f"{numbers.get(other.key, '?')}. {other.label}"
    name = _telling(best.facts, other.facts, value_name(found))
    if name is not None:
        return f"{name}: {best.facts[name]:.1f} on average, against {other.facts[name]:.1f} for {against}."
    ours, theirs = round(best.win * 100), round(other.win * 100)
    if ours == theirs:
        return f"the playouts barely tell it from {against} ({ours}% each); either will do."
    return f"it wins {ours}% of its playouts, {against} {theirs}%."


def _telling(a: dict[str, float], b: dict[str, float], goal: str = "") -> str | None:
    """The seat's count goal where the best choice's is higher by 5% of its size or more; else the other fact
    whose means differ most for their size (5% at least; a count goal that came out lower is no reason); else
    None. Only the goal has a known better side, so the others are told as they are."""

    def gap(name: str) -> float:
        size = max(abs(a[name]), abs(b[name]))
        return abs(a[name] - b[name]) / size if size > 0 else 0.0

    if goal in a and goal in b and a[goal] > b[goal] and gap(goal) >= 0.05:
        return goal
    shared = [name for name in a if name in b and name != goal]
    found = max(shared, key=gap, default=None)
    return found if found is not None and gap(found) >= 0.05 else None


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 3)] + "..."
