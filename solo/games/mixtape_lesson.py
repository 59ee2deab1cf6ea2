"""Director's Cut's lesson facts: what the coach's words may say, from the person's slasher's view and the choice.

The view never shows the deck orders or what a face-down Scene Marker hides, so nothing here can tell them. The
rule numbers are the engine's (cards.toml's [rules], read by rules_data.py).
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Decision
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.keys import Key
from engines.mixtape.directors_cut.state import View


def facts(view: View, decision: Decision | None) -> dict[str, Any]:
    """The person's slasher against the rivals, the Hero and the meter, the rules' numbers, and at a choice
    what it offers."""
    me = next(s for s in view.slashers if s.seat == view.seat)
    rivals = [s for s in view.slashers if s.seat != view.seat]
    hero = R.hero_now(view.hero, view.wolf)
    out: dict[str, Any] = {
        "my_name": me.name,
        "my_health": me.health,
        "max_health": R.HEALTH,
        "souvenirs": me.souvenirs,
        "goal": view.goal,
        "to_go": max(0, view.goal - me.souvenirs),
        "rival_count": len(rivals),
        "rival_names": [s.name for s in rivals],
        "rivals_alive": sum(1 for s in rivals if s.alive),
        "best_rival": max((s.souvenirs for s in rivals), default=0),
        "meter": view.meter,
        "meter_full": R.METER,
        "hero_name": hero.name,
        "hero_defeat": hero.defeat,
        "hero_defend": hero.defend,
        "hero_out": bool(view.hero_at),
        "action_dice": R.ACTION_DICE,
        "movement_dice": R.MOVEMENT_DICE,
        "yellow_knives": R.UNLOCK_KNIVES["yellow"],
        "red_knives": R.UNLOCK_KNIVES["red"],
        "supply_name": R.supply(me.supply).name if me.supply else "",
        "tokens_left": me.trackers,
        "ability_text": R.ABILITY_TEXT.get(me.ability, ""),
        "ability_used": me.used,
        "markers_out": sum(view.markers.values()),
        "locks_out": len(view.locks),
        "spree": view.spree,
    }
    if view.roll:
        out["roll"] = list(view.roll)
        out["roll_total"] = sum(view.roll)
    if view.card in R.SCENES:
        scene = R.SCENES[view.card]
        out.update(
            {"scene_title": scene.title, "scene_kind": scene.kind, "scene_knives": scene.knives, "scene_fists": scene.fists}
        )
    if decision is not None:
        out.update(_choice(decision))
    return out


def _choice(d: Decision) -> dict[str, Any]:
    """What the decision offers that a step may ask for or name."""
    out: dict[str, Any] = {}
    for o in d.options:
        verb = Key.parse(o.key).verb
        if verb == "scene":
            out["scene_key"] = o.key
        elif verb == "search" and d.kind == "turn":
            out["search_key"] = o.key
        elif verb == "ability":
            out["ability_key"] = o.key
        elif verb == "heal":
            out["heal_key"] = o.key
        elif verb == "unlock":
            out["unlock_key"] = o.key
    return out
