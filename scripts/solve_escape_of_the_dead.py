"""Solve Escape of the Dead exactly and write the table the engine plays and hints from.

    python scripts/solve_escape_of_the_dead.py     # the real game, into engines/.../optimal_table.json
    python scripts/solve_escape_of_the_dead.py --barricade 5 --repairs 4 --out /tmp/small.json   # a variant
    python scripts/solve_escape_of_the_dead.py --verify 100000  # also play seeded games with the table

The output is deterministic: the same rules give the same bytes.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead import solver

DEFAULT_OUT = Path(solver.__file__).with_name(solver.TABLE_FILE)
Z99 = 2.5758293035489004  # the two-sided 99% normal quantile


def wilson(wins: int, n: int, z: float = Z99) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def verify(games: int, barricade: int) -> int:
    """Play seeded games with the shipped table and with the heuristic; 1 if theory and play disagree."""
    from engines.core.autoplay import play
    from engines.registry import get

    game = get("escape-of-the-dead")
    table = solver.load_table()
    expected = table.start_value(barricade)
    options = {"barricade": str(barricade)}
    results = {}
    for name, policy in (("optimal", solver.optimal_policy), ("heuristic", "heuristic")):
        start = time.perf_counter()
        wins = sum(play(game, seed, policy, options).state.result == "won" for seed in range(games))
        results[name] = wins
        low, high = wilson(wins, games)
        print(
            f"{name}: {wins}/{games} = {wins / games:.4%} won (99% Wilson {low:.4%}..{high:.4%}) "
            f"in {time.perf_counter() - start:.1f} s"
        )
    # The 99% interval of the rate a policy winning `expected` of its games shows over this many games.
    half = Z99 * math.sqrt(expected * (1 - expected) / games)
    rate = results["optimal"] / games
    ok = abs(rate - expected) <= half
    print(
        f"theory: {expected:.6%}; 99% interval for {games} games "
        f"{expected - half:.4%}..{expected + half:.4%}: "
        f"{'inside' if ok else 'OUTSIDE'}"
    )
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--barricade", type=int, default=R.MAX_BARRICADE, help="boards on the barricade card")
    parser.add_argument("--repairs", type=int, default=R.REPAIRS_TO_WIN, help="repairs to win")
    parser.add_argument("--out", type=Path, default=None, help=f"where to write (default {DEFAULT_OUT})")
    parser.add_argument("--verify", type=int, default=0, metavar="GAMES", help="then play this many games")
    parser.add_argument(
        "--start", type=int, default=R.START_BARRICADE, help="starting barricade for --verify"
    )
    args = parser.parse_args(argv)

    real = (args.barricade, args.repairs) == (R.MAX_BARRICADE, R.REPAIRS_TO_WIN)
    out = args.out or (DEFAULT_OUT if real else None)
    if out is None:
        parser.error("a variant needs --out (the shipped table is for the real game only)")
    start = time.perf_counter()
    solution = solver.solve(max_barricade=args.barricade, repairs_to_win=args.repairs)
    took = time.perf_counter() - start
    out.write_text(solution.to_json(), encoding="utf-8")
    print(f"solved in {took:.2f} s (sweeps per repair level: {solution.sweeps}); wrote {out}")
    for b in range(args.barricade, 0, -1):
        print(f"  start barricade {b:2}: wins {solution.start_value(b):.15f}")
    if args.verify:
        if not real or out != DEFAULT_OUT:
            parser.error("--verify plays the shipped table of the real game")
        solver.load_table.cache_clear()
        return verify(args.verify, args.start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
