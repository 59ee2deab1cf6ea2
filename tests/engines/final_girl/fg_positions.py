"""Positions for Final Girl rule tests: a fresh game at its first decision, and ways to stage a moment."""

from __future__ import annotations

from engines.final_girl import GAME
from engines.final_girl import data as D
from engines.final_girl.machine import STEPS, push, run
from engines.final_girl.state import State, Victim


def fresh(seed: int = 0, **options: str) -> State:
    state, _ = GAME.setup(seed, options)
    return state


def clear_board(state: State) -> State:
    """No Victims and no traps (the Victims go back to the supply, their trap cards to the deck)."""
    for trap in state.traps:
        if trap.subject == "fg":
            state.fg_trap_deck.append(trap.card)
        else:
            state.victim_trap_deck.append(trap.card)
    state.traps = []
    state.supply += len(state.victims)
    state.victims = []
    return state


def add_victim(state: State, space: str, **kw) -> Victim:
    v = Victim(state.next_victim, space, **kw)
    state.next_victim += 1
    state.supply -= 1
    state.victims.append(v)
    return v


def at_the_forklift(state: State) -> State:
    """The Final Girl in the Pit holding the Forklift Keys (taken out of every deck), a Victim on Rack B, at an
    action: the forklift's lift is one choice away."""
    for pile in [*state.item_decks.values(), state.items_out]:
        if "forklift_keys" in pile:
            pile.remove("forklift_keys")
    state.backpack.append("forklift_keys")
    state.fg_space = D.PIT
    add_victim(state, "rack_b")
    state.ask = {"kind": "action"}
    return state


def hand_of(state: State, *kinds: str) -> None:
    """Put exactly these cards in hand (the rest back to the Tableau)."""
    state.tableau.extend(state.hand)
    state.hand = []
    for kind in kinds:
        card = next(c for c in sorted(state.tableau) if D.card_kind(c) == kind)
        state.tableau.remove(card)
        state.hand.append(card)


def run_ops(state: State, *ops: dict) -> list:
    """Run these steps now, in front of whatever was queued."""
    events: list = []
    ask = state.ask
    state.ask = {}
    push(state, *ops, {"op": "_resume", "ask": ask})
    run(state, events)
    return events


def draw_terror(state: State, card: str) -> list:
    """Draw this Terror card next, wherever it was, and resolve it."""
    for pile in (state.terror.draw_pile, state.terror.discard_pile, state.terror_out):
        if card in pile:
            pile.remove(card)
    state.terror.draw_pile.append(card)
    return run_ops(state, {"op": "draw_terror"})


def _resume(state: State, op: dict, events: list) -> None:
    state.ask = op["ask"]


STEPS.step("_resume")(_resume)  # a test-only step: back to the decision staged before


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]
