"""Turns: their start and end, and the start-of-turn choices (the end of the game: winning.py)."""

from __future__ import annotations

from engines.core.contract import (
    Option,
)
from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import (
    checks,
    keys,
    movement,
    scenes,
    searching,
    slasher,
    spending,
    tasks,
    traitor,
)
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.state import (
    TRAITOR,
    TURN,
    State,
    Survivor,
)
from engines.mixtape.tall_oaks.winning import finish

B = R.BOARD


def begin_turn(state: State, who: int, events: list[Event]) -> None:
    state.current = who
    state.turn_no += 1
    state.phase = TURN
    state.card = state.purpose = state.fight = ""
    state.todo.clear()
    state.roll = []
    state.stops = {}
    x = state.survivors[who]
    started = {"seat": x.seat, "name": x.name, "health": x.health}
    events.append(Event("turn_started", state.turn_no, TURN, started))
    if A.has(x.name, "revive") and x.health <= R.INJURED:
        # Specs (designed within the rulebook's "reviving Health"): heals at the start of his turn.
        x.health += R.ABILITIES[x.name].amount
        A.ability_used(state, x, "revive", events, n=R.ABILITIES[x.name].amount, health=x.health)
    if x.traitors:
        if traitor.traitor_options(state):
            state.phase = TRAITOR  # Rulebook, Traitor Card: used at the start of the turn
        else:
            state.supplies.discard(x.traitors.pop())  # designed: nobody left to betray
            started["traitor_gone"] = True  # told to the holder alone (the card is theirs to know)
    if state.phase == TURN and not turn_choice_here(state, x):
        # Designed: with nothing to choose but the roll, the movement dice are rolled at once.
        movement.roll_move(state, events)


def turn_choice_here(state: State, x: Survivor) -> bool:
    """Anything to choose at the start of a turn besides the roll (the same tests as _turn_options)."""
    here = x.at
    if here in B.locations:  # markers, Final Rescue tokens, Tasks and searches are all in locations
        if state.markers.get(here) or checks.can_face_final(state, x, here):
            return True
        if checks.can_complete(state, x, here) or checks.can_search(state, x, here):
            return True
    return x.health < R.HEALTH and any(R.supply(c).kind == "health" for c in x.supplies)


def turn_options(state: State) -> list[Option]:
    x = state.survivors[state.current]
    dice = 1 if x.health <= R.INJURED else R.MOVEMENT_DICE
    opts = [Option("roll", f"roll {dice} movement {'die' if dice == 1 else 'dice'}", aliases=("r", "move"))]
    here = x.at
    if state.markers.get(here):
        opts.append(Option("draw", "draw a Killer Scenes card here", aliases=("d", "scene")))
    if checks.can_complete(state, x, here):
        opts.append(Option("task", f"complete Task #{checks.next_task(state)} here", aliases=("t",)))
    if checks.can_search(state, x, here):
        opts.append(Option("search", "roll the Search Die here", aliases=("s",)))
    if checks.can_face_final(state, x, here):
        opts.append(Option("final", "face your Final Scene here", aliases=("f",)))
    if x.health < R.HEALTH:
        for c in x.supplies:
            kind = R.supply(c)
            if kind.kind == "health":
                opts.append(
                    Option(keys.heal(c), f"use the {kind.name} (+{kind.amount} health)", aliases=(c,))
                )
    return opts


TURN_CHOICES: Steps[[State, keys.Key, list[Event]], None] = Steps("tall oaks turn choices")
"""A start-of-turn choice's verb -> what it does: (state, key, events)."""


def turn_choice(state: State, key: keys.Key, events: list[Event]) -> None:
    TURN_CHOICES.run(key.verb, state, key, events)


@TURN_CHOICES.step("roll")
def _roll(state: State, key: keys.Key, events: list[Event]) -> None:
    movement.roll_move(state, events)


@TURN_CHOICES.step("draw")
def _draw(state: State, key: keys.Key, events: list[Event]) -> None:
    scenes.scene(state, events)


@TURN_CHOICES.step("task")
def _task(state: State, key: keys.Key, events: list[Event]) -> None:
    tasks.task_here(state, events)


@TURN_CHOICES.step("search")
def _search(state: State, key: keys.Key, events: list[Event]) -> None:
    searching.search(state, events)


@TURN_CHOICES.step("final")
def _final(state: State, key: keys.Key, events: list[Event]) -> None:
    slasher.start_fight(state, state.current, "final", "end", events)


@TURN_CHOICES.step("heal")
def _heal(state: State, key: keys.Key, events: list[Event]) -> None:
    x = state.survivors[state.current]
    card = key.arg
    kind = R.supply(card)
    gained = min(kind.amount, R.HEALTH - x.health)
    x.health += gained
    events.append(
        Event(
            "healed",
            state.turn_no,
            TURN,
            {
                "seat": x.seat,
                "name": x.name,
                "card": kind.name,
                "amount": gained,
                "health": x.health,
                **({} if kind.infinite else {"left": x.trackers[card] - 1}),
            },
        )
    )
    spending.use_tracker(state, state.current, card, 1, events)
    if not turn_choice_here(state, x):
        movement.roll_move(state, events)  # nothing left to choose but the roll


def end_turn(state: State, events: list[Event]) -> None:
    """The next living survivor's turn. The game ends only with an escape or with nobody left alive (the
    rulebook has no round limit: a game that never ends is the simulator's business, not the rules')."""
    if state.result:
        return
    order, survivors = state.order, state.survivors
    pos = order.index(state.current)
    n = len(order)
    for step in range(1, n + 1):
        nxt = order[(pos + step) % n]
        if not survivors[nxt].alive:
            continue
        if pos + step >= n:
            state.round += 1
        begin_turn(state, nxt, events)
        return
    finish(state, [], "dead", events)  # nobody is left alive
