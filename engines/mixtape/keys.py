"""A choice's key as a verb and its argument ("go:farm" is go + farm; "roll" is roll alone), for both Mixtape games.

Saved runs hold keys as strings, so the strings stay exactly as they were; this is the one place that joins and
splits them, so no code reads a key by slicing it at a position. Each game's keys.py builds its own keys with it.
"""

from __future__ import annotations

from typing import NamedTuple

SEP = ":"


class Key(NamedTuple):
    """A key read back: the verb before the first colon and everything after it (which may hold colons)."""

    verb: str
    arg: str = ""

    @classmethod
    def parse(cls, key: str) -> Key:
        """Read once per distinct string: a game offers the same few hundred keys over and over, and a Key
        is immutable, so the parsed one is shared (the search's rollouts parse millions)."""
        got = _PARSED.get(key)
        if got is None or type(got) is not cls:
            verb, _, arg = key.partition(SEP)
            got = cls(verb, arg)
            if len(_PARSED) >= _PARSED_MAX:
                _PARSED.clear()
            _PARSED[key] = got
        return got

    def parts(self) -> list[str]:
        """The argument's own colon-separated parts ("seat:supply:card" -> three)."""
        return self.arg.split(SEP) if self.arg else []

    def __str__(self) -> str:
        return join(self.verb, self.arg) if self.arg else self.verb


_PARSED: dict[str, Key] = {}
_PARSED_MAX = 20_000
"""Keys read so far (bounded: spend keys combine cards and counts, so the set is large but finite)."""


def join(verb: str, *args: object) -> str:
    """A key from a verb and its arguments: join("go", "farm") == "go:farm"."""
    return SEP.join([verb, *map(str, args)])

