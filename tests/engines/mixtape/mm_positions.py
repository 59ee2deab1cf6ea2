"""Hand-made Director's Cut positions for rule tests: a game past setup, pieces placed, dice loaded."""

from __future__ import annotations

from engines.core.autoplay import policy_rng
from engines.core.rng import Rng
from engines.mixtape.directors_cut import GAME
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import State

B = R.BOARD
KNIFE, FIST, PENT = 0, 2, 4  # indices into the action die's faces


class LoadedRng:
    """Gives the queued numbers to below()/d6s() first, then falls back to a real seeded RNG."""

    def __init__(self, values: list[int], seed: int = 1):
        self.values = list(values)
        self.real = Rng.from_seed(seed)

    def below(self, n: int) -> int:
        if self.values:
            v = self.values.pop(0)
            assert 0 <= v < n, (v, n)
            return v
        return self.real.below(n)

    def d6(self) -> int:
        return self.below(6) + 1

    def d6s(self, n: int) -> list[int]:
        return [self.d6() for _ in range(n)]

    def shuffle(self, items: list) -> None:
        self.real.shuffle(items)


def started(seed: int = 0, **options: str) -> State:
    """A game played by the heuristic up to the first slasher's first decision after setup."""
    state, _ = GAME.setup(seed, options)
    n = 0
    while state.phase in ("start_point", "lock"):
        d = GAME.decision(state)
        GAME.apply(state, GAME.policies["heuristic"](GAME.view(state, d.seat), d, policy_rng(seed, n)))
        n += 1
    return state


def clear_board(state: State) -> None:
    """Every marker to the bank and every lock off, so a test sets up only what it needs."""
    for held in state.markers.values():
        state.bank.extend(held)
        held.clear()
    state.lock_bank += len(state.locks)
    state.locks.clear()


def put_marker(state: State, loc: str, runner: bool = False) -> str:
    """Move one souvenir (or Runner) token from the bank onto a location."""
    token = next(t for t in state.bank if R.is_runner(t) == runner)
    state.bank.remove(token)
    state.markers[loc].append(token)
    return token


def top_scene(state: State, card: str) -> None:
    state.scenes.draw_pile.remove(card)
    state.scenes.draw_pile.append(card)


def top_supply(state: State, card: str) -> None:
    state.supplies.draw_pile.remove(card)
    state.supplies.draw_pile.append(card)


def give(state: State, who: int, card: str) -> None:
    """Put a supply card from the deck into a slasher's inventory with its tracker tokens."""
    state.supplies.draw_pile.remove(card)
    state.slashers[who].supply = card
    state.slashers[who].trackers = R.supply(card).uses


def turn_of(state: State, who: int, at: str) -> None:
    """Make it `who`'s turn, standing at `at`, waiting at the start of the turn."""
    state.current = who
    state.slashers[who].at = at
    state.phase = "turn"
    state.spree = False


def park(state: State, who: int) -> None:
    """Put a slasher on a free starting point out of the way."""
    for p in reversed(B.starts):
        if not any(s.alive and s.at == p for s in state.slashers):
            state.slashers[who].at = p
            return


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def ready(seed: int = 0, **options: str) -> State:
    """A started game with an empty board, slasher 0 to play in Johnson's Farm (1 marker), others parked."""
    state = started(seed, **options)
    clear_board(state)
    for i in range(1, len(state.slashers)):
        park(state, i)
    for s in state.slashers:
        s.used = True  # Special Abilities out of the way unless a test gives one back
    turn_of(state, 0, "farm")
    return state
