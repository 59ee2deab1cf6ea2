"""The turn: its phases in order, the Action phase's menu gathered from every mechanic, and Upkeep."""

from __future__ import annotations

from typing import Any

from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl.board import fg_trap, free_victims, leave_play, unlock
from engines.final_girl.cards import kind_of
from engines.final_girl.items import forklift_options, item_options
from engines.final_girl.keys import Key
from engines.final_girl.machine import ACTS, CHOICES, OPTIONS, STEPS, emit, ev, push
from engines.final_girl.planning import trade_options
from engines.final_girl.playing import discard_options, play_options
from engines.final_girl.state import State
from engines.final_girl.tracks import reveal_dark_power
from engines.final_girl.traps import task_options, workable_traps
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
    state.stack.append({"op": "hub"})
    state.ask = {}
    ACTS.run(key.verb, state, key, events)


@ACTS.step("end")
def _end(state: State, key: Key, events: list[Event]) -> None:
    state.end_action = True
    emit(state, events, "action_stop", {"time": state.time})


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
    if state.skip_action:
        state.skip_action = False
        ev(state, events, "action_skipped", time=state.time)
        return
    emit(state, events, "phase_started", {"time": state.time})
    state.stack.append({"op": "hub"})


@STEPS.step("hub")
def _hub(state: State, op: dict[str, Any], events: list[Event]) -> None:
    if state.end_action or state.time < 0:
        state.stack.append({"op": "action_end"})
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
    state.phase = "upkeep"
    later: list[dict[str, Any]] = []
    if state.finale_revealed and state.turn > state.finale_turn:
        later = [dict(e) for e in D.FINALES[state.finale].get("upkeep", [])]  # from the next Upkeep on
    if not state.finale_revealed and len(state.terror) == 0:
        state.finale_revealed = True
        state.finale_turn = state.turn
        ev(state, events, "finale_revealed", finale=state.finale, title=D.FINALES[state.finale]["name"])
        reveal_dark_power(state, events)
    if "zipp" in state.events_active:
        zipp = next((v for v in state.victims if v.special == "zipp"), None)
        if zipp and zipp.space in state.locked and not zipp.trapped:
            unlock(state, zipp.space, events, "zipp")
    if "smarter" in state.events_active:
        for v in [v for v in free_victims(state) if v.space in D.EXITS and v.space not in state.locked]:
            if v.space != state.fg_space:
                state.victims.remove(v)
                state.saved += 1
                state.saved_alone += 1
                ev(state, events, "victim_escapes_alone", victim=v.id, name=D.SPACES[v.space]["name"])
                leave_play(state, v)
    for t in [t for t in state.traps if t.done]:
        state.traps.remove(t)
        state.traps_out.append(t.card)
    push(state, *later, {"op": "arrange"})
