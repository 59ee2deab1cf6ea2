"""A small seeded RNG (PCG32) whose whole state is one integer, so it lives inside a game's State.

Python's own `random.Random` keeps a 625-word state that is awkward to store in JSON; PCG32 keeps a single
64-bit integer, is fast enough in pure Python, and gives the same numbers on every platform.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")
_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407  # a fixed odd stream constant
_D6_LIMIT = (1 << 32) - ((1 << 32) % 6)  # below() rejects draws at or above this for n = 6


def splitmix64(x: int) -> int:
    """Scramble an integer into a well-mixed 64-bit value (for seeding)."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def derive_seed(seed: int, label: str) -> int:
    """A seed for a separate stream (a policy, a simulation game) that does not disturb the game's own RNG."""
    return splitmix64((seed & _MASK64) ^ zlib.crc32(label.encode()))


class Rng(msgspec.Struct):
    """PCG32 (XSH RR). `state` is the only field, so saving a game saves its future dice."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(state=splitmix64(seed & _MASK64))

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + _INC) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if not 0 < n <= 1 << 32:
            raise ValueError(f"below() needs 0 < n <= 2**32, got {n}")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            x = self.next_u32()
            if x < limit:
                return x % n

    def d6(self) -> int:
        return self.below(6) + 1

    def d6s(self, n: int) -> list[int]:
        """n six-sided dice: the same numbers as n calls of d6(), inlined because simulations roll millions."""
        out: list[int] = []
        state = self.state
        while len(out) < n:
            old = state
            state = (old * _MULT + _INC) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            x = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            if x < _D6_LIMIT:
                out.append(x % 6 + 1)
        self.state = state
        return out

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
