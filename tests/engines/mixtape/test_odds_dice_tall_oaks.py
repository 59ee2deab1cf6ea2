"""Escape From Tall Oaks: the odds offered at a spend count the very dice the engine then rolls, with the bonus.

Seeded games are played by the shipped policies; at every spend decision the engine's offers (odds.spend_offers,
read from the spender's view) are checked against the action roll the chosen spend makes (its `action_roll`
event: the dice and the bonus added).
"""

from __future__ import annotations

import pytest

from engines.core.autoplay import policy_rng
from engines.mixtape.tall_oaks import GAME, odds
from engines.mixtape.tall_oaks.state import SPEND
from tests.tools.breadth import breadth

SEEDS = breadth(15, 30)
"""Seeded games a policy: 15 under the quick breadth (the random ones run to a thousand decisions), 30 under the
full one; either way they must reach a spend of each purpose asserted below."""


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_every_offered_spend_counts_the_dice_the_engine_rolls(policy):
    seen: dict[str, int] = {}
    for seed in range(SEEDS):
        state, _ = GAME.setup(seed, {"rivals": str(1 + seed % 3)})
        pick = GAME.policies[policy]
        for index in range(3000):
            d = GAME.decision(state)
            if d is None:
                break
            view = GAME.view(state, d.seat)
            key = pick(view, d, policy_rng(seed, index))
            if state.phase != SPEND:
                GAME.apply(state, key, d)
                continue
            offers = odds.spend_offers(view)
            assert [o.key for o in offers] == list(d.keys())  # one offer per spend choice, in order
            offer = next(o for o in offers if o.key == key)
            purpose = state.purpose
            events = GAME.apply(state, key, d)
            roll = next(e for e in events if e.kind == "action_roll")
            assert len(roll.facts["dice"]) == offer.dice, (seed, index, purpose)
            assert roll.facts["bonus"] == list(offer.bonus[:3]), (seed, index, purpose)
            seen[purpose] = seen.get(purpose, 0) + 1
    assert set(seen) >= {"rescue", "defend", "fight"}, f"{SEEDS} seeds spend only for {seen}: play more (SEEDS)"
