"""Final Girl: which wording fits each event, and the words its templates read (names, who is trapped).

Only selection and lookups live here; every sentence a player reads is in final_girl.toml.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from engines.core.events import Event
from engines.final_girl import data as D


def case(event: Event) -> str:
    chooser = _CASES.get(event.kind)
    return chooser(event.facts) if chooser else "default"


def fields(event: Event, phrases: Mapping[str, str]) -> dict[str, Any]:
    f = event.facts
    out: dict[str, Any] = {
        "heading": phrases["setup_heading"]
        if event.turn == 0
        else phrases["turn_heading"].format(turn=event.turn)
    }
    if isinstance(f.get("name"), str):
        out["at"] = _article(f["name"])
        out["At"] = out["at"][:1].upper() + out["at"][1:]
    if "subject" in f:
        out["whom"] = phrases["you"] if f["subject"] == "fg" else phrases["victim"]
    for key in ("src", "dst", "space"):
        if isinstance(f.get(key), str) and f[key] in D.SPACES:
            out[f"{key}_name"] = D.SPACES[f[key]]["name"]
            out[f"{key}_at"] = _article(D.SPACES[f[key]]["name"])
            out[f"{key.capitalize()}_at"] = out[f"{key}_at"][:1].upper() + out[f"{key}_at"][1:]
    if "reward" in f:
        out["reward_text"] = phrases.get(f"reward_{f['reward']}", "")
    if "ultimate" in f:
        out["ultimate_text"] = phrases.get(f"ultimate_{f['ultimate']}", "")
    if "effect" in f:
        out["effect_text"] = phrases.get(f"step_{f['effect'] or 'none'}", "")
    if isinstance(f.get("title"), str):
        title = f["title"]
        out["title_end"] = title if title.endswith((".", "!", "?")) else f"{title}."  # no "Click!."
    if "tasks" in f:
        out["task_text"] = ", then ".join(_task(t, phrases) for t in f["tasks"])
    if "weapon" in f:
        out["weapon_name"] = D.ITEMS[f["weapon"]]["name"] if f["weapon"] in D.ITEMS else phrases["bare_hands"]
    if isinstance(f.get("given"), str) and f["given"] in D.ACTIONS:
        out["given_name"] = D.ACTIONS[f["given"]]["name"]
    if "taken" in f:
        out["taken_names"] = " and ".join(D.ACTIONS[k]["name"] for k in f["taken"])
    if "discarded" in f:
        names = [D.ACTIONS[k]["name"] for k in f["discarded"]]
        out["discarded_names"] = " and ".join(names)
        out["discarded_said"] = _counted_names(names)  # 'two Focus', not 'Focus and Focus'
    if isinstance(f.get("dice"), list):
        out["dice_read"] = "the die reads" if len(f["dice"]) == 1 else "the dice read"
    if "how" in f:
        how = f["how"]
        out["how_text"] = D.ITEMS[how]["name"] if how in D.ITEMS else phrases.get(f"how_{how}", how)
    if "finale" in f:
        out["finale_name"] = D.FINALES[f["finale"]]["name"]
    if "hands" in f:
        out["hands_names"] = " and ".join(_the(D.ITEMS[i]["name"]) for i in f["hands"]) or "nothing"
    if "line" in f:
        out["line_text"] = phrases[f"line_{f['line']}"]
    if event.kind in ("time_changed", "horror_changed") and isinstance(f.get("amount"), int):
        out["change"] = abs(f["amount"])  # 'two Time gone': the size of the change, its sign in the words
    if isinstance(f.get("uses"), int):  # an item with uses that one more use leaves with some
        name = f.get("worn") or f.get("title")  # the weapon a blow wore, or the item used itself
        n = f["uses"]
        out["uses_text"] = f" ({_the(str(name))}: {_number(n)} use{'' if n == 1 else 's'} left)"
    else:
        out["uses_text"] = ""
    if "cause" in f and event.kind == "victim_killed":
        out["cause_text"] = _CAUSE_TEXT.get(str(f["cause"]), str(f["cause"]))
    if event.kind == "roll_result":
        out["outcome"] = "success" if f["successes"] > 0 else "failure"
    elif event.kind == "reaction":
        out["outcome"] = "success" if f["left"] == 0 else "failure"
        out["health_lost"] = f["left"]
    elif event.kind == "fg_hurt":
        out["health_lost"] = f["amount"]
    return out


def nouns() -> dict[str, dict[str, Any]]:
    """Each name's grammar, read from the card data: plural traps, proper places, the Final Girls (she)."""
    out: dict[str, dict[str, Any]] = {}
    for trap in D.TRAPS.values():
        plural = bool(trap.get("plural"))
        out[trap["name"]] = {"number": "plural", "pronouns": "they"} if plural else {"pronouns": "it"}
    for space in D.SPACES.values():
        if space["name"].startswith(("The ", "Rack ")):
            out[space["name"]] = {"proper": True}
    for girl in D.GIRLS.values():
        out[girl["name"]] = {"proper": True, "pronouns": "she"}
        for item in D.ITEMS.values():  # her own bonus item: "Mandy's Fight Tape", never "the Mandy's ..."
            if item["name"].startswith(f"{girl['name']}'s "):
                out[item["name"]] = {"proper": True}
    out[D.KILLER.get("name", "The Tormentor")] = {"proper": True, "pronouns": "she"}
    return out


_CAUSE_TEXT = {"killer": "by the Tormentor", "trap": "by a Death Trap", "fall": "a fall", "accident": "a forklift",
               "overkill": "Overkill"}


def _number(n: int) -> str:
    from narratives.words import number_word

    return number_word(n)


def _reaction(f: Mapping[str, Any]) -> str:
    return "full" if f["left"] == 0 else "none" if f["blocked"] == 0 else "default"


def _the(name: str) -> str:
    """'the Hard Hat', but a Final Girl's own item by her name: 'Mandy's Fight Tape'."""
    return name if nouns().get(name, {}).get("proper") else f"the {name}"


def _article(name: str) -> str:
    """'the Lobby', but 'The Pit' and 'Rack B' as they are."""
    return name if name.startswith(("The ", "Rack ")) else f"the {name}"


def _counted_names(names: list[str]) -> str:
    """Card names with a repeat counted: 'two Focus and Walk', not 'Focus and Focus and Walk'."""
    from narratives.words import number_word

    return " and ".join(n if k == 1 else f"{number_word(k)} {n}" for n, k in Counter(names).items())


def _task(task: str, phrases: Mapping[str, str]) -> str:
    kind, n = task.split(":")
    return phrases[f"task_{kind}"].format(n=n)


def _by(key: str) -> Callable[[Mapping[str, Any]], str]:
    return lambda f: str(f.get(key, "default")) or "default"


def _lost(f: Mapping[str, Any]) -> str:
    if "trap" in f:
        return "trap"
    if "Endless" in f["reason"]:
        return "endless"
    return "default"


def _hurt(f: Mapping[str, Any]) -> str:
    return "last" if f["last"] else "default"


def _token(f: Mapping[str, Any]) -> str:
    return "comeback" if f["value"] > 0 else "default"


def _targets(f: Mapping[str, Any]) -> str:
    return "fg" if f["fg"] else "default"


def _turn(f: Mapping[str, Any]) -> str:
    return "first" if f["turn"] == 1 else "default"


def _roll(f: Mapping[str, Any]) -> str:
    return str(f["line"])


def _advance(f: Mapping[str, Any]) -> str:
    if f["effect"] == "final":
        return "final_fg" if f["subject"] == "fg" else "final"
    return "fg" if f["subject"] == "fg" else "default"


def _set(f: Mapping[str, Any]) -> str:
    return "fg" if f["subject"] == "fg" else "default"


def _killed(f: Mapping[str, Any]) -> str:
    return str(f["cause"])


def _saved(f: Mapping[str, Any]) -> str:
    return "special" if f["special"] else "default"


def _placed(f: Mapping[str, Any]) -> str:
    if f.get("stand_in") and f["count"]:
        return "stand_in"
    return "none" if f["count"] == 0 else "one" if f["count"] == 1 else "default"


def _won(f: Mapping[str, Any]) -> str:
    return "armed" if f.get("weapon") else "default"


def _minor(f: Mapping[str, Any]) -> str:
    return "attack" if f["adds"].get("attack") else "move" if f["adds"].get("move") else "default"


def _returned(f: Mapping[str, Any]) -> str:
    return "bottom" if f["bottom"] else "default"


_CASES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "special_victim": lambda f: "arrives" if f.get("event") == "supervisor" else "default",  # his own meeple
    "item_returned": _returned,
    "minor_power": _minor,
    "tie_settled": _by("about"),
    "shield_order": lambda f: "chosen" if f["chosen"] else "default",
    "pit_dice": lambda f: "chosen" if f["chosen"] else "roll" if f["roll"] else "default",
    "game_lost": _lost,
    "game_won": _won,
    "fg_hurt": _hurt,
    "fg_token": _token,
    "killer_token": _token,
    "killer_targets": _targets,
    "turn_started": _turn,
    "roll_result": _roll,
    "trap_advances": _advance,
    "trap_set": _set,
    "victim_killed": _killed,
    "victim_saved": _saved,
    "exit_unlocked": _by("how"),
    "tie_broken": _targets,
    "victims_placed": _placed,
    "victim_moved": _by("why"),
    "reaction": _reaction,
    "fg_healed": lambda f: "none" if not f["amount"] else "default",
    "killer_healed": lambda f: "none" if not f["amount"] else "default",
    "victim_panics": lambda f: "stayed" if f["dst"] in ("", f["space"]) else "default",  # '' : the table says stay
    "group_panics": lambda f: "stayed" if f["dst"] in ("", f["space"]) else "default",
}
