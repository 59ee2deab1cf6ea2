"""The keys of Escape of the Dead's choices, built and read here only, so no other code slices a key string.

Saves hold these strings, so their spelling never changes: `alloc:L-B-G` (dice on the Lawn, the Barricade and
the Garage), `roll:SECTION` or `roll:all`, and `reward:LETTER`.
"""

from __future__ import annotations

Split = tuple[int, int, int]
"""Dice placed on the Lawn, the Barricade and the Garage."""

_SPLIT = "alloc:"
_ROLL = "roll:"
_REWARD = "reward:"
ROLL_ALL = "roll:all"


def split_key(split: Split) -> str:
    return "{}{}-{}-{}".format(_SPLIT, *split)


def split_of(key: str) -> Split | None:
    """The dice of a split's key ('alloc:2-1-1' -> (2, 1, 1)); None for any other key."""
    if not key.startswith(_SPLIT):
        return None
    parts = key[len(_SPLIT) :].split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    return int(parts[0]), int(parts[1]), int(parts[2])


def roll_key(section: str) -> str:
    return _ROLL + section


def section_of(key: str) -> str | None:
    """The section a roll key names ('roll:lawn' -> 'lawn'); None for `roll:all` and any other key."""
    if key == ROLL_ALL or not key.startswith(_ROLL):
        return None
    return key[len(_ROLL) :]


def reward_key(letter: str) -> str:
    return _REWARD + letter


def letter_of(key: str) -> str | None:
    """The letter of a reward's key ('reward:b' -> 'b'); None for any other key."""
    return key[len(_REWARD) :] if key.startswith(_REWARD) else None
