"""The machine's other cores for the race's playouts (engines.core.race.Playouts), so the hard automa and the
hint answer sooner in wall time; the CPU they spend is the same, and so is every figure and choice (a playout is a
pure function of the state, the sample's index and the option).

Each round of a race, its playouts are split into one contiguous share per worker; a worker decodes the state
(once per state: rounds of one race send the same bytes), draws the samples it needs as the race would, and
plays its share. The workers are forked when the REPL starts a run whose automa searches (`start`), before it
has any thread, with Ctrl-C blocked until they ignore it: the REPL alone gets Ctrl-C and stops waiting, and a
worker still busy finishes its share and is idle again. Should a worker die, the playouts are played here.
"""

from __future__ import annotations

import hashlib
import os
import signal
from typing import Any

import msgspec

from engines.core.contract import Game
from engines.core.race import Played, Samples, play_here

_HERE: dict[str, Any] = {"digest": None, "samples": None}
"""A worker's current state's samples (one state at a time: a race's rounds all send the same)."""


def _quiet() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _share(game_id: str, blob: bytes, seat: str, base: int, jobs: list[tuple[str, int]]) -> list[Played]:
    """A worker's share of a round."""
    from engines.registry import get

    digest = (hashlib.blake2b(blob, digest_size=16).digest(), seat, base)
    if _HERE["digest"] != digest:
        game = get(game_id)
        state: Any = msgspec.msgpack.decode(blob, type=game.state_type)
        _HERE["digest"], _HERE["samples"] = digest, Samples(game, state, seat, base)
    samples: Samples = _HERE["samples"]
    return [samples.play(key, i) for key, i in jobs]


def context_for_workers() -> Any:
    """How to start worker processes: fork while this process has only its main thread (fast, and they start
    with its signal mask), else spawn."""
    import multiprocessing
    import threading

    safe = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    return multiprocessing.get_context("fork" if safe else "spawn")


def usable() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


class Cores:
    """Playouts on `workers` processes (engines.core.race.Playouts). Made lazily, closed with `close`."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or usable()
        self._pool: Any = None

    def __call__(self, game: Game, state: Any, seat: str, base: int, jobs: list[tuple[str, int]]) -> list[Played]:
        if self._pool is None or len(jobs) < 2:
            return play_here(game, state, seat, base, jobs)
        from concurrent.futures.process import BrokenProcessPool

        blob = msgspec.msgpack.encode(state)
        size = -(-len(jobs) // self.workers)
        shares = [jobs[at : at + size] for at in range(0, len(jobs), size)]
        try:
            futures = [self._pool.submit(_share, game.id, blob, seat, base, share) for share in shares]
            out: list[Played] = []
            for future in futures:
                out += [Played(*p) for p in future.result()]
            return out
        except BrokenProcessPool:  # a worker died (killed from outside): go on without them
            self.close()
            return play_here(game, state, seat, base, jobs)

    def start(self) -> bool:
        """Start the workers now, each deaf to Ctrl-C: forked while this process has no thread yet (they are
        deaf from their first instruction), else spawned (forking a process with threads is unsafe). False, and
        the playouts stay here, on a machine with one core."""
        if self._pool is not None:
            return True
        if self.workers < 2:
            return False
        from concurrent.futures import ProcessPoolExecutor, wait

        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            context = context_for_workers()
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_quiet)
            wait([self._pool.submit(_quiet) for _ in range(self.workers)])  # every worker forked and deaf
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        return True

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
