"""Samples of what the Final Girl cannot see, for the search.

Hidden from her: the order of the Terror deck and which of its cards were dealt at all (the rest lie out of
the game), the face-down Finale and Dark Power, the two Final Health tokens, the order of the Event and Death
Trap decks, every Item pile below its face-up top (and which Items were left out), and the dice to come.
Each hidden pool is sorted before it is shuffled, so a sample depends only on what she has seen.

Two things she knows are not kept, so a sample is a little less informed than she is, never more: a Terror
card she bottomed is redealt like any other, and a Final Health token once revealed is not taken out of the
pool the other is redrawn from (the state keeps no record of either). Her own bonus Item, when not in play,
stays in the pool (whether the option was on is not in the state).
"""

from __future__ import annotations

from engines.core.rng import Rng
from engines.core.search import clone
from engines.final_girl import data as D
from engines.final_girl.dealing import content
from engines.final_girl.state import State

_CLICKS = frozenset(c for c in D.terror_ids("location") if D.TERROR[D.card_kind(c)].get("click"))
_SET_ASIDE = 2  # the top two dealt cards go back on top after the Click! cards are shuffled in


def determinize(state: State, seat: str, rng: Rng) -> State:
    """A complete state consistent with all the Final Girl has seen, every hidden thing redrawn from `rng`."""
    s = clone(state)
    _terror(s, rng)
    _face_down(s, rng)
    _items(s, rng)
    for name in ("event_deck", "victim_trap_deck", "fg_trap_deck"):
        pile = sorted(getattr(s, name))
        rng.shuffle(pile)
        setattr(s, name, pile)
    s.rng = Rng.from_seed(rng.next_u32() << 32 | rng.next_u32())
    return s


def _terror(s: State, rng: Rng) -> None:
    """Redeal the Terror draw pile from every non-Click! card not seen, keeping its size and Click! count."""
    pile = s.terror.draw_pile
    clicks = sum(1 for c in pile if c in _CLICKS)
    unseen = sorted([c for c in pile if c not in _CLICKS] + s.terror_out)
    rng.shuffle(unseen)
    plain = len(pile) - clicks
    dealt, s.terror_out = unseen[:plain], sorted(unseen[plain:])
    dealt_at_setup = D.RULES.get("terror_deck", 10) + len(content(s.deal)["clicks"])
    drawn = max(0, dealt_at_setup - len(pile))
    top = max(0, _SET_ASIDE - drawn)  # the set-aside cards still on top are never Click! cards
    top = min(top, plain)
    under = dealt[top:] + sorted(c for c in pile if c in _CLICKS)
    rng.shuffle(under)
    s.terror.draw_pile = under + dealt[:top]


def _face_down(s: State, rng: Rng) -> None:
    """The Finale and Dark Power still face down, and the Final Health tokens not yet turned."""
    pools = content(s.deal)  # the run's own edition: never a card it was not dealt from
    if not s.finale_revealed:
        epic = bool(D.FINALES[s.finale].get("epic"))  # the option chosen at setup, known to all
        s.finale = rng.choice(pools["epic-finales" if epic else "finales"])
    if not s.dark_power_revealed and not s.epic:
        s.dark_power = rng.choice(pools["dark-powers"])
    tokens = sorted(D.RULES["final_tokens"])
    rng.shuffle(tokens)
    if not s.fg_white:
        s.fg_token = tokens.pop()
    if not s.killer_white:
        s.killer_token = tokens.pop()


def _items(s: State, rng: Rng) -> None:
    """Every Item she has not seen goes back in one pool and is dealt into the hidden places of the piles."""
    down = set(s.items_down)
    others = {k for k, v in D.BONUS_ITEMS.items() if v.get("girl") != s.girl}
    out_known = [c for c in s.items_out if c in others]
    pool = [c for c in s.items_out if c not in others]
    hidden: list[tuple[str, int]] = []
    for space in sorted(s.item_decks):
        pile = s.item_decks[space]
        for i, card in enumerate(pile):
            shown = i == len(pile) - 1 and card not in down
            if not shown and card not in down:
                hidden.append((space, i))
                pool.append(card)
    pool.sort()
    rng.shuffle(pool)
    for (space, i), card in zip(hidden, pool, strict=False):
        s.item_decks[space][i] = card
    s.items_out = sorted(pool[len(hidden) :]) + out_known


def facts(state: State, seat: str) -> dict[str, float]:
    """What a rollout's end says for the Final Girl."""
    return {
        "Victims saved": float(state.saved),
        "Victims dead": float(state.dead),
        "health left": float(max(0, state.fg_health)),
        "killer health left": float(max(0, state.killer_health)),
    }


def value(state: State, seat: str) -> float | None:
    """Her count goal besides the win: the Victims saved."""
    return float(state.saved)
