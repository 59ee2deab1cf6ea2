"""The turn machine's table: explicit registration, one handler per step, an error for an unknown step."""

from __future__ import annotations

import pytest

from engines.core.steps import Steps, UnknownStep


def test_a_registered_step_runs_its_handler_with_the_arguments():
    table = Steps("test")

    @table.step("walk", "run")
    def move(state: list[str], where: str) -> str:
        state.append(where)
        return where

    state: list[str] = []
    assert table.run("walk", state, "hall") == "hall"
    assert table.run("run", state, "yard") == "yard"
    assert state == ["hall", "yard"]
    assert "walk" in table and "hide" not in table and sorted(table) == ["run", "walk"] and len(table) == 2


def test_an_unknown_step_is_an_error_naming_it_never_a_silent_end():
    table = Steps("tall oaks resume")
    with pytest.raises(UnknownStep, match="tall oaks resume: no handler for step 'spree'"):
        table.run("spree")


def test_a_step_cannot_have_two_handlers():
    table = Steps("test")
    table.step("walk")(lambda: None)
    with pytest.raises(ValueError, match="two handlers"):
        table.step("walk")(lambda: None)
