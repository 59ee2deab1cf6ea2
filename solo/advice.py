"""The hint by search: the best few choices, each with its chance of winning, that chance's 95% interval, the
seat's expected count where its goal is one, and a reason read from what the playouts showed.

The figures come from engines.core.search, which plays each choice out many times from samples of what the
person cannot see. Escape of the Dead keeps its exact hint (its solved table), and a game the search does not
cover keeps its quick heuristic hint.
"""

from __future__ import annotations

import textwrap
from typing import Any, NamedTuple

import msgspec

from engines.core.contract import Decision, Game
from engines.core.rng import derive_seed
from solo.run import Run

EXACT = ("escape-of-the-dead",)
"""Games whose own hint is exact: the search's estimates would only blur it."""
ITERATIONS = 64
"""The most samples behind a hint (each plays every choice out once): a 24-point-wide interval at 50%."""
HARD_SHARE = 1
"""A hint thinks at most as long as this many of the hard automa's decisions (engines.core.levels: about a
second each at the median), so a hint takes about a second (issue 17's target), not minutes."""


def iterations(game: Game) -> int:
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
    """The hint's figures for every option of the person's decision, best first (`figures` of `playouts`)."""
    return figures(playouts(run, decision, samples), run.game.id)


def playouts(run: Run, decision: Decision, samples: int | None = None) -> list[Any]:
    """The search's raw estimates for every option of the person's decision, best first. The seed comes from the
    run's and the decision's place in it, so asking twice gives the same figures and never moves the dice."""
    from engines.core import levels, search

    seed = derive_seed(run.seed, f"hint {len(run.keys)}")
    steps = None if samples else levels.HINT_STEPS.get(run.game.id)  # the cost cap: about a second at most
    budget = search.Budget(iterations=samples or iterations(run.game), steps=steps)
    return search.evaluate(run.game, run.state, decision, budget, seed)


class Shrink(NamedTuple):
    """How far a game's hint figures are drawn back from the raw playout rates (a Beta prior, in pseudo-playouts).

    `choice`: pseudo-playouts at the decision's pooled rate added to each choice's own. A figure of 24 or 64
    playouts that stands far from its decision's rate is mostly luck (the bins the bench sorts them into are
    chosen by the figure itself), so it is drawn back toward that rate in proportion to how few playouts it
    rests on. `pool`: pseudo-playouts at even odds added to the pooled rate itself: every choice of a decision
    shares its samples (common random numbers), so the pooled rate carries their shared luck too."""

    choice: float
    pool: float


SHRINKS: dict[str, Shrink] = {
    "final-girl": Shrink(64.0, 32.0),
    "slaughterhouse": Shrink(32.0, 4.0),
    "mixtape-massacre": Shrink(64.0, 4.0),
    "escape-from-tall-oaks": Shrink(64.0, 2.0),
}
"""Each game's strengths, those of the least log loss over 4,000 of the person's decisions (bench/RESULTS.md,
"The hint's strengths", runs D and I: 800 a game, 1,600 in Slaughterhouse's two seats), `choice` at most 64 so a
choice's own playouts still count for as much as its decision's. Final Girl's choices differ least from one
another and its outcomes are the least foreseeable, so its figures are drawn back hardest. On 2,000 fresh decisions
("Automa levels") every bin of ten points with 100 decisions or more came within 4 points of its figure, and the five
thin bins at the ends (10 to 96 decisions) within 6, each inside its 95% interval; one pair for all (16, 4)
had a bin 7 points off there, and a slightly worse log loss (0.626 against 0.623)."""
SHRINK = Shrink(16.0, 4.0)
"""The strengths of a game not in SHRINKS."""


def figures(found: list[Any], game_id: str = "", strength: Shrink | None = None) -> list[Any]:
    """The figures the hint shows, from the raw playouts: each choice's rate shrunk toward its decision's pooled
    rate, itself shrunk toward even odds, by the game's SHRINKS, or `strength` where given (bench/automa.py
    measures the calibration, raw and shrunk; bench/hint_strengths.py tries other strengths). The order is the
    search's: the choices of a decision rest on as many playouts, so the shrink keeps their order."""
    from engines.core.search import wilson

    plays = sum(e.plays for e in found)
    if not plays:
        return found
    strength = strength or SHRINKS.get(game_id, SHRINK)
    pooled = sum(e.win * e.plays for e in found) / plays
    n = max(e.plays for e in found)  # the samples behind the pooled rate: the choices share them
    centre = (pooled * n + strength.pool * 0.5) / (n + strength.pool)
    out = []
    for e in found:
        wins, total = e.win * e.plays + strength.choice * centre, e.plays + strength.choice
        low, high = wilson(wins, total)
        out.append(msgspec.structs.replace(e, win=wins / total, low=min(low, wins / total), high=high))
    return out


def lines(found: list[Any], decision: Decision, width: int) -> list[str]:
    """The hint as lines no wider than `width`: the best choice, a row per shown choice, and why. Each choice is
    named as the list names it, its number first and its label whole: a name too long for its row takes lines
    of its own, its figures under it, so nothing is cut (issue 49)."""
    numbers = {o.key: n for n, o in enumerate(decision.options, 1)}
    labels = {o.key: o.label for o in decision.options}
    best = found[0]
    shown = found[:SHOWN]

    def named(e: Any) -> str:
        return f"{numbers.get(e.key, '?')}. {labels.get(e.key, e.label)}"

    out = _wrapped(f"Hint: {named(best)}", width, "      ")
    rows = [(named(e), _figures(e, found)) for e in shown]
    room = max(len(f) for _, f in rows)
    name_width = max(8, min(max(len(n) for n, _ in rows), width - room - 4))
    for name, said in rows:
        if len(name) <= name_width and 4 + name_width + len(said) <= width:
            out.append(f"  {name:<{name_width}}  {said}".rstrip())
            continue
        out += _wrapped(name, width, "     ", "  ")
        out += _wrapped(said, width, "     ", " " * min(name_width + 4, max(5, width - len(said))))
    out += textwrap.wrap("Why: " + reason(found, numbers, decision.seat), width, subsequent_indent="     ")
    out += _wrapped(f"(Each played out {best.plays} times, tempered for luck; ranges are 95% intervals.)", width, " ")
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


class Said(NamedTuple):
    """How the hint puts one of the facts a game reports at a playout's end (engines' `facts`) into words."""

    more: str  # the clause when the best choice's mean is higher
    less: str  # ... and when it is lower
    better: int  # +1 when more is better for the seat, -1 when fewer is, 0 when neither is known
    seats: tuple[tuple[str, int], ...] = ()  # (seat, better) where a seat's is otherwise
    share: bool = False  # a 0/1 fact: its mean is how often it happened, said as a percentage


SAID: dict[str, Said] = {
    "Victims saved": Said("more Victims are saved", "fewer Victims are saved", 1),
    "Victims dead": Said("more Victims die", "fewer Victims die", -1),
    "health left": Said("you keep more health", "you keep less health", 1),
    "killer health left": Said("the Killer keeps more health", "the Killer keeps less health", -1),
    "Trespassers escaped": Said("more Trespassers escape", "fewer Trespassers escape", 1, (("sawyer", -1),)),
    "Trespassers killed": Said("more Trespassers die", "fewer Trespassers die", -1, (("sawyer", 1),)),
    "rounds": Said("the game lasts longer", "the game ends sooner", 0),
    "rescue tokens": Said("you hold more rescue tokens", "you hold fewer rescue tokens", 1),
    "tasks done": Said("more Tasks get done", "fewer Tasks get done", 1),
    "Final Rescue token": Said(
        "you hold the Final Rescue token more often",
        "you hold the Final Rescue token less often",
        1,
        share=True,
    ),
    "souvenirs": Said("you collect more souvenirs", "you collect fewer souvenirs", 1),
    "rivals dead": Said("more of your rivals die", "fewer of your rivals die", 1),
}
"""Each fact the games report, in words; a fact not here is named as the game names it."""
NOTABLE = 0.05
"""A fact tells two choices apart when their means differ by this share of the larger, and show differently."""


def reason(found: list[Any], numbers: dict[str, int], seat: str = "") -> str:
    """Why the best choice is best, in a sentence from the playouts: how often it won against the runner-up,
    and what it made more likely (the facts that differ most in the seat's favour), or what it costs."""
    best = found[0]
    if len(found) == 1:
        return "it is the only choice."
    other = found[1]
    them = f"choice {numbers.get(other.key, '?')}"
    ours, theirs = round(best.win * 100), round(other.win * 100)
    goal = value_name(found)
    good = _telling(best.facts, other.facts, goal, seat, 1)
    if ours > theirs:
        head = f"its chance is {ours}%, against {theirs}% for {them}"
        if good:
            return f"{head}; {_and(good, best.facts, other.facts)}."
        bad = _telling(best.facts, other.facts, goal, seat, -1)[:1]
        return f"{head}, though {_and(bad, best.facts, other.facts)}." if bad else f"{head}."
    if good:
        return f"it wins as often as {them} ({ours}%), but {_and(good, best.facts, other.facts)}."
    return f"the playouts barely tell it from {them} ({ours}% each); either will do."


def _telling(a: dict[str, float], b: dict[str, float], goal: str, seat: str, side: int) -> list[str]:
    """Up to two facts whose means differ notably between the best choice (`a`) and the runner-up (`b`) in the
    seat's favour (`side` 1) or against it (-1), the largest difference first. The seat's count goal counts as
    more-is-better; a fact whose better side is unknown is never a reason."""

    def gap(name: str) -> float:
        size = max(abs(a[name]), abs(b[name]))
        return (a[name] - b[name]) / size if size > 0 else 0.0

    def sense(name: str) -> int:
        if name == goal:
            return 1
        said = SAID.get(name)
        return 0 if said is None else dict(said.seats).get(seat, said.better)

    shown = [n for n in a if n in b and _shown(n, a[n]) != _shown(n, b[n])]
    found = [n for n in shown if side * sense(n) * gap(n) >= NOTABLE]
    return sorted(found, key=lambda n: -abs(gap(n)))[:2]


def _and(names: list[str], a: dict[str, float], b: dict[str, float]) -> str:
    """'more Victims are saved (1.8 against 1.1 on average) and you keep more health (2.0 against 1.5)'."""
    parts = []
    for i, name in enumerate(names):
        said = SAID.get(name) or Said(f"more {name}", f"fewer {name}", 0)
        clause = said.more if a[name] > b[name] else said.less
        per = (" of playouts" if said.share else " on average") if i == 0 else ""
        parts.append(f"{clause} ({_shown(name, a[name])} against {_shown(name, b[name])}{per})")
    return " and ".join(parts)


def _shown(name: str, x: float) -> str:
    return f"{round(x * 100)}%" if name in SAID and SAID[name].share else f"{x:.1f}"


def _wrapped(text: str, width: int, indent: str, first: str = "") -> list[str]:
    """`text` over lines no wider than `width`, broken between words only (a figure like '62% (55-69%)' may
    move to the next line whole, never be cut)."""
    return textwrap.wrap(
        text, width, initial_indent=first, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    ) or [first.rstrip()]
