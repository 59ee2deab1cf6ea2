"""The queue of steps in a game's state (engines/core/queue.py): push and later keep the order asked for, the loop
runs next first until a seat must decide, a handler's pushes run before the rest, and an unknown step is an error."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.core import queue
from engines.core.events import Event
from engines.core.steps import Steps, UnknownStep


class _State:
    """A game's state in miniature: its queue of steps as a plain list, and the decision it waits on."""

    def __init__(self) -> None:
        self.todo: list[dict[str, Any]] = []
        self.ask = ""
        self.done: list[str] = []


def _table() -> Steps[[_State, dict[str, Any], list[Event]], None]:
    table: Steps[[_State, dict[str, Any], list[Event]], None] = Steps("test steps")

    @table.step("say")
    def say(state: _State, step: dict[str, Any], events: list[Event]) -> None:
        state.done.append(step["word"])

    @table.step("twice")
    def twice(state: _State, step: dict[str, Any], events: list[Event]) -> None:
        queue.push(state.todo, {"op": "say", "word": step["word"]}, {"op": "say", "word": step["word"] + "!"})

    @table.step("ask")
    def ask(state: _State, step: dict[str, Any], events: list[Event]) -> None:
        state.ask = step["word"]

    return table


def _run(state: _State) -> None:
    queue.run(state.todo, _table(), lambda step: step["op"], state, [], lambda s: bool(s.ask))


def _say(*words: str) -> list[dict[str, Any]]:
    return [{"op": "say", "word": w} for w in words]


def test_steps_run_in_the_order_pushed_and_a_handlers_pushes_run_before_the_rest():
    state = _State()
    queue.push(state.todo, *_say("a"), {"op": "twice", "word": "b"}, *_say("c"))
    queue.later(state.todo, *_say("y", "z"))
    assert [s.get("word") for s in queue.pending(state.todo)] == ["a", "b", "c", "y", "z"]
    _run(state)
    assert state.done == ["a", "b", "b!", "c", "y", "z"] and state.todo == []


def test_the_loop_stops_where_a_seat_must_decide_and_the_rest_waits_in_the_state():
    state = _State()
    queue.push(state.todo, *_say("a"), {"op": "ask", "word": "which?"}, *_say("b"))
    _run(state)
    assert state.done == ["a"] and state.ask == "which?"
    assert queue.peek(state.todo) == {"op": "say", "word": "b"} and queue.pending(state.todo) == _say("b")
    state.ask = ""  # the seat answered
    _run(state)
    assert state.done == ["a", "b"] and queue.peek(state.todo) is None


def test_an_unknown_step_is_an_error_naming_it():
    state = _State()
    queue.push(state.todo, {"op": "spree"})
    with pytest.raises(UnknownStep, match="test steps: no handler for step 'spree'"):
        _run(state)


@given(st.lists(st.tuples(st.booleans(), st.lists(st.text(max_size=2), max_size=4)), max_size=8))
def test_push_puts_steps_first_and_later_puts_them_last_in_the_order_given(moves):
    """Against a plain model of the order: each push goes before everything queued, each later after it."""
    state, model = _State(), list[dict[str, Any]]()
    for first, words in moves:
        steps = _say(*words)
        if first:
            queue.push(state.todo, *steps)
            model = steps + model
        else:
            queue.later(state.todo, *steps)
            model = model + steps
        assert queue.pending(state.todo) == model
    popped = [queue.pop(state.todo) for _ in range(len(model))]
    assert popped == model
