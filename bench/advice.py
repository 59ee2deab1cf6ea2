"""Does the advice know what it knows? Issue 44's measures, sized to run in minutes, on seeds the tests do not use.

    .venv/bin/python bench/advice.py review   [--runs 4] [--games ...] [--jobs 2]   # stability, reference, play
    .venv/bin/python bench/advice.py hint     [--positions 200] [--reference 40]     # stability, reference, cost
    .venv/bin/python bench/advice.py automa   [--count 6]                            # a hard turn's CPU
    .venv/bin/python bench/advice.py stats                                           # `solo stats`, fresh
    .venv/bin/python bench/advice.py memory   [--count 50] [--hints 5] [--keep] [--first-seed S]  # a long-lived process

review: finished runs of each searched game, the person's seat played by the `easy` level (the heuristic half the
time, any legal choice the other half: a player who makes real mistakes and good moves) on seeds 91000+. Each run
is reviewed twice with different --seed (stability: of the mistakes either names, the share both name; the share
of decisions whose two chances before lie each inside the other's stated interval, and whose intervals meet) and
once by a reference with 16 times the budget (agreement: the share of the review's mistakes the reference confirms,
its interval too lying above zero; the share of the reference's mistakes worse than 10 points the review names).
Then runs of the same seeds played by the heuristic and by random choice, reviewed once each: the average loss a
decision, with its 95% interval over the runs.

hint: positions of heuristic games on seeds 92000+ (the person's decisions with more than one choice). Each is
hinted twice with different seeds (stability: the best group of each holds the other's top) with its CPU time;
a subset also by a reference with 16 times the budget: how often the hint's "about equal" group, and its whole
best group, holds a choice the reference finds more than 5 points worse (its paired estimate).

automa: games with every opposing seat at `hard`, the person's seat at the heuristic; the CPU of each whole turn
of a hard seat (its decisions between two decisions of another seat), median and 95th percentile, beside the
yardstick (heuristic Tall Oaks games a CPU second) measured in the same run.

Figures go to the terminal; bench/RESULTS.md, "Advice that knows what it knows", keeps them.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))  # the checkout this script is in

import msgspec  # noqa: E402

from engines.core.autoplay import play, policy_rng  # noqa: E402
from engines.core.contract import resolve_options  # noqa: E402
from engines.registry import get  # noqa: E402

GAMES = ("final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks")
REFERENCE = 16
"""The reference's budget, in times the review's or the hint's."""


def _seat(game_id: str) -> str:
    return get(game_id).person_seats[0]


def finished_run(game_id: str, seed: int, player: str) -> Any:
    """A finished run of `game_id` whose person's seat is played by `player` (a policy name or level), the other
    seats by the heuristic: a solo.run.Run with its keys."""
    from engines.core import levels
    from solo.run import Run

    game = get(game_id)
    seat = _seat(game_id)
    mine = levels.resolve(game, player)
    played = play(game, seed, {seat: mine})
    run = Run(game, seed, resolve_options(game, {}), seat)
    for key in played.keys:
        run.choose(key)
    return run


def _interval(xs: list[float]) -> tuple[float, float, float]:
    """Mean and its normal 95% interval."""
    if not xs:
        return math.nan, math.nan, math.nan
    mean = statistics.fmean(xs)
    if len(xs) < 2:
        return mean, math.nan, math.nan
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return mean, mean - half, mean + half


def _share(hits: int, n: int) -> str:
    from engines.core.search import wilson

    if n == 0:
        return "no cases"
    low, high = wilson(hits, n)
    return f"{hits}/{n} = {100 * hits / n:.0f}% ({100 * low:.0f}-{100 * high:.0f}%)"


# -- review ---------------------------------------------------------------------------------------------


class ReviewRow(msgspec.Struct):
    game: str
    seed: int
    player: str
    decisions: int
    cpu: float
    a: list[dict[str, Any]]
    b: list[dict[str, Any]] | None = None
    ref: dict[int, dict[str, Any]] | None = None
    """The reference's figures at the decisions it weighed (by their number in the review, from 1)."""


EVERY = int(os.environ.get("ADVICE_EVERY", "3"))
"""The reference weighs every EVERY-th decision (for the share of its mistakes the review names, an unbiased
sample) and every decision either review named a mistake (for the share it confirms). ADVICE_EVERY=6 halves
the reference's cost, with half the sample."""


def _reviewed(game_id: str, seed: int, player: str, twice: bool, reference: bool) -> ReviewRow:
    """One run reviewed (seed 1), and where asked again (seed 2) and by the reference (seed 3, 16 times the
    budget, at the decisions EVERY picks): each decision's figures as `solo review --json` gives them."""
    from solo import review

    run = finished_run(game_id, seed, player)
    start = time.process_time()
    a = review.as_json(review.review(run, seed=1))["decisions"]
    cpu = time.process_time() - start
    b = review.as_json(review.review(run, seed=2))["decisions"] if twice else None
    ref = None
    if reference and b is not None:
        picked = {d["number"] for d in a if d["number"] % EVERY == 1 or d["mistake"]}
        picked |= {d["number"] for d in b if d["mistake"]}
        ref = _reference(run, picked)
    return ReviewRow(game_id, seed, player, len(a), cpu, a, b, ref)


def _reference(run: Any, numbers: set[int]) -> dict[int, dict[str, Any]]:
    """The review's figures at the decisions numbered `numbers`, by a race with REFERENCE times the review's
    budget (steps and samples) and its own seed (3)."""
    import msgspec as m

    from engines.core import levels
    from solo import advice, review_search

    game = run.game
    budget = advice.race_for(game, None, review_search.RACE, levels.REVIEW_STEPS)
    budget = m.structs.replace(budget, most=budget.most * REFERENCE, steps=(budget.steps or 0) * REFERENCE or None)
    base = advice.seed_of(run, 3)
    places = review_search._places(run)
    state, _ = game.setup(run.seed, run.options)
    out: dict[int, dict[str, Any]] = {}
    number = 0
    for index, key in enumerate(run.keys):
        d = game.decision(state)
        if index in places:
            number += 1
            if number in numbers:
                task = review_search.Task(game.id, m.msgpack.encode(state), key, budget, base)
                w = review_search.weigh(task)
                out[number] = {"mistake": w.mistake, "loss": 100 * w.loss, "loss_low": 100 * w.loss_low}
        game.apply(state, key, d)
    return out


def _map(jobs: int, fn: Any, items: Iterable[tuple[Any, ...]]) -> list[Any]:
    items = list(items)
    if jobs <= 1:
        return [fn(*item) for item in items]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(fn, *item) for item in items]
        out = []
        for f in futures:
            out.append(f.result())
            print(".", end="", flush=True)
        print()
        return out


def review_part(games: list[str], runs: int, jobs: int) -> None:
    print("== the review: stability, a reference 16 times stronger, bad play against good ==")
    tasks = [(g, 91000 + i, "easy", True, True) for g in games for i in range(runs)]
    tasks += [(g, 93000 + i, p, False, False) for g in games for i in range(runs) for p in ("heuristic", "random")]
    rows = _map(jobs, _reviewed, tasks)
    for g in games:
        _review_stability(g, [r for r in rows if r.game == g and r.b is not None])
        _review_play(g, [r for r in rows if r.game == g and r.b is None])


def _review_stability(game_id: str, rows: list[ReviewRow]) -> None:
    union = both = inside = meet = n = 0
    named = confirmed = ref_big = ref_big_named = 0
    cpu = [r.cpu / max(1, r.decisions) for r in rows]
    for r in rows:
        assert r.b is not None and r.ref is not None
        for a, b in zip(r.a, r.b, strict=True):
            n += 1
            fa, fb = a["figures"]["before"], b["figures"]["before"]
            inside += fa["low"] <= fb["chance"] <= fa["high"] and fb["low"] <= fa["chance"] <= fb["high"]
            meet += fa["low"] <= fb["high"] and fb["low"] <= fa["high"]
            union += a["mistake"] or b["mistake"]
            both += a["mistake"] and b["mistake"]
            ref = r.ref.get(a["number"])
            if a["mistake"] and ref is not None:
                named += 1
                confirmed += ref["mistake"]
            if ref is not None and a["number"] % EVERY == 1 and ref["mistake"] and ref["loss"] > 10:
                ref_big += 1
                ref_big_named += a["mistake"]
    print(f"{game_id}: {len(rows)} runs, {n} decisions, review CPU a decision median {statistics.median(cpu):.2f} s")
    print(f"  mistakes named by both reviews, of those either names: {_share(both, union)} (target 90%)")
    print(f"  chances before: each inside the other's interval {_share(inside, n)}; intervals meet {_share(meet, n)}"
          " (target 95%)")
    print(f"  the review's mistakes the reference confirms: {_share(confirmed, named)} (target 90%)")
    _smooth(rows)
    print(f"  the reference's mistakes over 10 points the review names (every {EVERY}th decision): "
          f"{_share(ref_big_named, ref_big)} (target 80%)")


def _smooth(rows: list[ReviewRow]) -> None:
    """Where nothing was left to chance between two decisions, how far the chance moved from the choice made at
    the first to the chance before the second (the same position: it should not move beyond the error)."""
    moved, halves = [], []
    for r in rows:
        for prev, d in zip(r.a, r.a[1:], strict=False):
            if not d["rolled_before"]:
                moved.append(abs(d["before"] - prev["after_choice"]))
                f = d["figures"]["before"]
                halves.append((f["high"] - f["low"]) / 2)
    if moved:
        print(f"  where nothing was rolled between two decisions ({len(moved)}): the chance moved a median "
              f"{statistics.median(moved):.1f} points (90th pct {sorted(moved)[int(0.9 * (len(moved) - 1))]:.1f}); "
              f"the figures' half-interval a median {statistics.median(halves):.1f}")


def _review_play(game_id: str, rows: list[ReviewRow]) -> None:
    for player in ("heuristic", "random"):
        losses = [statistics.fmean(d["loss"] for d in r.a) if r.a else 0.0 for r in rows if r.player == player]
        mean, low, high = _interval(losses)
        print(f"  {player}: average loss a decision {mean:.1f} points ({low:.1f} to {high:.1f}) over {len(losses)} runs")


# -- the hint -------------------------------------------------------------------------------------------


def positions(game_id: str, count: int, first_seed: int) -> list[tuple[int, int]]:
    """(seed, index): the person's decisions with more than one choice in heuristic games, spread over each
    game (every third), until `count`."""
    game = get(game_id)
    seat = _seat(game_id)
    found: list[tuple[int, int]] = []
    seed = first_seed
    while len(found) < count:
        keys = play(game, seed, game.default_policy).keys
        state, _ = game.setup(seed, {})
        picked = 0
        for index, key in enumerate(keys):
            d = game.decision(state)
            if d is not None and d.seat == seat and len(d.options) > 1:
                picked += 1
                if picked % 3 == 1 and len(found) < count:
                    found.append((seed, index))
            game.apply(state, key, d)
        seed += 1
    return found


def _at(game_id: str, seed: int, index: int) -> Any:
    from solo.run import Run

    game = get(game_id)
    run = Run(game, seed, resolve_options(game, {}), _seat(game_id))
    for key in play(game, seed, game.default_policy).keys[:index]:
        run.choose(key)
    return run


class HintRow(msgspec.Struct):
    game: str
    cpu: float
    a: dict[str, Any]
    b: dict[str, Any]
    ref: dict[str, Any] | None


def _hinted(game_id: str, seed: int, index: int, reference: bool) -> HintRow:
    from solo import advice

    run = _at(game_id, seed, index)
    d = run.decision()
    start = time.process_time()
    a = advice.as_json(advice.advise(run, d, seed=1))
    cpu = time.process_time() - start
    b = advice.as_json(advice.advise(run, d, seed=2))
    ref = advice.as_json(advice.advise(run, d, seed=3, scale=REFERENCE)) if reference else None
    return HintRow(game_id, cpu, a, b, ref)


def hint_part(games: list[str], count: int, reference: int, jobs: int) -> None:
    print("== the hint: stability, a reference 16 times stronger, CPU ==")
    tasks = []
    for g in games:
        for n, (seed, index) in enumerate(positions(g, count, 92000)):
            tasks.append((g, seed, index, n < reference))
    rows = _map(jobs, _hinted, tasks)
    for g in games:
        mine = [r for r in rows if r.game == g]
        holds = sum(r.b["best"][0] in r.a["best"] and r.a["best"][0] in r.b["best"] for r in mine)
        groups = [len(r.a["best"]) for r in mine]
        single = sum(n == 1 for n in groups)
        cpu = sorted(r.cpu for r in mine)
        print(f"{g}: {len(mine)} positions; CPU a hint median {statistics.median(cpu):.2f} s, "
              f"95th pct {cpu[int(0.95 * (len(cpu) - 1))]:.2f} s (target: 1 s at the median)")
        print(f"  each hint's best group holds the other's top: {_share(holds, len(mine))}")
        print(f"  best group: one choice {_share(single, len(mine))}; median size {statistics.median(groups)} of "
              f"median {statistics.median(len(r.a['options']) for r in mine)} choices; about equal "
              f"{_share(sum(r.a['about_equal'] for r in mine), len(mine))}")
        refs = [r for r in mine if r.ref is not None]
        equal = [r for r in refs if r.a["about_equal"]]
        bad_equal = sum(_holds_worse(r.a, r.ref, 5.0) for r in equal)
        bad_best = sum(_holds_worse(r.a, r.ref, 5.0) for r in refs)
        print(f"  'about equal' groups with no choice the reference finds 5+ points worse: "
              f"{_share(len(equal) - bad_equal, len(equal))} (target 90%)")
        print(f"  best groups (too close to call included) with none 5+ points worse: "
              f"{_share(len(refs) - bad_best, len(refs))}")
        agree = sum(r.ref["best"][0] in r.a["best"] for r in refs)
        print(f"  the reference's top is in the hint's best group: {_share(agree, len(refs))}")


def _holds_worse(hint: dict[str, Any], ref: dict[str, Any] | None, points: float) -> bool:
    """Whether the hint's best group holds a choice the reference finds `points` or more worse than its top."""
    assert ref is not None
    gaps = {o["key"]: o.get("gap", {}).get("points", 0.0) for o in ref["options"]}
    return any(gaps.get(key, 0.0) > points for key in hint["best"])


# -- the automa -----------------------------------------------------------------------------------------


def yardstick(seconds: float = 3.0) -> float:
    """Heuristic Tall Oaks games a CPU second, in this process now: the machine's speed."""
    game = get("escape-from-tall-oaks")
    start, n = time.process_time(), 0
    while time.process_time() - start < seconds:
        play(game, 990000 + n, game.default_policy)
        n += 1
    return n / (time.process_time() - start)


def _hard_turns(game_id: str, seed: int) -> list[float]:
    """The CPU of each whole turn of a hard seat in one game (the person's seat at the heuristic)."""
    from engines.core import levels
    from engines.core.autoplay import decide

    game = get(game_id)
    seat = _seat(game_id)
    hard = levels.policy_for(game, "hard")
    normal = game.policies[game.default_policy]
    state, _ = game.setup(seed, {})
    turns: list[float] = []
    current, spent, index = None, 0.0, 0
    while (d := game.decision(state)) is not None and index < 5000:
        start = time.process_time()
        key = decide(game, normal if d.seat == seat else hard, state, d, policy_rng(seed, index))
        took = time.process_time() - start
        if d.seat != seat:
            if d.seat != current and current is not None:
                turns.append(spent)
                spent = 0.0
            current = d.seat
            spent += took
        elif current is not None:
            turns.append(spent)
            current, spent = None, 0.0
        game.apply(state, key, d)
        index += 1
    if current is not None:
        turns.append(spent)
    return turns


def automa_part(games: list[str], count: int, jobs: int) -> None:
    print("== the hard automa: CPU of a whole turn ==")
    print(f"yardstick: {yardstick():.0f} heuristic Tall Oaks games a CPU second")
    multi = [g for g in games if len(get(g).seats) > 1]
    tasks = [(g, 94000 + i) for g in multi for i in range(count)]
    found = _map(jobs, _hard_turns, tasks)
    for g in multi:
        turns = sorted(t for (gg, _), ts in zip(tasks, found, strict=True) if gg == g for t in ts)
        print(f"{g}: {len(turns)} turns of a hard seat in {count} games: median {statistics.median(turns):.2f} s, "
              f"95th pct {turns[int(0.95 * (len(turns) - 1))]:.2f} s (targets 1 s and 3 s)")
    print(f"yardstick again: {yardstick():.0f}")


# -- solo stats, fresh ------------------------------------------------------------------------------------


def _keep_folder(root: Path, runs: int) -> None:
    """A save folder whose keep files hold `runs` finished runs, spread over the five games."""
    from saves.keep import Finished, Keepsakes, Kept

    keep = Keepsakes(root)
    ids = [*GAMES, "escape-of-the-dead"]
    for g, game_id in enumerate(ids):
        seat = get(game_id).person_seats[0]
        finished = {
            f"run-{g}-{i}": Finished(
                slot=f"s{i}", result="won" if i % 3 == 0 else "lost", turns=10 + i % 17, seat=seat,
                options={}, seed=i, started="2026-12-01T10:00:00+00:00", ended=f"2026-12-0{1 + i % 7}T11:00:00+00:00",
            )
            for i in range(g, runs, len(ids))
        }
        keep.write(game_id, Kept(finished=finished))


def _command_cpu(args: list[str]) -> float:
    """The CPU seconds of one fresh `solo` command (the child's user and system time)."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "solo", *args], cwd=HERE.parent, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def stats_part(runs: int = 1000, rounds: int = 15) -> None:
    import tempfile

    print(f"== `solo stats` as a fresh command: {runs} finished runs against an empty save folder ==")
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as full:
        _keep_folder(Path(full), runs)
        blank, kept = [], []
        for _ in range(rounds):  # alternated, so a change in the machine's load falls on both alike
            blank.append(_command_cpu(["--save-dir", empty, "stats"]))
            kept.append(_command_cpu(["--save-dir", full, "stats"]))
    a, b = statistics.median(blank), statistics.median(kept)
    print(f"median CPU: empty {a * 1000:.0f} ms, {runs} runs {b * 1000:.0f} ms: {1000 * (b - a):.0f} ms more "
          f"(target 100 ms); {rounds} of each, alternated")


# -- memory ---------------------------------------------------------------------------------------------


def _memory_of(game_id: str, games: int, hints: int, keep: bool, first: int) -> list[int]:
    """Peak resident memory (kB) after each of `games` games of `game_id` played in this one process, the person's
    seat by the heuristic, with `hints` hints asked at its decisions spread over each game. Before each game the
    engines' memos of positions are emptied, as the REPL does when it takes up a run (solo/repl.py `_use`),
    unless `keep` (the process as it was before that)."""
    import resource

    from engines.core import memo
    from solo import advice
    from solo.run import Run

    game = get(game_id)
    seat = _seat(game_id)
    peaks = []
    for n in range(games):
        seed = first + n
        keys = play(game, seed, game.default_policy).keys
        if not keep:
            memo.forget()
        run = Run(game, seed, resolve_options(game, {}), seat)
        mine = [i for i, _ in enumerate(keys)]
        asked = set(mine[:: max(1, len(mine) // hints)][:hints])
        for i, key in enumerate(keys):
            d = run.decision()
            if i in asked and d is not None and d.seat == seat and len(d.options) > 1:
                advice.advise(run, d)
            run.choose(key, d)
        peaks.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return peaks


def memory_part(games: list[str], count: int, hints: int, jobs: int, keep: bool, first: int) -> None:
    """Each title in a process of its own (`jobs` at once): in one process the titles played before it would
    count in its first game's peak and hide its growth (Tall Oaks after the three others: 142 -> 279 MB, 1.96
    times; first: 45 -> 107 MB, 2.4 times)."""
    from concurrent.futures import ProcessPoolExecutor

    how = "the memos of positions kept from game to game" if keep else "the memos of positions emptied at each game"
    print(f"== memory: a process plays {count} games of a title (seeds {first}+) with {hints} hints a game, {how} ==")
    with ProcessPoolExecutor(max_workers=max(1, jobs), max_tasks_per_child=1) as pool:
        found = [f.result() for f in [pool.submit(_memory_of, g, count, hints, keep, first) for g in games]]
    for g, peaks in zip(games, found, strict=True):
        print(f"{g}: peak after the first game {peaks[0] / 1024:.0f} MB, after {count} {peaks[-1] / 1024:.0f} MB: "
              f"{peaks[-1] / peaks[0]:.2f} times (target 1.5); after 10, 25: "
              f"{peaks[min(9, count - 1)] / 1024:.0f}, {peaks[min(24, count - 1)] / 1024:.0f} MB")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("part", choices=("review", "hint", "automa", "stats", "memory"))
    p.add_argument("--games", nargs="*", default=list(GAMES))
    p.add_argument("--runs", type=int, default=4)
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--reference", type=int, default=40)
    p.add_argument("--count", type=int, default=6)
    p.add_argument("--hints", type=int, default=5)
    p.add_argument("--first-seed", type=int, default=95000, help="memory: the first game's seed")
    p.add_argument("--keep", action="store_true", help="memory: never empty the memos of positions (as before)")
    p.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    args = p.parse_args()
    start = time.time()
    if args.part == "review":
        review_part(args.games, args.runs, args.jobs)
    elif args.part == "hint":
        hint_part(args.games, args.positions, args.reference, args.jobs)
    elif args.part == "automa":
        automa_part(args.games, args.count, args.jobs)
    elif args.part == "stats":
        stats_part()
    else:
        memory_part(args.games, args.count, args.hints, args.jobs, args.keep, args.first_seed)
    print(f"({time.time() - start:.0f} s)")


if __name__ == "__main__":
    main()
