"""Showing untrusted text (slot names, file names, field values) safely on one line of a terminal."""

from __future__ import annotations

from typing import Any


def escape(text: str) -> str:
    """Printable characters as they are, everything else as a repr-style escape.

    Control characters, line separators and bidi overrides could break or forge the message a
    person reads, so none of them reach the terminal raw. Backslashes stay single: Windows paths
    must read naturally.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def shorten(text: str, limit: int = 40) -> str:
    """Escaped text cut to about limit characters, so one bad value cannot flood a message."""
    shown = escape(text)
    if len(shown) <= limit:
        return shown
    return f"{shown[: limit - 1]}… ({len(text)} characters)"


def show(value: Any, limit: int = 40) -> str:
    """A short, single-line, quoted picture of any JSON value for a message."""
    if isinstance(value, str):
        return f"'{shorten(value, limit)}'"
    return shorten(repr(value), limit)
