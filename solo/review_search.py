"""The review from the search, for the games without a solved table (Final Girl, Slaughterhouse, the Mixtape
games): the run replayed from its seed, and at each of the person's decisions with more than one choice the
choices raced (engines/core/race.py) with the choice made kept in view: the race stops once that choice is
shown clearly worse than the best, or once nothing left can beat it by more than the race's margin, or when
the budget ends. The search reads the state only through the game's determinize, so the review never uses
what the seat could not see.

Every decision is weighed with the same seed (solo.advice.seed_of: the hint's), so positions met one after
another without a roll are weighed on the same samples and the chance moves smoothly where nothing happens.
The decisions are weighed in parallel on `jobs` processes (each decision alone, so the figures are the same
with any number), with a progress bar, and kept beside the save (solo/review_cache.py) so a second look at an
unchanged run, or at a run that has only grown, weighs only what is new.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from statistics import NormalDist
from typing import Any

import msgspec

import narratives
from engines.core.events import Event
from engines.core.race import Race, Verdict
from engines.core.search import wilson
from narratives.narrator import Narrator
from solo.review import Figure, Review, Roll, Step
from solo.run import Run

RACE = Race(first=3, most=256, margin=0.10, finalists=2, extend=3, suspect=0.08)
"""The review's race: every choice on 3 samples, then the choice made, the two best others and the heuristic's
choice on more, within the game's step cap (engines.core.levels.REVIEW_STEPS), until the choice made is shown
clearly worse than the best, or no other can beat it by 10 points or more (the margin: the review looks hardest
for the mistakes that matter). Where the cap ends the race with the choice made 8 points or more behind the best
but not shown worse, the race goes on to three times the cap: the samples go to the close calls."""
CONFIRM = 128
"""A choice the race finds worse than the best (named, or SUSPECT or more behind) is raced again against the
race's leaders (RIVALS), on this many fresh paired samples (a seed of its own), and named a mistake only if this
second race also shows it worse than its own best: two independent looks must agree, so a lucky early stop on
three samples is not called a mistake (bench/RESULTS.md, "A second look at each mistake"). Never more than the
review's own most."""
SUSPECT = 0.05
"""How far behind the best (5 points) a choice the first race does not name is still raced again."""
RIVALS = 3
"""The first race's leaders the second race measures the choice against: with many choices, which of the close
leaders the first race ranks top is close to a draw, so the second race does not rest on one of them."""
DICE = ("dice", "die", "roll")
"""The event facts that hold the dice rolled."""

Progress = Callable[[int, int], None]
"""Told (done, total) as the decisions are weighed."""


class Weighed(msgspec.Struct, frozen=True):
    """What the race found at one decision, as the review keeps it (and solo/review_cache.py stores it)."""

    best: str
    equal: list[str]
    """The other keys that cannot be told apart from the best."""
    before: Figure
    after_choice: Figure
    after_best: Figure
    loss: float
    loss_low: float
    loss_high: float
    mistake: bool


class Task(msgspec.Struct, frozen=True):
    """One decision to weigh: the game, the state before it (msgpack) and the choice made."""

    game: str
    state: bytes
    key: str
    race: Race
    seed: int


def weighed(verdict: Verdict, key: str) -> Weighed:
    """The review's figures from a race's verdict for the choice `key`: the chance before (pooled over the best
    group), after the choice and after the best (the best counted on the choice's own samples, so that the two
    differ by the loss exactly), and the loss with its paired interval."""
    top = verdict.top.estimate
    win, low, high, n = verdict.value()
    before = Figure(win, low, high, n)
    mine = verdict.standing(key)
    chosen = mine.estimate
    after_choice = Figure(chosen.win, chosen.low, chosen.high, chosen.plays)
    equal = [k for k in verdict.best[1:] if k != key]
    if key == top.key:
        upside = [-s.gap.low for s in verdict.standings[1:] if not s.worse and s.gap is not None]
        return Weighed(top.key, equal, before, after_choice, after_choice, 0.0, 0.0, max([0.0, *upside]), False)
    gap = mine.gap
    assert gap is not None
    rate = chosen.win + gap.diff  # the best's rate over the choice's samples
    b_low, b_high = wilson(rate * gap.n, gap.n)
    after_best = Figure(rate, min(b_low, rate), max(b_high, rate), gap.n)
    return Weighed(top.key, equal, before, after_choice, after_best, gap.diff, gap.low, gap.high, mine.worse)


def weigh(task: Task) -> Weighed:
    """One decision raced, in this process or a worker's; a choice found worse, raced again (CONFIRM)."""
    from engines.core.race import race
    from engines.registry import get

    game = get(task.game)
    state: Any = msgspec.msgpack.decode(task.state, type=game.state_type)
    decision = game.decision(state)
    assert decision is not None
    return second_look(game, decision, task, race(game, state, decision, task.race, task.seed, keep=task.key))


def second_look(game: Any, decision: Any, task: Task, verdict: Verdict) -> Weighed:
    """The first race's figures, or where it found the choice worse (named, or SUSPECT points or more behind the
    best), those of the second race (`confirmed`) on the task's state, against the first race's RIVALS leaders."""
    first = weighed(verdict, task.key)
    if first.best == task.key or not (first.mistake or first.loss >= SUSPECT):
        return first
    leaders = [s.estimate.key for s in verdict.standings if s.estimate.key != task.key][:RIVALS]
    state = msgspec.msgpack.decode(task.state, type=game.state_type)
    return confirmed(game, state, decision, task, first, leaders)


def confirmed(game: Any, state: Any, decision: Any, task: Task, first: Weighed, leaders: list[str]) -> Weighed:
    """The choice raced again against `leaders` (the first race's best first) alone, on fresh samples, each
    option on every one of them: its figures and its call (a mistake only if this race shows it worse than its
    own best too); the chance before and the equals stay the first race's."""
    from engines.core.race import race
    from engines.core.rng import derive_seed

    kept = {task.key, *leaders}
    field = tuple(o for o in decision.options if o.key in kept)
    n = min(CONFIRM, task.race.most)
    budget = Race(first=n, most=n, margin=0.0, z=task.race.z, extend=1)
    again = race(
        game,
        state,
        msgspec.structs.replace(decision, options=field),
        budget,
        derive_seed(task.seed, "confirm"),
        keep=task.key,
    )
    w = weighed(again, task.key)
    return msgspec.structs.replace(w, before=first.before, equal=first.equal)


def review(
    run: Run,
    samples: int | None = None,
    seed: int | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
    cache: Any = None,
) -> Review:
    """Replay the run from its seed and race the choices of each of the person's decisions. `samples`: at most
    this many playouts a choice, and no step cap (the default: RACE within the game's REVIEW_STEPS); `seed`:
    another draw of the samples than the hint's; `jobs`: processes; `cache`: a solo.review_cache.Cache."""
    from engines.core import levels
    from solo import advice

    game = run.game
    budget = advice.race_for(game, samples, RACE, levels.REVIEW_STEPS)
    base = advice.seed_of(run, seed)
    narrator = narratives.for_game(game.id, run.seed, run.seat)
    places = _places(run)
    tasks: dict[int, Task] = {}
    state: Any
    state, _ = game.setup(run.seed, run.options)
    encoder = msgspec.msgpack.Encoder()
    for index, key in enumerate(run.keys):
        decision = game.decision(state)
        if index in places:
            tasks[index] = Task(game.id, encoder.encode(state), key, budget, base)
        game.apply(state, key, decision)
    found = _weigh_all(run, tasks, jobs, progress, cache)
    return _assemble(run, places, found, budget, run.seed if seed is None else seed, narrator)


Places = dict[int, tuple[int, dict[str, str]]]
"""The person's decisions with more than one choice: place in the keys -> (turn, each key as the list names
its choice: '3. Walk to the Office')."""


def kept(run: Run, cache: Any, samples: int | None = None, seed: int | None = None) -> Review | None:
    """The run's review from the cache alone, where every decision of it is kept there (the end-of-run summary
    names its decisive roll then); else None. Weighs nothing."""
    from engines.core import levels
    from solo import advice

    budget = advice.race_for(run.game, samples, RACE, levels.REVIEW_STEPS)
    base = advice.seed_of(run, seed)
    places = _places(run)
    found: dict[int, Weighed] = {}
    for index in places:
        w = cache.get(run, index, Task(run.game.id, b"", run.keys[index], budget, base))
        if w is None:
            return None
        found[index] = w
    narrator = narratives.for_game(run.game.id, run.seed, run.seat)
    return _assemble(run, places, found, budget, run.seed if seed is None else seed, narrator)


def _places(run: Run) -> Places:
    game = run.game
    state, _ = game.setup(run.seed, run.options)
    found: Places = {}
    for index, key in enumerate(run.keys):
        decision = game.decision(state)
        if decision is not None and decision.seat == run.seat and len(decision.options) > 1:
            found[index] = (game.turn(state), {o.key: f"{n}. {o.label}" for n, o in enumerate(decision.options, 1)})
        game.apply(state, key, decision)
    return found


def _weigh_all(
    run: Run, tasks: dict[int, Task], jobs: int, progress: Progress | None, cache: Any
) -> dict[int, Weighed]:
    """Every task weighed, from the cache where it holds it, else in `jobs` processes; what was weighed goes into
    the cache even when Ctrl-C stops the rest."""
    done: dict[int, Weighed] = {}
    todo: dict[int, Task] = {}
    for index, task in tasks.items():
        kept = cache.get(run, index, task) if cache is not None else None
        if kept is not None:
            done[index] = kept
        else:
            todo[index] = task

    def tell() -> None:
        if progress is not None:
            progress(len(done), len(tasks))

    tell()
    try:
        if jobs > 1 and len(todo) > 1:
            _in_processes(todo, min(jobs, len(todo)), done, tell)
        else:
            for index, task in todo.items():
                done[index] = weigh(task)
                tell()
    finally:
        if cache is not None:
            cache.put_all(run, {i: done[i] for i in todo if i in done}, todo)
    return done


def _in_processes(todo: dict[int, Task], jobs: int, done: dict[int, Weighed], tell: Callable[[], None]) -> None:
    """The tasks weighed in `jobs` worker processes. The workers ignore Ctrl-C: the parent gets it, cancels what
    has not started and ends the workers, so no traceback comes from them."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    from solo.cores import context_for_workers

    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context_for_workers(), initializer=_ignore_interrupts)
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # the workers start deaf to Ctrl-C;
    try:  # one pressed meanwhile reaches this process once they have started
        running = {pool.submit(weigh, task): index for index, task in todo.items()}
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    try:
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                done[running.pop(future)] = future.result()
            tell()
    except BaseException:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def jobs_default() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not every platform has it
        return max(1, os.cpu_count() or 1)


def _assemble(
    run: Run, places: Places, found: dict[int, Weighed], budget: Race, shown_seed: int, narrator: Narrator
) -> Review:
    """The review from each decision's figures, in the run's order, with the rolls between them."""
    game = run.game
    state, _ = game.setup(run.seed, run.options)
    steps: list[Step] = []
    rolls: list[Roll] = []
    pending: tuple[int, Figure] | None = None  # (turn, chance the last choice gave) awaiting its roll
    since: list[Event] = []
    for index, key in enumerate(run.keys):
        decision = game.decision(state)
        if index in places and index in found:
            turn, named = places[index]
            w = found[index]
            if pending is not None and dice_of(since) != "no dice":
                rolls.append(Roll(pending[0], dice_of(since, narrator), pending[1], w.before))
            steps.append(
                Step(len(steps) + 1, index, turn, named[key], named[w.best], w.before, w.after_choice,
                     w.after_best, w.loss, w.loss_low, w.loss_high, w.mistake, [named[k] for k in w.equal],
                     pending is None or dice_of(since) != "no dice")
            )
            pending, since = (turn, w.after_choice), []
        since += game.apply(state, key, decision)
    outcome = game.outcome(state)
    if pending is not None and outcome is not None and dice_of(since) != "no dice":
        end = 1.0 if run.seat in outcome.winners else 0.0
        rolls.append(Roll(pending[0], dice_of(since, narrator), pending[1], Figure(end, end, end)))
    assumes = "every seat, yours included, plays the game's own heuristic (the automa's normal level) from each position on"
    level = round(2 * NormalDist().cdf(budget.z) - 1, 4)
    return Review(
        steps, rolls, run.status(), False, budget.most, shown_seed, assumes, level, min(CONFIRM, budget.most)
    )


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
