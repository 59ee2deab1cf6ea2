"""The engine contract: the one small surface every game exposes.

The REPL, the automa, `hint`, `odds`, the simulator and the tests all drive the same `decision`/`apply`
pair, so there is exactly one path through the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeAlias, TypeVar

import msgspec

from engines.core.decks import DEAL
from engines.core.events import Event
from engines.core.rng import Rng


class IllegalMove(ValueError):
    """A key that is not legal now. The message says why, in words a player understands."""


# gc=False on Option, Decision and Hint (and on every game's View): immutable records that hold only strings,
# numbers and containers of them, so never part of a reference cycle; left untracked, the many a rollout makes
# do not trigger or lengthen garbage collections.
class Option(msgspec.Struct, frozen=True, gc=False):
    """One legal choice: a stable key, a short label, and other words the player may type for it."""

    key: str
    label: str
    aliases: tuple[str, ...] = ()


class Decision(msgspec.Struct, frozen=True, gc=False):
    """Who must decide now, what is asked, and the finite list of legal options."""

    seat: str
    kind: str
    prompt: str
    options: tuple[Option, ...]

    def keys(self) -> list[str]:
        return [o.key for o in self.options]

    def option(self, key: str) -> Option | None:
        for o in self.options:
            if o.key == key:
                return o
        return None


class Ending(msgspec.Struct, frozen=True, gc=False):
    """What a choice ends when it ends a phase or a turn (a game's optional `ending(state, key)`), so the table
    can refuse once an ending word that would throw one away untouched, or that answers a question which
    changed under the player. It changes no play: the choice stays legal and does what it always did."""

    scope: str  # what it ends, in words: "the Action phase", "Yellow's turn", "your turn"
    left: str = ""  # what is still there to do or spend, said after "with": "6 Time to spend", "4 actions left"
    untouched: bool = False  # nothing done in it yet: ending it throws the whole of it away


class Outcome(msgspec.Struct, frozen=True):
    """How a finished game ended: a word for it ('won', 'lost', 'draw'), the seats that won, and why.

    Whether the person won is whether their seat is among `winners`; `result` is only the game's word."""

    result: str
    winners: tuple[str, ...]
    reason: str


class Seat(msgspec.Struct, frozen=True):
    id: str
    name: str
    description: str


class GameOption(msgspec.Struct, frozen=True):
    """A setting chosen when a run starts (`-o name=value`)."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str


class Hint(msgspec.Struct, frozen=True, gc=False):
    """Advice for a decision: the suggested key and a one-line reason."""

    key: str
    reason: str


Policy = Callable[[Any, Decision, Rng], str]
"""An automa policy: (the seat's view, the decision, the policy's own RNG) -> a legal key."""

V = TypeVar("V")
"""A game's view type, in a policy's signature."""
PolicyOf = Callable[[V, Decision, Rng], str]
"""A policy of one game, typed by its view: each game's `POLICIES` table says `dict[str, PolicyOf[View]]`, so mypy
checks every policy in it against the view the game hands it."""


S = TypeVar("S")
"""A game's state type."""
V_co = TypeVar("V_co", covariant=True)
"""A game's view type (only ever returned)."""


class GameOf(Protocol[S, V_co]):
    """What a game module exposes, for its state type S and view type V. Each game.py ends with
    `_check: GameOf[State, View] = GAME`, so mypy checks every method against its own types; code that serves
    every game takes a `Game`. See docs/ARCHITECTURE.md."""

    # Read-only members: a game declares them as class attributes, and a protocol's plain attribute would
    # demand they be settable (so a tuple of two seats would not match `tuple[Seat, ...]`).
    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def rules_version(self) -> str: ...
    @property
    def seats(self) -> tuple[Seat, ...]: ...
    @property
    def person_seats(self) -> tuple[str, ...]: ...
    @property
    def options(self) -> tuple[GameOption, ...]: ...
    @property
    def state_type(self) -> type: ...
    @property
    def policies(self) -> Mapping[str, Policy]: ...
    @property
    def default_policy(self) -> str: ...

    def setup(self, seed: int, options: Mapping[str, str]) -> tuple[S, list[Event]]:
        """The opening. A game that deals cards also reads `options[DEAL]` (engines/core/decks.py), which the
        application records in every run; without it the game deals its newest edition."""
        ...
    def decision(self, state: S) -> Decision | None: ...
    def apply(self, state: S, key: str, decision: Decision | None = None) -> list[Event]:
        """`decision`, when given, must be decision(state) just computed: it spares listing the options twice."""
        ...

    def outcome(self, state: S) -> Outcome | None: ...
    def view(self, state: S, seat: str) -> V_co: ...
    def turn(self, state: S) -> int: ...
    def hint(self, state: S) -> Hint | None: ...
    def invariants(self, state: S) -> list[str]: ...

    # The search's surface (engines/core/search.py), from each game's determinize.py.
    def determinize(self, state: S, seat: str, rng: Rng) -> S:
        """A complete state consistent with all `seat` has seen, every hidden thing redrawn from `rng`."""
        ...

    def facts(self, state: S, seat: str) -> dict[str, float]:
        """What the end of a playout says for `seat`, as named numbers a hint may quote."""
        ...

    def value(self, state: S, seat: str) -> float | None:
        """The seat's count goal at the end (Trespassers escaped, souvenirs), or None where it has none."""
        ...


Game: TypeAlias = GameOf[Any, Any]
"""Any game: what code that serves every game (the REPL, the automa, the search, saves) takes."""


def seats_in_play(game: Game, options: Mapping[str, str]) -> tuple[str, ...]:
    """The seats a game set up with `options` has: every declared seat, but where the game's optional
    `playing(options)` says fewer (the Mixtape games seat the person and as many rivals as asked for)."""
    playing = getattr(game, "playing", None)
    given = {k: v for k, v in options.items() if k != DEAL}  # how the run was dealt seats no one
    return tuple(playing(resolve_options(game, given))) if playing else tuple(s.id for s in game.seats)


def resolve_options(game: Game, given: Mapping[str, str]) -> dict[str, str]:
    """Fill in defaults and check every given option against the game's declared choices."""
    known = {o.name: o for o in game.options}
    out = {o.name: o.default for o in game.options}
    for name, value in given.items():
        if name not in known:
            import difflib

            close = difflib.get_close_matches(name, list(known), n=1)
            hint = f" Did you mean '{close[0]}'?" if close else ""
            names = ", ".join(known) or "none"
            raise ValueError(f"{game.title} has no option '{name}'.{hint} Options: {names}.")
        spec = known[name]
        if value not in spec.choices:
            raise ValueError(f"Option '{name}' takes one of {', '.join(spec.choices)}; got '{value}'.")
        out[name] = value
    return out
