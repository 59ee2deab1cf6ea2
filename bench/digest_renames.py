"""Proof that a rules version only renamed event facts: the digest of the older names, from the current code.

bench/digest.py plays its seeded configurations with every event turned back into the older rules' names
(solo.run.changes_since: the game's `facts_renamed` undone, its `facts_added` left out) before it is hashed.
Where the result equals the digest recorded before the renames, nothing but the declared names moved: not a
die, a decision, a key, a hint or the final state.

    .venv/bin/python bench/digest_renames.py --game mixtape-massacre --since 4 --expect b4af106ef8e209dd
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))  # the checkout this script is in, not whichever one is installed
sys.path.insert(0, str(HERE))

import digest  # noqa: E402

from engines import registry  # noqa: E402
from solo.run import changes_since  # noqa: E402


class OlderNames:
    """The game, its events as the rules of `version` named them."""

    def __init__(self, game: Any, version: str) -> None:
        self._game = game
        self._changes = changes_since(game, version)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def setup(self, seed: int, options: Any) -> Any:
        state, events = self._game.setup(seed, options)
        return state, self._changes.older(list(events))

    def apply(self, state: Any, key: str, decision: Any = None) -> Any:
        return self._changes.older(self._game.apply(state, key, decision))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--since", required=True, help="the older rules version whose names to hash")
    parser.add_argument("--expect", help="the digest recorded under those rules (its first characters)")
    args = parser.parse_args()
    get = registry.get
    registry.get = lambda game_id: OlderNames(get(game_id), args.since) if game_id == args.game else get(game_id)
    value, games = digest.digest(args.game)
    same = "" if args.expect is None else "  same" if value.startswith(args.expect) else "  DIFFERENT"
    print(f"{args.game:24} {games:5} games  under rules {args.since}'s names  {value[:16]}{same}")
    return 1 if same.strip() == "DIFFERENT" else 0


if __name__ == "__main__":
    sys.exit(main())
