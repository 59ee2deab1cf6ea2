"""The cards a Final Girl setup deals, by content edition, and the deal itself.

Every pool is read here from the data with each entry's `since` (engines/core/decks.py), so a run replays with
the cards it was dealt from however many are added later; tests/engines/test_content.py pins each edition's
pools, so a card added without a new edition is caught before it breaks a saved run.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.core.decks import FIRST, Dealer, Deck, since
from engines.final_girl import data as D
from engines.final_girl.state import State

NEWEST = FIRST
"""The newest content edition of the game's cards: what a new run is dealt from (read by `refresh`)."""


def _kept(table: dict[str, dict[str, Any]], edition: int) -> list[str]:
    return [k for k, v in table.items() if since(v) <= edition]


_SINCE: dict[str, int] = {}
"""Each card that joined after the first edition -> its edition (read by `refresh`)."""


def refresh() -> None:
    """Read the cards' editions from the data (at import; again after a test adds a card to it)."""
    global NEWEST
    _SINCE.clear()
    for card in D.action_ids():
        _SINCE[card] = since(D.ACTIONS[D.card_kind(card)])
    for card in D.terror_ids("killer") + D.terror_ids("location"):
        _SINCE[card] = since(D.TERROR[D.card_kind(card)])
    for table in (D.FINALES, D.DARK_POWERS, D.SETUPS, D.ITEMS, D.EVENTS, D.TRAPS):
        _SINCE.update((k, since(v)) for k, v in table.items())
    NEWEST = max(_SINCE.values(), default=FIRST)
    content.cache_clear()


def since_of(card: str) -> int:
    """The content edition a card (an Action or Terror card instance, a Finale, a Setup card...) joined in."""
    return _SINCE.get(card, FIRST)


@lru_cache(maxsize=8)
def content(edition: int) -> dict[str, tuple[str, ...]]:
    """Every pool a setup of this edition deals from, in the order its first-edition cards are shuffled in."""
    actions = [c for c in D.action_ids() if since(D.ACTIONS[D.card_kind(c)]) <= edition]
    killer, location = (
        [c for c in D.terror_ids(owner) if since(D.TERROR[D.card_kind(c)]) <= edition]
        for owner in ("killer", "location")
    )
    finales = _kept(D.FINALES, edition)
    return {
        "hand": tuple(c for c in actions if D.ACTIONS[D.card_kind(c)].get("start")),
        "tableau": tuple(c for c in actions if not D.ACTIONS[D.card_kind(c)].get("start")),
        "finales": tuple(sorted(k for k in finales if not D.FINALES[k].get("epic"))),
        "epic-finales": tuple(sorted(k for k in finales if D.FINALES[k].get("epic"))),
        "dark-powers": tuple(sorted(k for k in _kept(D.DARK_POWERS, edition) if not D.DARK_POWERS[k].get("epic"))),
        "terror": tuple(c for c in killer + location if not D.TERROR[D.card_kind(c)].get("click")),
        "clicks": tuple(c for c in location if D.TERROR[D.card_kind(c)].get("click")),
        "setups": tuple(sorted(_kept(D.SETUPS, edition))),
        "items": tuple(sorted(_kept(CARD_ITEMS, edition))),
        "bonus-items": tuple(_kept(D.BONUS_ITEMS, edition)),
        "victim-traps": tuple(sorted(_kept(D.VICTIM_TRAPS, edition))),
        "fg-traps": tuple(sorted(_kept(D.FG_TRAPS, edition))),
        "events": tuple(sorted(_kept(D.EVENTS, edition))),
    }


CARD_ITEMS: dict[str, dict[str, Any]] = D.CARDS["items"]
"""The warehouse's Items (the Final Girls' bonus items apart)."""


def deal(state: State, dealer: Dealer, finale_epic: bool, bonus_on: bool) -> None:
    """The setup's cards, in the order they were always drawn on the game's RNG: the Action cards, the Finale
    and Dark Power face down, the Terror deck, the Setup card, the Item piles, the Final Health tokens (drawn
    unseen), and the Death Trap and Event decks."""
    pools = content(dealer.edition)
    state.deal = dealer.edition
    # Action cards: the Zero Cost cards in hand, the rest in the Tableau (Climb and Leap included).
    state.hand = list(pools["hand"])
    state.tableau = list(pools["tableau"])
    # Finale and Dark Power, face down.
    state.finale = dealer.choice("finale", pools["epic-finales" if finale_epic else "finales"])
    state.dark_power = "endless_traps" if state.epic else dealer.choice("dark-power", pools["dark-powers"])
    # Terror: 10 of the 21 non-Click! cards; set aside the top 2, shuffle in the 3 Click! cards, put 2 back.
    pool = dealer.shuffled("terror", pools["terror"])
    size = D.RULES.get("terror_deck", 10)
    dealt, state.terror_out = pool[-size:], pool[:-size]
    clicks = list(pools["clicks"])
    later = [c for c in clicks if not dealer.has_first(c)]  # the dealt ten are ten, whatever their edition
    top2, rest = dealt[-2:], dealer.shuffled("terror-under", dealt[:-2] + clicks, later)
    state.terror = Deck(draw_pile=rest + top2)
    # The Setup card: where she starts, where the Killer would, and the Victims.
    state.setup_card = dealer.choice("setup", pools["setups"])
    # Items: 4 per Search space, the rest out of the game.
    items = list(pools["items"])
    bonus = [k for k in pools["bonus-items"] if bonus_on and D.BONUS_ITEMS[k]["girl"] == state.girl]
    if bonus:
        items = sorted(items + bonus)
    items = dealer.shuffled("items", items)
    for space in D.SEARCH_SPACES:
        state.item_decks[space] = [items.pop() for _ in range(D.ITEMS_PER_DECK)]
    state.items_out = items + [k for k in pools["bonus-items"] if k not in bonus]
    tokens = dealer.shuffled("final-tokens", D.RULES["final_tokens"])
    state.fg_token, state.killer_token = tokens[0], tokens[1]
    state.victim_trap_deck = dealer.shuffled("victim-traps", pools["victim-traps"])
    state.fg_trap_deck = dealer.shuffled("fg-traps", pools["fg-traps"])
    state.event_deck = dealer.shuffled("events", pools["events"])


def setups(state: State) -> list[str]:
    """The Setup cards of the run's edition in the data's order, for a draw after the opening (where she
    appears, or her stand-in)."""
    return _kept(D.SETUPS, state.deal)


refresh()
