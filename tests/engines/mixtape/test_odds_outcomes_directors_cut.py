"""Director's Cut: the odds' outcome classes are what the engine then does (the dice counts are checked in
test_odds_dice_directors_cut.py).

Seeded games are played by the shipped policies. A probe on the engine's roll (`spending.spend`, which every
action roll goes through, spent on or bare-handed) reads the pending roll as the odds do (`odds.pending`, the
knives and fists of the spend from `odds.supply_bonus`) just before it is made, and checks that the class the odds
read for the very dice rolled (`odds.read_pending`: a kill, a double, a redraw or a miss; a defence beaten,
held or lost; The Survivor stopped; a lock broken; a Hero defeated, fended off or lost to; a brawl round won,
lost or tied) is what the engine's events then say, and that the odds give that class a chance
(`odds.pending_classes`, whose sums are the chances the screens and the spends are offered with).
"""

from __future__ import annotations

import pytest

from engines.core.autoplay import policy_rng
from engines.core.events import Event
from engines.mixtape.directors_cut import GAME, odds, spending
from engines.mixtape.directors_cut.state import State


def _played(purpose: str, seat: str, first: bool, events: list[Event]) -> tuple[str, list[str]]:
    """(the class the engine played, the dice it read) from the roll's event."""
    e = next(e for e in events if e.kind in PLAYED[purpose])
    if purpose == "brawl":
        if first:  # the mover's roll: a triple wins at once, else the answer (maybe rolled at once) decides
            rolled = next(i for i, x in enumerate(events) if x.kind == "brawl_rolled")
            after = events[rolled + 1 : rolled + 2]
            won = bool(after) and after[0].kind == "brawl_won" and after[0].facts["winner"] == seat
            won = won and after[0].facts["how"] == "triple"  # not the answer's, rolled at once bare-handed
            return ("win" if won else ""), events[rolled].facts["dice"]
        if e.kind == "brawl_tied":
            return "tie", e.facts["other_dice"]
        return ("win" if e.facts["winner"] == seat else "lose"), e.facts["other_dice"]
    how = PLAYED[purpose][e.kind]
    if purpose == "kill" and e.kind == "kill_made" and e.facts["double"]:
        how = "double"
    if purpose == "defend" and e.kind == "victim_escaped":
        how = "held" if e.facts["defended"] else "hurt"
    if purpose == "unlock":
        how = "broken" if e.facts["ok"] else "held"
    return how, e.facts["dice"]


PLAYED: dict[str, dict[str, str]] = {
    "kill": {"scene_redrawn": "redraw", "kill_made": "kill", "kill_failed": "miss"},
    "defend": {"victim_beaten": "beaten", "victim_escaped": ""},
    "survivor": {"survivor_stopped": "stopped", "survivor_escaped": "escaped"},
    "unlock": {"unlock_tried": ""},
    "hero": {"hero_defeated": "defeat", "hero_fended": "fend", "hero_won": "lose"},
    "brawl": {"brawl_won": "", "brawl_rolled": "", "brawl_tied": ""},
}
"""The events that tell a roll's end, by what it was for (in the test's own words where the event says it)."""


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_the_odds_outcome_classes_are_what_the_engine_then_does(policy, monkeypatch):
    real = spending.spend
    seen: dict[str, set[str]] = {}

    def spend(state: State, n: int, events: list[Event]) -> None:
        s = state.slashers[state.spender]
        foretold = odds.pending(state)
        knives, fists, _ = odds.supply_bonus(s.supply, n, state.purpose)
        start = len(events)
        real(state, n, events)
        played, dice = _played(foretold.purpose, s.seat, foretold.first, events[start:])
        assert odds.read_pending(foretold, tuple(dice), knives, fists) == played, (
            foretold,
            dice,
            knives,
            fists,
        )
        assert odds.pending_classes(foretold, knives, fists).get(played, 0) > 0
        seen.setdefault(foretold.purpose, set()).add(played)

    monkeypatch.setattr(spending, "spend", spend)
    for seed in range(12):
        state, _ = GAME.setup(seed, {"rivals": str(1 + seed % 3)})
        pick = GAME.policies[policy]
        for index in range(2000):
            d = GAME.decision(state)
            if d is None:
                break
            GAME.apply(state, pick(GAME.view(state, d.seat), d, policy_rng(seed, index)), d)
    assert seen["kill"] >= {"kill", "miss"} and seen["defend"] >= {"held", "hurt"}, seen
    assert seen["hero"] >= {"defeat", "fend", "lose"} and seen["brawl"] >= {"win", "lose"}, seen
    assert seen["unlock"] >= {"broken", "held"}, seen
