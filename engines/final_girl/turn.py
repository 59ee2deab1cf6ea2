"""The turn: its phases in order, the Action phase's menu gathered from every mechanic, and Upkeep."""

from __future__ import annotations

from typing import Any

from engines.core.contract import Ending, Option
from engines.core.events import Event
from engines.final_girl.board import fg_trap
from engines.final_girl.cards import kind_of
from engines.final_girl.events import event_upkeep
from engines.final_girl.items import forklift_options, item_options
from engines.final_girl.keys import Key
from engines.final_girl.killer import finale_upkeep, reveal_finale_if_due
from engines.final_girl.machine import ACTS, CHOICES, OPTIONS, STEPS, emit, ev, push
from engines.final_girl.planning import trade_options
from engines.final_girl.playing import discard_options, play_options
from engines.final_girl.state import State
from engines.final_girl.traps import remove_completed_traps, task_options, workable_traps
from engines.final_girl.victims import save_options

_END = Option("end", "end the Action phase", ("done", "pass", "stop"))


@OPTIONS.step("action")
def action_options(state: State) -> list[Option]:
    """Everything she may do in the Action phase, in the order listed: cards to play (and toward the Escape
    Tasks), the other Escape Tasks, a rescue, items, the Forklift, trades, discards, and ending the phase."""
    traps = workable_traps(state)
    trapped = fg_trap(state) is not None
    held = frozenset(map(kind_of, state.hand))
    opts = play_options(state, held, trapped, traps)
    opts += task_options(state, traps)
    opts += save_options(state)
    opts += item_options(state)
    opts += forklift_options(state, trapped)
    opts += trade_options(state, held)
    opts += discard_options(held)
    opts.append(_END)
    return opts


@CHOICES.step("action")
def do_action(state: State, key: Key, events: list[Event]) -> None:
    """Come back to the Action phase's menu after this action, and carry it out by its verb."""
    push(state, {"op": "hub"})
    state.ask = {}
    state.acted = state.acted or key.verb != "end"
    ACTS.run(key.verb, state, key, events)


@ACTS.step("end")
def _end(state: State, key: Key, events: list[Event]) -> None:
    state.end_action = True
    emit(state, events, "action_stop", {"time": state.time})


def ending(state: State, key: str) -> Ending | None:
    """What `key` ends, where it ends the Action phase, Planning or a move (the table's guard against ending one
    untouched): the Time still to spend in a phase (in the Action phase it buys cards in Planning; at the end of
    Planning it is gone), the steps left in a move."""
    kind, verb = state.ask.get("kind"), Key.parse(key).verb
    if (kind, verb) in (("action", "end"), ("planning", "done")):
        time = f"{state.time} Time to spend" if state.time > 0 else ""
        left = " and ".join(w for w in ("" if state.acted else "nothing done in it", time) if w)
        return Ending("the Action phase" if kind == "action" else "Planning", left, untouched=not state.acted)
    if kind == "move" and verb == "stop":
        steps = state.ask["steps"]
        return Ending("the move", f"{steps} step{'s' if steps != 1 else ''} left")
    return None


@STEPS.step("turn")
def _turn(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """The next turn. There is no last turn: the game ends only when she or you die (X3)."""
    state.turn += 1
    state.killed_this_turn = False
    state.played = []
    emit(state, events, "turn_started", {"turn": state.turn})
    push(
        state,
        {"op": "action_phase"},
        {"op": "planning_phase"},
        {"op": "killer_phase"},
        {"op": "panic_phase"},
        {"op": "upkeep_phase"},
        {"op": "turn"},
    )


@STEPS.step("action_phase")
def _action_phase(state: State, op: dict[str, Any], events: list[Event]) -> None:
    state.phase = "action"
    state.end_action = False
    state.acted = False
    if state.skip_action:
        state.skip_action = False
        ev(state, events, "action_skipped", time=state.time)
        return
    emit(state, events, "phase_started", {"time": state.time})
    push(state, {"op": "hub"})


@STEPS.step("hub")
def _hub(state: State, op: dict[str, Any], events: list[Event]) -> None:
    if state.end_action or state.time < 0:
        push(state, {"op": "action_end"})
        return
    state.ask = {"kind": "action"}


@STEPS.step("action_end")
def _action_end(state: State, op: dict[str, Any], events: list[Event]) -> None:
    lost = sum(1 for t in state.traps if t.progress)
    for t in state.traps:
        t.progress = 0
    if state.improvise == "phase":
        state.improvise = ""
    emit(state, events, "action_ended", {"time": state.time, "lost_progress": lost})


@STEPS.step("upkeep_phase")
def _upkeep_phase(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """Upkeep: the Finale's effects (from the Upkeep after its reveal), the Finale's reveal when the Terror
    deck is out, the Events' upkeep, completed traps removed; then her items may be rearranged."""
    state.phase = "upkeep"
    later = finale_upkeep(state)  # read before this Upkeep's reveal: they start at the next one
    reveal_finale_if_due(state, events)
    event_upkeep(state, events)
    remove_completed_traps(state)
    push(state, *later, {"op": "arrange"})
