"""The decision of each phase and what a chosen key does in it: two tables of the turn machine, by phase."""

from __future__ import annotations

from engines.core.contract import (
    Decision,
    IllegalMove,
    Option,
)
from engines.core.events import Event
from engines.mixtape.directors_cut import (
    abilities,
    bonus,
    brawls,
    kills,
    locks,
    messages,
    movement,
    opening,
    scenes,
    searching,
    spending,
    turns,
)
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    AID,
    AT_LOCK,
    BONUS_PICK,
    DOOR,
    KEEP,
    LOCK,
    MOVE,
    REDRAW,
    RISE,
    RUN,
    SEARCH,
    SPEND,
    START_POINT,
    TARGET,
    TURN,
    State,
)

B = R.BOARD


def decide(state: State) -> Decision | None:
    if state.result:
        return None
    phase = state.phase
    s = state.slashers
    if phase == START_POINT:  # RB: "Players may choose the spot they wish to start from" (any of them)
        return Decision(
            s[state.placing].seat,
            "start",
            "Choose your starting point.",
            tuple(Option(f"start:{p}", opening.start_label(state, p), aliases=(p,)) for p in B.starts),
        )
    if phase == LOCK:
        opts = [
            Option(f"lock:{e}", f"lock {B.place(e)}", aliases=(e,))
            for lid in R.LOCATIONS
            for e in B.locations[lid].entrances
            if e not in state.locks
        ]
        return Decision(
            s[state.order[0]].seat,
            "lock",
            f"Place a yellow Lock Token on an entrance ({state.locks_left} left to place).",
            tuple(opts),
        )
    cur = s[state.current] if state.current >= 0 else None
    if phase == TURN and cur:
        return Decision(cur.seat, "turn", "Your turn. What now?", tuple(turns.turn_options(state)))
    if phase == MOVE and cur:
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
    if phase == SPEND:
        return spending.spend_decision(state)
    if phase == KEEP:
        k = s[state.keeper]
        new, old = R.supply(state.drawn).name, R.supply(k.supply).name
        return Decision(
            k.seat,
            "keep",
            f"You found a {new} but hold a {old}; you may hold only one.",
            (
                Option("keep:new", f"keep the {new}", aliases=("new",)),
                Option("keep:old", f"keep the {old}", aliases=("old",)),
            ),
        )
    if phase == AID:
        k = s[state.keeper]
        kind = R.supply(state.drawn)
        return Decision(
            k.seat,
            "aid",
            f"You found a {kind.name} (health {k.health}/{R.HEALTH}). Use it now, or keep it for later?",
            (
                Option("aid:now", f"use it now: +{kind.amount} health", aliases=("now", "heal")),
                Option("aid:keep", "keep it for the start of a turn", aliases=("keep", "later")),
            ),
        )
    if phase == RUN:
        loc = B.locations[state.running]
        return Decision(
            s[state.chooser].seat,
            "run",
            f"The victim escapes {loc.name}. Where does the Scene Marker run?",
            tuple(Option(f"run:{n}", B.locations[n].name, aliases=(n,)) for n in loc.neighbours),
        )
    if phase == SEARCH and cur:
        return Decision(
            cur.seat,
            "search",
            f"{B.locations[cur.at].name} is empty. Search it?",
            (Option("search", "roll the Search Die"), Option("leave", "end your turn", aliases=("no",))),
        )
    if phase == BONUS_PICK and cur:
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
                Option(
                    f"swap:{x.seat}",
                    f"{x.name} at {B.place(x.at)}",
                    aliases=(x.seat, x.name.lower()),
                )
                for x in s
                if x.alive and x.at and x is not cur
            ),
        )
    if phase == TARGET and cur:
        return Decision(
            cur.seat,
            "target",
            "Several slashers are within reach. Whom do you brawl?",
            tuple(
                Option(
                    f"brawl:{s[i].seat}",
                    f"{s[i].name} (health {s[i].health}, {len(s[i].souvenirs)} souvenirs, "
                    f"supply {R.supply(s[i].supply).name if s[i].supply else 'none'})",
                    aliases=(s[i].seat, s[i].name.lower()),
                )
                for i in state.targets
            ),
        )
    if phase == RISE and cur:
        return Decision(
            cur.seat,
            "rise",
            "The Drowned Girl rises out of the water. In which location with a Scene Marker?",
            tuple(abilities.rise_options(state)),
        )
    if phase == DOOR and cur:
        return locks.door_decision(state, cur)
    if phase == REDRAW and cur:
        return Decision(
            cur.seat,
            "redraw",
            "Three fists: that card is beaten. Draw another Killer Scenes, Dude card?",
            (
                Option("redraw", "draw another Killer Scenes, Dude card", aliases=("draw", "again")),
                Option("stop", "stop here and end your turn", aliases=("no", "end")),
            ),
        )
    if phase == AT_LOCK and cur:
        colour = state.locks[cur.at]
        need = R.UNLOCK_KNIVES[colour]
        return Decision(
            cur.seat,
            "at_lock",
            f"A {colour} lock bars the way: {spending.count(need, 'knife')} to break it.",
            (Option("unlock", "try to break the lock"), Option("wait", "end your turn", aliases=("no",))),
        )
    return None


def apply(state: State, key: str, decision: Decision | None = None) -> list[Event]:
    fast = state.phase == MOVE and key.startswith("go:") and key[3:] in state.stops and not state.result
    if not fast:
        d = decision or decide(state)
        if d is None:
            raise IllegalMove("The game is over; there is nothing left to decide.")
        if key not in d.keys():  # noqa: SIM118 (Decision.keys is a method)
            raise IllegalMove(messages.illegal(state, d, key))
    events: list[Event] = []
    phase = state.phase
    if phase == START_POINT:
        opening.place_start(state, key[6:], events)
    elif phase == LOCK:
        locks.place_lock(state, key[5:], "yellow", events)
        state.locks_left -= 1
        if state.locks_left == 0 or state.lock_bank == 0 or not decide(state).options:
            turns.begin_turn(state, state.order[0], events)
    elif phase == TURN:
        turns.turn_choice(state, key, events)
    elif phase == MOVE:
        movement.move(state, key[3:], events)
    elif phase == SPEND:
        spending.spend(state, int(key[6:]), events)
    elif phase == KEEP:
        searching.keep(state, key == "keep:new", events)
    elif phase == RUN:
        kills.run(state, key[4:], events)
    elif phase == SEARCH:
        if key == "search":
            searching.search(state, events)
        else:
            turns.end_turn(state, events)
    elif phase == BONUS_PICK:
        bonus.bonus_pick(state, key, events)
    elif phase == TARGET:
        other = next(i for i in state.targets if state.slashers[i].seat == key[6:])
        state.targets = []
        brawls.start_brawl(state, state.current, other, "arrive_place", events)
    elif phase == AID:
        searching.aid(state, key == "aid:now", events)
    elif phase == RISE:
        abilities.ability(state, key[5:], events)
    elif phase == AT_LOCK:
        if key == "unlock":
            state.door = "end"  # the lock stopped the move: staying out leaves nothing more to do
            spending.ask_spend(state, state.current, "unlock", events)
        else:
            turns.end_turn(state, events)
    elif phase == DOOR:
        locks.door(state, key == "enter", events)
    elif phase == REDRAW:
        scenes.redraw(state, key == "redraw", events)
    return events
