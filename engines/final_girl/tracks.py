"""The tracks: Time, Horror and Bloodlust, both health tracks with their Final Health tokens, and the end of the game."""

from __future__ import annotations

from typing import Any

from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl.machine import PHASE_OPS, STEPS, emit, ev, push
from engines.final_girl.state import State


def attack_value(state: State) -> int:
    return killer_values(state)[0]


def move_value(state: State) -> int:
    return killer_values(state)[1]


def killer_values(state: State) -> tuple[int, int]:
    """Her Attack and Movement Values now: the Bloodlust row's, with what her powers add. Both in one pass, as
    the view reads both at every decision."""
    row = D.ROWS[state.bloodlust]
    attack, move = row[0], row[1]
    if state.dark_power_revealed:  # Tireless: her Movement Value is higher once it is revealed
        move += _POWER_MOVE.get(state.dark_power, 0)
    for power in state.minor_powers:  # a plain loop: most of the time there are none, or one
        add_attack, add_move = _MINOR_ADDS[power.card]
        attack += add_attack
        move += add_move
    return attack, move


_MINOR_ADDS: dict[str, tuple[int, int]] = {
    c: (D.TERROR[kind]["minor"].get("attack", 0), D.TERROR[kind]["minor"].get("move", 0))
    for c, kind in D.KIND.items()
    if kind in D.TERROR and D.TERROR[kind].get("minor")
}
"""Minor Dark Power card -> what it adds to her Attack and Movement Values, read from the data once."""
_POWER_MOVE: dict[str, int] = {k: v.get("move", 0) for k, v in D.DARK_POWERS.items()}
"""Dark Power -> what it adds to her Movement Value once revealed (Tireless)."""


def adrenaline(state: State) -> int:
    fg = state.fg_health == 0
    killer = state.killer_space != "" and state.killer_health == 0
    return int(fg) + int(killer)


def change_time(state: State, n: int, events: list[Event]) -> None:
    if n == 0:
        return
    before = state.time
    if n > 0:
        if state.time < 0:
            ev(state, events, "time_blocked", amount=n)
            return
        state.time = min(D.RULES["time_max"], state.time + n)
    else:
        state.time = max(D.RULES["time_floor"], state.time + n)
    emit(state, events, "time_changed", {"amount": n, "time": state.time})
    if state.time < 0 <= before and state.phase != "action":
        state.skip_action = True
        ev(state, events, "time_below_zero", time=state.time)


def change_horror(state: State, n: int, events: list[Event]) -> None:
    step = 1 if n > 0 else -1
    for _ in range(abs(n)):
        if step > 0 and state.horror >= D.HORROR_MAX:
            ev(state, events, "horror_overflow")
            raise_bloodlust(state, 1, events)
        elif step < 0 and state.horror <= 0:
            ev(state, events, "horror_floor")
            change_time(state, 1, events)
        else:
            state.horror += step
            emit(state, events, "horror_changed", {"amount": step, "horror": state.horror})
        if state.result:
            return


def raise_bloodlust(state: State, n: int, events: list[Event]) -> None:
    for _ in range(n):
        if state.bloodlust >= len(D.ROWS) - 1:
            ev(state, events, "bloodlust_final", row=state.bloodlust + 1)
            push(state, {"op": "trap_victim"})  # Final Effect (designed): another Victim is Trapped
            continue
        state.bloodlust += 1
        effect = D.ROWS[state.bloodlust][2]
        emit(
            state,
            events,
            "bloodlust_rises",
            {
                "row": state.bloodlust + 1,
                "attack": attack_value(state),
                "move": move_value(state),
                "effect": effect,
            },
        )
        if effect == "horror":
            change_horror(state, 1, events)
        elif effect == "dark_power":
            reveal_dark_power(state, events)


def reveal_dark_power(state: State, events: list[Event]) -> None:
    if state.dark_power_revealed:
        return
    state.dark_power_revealed = True
    ev(
        state,
        events,
        "dark_power_revealed",
        power=state.dark_power,
        name=D.DARK_POWERS[state.dark_power]["name"],
    )
    heal = D.DARK_POWERS[state.dark_power].get("heal", 0)  # Iron Will
    if heal:
        heal_killer(state, heal, events)


def heal_fg(state: State, n: int, events: list[Event]) -> None:
    healed = min(n, state.fg_max - state.fg_health)
    state.fg_health += healed
    ev(state, events, "fg_healed", amount=healed, health=state.fg_health)


def heal_killer(state: State, n: int, events: list[Event]) -> None:
    healed = min(n, state.killer_max - state.killer_health)
    state.killer_health += healed
    ev(state, events, "killer_healed", amount=healed, health=state.killer_health)


def hurt_fg(state: State, n: int, events: list[Event], cause: str) -> None:
    """Damage or lost health: markers first, then the Final Health token (a comeback ends the phase)."""
    if n <= 0 or state.result:
        return
    if n <= state.fg_health:
        state.fg_health -= n
        ev(state, events, "fg_hurt", amount=n, health=state.fg_health, cause=cause, last=state.fg_health == 0)
        return
    lost, state.fg_health = state.fg_health, 0  # `lost`: the health the blow took before the token
    if state.fg_white or state.fg_token == 0:
        ev(state, events, "fg_token", value=0 if not state.fg_white else -1, cause=cause, lost=lost)
        end_game(state, "lost", "the Tormentor's work is finished: you are dead", events)
        return
    value, state.fg_token, state.fg_white = state.fg_token, 0, True
    state.fg_health = value
    ev(state, events, "fg_token", value=value, cause=cause, health=value, lost=lost)
    end_phase_now(state, events)


def hurt_killer(state: State, n: int, events: list[Event], weapon: str = "") -> None:
    """Damage to her: Minor Dark Powers' health first (the first in line first: K12b), then her markers, then
    the token."""
    if n <= 0 or state.result or not state.killer_space:
        return
    while n > 0 and state.minor_powers:
        power = state.minor_powers[0]
        taken = min(n, power.health)
        power.health -= taken
        n -= taken
        title = D.TERROR[D.KIND[power.card]]["name"]
        ev(state, events, "minor_power_hurt", card=power.card, title=title, amount=taken, health=power.health)
        if power.health == 0:
            state.minor_powers.pop(0)
            state.terror.discard(power.card)
            ev(state, events, "minor_power_broken", card=power.card, title=title)
    if n <= 0:
        return
    if n <= state.killer_health:
        state.killer_health -= n
        ev(state, events, "killer_hurt", amount=n, health=state.killer_health, weapon=weapon)
        return
    lost, state.killer_health = state.killer_health, 0  # `lost`: the health the blow took before the token
    if state.killer_white or state.killer_token == 0:
        ev(state, events, "killer_token", value=0, weapon=weapon, lost=lost)
        end_game(state, "won", "the Tormentor is dead", events, weapon=weapon)
        return
    value, state.killer_token, state.killer_white = state.killer_token, 0, True
    state.killer_health = value
    ev(state, events, "killer_token", value=value, health=value, weapon=weapon, lost=lost)
    end_phase_now(state, events)


def end_phase_now(state: State, events: list[Event]) -> None:
    """A Final Health comeback: the current phase ends at once (research 2.12)."""
    state.ask = {}
    state.roll = {}
    if state.resolving:
        state.used.append(state.resolving)
        state.resolving = ""
    while state.stack and state.stack[-1]["op"] not in PHASE_OPS:
        _drop(state, state.stack.pop())
    if state.phase == "action":
        push(state, {"op": "action_end"})
    ev(state, events, "phase_cut", phase=state.phase)


def _drop(state: State, op: dict[str, Any]) -> None:
    """A Terror card whose effects are cut short still goes to the discard pile."""
    if op["op"] != "terror_done" or op["card"] in state.terror.draw_pile:
        return
    if not any(m.card == op["card"] for m in state.minor_powers):
        state.terror.discard(op["card"])


def end_game(state: State, result: str, reason: str, events: list[Event], **facts: Any) -> None:
    if state.result:
        return
    state.result = result
    state.reason = reason
    state.ask = {}
    for op in state.stack:
        _drop(state, op)
    state.stack = []
    state.roll = {}
    if state.resolving:
        state.used.append(state.resolving)
        state.resolving = ""
    state.phase = "over"
    ev(
        state,
        events,
        f"game_{result}",
        reason=reason,
        saved=state.saved,
        dead=state.dead,
        turns=state.turn,
        girl=state.girl,
        **facts,
    )


@STEPS.step("horror")
def _horror_step(state: State, op: dict[str, Any], events: list[Event]) -> None:
    change_horror(state, op["n"], events)


@STEPS.step("time")
def _time_step(state: State, op: dict[str, Any], events: list[Event]) -> None:
    change_time(state, op["n"], events)


@STEPS.step("bloodlust")
def _bloodlust_step(state: State, op: dict[str, Any], events: list[Event]) -> None:
    raise_bloodlust(state, op["n"], events)
