"""`solo sim`: many headless automa games, then a table (or one JSON object) of how they went."""

from __future__ import annotations

import json
import math
import sys
import time

from engines.core.autoplay import play
from engines.core.contract import Game, resolve_options
from solo.screen import Screen


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


MAX_DECISIONS = 50_000
"""Far beyond any real game (the longest seen are a few thousand decisions): a game still going then is one
whose policy loops, and is counted as unfinished instead of running for ever."""


def simulate(
    game: Game,
    n: int,
    seed: int,
    policy: str,
    options: dict[str, str],
    seat: str | None = None,
    progress=None,
) -> dict:
    """Play n seeded games with one policy at every seat; wins are counted for `seat` (the person's first)."""
    seat = seat or game.person_seats[0]
    wins = turns = unfinished = 0
    start = time.perf_counter()
    for i in range(n):
        played = play(game, seed + i, policy, options, max_decisions=MAX_DECISIONS)
        unfinished += not played.finished
        outcome = game.outcome(played.state)
        wins += outcome is not None and seat in outcome.winners
        turns += game.turn(played.state)
        if progress is not None:
            progress(i + 1)
    elapsed = time.perf_counter() - start
    low, high = wilson(wins, n)
    return {
        "game": game.id,
        "policy": policy,
        "seat": seat,
        "options": options,
        "seed": seed,
        "games": n,
        "wins": wins,
        "unfinished": unfinished,
        "win_rate": wins / n,
        "win_rate_95": [low, high],
        "mean_turns": turns / n,
        "seconds": elapsed,
        "games_per_second": n / elapsed if elapsed > 0 else float("inf"),
    }


def run(
    game: Game,
    n: int,
    seed: int,
    policy: str | None,
    options: dict[str, str],
    as_json: bool,
    screen: Screen,
    seat: str | None = None,
) -> int:
    policy = policy or game.default_policy
    if policy not in game.policies:
        raise KeyError(f"{game.title} has no policy '{policy}'. Policies: {', '.join(game.policies)}.")
    options = resolve_options(game, options)
    if seat is not None and seat not in {s.id for s in game.seats}:
        raise ValueError(f"{game.title} has no seat '{seat}'. Seats: {', '.join(s.id for s in game.seats)}.")
    if as_json or not sys.stderr.isatty():
        result = simulate(game, n, seed, policy, options, seat)
    else:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{game.title}, {policy}", total=n)
            result = simulate(
                game, n, seed, policy, options, seat, lambda done: bar.update(task, completed=done)
            )
    if as_json:
        print(json.dumps(result))
        return 0
    low, high = result["win_rate_95"]
    screen.table(
        f"{game.title}: {n:,} games, policy {policy}",
        ["Games", "Wins", "Unfinished", "Win rate", "95% interval", "Mean turns", "Games/s"],
        [
            [
                f"{n:,}",
                f"{result['wins']:,}",
                f"{result['unfinished']:,}",
                f"{result['win_rate']:.2%}",
                f"{low:.2%} - {high:.2%}",
                f"{result['mean_turns']:.1f}",
                f"{result['games_per_second']:,.0f}",
            ]
        ],
        f"Seeds {seed} to {seed + n - 1}; options: " + ", ".join(f"{k}={v}" for k, v in options.items()),
    )
    return 0
