"""The story's truth over thousands of games: every telling (prose and summary) of every event checked against its
own event by `narratives.truth.check_story`, the very check the truth tests run over a few hundred games each.

For each game: every person seat, the default options and each value of each option (one at a time), the
default policy and random play, seeds from 0. The suite keeps its few hundred games per title fast; this is the
same property measured over many more. A problem is printed with its seed, event and sentence.

Run: .venv/bin/python bench/truth.py [games per title] [--game GAME] [--jobs N]
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from itertools import cycle, islice

from engines.core.contract import Game
from engines.registry import get, ids
from narratives import for_game, truth


def configurations(game: Game) -> list[tuple[dict[str, str], str]]:
    """(options, policy): the defaults, then each value of each option apart from its default; each under the
    default policy and under random play."""
    options: list[dict[str, str]] = [{}]
    options += [{o.name: v} for o in game.options for v in o.choices if v != o.default]
    policies = [game.default_policy, *(["random"] if "random" in game.policies else [])]
    return [(o, p) for o in options for p in policies]


def jobs(game_id: str, games: int) -> Iterator[tuple[str, int, dict[str, str], str]]:
    """`games` seeded games of one title, the configurations taken in turn so each gets its share."""
    configs = configurations(get(game_id))
    for seed, (options, policy) in enumerate(islice(cycle(configs), games)):
        yield game_id, seed, options, policy


def check(job: tuple[str, int, dict[str, str], str]) -> tuple[str, int, int, list[str]]:
    """One game told to each person seat: (game, tellings checked, events, the problems found)."""
    game_id, seed, options, policy = job
    game = get(game_id)
    played = truth.play(game, seed, options, policy)
    checked, problems = 0, []
    for seat in game.person_seats:
        narrator = for_game(game_id, seed, seat)
        checked += sum(1 for _ in narrator.story(played.events))
        where = f"{game_id} seed {seed} {options or 'defaults'} {policy} to {seat}"
        problems += [f"{p.where}: {p.why}: {p.text!r}" for p in truth.check_story(narrator, played.events, where)]
    return game_id, checked, len(played.events), problems


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdigit() else 1000
    only = argv[argv.index("--game") + 1] if "--game" in argv else None
    workers = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 1
    titles = [only] if only else ids()
    work = [job for title in titles for job in jobs(title, games)]
    totals: dict[str, list[int]] = {t: [0, 0, 0, 0] for t in titles}
    found: list[str] = []
    with ProcessPoolExecutor(workers) as pool:
        for game_id, checked, events, problems in pool.map(check, work, chunksize=8):
            row = totals[game_id]
            row[0] += 1
            row[1] += events
            row[2] += checked
            row[3] += len(problems)
            found += problems
    print(f"{'game':<24}{'games':>7}{'events':>10}{'tellings':>10}{'problems':>10}  configurations")
    for title in titles:
        n, events, checked, bad = totals[title]
        configs = len(configurations(get(title)))
        print(f"{title:<24}{n:>7}{events:>10}{checked:>10}{bad:>10}  {configs}")
    for line in found[:40]:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
