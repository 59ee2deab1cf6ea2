"""What the Final Girl sees of the table, as the View: the decks by their counts, never their order; an item
pile's top only when it lies face up; the Finale and the Dark Power only once revealed."""

from __future__ import annotations

from engines.final_girl import data as D
from engines.final_girl.rolling import horror_dice
from engines.final_girl.state import State, View
from engines.final_girl.tracks import killer_values

_SLOTS = {g: len(spec["slots"]) for g, spec in D.GIRLS.items()}
"""Each Final Girl's number of item slots."""


def view_of(state: State) -> View:
    """The View of `state` (the game's `view`; the Final Girl is its only seat)."""
    # Positional, in View's field order (a test checks every field by name): built at every decision,
    # and positional construction is several times cheaper than keywords. `copy()` is the cheapest copy.
    tops: dict[str, str] = {}
    counts: dict[str, int] = {}
    down = state.items_down
    for space, pile in state.item_decks.items():
        n = counts[space] = len(pile)
        if n:
            top = pile[-1]
            if not down or top not in down:
                tops[space] = top
    trapped = False
    for t in state.traps:
        if t.subject == "fg" and not t.done:
            trapped = True
            break
    attack, move = killer_values(state)
    return View(
        state.turn,
        state.phase,
        state.girl,
        state.extreme,
        state.time,
        state.horror,
        horror_dice(state),
        state.bloodlust,
        state.fg_space,
        state.fg_health,
        state.fg_max,
        state.fg_white,
        trapped,
        state.slots,
        _SLOTS[state.girl],
        state.killer_space,
        state.killer_health,
        state.killer_max,
        state.killer_white,
        state.finale if state.finale_revealed else "",
        state.dark_power if state.dark_power_revealed else "",
        state.minor_powers.copy(),
        len(state.terror.draw_pile),
        sorted(state.hand),
        state.tableau.copy(),
        state.used.copy(),
        state.hands.copy(),
        state.backpack.copy(),
        state.item_uses.copy(),
        tops,
        counts,
        state.locked.copy(),
        state.forklift,
        state.victims.copy(),
        state.traps.copy(),
        state.events_active.copy(),
        state.saved,
        state.dead,
        state.supply,
        state.ask.copy(),
        state.roll.copy(),
        state.bonus_dice,
        state.improvise,
        state.result,
        state.ties,
        state.setup_card,
        state.events_done.copy(),
        len(state.victim_trap_deck),
        len(state.fg_trap_deck),
        attack,
        move,
        state.setups_revealed.copy(),
    )
