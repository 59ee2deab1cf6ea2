"""Memos of positions: the bounded caches of what a game's positions give (a hand's options, a move's reach, a
seat's best spend), which fill as a run is played and searched and are of little use to the next run.

A process that plays many runs (the REPL: `new`, `load`, a lesson's real game) empties them when it takes up
another run, so that it stays near one run's memory: without it, a process that played 50 Tall Oaks games with
hints grew from 43 to 182 MB as the caches filled (bench/advice.py memory). Emptying them changes no result,
only what is computed again. Every cache of 512 entries or more is a memo, whatever it is keyed by (those of
the board's own distances too: they fill again within a run's first moves); the small caches of fixed tables
(a deck's content, the solver's table, dice faces) stay `functools.lru_cache`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from typing import TypeVar

T = TypeVar("T")

_MEMOS: list[_lru_cache_wrapper[object]] = []


def positions(maxsize: int) -> Callable[[Callable[..., T]], _lru_cache_wrapper[T]]:
    """`functools.lru_cache(maxsize)`, kept in the list that `forget` empties."""

    def wrap(fn: Callable[..., T]) -> _lru_cache_wrapper[T]:
        memo = lru_cache(maxsize=maxsize)(fn)
        _MEMOS.append(memo)
        return memo

    return wrap


def held() -> int:
    """How many entries the memos of positions hold now."""
    return sum(m.cache_info().currsize for m in _MEMOS)


def forget() -> int:
    """Empty every memo of positions of the engines imported so far; return how many entries they held."""
    n = held()
    for memo in _MEMOS:
        memo.cache_clear()
    return n


def memos() -> tuple[_lru_cache_wrapper[object], ...]:
    """Every memo of positions made so far, for the test that no large cache is left out."""
    return tuple(_MEMOS)
