"""Escape From Tall Oaks' lesson facts: what the coach's words may say, from the person's survivor's view and
the choice.

The view never shows the deck orders nor anyone's face-down Final Scenes card (the person's own only once it is
turned over), so nothing here can tell them. The rule numbers are the engine's (cards.toml's [rules], read by
rules_data.py).
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Decision
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.keys import Key
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import View


def facts(view: View, decision: Decision | None) -> dict[str, Any]:
    """The person's survivor against the rivals, the tasks, the Slasher and its meter, the rules' numbers, and
    at a choice what it offers."""
    me = next(s for s in view.survivors if s.seat == view.seat)
    rivals = [s for s in view.survivors if s.seat != view.seat]
    slasher = R.SLASHERS[view.slasher]
    ability = R.ABILITIES.get(me.name)
    done = sum(view.done)
    nxt = next((i + 1 for i, d in enumerate(view.done) if not d), 0)
    out: dict[str, Any] = {
        "my_name": me.name,
        "my_health": me.health,
        "max_health": R.HEALTH,
        "injured_at": R.INJURED,
        "rescues": me.rescues,
        "rescues_needed": R.RESCUES_NEEDED,
        "to_go": max(0, R.RESCUES_NEEDED - me.rescues),
        "rival_count": len(rivals),
        "best_rival": max((s.rescues for s in rivals), default=0),
        "tasks_done": done,
        "tasks_total": len(view.done),
        "next_task": nxt,
        "next_task_place": place(R.TASK_LOCATIONS[nxt - 1]) if nxt else "",
        "task_places": [place(loc) for loc in R.TASK_LOCATIONS],
        "held_tasks": len(me.tasks),
        "meter": view.meter,
        "meter_full": R.METER,
        "slasher_name": slasher.name,
        "slasher_defeat": slasher.defeat,
        "slasher_escape": slasher.escape,
        "slasher_out": bool(view.slasher_at),
        "legend": view.slasher == R.LEGEND,
        "action_dice": R.ACTION_DICE,
        "movement_dice": R.MOVEMENT_DICE,
        "slots": R.SLOTS,
        "my_slots": A.slots(me.name),
        "held": [R.supply(c).name for c in me.supplies],
        "held_count": len(me.supplies) + len(me.tasks),
        "armed": any(R.supply(c).kind == "action" for c in me.supplies),
        "ability_text": ability.text if ability else "",
        "final_place": next((place(loc) for loc, seat in view.final_tokens.items() if seat == view.seat), ""),
        "final_token": me.final_token,
        "helipad": view.helipad,
    }
    if view.roll:
        out["roll"] = list(view.roll)
        out["roll_total"] = sum(view.roll)
    if decision is not None:
        out.update(_choice(decision))
    return out


def _choice(d: Decision) -> dict[str, Any]:
    """What the decision offers that a step may ask for or name."""
    out: dict[str, Any] = {}
    for o in d.options:
        verb = Key.parse(o.key).verb
        if d.kind == "turn" and verb in ("draw", "search", "task", "final", "heal"):
            out[f"{verb}_key"] = o.key
        elif d.kind == "scuffle" and o.key != d.options[-1].key:
            out.setdefault("scuffle_key", o.key)
    return out
