"""determinize (issue 17): a sample of the hidden things that the deciding seat cannot tell from the real state.

For positions reached by seeded play, in several options: the seat's view of a sample equals its view of the
real state, the sample decides the same way and plays on legally to its end, the sample depends on the view
only (a sample of a sample is the sample of the real state, drawn from the same rng), and each hidden thing
is redrawn: it takes more than one value across 50 samples wherever it could.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from engines import registry
from engines.core import autoplay, search
from engines.core.rng import Rng
from tests.tools.breadth import breadth

# game id -> the options of the runs whose positions are checked
RUNS: dict[str, list[dict[str, str]]] = {
    "escape-of-the-dead": [{}, {"roll_order": "choose", "barricade": "6"}],
    "final-girl": [
        {},
        {"girl": "cassie", "finale": "epic", "dark_power": "epic", "bonus_items": "on"},
        {"mode": "extreme"},
    ],
    "slaughterhouse": [{}]
    + [{"scenario": sc, "trespassers": n} for sc, n in (("b", "3"), ("c", "4"), ("d", "2"), ("e", "4"))],
}
SEEDS = range(4)
CUTS = 6  # positions per run, spread over its length
ROLLOUTS = breadth(1, 3)
"""Of the three samples at each position, how many play on to their end (each is checked at the position all
the same): the rollouts were most of this file's time."""


_KEYS: dict[tuple[str, str, int], tuple[str, ...]] = {}
"""Each seeded game's keys, by (game, options as JSON, seed), as collection played them."""


def _whole(gid: str, options: dict[str, str], seed: int) -> tuple[str, ...]:
    """The keys of the seeded game a position is cut from."""
    return tuple(autoplay.play(registry.get(gid), seed, options=options).keys)


def _positions(gid: str):
    """Each position before one of a seeded game's decisions (a key was chosen there, so the replay of the
    keys before it waits on a decision: `_at` asserts it). Replaying them here, at collection, cost every
    xdist worker seconds."""
    for options in RUNS[gid]:
        for seed in SEEDS:
            keys = _KEYS[(gid, json.dumps(options, sort_keys=True), seed)] = _whole(gid, options, seed)
            for cut in range(0, len(keys), max(1, len(keys) // CUTS)):
                yield pytest.param(gid, options, seed, list(keys[:cut]), id=f"{gid}-{options}-{seed}-{cut}")


POSITIONS = [p for gid in RUNS for p in _positions(gid)]


@cache
def _replayed(gid: str, options: str, seed: int, keys: tuple[str, ...]) -> dict[int, Any]:
    """The state before each cut of one seeded game, from one replay of its keys (a replay from the start for
    each position was a third of this file's time): {cut: state}, copied out by `_at`."""
    game = registry.get(gid)
    cuts = set(range(0, len(keys), max(1, len(keys) // CUTS)))
    state, _ = game.setup(seed, json.loads(options))
    out = {}
    for n, key in enumerate(keys):
        if n in cuts:
            out[n] = search.clone(state)
        game.apply(state, key)
    return out


def _state(gid: str, options: dict[str, str], seed: int, keys: list[str]) -> Any:
    """A copy of the state after `keys`, a prefix of the seeded game's keys (as the replay of them gives)."""
    whole = _KEYS[(gid, json.dumps(options, sort_keys=True), seed)]
    assert tuple(keys) == whole[: len(keys)]
    return search.clone(_replayed(gid, json.dumps(options, sort_keys=True), seed, whole)[len(keys)])


def _at(gid: str, options: dict[str, str], seed: int, keys: list[str]):
    game = registry.get(gid)
    state = _state(gid, options, seed, keys)
    decision = game.decision(state)
    assert decision is not None
    return game, state, decision, search.hidden_of(game)


@pytest.mark.parametrize(("gid", "options", "seed", "keys"), POSITIONS)
def test_a_sample_looks_the_same_to_the_seat_and_plays_on_to_its_end(gid, options, seed, keys):
    game, state, decision, hidden = _at(gid, options, seed, keys)
    before = search.clone(state)
    for i in range(3):
        sample = hidden.determinize(state, decision.seat, Rng.from_seed(100 + i))
        assert game.view(sample, decision.seat) == game.view(state, decision.seat)
        assert game.decision(sample) == decision
        assert game.invariants(sample) == []
        if i >= ROLLOUTS:
            continue
        assert search.rollout(game, sample, Rng.from_seed(i)) is not None
        assert game.outcome(sample) is not None
        assert game.invariants(sample) == []
    assert state == before, "determinize must not touch the real state"


@pytest.mark.parametrize(("gid", "options", "seed", "keys"), POSITIONS[::3])
def test_a_sample_depends_on_the_view_only(gid, options, seed, keys):
    """The real state's hidden order never reaches a sample: a sample of a sample (the same view, other
    hidden things) is the very sample of the real state, for the same rng."""
    _game, state, decision, hidden = _at(gid, options, seed, keys)
    other = hidden.determinize(state, decision.seat, Rng.from_seed(1))
    for i in range(3):
        a = hidden.determinize(state, decision.seat, Rng.from_seed(50 + i))
        b = hidden.determinize(other, decision.seat, Rng.from_seed(50 + i))
        assert a == b


# -- each hidden thing is redrawn ------------------------------------------------------------------------

Probe = Callable[[Any, str], Any]
"""(state, seat) -> one hidden thing, or None where it is not hidden at this position."""


def _top(name: str) -> Probe:
    def probe(s: Any, seat: str) -> Any:
        pile = getattr(s, name)
        return pile[-1] if len(set(pile)) > 1 else None

    return probe


def _dice(s: Any, seat: str) -> Any:
    return s.rng.state


def _fg_terror(s: Any, seat: str) -> Any:
    return s.terror.draw_pile[-1] if len(s.terror.draw_pile) > 1 else None


def _fg_finale(s: Any, seat: str) -> Any:
    return None if s.finale_revealed else s.finale


def _fg_power(s: Any, seat: str) -> Any:
    return None if s.dark_power_revealed or s.epic else s.dark_power


def _fg_token(s: Any, seat: str) -> Any:
    return None if s.fg_white else s.fg_token


def _fg_item(s: Any, seat: str) -> Any:
    piles = [p for _, p in sorted(s.item_decks.items()) if len(p) > 1 and p[0] not in s.items_down]
    return piles[0][0] if piles else None


def _tcm_hand(s: Any, seat: str) -> Any:
    return tuple(sorted(s.hand)) if seat == "trespassers" and s.hand else None


def _tcm_desperation(s: Any, seat: str) -> Any:
    held = [tuple(t.desperation) for t in s.trespassers if t.desperation]
    return held[0] if seat == "sawyer" and held else None


def _tcm_items(s: Any, seat: str) -> Any:
    down = s.item_decks["down"]
    return down[-1] if len(set(down + s.item_decks["up"])) > 1 and down else None


def _tcm_horror(s: Any, seat: str) -> Any:
    return s.horror[min(s.horror)] if seat == "trespassers" and s.horror else None


def _tcm_vehicle(s: Any, seat: str) -> Any:
    down = [v for v in sorted(s.vehicles) if v not in s.vehicles_up]
    return s.vehicles[down[0]] if down else None


PROBES: dict[str, dict[str, Probe]] = {
    "escape-of-the-dead": {"the dice": _dice},
    "final-girl": {
        "the dice": _dice,
        "the Terror deck's top": _fg_terror,
        "the Finale": _fg_finale,
        "the Dark Power": _fg_power,
        "her Final Health token": _fg_token,
        "the Event deck's top": _top("event_deck"),
        "the Victim Death Trap deck's top": _top("victim_trap_deck"),
        "an Item pile's bottom": _fg_item,
    },
    "slaughterhouse": {
        "the dice": _dice,
        "the Sawyer deck's top": _top("sawyer_deck"),
        "the family's hand": _tcm_hand,
        "the Desperation cards held": _tcm_desperation,
        "the Injury deck's top": _top("injury_deck"),
        "the Downstairs pile's top": _tcm_items,
        "a face-down Horror tile": _tcm_horror,
        "a face-down Vehicle": _tcm_vehicle,
    },
}
SAMPLES = 50


def _could_vary(gid: str, name: str, state: Any, seat: str) -> bool:
    """Whether the thing has more than one possible value here (a pool of one card cannot vary)."""
    if gid == "final-girl" and name == "the Finale":
        from engines.final_girl import data as D

        epic = bool(D.FINALES[state.finale].get("epic"))
        return sum(bool(v.get("epic")) == epic for v in D.FINALES.values()) > 1
    if gid == "slaughterhouse" and name == "a face-down Vehicle":
        from engines.slaughterhouse import data as D

        down = [state.vehicles[v] for v in state.vehicles if v not in state.vehicles_up]
        fixed = [c for c in down if c in D.SCENARIOS[state.scenario]["vehicles"]]
        return len(down) > 1 or (not fixed and bool(state.vehicle_box))
    return True


@pytest.mark.parametrize("gid", list(PROBES))
def test_each_hidden_thing_varies_across_samples(gid):
    game = registry.get(gid)
    hidden = search.hidden_of(game)
    seen: dict[str, int] = {}
    for param in POSITIONS:
        pgid, options, seed, keys = param.values
        if pgid != gid:
            continue
        state = _state(gid, options, seed, keys)
        seat = game.decision(state).seat
        samples = [hidden.determinize(state, seat, Rng.from_seed(i)) for i in range(SAMPLES)]
        for name, probe in PROBES[gid].items():
            if probe(state, seat) is None or not _could_vary(gid, name, state, seat):
                continue
            values = [probe(s, seat) for s in samples]
            assert len(set(values)) > 1, f"{name} never changes across {SAMPLES} samples ({pgid} seed {seed})"
            top = max(values.count(v) for v in set(values))
            assert top < SAMPLES * 0.9, f"{name} is the same in {top} of {SAMPLES} samples"
            seen[name] = seen.get(name, 0) + 1
    assert set(seen) == set(PROBES[gid]), f"never checked: {set(PROBES[gid]) - set(seen)}"
