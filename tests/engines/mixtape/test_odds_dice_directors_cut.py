"""Director's Cut: the odds offered at a spend count the very dice the engine then rolls, with the same bonus.

Seeded games are played by the shipped policies (the random one too, so rarer spends come up); at every spend
decision the engine's offers (odds.spend_offers) are checked against the roll the chosen spend makes.
"""

from __future__ import annotations

import pytest

from engines.core.autoplay import policy_rng
from engines.mixtape.directors_cut import GAME, odds
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import SPEND

ROLLS = {
    "kill": ("scene_redrawn", "kill_made", "kill_failed"),
    "defend": ("victim_beaten", "victim_escaped"),
    "survivor": ("survivor_stopped", "survivor_escaped"),
    "unlock": ("unlock_tried",),
    "hero": ("hero_defeated", "hero_fended", "hero_won"),
    "brawl": ("brawl_rolled", "brawl_won", "brawl_tied"),
}
"""The events that carry a roll's dice, by what the roll is for."""


def _rolled(purpose: str, answering: bool, events) -> list[str]:
    """The dice of the roll the spend made, read from its event (a brawl's answer is the event's other_dice)."""
    for e in events:
        if e.kind in ROLLS[purpose]:
            return e.facts["other_dice"] if answering else e.facts["dice"]
    raise AssertionError(f"no roll event for {purpose} in {[e.kind for e in events]}")


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_every_offered_spend_counts_the_dice_the_engine_rolls(policy):
    seen: dict[str, int] = {}
    for seed in range(40):
        state, _ = GAME.setup(seed, {"rivals": str(1 + seed % 3)})
        pick = GAME.policies[policy]
        for index in range(3000):
            d = GAME.decision(state)
            if d is None:
                break
            key = pick(GAME.view(state, d.seat), d, policy_rng(seed, index))
            if state.phase != SPEND:
                GAME.apply(state, key, d)
                continue
            offers = odds.spend_offers(state)
            assert [o.key for o in offers] == list(d.keys())  # one offer per spend choice, in order
            purpose, spender = state.purpose, state.spender
            offer = next(o for o in offers if o.key == key)
            answering = purpose == "brawl" and spender == state.brawl[1]
            edge = state.slashers[spender].edge if purpose == "kill" else 0  # The Legend's knives waiting
            events = GAME.apply(state, key, d)
            dice = _rolled(purpose, answering, events)
            assert len(dice) == offer.dice, (seed, index, purpose)
            roll = next(e for e in events if e.kind in ROLLS[purpose])
            if purpose in ("kill", "unlock"):
                assert roll.facts["knives"] == dice.count(R.KNIFE) + offer.knives + edge, (seed, index)
            used = [e for e in events if e.kind == "supply_used"]
            if offer.tokens:
                assert used[0].facts["bonus"] == offer.knives + offer.fists
                assert used[0].facts["noise"] == offer.noise
            seen[purpose] = seen.get(purpose, 0) + 1
    assert set(seen) >= {"kill", "defend", "hero", "brawl", "unlock"}, seen
