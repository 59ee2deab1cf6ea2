"""The Victims' own rules: rescues on an open Exit and their rewards, and panic."""

from __future__ import annotations

from typing import Any

from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import ambiguity as amb
from engines.final_girl import data as D
from engines.final_girl.board import (
    EXIT_SET,
    fg_trap,
    free_victims,
    kill_victim,
    leave_play,
    move_victim,
    victims_at,
)
from engines.final_girl.keys import Key
from engines.final_girl.machine import ACTS, CHOICES, OPTIONS, STEPS, emit, ev, push
from engines.final_girl.state import State, Victim
from engines.final_girl.tracks import change_horror, change_time, heal_fg
from engines.final_girl.traps import current_task, toward_task

_ONE_DIE, _PIT_DICE_N = D.RULES["panic_dice"], D.RULES["panic_dice_pit"]
"""The dice of a panic, and of one in The Pit."""
SAVE = Option("save", "rescue a Victim here", ("rescue",))  # not "save": the REPL's command wins


def save_options(state: State) -> list[Option]:
    """Rescuing, when a free Victim stands with her on an open Exit. Saving is not in the
    rulebook's list of what a Trapped subject may not do: she may still lead out."""
    here = state.fg_space
    if here in EXIT_SET and here not in state.locked:
        for v in state.victims:
            if v.space == here and not v.trapped:
                return [SAVE]
    return []


@ACTS.step("save")
def _save(state: State, key: Key, events: list[Event]) -> None:
    save_victim(state, events)


def why_not_save(state: State, kind: str, prompt: str) -> str:
    """Why a rescue is refused at a decision of this kind."""
    if kind not in ("action", "move"):
        return f"Victims are rescued in the Action phase or as you walk onto an Exit, not now. {prompt}"
    if state.fg_space in state.locked:
        return "This Exit is Locked: no Victim can be rescued here until it is unlocked."
    if state.fg_space not in D.EXITS:
        return "You are not on an Exit: Victims are rescued on an open Exit, standing with you."
    return "No free Victim stands with you on this Exit to rescue."


def save_victim(state: State, events: list[Event]) -> None:
    here = victims_at(state, state.fg_space)
    victim = min(here, key=lambda v: (v.special == "", v.id))
    state.victims.remove(victim)
    state.saved += 1
    leave_play(state, victim)
    slots = D.GIRLS[state.girl]["slots"]
    earned = state.slots < len(slots)  # every slot filled: a saved Victim gives 1 Time instead
    reward = slots[state.slots] if earned else "time1"
    if earned:
        state.slots += 1
    ev(
        state,
        events,
        "victim_saved",
        victim=victim.id,
        special=victim.special,
        reward=reward,
        slot=state.slots,
        name=D.SPACES[state.fg_space]["name"],
    )
    if not earned:
        change_time(state, 1, events)
        return
    if state.slots == len(slots):
        ev(state, events, "ultimate_unlocked", ultimate=D.GIRLS[state.girl]["ultimate"])
    reward_for(state, reward, events)


def reward_for(state: State, reward: str, events: list[Event]) -> None:
    if reward == "heal":
        heal_fg(state, 1, events)
    elif reward == "time":
        change_time(state, 2, events)
    elif reward == "calm":
        change_horror(state, -1, events)
    elif reward == "move":
        # A movement effect (V2b): Trapped, she may not move, so it counts only toward her own trap's move
        # task ("you may use movement effects towards the requirement of escaping a trap"), else it is lost.
        own = fg_trap(state)
        if own is None:
            push(state, {"op": "move", "steps": 1, "mode": "move", "reward": True})
        elif current_task(own)[0] == "move":
            toward_task(state, own, 1, events)
        else:
            ev(state, events, "reward_lost", reward="move", why="trapped")
    elif reward == "card" and len(state.hand) < D.RULES["hand_limit"]:
        state.ask = {"kind": "take_card"}


_PIT_DICE = (
    Option(str(Key("pit", number=1)), "one die, as the Supervisor's card says for his space"),
    Option(str(Key("pit", number=2)), "two dice, as The Pit says for anyone panicking there"),
)


@OPTIONS.step("pit_dice")
def pit_dice_options(state: State) -> tuple[Option, ...]:
    """The Supervisor's group panics from The Pit: his card's one die, or The Pit's two (V5c)."""
    return _PIT_DICE


@CHOICES.step("pit_dice")
def do_pit_dice(state: State, key: Key, events: list[Event]) -> None:
    ids = state.ask["victims"]
    state.ask = {}
    n = key.number
    ev(state, events, "pit_dice", count=n, roll=[], rule=state.ties, chosen=True)
    here = {v.id: v for v in state.victims}
    panic_all(state, [here[i] for i in ids if i in here], events, ordered=True, group_dice=n)


@OPTIONS.step("panic_order")
def panic_order_options(state: State) -> list[Option]:
    return list(_PANIC_ORDER)


_PANIC_ORDER = (
    Option(str(Key("panic", every=True)), "the Supervisor's group panics first"),
    Option(str(Key("panic")), "the others panic first (any who run into his space go with his group)"),
)


@CHOICES.step("panic_order")
def do_panic_order(state: State, key: Key, events: list[Event]) -> None:
    ids = state.ask["victims"]
    state.ask = {}
    first = key.every
    ev(state, events, "panic_order", group_first=first)
    panic_all(state, supervisor_first(state, ids, first), events, ordered=True)


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


def panic(state: State, v: Victim, events: list[Event], group_dice: int = _PIT_DICE_N) -> list[int]:
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
        # The Pit's dice (rulebook) if the tie was settled so, else his card's one die
        pit = v.space == D.PIT and group_dice == _PIT_DICE_N
        roll, to = _panic_roll(state, space, _PIT_DICE_N if pit else _ONE_DIE)
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
    roll, to = _panic_roll(state, space, panic_dice(v.space))
    emit(
        state,
        events,
        "victim_panics",
        {"victim": v.id, "dice": roll, "space": v.space, "name": space["name"], "dst": to},
    )
    _flee(state, v, to, events)
    return [v.id]


def panic_dice(space: str) -> int:
    """The dice a Victim panicking alone from this space rolls: more in The Pit."""
    return _PIT_DICE_N if space == D.PIT else _ONE_DIE


def panic_to(space: dict[str, Any], roll: list[int]) -> str:
    """Where a panic roll sends its Victims ('' = they stay): the space's two-dice table read by the sum, or its
    one-die table (the odds read every roll with this, so they never disagree)."""
    to: str = space["panic2"][sum(roll) - _PIT_DICE_N] if len(roll) == _PIT_DICE_N else space["panic"][roll[0] - 1]
    return to


def _panic_roll(state: State, space: dict[str, Any], dice: int) -> tuple[list[int], str]:
    """Roll a panic and read where it sends them (`panic_to`)."""
    roll = state.rng.d6s(dice)
    return roll, panic_to(space, roll)


def _flee(state: State, v: Victim, to: str, events: list[Event]) -> None:
    if "zero_days" in state.events_active and v.space in D.RACKS and to:
        kill_victim(state, v, events, "fall")
    elif to:
        move_victim(state, v, to, events, "panic")


@STEPS.step("panic_phase")
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


@STEPS.step("panic")
def _panic_op(state: State, op: dict[str, Any], events: list[Event]) -> None:
    who = [v for v in free_victims(state) if not (op.get("who") == "others" and v.space == state.fg_space)]
    panic_all(state, who, events)
