"""Scuffles between survivors (rulebook, Scuffles): the first triple wins, else the most Actions."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks import checks, finals, health, machine, spending
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.readings import scuffle_round
from engines.mixtape.tall_oaks.state import (
    SCUFFLE,
    State,
)

B = R.BOARD


def scuffle_targets(state: State) -> list[int]:
    """Rivals on the same space, a space next to it (not diagonally), or in the same location."""
    x = state.survivors[state.current]
    return checks.rivals_near(state.survivors, x.seat, x.at)


def scuffle(state: State, other: int, events: list[Event]) -> None:
    me = state.current
    x, o = state.survivors[me], state.survivors[other]
    winner, how, rounds = -1, "", 0
    dice: list[list[list[str]]] = []  # each round's faces: the mover's, then the other's
    # Rulebook: "Ties are unacceptable. Players continue to roll the 3 (three) Action Dice until someone wins."
    while winner < 0:
        rounds += 1
        mine = spending.action_dice(state.rng)
        theirs = spending.action_dice(state.rng)
        dice.append([mine, theirs])
        winner, how = scuffle_round(mine, theirs)
    facts = {
        "seat": x.seat,
        "name": x.name,
        "other": o.seat,
        "other_name": o.name,
        "rounds": rounds,
        "dice": dice,
        "actions": [mine.count(R.ACTION), theirs.count(R.ACTION)],  # the last round's, which decided it
    }
    w, l_ = (me, other) if winner == 0 else (other, me)
    wx, lx = state.survivors[w], state.survivors[l_]
    events.append(
        Event(
            "scuffle",
            state.turn_no,
            SCUFFLE,
            {
                **facts,
                "how": how,
                "winner": wx.seat,
                "winner_name": wx.name,
                "loser": lx.seat,
                "loser_name": lx.name,
                "token": how == "triple" and bool(lx.rescues),  # a triple takes one, if there is one
            },
        )
    )
    scuffled = events[-1].facts
    if how == "triple" and lx.rescues:
        taken = min(R.SCUFFLE_TOKENS, len(lx.rescues))
        for _ in range(taken):
            wx.rescues.append(lx.rescues.pop())
        scuffled.update(taken=taken, winner_total=len(wx.rescues), loser_total=len(lx.rescues))
        finals.flip_ready(state, events)  # the winner's fifth rescue token turns the card over at once
    health.hurt(state, l_, R.SCUFFLE_HEALTH, "scuffle", events)
    if lx.alive:
        health.to_start(state, l_, events)
    if w == me:
        after_scuffle(state, events)
    else:
        machine.forget(state)
        machine.end_turn(state, events)


def after_scuffle(state: State, events: list[Event]) -> None:
    """After an escape into a location the turn ends (rulebook, Unique Combos Vs. Slashers); otherwise the
    space or location does its work."""
    if machine.peek(state) == "escaped":
        machine.resume(state, events)
        return
    machine.then(state, "arrive_place", events)
