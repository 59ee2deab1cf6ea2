"""`solo sim`: many headless automa games, then a table (or one JSON object) of how they went.

Each seat may play its own policy (`--policy sawyer=search --policy trespassers=heuristic`), the seats other
than the counted one may play an automa level (`--automa hard`), and `--jobs N` spreads the games over N
processes. Every game is seeded by its number alone and the results are added up in seed order, so any N
gives the same figures; only the timing differs.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor

import msgspec

from engines.core.contract import Game, resolve_options, seats_in_play
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


class Ending(msgspec.Struct, frozen=True, array_like=True):
    """How one simulated game went: who won, its last turn, and whether the rules ended it."""

    winners: tuple[str, ...]
    turns: int
    finished: bool


def seat_policies(
    game: Game, given: list[str], automa: str | None, seat: str, options: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The policy name of every seat in play with `options`: SEAT=NAME where given, else a bare NAME for every
    seat, else (for the seats other than the counted one) the automa level, else the game's default. Names are
    checked here."""
    from engines.core import levels
    from solo import automa as level_of

    seats = list(seats_in_play(game, options or {}))
    bare = [g for g in given if "=" not in g]
    if len(bare) > 1:
        raise ValueError(f"One bare --policy sets every seat; got {len(bare)} ({', '.join(bare)}).")
    out = dict.fromkeys(seats, bare[0].strip() if bare else game.default_policy)
    if automa is not None:
        if not level_of.offered(game):
            raise ValueError(level_of.absent(game))
        level_of.check(game, automa)
        out.update({s: automa for s in seats if s != seat})
    for item in given:
        if "=" in item:
            name, _, policy = item.partition("=")
            name, policy = name.strip(), policy.strip()
            if name not in seats:
                raise ValueError(_no_seat(game, name, seats))
            out[name] = policy
    for policy in sorted(set(out.values())):
        found = levels.resolve(game, policy)  # KeyError naming the choices for an unknown name
        if getattr(found, "searches", False) and not level_of.searchable(game):
            raise ValueError(level_of.unsearchable(game).replace("easy or normal", "another policy"))
    return out


def _rate(per_second: float) -> str:
    """Games a second, never shown as 0 for a slow run: '0.4', '12', '1,250'."""
    return f"{per_second:,.1f}" if per_second < 10 else f"{per_second:,.0f}"


def _no_seat(game: Game, name: str, seats: Sequence[str]) -> str:
    """One line for a seat the game, as set up, does not have (a Mixtape seat beyond the rivals asked for)."""
    declared = name in {s.id for s in game.seats}
    more = " with these options (-o rivals= seats more)" if declared else ""
    return f"{game.title} has no seat '{name}'{more}. Seats: {', '.join(seats)}."


def describe(policies: Mapping[str, str]) -> str:
    """'heuristic' when every seat plays it, else 'sawyer=search, trespassers=heuristic'."""
    names = set(policies.values())
    if len(names) == 1:
        return next(iter(names))
    return ", ".join(f"{seat}={name}" for seat, name in policies.items())


def play_seeds(game_id: str, seeds: range, policies: dict[str, str], options: dict[str, str]) -> list[Ending]:
    """Play the games of `seeds` (in a worker process or this one): the figures of each, in seed order."""
    from engines.core import levels
    from engines.core.autoplay import play
    from engines.registry import get

    game = get(game_id)
    chosen = {seat: levels.resolve(game, name) for seat, name in policies.items()}
    out = []
    for s in seeds:
        played = play(game, s, chosen, options, max_decisions=MAX_DECISIONS)
        outcome = game.outcome(played.state)
        winners = tuple(outcome.winners) if outcome is not None else ()
        out.append(Ending(winners, game.turn(played.state), played.finished))
    return out


def _chunks(seed: int, n: int, jobs: int) -> list[range]:
    """The seeds cut into pieces small enough to share out evenly and to show progress."""
    size = max(1, min(50, n // (jobs * 4) or 1))
    return [range(start, min(seed + n, start + size)) for start in range(seed, seed + n, size)]


MOST_GAMES = 10_000_000
"""The most games one `solo sim` plays: more is a typo, or a night the machine cannot give."""


def workers(asked: int, n: int) -> int:
    """The processes to play `n` games on: as many as asked, but never more than the machine's processors or
    the games (more would only wait on each other)."""
    return max(1, min(asked, os.cpu_count() or 1, n))


def simulate(
    game: Game,
    n: int,
    seed: int,
    policy: str | Mapping[str, str],
    options: dict[str, str],
    seat: str | None = None,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> dict:
    """Play n seeded games (`policy`: one name for every seat, or seat -> name); wins are counted for `seat`
    (the person's first), and for every seat in `wins_by_seat`."""
    seat = seat or game.person_seats[0]
    policies = dict.fromkeys((s.id for s in game.seats), policy) if isinstance(policy, str) else dict(policy)
    start = time.perf_counter()
    games: list[Ending] = []
    pieces = _chunks(seed, n, jobs)
    if jobs <= 1:
        for piece in pieces:
            games += play_seeds(game.id, piece, policies, options)
            if progress is not None:
                progress(len(games))
    else:
        with ProcessPoolExecutor(jobs) as pool:
            for done in pool.map(
                play_seeds, *zip(*((game.id, p, policies, options) for p in pieces), strict=True)
            ):
                games += done  # map keeps the pieces' order: seed order
                if progress is not None:
                    progress(len(games))
    elapsed = time.perf_counter() - start
    return _figures(game, games, n, seed, policies, options, seat, elapsed)


def _figures(
    game: Game,
    games: list[Ending],
    n: int,
    seed: int,
    policies: dict[str, str],
    options: dict[str, str],
    seat: str,
    elapsed: float,
) -> dict:
    wins = sum(seat in g.winners for g in games)
    low, high = wilson(wins, n)
    by_seat = {s: sum(s in g.winners for g in games) for s in seats_in_play(game, options)}
    return {
        "game": game.id,
        "policy": describe(policies),
        "policies": policies,
        "seat": seat,
        "options": options,
        "seed": seed,
        "games": n,
        "wins": wins,
        "wins_by_seat": by_seat,
        "unfinished": sum(not g.finished for g in games),
        "win_rate": wins / n,
        "win_rate_95": [low, high],
        "mean_turns": sum(g.turns for g in games) / n,
        "seconds": elapsed,
        "games_per_second": n / elapsed if elapsed > 0 else float("inf"),
    }


def run(
    game: Game,
    n: int,
    seed: int,
    policy: list[str] | str | None,
    options: dict[str, str],
    as_json: bool,
    screen: Screen,
    seat: str | None = None,
    automa: str | None = None,
    jobs: int = 1,
) -> int:
    given = [policy] if isinstance(policy, str) else list(policy or [])
    options = resolve_options(game, options)
    seats = seats_in_play(game, options)
    if seat is not None and seat not in seats:
        raise ValueError(_no_seat(game, seat, seats))
    counted = seat or game.person_seats[0]
    policies = seat_policies(game, given, automa, counted, options)
    described = describe(policies)
    if as_json or not sys.stderr.isatty():
        result = simulate(game, n, seed, policies, options, counted, jobs=jobs)
    else:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{game.title}, {described}", total=n)
            result = simulate(
                game, n, seed, policies, options, counted, lambda done: bar.update(task, completed=done), jobs
            )
    if as_json:
        print(json.dumps(result))
        return 0
    _table(game, result, screen)
    return 0


def _table(game: Game, result: dict, screen: Screen) -> None:
    n, seed, options = result["games"], result["seed"], result["options"]
    low, high = result["win_rate_95"]
    note = f"Seeds {seed} to {seed + n - 1}; options: " + ", ".join(f"{k}={v}" for k, v in options.items())
    if len(game.seats) > 1:
        note += "\nWins by seat: " + ", ".join(f"{s} {w:,}" for s, w in result["wins_by_seat"].items())
    screen.table(
        f"{game.title}: {n:,} games, policy {result['policy']}"
        + (f", wins of {result['seat']}" if len(game.seats) > 1 else ""),
        ["Games", "Wins", "Unfinished", "Win rate", "95% interval", "Mean turns", "Games/s"],
        [
            [
                f"{n:,}",
                f"{result['wins']:,}",
                f"{result['unfinished']:,}",
                f"{result['win_rate']:.2%}",
                f"{low:.2%} - {high:.2%}",
                f"{result['mean_turns']:.1f}",
                _rate(result["games_per_second"]),
            ]
        ],
        note,
    )
