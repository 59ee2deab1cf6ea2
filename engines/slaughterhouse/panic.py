"""The Panic Meter: each space it rises brings its effect (Desperation cards, the Hitchhiker, Grandpa,
Leatherface), and the family places the Hitchhiker and Grandpa when they come out."""

from __future__ import annotations

from engines.core.contract import Option
from engines.core.events import Event
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.rules import active, sawyer_of
from engines.slaughterhouse.state import State, Step
from engines.slaughterhouse.tables import ANSWERS, QUESTIONS, TODO


def raise_panic(state: State, events: list[Event]) -> None:
    if state.panic >= len(D.PANIC) - 1:
        events.append(Event("panic_maxed", state.round, state.phase, {}))
        return
    state.panic += 1
    label = D.PANIC[state.panic]["label"]
    events.append(
        Event(
            "panic_raised",
            state.round,
            state.phase,
            {"space": state.panic, "label": label, "cards": D.PANIC[state.panic]["cards"]},
        )
    )
    if label == "desperation":
        for t in state.trespassers:
            if active(t) and state.desperation_deck:
                t.desperation.append(state.desperation_deck.pop())
                events.append(Event("desperation_drawn", state.round, state.phase, {"trespasser": t.id}))
    elif label == "hitchhiker":
        TODO.push(state.todo, Step("place_hitchhiker"))
    elif label == "grandpa":
        TODO.push(state.todo, Step("place_grandpa"))
    elif label == "leatherface":
        s = sawyer_of(state, "leatherface")
        s.space = D.SAWYERS["leatherface"]["start"]
        s.actions = s.most
        events.append(
            Event(
                "sawyer_arrives",
                state.round,
                state.phase,
                {"sawyer": D.name(s.id), "space": D.name(s.space)},
            )
        )


_PLACE = {c: Option(str(Key("space", space=c)), D.name(c)) for c in D.SPACES}
"""Placing a Sawyer on each space, built once."""


@QUESTIONS.step("place_hitchhiker")
def ask_place_hitchhiker(state: State, step: Step) -> tuple[list[Option], str]:
    return (
        [_PLACE[c] for c in D.CORNERS],
        "Place the Hitchhiker on an Outdoor Corner.",
    )


@ANSWERS.step("place_hitchhiker")
def answer_place_hitchhiker(state: State, step: Step, key: str, events: list[Event]) -> None:
    s = sawyer_of(state, "hitchhiker")
    s.space = Key.parse(key).space
    s.actions = s.most
    events.append(
        Event("sawyer_arrives", state.round, state.phase, {"sawyer": D.name(s.id), "space": D.name(s.space)})
    )


@QUESTIONS.step("place_grandpa")
def ask_place_grandpa(state: State, step: Step) -> tuple[list[Option], str]:
    return [_PLACE[c] for c in D.SPACES], "Place Grandpa on any space."


@ANSWERS.step("place_grandpa")
def answer_place_grandpa(state: State, step: Step, key: str, events: list[Event]) -> None:
    state.grandpa = Key.parse(key).space
    events.append(Event("grandpa_arrives", state.round, state.phase, {"space": D.name(state.grandpa)}))
