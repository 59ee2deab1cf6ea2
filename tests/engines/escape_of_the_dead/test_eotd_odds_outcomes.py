"""Escape of the Dead: the odds' outcome classes are what the engine then does (the dice counts are checked in
test_eotd_odds_dice.py).

At every dice decision of seeded games (the sections rolled at once, or one at a time as the player chooses),
the odds of the chosen split are kept with the position they were worked out from; once the turn's dice are all
rolled (or the car is fixed first), the hits each section's event shows are read by the odds
(`odds.split_result`: zombies destroyed, boards made, repairs made, the barricade standing after the attack, the
car fixed) and compared with what the engine's events say it did, and each has a chance in the odds shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engines.core.autoplay import policy_rng
from engines.core.events import Event
from engines.escape_of_the_dead import GAME
from engines.escape_of_the_dead.keys import split_of
from engines.escape_of_the_dead.odds import SplitOdds, split_odds, split_result
from engines.escape_of_the_dead.state import ASSIGN

CONFIGS = [
    ({}, "optimal"),
    ({}, "random"),
    ({"roll_order": "choose"}, "random"),
    ({"roll_order": "choose", "barricade": "4"}, "optimal"),
]
DONE = {"lawn": "killed", "barricade": "built", "garage": "repaired"}
"""What each section's roll event says it did."""


@dataclass
class Turn:
    """A split chosen, its odds, the position they were worked out from, and what its rolls showed so far."""

    shown: SplitOdds
    at: tuple[int, int, int]  # zombies, barricade, repairs
    hits: dict[str, int] = field(default_factory=dict)
    did: dict[str, int] = field(default_factory=dict)
    won: bool = False
    lost: bool = False

    def saw(self, events: list[Event]) -> None:
        for e in events:
            section = e.kind.removesuffix("_rolled")
            if section in DONE:
                self.hits[section], self.did[section] = e.facts["hits"], e.facts[DONE[section]]
            self.won |= e.kind == "game_won"
            self.lost |= e.kind == "game_lost"

    def check(self) -> None:
        hits = tuple(self.hits.get(s, 0) for s in DONE)  # a section never rolled: the car was fixed first
        r = split_result(*self.at, hits)
        assert (r.wins, r.holds) == (self.won, not self.lost), (self.at, hits, r)
        foretold = dict(zip(DONE, (r.killed, r.built, r.fixed), strict=True))
        assert {s: foretold[s] for s in self.did} == self.did, (self.at, hits, r)
        s = self.shown
        assert s.kills.get(r.killed, 0) > 0 and s.boards.get(r.built, 0) > 0 and s.repairs.get(r.fixed, 0) > 0
        assert (s.wins if r.wins else 1 - s.wins) > 0 and (s.holds if r.holds else 1 - s.holds) > 0


@pytest.mark.parametrize(("options", "policy"), CONFIGS, ids=lambda c: str(c))
def test_the_odds_outcome_classes_are_what_the_engine_then_does(options, policy):
    choose = GAME.policies[policy]
    checked = {"won": 0, "lost": 0, "held": 0}
    for seed in range(25):
        state, _ = GAME.setup(seed, options)
        turn: Turn | None = None
        for index in range(10_000):
            decision = GAME.decision(state)
            if decision is None:
                break
            key = choose(GAME.view(state), decision, policy_rng(seed, index))
            if state.phase == ASSIGN:  # the split's odds as `odds` shows them (without the solver's column)
                split = split_of(key)
                assert split is not None
                at = (state.zombies, state.barricade, state.repairs)
                turn = Turn(split_odds(state, split), at)
            events = GAME.apply(state, key, decision)
            if turn is None:
                continue
            turn.saw(events)
            if state.result or not state.unrolled:
                turn.check()
                checked["won" if turn.won else "lost" if turn.lost else "held"] += 1
                turn = None
    assert checked["held"] > 50 and checked["won"] + checked["lost"] > 5, checked
