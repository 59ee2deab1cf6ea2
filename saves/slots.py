"""Slot names: the file name of a save, so kept to characters that are safe on every file system."""

from __future__ import annotations

import re

from saves.text import escape, shorten

SLOT_PATTERN = r"[A-Za-z0-9_-]{1,64}"
"""A whole slot name must match this; it keeps slots out of other folders and off hidden names."""

MAX_SLOT = 64
_slot = re.compile(SLOT_PATTERN)
_RULE = "Slot names use letters, digits, '-' and '_' (1 to 64 characters)"


class SlotError(ValueError):
    """A slot name that cannot be used; the message is one line and says what is allowed."""


def is_slot_char(ch: str) -> bool:
    """Whether one character may appear in a slot name."""
    return ch.isascii() and (ch.isalnum() or ch in "-_")


def validate_slot(name: str) -> str:
    """Return the name unchanged if it is a usable slot, else raise SlotError explaining why."""
    if isinstance(name, str) and _slot.fullmatch(name):
        return name
    raise SlotError(f"{_RULE}; {_why(name)}.")


def _why(name: object) -> str:
    if not isinstance(name, str):
        return f"got {type(name).__name__}, not text"
    if not name:
        return "the name is empty"
    bad = list(dict.fromkeys(ch for ch in name if not is_slot_char(ch)))
    if not bad:
        return f"'{name[:24]}…' is {len(name)} characters long"
    shown = f"'{shorten(name)}'"
    listed = [f"'{escape(ch)}'" for ch in bad[:6]]
    if len(bad) > 6:
        listed.append(f"{len(bad) - 6} more")
    joined = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
    return f"{shown} has {joined}"
