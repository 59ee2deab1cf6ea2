"""Two reviews of one run, decision by decision: where do they name different mistakes, and why?

    .venv/bin/python bench/review_pairs.py final-girl 91001 [--limit 100] [--keep pairs.json] [--reference]

The run is bench/advice.py's: the person's seat at the `easy` level on the seed given. Each of its weighed
decisions is raced as `solo review` races it (the first race, and the second where the first finds the choice
worse), once with `--seed 1` and once with `--seed 2`, and the two verdicts are printed side by side wherever either names a mistake: the best choice each compared against, the
loss with its paired interval, the samples, whether the race settled before its cap, its steps. Then the share
of mistakes named by both, of those either names (issue 44's stability measure), and the CPU a decision. With
`--reference`, every decision either review names a mistake (with or without the second race) is raced again by
REFERENCE (16 times the samples, seed 7), and the share of the named mistakes it confirms is printed, with and
without the second race (issue 44's agreement with a reference).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout this script is in

import msgspec

from bench.advice import finished_run
from engines.core import levels
from engines.core.race import Race, race
from solo import advice, review_search

REFERENCE = Race(first=16, most=768, margin=0.03, finalists=4, extend=1)
"""16 times the review's most samples, on every option at first, then four finalists; no step cap."""
REFERENCE_SEED = 7


def _reference(game: Any, state: Any, d: Any, key: str, seed: int) -> bool:
    """Whether a race 16 times stronger, on samples of its own, also finds the choice worse than its best."""
    copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=game.state_type)
    return review_search.weighed(race(game, copy, d, REFERENCE, seed, keep=key), key).mistake


def pairs(game_id: str, seed: int, limit: int, reference: bool = False) -> list[dict[str, Any]]:
    """Each weighed decision of the run (at most `limit`), raced with review seeds 1 and 2 (and, with
    `reference`, wherever either names a mistake with or without the second race, by the reference)."""
    run = finished_run(game_id, seed, "easy")
    game = run.game
    budget = advice.race_for(game, None, review_search.RACE, levels.REVIEW_STEPS)
    places = review_search._places(run)
    state, _ = game.setup(run.seed, run.options)
    rows: list[dict[str, Any]] = []
    for index, key in enumerate(run.keys):
        d = game.decision(state)
        if index in places and len(rows) < limit:
            row: dict[str, Any] = {"index": index, "options": len(d.options), "key": key}
            for look in (1, 2):
                start = time.process_time()
                copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=game.state_type)
                v = race(game, copy, d, budget, advice.seed_of(run, look), keep=key)
                first = review_search.weighed(v, key)
                task = review_search.Task(game.id, msgspec.msgpack.encode(state), key, budget, advice.seed_of(run, look))
                w = review_search.second_look(game, d, task, v)
                row[str(look)] = {
                    "best": w.best, "loss": w.loss, "low": w.loss_low, "high": w.loss_high, "mistake": w.mistake,
                    "first_mistake": first.mistake, "again": w != first,
                    "samples": v.samples, "settled": v.settled, "steps": v.steps,
                    "cpu": time.process_time() - start,
                }
            named = any(row[look]["mistake"] or row[look]["first_mistake"] for look in ("1", "2"))
            if reference and named:
                row["reference"] = _reference(game, state, d, key, advice.seed_of(run, REFERENCE_SEED))
            rows.append(row)
        game.apply(state, key, d)
    return rows


def report(rows: list[dict[str, Any]]) -> None:
    both = either = 0
    for r in rows:
        a, b = r["1"], r["2"]
        if not (a["mistake"] or b["mistake"]):
            continue
        either += 1
        both += a["mistake"] and b["mistake"]
        sides = " | ".join(
            f"{'M' if s['mistake'] else '-'} best={s['best'][:14]:14} loss={100 * s['loss']:5.1f} "
            f"[{100 * s['low']:5.1f},{100 * s['high']:5.1f}] n={s['samples']:3d} settled={int(s['settled'])} "
            f"steps={s['steps']}"
            for s in (a, b)
        )
        print(f"{'both' if a['mistake'] and b['mistake'] else 'one '} {r['options']:2d} {r['key'][:18]:18} {sides}")
    settled = statistics.fmean(r["1"]["settled"] for r in rows)
    cpu = statistics.median(r["1"]["cpu"] for r in rows)
    mean = statistics.fmean(r["1"]["cpu"] for r in rows)
    first_both = sum(r["1"].get("first_mistake", False) and r["2"].get("first_mistake", False) for r in rows)
    first_either = sum(r["1"].get("first_mistake", False) or r["2"].get("first_mistake", False) for r in rows)
    again = sum(r["1"].get("again", False) for r in rows)
    if any("reference" in r for r in rows):
        for name, field in (("first race alone", "first_mistake"), ("with the second race", "mistake")):
            named = [r for r in rows for look in ("1", "2") if r[look][field]]
            real = sum(r["reference"] for r in named)
            found = [sum(r[look][field] for r in rows if r.get("reference")) for look in ("1", "2")]
            print(f"{name}: the reference confirms {real}/{len(named)} of the mistakes named; of its "
                  f"{sum(bool(r.get('reference')) for r in rows)} mistakes there, review 1 names {found[0]}, "
                  f"review 2 {found[1]}")
    print(f"{len(rows)} decisions; mistakes named by both, of those either names: {both}/{either} (the first race "
          f"alone: {first_both}/{first_either}); raced again: {again}; settled before the cap: {settled:.0%}; "
          f"CPU a decision, median: {cpu:.2f} s, mean {mean:.2f} s")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument("seed", type=int)
    p.add_argument("--limit", type=int, default=100)
    p.add_argument("--keep", type=Path, help="write the side-by-side verdicts as JSON")
    p.add_argument("--reference", action="store_true", help="check each mistake either names against REFERENCE")
    args = p.parse_args()
    rows = pairs(args.game, args.seed, args.limit, args.reference)
    if args.keep:
        args.keep.write_text(json.dumps(rows))
    report(rows)


if __name__ == "__main__":
    main()
