"""The decision of each phase and what a chosen key does in it: two tables of the turn machine, by phase."""

from __future__ import annotations

from engines.core.contract import (
    Decision,
    IllegalMove,
    Option,
)
from engines.core.events import Event
from engines.mixtape.tall_oaks import (
    checks,
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


def decide(state: State) -> Decision | None:
    if state.result:
        return None
    phase = state.phase
    s = state.survivors
    if phase == START_POINT:
        free = [p for p in B.starts if not opening.on_start(state, p)]
        return Decision(
            s[state.placing].seat,
            "start",
            "Choose your starting point.",
            tuple(Option(f"start:{p}", place(p), aliases=(p,)) for p in free),
        )
    cur = s[state.current]
    if phase == TURN:
        return Decision(cur.seat, "turn", "Your turn. What now?", tuple(turns.turn_options(state)))
    if phase == MOVE:
        return Decision(
            cur.seat, "move", movement.roll_prompt(tuple(state.roll)), movement.move_options(state)
        )
    if phase == SPEND:
        return spending.spend_decision(state)
    if phase == KEEP:
        k = s[state.keeper]
        new = R.supply(state.drawn).name
        opts = [Option(f"drop:{c}", f"let go of the {R.supply(c).name}", aliases=(c,)) for c in k.supplies]
        opts += [
            Option(f"drop:task:{t}", f"take Task #{t} back to the Rec Center pile", aliases=(f"task {t}",))
            for t in searching.droppable_tasks(state, k, state.after)
        ]
        opts.append(Option(f"drop:{state.drawn}", f"leave the {new}", aliases=("new", "leave")))
        found = f"{R.article(state.drawn)} {new}"
        return Decision(k.seat, "keep", f"You found {found} but your hands are full.", tuple(opts))
    if phase == TRAITOR:
        return Decision(
            cur.seat,
            "traitor",
            "You hold the Traitor card: use it now against a rival (it ends your turn).",
            tuple(Option(k, label) for k, label in traitor.traitor_options(state)),
        )
    if phase == REDRAW:
        return Decision(
            cur.seat,
            "redraw",
            "Triple Shields: the card is beaten. Draw another Killer Scenes card here now?",
            (
                Option("redraw", "draw another Killer Scenes card now", aliases=("draw", "yes", "d")),
                Option("redraw:no", "stay, and draw next turn", aliases=("no", "stay")),
            ),
        )
    if phase == SCUFFLE:
        opts = [
            Option(f"scuffle:{o.seat}", f"scuffle with {o.name}", aliases=(o.name.lower(),))
            for o in (s[i] for i in scuffles.scuffle_targets(state))
        ]
        opts.append(Option("scuffle:no", "leave them be", aliases=("no",)))
        return Decision(cur.seat, "scuffle", "A rival survivor is right here. Scuffle?", tuple(opts))
    if phase == TASK:
        top = state.center[-1]
        opts = []
        if checks.free_slots(cur) > 0:
            opts.append(Option("task:take", f"take Task #{top}", aliases=("take",)))
        else:
            opts += [
                Option(f"task:swap:{c}", f"drop the {R.supply(c).name} and take Task #{top}", aliases=(c,))
                for c in cur.supplies
            ]
        opts.append(Option("task:leave", "leave the Task cards", aliases=("leave", "no")))
        return Decision(cur.seat, "task", f"Task #{top} waits on top of the pile. Take it?", tuple(opts))
    return None


def apply(state: State, key: str, decision: Decision | None = None) -> list[Event]:
    d = decision or decide(state)
    if d is None:
        raise IllegalMove("The game is over; there is nothing left to decide.")
    if state.phase == MOVE:  # the move options are the stops: no need to list the keys
        if not (key.startswith("go:") and key[3:] in state.stops):
            raise IllegalMove(messages.illegal(state, d, key))
    elif key not in d.keys():  # noqa: SIM118 (Decision.keys is a method)
        raise IllegalMove(messages.illegal(state, d, key))
    events: list[Event] = []
    phase = state.phase
    if phase == START_POINT:
        opening.place_start(state, key[6:], events)
    elif phase == TURN:
        turns.turn_choice(state, key, events)
    elif phase == MOVE:
        movement.move(state, key[3:], events)
    elif phase == SPEND:
        spending.spend(state, key[6:], events)
    elif phase == KEEP:
        searching.keep(state, key[5:], events)
    elif phase == TASK:
        tasks.task_choice(state, key[5:], events)
    elif phase == TRAITOR:
        traitor.betray(state, key.split(":"), events)
    elif phase == REDRAW:
        state.phase = TURN
        if key == "redraw":
            scenes.scene(state, events)
        else:
            turns.end_turn(state, events)
    elif phase == SCUFFLE:
        if key == "scuffle:no":
            scuffles.after_scuffle(state, events)
        else:
            seat = key[8:]
            scuffles.scuffle(state, next(i for i, o in enumerate(state.survivors) if o.seat == seat), events)
    return events
