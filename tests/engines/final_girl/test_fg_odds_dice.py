"""The odds count the dice the engine rolls: at every decision where odds are offered, the dice they are worked
out for are the dice of the roll that follows (read from its event), for both girls, both modes, both policies."""

from __future__ import annotations

import copy
import itertools

import pytest

from engines.core.autoplay import policy_rng
from engines.final_girl import GAME
from engines.final_girl import data as D
from engines.final_girl.board import victims_at
from engines.final_girl.keys import Key
from engines.final_girl.odds import card_odds, choice_odds, panic_destinations
from engines.final_girl.state import State, Victim
from engines.final_girl.victims import panic_all, panic_dice

CONFIGS = list(itertools.product(("mandy", "cassie"), ("normal", "extreme"), ("heuristic", "random")))
SEEDS = range(3)
EVERY = 4
"""Every option offered is tried on a copy of the game at every EVERY-th decision; the chosen one at all."""


def _rolled(events: list) -> list[int] | None:
    """The dice of the first Horror Roll (or Close Call re-roll) among these events."""
    for e in events:
        if e.kind in ("horror_roll", "close_call"):
            return list(e.facts["dice"])
    return None


def _odds_dice(state: State, key: str) -> int | None:
    """The dice the odds for this choice are worked out for, or None where no odds are offered."""
    found = card_odds(state, key)
    if found is not None:
        return found[1]
    k = Key.parse(key)
    if state.roll and k.verb == "closecall" and choice_odds(state, key) is not None:
        return len(state.roll["dice"]) if k.every else 1
    return None


def _check(state: State, key: str, expected: int) -> None:
    before = copy.deepcopy(state.roll)
    events = GAME.apply(state, key)
    dice = _rolled(events)
    assert dice is not None, key
    if Key.parse(key).verb == "closecall" and not Key.parse(key).every:
        # one die re-rolled: the others stand, and the event shows them all
        assert len(dice) == len(before["dice"]) and expected == 1, key
    else:
        assert len(dice) == expected, (key, dice)


def _check_panics(events: list) -> None:
    """Each Victim that panics alone rolls the dice the panic odds count for its space, and the Supervisor's
    group in The Pit the dice its tie settled (the odds of `pit:N` are for N dice)."""
    settled = None
    for e in events:
        if e.kind == "victim_panics":
            assert len(e.facts["dice"]) == panic_dice(e.facts["space"]), e
        elif e.kind == "pit_dice":
            settled = e.facts["count"]
        elif e.kind == "group_panics" and e.facts["space"] == D.PIT:
            assert settled is not None and len(e.facts["dice"]) == settled, e


@pytest.mark.parametrize(("girl", "mode", "policy"), CONFIGS)
def test_the_odds_count_the_dice_the_engine_rolls(girl, mode, policy):
    checked = 0
    for seed in SEEDS:
        state, events = GAME.setup(seed, {"girl": girl, "mode": mode, "ties": "ask"})
        _check_panics(events)
        play = GAME.policies[policy]
        n = 0
        while (decision := GAME.decision(state)) is not None and n < 2000:
            keys = [o.key for o in decision.options]
            if n % EVERY == 0:
                for key in keys:
                    expected = _odds_dice(state, key)
                    if expected is not None:
                        _check(copy.deepcopy(state), key, expected)
                        checked += 1
            chosen = play(GAME.view(state), decision, policy_rng(seed, n))
            expected = _odds_dice(state, chosen)
            if expected is not None:
                trial = copy.deepcopy(state)
                _check(trial, chosen, expected)
                checked += 1
            events = GAME.apply(state, chosen, decision)
            _check_panics(events)
            n += 1
    assert checked > 20


def test_the_pit_odds_count_the_dice_the_supervisors_group_rolls():
    """The Supervisor's group in The Pit (rare in play, so staged): each choice's odds are for its dice
    (`odds.panic_destinations(D.PIT, n)`), and the group rolls exactly that many."""
    for mode in ("ask", "infinite-evil", "abject-realism", "never-ending-hilarity"):
        state, _ = GAME.setup(0, {"ties": mode})
        state.victims = [Victim(90, D.PIT, special="supervisor"), Victim(91, D.PIT)]
        state.traps, state.ask = [], {}
        events: list = []
        panic_all(state, victims_at(state, D.PIT), events)
        if mode == "ask":
            assert state.ask["kind"] == "pit_dice"
            for o in GAME.decision(state).options:
                n = Key.parse(o.key).number
                assert sum(panic_destinations(D.PIT, n).values()) == 1
                rolled = GAME.apply(copy.deepcopy(state), o.key)
                assert [len(e.facts["dice"]) for e in rolled if e.kind == "group_panics"] == [n], o.key
        else:
            _check_panics(events)
            assert any(e.kind == "group_panics" for e in events)
