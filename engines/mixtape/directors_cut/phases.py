"""The decision of each phase and what a chosen key does in it: the turn machine's two tables by phase
(machine.DECISIONS and machine.CHOICES), filled here."""

from __future__ import annotations

from engines.core.contract import (
    Decision,
    Ending,
    Option,
)
from engines.core.events import Event
from engines.mixtape import turn
from engines.mixtape.directors_cut import (
    abilities,
    bonus,
    brawls,
    flow,  # noqa: F401  registers the named steps every mechanic hands on to
    keys,
    kills,
    locks,
    machine,
    messages,
    movement,
    opening,
    scenes,
    searching,
    spending,
    turns,
)
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.machine import CHOICES, DECISIONS
from engines.mixtape.directors_cut.state import (
    AID,
    AT_LOCK,
    BONUS_PICK,
    DOOR,
    KEEP,
    LOCK,
    MOVE,
    OVER,
    REDRAW,
    RISE,
    RUN,
    SEARCH,
    SPEND,
    START_POINT,
    TARGET,
    TURN,
    Slasher,
    State,
)

B = R.BOARD


def decide(state: State) -> Decision | None:
    return turn.decide(DECISIONS, state)


def apply(state: State, key: str, decision: Decision | None = None) -> list[Event]:
    return turn.apply(DECISIONS, CHOICES, state, key, decision, spending.held_spend, messages.illegal)


def _current(state: State) -> Slasher | None:
    return state.slashers[state.current] if state.current >= 0 else None


_FORGONE = {
    (SEARCH, "leave"): "the Search Die not rolled",
    (AT_LOCK, "wait"): "the lock not tried",
    (REDRAW, "stop"): "no other card drawn",
}
"""The choices that end the turn before its end, each with what it leaves undone."""


def ending(state: State, key: str) -> Ending | None:
    """What `key` ends, where it ends the turn early (engines.core.contract.Ending): never a turn untouched, as
    every turn that can end so began with a roll or a draw."""
    left = _FORGONE.get((state.phase, key))
    return Ending("your turn", left) if left is not None else None


DECISIONS.step(OVER)(turn.no_decision)


@DECISIONS.step(START_POINT)
def _start_decision(state: State) -> Decision:
    # RB: "Players may choose the spot they wish to start from" (any of them)
    return Decision(
        state.slashers[state.placing].seat,
        "start",
        "Choose your starting point.",
        tuple(Option(keys.start(p), opening.start_label(state, p), aliases=(p,)) for p in B.starts),
    )


@CHOICES.step(START_POINT)
def _start(state: State, key: keys.Key, events: list[Event]) -> None:
    opening.place_start(state, key.arg, events)


@DECISIONS.step(LOCK)
def _lock_decision(state: State) -> Decision:
    opts = [
        Option(keys.lock(e), f"lock {B.place(e)}", aliases=(e,))
        for lid in R.LOCATIONS
        for e in B.locations[lid].entrances
        if e not in state.locks
    ]
    return Decision(
        state.slashers[state.order[0]].seat,
        "lock",
        f"Place a yellow Lock Token on an entrance ({state.locks_left} left to place).",
        tuple(opts),
    )


@CHOICES.step(LOCK)
def _lock(state: State, key: keys.Key, events: list[Event]) -> None:
    locks.place_lock(state, key.arg, "yellow", events)
    state.locks_left -= 1
    if state.locks_left == 0 or state.lock_bank == 0 or (d := _lock_decision(state)) is None or not d.options:
        turns.begin_turn(state, state.order[0], events)


@DECISIONS.step(TURN)
def _turn_decision(state: State) -> Decision | None:
    cur = _current(state)
    if cur is None:
        return None
    return Decision(cur.seat, "turn", "Your turn. What now?", tuple(turns.turn_options(state)))


@CHOICES.step(TURN)
def _turn(state: State, key: keys.Key, events: list[Event]) -> None:
    turns.turn_choice(state, str(key), events)


@DECISIONS.step(MOVE)
def _move_decision(state: State) -> Decision | None:
    cur = _current(state)
    if cur is None:
        return None
    return movement.MoveDecision(
        cur.seat,
        "move",
        f"You rolled {state.roll[0]} and {state.roll[1]} ({sum(state.roll)}). Where to?",
        tuple(movement.move_options(state)),
        cur.at,
        sum(state.roll),
        tuple(state.locks),
        bool(cur.key),
    )


@CHOICES.step(MOVE)
def _move(state: State, key: keys.Key, events: list[Event]) -> None:
    movement.move(state, key.arg, events)


@DECISIONS.step(SPEND)
def _spend_decision(state: State) -> Decision:
    return spending.spend_decision(state)


@CHOICES.step(SPEND)
def _spend(state: State, key: keys.Key, events: list[Event]) -> None:
    spending.spend(state, keys.spent(str(key)), events)


@DECISIONS.step(KEEP)
def _keep_decision(state: State) -> Decision:
    k = state.slashers[state.keeper]
    new, old = R.supply(state.drawn).name, R.supply(k.supply).name
    return Decision(
        k.seat,
        "keep",
        f"You found the {new} but hold the {old}; you may hold only one.",
        (
            Option("keep:new", f"keep the {new}", aliases=("new",)),
            Option("keep:old", f"keep the {old}", aliases=("old",)),
        ),
    )


@CHOICES.step(KEEP)
def _keep(state: State, key: keys.Key, events: list[Event]) -> None:
    searching.keep(state, key.arg == "new", events)


@DECISIONS.step(AID)
def _aid_decision(state: State) -> Decision:
    k = state.slashers[state.keeper]
    kind = R.supply(state.drawn)
    return Decision(
        k.seat,
        "aid",
        f"You found the {kind.name} (health {k.health}/{R.HEALTH}). Use it now, or keep it for later?",
        (
            Option("aid:now", f"use it now: +{kind.amount} health", aliases=("now", "heal")),
            Option("aid:keep", "keep it for the start of a turn", aliases=("keep", "later")),
        ),
    )


@CHOICES.step(AID)
def _aid(state: State, key: keys.Key, events: list[Event]) -> None:
    searching.aid(state, key.arg == "now", events)


@DECISIONS.step(RUN)
def _run_decision(state: State) -> Decision:
    loc = B.locations[state.running]
    return Decision(
        state.slashers[state.chooser].seat,
        "run",
        f"The victim escapes {loc.name}. Where does the Scene Marker run?",
        tuple(Option(keys.run(n), B.locations[n].name, aliases=(n,)) for n in loc.neighbours),
    )


@CHOICES.step(RUN)
def _run(state: State, key: keys.Key, events: list[Event]) -> None:
    kills.run(state, key.arg, events)


@DECISIONS.step(SEARCH)
def _search_decision(state: State) -> Decision | None:
    cur = _current(state)
    if cur is None:
        return None
    return Decision(
        cur.seat,
        "search",
        f"{B.locations[cur.at].name} is empty. Search it?",
        (Option("search", "roll the Search Die"), Option("leave", "end your turn", aliases=("no",))),
    )


@CHOICES.step(SEARCH)
def _search(state: State, key: keys.Key, events: list[Event]) -> None:
    if key.verb == "search":
        searching.search(state, events)
    else:
        turns.end_turn(state, events)


@DECISIONS.step(BONUS_PICK)
def _bonus_decision(state: State) -> Decision | None:
    cur = _current(state)
    if cur is None:
        return None
    if state.pick == "move_any":
        return Decision(
            cur.seat,
            "bonus_move",
            "The Bonus Track takes you anywhere in town. Which location?",
            tuple(bonus.anywhere_options(state)),
        )
    return Decision(
        cur.seat,
        "bonus_swap",
        "The Bonus Track lets you trade places with another slasher. With whom?",
        tuple(
            Option(keys.swap(x.seat), f"{x.name} at {B.place(x.at)}", aliases=(x.seat, x.name.lower()))
            for x in state.slashers
            if x.alive and x.at and x is not cur
        ),
    )


@CHOICES.step(BONUS_PICK)
def _bonus(state: State, key: keys.Key, events: list[Event]) -> None:
    bonus.bonus_pick(state, key, events)


@DECISIONS.step(TARGET)
def _target_decision(state: State) -> Decision | None:
    cur = _current(state)
    if cur is None:
        return None
    s = state.slashers
    return Decision(
        cur.seat,
        "target",
        "Several slashers are within reach. Whom do you brawl?",
        tuple(
            Option(
                keys.brawl(s[i].seat),
                f"{s[i].name} (health {s[i].health}, {len(s[i].souvenirs)} souvenirs, "
                f"supply {R.supply(s[i].supply).name if s[i].supply else 'none'})",
                aliases=(s[i].seat, s[i].name.lower()),
            )
            for i in state.targets
        ),
    )


@CHOICES.step(TARGET)
def _target(state: State, key: keys.Key, events: list[Event]) -> None:
    other = next(i for i in state.targets if state.slashers[i].seat == key.arg)
    state.targets = []
    brawls.start_brawl(state, state.current, other, "arrive_place", events)


@DECISIONS.step(RISE)
def _rise_decision(state: State) -> Decision | None:
    cur = _current(state)
    if cur is None:
        return None
    return Decision(
        cur.seat,
        "rise",
        "The Drowned Girl rises out of the water. In which location with a Scene Marker?",
        tuple(abilities.rise_options(state)),
    )


@CHOICES.step(RISE)
def _rise(state: State, key: keys.Key, events: list[Event]) -> None:
    abilities.ability(state, key.arg, events)


@DECISIONS.step(DOOR)
def _door_decision(state: State) -> Decision | None:
    cur = _current(state)
    return None if cur is None else locks.door_decision(state, cur)


@CHOICES.step(DOOR)
def _door(state: State, key: keys.Key, events: list[Event]) -> None:
    locks.door(state, key.verb == "enter", events)


@DECISIONS.step(REDRAW)
def _redraw_decision(state: State) -> Decision | None:
    cur = _current(state)
    if cur is None:
        return None
    return Decision(
        cur.seat,
        "redraw",
        "Three fists: that card is beaten. Draw another Killer Scenes, Dude card?",
        (
            Option("redraw", "draw another Killer Scenes, Dude card", aliases=("draw", "again")),
            Option("stop", "stop here and end your turn", aliases=("no", "end")),
        ),
    )


@CHOICES.step(REDRAW)
def _redraw(state: State, key: keys.Key, events: list[Event]) -> None:
    scenes.redraw(state, key.verb == "redraw", events)


@DECISIONS.step(AT_LOCK)
def _at_lock_decision(state: State) -> Decision | None:
    cur = _current(state)
    if cur is None:
        return None
    colour = state.locks[cur.at]
    need = R.UNLOCK_KNIVES[colour]
    return Decision(
        cur.seat,
        "at_lock",
        f"A {colour} lock bars the way: {spending.count(need, 'knife')} to break it.",
        (Option("unlock", "try to break the lock"), Option("wait", "end your turn", aliases=("no",))),
    )


@CHOICES.step(AT_LOCK)
def _at_lock(state: State, key: keys.Key, events: list[Event]) -> None:
    if key.verb == "unlock":
        machine.push(state, "end")  # the lock stopped the move: staying out leaves nothing more to do
        spending.ask_spend(state, state.current, "unlock", events)
    else:
        turns.end_turn(state, events)
