"""Every choice a person reads agrees in number with its count: "1 die", "2 cards", never "(1 dice)".

The labels and prompts come from the engines (the REPL, the hint and the review show them as they are), so the
check plays seeded games of every title with the shipped policy and reads every decision it meets."""

from __future__ import annotations

import re

import pytest

from engines import registry
from engines.core.autoplay import decide, policy_rng

_PLURALS = "dice|cards|actions|successes|points|tokens|spaces|souvenirs|items|wounds|injuries|turns|rounds|victims"
_SINGULARS = "die|card|action|success|point|token|space|souvenir|item|wound|injury|turn|round|victim"
# A numeral, then a noun of the wrong number ("4 action dice" is an adjective before its noun, and is fine).
_DISAGREES = re.compile(rf"\b1 ({_PLURALS})\b|\b([02-9]|\d\d+) ({_SINGULARS})\b(?! dice)")


def _texts(game_id: str, seeds: range) -> list[str]:
    game = registry.get(game_id)
    seen: list[str] = []
    for seed in seeds:
        state, _ = game.setup(seed, {})
        policy = game.policies[game.default_policy]
        for n in range(5000):
            decision = game.decision(state)
            if decision is None:
                break
            seen.append(decision.prompt)
            seen.extend(option.label for option in decision.options)
            game.apply(state, decide(game, policy, state, decision, policy_rng(seed, n)), decision)
    return seen


def test_the_pattern_catches_a_label_that_disagrees() -> None:
    assert _DISAGREES.search("attack the Old Man with the Kitchen Knife (1 dice)")
    assert _DISAGREES.search("draw 2 card")
    assert not _DISAGREES.search("Place your 4 action dice on the Lawn")
    assert not _DISAGREES.search("attack Green (1 die), then 3 dice")


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_choice_says_a_count_with_a_noun_of_the_wrong_number(game_id: str) -> None:
    texts = _texts(game_id, range(12))
    assert texts, "the games met no decision"
    wrong = sorted({t for t in texts if _DISAGREES.search(t)})
    assert not wrong, wrong[:5]
