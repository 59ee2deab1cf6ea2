"""The turn machine: what is still to do is a queue of named steps in the state, and each name has one handler.

Every engine keeps its pending steps as plain data in its state (a list of step records, or a tag), so a save,
an undo and a copy for search see them like any other field. What runs a step is looked up in a table the game
fills explicitly with a decorator, one table per role:

    EFFECTS: Steps[[State, Step, list[Event]], None] = Steps("slaughterhouse effects")

    @EFFECTS.step("walk")
    def walk(state: State, step: Step, events: list[Event]) -> None: ...

    EFFECTS.run(step.kind, state, step, events)

A name with no handler is an error (`UnknownStep`), never a silent end of the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
"""What every handler of a table takes."""
R = TypeVar("R")
"""What every handler of a table returns."""


class UnknownStep(LookupError):
    """A step was queued that no handler in the table runs: a bug in the engine, never a player's mistake."""


class Steps(Generic[P, R]):
    """One table of step handlers: a step's name -> the function that carries it out. A table is declared with
    its handlers' signature (`Steps[[State, Step, list[Event]], None]`), so mypy refuses a handler that takes
    or returns anything else, and checks every call of `run`."""

    __slots__ = ("_handlers", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self._handlers: dict[str, Callable[P, R]] = {}

    def step(self, *kinds: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
        """Register the decorated function as the handler of each of `kinds`."""

        def register(fn: Callable[P, R]) -> Callable[P, R]:
            for kind in kinds:
                if kind in self._handlers:
                    raise ValueError(f"{self.name}: step '{kind}' has two handlers")
                self._handlers[kind] = fn
            return fn

        return register

    def handler(self, kind: str) -> Callable[P, R]:
        try:
            return self._handlers[kind]
        except KeyError:
            raise UnknownStep(f"{self.name}: no handler for step '{kind}'") from None

    if TYPE_CHECKING:

        def run(self, kind: str, *args: P.args, **kwargs: P.kwargs) -> R:
            """Carry out step `kind` with the handler's arguments, as the table's signature types them."""
            ...

    else:

        def run(self, kind, *args):
            """Carry out step `kind` with the handler's arguments (the lookup inlined, and no keyword packing: the
            turn machines run this for every step of every rollout)."""
            fn = self._handlers.get(kind)
            if fn is None:
                return self.handler(kind)(*args)  # raises UnknownStep
            return fn(*args)

    def __contains__(self, kind: object) -> bool:
        return kind in self._handlers

    def __iter__(self) -> Iterator[str]:
        return iter(self._handlers)

    def __len__(self) -> int:
        return len(self._handlers)
