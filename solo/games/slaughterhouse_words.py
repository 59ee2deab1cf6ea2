"""What each Slaughterhouse card, tile and vehicle does, in a few words (for choice lists and `examine`)."""

from __future__ import annotations

from engines.slaughterhouse import data as D

_ITEM = {
    "search_plus": "one more die when you search",
    "calm": "one more die to calm Noise at the end of your turn",
    "heal": "action: bury one of your Injuries, then this card",
    "run_quiet": "a run makes no Noise but for its doors",
    "backpack": "your item limit stays four, even with a hand Injury",
    "fuel": "Burn It Down: douse and ignite a room with it",
    "evidence": "document it with the Camera in the room it names",
    "camera": "take Photo tokens and photograph Sawyers",
}
_DESPERATION = {
    "free_run": "run without Noise",
    "attack2": "fight back: two dice at a Sawyer in your space",
    "hush": "lose all your Noise",
    "extra_action": "one more action this turn",
    "heal": "bury one of your Injuries",
    "play_dead": "hide anywhere at the end of this turn if no Sawyer is there",
    "window": "through a window next to you, 1 Noise",
    "dig_deep": "one more action (never past four) and lose all your Noise",
}
_REACTION = {
    "i_got_ya": "when a Trespasser enters a Sawyer's space: the move ends, that Sawyer attacks",
    "slam": "at a door: the Trespasser stops before it",
    "not_so_fast": "at a door: the Trespasser stops",
    "heard_that": "when Noise is made: the nearest Sawyer steps toward it",
    "red_handed": "at a search: two more Noise",
    "nowhere": "when a Trespasser would hide: no hiding this turn",
}
_FREE = {
    "move": "a free move",
    "hunt2": "a free two-dice hunt",
    "fear2": "take two Fear",
    "horror": "an unused Horror tile face up in a Trespasser's room, on them",
    "attack1": "a free one-die attack",
    "attack2": "a free two-dice attack",
}
_HORROR = {
    "no_run": "no running in this room (stays)",
    "noise2": "two Noise on entering the room",
    "noise3": "three Noise on entering the room",
    "attack1": "a one-die attack on entering the room",
    "panic": "on entering the room the Panic Meter rises one space",
    "lose_action": "entering the room costs one action",
    "door_noise": "two Noise for each door into the room (stays)",
    "search_minus": "one search die fewer in this room (stays)",
}
_VEHICLE = {
    "hide": "adds a Hide symbol to its space",
    "search": "adds a Search symbol to its space",
    "panic": "revealed: the Panic Meter rises one space",
    "noise3": "revealed: three Noise",
    "personal": "revealed: a random Personal Item from the box",
}


def item(card: str) -> str:
    info = D.ALL_ITEMS[card]
    effect = info["effect"]
    if effect == "weapon":
        again = "once a round" if info.get("once") == "round" else "once a turn"
        dice = f"{info['dice']} {'die' if info['dice'] == 1 else 'dice'}"
        return f"weapon: {dice} at a Sawyer in your space, {again}"
    if effect == "part":
        return f"vehicle part ({info['part'].replace('_', ' ')})"
    return _ITEM.get(effect, effect.replace("_", " "))


def desperation(card: str) -> str:
    return _DESPERATION.get(D.ALL_DESPERATION[card]["effect"], D.ALL_DESPERATION[card]["effect"])


def sawyer_card(card: str) -> str:
    info = D.ALL_SAWYER_CARDS[card]
    free = _FREE.get(info["free"], info["free"])
    if info["id"] in _REACTION:
        return f"{info['cost']} Fear {_REACTION[info['id']]}; or free on a Sawyer's turn: {free}"
    return f"free on a Sawyer's turn: {free}"


def horror(tile: str) -> str:
    return _HORROR.get(D.HORROR[tile]["effect"], D.HORROR[tile]["effect"])


def vehicle(card: str) -> str:
    info = D.VEHICLES[card]
    if info["effect"] == "escape":
        return "escape vehicle: repair it with " + " and ".join(n.replace("_", " ") for n in info["needs"])
    return _VEHICLE.get(info["effect"], info["effect"])


def card(key: str) -> str:
    """Words for a card id of any kind ('' when it is none of them)."""
    if key in D.ALL_ITEMS:
        return item(key)
    if key in D.ALL_DESPERATION:
        return desperation(key)
    if key in D.ALL_SAWYER_CARDS:
        return sawyer_card(key)
    if key in D.HORROR:
        return horror(key)
    if key in D.VEHICLES:
        return vehicle(key)
    return ""
