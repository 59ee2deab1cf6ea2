"""The Planning phase and the Tableau: buying cards, taking back the free ones, a rescued Victim's card, and
trading a Walk or Sprint for Climb and Leap."""

from __future__ import annotations

from typing import Any

from engines.core import memo
from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl.cards import COPIES, COST, HAND_LIMIT, NAME, kind_of, name, take_from
from engines.final_girl.keys import Key
from engines.final_girl.machine import ACTS, CHOICES, OPTIONS, STEPS, emit, ev, push
from engines.final_girl.state import State

_BUY = {
    k: Option(str(Key("buy", card=k)), f"buy {name(k)} ({spec['cost']} Time)", (name(k).lower(),))
    for k, spec in D.ACTIONS.items()
    if not spec.get("special")
}
_BUY_ORDER = list(_BUY)
_FREE_KINDS = frozenset(k for k in _BUY if COST[k] == 0)
_DONE = Option("done", "finish Planning", ("end", "pass"))
_FREE = Option(
    str(Key("buy", every=True)), "take back every free (Zero Cost) card, up to the hand limit", ("free",)
)
_TAKE = {k: Option(str(Key("take", card=k)), f"discard Walk to take {name(k)}") for k in ("climb", "leap")}
_BUY_SPECS = [(k, COST[k], _BUY[k]) for k in _BUY_ORDER]
_FREE_IDS = frozenset(c for c in D.action_ids() if D.KIND[c] in _FREE_KINDS)
_CARD_COST: dict[str, int | None] = {
    c: COST[D.KIND[c]] if D.KIND[c] in _BUY else None for c in D.action_ids()
}
"""Action card instance -> its cost, or None for cards never bought (Climb, Leap)."""
_TAKE_BOTH = Option(str(Key("take", every=True)), "discard Sprint to take Climb and Leap")
_CLIMB_IDS = frozenset(COPIES["climb"])
_LEAP_IDS = frozenset(COPIES["leap"])


@OPTIONS.step("planning")
def planning_options(state: State) -> tuple[Option, ...]:
    if len(state.hand) >= HAND_LIMIT:
        return (_DONE,)
    tableau = state.tableau
    there = frozenset(map(kind_of, tableau))
    return _buys(there, state.time, len(_FREE_IDS.intersection(tableau)) >= 2)


@memo.positions(4096)
def _buys(there: frozenset[str], time: int, free: bool) -> tuple[Option, ...]:
    """Planning's options from the kinds in the Tableau, the Time left and whether two free cards are there to
    take back: a pure function of its arguments."""
    opts = [opt for k, cost, opt in _BUY_SPECS if k in there and (cost == 0 or cost <= time)]
    if free:
        opts.append(_FREE)
    opts.append(_DONE)
    return tuple(opts)


@OPTIONS.step("take_card")
def take_card_options(state: State) -> list[Option]:
    kinds = sorted(
        {
            D.card_kind(c)
            for c in state.tableau
            if D.ACTIONS[D.card_kind(c)]["cost"] <= 2 and not D.ACTIONS[D.card_kind(c)].get("special")
        },
        key=D.ACTION_INDEX.__getitem__,
    )
    opts = [Option(str(Key("take", card=k)), f"take {name(k)}") for k in kinds]
    opts.append(Option("none", "take nothing"))
    return opts


@STEPS.step("planning_offer")
def _planning_offer(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """Ask what to buy; when finishing is the only choice left (a full hand, nothing affordable), finish
    without asking (designed: a decision with one option decides nothing)."""
    if can_buy(state):
        state.ask = {"kind": "planning"}
    else:
        do_planning(state, _FINISH, events)


def can_buy(state: State) -> bool:
    """As `len(planning_options(state)) > 1`, without building the options."""
    if len(state.hand) >= HAND_LIMIT:
        return False
    return not _AFFORDABLE[min(max(state.time, 0), _MAX_COST)].isdisjoint(state.tableau)


_MAX_COST = max(cost for cost in _CARD_COST.values() if cost is not None)
_AFFORDABLE = [
    frozenset(c for c, cost in _CARD_COST.items() if cost is not None and cost <= time)
    for time in range(_MAX_COST + 1)
]
"""Time left (0 for less, the dearest cost for more) -> the card instances it can buy (Zero Cost cards always)."""


@CHOICES.step("planning")
def do_planning(state: State, key: Key, events: list[Event]) -> None:
    state.ask = {}
    if key.verb == "done":
        start = D.RULES["time_start_extreme" if state.extreme else "time_start"]
        state.time = start
        state.tableau.extend(state.used)
        state.used = []
        emit(state, events, "planning_done", {"time": state.time, "hand": len(state.hand)})
        return
    state.acted = True
    if key.every:
        for card in free_cards(state)[: D.RULES["hand_limit"] - len(state.hand)]:
            state.tableau.remove(card)
            state.hand.append(card)
            free = D.KIND[card]
            emit(
                state,
                events,
                "card_bought",
                {"card": free, "title": name(free), "cost": 0, "time": state.time},
            )
    else:
        kind = key.card
        cost = COST[kind]
        state.hand.append(take_from(state.tableau, kind))
        if cost:
            state.time -= cost
        emit(
            state,
            events,
            "card_bought",
            {"card": kind, "title": NAME[kind], "cost": cost, "time": state.time},
        )
    _planning_offer(state, {}, events)  # what queuing the offer step would do next, without the queue


def free_cards(state: State) -> list[str]:
    """The Zero Cost cards in the Tableau, in card order (Walk, Focus, Weak Attack, Short Rest)."""
    return sorted(_FREE_IDS.intersection(state.tableau), key=_FREE_RANK.__getitem__)


_FREE_RANK = {c: (D.ACTION_INDEX[D.KIND[c]], c) for c in _FREE_IDS}
"""Zero Cost card instance -> its place in card order (by kind, then id)."""


@CHOICES.step("take_card")
def do_take_card(state: State, key: Key, events: list[Event]) -> None:
    state.ask = {}
    if key.verb == "none":
        return
    kind = key.card
    state.hand.append(take_from(state.tableau, kind))
    ev(state, events, "card_taken", card=kind, title=name(kind))


@STEPS.step("planning_phase")
def _planning_phase(state: State, op: dict[str, Any], events: list[Event]) -> None:
    state.phase = "planning"
    state.acted = False
    push(state, {"op": "planning_offer"})  # ask, unless finishing is the only choice


_FINISH = Key("done")


def why_not_buy(state: State, key: Key) -> str:
    """Why a buy key is refused."""
    kind = "free" if key.every else key.card
    if len(state.hand) >= HAND_LIMIT:
        return f"Hand limit: you already hold {HAND_LIMIT} cards."
    if kind in D.ACTIONS and D.ACTIONS[kind].get("special"):
        return f"{name(kind)} is never bought: discard Walk or Sprint in the Action phase to take it."
    if kind in D.ACTIONS and D.ACTIONS[kind]["cost"] > state.time:
        return f"Not enough Time: {name(kind)} costs {D.ACTIONS[kind]['cost']}, you have {state.time}."
    if kind == "free":
        return "There are not two free (Zero Cost) cards in the Tableau to take back at once."
    if kind not in D.ACTIONS:
        return f"There is no Action card called '{kind}'."
    if any(D.card_kind(c) == kind for c in state.used):
        return (
            f"Every {name(kind)} left was played or discarded this turn: it returns to the Tableau "
            "after Planning and cannot be bought back before then."
        )
    return f"No {name(kind)} is left in the Tableau to buy: every copy is in your hand."


# -- trading for Climb and Leap (Action phase) ---------------------------------------------------------------


def trade_options(state: State, held: frozenset[str]) -> list[Option]:
    """Discard a Walk to take Climb or Leap from the Tableau, or a Sprint to take both (when both are there)."""
    if "walk" not in held and "sprint" not in held:
        return []
    opts = []
    tableau = state.tableau
    climb = not _CLIMB_IDS.isdisjoint(tableau)
    leap = not _LEAP_IDS.isdisjoint(tableau)
    if "walk" in held:
        if climb:
            opts.append(_TAKE["climb"])
        if leap:
            opts.append(_TAKE["leap"])
    if "sprint" in held and climb and leap:
        opts.append(_TAKE_BOTH)
    return opts


@ACTS.step("take")
def _trade(state: State, key: Key, events: list[Event]) -> None:
    source = "sprint" if key.every else "walk"
    state.used.append(take_from(state.hand, source))
    taken = ["climb", "leap"] if key.every else [key.card]
    for kind in taken:
        state.hand.append(take_from(state.tableau, kind))
    ev(state, events, "cards_traded", given=source, taken=taken)
