"""Final Girl: the odds' outcome classes are what the engine then does (the dice counts are checked in
test_fg_odds_dice.py).

Seeded games for both girls, both modes, both policies. At every decision whose choice the odds cover:

- a card played (`odds.card_odds`): the line the odds read for the dice the Horror Roll then shows
  (`odds.line_of`: fail, one, two+) has a chance in the odds as rolled, and is the line the engine resolves
  when nothing changes the roll (at once, or on accepting it);
- a choice at the pending roll (`odds.choice_odds`): accepting or converting reaches the line the odds say for
  certain; a Close Call reaches the line the odds read for the dice it re-rolled (`odds.after_closecall`, or
  `odds.line_of` for every die), which the odds give a chance;
- every panic: the space the odds read for the very dice rolled (`odds.panic_dst`) is where the engine sends the
  Victims, and the odds give it a chance (`odds.panic_destinations`).
"""

from __future__ import annotations

import copy
import itertools

import pytest
from fg_positions import fresh, hand_of

from engines.core.autoplay import policy_rng
from engines.core.events import Event
from engines.core.rng import Rng
from engines.final_girl import GAME, odds
from engines.final_girl.keys import Key
from engines.final_girl.state import State

CONFIGS = list(itertools.product(("mandy", "cassie"), ("normal", "extreme"), ("heuristic", "random")))


def _resolved(events: list[Event]) -> int | None:
    """The line of the roll resolved among these events (None: it still waits)."""
    found = [e.facts["line"] for e in events if e.kind == "roll_result"]
    return odds.LINES.index(found[0]) if found else None


def _reached(state: State, events: list[Event]) -> int:
    """The line the pending roll has reached: resolved now, or what accepting it would resolve."""
    now = _resolved(events)
    if now is not None:
        return now
    certain = odds.choice_odds(state, "accept")
    assert certain is not None
    return certain.index(1)


def _check_panics(events: list[Event], seen: dict[str, int]) -> None:
    for e in events:
        if e.kind in ("victim_panics", "group_panics"):
            space, dice = e.facts["space"], e.facts["dice"]
            assert odds.panic_dst(space, dice) == e.facts["dst"], e
            assert odds.panic_destinations(space, len(dice)).get(e.facts["dst"], 0) > 0, e
            seen["panic"] = seen.get("panic", 0) + 1


def _check_choice(before: dict, key: Key, lines: tuple, state: State, events: list[Event]) -> int:
    """A choice at the pending roll: the line it reaches is the one the odds foretold."""
    if key.verb == "closecall":
        rolled = next(e for e in events if e.kind == "close_call").facts["dice"]
        if key.every:
            foretold = odds.line_of(rolled, before["improvised"])
        else:
            foretold = odds.after_closecall(before, key.number, rolled[key.number])
        assert lines[foretold] > 0
    else:  # accepting or converting: certain
        foretold = lines.index(1)
    assert _reached(state, events) == foretold, (key, before, [e.kind for e in events])
    return foretold


@pytest.mark.parametrize(("girl", "mode", "policy"), CONFIGS)
def test_the_odds_outcome_classes_are_what_the_engine_then_does(girl, mode, policy):
    seen: dict[str, int] = {}
    for seed in range(3):
        state, events = GAME.setup(seed, {"girl": girl, "mode": mode, "ties": "ask"})
        _check_panics(events, seen)
        play = GAME.policies[policy]
        for n in itertools.count():
            d = GAME.decision(state)
            if d is None or n >= 2000:
                break
            key = play(GAME.view(state), d, policy_rng(seed, n))
            played = odds.card_odds(state, key)
            lines = odds.choice_odds(state, key) if state.roll else None
            before = copy.deepcopy(state.roll)
            events = GAME.apply(state, key, d)
            _check_panics(events, seen)
            k = Key.parse(key)
            if played is not None:
                roll = next(e for e in events if e.kind == "horror_roll")
                foretold = odds.line_of(roll.facts["dice"], roll.facts["improvised"])
                assert played[2][foretold] > 0
                if state.roll and state.roll["dice"] == roll.facts["dice"] and not state.roll["converted"]:
                    assert (
                        _reached(state, events) == foretold
                    )  # waits as rolled: accepting resolves this line
                elif _resolved(events) is not None:
                    assert _resolved(events) == foretold  # resolved at once, as rolled
                seen["card"] = seen.get("card", 0) + 1
            elif lines is not None and (k.verb != "convert" or k.card):
                _check_choice(before, k, lines, state, events)
                seen[k.verb] = seen.get(k.verb, 0) + 1
    assert seen.get("card", 0) > 10 and seen.get("accept", 0) + seen.get("convert", 0) > 0, seen
    assert seen.get("panic", 0) > 0 and seen.get("closecall", 0) > 0, seen


def _pending(dice: list[int], improvised: bool, converted: list[int], seed: int) -> State:
    """A Horror Roll waiting for her choice, with a Close Call in hand (two, for a second choice)."""
    s = fresh(0)
    hand_of(s, "focus", "close_call", "close_call", "walk", "walk")
    card = s.hand.pop(0)
    s.resolving, s.ask = card, {"kind": "roll"}
    s.roll = {"card": card, "purpose": "action", "trap": 0, "damage": 0, "dice": dice}
    s.roll.update({"improvised": improvised, "converted": converted})
    s.rng = Rng.from_seed(seed)
    return s


@pytest.mark.parametrize("improvised", [False, True])
def test_a_close_call_on_a_die_made_a_success_and_on_an_improvised_roll_reaches_the_line_foretold(improvised):
    """Staged where the seeded games seldom go: Close Call re-rolling the 3 that two cards made a success (it
    loses that), and an Improvised roll (3-4s succeed). Each face the re-roll shows reaches the line
    `odds.after_closecall` reads for it, inside the chances `odds.choice_odds` gives."""
    faces = set()
    for seed in range(40):
        s = _pending([3, 1, 4], improvised, [] if improvised else [0], seed)
        before = copy.deepcopy(s.roll)
        lines = odds.choice_odds(s, "closecall:0")
        events = GAME.apply(s, "closecall:0")
        face = next(e for e in events if e.kind == "close_call").facts["dice"][0]
        foretold = odds.after_closecall(before, 0, face)
        assert lines is not None and lines[foretold] > 0
        assert _reached(s, events) == foretold, (face, before)
        faces.add(face)
    assert faces == set(range(1, 7))
