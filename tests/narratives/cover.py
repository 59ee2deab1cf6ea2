"""The seeds a truth test plays: a small cover chosen once, beside a few ordinary seeds, instead of a whole range.

Most games of a long range of seeds tell nothing the others did not. A truth test names its whole range
(`Play`s: a seed, options, a policy), the few `typical` plays it always checks (the truth on ordinary games, not
only on rarities) and a `cover`: the fewest further plays (greedy, over each (kind, case) and fold told) that
tell every case the whole range tells. scripts/story_cover.py chooses the cover again when play changes; the
quick breadth plays the typical plays and the cover, the full one (SOLO_TEST_BREADTH=full) the whole range.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from engines.core.events import Event
from narratives.narrator import Narrator
from tests.narratives.told import untold
from tests.tools.breadth import FULL


class Play(NamedTuple):
    """One seeded game of a truth test's range: its seed, its options ("key=value,key=value") and policy."""

    seed: int
    options: str = ""
    policy: str | None = None

    def settings(self) -> dict[str, str]:
        """The options as the engine takes them."""
        return dict(pair.split("=", 1) for pair in self.options.split(",")) if self.options else {}

    def __repr__(self) -> str:
        extra = [f'"{self.options}"'] if self.options or self.policy else []  # as the tests write them
        extra += [f'"{self.policy}"'] if self.policy else []
        return f"Play({', '.join([str(self.seed), *extra])})"


def chosen(typical: Sequence[Play], cover: Sequence[Play], whole: Sequence[Play]) -> tuple[Play, ...]:
    """What a test plays: the typical plays and the cover under the quick breadth, the whole range under the
    full one (each play once, in order)."""
    return tuple(dict.fromkeys(whole if FULL else (*typical, *cover)))


def greedy(told: Mapping[Play, set[Hashable]], start: Iterable[Hashable] = ()) -> list[Play]:
    """The fewest plays, chosen greedily, that tell all the plays tell beyond `start`: each time the play that
    adds most (the first in range order on a tie)."""
    have, out = set(start), []
    want = set().union(*told.values()) - have
    while want - have:
        best = max(told, key=lambda p: len(told[p] - have))
        out.append(best)
        have |= told[best]
    return out


def check_told(
    told: Iterable[tuple[Narrator, Sequence[Event]]],
    narrator: Narrator,
    allowed: set[tuple[str, str]],
    game: str,
) -> None:
    """Fail, naming the script that chooses the cover again, where the plays leave a case untold that the range
    tells (a seed no longer deals what it was chosen for)."""
    lost = untold(told, narrator) - allowed
    assert not lost, (
        f"{'RANGE' if FULL else 'TYPICAL and COVER'} no longer tell {sorted(lost)}: choose the cover again with "
        f"`nice -n 10 .venv/bin/python scripts/story_cover.py {game}` and write it into the test's COVER"
        + ("" if narrator.seat is None else f" (seat {narrator.seat})")
    )


Teller = Callable[[Play], list[tuple[Narrator, Any]]]
"""A truth test's `tell`: one `Play` played and told, (narrator, game with its `events`) per listening seat."""
