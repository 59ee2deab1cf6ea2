"""Who stands where in the Marrek Warehouse: the Victims placed, moved and killed, whether she is Trapped,
the Exits' Locked tokens, and the ties among Victims that the person settles."""

from __future__ import annotations

from typing import Any

from engines.core.contract import Option
from engines.core.decks import pick
from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl import dealing
from engines.final_girl.keys import Key
from engines.final_girl.machine import OPTIONS, STEPS, emit, ev
from engines.final_girl.state import State, Trap, Victim
from engines.final_girl.tracks import raise_bloodlust

EXIT_SET = frozenset(D.EXITS)


def victim_label(state: State, vid: int) -> str:
    v = next(v for v in state.victims if v.id == vid)
    who = f"{D.EVENTS[v.special]['name']} (Victim {v.id})" if v.special else f"Victim {v.id}"
    return f"{who} in {D.SPACES[v.space]['name']}"


@OPTIONS.step("trap_tie", "attack_tie")
def victim_tie_options(state: State) -> list[Option]:
    """The Victims a trap or a blow could take (a trap_tie or an attack_tie)."""
    return [Option(str(Key("victim", number=vid)), victim_label(state, vid)) for vid in state.ask["victims"]]


def settle_victim_tie(state: State, key: Key, events: list[Event], about: str) -> Victim:
    vid = key.number
    state.ask = {}
    ev(state, events, "tie_settled", victim=vid, about=about)
    return next(v for v in state.victims if v.id == vid)


def victims_at(state: State, space: str, trapped: bool = False) -> list[Victim]:
    return [v for v in state.victims if v.space == space and v.trapped == trapped]


def free_victims(state: State) -> list[Victim]:
    return [v for v in state.victims if not v.trapped]


def fg_trap(state: State) -> Trap | None:
    for t in state.traps:  # a loop, not `next` over a generator: asked at most decisions, mostly of no traps
        if t.subject == "fg" and not t.done:
            return t
    return None


def other_setup(state: State) -> str:
    """The Killer space of a random Setup card other than the one in play (where she appears, or her stand-in
    while she is unseen). The card is kept in `setups_revealed` for the screens: a stand-in is shuffled back,
    so the same card may come again."""
    others = [s for s in dealing.setups(state) if s != state.setup_card]
    card = others[pick(state.rng, others, dealing.since_of)]
    state.setups_revealed.append(card)
    return D.SETUPS[card]["killer"]


def place_victims(state: State, n: int, space: str, events: list[Event], stand_in: str = "") -> list[Victim]:
    """`stand_in`: the Setup card revealed to stand in for her space while she is unseen (its name is told)."""
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
        {
            "count": len(placed),
            "short": n - len(placed),
            "space": space,
            "name": D.SPACES[space]["name"],
            **({"stand_in": D.SETUPS[stand_in]["name"]} if stand_in else {}),
        },
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
    leave_play(state, v)
    raise_bloodlust(state, 1, events)


def leave_play(state: State, v: Victim) -> None:
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


def unlock(state: State, space: str, events: list[Event], how: str) -> None:
    if space in state.locked:
        state.locked.remove(space)
        ev(state, events, "exit_unlocked", space=space, name=D.SPACES[space]["name"], how=how)


@STEPS.step("unlock")
def _unlock_step(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """Click!: one Exit's Locked token comes off."""
    unlock(state, op["exit"], events, "click")


@STEPS.step("lock_all")
def _lock_all(state: State, op: dict[str, Any], events: list[Event]) -> None:
    state.locked = list(D.EXITS)
    ev(state, events, "exits_locked", names=[D.SPACES[s]["name"] for s in D.EXITS])
