"""The decision of each phase and what a chosen key does in it: two tables of the turn machine, by phase."""

from __future__ import annotations

from engines.core.contract import (
    Decision,
    Option,
)
from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape import turn
from engines.mixtape.tall_oaks import (
    checks,
    flow,  # noqa: F401  registers the named steps every mechanic hands on to
    keys,
    machine,
    messages,
    movement,
    opening,
    scenes,
    scuffles,
    searching,
    spending,
    tasks,
    traitor,
    turns,
)
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import (
    KEEP,
    MOVE,
    OVER,
    REDRAW,
    SCUFFLE,
    SPEND,
    START_POINT,
    TASK,
    TRAITOR,
    TURN,
    State,
)

B = R.BOARD

DECISIONS: Steps[[State], Decision | None] = Steps("tall oaks decisions")
"""Phase -> the decision waiting in it: (state) -> Decision | None."""
CHOICES: Steps[[State, keys.Key, list[Event]], None] = Steps("tall oaks choices")
"""Phase -> what a legal key chosen in it does: (state, key, events)."""


def decide(state: State) -> Decision | None:
    return turn.decide(DECISIONS, state)


def apply(state: State, key: str, decision: Decision | None = None) -> list[Event]:
    return turn.apply(DECISIONS, CHOICES, state, key, decision, spending.held_spend, messages.illegal)


DECISIONS.step(OVER)(turn.no_decision)


@DECISIONS.step(START_POINT)
def _start_decision(state: State) -> Decision:
    free = [p for p in B.starts if not checks.on_start(state, p)]
    return Decision(
        state.survivors[state.placing].seat,
        "start",
        "Choose your starting point.",
        tuple(Option(keys.start(p), place(p), aliases=(p,)) for p in free),
    )


@CHOICES.step(START_POINT)
def _start(state: State, key: keys.Key, events: list[Event]) -> None:
    opening.place_start(state, key.arg, events)


@DECISIONS.step(TURN)
def _turn_decision(state: State) -> Decision:
    cur = state.survivors[state.current]
    return Decision(cur.seat, "turn", "Your turn. What now?", tuple(turns.turn_options(state)))


@CHOICES.step(TURN)
def _turn(state: State, key: keys.Key, events: list[Event]) -> None:
    turns.turn_choice(state, key, events)


@DECISIONS.step(MOVE)
def _move_decision(state: State) -> Decision:
    cur = state.survivors[state.current]
    return Decision(cur.seat, "move", movement.roll_prompt(tuple(state.roll)), movement.move_options(state))


@CHOICES.step(MOVE)
def _move(state: State, key: keys.Key, events: list[Event]) -> None:
    movement.move(state, key.arg, events)


@DECISIONS.step(SPEND)
def _spend_decision(state: State) -> Decision:
    return spending.spend_decision(state)


@CHOICES.step(SPEND)
def _spend(state: State, key: keys.Key, events: list[Event]) -> None:
    # The key was checked against the decision's keys: read it back as card -> tokens.
    spending.roll_action(state, keys.spent(key.arg), events)


@DECISIONS.step(KEEP)
def _keep_decision(state: State) -> Decision:
    k = state.survivors[state.keeper]
    new = R.supply(state.drawn).name
    opts = [Option(keys.drop(c), f"let go of the {R.supply(c).name}", aliases=(c,)) for c in k.supplies]
    opts += [
        Option(keys.drop_task(t), f"take Task #{t} back to the Rec Center pile", aliases=(f"task {t}",))
        for t in searching.droppable_tasks(state, k, machine.peek(state))
    ]
    opts.append(Option(keys.drop(state.drawn), f"leave the {new}", aliases=("new", "leave")))
    found = f"{R.article(state.drawn)} {new}"
    return Decision(k.seat, "keep", f"You found {found} but your hands are full.", tuple(opts))


@CHOICES.step(KEEP)
def _keep(state: State, key: keys.Key, events: list[Event]) -> None:
    searching.keep(state, key.arg, events)


@DECISIONS.step(TRAITOR)
def _traitor_decision(state: State) -> Decision:
    return Decision(
        state.survivors[state.current].seat,
        "traitor",
        "You hold the Traitor card: use it now against a rival (it ends your turn).",
        tuple(Option(k, label) for k, label in traitor.traitor_options(state)),
    )


@CHOICES.step(TRAITOR)
def _traitor(state: State, key: keys.Key, events: list[Event]) -> None:
    traitor.betray(state, keys.Traitor.parse(key.arg), events)


@DECISIONS.step(REDRAW)
def _redraw_decision(state: State) -> Decision:
    return Decision(
        state.survivors[state.current].seat,
        "redraw",
        "Triple Shields: the card is beaten. Draw another Killer Scenes card here now?",
        (
            Option("redraw", "draw another Killer Scenes card now", aliases=("draw", "yes", "d")),
            Option(keys.join("redraw", keys.NO), "stay, and draw next turn", aliases=("no", "stay")),
        ),
    )


@CHOICES.step(REDRAW)
def _redraw(state: State, key: keys.Key, events: list[Event]) -> None:
    state.phase = TURN
    if key.arg != keys.NO:
        scenes.scene(state, events)
    else:
        turns.end_turn(state, events)


@DECISIONS.step(SCUFFLE)
def _scuffle_decision(state: State) -> Decision:
    s = state.survivors
    opts = [
        Option(keys.scuffle(o.seat), f"scuffle with {o.name}", aliases=(o.name.lower(),))
        for o in (s[i] for i in scuffles.scuffle_targets(state))
    ]
    opts.append(Option(keys.scuffle(keys.NO), "leave them be", aliases=("no",)))
    return Decision(s[state.current].seat, "scuffle", "A rival survivor is right here. Scuffle?", tuple(opts))


@CHOICES.step(SCUFFLE)
def _scuffle(state: State, key: keys.Key, events: list[Event]) -> None:
    if key.arg == keys.NO:
        scuffles.after_scuffle(state, events)
    else:
        other = next(i for i, o in enumerate(state.survivors) if o.seat == key.arg)
        scuffles.scuffle(state, other, events)


@DECISIONS.step(TASK)
def _task_decision(state: State) -> Decision:
    cur = state.survivors[state.current]
    top = state.center[-1]
    opts = []
    if checks.free_slots(cur) > 0:
        opts.append(Option("task:take", f"take Task #{top}", aliases=("take",)))
    else:
        opts += [
            Option(keys.task_swap(c), f"drop the {R.supply(c).name} and take Task #{top}", aliases=(c,))
            for c in cur.supplies
        ]
    opts.append(Option("task:leave", "leave the Task cards", aliases=("leave", "no")))
    return Decision(cur.seat, "task", f"Task #{top} waits on top of the pile. Take it?", tuple(opts))


@CHOICES.step(TASK)
def _task(state: State, key: keys.Key, events: list[Event]) -> None:
    tasks.task_choice(state, keys.Key.parse(key.arg), events)
