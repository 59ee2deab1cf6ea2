"""Escape From Tall Oaks: which wording fits each event, and the pronouns that make the person's survivor 'you'.

The person plays survivor1. Templates say "{Who} roll{s}": "You roll" for the person and "Kimmy rolls" for a
rival. Every word a player reads is in escape_from_tall_oaks.toml.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.core.events import Event
from engines.mixtape.tall_oaks.places import place
from narratives.opening_rolls import opening_rolls
from narratives.words import join, number_word

PERSON = "survivor1"
FACE = {"action": "Action", "shield": "Shield", "escape": "Escape"}


def fields(event: Event, phrases: Mapping[str, str]) -> dict[str, Any]:
    f = event.facts
    out: dict[str, Any] = {}
    if "seat" in f:
        you = f["seat"] == PERSON
        name = f.get("name", "someone")
        out.update(
            who="you" if you else name,
            Who="You" if you else name,
            s="" if you else "s",
            es="" if you else "es",
            is_="are" if you else "is",
            has="have" if you else "has",
            your="your" if you else f"{name}'s",
            Your="Your" if you else f"{name}'s",
            them="you" if you else _OBJECT[_possessive(name, phrases)],
            whom="you" if you else name,
            their="your" if you else _possessive(name, phrases),
        )
    for role in ("other", "winner", "loser"):
        if f.get(role):
            name = f.get(f"{role}_name", "someone")
            you = f[role] == PERSON
            out[f"{role}_who"] = "you" if you else name
            out[f"{role}_Who"] = "You" if you else name
            out[f"{role}_s"] = "" if you else "s"
            out[f"{role}_your"] = "your" if you else f"{name}'s"
            out[f"{role}_has"] = "have" if you else "has"
    if event.kind == "scuffle" and "dice" in f:
        out["scuffle_dice"] = _scuffle_dice(f)
        won, lost = f["actions"] if f["winner"] == f["seat"] else f["actions"][::-1]
        out["score"] = f"{won} Action{'' if won == 1 else 's'} to {lost}"
    elif _movement(f):
        out["dice_list"] = " and ".join(str(d) for d in f["dice"])
        out["total"] = sum(f["dice"])
    elif "dice" in f:
        out["roll"] = ", ".join(FACE.get(d, str(d)) for d in f["dice"])
        bonus = f.get("bonus", [0, 0, 0])
        extra = [
            f"+{n} {w}{'' if n == 1 else 's'}"
            for n, w in zip(bonus, ("Action", "Shield", "Escape"), strict=True)
            if n
        ]
        out["extra"] = f" with {', '.join(extra)} on top" if extra else ""
    if event.kind == "start_chosen":  # the event names the space by id: the story names it in words
        out["place"] = place(f["space"])
    if event.kind == "opening_roll":
        out["rolls_list"] = opening_rolls(f, PERSON, "you")
    out.update(_truth(event.kind, f))
    if event.kind == "game_started":
        out["you_name"] = f["names"][0]
        out["rivals"] = " and ".join(f["names"][1:])
    if event.kind == "game_over":
        out["winner_names"] = " and ".join(f["names"]) or "nobody"
    if "a" in f:
        out["A"] = f["a"][:1].upper() + f["a"][1:]
    if event.kind == "noise":  # what made it ('' in an older log, which does not say)
        out["cause_text"] = phrases.get(f"noise_by_{f.get('by')}", "")
    if event.kind == "slasher_attacks":
        n = f["escape"]
        out["run"] = f"{n} Escape{'' if n == 1 else 's'} to run" if n else "no escape but Triple Escapes"
    if event.kind == "lost":
        out["what"] = _lost(f["items"], f["rescues"])
        total = f.get("total")
        if f["rescues"] and isinstance(total, int):
            out["tokens_left"] = f"; {_tokens(total)} left" if total else "; no rescue token left"
        else:
            out["tokens_left"] = ""
    if event.kind == "action_roll" and f.get("spent"):
        out["spent_text"] = _spent(f["spent"])
        out["Spent_text"] = out["spent_text"][:1].upper() + out["spent_text"][1:]
    if event.kind == "died":
        out["leaves"] = _leaves(f)
    if event.kind == "opening_roll":
        out["first_Who"] = "You" if f["first"] == PERSON else f["name"]
        out["go"] = "go" if f["first"] == PERSON else "goes"
    return out


def _movement(f: Mapping[str, Any]) -> bool:
    """The movement roll's two numbers (a move's fold item reads them too), not an action roll's faces."""
    dice = f.get("dice")
    return isinstance(dice, list) and bool(dice) and all(isinstance(d, int) for d in dice)


def _truth(kind: str, f: Mapping[str, Any]) -> dict[str, Any]:
    """How the event went, for the truth checks and `tells`: outcome 'success'/'failure', health_lost."""
    outcome = None
    if kind in ("rescue", "defended", "invaders"):
        outcome = "success" if f["ok"] else "failure"
    elif kind == "fight":
        outcome = "failure" if f["result"] == "fail" else "success"
    out: dict[str, Any] = {} if outcome is None else {"outcome": outcome}
    if kind == "defended":
        out["health_lost"] = 0 if f["ok"] else f.get("damage", 0)
    elif kind == "hurt":
        out["health_lost"] = f["amount"]
    elif kind == "scene_drawn" and f["kind"] == "late":
        out["health_lost"] = f["damage"]
    return out


def _scuffle_dice(f: Mapping[str, Any]) -> str:
    """Every round of a scuffle, both sides' faces: "Mario's Action, Action, Shield against Kimmy's Shield, Escape,
    Escape, a tie, then ..." ("yours" for the person's survivor, whom the story calls you)."""

    def faces(dice: list[str]) -> str:
        return ", ".join(FACE.get(d, str(d)) for d in dice)

    def whose(role: str, name: str) -> str:
        return "yours" if f.get(role) == PERSON else f"{name}'s"

    mover, other = whose("seat", f["name"]), whose("other", f["other_name"])
    return ", a tie, then ".join(f"{mover} {faces(mine)} against {other} {faces(theirs)}" for mine, theirs in f["dice"])


_OBJECT = {"his": "him", "her": "her", "their": "them"}


def _possessive(name: str, phrases: Mapping[str, str]) -> str:
    """'his', 'her' or 'their' for a rival, from the [phrases] lists of names."""
    for word in ("his", "her"):
        if name in phrases.get(word, "").split():
            return word
    return "their"


def _tokens(n: int) -> str:
    return "a rescue token" if n == 1 else f"{number_word(n)} rescue tokens"


def _spent(spent: list[Mapping[str, Any]]) -> str:
    """'one token of the Baseball Bat (none left) and the Nail Gun': each card a roll spends, and what is left."""
    parts = []
    for s in spent:
        n = s["tokens"]
        count = "a token" if n == 1 else f"{number_word(n)} tokens"
        if "left" in s:
            left = s["left"]
            parts.append(f"{count} of the {s['card']} ({number_word(left) if left else 'none'} left)")
        else:
            parts.append(f"the {s['card']}")
    return join(parts)


def _leaves(f: Mapping[str, Any]) -> str:
    """', leaving the Crowbar, Task #2 to the Rec Center and three rescue tokens to the bank': what a death
    leaves behind ('' for nothing), every Final Rescue token it held taken from its place too."""
    parts = [f"the {card}" for card in f.get("dropped") or ()]
    tasks = [f"Task #{t}" for t in f.get("tasks") or ()]
    if tasks:
        there = f" ({number_word(f['pile'])} there now)" if isinstance(f.get("pile"), int) else ""
        parts.append(f"{join(tasks)} to the Rec Center{there}")
    if f.get("rescues"):
        parts.append(f"{_tokens(f['rescues'])} to the bank")
    for where in f.get("final") or ():
        parts.append(f"the Final Rescue token at {where}")
    return f", leaving {join(parts)}" if parts else ""


def _lost(items: list[str], rescues: int) -> str:
    """'the Baseball Bat and a rescue token': what a loss took, each named once."""
    parts = [f"the {item}" for item in items]
    if rescues:
        parts.append("a rescue token" if rescues == 1 else f"{number_word(rescues)} rescue tokens")
    return join(parts)


def case(event: Event) -> str:
    if event.kind == "supply_spent" and event.phase == "spend":
        return "rolled"  # the action roll that spent it says so, with what is left (none)
    chooser = _CASES.get(event.kind)
    return chooser(event.facts) if chooser else "default"


def _travel(f: Mapping[str, Any]) -> str:
    """A rival's start, roll and move may fold into one line with the rivals' other travel ([folds.travel]);
    the person's own Traitor card, thrown away with nobody left to betray, is said at the person's turn."""
    if f.get("seat") == PERSON:
        return "you_traitor" if f.get("traitor_gone") else "you"
    return "rival"


def _you(f: Mapping[str, Any]) -> str:
    return "you" if f.get("seat") == PERSON else "default"


def _ok(f: Mapping[str, Any]) -> str:
    return "ok" if f["ok"] else "default"


def _rescue(f: Mapping[str, Any]) -> str:
    """A rescue that the bank could not pay in full says so."""
    if not f["ok"]:
        return "default"
    return "short" if f.get("short") else "ok"


def _bonus(f: Mapping[str, Any]) -> str:
    """A rescue-token Bonus Track with the bank empty gives nothing, and says so; so does a heal at full health."""
    if f["effect"] == "rescue" and not f.get("got", 1):
        return "rescue_empty"
    if f["effect"] == "heal" and "healed" in f and not f["healed"]:
        return "heal_none"
    return str(f["effect"])


def _combo(f: Mapping[str, Any]) -> str:
    """A flight the noise cut short (the Slasher came first) is told as such."""
    effect = f"{f['purpose']}_{f['effect']}"
    return effect.replace("_flee_draw", "_flee_caught") if f.get("flees") is False else effect


def _end(f: Mapping[str, Any]) -> str:
    if f["why"] != "escape":
        return f["why"]
    return "won" if f["person"] in f["winners"] else "default"


_CASES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "turn_started": _travel,
    "moved_roll": _travel,
    "moved": _travel,
    "rescue": _rescue,
    "defended": _ok,
    "invaders": _ok,
    "searched": lambda f: f["face"],
    "bonus": _bonus,
    "scene_drawn": lambda f: f["kind"],
    "noise": lambda f: "called" if f["called"] else "default",
    "slasher_attacks": lambda f: f["kind"],
    "game_over": _end,
    "scuffle": lambda f: "triple_token" if f["how"] == "triple" and f.get("token") else f["how"],
    "traitor": lambda f: f["act"],
    "card_pocketed": _you,
    "ability": lambda f: f["ability"],
    "supply_dropped": lambda f: "task" if f.get("task") else ("swap" if f.get("kept") else "default"),
    "task_taken": lambda f: "swap" if f.get("dropped") else "default",
    "action_roll": lambda f: "spent" if f.get("spent") else "default",
    "fight": lambda f: "unarmed" if f["result"] == "fail" and f.get("armed") is False else f["result"],
    "final_revealed": lambda f: "cleared" if f.get("cleared") else "default",
    "combo": _combo,
    "lost": lambda f: f["by"],
    "supply_found": lambda f: "default" if f.get("room", True) else "full",
    "task_waits": lambda f: f["why"],
}
