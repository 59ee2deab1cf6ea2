"""The queue of steps in a game's state (engines/core/queue.py): push and later keep the order asked for, whichever
end of the list runs next; the loop runs next first until a seat must decide, a handler's pushes run before the
rest, questions wait in the queue until answered, an idle phase acts once it is empty, and an unknown step is an
error."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.core.events import Event
from engines.core.queue import FIRST_NEXT, LAST_NEXT, Queue
from engines.core.steps import Steps, UnknownStep

BOTH = pytest.mark.parametrize("order", [LAST_NEXT, FIRST_NEXT], ids=["last_next", "first_next"])


class _State:
    """A game's state in miniature: its queue of steps as a plain list, and the decision it waits on."""

    def __init__(self) -> None:
        self.todo: list[dict[str, Any]] = []
        self.ask = ""
        self.done: list[str] = []
        self.turns = 0


def _table(order: Queue) -> Steps[[_State, dict[str, Any], list[Event]], None]:
    table: Steps[[_State, dict[str, Any], list[Event]], None] = Steps("test steps")

    @table.step("say")
    def say(state: _State, step: dict[str, Any], events: list[Event]) -> None:
        state.done.append(step["word"])

    @table.step("twice")
    def twice(state: _State, step: dict[str, Any], events: list[Event]) -> None:
        order.push(state.todo, {"op": "say", "word": step["word"]}, {"op": "say", "word": step["word"] + "!"})

    @table.step("ask")
    def ask(state: _State, step: dict[str, Any], events: list[Event]) -> None:
        state.ask = step["word"]

    @table.step("leave")
    def leave(state: _State, step: dict[str, Any], events: list[Event]) -> None:
        order.drop(state.todo, lambda s: s.get("word") == step["word"])

    return table


def _run(order: Queue, state: _State, **hooks: Any) -> None:
    order.run(state.todo, _table(order), lambda step: step["op"], state, [], lambda s, e: bool(s.ask), **hooks)


def _say(*words: str) -> list[dict[str, Any]]:
    return [{"op": "say", "word": w} for w in words]


@BOTH
def test_steps_run_in_the_order_pushed_and_a_handlers_pushes_run_before_the_rest(order):
    state = _State()
    order.push(state.todo, *_say("a"), {"op": "twice", "word": "b"}, *_say("c"))
    order.later(state.todo, *_say("y", "z"))
    assert [s.get("word") for s in order.pending(state.todo)] == ["a", "b", "c", "y", "z"]
    _run(order, state)
    assert state.done == ["a", "b", "b!", "c", "y", "z"] and state.todo == []


def test_which_end_runs_next_is_the_queues_and_the_list_keeps_the_shape_saves_hold():
    """Slaughterhouse's `todo` is saved first-next, Final Girl's `stack` last-next: the same pushes leave each
    list as its saves have always held it."""
    first, last = _State(), _State()
    for order, state in ((FIRST_NEXT, first), (LAST_NEXT, last)):
        order.later(state.todo, *_say("b", "c"))
        order.push(state.todo, *_say("a"))
    assert first.todo == _say("a", "b", "c") and last.todo == _say("c", "b", "a")
    assert FIRST_NEXT.peek(first.todo) == LAST_NEXT.peek(last.todo) == _say("a")[0]


@BOTH
def test_the_loop_stops_where_a_seat_must_decide_and_the_rest_waits_in_the_state(order):
    state = _State()
    order.push(state.todo, *_say("a"), {"op": "ask", "word": "which?"}, *_say("b"))
    _run(order, state)
    assert state.done == ["a"] and state.ask == "which?"
    assert order.peek(state.todo) == {"op": "say", "word": "b"} and order.pending(state.todo) == _say("b")
    state.ask = ""  # the seat answered
    _run(order, state)
    assert state.done == ["a", "b"] and order.peek(state.todo) is None


@BOTH
def test_a_question_waits_in_the_queue_until_answered_or_settled_by_its_handler(order):
    """A question with one answer is answered by the loop; one with two waits next in the queue, the loop
    stopped; and a step a handler drops from the very list being drained never runs."""
    questions: Steps[[_State, dict[str, Any], list[Event]], bool] = Steps("test questions")

    @questions.step("pick")
    def pick(state: _State, step: dict[str, Any], events: list[Event]) -> bool:
        if len(step["among"]) > 1:
            return True
        order.pop(state.todo)
        state.done.append(step["among"][0])
        return False

    state = _State()
    order.push(
        state.todo,
        {"op": "pick", "among": ["only"]},
        {"op": "leave", "word": "gone"},
        *_say("gone"),
        {"op": "pick", "among": ["x", "y"]},
        *_say("after"),
    )
    _run(order, state, questions=questions)
    assert state.done == ["only"]
    assert order.pending(state.todo) == [{"op": "pick", "among": ["x", "y"]}, *_say("after")]


@BOTH
def test_with_nothing_queued_the_idle_phase_acts_until_it_has_nothing_to_do(order):
    def idle(state: _State, events: list[Event]) -> bool:
        if state.turns == 2:
            return False
        state.turns += 1
        order.push(state.todo, *_say(f"turn {state.turns}"))
        return True

    state = _State()
    _run(order, state, idle=idle)
    assert state.done == ["turn 1", "turn 2"] and state.todo == []


@BOTH
def test_an_unknown_step_is_an_error_naming_it(order):
    state = _State()
    order.push(state.todo, {"op": "spree"})
    with pytest.raises(UnknownStep, match="test steps: no handler for step 'spree'"):
        _run(order, state)


@given(
    st.sampled_from([LAST_NEXT, FIRST_NEXT]),
    st.lists(st.tuples(st.booleans(), st.lists(st.text(max_size=2), max_size=4)), max_size=8),
)
def test_push_puts_steps_first_and_later_puts_them_last_in_the_order_given(order, moves):
    """Against a plain model of the order: each push goes before everything queued, each later after it."""
    state, model = _State(), list[dict[str, Any]]()
    for first, words in moves:
        steps = _say(*words)
        if first:
            order.push(state.todo, *steps)
            model = steps + model
        else:
            order.later(state.todo, *steps)
            model = model + steps
        assert order.pending(state.todo) == model
    popped = [order.pop(state.todo) for _ in range(len(model))]
    assert popped == model
