"""Director's Cut's choice keys, built and read back here only (the strings are what saves hold, unchanged).

A key is a verb and an argument (engines.mixtape.keys.Key): "go:<node>", "spend:<tokens>", "brawl:<seat>"...;
the start-of-turn and yes/no choices are bare verbs ("roll", "scene", "enter", "redraw").
"""

from __future__ import annotations

from engines.mixtape.keys import Key, join

__all__ = ["Key", "brawl", "go", "lock", "rise", "run", "spend", "spent", "start", "swap", "to"]


def start(point: str) -> str:
    return join("start", point)


def lock(entrance: str) -> str:
    return join("lock", entrance)


def go(node: str) -> str:
    return join("go", node)


def spend(tokens: int) -> str:
    return join("spend", tokens)


def spent(key: str) -> int:
    """How many tokens a spend key spends."""
    return int(Key.parse(key).arg)


def run(location: str) -> str:
    return join("run", location)


def to(location: str) -> str:
    return join("to", location)


def swap(seat: str) -> str:
    return join("swap", seat)


def brawl(seat: str) -> str:
    return join("brawl", seat)


def rise(location: str) -> str:
    return join("rise", location)
