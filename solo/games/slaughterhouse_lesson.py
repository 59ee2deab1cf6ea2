"""Slaughterhouse's lesson facts: what the coach's words may say, from the Trespassers' view and the decision.

The view hides the family's hand, the face-down Horror tiles and Vehicle cards and the deck orders, so nothing
here can tell them. The rule numbers are the engine's (cards.toml's [rules], read by data.py).
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Decision
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import verb_of
from engines.slaughterhouse.state import View


def facts(view: View, decision: Decision | None) -> dict[str, Any]:
    """The Trespasser whose turn it is, the family's side as the Trespassers see it, the rules' numbers, and at
    a choice what it offers."""
    rules = D.RULES
    alive = [t for t in view.trespassers if not t.dead and not t.escaped]
    out: dict[str, Any] = {
        "actions_a_turn": rules["trespasser_actions"],
        "item_limit": rules["item_limit"],
        "noise_dice": rules["noise_dice"],
        "search_dice": rules["search_dice"],
        "fear_per_card": rules["fear_per_card"],
        "fear_for_panic": rules["fear_for_panic"],
        "hunt_dice": rules["hunt_dice"],
        "injury_types": len(D.INJURY_TYPES),
        "round_now": view.round,
        "family_fear": view.fear,
        "panic_space": view.panic,
        "panic_label": str(D.PANIC[view.panic]["label"]) if 0 <= view.panic < len(D.PANIC) else "",
        "panic_spaces": len(D.PANIC) - 1,
        "free_cards": int(D.PANIC[view.panic]["cards"]) if 0 <= view.panic < len(D.PANIC) else 0,
        "family_out": [D.name(s.id) for s in view.sawyers if s.space],
        "grandpa_out": bool(view.grandpa),
        "trespasser_count": len(view.trespassers),
        "alive": len(alive),
        "escaped_count": sum(1 for t in view.trespassers if t.escaped),
        "killed_count": sum(1 for t in view.trespassers if t.dead),
        "vehicles_seen": len(view.vehicles_up),
        "vehicles_repaired": len(view.repaired),
        "searched_spaces": len(view.searched),
    }
    if 0 <= view.current < len(view.trespassers):
        t = view.trespassers[view.current]
        out.update(
            {
                "who_now": t.id.capitalize(),
                "where_now": D.name(t.space),
                "actions_left": t.actions,
                "noise_now": t.noise,
                "hurt_count": len(t.injuries),
                "items_count": len(t.items),
            }
        )
    if decision is not None:
        out.update(_choice(decision))
    return out


def _choice(d: Decision) -> dict[str, Any]:
    """What the decision offers that a step may ask for or name: a search, a repair, driving off, a card."""
    out: dict[str, Any] = {}
    for o in d.options:
        verb = verb_of(o.key)
        if verb == "search":
            out["search_key"] = o.key
        elif verb == "repair":
            out.setdefault("repair_key", o.key)
        elif verb == "drive":
            out.setdefault("drive_key", o.key)
        elif verb == "desp":
            out["desperation"] = True
        elif verb == "use":
            out["use_item"] = True
        elif verb == "swap" and d.kind == "action":
            out["can_swap"] = True
        elif verb == "run":
            out["can_run"] = True
    return out
