"""Choose again the seeds a truth test of tests/narratives/ plays under the quick breadth: its `COVER`.

A truth test names the whole range of plays it once played (`RANGE`), a few ordinary ones it always plays
(`TYPICAL`) and a cover: the fewest further plays of the range (chosen greedily) that tell every template case
and fold (for each listening seat) the whole range tells. When play or the templates change, a seed may stop
telling what it was chosen for, and the test fails naming this script:

    nice -n 10 .venv/bin/python scripts/story_cover.py GAME          # print the cover (a minute or less)
    nice -n 10 .venv/bin/python scripts/story_cover.py GAME --check  # does the test's COVER still cover?

then write the printed COVER into the test (tests/narratives/test_*_truth.py, see GAMES below).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "narratives")]  # the tests' own helpers, as pytest finds them

GAMES = {
    "escape-of-the-dead": "test_truth",
    "final-girl": "test_fg_truth",
    "slaughterhouse": "test_tcm_truth",
    "mixtape-massacre": "test_mm_truth",
    "escape-from-tall-oaks": "test_efto_truth",
}


def told_by(module, play) -> set:  # type: ignore[no-untyped-def]
    """(seat, kind, case) and (seat, 'fold', name) of everything the play tells, to each listening seat."""
    from tests.narratives.told import cases_told

    out = set()
    for teller, game in module.tell(play):
        out |= {(teller.seat, *key) for key in cases_told([(teller, game.events)])}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--check", action="store_true", help="only say whether the test's COVER still covers")
    args = p.parse_args(argv)
    from tests.narratives.cover import greedy

    module = importlib.import_module(f"tests.narratives.{GAMES[args.game]}")
    told = {play: told_by(module, play) for play in module.RANGE}
    for play in (*module.TYPICAL, *module.COVER):
        if play not in told:
            told[play] = told_by(module, play)
    every = set().union(*told.values())
    typical = set().union(*(told[p] for p in module.TYPICAL))
    print(
        f"{args.game}: {len(module.RANGE)} plays tell {len(every)} (seat, kind, case); "
        f"the {len(module.TYPICAL)} typical plays {len(typical)}"
    )
    if args.check:
        kept = typical.union(*(told[p] for p in module.COVER))
        lost = sorted(every - kept, key=str)
        print("the COVER still covers" if not lost else f"the COVER misses {lost}")
        return 1 if lost else 0
    cover = greedy({p: told[p] for p in module.RANGE}, typical)
    have = set(typical)
    print("COVER = (")
    for play in cover:
        new = sorted(told[play] - have, key=str)
        have |= told[play]
        line = f"    {play!r},  # {len(new)}: " + ", ".join(".".join(str(x) for x in k if x) for k in new)
        print(line if len(line) <= 110 else line[:106] + " ...")
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
