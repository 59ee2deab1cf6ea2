"""Final Girl's lesson facts: what the coach's words may say, from the Final Girl's view and the decision.

The view hides what she may not know (the deck orders, the Final Health tokens, the face-down Finale and Dark
Power), so nothing here can tell it. The rule numbers are the engine's (cards.toml's [rules], read by data.py).
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Decision
from engines.final_girl import data as D
from engines.final_girl.keys import Key
from engines.final_girl.rolling import line_for
from engines.final_girl.state import View

BEST_AT = next(n for n in range(1, 10) if line_for(n) == "two")
"""How many successes reach a card's best line, as the engine reads a roll."""


def facts(view: View, decision: Decision | None) -> dict[str, Any]:
    """The tracks, the board around her and the rules' numbers; at a choice, what it offers."""
    rules = D.RULES
    here = [v for v in view.victims if v.space == view.fg_space and not v.trapped]
    out: dict[str, Any] = {
        "girl_name": D.GIRLS[view.girl]["name"],
        "killer_name": D.KILLER["name"],
        "time_now": view.time,
        "time_start": rules["time_start_extreme" if view.extreme else "time_start"],
        "time_max": rules["time_max"],
        "horror_dice": view.dice,
        "success": rules["success"],
        "partial": rules["partial"],
        "partial_top": rules["success"] - 1,
        "best_at": BEST_AT,
        "discard_pair": rules["discard_pair"],
        "follow": rules["follow"],
        "panic_dice": rules["panic_dice"],
        "pit_dice": rules["panic_dice_pit"],
        "hand_limit": rules["hand_limit"],
        "hand_size": len(view.hand),
        "my_health": view.fg_health,
        "my_max": view.fg_max,
        "on_final_health": view.fg_white,
        "her_health": view.killer_health,
        "her_max": view.killer_max,
        "killer_seen": bool(view.killer_space),
        "her_space": D.SPACES[view.killer_space]["name"] if view.killer_space else "",
        "terror_left": view.terror_left,
        "finale_shown": bool(view.finale),
        "finale_name": D.FINALES[view.finale]["name"] if view.finale else "",
        "bloodlust_row": view.bloodlust,
        "killer_attack": view.killer_attack,
        "saved_so_far": view.saved,
        "dead_so_far": view.dead,
        "here": D.SPACES[view.fg_space]["name"],
        "on_exit": view.fg_space in D.EXITS,
        "exits": len(D.EXITS),
        "locked": len(view.locked),
        "victims_here": len(here),
        "traps_set": sum(1 for t in view.traps if not t.done),
        "trap_here": any(t.space == view.fg_space and not t.done for t in view.traps),
        "trapped": view.fg_trapped,
        "slots": view.slots,
        "slots_total": view.slots_total,
        "items_held": len(view.hands) + len(view.backpack),
    }
    if decision is not None:
        out.update(_choice(view, decision))
    return out


def _choice(view: View, d: Decision) -> dict[str, Any]:
    """What the decision offers that a step may ask for or name: a pair to discard, a trap's task, a rescue."""
    out: dict[str, Any] = {}
    verbs = {o.key: Key.parse(o.key).verb for o in d.options}
    for key, verb in verbs.items():
        if verb == "convert" and "convert_key" not in out:
            out["convert_key"] = key
        elif verb == "task" or (verb == "play" and Key.parse(key).trap):
            out.setdefault("trap_key", key)
        elif verb == "save":
            out["save_key"] = key
        elif verb == "closecall":
            out["close_call"] = True
        elif verb == "take" and d.kind == "action":
            out["trade"] = True
        elif verb == "discard":
            out["can_discard"] = True
    if d.kind in ("roll", "convert") and view.roll:
        dice = list(view.roll.get("dice", ()))
        out["roll_dice"] = dice
        out["successes"] = sum(1 for x in dice if x >= D.RULES["success"])
        out["partials"] = sum(1 for x in dice if D.RULES["partial"] <= x < D.RULES["success"])
        card = str(view.roll.get("card", ""))
        if card:
            out["roll_card"] = D.ACTIONS[D.card_kind(card)]["name"]
    if d.kind == "react":
        out["blow"] = view.ask.get("damage", 0)
    if d.kind == "move":
        out["steps_left"] = view.ask.get("steps", 0)
    return out
