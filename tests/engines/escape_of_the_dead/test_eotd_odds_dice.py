"""The odds are of the very dice the engine then rolls: at every decision of seeded games, the dice counts the
odds show for the chosen split (or for the sections still to roll) are the dice the engine rolls next."""

from __future__ import annotations

import pytest

from engines.core.autoplay import policy_rng
from engines.escape_of_the_dead import GAME
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.keys import section_of
from engines.escape_of_the_dead.odds import odds
from engines.escape_of_the_dead.state import ASSIGN, ROLL
from tests.tools.breadth import breadth

SEEDS = range(breadth(15, 40))
"""15 seeds a configuration under the quick breadth (tests/tools/breadth.py), 40 under the full one: the odds
cost some 5 ms a decision, and 15 seeds still check 134 to 736 splits and 184 to 216 rolls in order a
configuration, beside the floors asserted below."""
CONFIGS = [
    ({}, "optimal"),
    ({}, "random"),
    ({"roll_order": "choose"}, "random"),
    ({"roll_order": "choose", "barricade": "4"}, "optimal"),
]


def _rolled(events) -> dict[str, int]:
    """Dice rolled per section in these events."""
    return {
        e.kind.removesuffix("_rolled"): len(e.facts["dice"]) for e in events if e.kind.endswith("_rolled")
    }


@pytest.mark.parametrize(("options", "policy"), CONFIGS, ids=lambda c: str(c))
def test_the_odds_dice_are_the_dice_the_engine_rolls(options, policy):
    choose = GAME.policies[policy]
    checked = {ASSIGN: 0, ROLL: 0}
    for seed in SEEDS:
        state, _ = GAME.setup(seed, options)
        index = 0
        while (decision := GAME.decision(state)) is not None:
            key = choose(GAME.view(state), decision, policy_rng(seed, index))
            shown = odds(state)
            phase = state.phase
            events = GAME.apply(state, key, decision)
            index += 1
            if shown is None:
                assert phase not in (ASSIGN, ROLL)
                continue
            entry = next(o for o in shown if o.key == key) if phase == ASSIGN else shown[0]
            expected = dict(zip(R.SECTIONS, entry.dice, strict=True))
            rolled = _rolled(events)
            for section, n in rolled.items():
                assert n == expected[section], (seed, index, key, entry.dice, rolled)
            if phase == ROLL and section_of(key) is not None:
                assert set(rolled) == {section_of(key)}  # one section, the one chosen
            # a section with dice that was not rolled is still waiting, unless the game ended first
            waiting = {s for s, n in expected.items() if n and s not in rolled}
            if not state.result:
                assert waiting == set(state.unrolled), (seed, index, key, waiting, state.unrolled)
            if state.phase == ROLL:  # the odds at the next roll are of what this split left
                assert odds(state)[0].dice == tuple(
                    n if s in state.unrolled else 0 for s, n in expected.items()
                )
            checked[phase] += 1
    short = f"the seeds check too few decisions ({checked}): play more of them (SEEDS)"
    assert checked[ASSIGN] > 100, short
    if options.get("roll_order") == "choose":
        assert checked[ROLL] > 50, short
