"""Randomness for the rules, drawn only through an injected ``Chance``.

The server draws a secret seed per game and records only its SHA-256 commitment in ``GameCreated``.
Every outcome is derived from the seed with HMAC-SHA256 over a *context* (the game version the
decision is taken at) and a counter, so re-running ``decide`` with the revealed seed reproduces
every die and shuffle exactly (docs/architecture.md §5, provable randomness).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Chance(Protocol):
    """The only source of randomness ``decide`` may use."""

    def roll(self, sides: int) -> int:
        """A uniform integer in ``1..sides``."""
        ...

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """The items in a uniformly random order."""
        ...


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256 in hex."""
    return hashlib.sha256(seed).hexdigest()


class SeededChance:
    """Deterministic chance derived from a secret seed and a context string.

    ``below(n)`` uses rejection sampling on 64-bit draws, so every outcome is exactly uniform.
    """

    def __init__(self, seed: bytes, context: str) -> None:
        self._seed = seed
        self._context = context
        self._counter = 0

    def _draw64(self) -> int:
        message = f"{self._context}:{self._counter}".encode()
        self._counter += 1
        digest = hmac.new(self._seed, message, hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1``."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self._draw64()
            if value < limit:
                return value % n

    def roll(self, sides: int) -> int:
        return self.below(sides) + 1

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        # Fisher-Yates, drawing each swap index from the seed stream.
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return tuple(result)


class ScriptedChance:
    """Chance for tests: dice come from a script; shuffles keep the given order unless scripted.

    Running out of scripted dice is a test bug, so it raises rather than inventing a value.
    """

    def __init__(self, rolls: Sequence[int] = (), shuffles: Sequence[Sequence[int]] = ()) -> None:
        self._rolls = list(rolls)
        self._shuffles = [list(order) for order in shuffles]
        self.rolled: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        if not self._rolls:
            raise AssertionError(f"ScriptedChance: no scripted roll left for a d{sides}")
        value = self._rolls.pop(0)
        if not 1 <= value <= sides:
            raise AssertionError(f"ScriptedChance: {value} is not a d{sides} result")
        self.rolled.append((sides, value))
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        if not self._shuffles:
            return tuple(items)
        order = self._shuffles.pop(0)
        if sorted(order) != list(range(len(items))):
            raise AssertionError("ScriptedChance: a scripted shuffle must permute every index")
        return tuple(items[i] for i in order)

    @property
    def exhausted(self) -> bool:
        """True when every scripted roll has been used."""
        return not self._rolls
