"""The hint: which choices are best, which are clearly worse, and how sure that is.

The searched games' figures come from engines.core.race, which plays every choice out on the same samples of
what the person cannot see (common random numbers) and spends its samples where they decide something. The
hint shows the choices in two groups: those the playouts cannot tell apart from the best (any may be the best;
"about equal" only where the paired intervals show them within RACE.margin of one another), and those clearly
worse, each with its paired difference from the best and that difference's 99% interval. It never gives a
reason for a difference inside the noise: the "Why" speaks only of a clearly worse choice, and quotes only the
facts whose paired difference is clear too.

Escape of the Dead is solved: its figures are exact, and choices within half a point of the best are shown as
equal (to a player, 70.86% and 70.85% are the same). `solo hint SLOT` gives the same figures as `hint` at the
prompt, and `--json` gives them to tools.
"""

from __future__ import annotations

import textwrap
from typing import Any, NamedTuple

import msgspec

from engines.core.contract import Decision, Game
from engines.core.race import Gap, Race, Verdict
from engines.core.rng import derive_seed
from solo.run import Run

EXACT = ("escape-of-the-dead",)
"""Games whose figures are exact (a solved table): the search would only blur them."""
SAME = 0.005
"""Exact chances within this of the best are shown as equal: half a point, below what a player can act on."""
RACE = Race(first=8, most=256)
"""The hint's race: every choice on 8 samples, then the contenders on more, up to 256 (a paired interval about
±6 points wide at 256 where a quarter of the pairs differ), within the game's step cap (HINT_STEPS)."""
SHOWN = 4
"""Rows for the best group; the rest of it is named on one line."""
MORE = 4
"""`hint more` plays the choices out this many times as long."""


class Choice(msgspec.Struct, frozen=True):
    """One choice as the hint shows it."""

    key: str
    label: str
    number: int
    """Its number in the decision's list."""
    chance: float
    """Its chance of winning, 0..1 (the search's tempered for luck, or exact)."""
    low: float
    high: float
    """The 95% interval of `chance` (equal to it where exact)."""
    plays: int
    """The playouts behind it; 0 where exact."""
    worse: bool
    """Clearly worse than the best."""
    gap: Gap | None
    """Its paired difference from the best, best minus it (exact: an interval of no width); None for the best."""
    value: float | None = None
    """The mean of the seat's count goal over its playouts (Victims saved, souvenirs...), where it has one."""
    facts: dict[str, float] = {}
    """The means of what the game reports at each playout's end."""
    fact_gaps: dict[str, Gap] = {}
    """Each fact's paired difference from the best, best minus it."""


class Advice(msgspec.Struct, frozen=True):
    choices: list[Choice]
    """The best first, then the rest of the best group, then the clearly worse; each part best first."""
    exact: bool
    samples: int
    """The samples behind the figures (the most any choice was played out on); 0 where exact."""
    settled: bool
    """Whether every choice was decided (separated or shown equal) before the budget ended."""
    seat: str = ""
    reason: str = ""
    """A game's own words where it has no figures (Escape of the Dead's order of the rolls)."""

    @property
    def best(self) -> list[Choice]:
        return [c for c in self.choices if not c.worse]

    @property
    def worse(self) -> list[Choice]:
        return [c for c in self.choices if c.worse]

    def equal(self) -> bool:
        """Whether the best group is shown to be about equal: exact, or every paired interval with the best
        within the race's margin at both ends."""
        rest = self.best[1:]
        if self.exact:
            return True
        return all(c.gap is not None and -RACE.margin < c.gap.low and c.gap.high < RACE.margin for c in rest)


def offered(run: Run) -> bool:
    """Whether the hint has figures for this run's game: exact, or from the search."""
    from solo.automa import searchable

    return run.game.id in EXACT or searchable(run.game)


def seed_of(run: Run, seed: int | None = None) -> int:
    """The seed of every figure the hint and the review give for a run: from the run's own seed (or `seed`),
    the same at every decision, so positions met one after another without a roll are weighed on the same
    samples and their chances move together, not by the luck of separate draws."""
    return derive_seed(run.seed if seed is None else seed, "advice")


def race_for(
    game: Game,
    samples: int | None = None,
    base: Race | None = None,
    steps: dict[str, int] | None = None,
    scale: int = 1,
) -> Race:
    """The race for `game`: `samples` at most per choice where given (then no step cap, so the figures depend on
    the samples alone), else the base budget (the hint's RACE) within the game's step cap; `scale` times both."""
    from engines.core import levels

    base = base or RACE
    if samples is not None:
        most = max(1, samples * scale)
        return msgspec.structs.replace(base, most=most, first=min(base.first, most), steps=None)
    cap = (steps or levels.HINT_STEPS).get(game.id)
    return msgspec.structs.replace(base, most=base.most * scale, steps=None if cap is None else cap * scale)


def advise(
    run: Run, decision: Decision, samples: int | None = None, seed: int | None = None, scale: int = 1
) -> Advice:
    """The hint for the person's pending `decision` (`scale` times the usual playouts). Asking twice gives the
    same figures and never moves the dice (the search has RNGs of its own)."""
    if run.game.id in EXACT:
        return exact(run, decision)
    return from_verdict(raced(run, decision, samples, seed, scale), decision, run.game.id)


def raced(
    run: Run, decision: Decision, samples: int | None = None, seed: int | None = None, scale: int = 1
) -> Verdict:
    """The race behind a searched game's hint, its raw playouts (bench/automa.py calibrates from them)."""
    from engines.core.race import race

    return race(run.game, run.state, decision, race_for(run.game, samples, scale=scale), seed_of(run, seed))


def exact(run: Run, decision: Decision) -> Advice:
    """The hint from a solved game's table (the game's `exact`): every choice's chance, the best group being
    those within SAME of the best."""
    solved = getattr(run.game, "exact", None)
    values = solved(run.state) if callable(solved) else None
    if not values:
        hint = run.game.hint(run.state)
        reason = hint.reason if hint is not None else ""
        choices = [_plain(decision, o.key) for o in decision.options]
        return Advice(choices, True, 0, True, decision.seat, reason)
    numbers = {o.key: n for n, o in enumerate(decision.options, 1)}
    order = sorted((o for o in decision.options if o.key in values), key=lambda o: (-values[o.key], numbers[o.key]))
    top = values[order[0].key]
    choices = []
    for o in order:
        v = values[o.key]
        diff = top - v
        gap = None if o is order[0] else Gap(diff, diff, diff, 0)
        choices.append(Choice(o.key, o.label, numbers[o.key], v, v, v, 0, diff >= SAME, gap))
    return Advice(choices, True, 0, True, decision.seat)


def _plain(decision: Decision, key: str) -> Choice:
    """A choice with no figure (where the game says the choices cannot differ)."""
    numbers = {o.key: n for n, o in enumerate(decision.options, 1)}
    option = decision.option(key)
    return Choice(key, option.label if option else key, numbers.get(key, 0), 0.0, 0.0, 1.0, 0, False, None)


def from_verdict(verdict: Verdict, decision: Decision, game_id: str) -> Advice:
    """The race's verdict as the hint shows it: each choice's chance tempered for luck (`figures`), its group
    and paired difference as the race found them."""
    numbers = {o.key: n for n, o in enumerate(decision.options, 1)}
    shown = {e.key: e for e in figures([s.estimate for s in verdict.standings], game_id)}
    choices = []
    for s in verdict.standings:
        e = shown[s.estimate.key]
        choices.append(
            Choice(e.key, e.label, numbers[e.key], e.win, e.low, e.high, e.plays, s.worse, s.gap, e.value,
                   e.facts, s.facts)
        )
    return Advice(choices, False, verdict.samples, verdict.settled, decision.seat)


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
another and its outcomes are the least foreseeable, so its figures are drawn back hardest."""
SHRINK = Shrink(16.0, 4.0)
"""The strengths of a game not in SHRINKS."""


def figures(found: list[Any], game_id: str = "", strength: Shrink | None = None) -> list[Any]:
    """The figures the hint shows, from the raw playouts: each choice's rate shrunk toward its decision's pooled
    rate, itself shrunk toward even odds, by the game's SHRINKS, or `strength` where given (bench/automa.py
    measures the calibration, raw and shrunk; bench/hint_strengths.py tries other strengths)."""
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


# -- the hint in words ------------------------------------------------------------------------------------


def lines(advice: Advice, width: int) -> list[str]:
    """The hint as lines no wider than `width`: the best group (a row each, as the list names them: number
    first), the clearly worse on a line, why, and what the figures rest on."""
    width = max(20, width)
    best, worse = advice.best, advice.worse
    out = _wrap(_head(advice), width)
    if advice.reason:  # no figures: the game's own words
        return out + _wrap(f"Why: {advice.reason}", width, "     ")
    rows = [(f"{c.number}. {c.label}", _figures(advice, c)) for c in best[:SHOWN]]
    room = max(len(f) for _, f in rows)
    name_width = max(8, min(max(len(n) for n, _ in rows), width - room - 4))
    for name, said in rows:  # each named as the list names it, whole: a long name on lines of its own
        if len(name) <= name_width and 4 + name_width + len(said) <= width:
            out.append(f"  {name:<{name_width}}  {said}".rstrip())
            continue
        out += _wrap(name, width, "     ", "  ")
        out += _wrap(said, width, "     ", " " * min(name_width + 4, max(5, width - len(said))))
    if len(best) > SHOWN:
        out += _wrap(f"  As close: {_numbers(best[SHOWN:])}.", width)
    if worse:
        parts = [f"{c.number}. {c.label} ({_below(advice, c)})" for c in worse[:3]]
        more = f" and {len(worse) - 3} more" if len(worse) > 3 else ""
        out += _wrap(f"Clearly worse: {'; '.join(parts)}{more}.", width, "  ")
    why = reason(advice)
    if why:
        out += _wrap(f"Why: {why}", width, "     ")
    out += _wrap(_footer(advice), width)
    return out


def _head(a: Advice) -> str:
    best = a.best
    first = best[0]
    if len(a.choices) == 1:
        return f"Hint: {first.number}. {first.label}: the only choice."
    if len(best) == 1:
        return f"Hint: {first.number}. {first.label}: clearly the best."
    if a.reason:
        return f"Hint: {_numbers(best)}: exactly alike."
    named = f"any of the {len(best)}" if len(best) == len(a.choices) else _numbers(best)
    if len(best) > 6 and len(best) < len(a.choices):
        named = f"{len(best)} of the {len(a.choices)}"
    if a.equal():
        within = "half a point" if a.exact else f"{round(RACE.margin * 100)} points"
        return f"Hint: {named}: about equal (within {within} of the best); any is fine."
    hidden = max(max(abs(c.gap.low), abs(c.gap.high)) for c in best[1:] if c.gap is not None)
    return (
        f"Hint: {named}: too close to call; the playouts cannot tell them apart (a difference of up to "
        f"{_points(hidden)} could hide between them)."
    )


def _numbers(choices: list[Choice]) -> str:
    """'2, 4 or 5': the choices' numbers, in the list's order."""
    nums = [str(n) for n in sorted(c.number for c in choices)]
    return nums[0] if len(nums) == 1 else ", ".join(nums[:-1]) + " or " + nums[-1]


def _figures(a: Advice, c: Choice) -> str:
    out = _pct(a, c.chance) if a.exact else percent(c)
    if c.value is not None:
        out += f"  {value_name(a.choices)} {c.value:.1f}"
    return out


def _below(a: Advice, c: Choice) -> str:
    """'12 points below 2 (6 to 18)': how far a clearly worse choice falls below the best, paired."""
    g = c.gap
    assert g is not None
    top = a.choices[0].number
    if a.exact:
        return f"{_pct(a, c.chance)}, {_points(g.diff, 1)} below {top}"
    return f"{_points(g.diff)} below {top}, {_range(g)}"


def _range(g: Gap) -> str:
    """'5 to 44': a difference's interval in points; an end within a point of zero to a tenth, so an interval
    that lies above zero never reads as reaching it ('0.4 to 51', not '0 to 51')."""

    def end(x: float) -> str:
        return f"{x * 100:.1f}" if abs(x) < 0.01 and x != 0 else f"{round(x * 100)}"

    return f"{end(g.low)} to {end(g.high)}"


def _pct(a: Advice, x: float) -> str:
    return f"{x * 100:.1f}%" if a.exact else f"{round(x * 100)}%"


def _points(x: float, places: int = 0) -> str:
    n = round(x * 100, places) if places else round(x * 100)
    return f"{n} point" if n == 1 else f"{n} points"


def _footer(a: Advice) -> str:
    if a.exact:
        return "(Exact chances of winning with best play from there: the game is solved.)"
    plays = sorted(c.plays for c in a.choices)
    spread = f"{plays[0]}" if plays[0] == plays[-1] else f"{plays[0]} to {plays[-1]}"
    return (
        f"(Each choice played out {spread} times on the same samples of what you cannot see, so differences "
        f"are paired; chances' ranges are 95%, differences' {_level()}.)"
    )


def _level() -> str:
    """The level of the race's calls and of the differences' ranges ('99%'), from its threshold."""
    from statistics import NormalDist

    from solo.review import level_words

    return level_words(2 * NormalDist().cdf(RACE.z) - 1)


def percent(c: Any) -> str:
    """'62% (55-69%)': the chance of winning and its 95% interval."""
    return f"{round(c.chance * 100)}% ({round(c.low * 100)}-{round(c.high * 100)}%)"


def value_name(found: list[Any]) -> str:
    """What the seat's count is called: the fact whose means are the counts, else 'expected'."""
    for name in found[0].facts:
        if all(c.value is not None and abs(c.facts.get(name, float("nan")) - c.value) < 1e-9 for c in found):
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


def reason(a: Advice) -> str:
    """Why the best is best, in a sentence from the playouts, or "" where nothing is clear: how far it leads the
    best of the clearly worse (paired), and the facts whose paired difference is clear in the seat's favour.
    A difference inside the noise is never a reason."""
    worse = a.worse
    if not worse or a.exact:
        return ""
    top, other = a.choices[0], worse[0]
    g = other.gap
    assert g is not None
    rest = ", the best of the clearly worse" if len(a.worse) > 1 else ""
    head = f"{top.number} wins {_points(g.diff)} more often than {other.number}{rest} (paired, {_range(g)})"
    good = _telling(other.fact_gaps, top.facts, other.facts, value_name(a.choices), a.seat)
    return f"{head}; {_and(good, top.facts, other.facts)}." if good else f"{head}."


def _telling(gaps: dict[str, Gap], a: dict[str, float], b: dict[str, float], goal: str, seat: str) -> list[str]:
    """Up to two facts whose paired difference (best minus the other) is clear and in the seat's favour, the
    clearest first, that show differently at the hint's precision. A fact whose better side is unknown is never
    a reason."""

    def sense(name: str) -> int:
        if name == goal:
            return 1
        said = SAID.get(name)
        return 0 if said is None else dict(said.seats).get(seat, said.better)

    found = []
    for name, g in gaps.items():
        side = sense(name)
        clear = (side > 0 and g.low > 0) or (side < 0 and g.high < 0)
        agrees = name in a and name in b and (a[name] - b[name]) * g.diff > 0  # the means say it the same way
        if clear and agrees and _shown(name, a[name]) != _shown(name, b[name]):
            found.append((-abs(g.diff) / max(1e-9, g.high - g.low), name))
    return [name for _, name in sorted(found)[:2]]


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


def _wrap(text: str, width: int, indent: str = "", first: str = "") -> list[str]:
    """`text` over lines no wider than `width`, broken between words only (a figure like '62% (55-69%)' may move
    to the next line whole, never be cut; issue 49)."""
    return textwrap.wrap(
        text, width, initial_indent=first, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    ) or [first.rstrip()]


# -- for tools ------------------------------------------------------------------------------------------


def as_json(a: Advice) -> dict[str, Any]:
    """The hint for tools (`solo hint --json`): chances and intervals in percent, best first; `best` the keys
    that cannot be told apart from the top one; each choice's `gap` its paired difference from the top, in
    points, with its interval."""

    def pct(x: float) -> float:
        return round(x * 100, 2)

    options = []
    for c in a.choices:
        row: dict[str, Any] = {
            "key": c.key,
            "label": c.label,
            "number": c.number,
            "chance": pct(c.chance),
            "low": pct(c.low),
            "high": pct(c.high),
            "playouts": c.plays,
            "clearly_worse": c.worse,
        }
        if c.gap is not None:
            row["gap"] = {"points": pct(c.gap.diff), "low": pct(c.gap.low), "high": pct(c.gap.high)}
        if c.value is not None:
            row["expected"] = round(c.value, 3)
        options.append(row)
    return {
        "options": options,
        "best": [c.key for c in a.best],
        "about_equal": len(a.best) > 1 and a.equal(),
        "exact": a.exact,
        "samples": a.samples,
        "settled": a.settled,
    }
