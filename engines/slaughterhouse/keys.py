"""The choice keys of Slaughterhouse, built and parsed in one place.

A key is a verb and its arguments joined by ':' ('move:KIT1', 'run:HALL:KIT1', 'swap:trade:item/a:item/b',
'dice:0,2'). Saves hold the strings, so the text of every key is fixed; code reads a key through `Key`, never
by slicing the string.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass


@functools.lru_cache(maxsize=16384)
def _parse(text: str) -> Key:
    verb, *args = text.split(":")
    return Key(verb, tuple(args))


@dataclass(frozen=True, slots=True)
class Key:
    verb: str
    args: tuple[str, ...] = ()

    parse = staticmethod(_parse)
    """Key.parse('run:HALL:KIT1') == Key('run', ('HALL', 'KIT1')); kept per text (keys repeat all game long)."""

    def __str__(self) -> str:
        return ":".join((self.verb, *self.args))

    def arg(self, i: int = 0) -> str:
        """The i-th argument, '' where the key has none there."""
        return self.args[i] if i < len(self.args) else ""

    @property
    def num(self) -> int:
        """The first argument as a number (a Trespasser's index, the Camera's carrier)."""
        return int(self.args[0])

    @property
    def last(self) -> str:
        """The last argument (where a move, a run or a card's move ends)."""
        return self.args[-1] if self.args else ""


def to_key(verb: str, *args: object) -> str:
    """The key string of a verb and its arguments: to_key('move', 'KIT1') == 'move:KIT1'."""
    return f"{verb}:{':'.join(map(str, args))}" if args else verb


Grouped = Mapping[str, tuple[str, ...]]
"""Options grouped by verb (`by_verb`)."""


def by_verb(keys: list[str]) -> Grouped:
    """The options grouped by their first word, each group and the groups in the order given. Kept per list
    of keys (the automa asks this at every step, and the same lists come back all game long); the grouping is
    read-only, as it is shared."""
    return _grouped(tuple(keys))


@functools.lru_cache(maxsize=4096)
def _grouped(keys: tuple[str, ...]) -> Grouped:
    by: dict[str, list[str]] = {}
    for k in keys:
        by.setdefault(k.partition(":")[0], []).append(k)  # the verb, without building the Key
    return {head: tuple(group) for head, group in by.items()}
