"""Slaughterhouse's turn machine: every step kind has exactly its handlers, found in the tables, and a step no
table knows is an error rather than a silent end of the turn."""

from __future__ import annotations

import pytest

from engines.core.steps import UnknownStep
from engines.slaughterhouse import GAME
from engines.slaughterhouse.state import Step
from engines.slaughterhouse.tables import ANSWERS, ASKS, EFFECTS, QUESTIONS


def test_every_question_has_its_options_and_its_answer_and_no_effect():
    assert set(QUESTIONS) == set(ASKS) == set(ANSWERS)
    assert not set(EFFECTS) & set(ASKS)


def test_every_step_a_game_queues_has_a_handler():
    seen: set[str] = set()
    for scenario in "abcde":
        state, _ = GAME.setup(3, {"scenario": scenario, "trespassers": "3"})
        for _ in range(400):
            seen |= {s.kind for s in state.todo}
            d = GAME.decision(state)
            if d is None:
                break
            GAME.apply(state, d.options[0].key, d)
    assert seen and all(kind in EFFECTS or kind in ASKS for kind in seen), seen


def test_an_unknown_step_raises_instead_of_ending_the_turn():
    state, _ = GAME.setup(1, {})
    d = GAME.decision(state)
    state.todo.insert(1, Step("no_such_step"))  # after the question now asked: the queue meets it next
    with pytest.raises(UnknownStep):
        GAME.apply(state, d.options[0].key, d)
