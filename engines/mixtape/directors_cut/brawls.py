"""Brawls between slashers: the mover rolls first, the other answers, ties roll again (RB Engaging in Brawls)."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.dice import triple
from engines.mixtape.directors_cut import health, hero, machine, places, readings, spending, winning
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.noise import noise as make_noise
from engines.mixtape.directors_cut.state import (
    State,
)

B = R.BOARD


def start_brawl(state: State, a: int, d: int, after: str, events: list[Event]) -> None:
    sa, sd = state.slashers[a], state.slashers[d]
    state.brawl = [a, d]
    machine.push(state, after)
    state.brawl_rounds = 0
    state.brawl_noise = 0
    state.brawl_roll, state.brawl_knives = [], 0
    events.append(
        Event(
            "brawl_started",
            state.turn_no,
            "brawl",
            {
                "seat": sa.seat,
                "name": sa.name,
                "other": sd.seat,
                "other_name": sd.name,
                "place": places.logged(sa.at),
            },
        )
    )
    spending.ask_spend(state, a, "brawl", events)


def brawl_first(state: State, dice: list[str], knives: int, events: list[Event]) -> None:
    """RB Engaging in Brawls: "The current player rolls first". A triple wins at once ("the first to roll
    triples ... automatically wins"), so the opponent neither rolls nor spends; otherwise the opponent,
    seeing this roll, chooses their own spend and rolls."""
    a, d = state.brawl
    sa, sd = state.slashers[a], state.slashers[d]
    state.brawl_rounds += 1
    state.brawl_roll = dice
    state.brawl_knives = dice.count(R.KNIFE) + knives
    facts = {
        "seat": sa.seat,
        "name": sa.name,
        "other": sd.seat,
        "other_name": sd.name,
        "dice": dice,
        "knives": state.brawl_knives,
        "round": state.brawl_rounds,
    }
    events.append(Event("brawl_rolled", state.turn_no, "brawl", facts))
    if readings.brawl_first(dice):
        brawl_won(state, a, d, "triple", facts, events)
        return
    spending.ask_spend(state, d, "brawl", events)


def brawl_answer(state: State, dice: list[str], knives: int, events: list[Event]) -> None:
    """The opponent's roll: their triple wins (the mover rolled none); else most knives; a tie rolls
    again, supplies and all, until someone wins (RB: "Ties are unacceptable")."""
    a, d = state.brawl
    sa, sd = state.slashers[a], state.slashers[d]
    xa, xd = state.brawl_knives, dice.count(R.KNIFE) + knives
    facts = {
        "seat": sa.seat,
        "name": sa.name,
        "other": sd.seat,
        "other_name": sd.name,
        "dice": list(state.brawl_roll),
        "other_dice": dice,
        "knives": xa,
        "other_knives": xd,
        "round": state.brawl_rounds,
    }
    state.brawl_roll, state.brawl_knives = [], 0
    reading = readings.brawl_answer(dice, xa, knives)
    if triple(dice):
        brawl_won(state, d, a, "triple", facts, events)
    elif reading != "tie":
        big = max(xa, xd) >= R.BRAWL_BIG_KNIVES
        winner, loser = (d, a) if reading == "win" else (a, d)
        brawl_won(state, winner, loser, "six" if big else "knives", facts, events)
    else:
        events.append(Event("brawl_tied", state.turn_no, "brawl", facts))
        spending.ask_spend(state, a, "brawl", events)


def brawl_won(state: State, winner: int, loser: int, how: str, facts: dict, events: list[Event]) -> None:
    """RB Ways to Win a Brawl: the loser loses health (more for a triple or six knives), gives a
    souvenir for a triple, and returns to the nearest starting point."""
    sw, sl = state.slashers[winner], state.slashers[loser]
    state.brawl_roll, state.brawl_knives = [], 0
    events.append(
        Event(
            "brawl_won",
            state.turn_no,
            "brawl",
            {
                **facts,
                "winner": sw.seat,
                "winner_name": sw.name,
                "loser": sl.seat,
                "loser_name": sl.name,
                "how": how,
            },
        )
    )
    if how == "triple" and sl.souvenirs:
        taken = min(R.BRAWL_SOUVENIRS, len(sl.souvenirs))
        for _ in range(taken):
            sw.souvenirs.append(sl.souvenirs.pop())
        events.append(
            Event(
                "souvenir_stolen",
                state.turn_no,
                "brawl",
                {
                    "seat": sw.seat,
                    "name": sw.name,
                    "loser": sl.seat,
                    "loser_name": sl.name,
                    "total": len(sw.souvenirs),
                    "amount": taken,
                    "loser_total": len(sl.souvenirs),
                },
            )
        )
    loss = R.BRAWL_BIG_LOSS if how in ("triple", "six") else R.BRAWL_LOSS
    health.hurt(state, loser, loss, sw.name, events, sw.seat)
    if sl.alive:
        health.to_start(state, loser, events)
    winning.check_end(state, events)
    brawl_over(state, winner, events)


def brawl_over(state: State, winner: int, events: list[Event]) -> None:
    """The brawl is settled: its supply noise now (RB Brawls and Noise: the winner fights a Hero it calls),
    then the mover's turn goes on only if the mover won."""
    if state.result:
        return
    mover = machine.pop(state)
    after = "end" if winner != state.current else mover
    state.brawl = []
    noise, state.brawl_noise = state.brawl_noise, 0
    if noise and make_noise(state, noise, winner, events):
        hero.fight(state, winner, after, events)
        return
    machine.go_on(state, after, events)


@machine.ROLLS.step("brawl")
def _roll(state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]) -> None:
    """Each brawler spends just before their own roll (RB Using a Supply ...)."""
    knives, _, noise = extra
    state.brawl_noise += noise
    if who == state.brawl[0]:
        brawl_first(state, dice, knives, events)
    else:
        brawl_answer(state, dice, knives, events)
