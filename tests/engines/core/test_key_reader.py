"""engines/core/keys.py: the one reader of key texts both typed-key games use."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from engines.core.keys import KeyReader


class Key(NamedTuple):
    verb: str
    n: int | None = None

    def __str__(self) -> str:
        return self.verb if self.n is None else f"{self.verb}:{self.n}"


READER = KeyReader("Toy", frozenset({"end"}), {"go": lambda verb, args: Key(verb, int(args[0]))}, Key)


def test_a_bare_verb_and_a_verb_with_its_argument_read_back():
    assert READER.read("end") == Key("end") and READER.read("go:3") == Key("go", 3)


@pytest.mark.parametrize("text", ["go", "stop", "end:1", "go:x", "go:03", "go:"])
def test_text_no_option_could_have_is_refused_naming_the_game(text):
    """A verb alone that needs an argument, an unknown verb, an argument a bare verb does not take, one its
    reader cannot read, and one that would print as another text ('go:03' reads as 3, written 'go:3')."""
    with pytest.raises(ValueError, match=f"not a Toy key: {text!r}"):
        READER.read(text)
