"""Slaughterhouse: which wording fits each event, and the names its templates read.

Only selection and small derivations live here; every word a player reads is in slaughterhouse.toml.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.core.events import Event
from engines.slaughterhouse.data import INJURY_TYPES
from narratives.words import join

_ROLLS = {"attack": "attack", "hunt": "hunt", "fire_burns": "fire", "talk": "sweet talk", "noise_roll": "Noise roll",
          "search": "search"}


def _rerolled(f: Mapping[str, Any]) -> str:
    """'the Hitchhiker's attack on Green', 'Green's search': the roll a reroll throws again, and whose."""
    what = _ROLLS.get(str(f.get("roll")), "roll")
    attacker, target = f.get("attacker"), f.get("trespasser")
    whom = str(target).capitalize() if target else ""
    if attacker and whom:
        return f"{attacker}'s {what} on {whom}" if what == "attack" else f"{attacker}'s {what} for {whom}"
    if attacker:
        return f"{attacker}'s {what}"
    if whom:
        return f"{whom}'s {what}"
    return f"the {what}"


def case(event: Event) -> str:
    chooser = _CASES.get(event.kind)
    return chooser(event.facts) if chooser else "default"


def fields(event: Event, phrases: Mapping[str, str]) -> dict[str, Any]:
    """Capitalised names ('Green'), success counts, and readable lists of who escaped or died."""
    f = event.facts
    out: dict[str, Any] = {}
    if "trespasser" in f:
        out["who"] = str(f["trespasser"]).capitalize()
    if "other" in f:
        out["other_name"] = str(f["other"]).capitalize()
    if "holder" in f:
        out["holder_name"] = str(f["holder"]).capitalize()
        # whose the documented Evidence was: another's leaves their hands, which the line must say
        own = f["holder"] == f.get("trespasser")
        out["item_of"] = f"the {f.get('item')}" if own else f"{out['holder_name']}'s {f.get('item')}"
    for name in ("sawyer", "attacker", "by"):
        if name in f:
            text = str(f[name])
            out[f"{name}_cap"] = text[:1].upper() + text[1:]
    if "dice" in f:
        out["rolled"] = sum(f["dice"])
        out["rolled_es"] = "" if sum(f["dice"]) == 1 else "es"
        out["faces"] = _faces(f["dice"], phrases)
    if isinstance(f.get("before"), list):
        out["before_faces"] = _faces(f["before"], phrases)
    if f.get("carried"):
        out["carried_name"] = str(f["carried"]).capitalize()
    if event.kind == "game_over":
        out["objective"] = phrases.get(f"objective_{f.get('scenario', 'a')}", "")
    out.update(_how_it_went(event.kind, f))
    for name in ("space", "room", "from", "to"):
        if isinstance(f.get(name), str):  # 'the Kitchen', but "Grandpa's Room" takes no article
            place = f[name]
            out[f"the_{name}"] = place if "'s " in place else f"the {place}"
            out[f"The_{name}"] = out[f"the_{name}"][:1].upper() + out[f"the_{name}"][1:]
    if isinstance(f.get("card"), str):
        card = f["card"]
        out["card_said"] = card if card[-1:] in "!?." else card + "."
    if f.get("drew"):  # the family's drawn cards, heard by the family seat alone ([private] in the file)
        names = join(f["drew"])
        out["drew_said"] = names if names[-1:] in "!?." else names + "."
    if event.kind == "noise_rolled" and isinstance(f.get("calmed"), int) and isinstance(f.get("fear"), int):
        out["had"] = f["calmed"] + f["fear"]  # the Noise before the roll: settled, or turned to Fear
    if isinstance(f.get("from"), dict) and isinstance(f.get("parts"), list):
        owners = f["from"]
        out["parts_from"] = join(
            f"{str(owners[p]).capitalize()}'s {p}" if p in owners else str(p) for p in f["parts"]
        )
    if event.kind == "reroll":
        out["rerolled"] = _rerolled(f)
        out["rerolled_cap"] = out["rerolled"][:1].upper() + out["rerolled"][1:]
    if isinstance(f.get("injury"), str):
        injury = f["injury"]
        plural = injury.endswith("s") and not injury.endswith("ss")
        out["injury_a"] = injury if plural else ("an " if injury[:1] in "aeiou" else "a ") + injury
        out["injury_A"] = out["injury_a"][:1].upper() + out["injury_a"][1:]
    for name in ("escaped", "killed", "trespassers", "trespasser_list"):
        if isinstance(f.get(name), list):
            out[f"{name}_names"] = join(str(x).capitalize() for x in f[name]) or "nobody"
    return out


def _faces(dice: list[int], phrases: Mapping[str, str]) -> str:
    """The bone dice as faces, in the order rolled: 'skull, blank, slash'."""
    return ", ".join(phrases.get(f"face_{d}", str(d)) for d in dice)


def _how_it_went(kind: str, f: Mapping[str, Any]) -> dict[str, Any]:
    """outcome ('success'/'failure', from the actor's side) and health_lost, for the truth checks and `tells`."""
    outcome = None
    if kind == "attack":
        outcome = "success" if f["hits"] else "failure"
    elif kind in ("hunted", "searched"):
        outcome = "success" if f["found"] else "failure"
    elif kind == "sawyer_hit":
        outcome = "success" if f["lost"] else "failure"
    elif kind == "noise_rolled":
        outcome = "success" if f["fear"] == 0 else "failure"
    out: dict[str, Any] = {} if outcome is None else {"outcome": outcome}
    if kind in ("injured", "killed"):
        out["health_lost"] = True
    elif kind in ("attack", "injury_wasted"):
        out["health_lost"] = 0  # an attack only reveals Injuries; the injured event that follows tells the wound
    return out


def _by(name: str, default: str = "default") -> Callable[[Mapping[str, Any]], str]:
    return lambda f: str(f.get(name, default))


def _moved(f: Mapping[str, Any]) -> str:
    """A walk or run whose Horror tile has just been told arrives without telling the entry again."""
    how = str(f.get("how", "default"))
    return "found" if f.get("found") and how in ("move", "run") else how


def _attack(f: Mapping[str, Any]) -> str:
    return "miss" if f["hits"] == 0 else "default"


def _hunted(f: Mapping[str, Any]) -> str:
    return "found" if f["found"] else "default"


def _noise_rolled(f: Mapping[str, Any]) -> str:
    return "calm" if f["fear"] == 0 else "default"


def _searched(f: Mapping[str, Any]) -> str:
    return "empty" if f["found"] == 0 else "default"


def _turn(f: Mapping[str, Any]) -> str:
    return "unhid" if f.get("unhid") else "default"


def _hit(f: Mapping[str, Any]) -> str:
    """A hit or a miss, with a weapon or with none (Fight Back is a card, not a thing to swing)."""
    armed = f.get("armed", True)
    if f["lost"] == 0:
        return "miss" if armed else "bare_miss"
    return "default" if armed else "bare"


def _injured(f: Mapping[str, Any]) -> str:
    """One of each kind of Injury kills (engines.slaughterhouse.data.INJURY_TYPES): the fourth is told as the
    end, the third as the brink."""
    if f["count"] >= len(INJURY_TYPES):
        return "fatal"
    return "grave" if f["count"] == len(INJURY_TYPES) - 1 else "default"


def _sawyer_moves(f: Mapping[str, Any]) -> str:
    return "carry" if f.get("carried") else str(f.get("why", "default"))


def _named(f: Mapping[str, Any]) -> str:
    """A draw whose cards the listener may hear (the family seat: see [private]) names them."""
    return "named" if f.get("drew") else "default"


def _photo(f: Mapping[str, Any]) -> str:
    return "sawyer" if f.get("subject") else "default"


_CASES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "game_started": _by("scenario", "a"),
    "escaped": _by("how", "vehicle"),
    "photo_taken": _photo,
    "moved": _moved,
    "noise": _by("cause"),
    "attack": _attack,
    "hunted": _hunted,
    "noise_rolled": _noise_rolled,
    "searched": _searched,
    "turn_started": _turn,
    "horror_revealed": _by("effect"),
    "vehicle_revealed": _by("effect"),
    "card_interrupt": _by("trigger"),
    "card_free": _by("free"),
    "panic_raised": _by("label"),
    "sawyer_moves": _sawyer_moves,
    "game_over": _by("result"),
    "sawyer_hit": _hit,
    "injured": _injured,
    "item_taken": lambda f: "only" if not f["buried"] else "default",
    "swap_started": lambda f: "dead" if f.get("dead") else "default",
    "sawyer_turn": _named,
    "cards_bought": _named,
    "relentless": _named,
    "desperation_played": lambda f: "hushed" if f.get("hushed") else "default",
    "healed": lambda f: "item" if f.get("item") else "default",
    "killed": lambda f: "loot" if f.get("loot") else "default",
}
