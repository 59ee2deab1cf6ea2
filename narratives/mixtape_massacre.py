"""Mixtape Massacre: which wording fits each event, and the pronouns that make the person's slasher 'you'.

The person plays slasher1. Templates say "{Who} draw{s} a card": "You draw a card" for the person and
"Stitches draws a card" for a rival. Every word a player reads is in mixtape_massacre.toml.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.core.events import Event
from engines.mixtape.board import SEWER
from engines.mixtape.directors_cut.places import PLACE_FACTS, spoken
from engines.mixtape.directors_cut.rules_data import BOARD, SUPPLY_TYPES
from narratives.nouns import count_plural
from narratives.opening_rolls import opening_rolls
from narratives.words import join, number_word

PERSON = "slasher1"


def _person(seat: Any) -> bool:
    return seat == PERSON


def fields(event: Event, phrases: Mapping[str, str]) -> dict[str, Any]:
    f = event.facts
    # the events store a road space by its cell: the story names it by its landmark (places.spoken)
    out: dict[str, Any] = {k: spoken(f[k]) for k in PLACE_FACTS if isinstance(f.get(k), str)}
    if "seat" in f:
        you = _person(f["seat"])
        name = f.get("name", "someone")
        out.update(
            who="you" if you else name,
            Who="You" if you else name,
            s="" if you else "s",
            es="" if you else "es",
            is_="are" if you else "is",
            was="were" if you else "was",
            has="have" if you else "has",
            your="your" if you else f"{name}'s",
            Your="Your" if you else f"{name}'s",
        )
    for role in ("other", "winner", "loser", "chooser"):
        if role in f:
            name = f.get(f"{role}_name", "someone")
            you = _person(f[role])
            out[f"{role}_who"] = "you" if you else name
            out[f"{role}_Who"] = "You" if you else name
            out[f"{role}_your"] = "your" if you else f"{name}'s"
    if "dice" in f and isinstance(f["dice"], list):
        if f["dice"]:
            out["roll"] = ", ".join(str(d) for d in f["dice"])
        out["roll_or_none"] = out.get("roll", "no roll")
    if "other_dice" in f:
        if f["other_dice"]:
            out["other_roll"] = ", ".join(str(d) for d in f["other_dice"])
        out["other_roll_or_none"] = out.get("other_roll", "no roll")
    if event.kind == "opening_roll":
        out["rolls_text"] = opening_rolls(f, PERSON, "you roll", "roll")
    out.update(_outcome(event))
    if "steps" in f:
        out["steps_word"] = "step" if f["steps"] == 1 else "steps"
        out["steps_text"] = f"{f['steps']} {out['steps_word']}"
    edge = f.get("edge")
    if event.kind in ("kill_made", "kill_failed", "scene_redrawn"):
        # the knives that waited for this attack roll are spent on it, whatever the dice decide
        spent = edge if isinstance(edge, int) and edge > 0 else 0
        out["edge_spent"] = f"; the {count_words(spent, 'knife')} waiting for this roll spent" if spent else ""
    if isinstance(f.get("knives"), int):
        out["knives_text"] = f"{f['knives']} knife" if f["knives"] == 1 else f"{f['knives']} knives"
        rolled = sum(1 for d in f.get("dice") or () if d == "knife")
        if isinstance(f.get("dice"), list) and f["knives"] > rolled:
            # beyond the dice: a supply's, and the knives that waited for an attack roll (`edge`: The Legend's
            # ability or a Bonus Tracks card), said apart
            out["supply_knives"] = f["knives"] - rolled
            out["knives_text"] += f", {out['supply_knives']} beyond the dice"
            if isinstance(edge, int) and edge > 0:
                out["knives_text"] += f", {number_word(edge)} of them waiting for this roll"
        if f.get("combo"):  # a triple decides the fight or the scene whatever the count ('triple pentagrams')
            out["knives_text"] += f", triple {count_plural(f['combo'])}"
    if isinstance(f.get("other_knives"), int):
        out["other_knives_text"] = _counted(f["other_knives"], "knife", "knives", f.get("other_dice"))
    if isinstance(f.get("fists"), int):
        out["fists_text"] = _counted(f["fists"], "fist", "fists", f.get("dice"))
    if event.kind == "opening_roll":
        you = _person(f.get("first"))
        out.update(
            Who="You" if you else f["name"],
            who="you" if you else f["name"],
            s="" if you else "s",
            es="" if you else "es",
        )
    out.update(_of_kind(event, out))
    return out


def _counted(n: int, one: str, many: str, dice: Any) -> str:
    """'2 knives', or where the count is more than the dice show, what the dice gave and what came from beyond
    them ('2 knives, 2 beyond the dice' for 'fist, fist, pentagram' and two from a supply): so a roll's words
    never contradict its faces (issue 49). Beyond the dice: a supply's, an ability's or a Bonus Track's, which
    the event does not tell apart."""
    said = f"{n} {one if n == 1 else many}"
    if isinstance(dice, list):
        rolled = sum(1 for d in dice if d == one)
        if n > rolled:
            said += f", {n - rolled} beyond the dice"
    return said


_SUPPLY_KIND = {s.name: s.kind for s in SUPPLY_TYPES.values()}
"""A supply card's name -> what its tokens add: 'knife' or 'fist' (or 'heal', 'key', ...)."""
_SCENE_KINDS = {
    "attack": "a victim",
    "defense": "a victim who fights back",
    "survivor": "The Survivor",
    "full_moon": "a full moon",
}
_CAUSES = {"a hex": "the hex", "a victim": "the victim", "The Survivor": "the Survivor"}


def count_words(n: int, noun: str) -> str:
    """'one knife', 'three knives'."""
    return f"{number_word(n)} {noun if n == 1 else count_plural(noun)}"


def _of_kind(event: Event, out: Mapping[str, Any]) -> dict[str, Any]:
    """The fields only one kind of event needs: its winners, its rivals, its winning roll, a move's sewer,
    a wound's cause, a supply's kind of bonus."""
    f = event.facts
    if event.kind == "moved":
        # a move that ends at a storm drain (on a sewer space): the only moves told as through the drains
        return {"sewer": BOARD.kind.get(str(f.get("to"))) == SEWER}
    if event.kind in ("hurt", "slasher_died") and isinstance(f.get("by"), str):
        by = "you" if _person(f.get("by_seat")) else _CAUSES.get(f["by"], f["by"])
        return {"by_the": by}
    if event.kind == "supply_used" and isinstance(f.get("bonus"), int):
        what = _SUPPLY_KIND.get(str(f.get("card")), "")
        if what not in ("knife", "fist"):
            return {}
        n = f["bonus"]
        noun = what if n == 1 else count_plural(what)
        return {"bonus_text": f"{number_word(n)} {noun}", "bonus_digits": f"{n} {noun}"}
    if event.kind == "scene_drawn":
        return {"kind_words": _SCENE_KINDS.get(str(f.get("kind")), "")}
    if event.kind == "ability_used" and isinstance(f.get("healed"), int):
        return {"healed_to": int(f["health"]) + f["healed"]}  # `health` is the health before the ability
    if event.kind == "ability_used" and isinstance(f.get("dropped"), dict) and f["dropped"]:
        return {"dropped_text": join(f"{name} loses the {card}" for name, card in f["dropped"].items())}
    if event.kind == "brawl_won":
        # a triple wins on its own: the mover's first roll, or the other's answer (then both rolled)
        mine = f.get("winner") == f.get("seat")
        return {"winning_roll": out.get("roll" if mine else "other_roll", "no roll")}
    if event.kind == "game_over":
        return {"winner_names": " and ".join(f["names"]) or "nobody"}
    if event.kind == "game_started":
        return {"rivals": " and ".join(f["names"][1:]), "you_name": f["names"][0]}
    return {}


def _outcome(event: Event) -> dict[str, Any]:
    """How the event went for the slasher it names, and the health it cost, where the event settles either."""
    f, kind = event.facts, event.kind
    if kind == "victim_escaped":
        lost = 0 if f.get("defended") else int(f.get("damage", 0))
        return {"outcome": "failure" if lost else "success", "health_lost": lost}
    if kind == "survivor_escaped":
        return {"outcome": "failure", "health_lost": int(f.get("damage", 0))}
    if kind == "hero_won":
        return {"outcome": "failure", "health_lost": int(f.get("loss", 0))}
    if kind == "bonus_drawn" and f.get("effect") in ("hurt", "others_hurt"):
        return {"health_lost": int(f.get("amount", 0))}
    if kind == "hurt":
        return {"health_lost": int(f.get("amount", 0))}
    if kind in ("kill_made", "hero_defeated", "hero_fended", "survivor_stopped", "victim_beaten"):
        return {"outcome": "success", "health_lost": 0}
    if kind == "unlock_tried":
        return {"outcome": "success" if f.get("ok") else "failure", "health_lost": 0}
    if kind == "kill_failed":
        return {"outcome": "failure", "health_lost": 0}
    return {}


def case(event: Event) -> str:
    chooser = _CASES.get(event.kind)
    return chooser(event.facts) if chooser else "default"


def _travel(f: Mapping[str, Any]) -> str:
    """A rival's start, roll and move may fold into one line with the rivals' other travel ([folds.travel])."""
    return "you" if _person(f.get("seat")) else "rival"


def _you(f: Mapping[str, Any]) -> str:
    return "you" if _person(f.get("seat")) else "default"


def _kill(f: Mapping[str, Any]) -> str:
    if f.get("combo") == "pentagram":
        return "hex"
    return "double" if f.get("double") else "default"


def _souvenirs(f: Mapping[str, Any]) -> str:
    return "runner" if f["runner"] else "default"


def _escaped(f: Mapping[str, Any]) -> str:
    return "defended" if f["defended"] else "default"


def _noise(f: Mapping[str, Any]) -> str:
    return "full" if f["meter"] >= f["full"] else "default"


def _hurt(f: Mapping[str, Any]) -> str:
    return "low" if 0 < f["health"] <= 2 else ("dead" if f["health"] == 0 else "default")


def _over(f: Mapping[str, Any]) -> str:
    if f["why"] == "none":
        return "none"
    won = f["result"] == "won"
    return ("won_" if won else "lost_") + ("last" if f["why"] == "last" else "souvenirs")


def _searched(f: Mapping[str, Any]) -> str:
    return str(f["face"])


def _unlock(f: Mapping[str, Any]) -> str:
    return "ok" if f["ok"] else "default"


def _brawl(f: Mapping[str, Any]) -> str:
    return str(f["how"])


def _ability(f: Mapping[str, Any]) -> str:
    ability = str(f["ability"])
    if ability == "thorne" and "dropped" in f and not f["dropped"]:
        return "thorne_none"
    if ability == "prom" and "gained" in f and not f["gained"]:
        return "prom_none"
    return ability


_BONUS_NONE = {"heal": "healed", "souvenir": "changed", "lose_souvenir": "changed", "drop_supply": "dropped"}
"""The Bonus Tracks effects that may do nothing, and the fact that says they did something."""


def _bonus(f: Mapping[str, Any]) -> str:
    effect = str(f["effect"])
    done = _BONUS_NONE.get(effect)
    return f"{effect}_none" if done and done in f and not f[done] else effect


_CASES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "hero_won": lambda f: "dropped" if f.get("dropped") else "default",
    "supply_used": lambda f: "finite" if "left" in f else "default",
    "lock_placed": lambda f: "replaced" if f.get("replaced") else "default",
    "survivor_escaped": lambda f: "dropped" if f.get("dropped") else "default",
    "slasher_died": lambda f: "dropped" if f.get("dropped") else "default",
    "full_moon": lambda f: "hero" if f.get("draws") is False else "default",
    "turn_started": _travel,
    "moved_roll": _travel,
    "moved": _travel,
    "scene_drawn": lambda f: "full_moon" if f.get("kind") == "full_moon" else _you(f),
    "kill_made": _kill,
    "souvenirs_taken": _souvenirs,
    "victim_escaped": _escaped,
    "noise": _noise,
    "hurt": _hurt,
    "game_over": _over,
    "searched": _searched,
    "unlock_tried": _unlock,
    "brawl_won": _brawl,
    "bonus_drawn": _bonus,
    "ability_used": _ability,
}
