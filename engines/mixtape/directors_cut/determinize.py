"""Director's Cut samples for search: the hidden things of a state redrawn from what one seat has seen.

What a slasher does not see (state.py's View): the face-down Scene Marker tokens (only how many lie in each
location) and so the tokens left in the bank; the order of the Killer Scenes, Supply and Bonus Tracks draw
piles; a supply card another slasher has just drawn and must keep or use (`drawn`); the future dice.
Everything else is on the table: held supplies, souvenir counts, the discard piles (each card was turned up
as it went there), the turn's flow. Held souvenirs are never Runners, so the hidden tokens are exactly the
markers and the bank together, whose mix of souvenirs and Runners every slasher can count.

Known limit: a card buried under a deck (a failed or triple-fist Killer Scene) was seen, but the state does not
say which of the bottom cards were buried, so the sample forgets it (it knows less than the seat, never more).
"""

from __future__ import annotations

from engines.core.rng import Rng
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import AID, State
from engines.mixtape.hidden import (
    copy_state,
    fresh_dice,
    redraw_drawn,
    seated,
    shuffle_draw_pile,
    shuffled,
)

_HELD = frozenset(R.supply(c).kind for c in R.SUPPLY_CARDS) - {"key", "hero"}
"""Supply kinds the inventory holds (a key goes beside it, the Hero comes at once)."""
_HEALING = frozenset({"heal"})


def determinize(state: State, seat: str, rng: Rng) -> State:
    """A complete copy consistent with all `seat` sees, every hidden thing redrawn from `rng`."""
    sample = copy_state(state)
    _redraw_markers(sample, rng)
    shuffle_draw_pile(sample.scenes, rng)
    shuffle_draw_pile(sample.bonus, rng)
    _redraw_supplies(sample, seat, rng)
    sample.rng = fresh_dice(rng)
    return sample


def _redraw_markers(state: State, rng: Rng) -> None:
    """Deal the hidden tokens afresh: as many to each location as lie there, the rest to the bank."""
    pool = list(state.bank)
    for held in state.markers.values():
        pool += held
    pool = shuffled(pool, rng)
    for loc in sorted(state.markers):
        n = len(state.markers[loc])
        state.markers[loc] = pool[:n]
        del pool[:n]
    state.bank = pool


def _redraw_supplies(state: State, seat: str, rng: Rng) -> None:
    """Shuffle the Supply draw pile, with a card another slasher is deciding about drawn again from it, of a
    kind that could be waiting there (`could_wait`)."""
    if not state.drawn or state.keeper < 0 or state.slashers[state.keeper].seat == seat:
        shuffle_draw_pile(state.supplies, rng)
        return
    kinds = could_wait(state)
    if not any(R.supply(c).kind in kinds for c in [*state.supplies.draw_pile, state.drawn]):
        kinds = _HELD  # a declined aid choice, every other card out
    state.drawn = redraw_drawn(state.supplies, state.drawn, rng, lambda c: R.supply(c).kind in kinds)


def could_wait(state: State) -> frozenset[str]:
    """The supply kinds the card a slasher just drew may be, as the table sees it: a First Aid Kit or Bandages
    on the aid choice; on the keep choice anything held in the inventory, but a hurt slasher's card is no
    healing one. (A hurt slasher who declined the aid choice does keep a healing card, but the state does not
    say so, and the shipped heuristic never declines: in 300 seeded games every hurt keeper's card was a
    weapon or a Voodoo Doll.)"""
    if state.phase == AID:
        return _HEALING
    if state.slashers[state.keeper].health < R.HEALTH:
        return _HELD - _HEALING
    return _HELD


def facts(state: State, seat: str) -> dict[str, float]:
    """How `seat` stands at a rollout's end, for a hint's reason."""
    s = seated(state.slashers, seat, "slasher")
    return {
        "souvenirs": float(len(s.souvenirs)),
        "health left": float(s.health if s.alive else 0),
        "rivals dead": float(sum(not o.alive for o in state.slashers if o.seat != seat)),
    }


def value(state: State, seat: str) -> float | None:
    """The slasher's count goal: souvenirs collected (the game is won at `state.goal`)."""
    return float(len(seated(state.slashers, seat, "slasher").souvenirs))
