"""Invariants of a Slaughterhouse state: broken rules as sentences (the tests call this after every step)."""

from __future__ import annotations

from collections import Counter

from engines.slaughterhouse import data as D
from engines.slaughterhouse.dealing import ids
from engines.slaughterhouse.rules import itype, limit
from engines.slaughterhouse.state import State, Trespasser


def broken(state: State) -> list[str]:
    out = _cards(state)
    out += _tokens(state)
    for i, t in enumerate(state.trespassers):
        out += _trespasser(state, i, t)
    out += _turns(state)
    out += _scenario(state)
    return out


def _cards(state: State) -> list[str]:
    """Every card and tile in exactly one place."""
    out: list[str] = []
    pending = [
        c for s in state.todo for c in s.cards if s.kind in ("give", "take", "bury_order", "bury_injuries")
    ]
    ed = state.deal  # the cards of the run's own edition (engines/slaughterhouse/dealing.py)
    _once(
        out,
        "Sawyer card",
        ids("sawyer-cards", ed),
        [*state.sawyer_deck, *state.hand],
        ids("sawyer-cards", ed) | ids("achievement-sawyer-cards", ed),
    )
    _once(
        out,
        "Desperation card",
        ids("desperation", ed),
        [*state.desperation_deck, *(c for t in state.trespassers for c in t.desperation)],
        ids("desperation", ed) | ids("achievement-desperation", ed),
    )
    _once(
        out,
        "Injury",
        ids("injuries", ed),
        [
            *state.injury_deck,
            *(c for t in state.trespassers for c in t.injuries),
            *(c for c in pending if c in D.ALL_INJURIES),
        ],
        ids("injuries", ed) | ids("achievement-injuries", ed),
    )
    items = [
        *state.item_decks.get("down", []),
        *state.item_decks.get("up", []),
        *state.installed,
        *state.item_box,
        *state.beside,
        *state.documented,
        *state.personal_offer,
        *state.personal_box,
        *(c for t in state.trespassers for c in (*t.items, *t.personal)),
        *(c for c in pending if c in D.ALL_ITEMS),
    ]
    _once(out, "Item", ids("all-items", ed), items)
    tiles = [
        *state.horror_placing,
        *state.horror_box,
        *state.horror.values(),
        *state.horror_up.values(),
        *state.horror_gone,
    ]
    _once(out, "Horror tile", ids("horror", ed), tiles)
    return out


def _tokens(state: State) -> list[str]:
    """The shared supply of Noise and Fear tokens, and the Searched tokens."""
    out: list[str] = []
    noise = sum(t.noise for t in state.trespassers)
    if state.fear < 0 or noise + state.fear > D.TOKENS:
        out.append(f"Noise {noise} plus Fear {state.fear} exceed the {D.TOKENS} tokens (or Fear is negative)")
    if len(state.searched) > D.SEARCHED_TOKENS or len(set(state.searched)) != len(state.searched):
        out.append(f"Searched tokens {state.searched} (at most {D.SEARCHED_TOKENS}, one a space)")
    return out


def _trespasser(state: State, i: int, t: Trespasser) -> list[str]:
    """One Trespasser's board: Injuries, actions, Noise, the item limit, where they stand."""
    out: list[str] = []
    kinds = [itype(t, c) for c in t.injuries]
    if len(set(kinds)) != len(kinds):
        out.append(f"{t.id} has two Injuries of one type: {kinds}")
    if (len(kinds) == len(D.INJURY_TYPES)) != t.dead:
        out.append(f"{t.id} has {len(kinds)} Injuries but dead={t.dead}")
    if not 0 <= t.actions <= D.ACTIONS:
        out.append(f"{t.id} has {t.actions} actions, outside the track 0..{D.ACTIONS}")
    if t.hidden and (t.dead or t.escaped):
        out.append(f"{t.id} is hidden but out of the game")
    if t.dead and t.escaped:
        out.append(f"{t.id} is both dead and escaped")
    if t.noise < 0:
        out.append(f"{t.id} has negative Noise")
    over = len(t.items) - limit(t)
    if over > 0 and not t.dead and not any(s.kind == "bury" and s.who == i for s in state.todo):
        out.append(f"{t.id} holds {len(t.items)} Items with no burial pending")
    if t.space not in D.SPACES:
        out.append(f"{t.id} on an unknown space {t.space}")
    return out


def _turns(state: State) -> list[str]:
    """Whose turn it is, the Sawyers' tracks and spaces, the end of the game."""
    out: list[str] = []
    if state.current >= 0:
        t = state.trespassers[state.current]
        if (t.dead or t.escaped) and not any(s.kind == "turn_done" for s in state.todo):
            out.append(f"{t.id} is out of the game but still taking a turn")
    for s in state.sawyers:
        if not 0 <= s.actions <= s.most:
            out.append(f"{s.id} has {s.actions} actions outside 0..{s.most}")
        if s.space and s.space not in D.SPACES:
            out.append(f"{s.id} on an unknown space")
    if state.phase == "over" and not state.result:
        out.append("the game is over without a result")
    if (
        state.phase != "over"
        and state.phase != "setup"
        and all(t.dead or t.escaped for t in state.trespassers)
    ):
        out.append("every Trespasser is out but the game goes on")
    return out


def _scenario(state: State) -> list[str]:
    """The Fire, the scenario's tokens, the Loot, the Panic Meter."""
    out: list[str] = []
    if len(state.fire) > D.FIRE["tokens"] or len(set(state.fire)) != len(state.fire):
        out.append(f"Fire tokens {state.fire} (at most {D.FIRE['tokens']}, one a space)")
    tokens = D.SCENARIOS[state.scenario]["tokens"]
    carried = sum(t.carrying for t in state.trespassers)
    used = state.photos - len(state.photographed)
    if state.phase != "setup" and len(state.tokens) + state.loaded + carried + used != tokens:
        out.append(f"Scenario tokens: {len(state.tokens)} out, {state.loaded} loaded, {carried} carried")
    if carried and state.scenario != "c":
        out.append("a Trespasser carries Loot outside Scenario C")
    for t in state.trespassers:
        if t.carrying and t.dead:
            out.append(f"{t.id} is dead but still carries Loot")
    if not 0 <= state.panic < len(D.PANIC):
        out.append(f"Panic Meter at {state.panic}")
    return out


def _once(
    out: list[str], what: str, cards: frozenset[str], places: list[str], allowed: frozenset[str] | None = None
) -> None:
    """Every card of `cards` in exactly one place; cards of `allowed` (unlocked ones) at most once."""
    if len(places) == len(cards) and cards == set(places):
        return  # the common case, checked cheaply
    counts = Counter(places)
    twice = sorted(c for c, n in counts.items() if n > 1)
    missing = sorted(cards - set(counts))
    strange = sorted(set(counts) - (allowed or cards))
    if strange:
        out.append(f"{what} unknown: {', '.join(strange)}")
    if twice:
        out.append(f"{what} in two places: {', '.join(twice)}")
    if missing:
        out.append(f"{what} nowhere: {', '.join(missing)}")
