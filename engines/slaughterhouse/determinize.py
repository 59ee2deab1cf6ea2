"""Samples of what one side of Slaughterhouse cannot see, for the search.

Hidden from both sides: the order of the Sawyer, Desperation and Injury decks, which Items lie in which
floor's pile and in what order (and Scenario E's set-aside card), the face-down Vehicles and the Vehicles left
in the box, the Horror tiles in the box, and the dice to come. Hidden from the Trespassers besides: the
family's hand, the face-down Horror tiles in the rooms and those still to be placed. Hidden from the family:
the Trespassers' Desperation cards. Each pool is sorted before it is shuffled, so a sample depends only on
what the seat has seen.

A card someone buried under a deck is known to lie at its bottom; the state keeps no record of which, so a
sample redeals it like the rest (less informed than the seat, never more).
"""

from __future__ import annotations

from engines.core.rng import Rng
from engines.core.search import clone
from engines.slaughterhouse import data as D
from engines.slaughterhouse.state import State

TRESPASSERS = "trespassers"


def _shuffled(cards: list[str], rng: Rng) -> list[str]:
    out = sorted(cards)
    rng.shuffle(out)
    return out


def determinize(state: State, seat: str, rng: Rng) -> State:
    """A complete state consistent with all `seat` has seen, every hidden thing redrawn from `rng`."""
    s = clone(state)
    mine = seat == TRESPASSERS
    _sawyer_cards(s, rng, deal_hand=mine)
    _desperation(s, rng, deal_hands=not mine)
    s.injury_deck = _shuffled(s.injury_deck, rng)
    _items(s, rng)
    _horror(s, rng, rooms=mine)
    _vehicles(s, rng)
    s.personal_box = sorted(s.personal_box)  # drawn at random by the rules: only its contents matter
    s.rng = Rng.from_seed(rng.next_u32() << 32 | rng.next_u32())
    return s


def _sawyer_cards(s: State, rng: Rng, deal_hand: bool) -> None:
    if not deal_hand:
        s.sawyer_deck = _shuffled(s.sawyer_deck, rng)
        return
    pool = _shuffled(s.sawyer_deck + s.hand, rng)
    n = len(s.hand)
    s.hand, s.sawyer_deck = pool[:n], pool[n:]


def _desperation(s: State, rng: Rng, deal_hands: bool) -> None:
    if not deal_hands:
        s.desperation_deck = _shuffled(s.desperation_deck, rng)
        return
    pool = _shuffled(s.desperation_deck + [c for t in s.trespassers for c in t.desperation], rng)
    for t in s.trespassers:
        n = len(t.desperation)
        t.desperation, pool = pool[:n], pool[n:]
    s.desperation_deck = pool


def _items(s: State, rng: Rng) -> None:
    """Both floors' piles are one unseen pool, redealt to the piles' sizes; where a Scenario card was set
    aside face down, which one it is is redrawn from the Scenario cards not seen."""
    piles = s.item_decks["down"] + s.item_decks["up"]
    scenario = D.SCENARIOS[s.scenario]
    if scenario.get("set_aside") and scenario.get("items"):
        mine = D.SCENARIO_ITEMS[scenario["items"]]
        aside = [c for c in s.item_box if c in mine]
        unseen = _shuffled(aside + [c for c in piles if c in mine], rng)
        piles = [c for c in piles if c not in mine] + unseen[len(aside) :]
        s.item_box = [c for c in s.item_box if c not in mine] + sorted(unseen[: len(aside)])
    pool = _shuffled(piles, rng)
    down = len(s.item_decks["down"])
    s.item_decks = {"down": pool[:down], "up": pool[down:]}


def _horror(s: State, rng: Rng, rooms: bool) -> None:
    """The box for both sides; for the Trespassers also the tiles face down in the rooms and still to place."""
    if not rooms:
        s.horror_box = sorted(s.horror_box)
        return
    placed = sorted(s.horror)
    pool = _shuffled([s.horror[r] for r in placed] + s.horror_placing + s.horror_box, rng)
    s.horror = {r: pool[i] for i, r in enumerate(placed)}
    n, k = len(placed), len(s.horror_placing)
    s.horror_placing = pool[n : n + k]
    s.horror_box = sorted(pool[n + k :])
    queue = iter(s.horror_placing)
    for step in s.todo:
        if step.kind == "place_horror" and step.cards:
            step.cards = [next(queue)]


def _vehicles(s: State, rng: Rng) -> None:
    """The face-down Vehicles (and, before Scenario C's Truck is placed, those to be dealt) are redrawn from
    those unseen, the scenario's fixed Vehicles always among them."""
    scenario = D.SCENARIOS[s.scenario]
    fixed = set(scenario["vehicles"])
    pending = [step for step in s.todo if step.kind == "place_vehicle"]
    if pending:
        step = pending[0]
        dealt = step.cards[1:]
        chosen, s.vehicle_box = _deal(dealt + s.vehicle_box, len(dealt), fixed, rng)
        step.cards = [step.cards[0], *chosen]
        return
    down = [v for v in s.vehicles if v not in s.vehicles_up]
    chosen, s.vehicle_box = _deal([s.vehicles[v] for v in down] + s.vehicle_box, len(down), fixed, rng)
    for space, card in zip(down, chosen, strict=True):
        s.vehicles[space] = card


def _deal(unseen: list[str], n: int, fixed: set[str], rng: Rng) -> tuple[list[str], list[str]]:
    """n cards from `unseen`, every fixed one among them, in a random order; and the rest (sorted)."""
    must = sorted(c for c in unseen if c in fixed)
    others = _shuffled([c for c in unseen if c not in fixed], rng)
    chosen = must + others[: n - len(must)]
    rng.shuffle(chosen)
    return chosen, sorted(others[n - len(must) :])


def facts(state: State, seat: str) -> dict[str, float]:
    """What a rollout's end says: who got out and who did not."""
    trs = state.trespassers
    return {
        "Trespassers escaped": float(sum(t.escaped for t in trs)),
        "Trespassers killed": float(sum(t.dead for t in trs)),
        "rounds": float(state.round),
    }


def value(state: State, seat: str) -> float | None:
    """The seat's count goal: Trespassers escaped for them, Trespassers killed for the family."""
    trs = state.trespassers
    return float(sum(t.escaped for t in trs) if seat == TRESPASSERS else sum(t.dead for t in trs))
