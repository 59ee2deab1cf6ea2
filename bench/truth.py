"""The story's truth over thousands of games: every telling (prose and summary) of every event checked against its
own event by `tests/tools/truth.py`'s `check_story` (the numbers it carries and the facts its words claim: the
`[claims]` of issue 45's point 1), the very check the truth tests run over a few hundred games each; and with
`--consequences`, issue 45's point 2 as well: every change of a counted quantity the state records (health,
items held, tokens, victims, meters: tests/tools/counted.py) named by some telling of the step that made it, with
its number, in the REPL's prose (dice in a bracket) and in `brief` alike (tests/tools/consequences.py, the check
tests/narratives/test_consequences.py runs on a dozen games a title).

For each game: every person seat, the default options and each value of each option (one at a time), the
default policy and random play taken in turn (and heuristic play too where it is not the default); with
`--hard N`, the first N games of each title put the hard automa (engines/core/levels.py, about a second a
decision) at the first seat the automa plays (at the person's own seat in a game with one seat). Seeds from
`--first-seed` (default 0; the suite's seeds are below 1,000, so 100000 measures on seeds it never used). A
problem is printed with its seed, configuration and sentence.

Run: nice -n 10 .venv/bin/python bench/truth.py [games per title] [--game GAME] [--jobs N]
        [--first-seed S] [--consequences] [--hard N]
     .venv/bin/python bench/truth.py --claims [--game GAME]   # issue 45's point 1, counted per game
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import cycle, islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: its tests' tools (tests/tools)

from engines.core.contract import Game
from engines.core.events import Event
from engines.registry import get, ids
from narratives import for_game
from narratives.story import Telling
from solo import narration
from tests.tools import consequences, truth
from tests.tools.counted import GAMES

Policy = str | Mapping[str, str]
Job = tuple[str, int, dict[str, str], Policy, bool]


def configurations(game: Game) -> list[tuple[dict[str, str], str]]:
    """(options, policy): the defaults, then each value of each option apart from its default; each under the
    default policy, random play and (where it is not the default) the heuristic."""
    options: list[dict[str, str]] = [{}]
    options += [{o.name: v} for o in game.options for v in o.choices if v != o.default]
    policies = [game.default_policy, *(p for p in ("random", "heuristic") if p in game.policies)]
    policies = list(dict.fromkeys(policies))
    return [(o, p) for o in options for p in policies]


def hard(game: Game) -> dict[str, str]:
    """The hard automa at the first seat the automa plays beside the person (the person's own, in a one-seat
    game): one searching seat keeps a game to a minute or a few (a decision costs about a second)."""
    person = game.person_seats[0]
    others = [s.id for s in game.seats if s.id != person]
    return {(others or [person])[0]: "hard"}


def jobs(game_id: str, games: int, first: int, told: bool, hard_games: int) -> Iterator[Job]:
    """`games` seeded games of one title, the configurations taken in turn so each gets its share; the first
    `hard_games` of them with the hard automa."""
    game = get(game_id)
    configs = configurations(game)
    for n, (options, policy) in enumerate(islice(cycle(configs), games)):
        yield game_id, first + n, options, hard(game) if n < hard_games else policy, told


def _verbose(telling: Telling, events: Sequence[Event]) -> str:
    return narration.told(telling, events, False)


def _brief(telling: Telling, events: Sequence[Event]) -> str:
    return narration.told(telling, events, True)


def check(job: Job) -> tuple[str, int, int, int, list[str], list[str]]:
    """One game told to each person seat: (game, tellings checked, events, changes, the problems found, the
    consequences missed)."""
    game_id, seed, options, policy, told = job
    game, counted = get(game_id), GAMES[game_id]
    played = consequences.play(game, counted, seed, options, policy)
    checked, problems, missed = 0, [], []
    shown = policy if isinstance(policy, str) else ",".join(f"{s}={p}" for s, p in policy.items())
    for seat in game.person_seats:
        narrator = for_game(game_id, seed, seat)
        checked += sum(1 for _ in narrator.story(played.log))
        where = f"{game_id} seed {seed} {options or 'defaults'} {shown} to {seat}"
        problems += [
            f"{p.where}: {p.why}: {p.text!r}" for p in truth.check_story(narrator, played.log, where)
        ]
        if not told:
            continue
        for mode, text_of in (("prose", _verbose), ("brief", _brief)):
            for m in consequences.misses(narrator, counted, played, text_of, f"{where} {mode}"):
                missed.append(f"{m.where}: {m.change}\n    " + "\n    ".join(m.told[:6]))
    changed = sum(len(s.changes) for s in played.steps)
    return game_id, checked, len(played.log), changed, problems, missed


def claims_table(titles: Sequence[str]) -> None:
    """Issue 45's point 1 counted per game, in every voice (the default and each person seat's): the lines its
    file holds (prose variants, summaries, rule options, fold lines), the claims its `[claims]` vocabulary
    names, the lines whose own words make one, the lines that declare conditions (`tells`), and the lines
    that claim without declaring (truth.undeclared: 0 is the target; tests/narratives/test_claims.py)."""
    print(
        f"{'game':<24}{'voice':<14}{'lines':>7}{'claims':>8}{'claiming':>10}{'declaring':>11}{'undeclared':>12}"
    )
    for game_id in titles:
        for seat in (None, *get(game_id).person_seats):
            templates = for_game(game_id, 1, seat).templates
            lines = list(truth.declared(templates))
            claiming = sum(
                1
                for _, text, _, kind in lines
                if truth.claimed(truth.placeholders_out(text), templates.claims, kind)
            )
            declaring = sum(1 for *_, tells, _ in lines if tells)
            bad = len(truth.undeclared(templates))
            print(
                f"{game_id:<24}{seat or '-':<14}{len(lines):>7}{len(templates.claims):>8}{claiming:>10}"
                f"{declaring:>11}{bad:>12}"
            )


def _flag(argv: list[str], name: str, default: int) -> int:
    return int(argv[argv.index(name) + 1]) if name in argv else default


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdigit() else 1000
    only = argv[argv.index("--game") + 1] if "--game" in argv else None
    workers = _flag(argv, "--jobs", 1)
    first = _flag(argv, "--first-seed", 0)
    hard_games = _flag(argv, "--hard", 0)
    told = "--consequences" in argv
    titles = [only] if only else ids()
    if "--claims" in argv:
        claims_table(titles)
        return 0
    work = [job for title in titles for job in jobs(title, games, first, told, hard_games)]
    totals: dict[str, list[int]] = {t: [0] * 6 for t in titles}
    found: list[str] = []
    began = time.monotonic()
    with ProcessPoolExecutor(workers) as pool:
        for game_id, checked, events, changed, problems, missed in pool.map(check, work, chunksize=4):
            row = totals[game_id]
            for i, n in enumerate((1, events, checked, len(problems), changed, len(missed))):
                row[i] += n
            found += problems + missed
    print(f"seeds {first}-{first + games - 1}, the first {hard_games} of each title with the hard automa")
    print(
        f"{'game':<24}{'games':>7}{'events':>10}{'tellings':>10}{'problems':>10}"
        f"{'changes':>10}{'missed':>8}  configurations"
    )
    for title in titles:
        n, events, checked, bad, changed, miss = totals[title]
        configs = len(configurations(get(title)))
        print(
            f"{title:<24}{n:>7}{events:>10}{checked:>10}{bad:>10}"
            f"{changed if told else '-':>10}{miss if told else '-':>8}  {configs}"
        )
    print(f"({time.monotonic() - began:.0f} s wall)")
    for line in found[:40]:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
