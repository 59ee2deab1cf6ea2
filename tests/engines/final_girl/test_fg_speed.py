"""The speed work changes nothing a player sees: memoised options and lookups never go stale, and the shortcuts
give what the plain code gave."""

from __future__ import annotations

import importlib
import pkgutil

from hypothesis import given, settings
from hypothesis import strategies as st

import engines.final_girl
from engines.core.autoplay import policy_rng
from engines.final_girl import GAME
from engines.final_girl import data as D
from engines.final_girl import policies as P
from engines.final_girl.cards import first_card
from engines.final_girl.machine import emit, ev
from engines.final_girl.planning import can_buy, planning_options

_MODULES = [
    importlib.import_module(m.name)
    for m in pkgutil.iter_modules(engines.final_girl.__path__, "engines.final_girl.")
]
_CACHED = list(
    {
        id(f): f for m in _MODULES for f in vars(m).values() if callable(getattr(f, "cache_clear", None))
    }.values()
)
"""Every memoised function of the engine (found, not listed, so a new cache is covered as soon as it exists)."""


def _forget() -> None:
    for f in _CACHED:
        f.cache_clear()


def test_the_engine_has_the_caches_this_file_empties():
    names = {f.__name__ for f in _CACHED}
    assert {"_play_with", "_play_toward", "_task_option", "_move_choices", "_converts", "_buys"} <= names
    assert {"_held_layout", "_action_sort", "_move_key", "_parse"} <= names


def _record(forget_each_time: bool) -> list:
    """Every decision and the advice for it along seeded games (both girls, both modes, ties asked)."""
    seen = []
    for seed in range(12):
        girl = "cassie" if seed % 2 else "mandy"
        mode = "extreme" if seed % 3 == 0 else "normal"
        options = {"girl": girl, "mode": mode, "ties": "ask", "bonus_items": "on" if seed % 4 == 1 else "off"}
        state, _ = GAME.setup(seed, options)
        policy = GAME.policies["random" if seed % 4 == 3 else "heuristic"]
        n = 0
        while True:
            if forget_each_time:
                _forget()
            decision = GAME.decision(state)
            if decision is None:
                break
            view = GAME.view(state)
            seen.append((seed, n, decision, P.advise(view, decision)))
            GAME.apply(state, policy(view, decision, policy_rng(seed, n)), decision)
            n += 1
    return seen


def test_memoised_options_and_advice_never_go_stale():
    """The options and advice built with caches filled over many earlier positions and games equal those
    built with every cache emptied before each decision."""
    _forget()
    warm = _record(forget_each_time=False)
    cold = _record(forget_each_time=True)
    assert len(warm) > 1000 and any(d.kind == "move" for _, _, d, _ in warm)
    for got, want in zip(warm, cold, strict=True):
        assert got == want, got[:2]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(D.action_ids()), unique=True), st.sampled_from(sorted(D.ACTIONS)))
def test_first_card_is_the_lowest_numbered_copy_as_before(cards, kind):
    """`first_card` walks the copies in id order; the plain rule is the least id of that kind in the pile."""
    copies = [c for c in cards if D.KIND[c] == kind]
    assert first_card(cards, kind) == (min(copies) if copies else None)


def test_the_view_is_a_copy_the_game_does_not_change_under_it():
    """A View keeps what it showed after the game moves on (its lists are copies, not the state's own)."""
    state, _ = GAME.setup(3, {})
    view = GAME.view(state)
    hand, tableau, locked = list(view.hand), list(view.tableau), list(view.locked)
    decision = GAME.decision(state)
    GAME.apply(state, P.heuristic_policy(view, decision, policy_rng(3, 0)), decision)
    state.hand.append("walk-1")
    state.tableau.clear()
    state.locked.clear()
    assert view.hand == hand and view.tableau == tableau and view.locked == locked


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(D.action_ids()), unique=True),
    st.integers(D.RULES["time_floor"], D.RULES["time_max"]),
    st.integers(0, D.RULES["hand_limit"]),
)
def test_can_buy_is_whether_planning_offers_more_than_finishing(tableau, time, held):
    """`can_buy` reads a table of what each Time affords; the plain rule is the options Planning lists."""
    state, _ = GAME.setup(0, {})
    state.tableau, state.time, state.hand = tableau, time, ["walk-1"] * held
    assert can_buy(state) == (len(planning_options(state)) > 1)


def test_emit_makes_the_event_ev_makes():
    """The frequent events are made with `emit` (facts as a dict), the rest with `ev` (facts as keywords)."""
    state, _ = GAME.setup(0, {})
    by_ev: list = []
    by_emit: list = []
    ev(state, by_ev, "time_changed", amount=-2, time=4)
    emit(state, by_emit, "time_changed", {"amount": -2, "time": 4})
    assert by_ev == by_emit
