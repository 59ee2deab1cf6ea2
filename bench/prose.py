"""How often the story repeats itself. For each game, four seeded games played to the end (the default policy at
every seat), narrated as the text export does; over the four logs together (a player plays many nights): the
share of distinct sentences and the most repeated sentence as a share of all sentences. Sentences are those
over 20 characters, with the bracketed mechanics removed.

Targets for every game: at least 70% distinct, and no sentence above 2%.
Run: .venv/bin/python bench/prose.py [games per title] [first seed] [--seat SEAT] [--game GAME] [--top N]
`--seat` tells the story to that seat (its voice, where the game writes one; `--seat all`: each person seat
of each game in turn); without it the story is told to nobody in particular, as before. `--top N` lists the N
most repeated sentences with their counts (where new variants would help most).
"""

from __future__ import annotations

import re
import sys
from collections import Counter

from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.registry import get, ids
from narratives import for_game
from solo import narration

_BRACKETS = re.compile(r"\[[^\]]*\]")
_SENTENCE = re.compile(r"(?<=[.!?…])[\"')’”]*\s+")


def sentences(text: str) -> list[str]:
    """The sentences of narrated text, bracketed mechanics taken out, each over 20 characters."""
    out = []
    for line in text.splitlines():
        line = _BRACKETS.sub("", line).strip()
        if not line or line.startswith("-- "):
            continue
        out += [s.strip() for s in _SENTENCE.split(line) if len(s.strip()) > 20]
    return out


def narrated(game_id: str, seed: int, seat: str | None = None) -> str:
    """One whole game's narration, as `solo log --text` gives it (verbose) to `seat`."""
    game = get(game_id)
    options = resolve_options(game, {})
    played = play(game, seed, None, options)
    narrator = for_game(game_id, seed, seat)
    lines = []
    for _title, paragraphs, _mood in narration.groups(played.events, narrator):
        lines += paragraphs
    return "\n".join(lines)


def counted(game_id: str, games: int, first: int, seat: str | None = None) -> Counter[str]:
    """How often each sentence is told over the games' stories."""
    counts: Counter[str] = Counter()
    for seed in range(first, first + games):
        counts.update(sentences(narrated(game_id, seed, seat)))
    return counts


def measure(game_id: str, games: int, first: int, seat: str | None = None) -> tuple[int, float, float, str]:
    counts = counted(game_id, games, first, seat)
    total = sum(counts.values())
    top, top_n = counts.most_common(1)[0]
    return total, len(counts) / total, top_n / total, top


def _flag(args: list[str], name: str) -> str | None:
    """The value after `--name` (taken out of args), or None."""
    if f"--{name}" not in args:
        return None
    at = args.index(f"--{name}")
    value = args[at + 1]
    del args[at : at + 2]
    return value


def main() -> None:
    args = sys.argv[1:]
    seat, only, top_n = _flag(args, "seat"), _flag(args, "game"), int(_flag(args, "top") or 0)
    games = int(args[0]) if args else 4
    first = int(args[1]) if len(args) > 1 else 0
    print(
        f"{games} games each, seeds {first}-{first + games - 1}; targets: >= 70% distinct, top sentence <= 2%"
    )
    for game_id in [only] if only else ids():
        seats = get(game_id).person_seats if seat == "all" else (seat,)
        for listener in seats:
            counts = counted(game_id, games, first, listener)
            total = sum(counts.values())
            (top, top_count), distinct = counts.most_common(1)[0], len(counts) / total
            top_share = top_count / total
            met = "met" if distinct >= 0.70 and top_share <= 0.02 else "not met"
            name = game_id if listener is None else f"{game_id} ({listener})"
            print(f"{name:28} {total:6,} sentences  {distinct:6.1%} distinct  top {top_share:5.1%}  {met}")
            print(f"{'':28} most repeated: {top[:90]!r}")
            for sentence, n in counts.most_common(top_n):
                print(f"{'':28} {n:4} {sentence[:100]!r}")


if __name__ == "__main__":
    main()
