"""The opening of Final Girl: the cards dealt, the Setup card's board, the tracks, the Victims, the Tormentor's
first Victim in a Death Trap, and the first Event, resolved before turn 1."""

from __future__ import annotations

from collections.abc import Mapping

from engines.core.contract import Game, resolve_options
from engines.core.decks import Dealer
from engines.core.events import Event
from engines.core.rng import Rng
from engines.final_girl import data as D
from engines.final_girl import dealing
from engines.final_girl.board import place_victims
from engines.final_girl.events import draw_event
from engines.final_girl.machine import ev, push, run
from engines.final_girl.state import State
from engines.final_girl.traps import trap_victim


def new_game(game: Game, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
    """The state after the opening, and its events (the game's `setup`; `game` checks the options)."""
    given = dict(options or {})
    rng = Rng.from_seed(seed)
    dealer = Dealer.take(seed, rng, given, dealing.NEWEST, dealing.since_of)
    opts = resolve_options(game, given)
    girl = D.GIRLS[opts["girl"]]
    extreme = opts["mode"] == "extreme"
    epic = opts["dark_power"] == "epic"
    state = State(rng=rng, girl=opts["girl"], extreme=extreme, epic=epic, ties=opts["ties"])
    events: list[Event] = []
    # The cards: Action cards, Finale and Dark Power, Terror, the Setup card, Items, the Final Health
    # tokens, the Death Trap and Event decks (engines/final_girl/dealing.py).
    dealing.deal(state, dealer, opts["finale"] == "epic", opts["bonus_items"] == "on")
    setup = D.SETUPS[state.setup_card]
    state.fg_space = state.fg_start = setup["final_girl"]
    state.killer_start = setup["killer"]
    state.supply = D.RULES["victims_total"]
    # Health.
    state.fg_health = state.fg_max = girl["health"]
    state.killer_health = state.killer_max = D.KILLER["health"]
    # Tracks.
    state.time = D.RULES["time_start_extreme" if extreme else "time_start"]
    state.horror = D.KILLER["start_horror"]
    state.bloodlust = 0
    # Marrek Warehouse: Locked tokens on every Exit, the Forklift in The Pit.
    state.locked = list(D.EXITS)
    state.forklift = D.PIT
    ev(
        state,
        events,
        "game_started",
        girl=state.girl,
        girl_name=girl["name"],
        setup=state.setup_card,
        setup_name=setup["name"],
        space=state.fg_space,
        name=D.SPACES[state.fg_space]["name"],
        health=state.fg_health,
        time=state.time,
        horror=state.horror,
        extreme=extreme,
    )
    for space, n in setup["victims"].items():
        place_victims(state, n, space, events)
    # The Tormentor's opening: a Victim where she would have started, in a Death Trap.
    if place_victims(state, 1, state.killer_start, events):
        trap_victim(state, {"newest": True}, events)
    # The first Event is revealed and resolved before turn 1 (S10): its effects go above the turn loop,
    # which would otherwise keep them beneath it for ever.
    push(state, {"op": "turn"})
    draw_event(state, events)
    run(state, events)
    return state, events
