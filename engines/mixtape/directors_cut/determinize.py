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
from engines.mixtape.directors_cut.state import AID, Slasher, State
from engines.mixtape.hidden import copy_state, fresh_dice, shuffle_draw_pile, shuffled, take_first

_NOT_KEPT = frozenset({"key", "hero"})
"""Supply kinds that never wait for a keep choice (a key goes beside the inventory, the Hero comes at once)."""


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
    """Shuffle the Supply draw pile, with a card another slasher is deciding about drawn again from it: a
    First Aid Kit or Bandages on the aid choice (everyone sees that choice), any card that can be held on the
    keep choice."""
    if not state.drawn or state.keeper < 0 or state.slashers[state.keeper].seat == seat:
        shuffle_draw_pile(state.supplies, rng)
        return
    pool = shuffled([*state.supplies.draw_pile, state.drawn], rng)
    if state.phase == AID:
        state.drawn = take_first(pool, lambda c: R.supply(c).kind == "heal")
    else:
        state.drawn = take_first(pool, lambda c: R.supply(c).kind not in _NOT_KEPT)
    state.supplies.draw_pile = pool


def _slasher(state: State, seat: str) -> Slasher:
    for s in state.slashers:
        if s.seat == seat:
            return s
    raise ValueError(f"no slasher sits at {seat!r}")


def facts(state: State, seat: str) -> dict[str, float]:
    """How `seat` stands at a rollout's end, for a hint's reason."""
    s = _slasher(state, seat)
    return {
        "souvenirs": float(len(s.souvenirs)),
        "health left": float(s.health if s.alive else 0),
        "rivals dead": float(sum(not o.alive for o in state.slashers if o.seat != seat)),
    }


def value(state: State, seat: str) -> float | None:
    """The slasher's count goal: souvenirs collected (the game is won at `state.goal`)."""
    return float(len(_slasher(state, seat).souvenirs))
