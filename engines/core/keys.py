"""Reading a game's key texts back into its typed `Key`: the one way Final Girl's and Slaughterhouse's keys are
parsed, so a text no option could have is refused the same way in both.

A key text is a verb and its arguments joined by ':'. A verb alone must be one of the game's `bare` verbs; a verb
with arguments is read by that verb's reader; and the key read must print back to the very text (saves hold the
text, so a reading that would write another is a wrong reading, refused).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

K = TypeVar("K")


class KeyReader(Generic[K]):
    """The key texts of one game -> its keys."""

    def __init__(
        self,
        game: str,
        bare: frozenset[str],
        readers: Mapping[str, Callable[[str, list[str]], K]],
        alone: Callable[[str], K],
    ) -> None:
        self.game, self.bare, self.readers, self.alone = game, bare, readers, alone

    def read(self, text: str) -> K:
        """The key of `text` (ValueError, naming the game, where no option of it could have that text)."""
        verb, *args = text.split(":")
        try:
            key = self._fields(verb, args)
        except (IndexError, ValueError):
            raise ValueError(f"not a {self.game} key: {text!r}") from None
        if str(key) != text:
            raise ValueError(f"not a {self.game} key: {text!r}")
        return key

    def _fields(self, verb: str, args: list[str]) -> K:
        if not args:
            if verb not in self.bare:
                raise ValueError(verb)
            return self.alone(verb)
        reader = self.readers.get(verb)
        if reader is None:
            raise ValueError(verb)
        return reader(verb, args)
