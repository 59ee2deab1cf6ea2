"""Find or check the seed of a game's lesson: the run whose coach's path shows what the lesson teaches.

A lesson's seed (`[lesson] seed` in the game's narration file) must, on the coach's own path (the choices it
asks for, else the game's policy, as `auto` plays), say every step not marked optional and the steps named in
`want`, within `length` of the person's decisions. When the dealing changes, the seed may stop doing so:

    nice -n 10 .venv/bin/python scripts/lesson_seed.py GAME           # check the seed in the file
    nice -n 10 .venv/bin/python scripts/lesson_seed.py GAME --find 200  # the first seeds from 0 that pass

then write the seed found into the file. The lesson's test checks the same (tests/solo/test_lesson.py).
"""

from __future__ import annotations

import argparse
import sys

from engines import registry
from solo.lesson import lesson_of, verdict, walk


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument("--find", type=int, metavar="N", help="try seeds from --start for N seeds, list those that pass")
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--best", type=int, default=5, help="stop after this many passing seeds")
    args = p.parse_args(argv)
    game = registry.get(args.game)
    lesson = lesson_of(game.id)
    if args.find is None:
        found = walk(game)
        problems = verdict(lesson, found)
        print(f"seed {lesson.seed}: {found.decisions} decisions, {found.run.status()}, said "
              f"{', '.join(s.step for s in found.said)}")
        print("; ".join(problems) if problems else "it shows everything the lesson wants")
        return 1 if problems else 0
    passing = 0
    for seed in range(args.start, args.start + args.find):
        found = walk(game, seed)
        problems = verdict(lesson, found)
        if not problems:
            passing += 1
            print(f"seed {seed}: {found.decisions} decisions, {found.run.status()}")
            if passing >= args.best:
                break
    if not passing:
        print("no seed in that range shows everything the lesson wants", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
