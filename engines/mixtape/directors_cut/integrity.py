"""The Director's Cut's invariants: every card and token in exactly one place, and the numbers in range."""

from __future__ import annotations

from functools import cache

from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import OVER, Slasher, State

B = R.BOARD


@cache
def _sorted(hero: str = "") -> dict[str, list[str]]:
    """Every card and token of a kind, sorted (the scene deck as this Hero has it): a piece count is then one
    sort and a compare, seven times quicker than counting both sides, and the tests check it after every step."""
    return {
        "tokens": sorted(R.ALL_TOKENS),
        "scenes": sorted(R.scene_deck(hero)),
        "supplies": sorted(R.SUPPLY_CARDS),
        "bonus": sorted(R.BONUS),
    }


def problems(state: State) -> list[str]:
    out = _pieces(state) + _board(state)
    for s in state.slashers:
        out += _slasher(state, s)
    if (state.phase == OVER) != bool(state.result):
        out.append(f"phase {state.phase} with result {state.result!r}")
    if state.result and not state.winners and any(s.alive for s in state.slashers):
        out.append("the game ended with nobody winning while slashers live")
    return out


def _pieces(state: State) -> list[str]:
    """Every token and card in exactly one place."""
    out: list[str] = []
    tokens = list(state.bank)
    for loc, held in state.markers.items():
        tokens += held
        if loc not in B.locations:
            out.append(f"markers on {loc}, which is not a location")
    for s in state.slashers:
        tokens += s.souvenirs
        if any(R.is_runner(t) for t in s.souvenirs):
            out.append(f"{s.seat} holds a Runner as a souvenir")
    every = _sorted(state.hero)
    if sorted(tokens) != every["tokens"]:
        out.append("the Scene Marker / Souvenir tokens are not each in exactly one place")
    scenes = state.scenes.cards() + ([state.card] if state.card else [])
    if sorted(scenes) != every["scenes"]:
        out.append("the Killer Scenes, Dude cards are not each in exactly one place")
    supplies = state.supplies.cards() + [c for s in state.slashers for c in (s.supply, s.key) if c]
    if state.drawn:
        supplies.append(state.drawn)
    if sorted(supplies) != every["supplies"]:
        out.append("the Supply cards are not each in exactly one place")
    if sorted(state.bonus.cards()) != every["bonus"]:
        out.append("the Bonus Tracks cards are not each in exactly one place")
    return out


def _board(state: State) -> list[str]:
    """The locks, the Wolf and the Hero Meter."""
    out: list[str] = []
    held = sum(s.trackers for s in state.slashers)
    if held > R.TRACKER_TOKENS or any(s.trackers < 0 or (not s.supply and s.trackers) for s in state.slashers):
        out.append(f"{held} Supply Tracker Tokens on held cards (of {R.TRACKER_TOKENS})")
    if len(state.locks) + state.lock_bank != R.LOCK_TOKENS or state.lock_bank < 0:
        out.append(f"{len(state.locks)} locks placed and {state.lock_bank} in the bank (of {R.LOCK_TOKENS})")
    for e, colour in state.locks.items():
        if B.kind.get(e) != "entrance" or colour not in ("yellow", "red"):
            out.append(f"a {colour} lock on {e}, which is not an entrance")
    if state.wolf and state.hero != R.FULL_MOON_HERO:
        out.append(f"the Wolf is out with {state.hero} as the Hero")
    if not 0 <= state.meter <= R.METER:
        out.append(f"Hero Meter at {state.meter}, outside 0..{R.METER}")
    return out


def _slasher(state: State, s: Slasher) -> list[str]:
    """One slasher's health, place and cards."""
    out: list[str] = []
    if not 0 <= s.health <= R.HEALTH:
        out.append(f"{s.seat} has {s.health} health")
    if s.alive != (s.health > 0):
        out.append(f"{s.seat} alive={s.alive} with {s.health} health")
    if s.alive and state.phase != "start_point" and s.at not in B.kind and s.at not in B.locations:
        out.append(f"{s.seat} stands nowhere ({s.at!r})")
    if not s.alive and s.at:
        out.append(f"{s.seat} is dead but on the board")
    if s.supply and R.supply(s.supply).kind in ("key", "hero"):
        out.append(f"{s.seat} holds {s.supply} in the inventory")
    if s.key and R.supply(s.key).kind != "key":
        out.append(f"{s.seat} holds {s.key} as a key")
    if s.ability not in R.ABILITY_TEXT or s.edge < 0:
        out.append(f"{s.seat} has ability {s.ability!r} and edge {s.edge}")
    return out
