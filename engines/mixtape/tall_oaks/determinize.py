"""Escape From Tall Oaks samples for search: the hidden things of a state redrawn from what one seat has seen.

What a survivor does not see (state.py's View): which Rescue token lies under each Scene Marker and which are
left in the bank (the tokens are all alike, so only their places are redrawn); every Final Scenes card still
face down, its own included (nobody looks), and those left in the box; the order of the Killer Scenes, Supply
and Bonus Tracks draw piles; a supply card another survivor has just drawn with full hands (`drawn`); the
future dice. Everything else is on the table or in the log: held supplies and Task cards, rescue counts, the
discard piles, and the Traitor cards (the log tells everyone a card was pocketed, and only a Traitor is), so
each survivor keeps the Traitors they hold.

Known limit: a Killer Scene buried under the deck was seen, but the state does not say which bottom cards were
buried, so the sample forgets it (it knows less than the seat, never more).
"""

from __future__ import annotations

from engines.core.rng import Rng
from engines.mixtape.hidden import (
    copy_state,
    fresh_dice,
    redraw_drawn,
    seated,
    shuffle_draw_pile,
    shuffled,
)
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.state import State


def determinize(state: State, seat: str, rng: Rng) -> State:
    """A complete copy consistent with all `seat` sees, every hidden thing redrawn from `rng`."""
    sample = copy_state(state)
    _redraw_markers(sample, rng)
    _redraw_finals(sample, rng)
    shuffle_draw_pile(sample.scenes, rng)
    shuffle_draw_pile(sample.bonus, rng)
    _redraw_supplies(sample, seat, rng)
    sample.rng = fresh_dice(rng)
    return sample


def _redraw_markers(state: State, rng: Rng) -> None:
    """Lay the hidden tokens afresh: one under each Scene Marker still out, the rest in the bank."""
    pool = shuffled([*state.bank, *(t for t in state.markers.values() if t)], rng)
    for loc in sorted(state.markers):
        if state.markers[loc]:
            state.markers[loc] = pool.pop()
    state.bank = pool


def _redraw_finals(state: State, rng: Rng) -> None:
    """Deal every face-down Final Scenes card again from those not face up, the rest back to the box."""
    down = [x for x in state.survivors if not x.revealed]
    pool = shuffled([*state.finals, *(x.final for x in down)], rng)
    for x in down:
        x.final = pool.pop()
    state.finals = pool


def _redraw_supplies(state: State, seat: str, rng: Rng) -> None:
    """Shuffle the Supply draw pile, with a card another survivor must keep or let go drawn again from it
    (any card but a Traitor, which is pocketed at once)."""
    if not state.drawn or state.keeper < 0 or state.survivors[state.keeper].seat == seat:
        shuffle_draw_pile(state.supplies, rng)
        return
    state.drawn = redraw_drawn(state.supplies, state.drawn, rng, lambda c: R.supply(c).kind != R.TRAITOR)


def facts(state: State, seat: str) -> dict[str, float]:
    """How `seat` stands at a rollout's end, for a hint's reason."""
    x = seated(state.survivors, seat, "survivor")
    return {
        "rescue tokens": float(len(x.rescues)),
        "tasks done": float(sum(state.done)),
        "health left": float(x.health if x.alive else 0),
        "Final Rescue token": float(x.final_token),
    }


def value(state: State, seat: str) -> float | None:
    """The survivor's count goal: Rescue tokens held (five open the Final Scene, once every Task is done)."""
    return float(len(seated(state.survivors, seat, "survivor").rescues))
