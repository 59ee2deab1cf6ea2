"""The odds offered at a decision count exactly the dice the engine then rolls, and their outcome classes (the
total of successes) are what the engine then does.

Both come from `engines.slaughterhouse.odds.dice_for`; these games check it from the outside: at every decision
of both seats, the rolls the chosen option's odds name are matched with the roll events that follow, and each
event must hold as many dice as the odds said (a reroll: only the dice the odds count are thrown again). The
total the odds read for the dice thrown (`Roll.total`: the kept successes and the thrown dice's, read as the
engine reads them) must have a chance in the odds (`Roll.odds`) and be the total the engine acted on: an
attack's hits, a hunt that finds at one success or more, a Sawyer's actions lost to a weapon or the Fire (as many
as it had), the Fear gained, the Noise calmed, the Items found (as many as the deck held), a reroll's new total.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from engines.core.autoplay import policy_rng
from engines.core.events import Event
from engines.slaughterhouse import GAME
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.odds import Roll, option_rolls, rolls
from engines.slaughterhouse.rules import successes

EVENT = {
    "search": "searched",
    "item": "sawyer_hit",
    "desperation": "sawyer_hit",
    "attack": "attack",
    "grandpa": "attack",
    "hunt": "hunted",
    "talk": "sweet_talk",
    "calm": "noise_rolled",
    "reroll": "reroll",
}
"""The event that carries each roll's dice (a card's roll and the Fire depend on the case)."""
FOLLOW = 6
"""A roll that waits behind a question (a reroll, an interrupt card) shows within this many more choices."""


@dataclass
class Expected:
    key: str  # the choice that makes the roll
    roll: Roll
    event: str
    attacker: str  # for an attack: who rolls it
    certain: bool  # False: the roll comes only if the move gets that far (Grandpa or the Fire on arrival)
    before: list[int]  # a reroll: the dice as they stood
    fire: bool = False  # a reroll of the Fire's dice (the successes are thrown again)
    left: int = FOLLOW


def _expected(state, d, key: str, r: Roll) -> Expected:
    k = Key.parse(key)
    before = list(state.todo[1].dice) if d.kind in ("reroll", "reroll_pick") else []
    if r.roll == "card":
        free = D.ALL_SAWYER_CARDS[k.card]["free"]
        event = "hunted" if free == "hunt2" else "attack"
        return Expected(key, r, event, D.name(state.cur_sawyer) if event == "attack" else "", True, before)
    if r.roll == "fire":
        if d.kind == "sawyer_action":  # a Sawyer ending a move in the Fire always burns
            return Expected(key, r, "fire_burns", "", True, before)
        return Expected(key, r, "attack", "the fire", False, before)
    if r.roll == "grandpa":
        return Expected(key, r, "attack", "Grandpa", d.kind == "offer", before)
    if r.roll == "attack":
        sid = state.todo[0].sawyer if d.kind == "offer" else state.cur_sawyer
        return Expected(key, r, "attack", D.name(sid), True, before)
    fire = bool(before) and state.todo[1].kind == "fire_burns"
    return Expected(key, r, EVENT[r.roll], "", True, before, fire)


def _matches(x: Expected, e: Event) -> bool:
    return e.kind == x.event and (not x.attacker or e.facts.get("attacker") == x.attacker)


ACTED: dict[str, Callable[[dict, int], bool]] = {
    "attack": lambda facts, total: facts["hits"] == total,
    "hunted": lambda facts, total: facts["found"] == (total > 0),
    "sawyer_hit": lambda facts, total: facts["lost"] == min(total, facts["lost"] + facts["actions"]),
    "fire_burns": lambda facts, total: facts["lost"] == min(total, facts["lost"] + facts["actions"]),
    "sweet_talk": lambda facts, total: facts["fear"] <= total,
    "noise_rolled": lambda facts, total: facts["calmed"] <= total,
    "searched": lambda facts, total: facts["found"] <= total,
}
"""What the engine did with a roll's total, by the event that tells it (fear, calm and items stop at what is
there to take)."""


def _check(x: Expected, e: Event) -> None:
    key = x.key
    if x.event != "reroll":
        assert len(e.facts["dice"]) == x.roll.dice, (key, x.roll, e)
        total = x.roll.total(e.facts["dice"])
        assert x.roll.odds().get(total, 0) > 0 and ACTED[x.event](e.facts, total), (key, x.roll, e)
        return
    before, after = e.facts["before"], e.facts["dice"]
    k = Key.parse(key)
    if k.verb == "dice":  # the chosen dice
        thrown = set(k.dice)
    elif x.fire:  # against the Fire: the successes
        thrown = {i for i, d in enumerate(before) if d != 0}
    else:  # the blanks
        thrown = {i for i, d in enumerate(before) if d == 0}
    assert len(thrown) == x.roll.dice, (key, x.roll, before)
    assert all(after[i] == d for i, d in enumerate(before) if i not in thrown), (key, before, after)
    total = x.roll.total([after[i] for i in sorted(thrown)])
    assert total == successes(after) and x.roll.odds().get(total, 0) > 0, (key, x.roll, before, after)


def _play(seed: int, scenario: str, policy: str) -> dict[str, int]:
    """One game; returns how many rolls of each kind were checked."""
    state, _ = GAME.setup(seed, {"scenario": scenario})
    pick = GAME.policies[policy]
    waiting: list[Expected] = []
    checked: dict[str, int] = {}
    index = 0
    while (d := GAME.decision(state)) is not None and index < 3000:
        key = pick(GAME.view(state, d.seat), d, policy_rng(seed, index))
        label = next(o.label for o in d.options if o.key == key)
        found = [
            _expected(state, d, key, r)
            for r in option_rolls(state, key, label, d.kind)
            if r.roll != "pick"  # choosing the dice: the next question's choice says which, and is checked
        ]
        if d.kind == "action" and key == "end":
            found += [_expected(state, d, key, r) for r in rolls(state, d) if r.roll == "calm"]
        events = GAME.apply(state, key, d)
        index += 1
        for x in waiting + found:
            x.left -= 1
            hit = next((e for e in events if _matches(x, e)), None)
            if hit is not None:
                _check(x, hit)
                checked[x.roll.roll] = checked.get(x.roll.roll, 0) + 1
                x.left = -1
            elif x.certain and x.left == 0 and state.phase != "over":
                pytest.fail(f"no {x.event} event within {FOLLOW} choices after {x.key} ({x.roll})")
        waiting = [x for x in waiting + found if x.certain and x.left > 0]
    return checked


@pytest.mark.parametrize("scenario", ["a", "b", "c", "d", "e"])
@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_the_odds_count_the_dice_the_engine_rolls(scenario, policy):
    checked: dict[str, int] = {}
    for seed in (1, 2, 3):
        for kind, n in _play(seed, scenario, policy).items():
            checked[kind] = checked.get(kind, 0) + n
    assert checked.get("search", 0) > 0 and checked.get("attack", 0) > 0, checked
    assert checked.get("calm", 0) > 0 and checked.get("reroll", 0) + checked.get("hunt", 0) > 0, checked
