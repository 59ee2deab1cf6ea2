"""Every choice a person reads agrees in number with its count: "1 die", "2 cards", never "(1 dice)"
(judged as the narration is, tests/agreement.py).

The labels and prompts come from the engines (the REPL, the hint and the review show them as they are), so the
check plays seeded games of every title with the shipped policy and reads every decision it meets."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.autoplay import decide, policy_rng
from tests.agreement import disagrees


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


def test_the_judge_catches_a_label_that_disagrees() -> None:
    judge = disagrees("slaughterhouse")
    assert judge("attack the Old Man with the Kitchen Knife (1 dice)")
    assert judge("draw 2 card")
    assert not disagrees("escape-of-the-dead")("Place your 4 action dice on the Lawn")
    assert not judge("attack Green (1 die), then 3 dice")


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_choice_says_a_count_with_a_noun_of_the_wrong_number(game_id: str) -> None:
    texts = _texts(game_id, range(12))
    assert texts, "the games met no decision"
    judge = disagrees(game_id)
    wrong = sorted({t for t in set(texts) if judge(t)})
    assert not wrong, wrong[:5]
