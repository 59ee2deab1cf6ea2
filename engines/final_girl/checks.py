"""Invariants: the rules a sound state never breaks, as sentences (used by the tests after every step).

Each check below looks at one part of the game; `invariants` lists their findings in a fixed order."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engines.final_girl import data as D
from engines.final_girl.state import State


@cache
def _every() -> dict[str, list[str]]:
    """Every card of a kind, sorted: a card count is then one sort and a compare, seven times quicker than
    counting both sides, and the tests check it after every step."""
    return {
        "actions": sorted(D.action_ids()),
        "terror": sorted(D.terror_ids("killer") + D.terror_ids("location")),
        "items": sorted(D.ITEMS),
        "events": sorted(D.EVENTS),
        "traps": sorted(D.TRAPS),
    }


def invariants(state: State) -> list[str]:
    out: list[str] = []
    for check in _CHECKS:
        out += check(state)
    return out


def _tracks(state: State) -> list[str]:
    out = []
    if not D.RULES["time_floor"] <= state.time <= D.RULES["time_max"]:
        out.append(f"Time {state.time} outside {D.RULES['time_floor']}..{D.RULES['time_max']}")
    if not 0 <= state.horror <= D.HORROR_MAX:
        out.append(f"Horror {state.horror} off the track")
    if not 0 <= state.bloodlust < len(D.ROWS):
        out.append(f"Bloodlust row {state.bloodlust} off the track")
    if not 0 <= state.fg_health <= max(state.fg_max, 3):
        out.append(f"Final Girl health {state.fg_health} out of bounds")
    if not 0 <= state.killer_health <= max(state.killer_max, 3):
        out.append(f"Killer health {state.killer_health} out of bounds")
    return out


def _action_cards(state: State) -> list[str]:
    out = []
    if len(state.hand) > D.RULES["hand_limit"] + 2:
        out.append(f"{len(state.hand)} cards in hand")
    # every Action card in exactly one place
    places = state.hand + state.tableau + state.used + ([state.resolving] if state.resolving else [])
    if sorted(places) != _every()["actions"]:
        out.append("Action cards are lost or doubled")
    if state.roll and state.resolving != state.roll.get("card"):
        out.append("a roll is pending for a card not being resolved")
    return out


def _terror_cards(state: State) -> list[str]:
    placed = state.terror.cards() + state.terror_out + [m.card for m in state.minor_powers]
    pending = [op["card"] for op in state.stack if op["op"] == "terror_done" and op["card"] not in placed]
    if sorted(placed + pending) != _every()["terror"]:
        return ["Terror cards are lost or doubled"]
    return []


def _items(state: State) -> list[str]:
    out = []
    items = (
        [i for d in state.item_decks.values() for i in d]
        + state.hands
        + state.backpack
        + state.items_gone
        + state.items_out
    )
    items += state.ask.get("items", []) if state.ask.get("kind") == "keep" else []
    if sorted(items) != _every()["items"]:
        out.append("Item cards are lost or doubled")
    piled = {i for d in state.item_decks.values() for i in d}
    if not set(state.items_down) <= piled:
        out.append("a face-down Item card is not in a pile")
    hands = sum(D.ITEMS[i]["hands"] for i in state.hands)
    if hands > 2:
        out.append(f"{hands} hands of items held")
    return out


def _event_cards(state: State) -> list[str]:
    if sorted(state.event_deck + state.events_active + state.events_done) != _every()["events"]:
        return ["Event cards are lost or doubled"]
    return []


def _victims_counted(state: State) -> list[str]:
    """The 21 Victims of the supply, and the Supervisor's own meeple once his card has come (V6, V8)."""
    total = len(state.victims) + state.saved + state.dead + state.supply
    supervisor = "supervisor" in state.events_active or "supervisor" in state.events_done
    if total != D.RULES["victims_total"] + supervisor:
        return [
            f"Victims: {len(state.victims)} on board + {state.saved} saved + {state.dead} dead + {state.supply} supply"
            f" != {D.RULES['victims_total']}" + (" and the Supervisor" if supervisor else "")
        ]
    return []


def _traps(state: State) -> list[str]:
    out = []
    trap_cards = [t.card for t in state.traps] + state.victim_trap_deck + state.fg_trap_deck + state.traps_out
    if sorted(trap_cards) != _every()["traps"]:
        out.append("Death Trap cards are lost or doubled")
    ids = {str(v.id): v for v in state.victims}
    for t in state.traps:
        if t.subject == "fg":
            continue
        if t.done:
            if t.subject in ids:
                out.append(f"a completed trap still holds Victim {t.subject}")
        elif t.subject not in ids or not ids[t.subject].trapped:
            out.append(f"trap {t.id} holds no trapped Victim")
        elif ids[t.subject].space != t.space:
            # No Victim moves while Trapped (issue 4).
            out.append(f"trapped Victim {t.subject} moved from its trap's space")
    held = {t.subject for t in state.traps if not t.done}
    for v in state.victims:
        if v.trapped and str(v.id) not in held:
            out.append(f"Victim {v.id} is trapped in no trap")
        if v.space not in D.SPACES:
            out.append(f"Victim {v.id} on unknown space {v.space}")
    if sum(1 for t in state.traps if t.subject == "fg" and not t.done) > 1:
        out.append("the Final Girl is in two traps")
    return out


def _the_tormentor(state: State) -> list[str]:
    out = []
    for m in state.minor_powers:
        if not 0 < m.health <= D.TERROR[D.KIND[m.card]]["health"]:
            out.append(f"Minor Dark Power {m.card} with {m.health} health")
    if state.killer_space and not state.finale_revealed:
        out.append("the Tormentor is on the board before the Finale")
    return out


def _the_machine(state: State) -> list[str]:
    out = []
    if (state.phase == "over") != bool(state.result):
        out.append(f"phase {state.phase} with result {state.result!r}")
    if not state.result and not state.ask:
        out.append("the game waits on nothing")
    return out


_CHECKS: tuple[Callable[[State], list[str]], ...] = (
    _tracks,
    _action_cards,
    _terror_cards,
    _items,
    _event_cards,
    _victims_counted,
    _traps,
    _the_tormentor,
    _the_machine,
)
