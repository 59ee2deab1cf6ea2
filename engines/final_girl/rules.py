"""The automatic rules: phases, Terror cards, the Tormentor, Death Traps, damage and Victims.

Everything here runs off `state.stack` until a step sets `state.ask`: a decision for the Final Girl.
"""

from __future__ import annotations

from typing import Any

from engines.core.events import Event
from engines.final_girl import ambiguity as amb
from engines.final_girl import data as D
from engines.final_girl.state import MinorPower, State, Trap, Victim

PHASE_OPS = ("turn", "action_phase", "planning_phase", "killer_phase", "panic_phase", "upkeep_phase")


def ev(state: State, events: list[Event], kind: str, **facts: Any) -> None:
    events.append(Event(kind, state.turn, state.phase, facts))


def emit(state: State, events: list[Event], kind: str, facts: dict[str, Any]) -> None:
    """As `ev`, the facts given as a dict: the form of the frequent events, as packing keywords into a dict
    costs more than the rest of the call."""
    events.append(Event(kind, state.turn, state.phase, facts))


def run(state: State, events: list[Event]) -> None:
    """Run queued steps until a decision is needed or the game is over."""
    stack, steps = state.stack, STEPS  # only `end_game` replaces the stack, and it ends the loop
    while stack and not state.ask and not state.result:
        op = stack.pop()
        steps[op["op"]](state, op, events)


def push(state: State, *ops: dict[str, Any]) -> None:
    """Queue steps to run next, in the order given."""
    state.stack.extend(reversed(ops))


# -- small helpers ------------------------------------------------------------------------------------


def victims_at(state: State, space: str, trapped: bool = False) -> list[Victim]:
    return [v for v in state.victims if v.space == space and v.trapped == trapped]


def free_victims(state: State) -> list[Victim]:
    return [v for v in state.victims if not v.trapped]


def fg_trap(state: State) -> Trap | None:
    for t in state.traps:  # a loop, not `next` over a generator: asked at most decisions, mostly of no traps
        if t.subject == "fg" and not t.done:
            return t
    return None


def attack_value(state: State) -> int:
    return D.ROWS[state.bloodlust][0] + _minor(state, "attack")


def move_value(state: State) -> int:
    bonus = 1 if state.dark_power == "tireless" and state.dark_power_revealed else 0
    return D.ROWS[state.bloodlust][1] + bonus + _minor(state, "move")


def _minor(state: State, what: str) -> int:
    """What the Minor Dark Powers in play add to her Attack or Movement Value."""
    if not state.minor_powers:
        return 0
    return sum(D.TERROR[D.KIND[m.card]]["minor"].get(what, 0) for m in state.minor_powers)


def adrenaline(state: State) -> int:
    fg = state.fg_health == 0
    killer = state.killer_space != "" and state.killer_health == 0
    return int(fg) + int(killer)


def other_setup(state: State) -> str:
    """A random Setup card other than the one in play (the Tormentor's stand-in while she is unseen)."""
    others = [s for s in D.SETUPS if s != state.setup_card]
    return D.SETUPS[others[state.rng.below(len(others))]]["killer"]


# -- Time, Horror, Bloodlust ----------------------------------------------------------------------------


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
    if state.dark_power == "iron_will":
        heal_killer(state, 2, events)


# -- health ---------------------------------------------------------------------------------------------


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
    state.fg_health = 0
    if state.fg_white or state.fg_token == 0:
        ev(state, events, "fg_token", value=0 if not state.fg_white else -1, cause=cause)
        end_game(state, "lost", "the Tormentor's work is finished: you are dead", events)
        return
    value, state.fg_token, state.fg_white = state.fg_token, 0, True
    state.fg_health = value
    ev(state, events, "fg_token", value=value, cause=cause, health=value)
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
    state.killer_health = 0
    if state.killer_white or state.killer_token == 0:
        ev(state, events, "killer_token", value=0, weapon=weapon)
        end_game(state, "won", "the Tormentor is dead", events, weapon=weapon)
        return
    value, state.killer_token, state.killer_white = state.killer_token, 0, True
    state.killer_health = value
    ev(state, events, "killer_token", value=value, health=value, weapon=weapon)
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
        state.stack.append({"op": "action_end"})
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


# -- Victims --------------------------------------------------------------------------------------------


def place_victims(state: State, n: int, space: str, events: list[Event]) -> list[Victim]:
    placed = []
    for _ in range(min(n, state.supply)):
        v = Victim(state.next_victim, space)
        state.next_victim += 1
        state.supply -= 1
        state.victims.append(v)
        placed.append(v)
    emit(
        state,
        events,
        "victims_placed",
        {"count": len(placed), "short": n - len(placed), "space": space, "name": D.SPACES[space]["name"]},
    )
    return placed


def kill_victim(state: State, v: Victim, events: list[Event], cause: str) -> None:
    state.victims.remove(v)
    state.dead += 1
    state.killed_this_turn = True
    ev(
        state,
        events,
        "victim_killed",
        victim=v.id,
        special=v.special,
        cause=cause,
        space=v.space,
        name=D.SPACES[v.space]["name"],
    )
    leave_play(state, v, events)
    raise_bloodlust(state, 1, events)


def leave_play(state: State, v: Victim, events: list[Event]) -> None:
    """A special Victim's Event card is discarded when that Victim leaves play."""
    if v.special and v.special in state.events_active:
        state.events_active.remove(v.special)
        state.events_done.append(v.special)


def move_victim(state: State, v: Victim, to: str, events: list[Event], why: str) -> None:
    if v.trapped or to == v.space:
        return
    emit(
        state,
        events,
        "victim_moved",
        {"victim": v.id, "src": v.space, "dst": to, "why": why, "name": D.SPACES[to]["name"]},
    )
    v.space = to


def panic_all(
    state: State, victims: list[Victim], events: list[Event], ordered: bool = False, group_dice: int = 0
) -> None:
    """Panic each Victim in turn; one that already moved with the Supervisor's group does not panic again.

    The order is the player's (research 1.1). It changes something only when the Supervisor's group panics
    and another panicking Victim could run into his space first (it would then be carried along): only then
    is she asked. When his group panics from The Pit, how many dice it rolls is a Game Ambiguity tie (V5c),
    settled here before anyone runs (his space cannot change before his group panics)."""
    if not ordered and _order_matters(victims):
        state.ask = {"kind": "panic_order", "victims": [v.id for v in victims]}
        return
    if not group_dice and any(
        v.special == "supervisor" and not v.trapped and v.space == D.PIT for v in victims
    ):
        if amb.asks(state):
            state.ask = {"kind": "pit_dice", "victims": [v.id for v in victims]}
            return
        group_dice, roll = amb.pit_dice(state)
        ev(state, events, "pit_dice", count=group_dice, roll=roll, rule=state.ties, chosen=False)
    done: set[int] = set()
    for v in victims:
        if state.result:
            return
        if v.id not in done:
            done.update(panic(state, v, events, group_dice))


def _order_matters(victims: list[Victim]) -> bool:
    boss = next((b for b in victims if b.special == "supervisor" and not b.trapped), None)
    if boss is None:
        return False
    for v in victims:
        if v.space != boss.space:
            table = D.SPACES[v.space]["panic2" if v.space == D.PIT else "panic"]
            if boss.space in table:
                return True
    return False


def supervisor_first(state: State, ids: list[int], group_first: bool) -> list[Victim]:
    """The panicking Victims in the order chosen: the Supervisor's space first, or last."""
    here = {v.id: v for v in state.victims}
    victims = [here[i] for i in ids if i in here]
    boss = next((v for v in victims if v.special == "supervisor"), None)
    if boss is None:
        return victims
    group = [v for v in victims if v.space == boss.space]
    others = [v for v in victims if v.space != boss.space]
    return group + others if group_first else others + group


def panic(state: State, v: Victim, events: list[Event], group_dice: int = 2) -> list[int]:
    """Roll for a panicking Victim (two dice in The Pit) and move it by the space's panic numbers.

    With the Supervisor in the space, one die moves every Victim there, the Supervisor too (rulebook); in The
    Pit his group rolls `group_dice` (1 or 2: the tie `panic_all` settles, V5c).
    Returns the ids of the Victims that panicked."""
    if v.trapped or v not in state.victims:
        return []
    space = D.SPACES[v.space]
    boss = next((b for b in state.victims if b.special == "supervisor" and not b.trapped), None)
    if boss is not None and boss.space == v.space:
        group = victims_at(state, v.space)
        if v.space == D.PIT and group_dice == 2:  # The Pit's 2 dice (rulebook), as the tie was settled
            roll = state.rng.d6s(2)
            to = space["panic2"][sum(roll) - 2]
        else:
            roll = state.rng.d6s(1)
            to = space["panic"][roll[0] - 1]
        ev(
            state,
            events,
            "group_panics",
            count=len(group),
            dice=roll,
            space=v.space,
            name=space["name"],
            dst=to,
        )
        for member in group:
            _flee(state, member, to, events)
        return [m.id for m in group]
    if v.space == D.PIT:
        roll = state.rng.d6s(2)
        to = space["panic2"][sum(roll) - 2]
    else:
        roll = state.rng.d6s(1)
        to = space["panic"][roll[0] - 1]
    emit(
        state,
        events,
        "victim_panics",
        {"victim": v.id, "dice": roll, "space": v.space, "name": space["name"], "dst": to},
    )
    _flee(state, v, to, events)
    return [v.id]


def _flee(state: State, v: Victim, to: str, events: list[Event]) -> None:
    if "zero_days" in state.events_active and v.space in D.RACKS and to:
        kill_victim(state, v, events, "fall")
    elif to:
        move_victim(state, v, to, events, "panic")


# -- Death Traps ---------------------------------------------------------------------------------------


def trap_victim(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """Let's Play a Game: the first Victim matching, in order: on a Rack furthest from you, in a Search space,
    next to an Exit, furthest from you (the last three icons are designed readings). Equals that differ (other
    spaces, or a special Victim) are a tie for Game Ambiguity."""
    if op.get("endless") and not state.victim_trap_deck:
        # K11: "You lose if there are no Victims [Death Trap cards] to resolve" (the chosen reading).
        ev(state, events, "trap_no_card")
        end_game(state, "lost", "Endless Traps has no Victim Death Trap left to set", events)
        return
    free = free_victims(state)
    tied: list[Victim] = []
    if op.get("newest") and free:
        tied = [max(free, key=lambda v: v.id)]
    elif op.get("furthest"):
        tied = _furthest(state, free)
    else:
        for spaces, furthest in _LETS_PLAY:
            matching = [v for v in free if v.space in spaces]
            if matching:
                # The 2nd and 3rd conditions say nothing of distance: every match is tied.
                tied = _furthest(state, matching) if furthest else _in_board_order(matching)
                break
    if not tied:
        ev(state, events, "trap_no_victim")
        return
    if not state.victim_trap_deck:
        ev(state, events, "trap_no_card")
        return
    if amb.alike(tied):
        trap_this(state, tied[0], events)
    elif amb.asks(state):
        state.ask = {"kind": "trap_tie", "victims": [v.id for v in amb.distinct(tied)]}
    else:
        trap_this(state, amb.trap_victim(state, tied), events)


def trap_this(state: State, target: Victim, events: list[Event]) -> None:
    card = state.victim_trap_deck.pop()
    set_trap(state, card, str(target.id), target.space, events)
    target.trapped = True


_LETS_PLAY: list[tuple[frozenset[str], bool]] = [
    (frozenset(D.RACKS), True),  # on the Rack furthest from you
    (frozenset(s for s in D.ORDER if D.SPACES[s].get("search", False)), False),  # in a Search space
    (frozenset(s for s in D.ORDER if any(n in D.EXITS for n in D.NEIGHBOURS[s])), False),  # next to an Exit
    (frozenset(D.ORDER), True),  # furthest from you
]
"""Let's Play a Game's conditions in order, each as the spaces that meet it, and whether the first match is
the furthest from you."""


def _in_board_order(victims: list[Victim]) -> list[Victim]:
    return sorted(victims, key=lambda v: (D.ORDER.index(v.space), v.id))


def _furthest(state: State, victims: list[Victim]) -> list[Victim]:
    """The Victims furthest from you, in board order and then by number."""
    if not victims:
        return []
    dist = D.DIST[state.fg_space]
    far = max(dist[v.space] for v in victims)
    return sorted((v for v in victims if dist[v.space] == far), key=lambda v: (D.ORDER.index(v.space), v.id))


def trap_fg(state: State, events: list[Event]) -> None:
    if fg_trap(state) is not None:
        ev(state, events, "trap_fg_already")
        return
    if not state.fg_trap_deck:
        ev(state, events, "trap_no_card")
        return
    set_trap(state, state.fg_trap_deck.pop(), "fg", state.fg_space, events)


def set_trap(state: State, card: str, subject: str, space: str, events: list[Event]) -> None:
    trap = Trap(state.next_trap, card, subject, space, turn=state.turn)
    state.next_trap += 1
    state.traps.append(trap)
    ev(
        state,
        events,
        "trap_set",
        trap=trap.id,
        card=card,
        title=D.TRAPS[card]["name"],
        subject=subject,
        space=space,
        name=D.SPACES[space]["name"],
        tasks=list(D.TRAPS[card]["tasks"]),
    )


def progress_traps(state: State, events: list[Event]) -> None:
    active = [t for t in state.traps if not t.done]
    emit(state, events, "traps_progress", {"count": len(active)})
    for trap in active:
        if state.result:
            return
        track = D.TRAPS[trap.card]["track"]
        trap.step = min(trap.step + 1, len(track) - 1)
        what = track[trap.step]
        emit(
            state,
            events,
            "trap_advances",
            {
                "trap": trap.id,
                "title": D.TRAPS[trap.card]["name"],
                "step": trap.step,
                "effect": what,
                "subject": trap.subject,
            },
        )
        if what == "horror":
            change_horror(state, 1, events)
        elif what == "time":
            change_time(state, -2, events)
        elif what == "health":
            hurt_fg(state, 1, events, "trap")
        elif what == "final":
            complete_trap(state, trap, events)


def complete_trap(state: State, trap: Trap, events: list[Event]) -> None:
    if trap.subject == "fg":
        end_game(state, "lost", f"the {D.TRAPS[trap.card]['name']} closes on you", events, trap=trap.card)
        return
    trap.done = True
    victim = next(v for v in state.victims if str(v.id) == trap.subject)
    state.trap_dead += 1
    kill_victim(state, victim, events, "trap")
    fail = D.TRAPS[trap.card].get("fail", {})
    change_horror(state, fail.get("horror", 0), events)
    change_time(state, fail.get("time", 0), events)
    if state.dark_power == "overkill_traps" and state.dark_power_revealed:
        ev(state, events, "overkill", space=trap.space)
        for v in victims_at(state, trap.space):
            kill_victim(state, v, events, "overkill")
        if state.fg_space == trap.space and fg_trap(state) is None:  # Trapped, she is off the board (D9)
            hurt_fg(state, 1, events, "overkill")


def free_subject(state: State, trap: Trap, events: list[Event]) -> None:
    state.traps.remove(trap)
    state.traps_out.append(trap.card)
    if trap.subject == "fg":
        state.fg_escapes += 1
        ev(state, events, "fg_escapes", trap=trap.id, title=D.TRAPS[trap.card]["name"])
        return
    victim = next(v for v in state.victims if str(v.id) == trap.subject)
    victim.trapped = False
    victim.space = trap.space
    state.freed += 1
    ev(
        state,
        events,
        "victim_freed",
        trap=trap.id,
        title=D.TRAPS[trap.card]["name"],
        victim=victim.id,
        same_turn=trap.turn == state.turn,
    )
    if state.epic:
        state.stack.append({"op": "trap_victim", "furthest": True, "endless": True})


# -- Events ---------------------------------------------------------------------------------------------


def draw_event(state: State, events: list[Event]) -> None:
    if not state.event_deck:
        ev(state, events, "event_none")
        return
    card = state.event_deck.pop()
    spec = D.EVENTS[card]
    ev(state, events, "event_drawn", event=card, title=spec["name"])
    if spec.get("special"):
        free = free_victims(state)
        if not free:
            ev(state, events, "event_ignored", event=card, title=spec["name"])
            state.events_done.append(card)
            return
        nearest = min(free, key=lambda v: (D.DIST[state.fg_space][v.space], v.id))
        nearest.special = card
        state.events_active.append(card)
        ev(
            state,
            events,
            "special_victim",
            event=card,
            victim=nearest.id,
            title=spec["name"],
            name=D.SPACES[nearest.space]["name"],
        )
        return
    if spec.get("persistent"):
        state.events_active.append(card)
    else:
        state.events_done.append(card)
    push(state, *[dict(e) for e in spec.get("effects", [])])


# -- the steps ------------------------------------------------------------------------------------------


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


def _action_phase(state: State, op: dict[str, Any], events: list[Event]) -> None:
    state.phase = "action"
    state.end_action = False
    if state.skip_action:
        state.skip_action = False
        ev(state, events, "action_skipped", time=state.time)
        return
    emit(state, events, "phase_started", {"time": state.time})
    state.stack.append({"op": "hub"})


def _hub(state: State, op: dict[str, Any], events: list[Event]) -> None:
    if state.end_action or state.time < 0:
        state.stack.append({"op": "action_end"})
        return
    state.ask = {"kind": "action"}


def _action_end(state: State, op: dict[str, Any], events: list[Event]) -> None:
    lost = sum(1 for t in state.traps if t.progress)
    for t in state.traps:
        t.progress = 0
    if state.improvise == "phase":
        state.improvise = ""
    emit(state, events, "action_ended", {"time": state.time, "lost_progress": lost})


def _planning_phase(state: State, op: dict[str, Any], events: list[Event]) -> None:
    state.phase = "planning"
    push(state, {"op": "planning_offer"})  # actions.py: ask, unless finishing is the only choice


def _killer_phase(state: State, op: dict[str, Any], events: list[Event]) -> None:
    state.phase = "killer"
    if state.finale_revealed and not state.killer_space:
        state.killer_space = other_setup(state)
        ev(
            state,
            events,
            "killer_appears",
            space=state.killer_space,
            name=D.SPACES[state.killer_space]["name"],
        )
    action = D.FINALES[state.finale]["action"] if state.finale_revealed else D.KILLER["initial_action"]
    ops = [dict(a) for a in action]
    if not state.finale_revealed:
        ops.append({"op": "draw_terror"})
    push(state, *ops)


def _panic_phase(state: State, op: dict[str, Any], events: list[Event]) -> None:
    state.phase = "panic"
    completed = {t.space for t in state.traps if t.done}
    if not completed and not (state.killed_this_turn and state.killer_space):
        return  # no one panics (most turns): as `panic_all` of nobody
    who = [
        v
        for v in free_victims(state)
        if (state.killed_this_turn and state.killer_space and v.space == state.killer_space)
        or v.space in completed
    ]
    panic_all(state, who, events)


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
                leave_play(state, v, events)
    for t in [t for t in state.traps if t.done]:
        state.traps.remove(t)
        state.traps_out.append(t.card)
    push(state, *later, {"op": "arrange"})


def unlock(state: State, space: str, events: list[Event], how: str) -> None:
    if space in state.locked:
        state.locked.remove(space)
        ev(state, events, "exit_unlocked", space=space, name=D.SPACES[space]["name"], how=how)


def _draw_terror(state: State, op: dict[str, Any], events: list[Event]) -> None:
    if len(state.terror) == 0:
        return
    card = state.terror.draw()
    kind = D.card_kind(card)
    spec = D.TERROR[kind]
    if spec.get("needs_victims") and not free_victims(state):
        state.terror.discard(card)
        ev(state, events, "terror_skipped", card=card, title=spec["name"])
        state.stack.append({"op": "draw_terror"})
        return
    emit(state, events, "terror_drawn", {"card": card, "title": spec["name"], "left": len(state.terror)})
    push(state, *[dict(e) for e in spec["effects"]], {"op": "terror_done", "card": card})


def _terror_done(state: State, op: dict[str, Any], events: list[Event]) -> None:
    card = op["card"]
    if card in state.terror.draw_pile or any(m.card == card for m in state.minor_powers):
        return  # bottomed, or in play as a Minor Dark Power
    state.terror.discard(card)
    state.bottomed = 0


def _bottom(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """Bottoming: under the Terror deck, unless it is the last card or the cards keep bottoming in a loop."""
    card = _current_terror(state)
    if card is None:
        return
    if len(state.terror) == 0 or state.bottomed >= len(state.terror):
        ev(state, events, "terror_discarded", card=card, title=D.TERROR[D.card_kind(card)]["name"])
        return
    state.bottomed += 1
    state.terror.draw_pile.insert(0, card)
    ev(state, events, "terror_bottomed", card=card, title=D.TERROR[D.card_kind(card)]["name"])


def _current_terror(state: State) -> str | None:
    for op in reversed(state.stack):
        if op["op"] == "terror_done":
            return op["card"]
    return None


def _killer_action(state: State, op: dict[str, Any], events: list[Event]) -> None:
    if not state.killer_space:
        ev(state, events, "killer_unseen")
        return
    tied = _targets(state, op["target"])
    if len(tied) > 1 and amb.asks(state):
        state.ask = {
            "kind": "tie",
            "choices": [[s, fg] for s, fg in tied],
            "move": op.get("move", 0),
            "attack": op.get("attack", 0),
        }
        return
    chosen = amb.target(state, tied) if len(tied) > 1 else tied[0] if tied else None
    killer_go(state, chosen, op.get("move", 0), op.get("attack", 0), events)


def killer_go(
    state: State, target: tuple[str, bool] | list | None, move: int, attack: int, events: list[Event]
) -> None:
    """Move toward the chosen target, then queue the attacks."""
    if target is not None:
        emit(
            state,
            events,
            "killer_targets",
            {"space": target[0], "name": D.SPACES[target[0]]["name"], "fg": bool(target[1])},
        )
        _killer_move(state, target[0], move, events)
    for _ in range(attack):
        state.stack.append({"op": "attack", "fg": target is not None and bool(target[1])})


def _target(state: State, kind: str) -> tuple[str, bool] | None:
    tied = _targets(state, kind)
    return tied[0] if tied else None


def _targets(state: State, kind: str) -> list[tuple[str, bool]]:
    """Every target still tied after distance and then most Victims, Infinite Evil's pick (you) first."""
    here = state.killer_space
    groups: dict[str, int] = {}
    for v in free_victims(state):
        groups[v.space] = groups.get(v.space, 0) + 1
    fg_ok = fg_trap(state) is None
    cands: list[tuple[int, int, int, int, str, bool]] = []
    if kind in ("closest", "closest_victim"):
        for space, n in groups.items():
            cands.append((D.DIST[here][space], -n, 1, D.ORDER.index(space), space, False))
    if kind in ("closest", "fg") and fg_ok:
        cands.append(
            (D.DIST[here][state.fg_space], -groups.get(state.fg_space, 0), 0, 0, state.fg_space, True)
        )
    if not cands:
        return []
    cands.sort()
    best = cands[0][:2]
    return [(c[4], c[5]) for c in cands if c[:2] == best]


def _killer_move(state: State, goal: str, boots: int, events: list[Event]) -> None:
    steps = boots * move_value(state)
    start = state.killer_space
    for _ in range(steps):
        if state.killer_space == goal:
            break
        state.killer_space = D.step_toward(state.killer_space, goal)
    if state.killer_space != start:
        ev(
            state,
            events,
            "killer_moves",
            src=start,
            dst=state.killer_space,
            name=D.SPACES[state.killer_space]["name"],
        )


def _lock_run(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """No Escape!: she heads for the nearest unlocked Exit and locks it; with none open, she hunts."""
    if not state.killer_space:
        return
    open_exits = [e for e in D.EXITS if e not in state.locked]
    if not open_exits:
        state.stack.append({"op": "killer_action", "target": "closest", "move": 1, "attack": 1})
        return
    goal = min(open_exits, key=lambda e: (D.DIST[state.killer_space][e], D.ORDER.index(e)))
    emit(state, events, "killer_targets", {"space": goal, "name": D.SPACES[goal]["name"], "fg": False})
    _killer_move(state, goal, 1, events)
    if state.killer_space == goal:
        state.locked.append(goal)
        ev(state, events, "exit_locked", space=goal, name=D.SPACES[goal]["name"])
    state.stack.append({"op": "attack", "fg": False})


def _attack(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """One attack: Victims in her space before the Final Girl, unless the Final Girl was the target."""
    space = state.killer_space
    if not space:
        return
    here = victims_at(state, space)
    fg_here = state.fg_space == space and fg_trap(state) is None
    if here and not (op.get("fg") and fg_here):
        if amb.alike(here):
            kill_victim(state, min(here, key=lambda v: v.id), events, "killer")
        elif amb.asks(state):
            state.ask = {"kind": "attack_tie", "victims": [v.id for v in amb.distinct(here)]}
        else:
            kill_victim(state, amb.attacked_victim(state, here), events, "killer")
        return
    if fg_here:
        state.stack.append({"op": "attack_fg", "damage": attack_value(state), "first": True})
        return
    ev(state, events, "attack_empty", name=D.SPACES[space]["name"])


def _attack_fg(state: State, op: dict[str, Any], events: list[Event]) -> None:
    damage = op["damage"]
    if op.get("first"):
        ev(state, events, "killer_attacks_fg", damage=damage)
    reactions = [c for c in state.hand if D.ACTIONS[D.KIND[c]].get("reaction")]
    hat = not op.get("hat") and any(D.ITEMS[i]["kind"] == "armour" for i in state.backpack + state.hands)
    if damage > 0 and (reactions or hat) and fg_trap(state) is None:
        state.ask = {"kind": "react", "damage": damage, "hat": bool(op.get("hat"))}
        return
    state.stack.append({"op": "take_hit", "damage": damage})


def _take_hit(state: State, op: dict[str, Any], events: list[Event]) -> None:
    damage = op["damage"]
    friend = next((v for v in state.victims if v.special == "best_friend" and not v.trapped), None)
    if damage > 0 and friend and friend.space == state.fg_space:
        damage -= 1
        ev(state, events, "friend_shields", victim=friend.id)
    hurt_fg(state, damage, events, "killer")


def use_item(state: State, item: str, events: list[Event]) -> None:
    """Spend one use of an item with uses (or a single-use item); discard it when empty."""
    left = state.item_uses.get(item)
    if left is not None and left > 1:
        state.item_uses[item] = left - 1
        return
    state.item_uses.pop(item, None)
    for pile in (state.hands, state.backpack):
        if item in pile:
            pile.remove(item)
    state.items_gone.append(item)
    ev(state, events, "item_spent", item=item, title=D.ITEMS[item]["name"])


def _forklift_accident(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """Designed: roll two dice; the sum picks a space in board order, where every Victim dies and you lose 1."""
    roll = state.rng.d6s(2)
    space = D.ORDER[(sum(roll) - 2) % len(D.ORDER)]
    ev(state, events, "forklift_accident", dice=roll, space=space, name=D.SPACES[space]["name"])
    for v in victims_at(state, space):
        kill_victim(state, v, events, "accident")
    if state.fg_space == space and fg_trap(state) is None:  # a Trapped subject is off the board here (D9)
        hurt_fg(state, 1, events, "accident")


def _to_racks(state: State, op: dict[str, Any], events: list[Event]) -> None:
    for v in free_victims(state):
        racks = [n for n in D.WALK_LINES[v.space] if n in D.RACKS]
        if racks and v.space not in D.RACKS:
            move_victim(state, v, racks[0], events, "event")


def _panic_op(state: State, op: dict[str, Any], events: list[Event]) -> None:
    who = [v for v in free_victims(state) if not (op.get("who") == "others" and v.space == state.fg_space)]
    panic_all(state, who, events)


def _supervisor(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """The Supervisor: a special Victim in the Supply Cage; with none left in the supply the card goes."""
    placed = place_victims(state, 1, "cage", events)
    if placed:
        placed[0].special = "supervisor"
        ev(
            state,
            events,
            "special_victim",
            event="supervisor",
            victim=placed[0].id,
            title=D.EVENTS["supervisor"]["name"],
            name=D.SPACES["cage"]["name"],
        )
    elif "supervisor" in state.events_active:
        state.events_active.remove("supervisor")
        state.events_done.append("supervisor")


def _victims_op(state: State, op: dict[str, Any], events: list[Event]) -> None:
    at = op["at"]
    if at == "killer":
        space = state.killer_space or other_setup(state)
    elif at == "fg":
        space = state.fg_start
    else:
        space = at
    place_victims(state, op["n"], space, events)


def _minor_power(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """The Terror card stays in play above her board as a Minor Dark Power with its health markers."""
    card = _current_terror(state)
    if card is None:
        return
    spec = D.TERROR[D.KIND[card]]
    state.minor_powers.append(MinorPower(card, spec["health"]))
    ev(
        state,
        events,
        "minor_power",
        card=card,
        title=spec["name"],
        health=spec["health"],
        adds=dict(spec["minor"]),
    )
    if len({D.KIND[m.card] for m in state.minor_powers}) > 1:
        _settle_shield(state, events)


def _settle_shield(state: State, events: list[Event]) -> None:
    """Which Minor Dark Power takes damage first, now that there is more than one: the rules say only that
    they take it before her health, so it is a tie for Game Ambiguity (RULES.md K12b)."""
    if amb.asks(state):
        state.ask = {"kind": "shield", "cards": [m.card for m in state.minor_powers]}
        return
    put_first(state, amb.shield(state, state.minor_powers).card, events, chosen=False)


def put_first(state: State, card: str, events: list[Event], chosen: bool = True) -> None:
    """The Minor Dark Power that takes the next damage; the others keep their order."""
    power = next(m for m in state.minor_powers if m.card == card)
    state.minor_powers.remove(power)
    state.minor_powers.insert(0, power)
    title = D.TERROR[D.KIND[card]]["name"]
    ev(state, events, "shield_order", card=card, title=title, chosen=chosen, rule=state.ties)


STEPS = {
    "turn": _turn,
    "action_phase": _action_phase,
    "hub": _hub,
    "action_end": _action_end,
    "planning_phase": _planning_phase,
    "killer_phase": _killer_phase,
    "panic_phase": _panic_phase,
    "upkeep_phase": _upkeep_phase,
    "draw_terror": _draw_terror,
    "terror_done": _terror_done,
    "bottom": _bottom,
    "draw_next": lambda s, o, e: push(s, {"op": "draw_terror"}),
    "killer_action": _killer_action,
    "lock_run": _lock_run,
    "attack": _attack,
    "attack_fg": _attack_fg,
    "take_hit": _take_hit,
    "horror": lambda s, o, e: change_horror(s, o["n"], e),
    "time": lambda s, o, e: change_time(s, o["n"], e),
    "bloodlust": lambda s, o, e: raise_bloodlust(s, o["n"], e),
    "victims": _victims_op,
    "trap_victim": trap_victim,
    "trap_fg": lambda s, o, e: trap_fg(s, e),
    "progress": lambda s, o, e: progress_traps(s, e),
    "panic": _panic_op,
    "event": lambda s, o, e: draw_event(s, e),
    "unlock": lambda s, o, e: unlock(s, o["exit"], e, "click"),
    "lock_all": lambda s, o, e: _lock_all(s, e),
    "forklift_accident": _forklift_accident,
    "to_racks": _to_racks,
    "supervisor": _supervisor,
    "minor_power": _minor_power,
}


def _lock_all(state: State, events: list[Event]) -> None:
    state.locked = list(D.EXITS)
    ev(state, events, "exits_locked")
