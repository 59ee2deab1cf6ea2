"""What `examine` can read in Slaughterhouse: each Trespasser and Sawyer, the cards and Items in view (the
family's hand only for the family's seat), Horror tiles (face down: hidden from the Trespassers), rooms,
vehicles, the Panic Meter and the scenario's objective."""

from __future__ import annotations

from engines.slaughterhouse import data as D
from engines.slaughterhouse.rules import WORDS
from engines.slaughterhouse.state import TrespasserView, View
from solo.games import slaughterhouse_words as W
from solo.summary import plural

_INJURY = {
    "none": "no lasting effect",
    "limit3": "item limit 3 (a Backpack overrides it)",
    "no_run": "no running",
    "search_minus": "one search die fewer",
    "action_minus": "one action fewer each turn",
}
_OLD, _LEATHER, _HITCH = D.SAWYERS["old_man"], D.SAWYERS["leatherface"], D.SAWYERS["hitchhiker"]
_SAWYER = {
    "old_man": f"Attack: Wallop, {_OLD['attack_dice']} dice. Sweet Talk: {_OLD['talk_dice']} dice, a Fear for each "
    "success.",
    "leatherface": f"Attack: the chainsaw, {_LEATHER['attack_dice']} dice; may give "
    f"{WORDS[_LEATHER['injuries_given']]} Injuries.",
    "hitchhiker": f"Attack: the straight razor, {_HITCH['attack_dice']} dice. Vagabond: moves two spaces as one "
    "action.",
}
"""Each Sawyer board's abilities, its numbers read from the data."""


def things(view: View) -> dict[str, str]:
    out: dict[str, str] = {}
    _people(out, view)
    _tiles(out, view)
    _rooms(out, view)
    out["Panic Meter"] = (
        f"Now on space {view.panic} of {len(D.PANIC) - 1}: {D.PANIC[view.panic]['label']}.\n\n"
        + "; ".join(
            f"{i} {p['label']} ({p['cards']} free card{'s' if p['cards'] > 1 else ''})"
            for i, p in enumerate(D.PANIC)
        )
        + "."
    )
    from solo.games.slaughterhouse import scenario_progress

    out[f"Scenario: {D.SCENARIOS[view.scenario]['name']}"] = (
        f"Objective: {scenario_progress(view)}.\n\nAll Trespassers dead: the family wins."
    )
    return out


def _people(out: dict[str, str], view: View) -> None:
    """The Trespassers and what they hold, the Sawyers, Grandpa and the family's hand (only to the family)."""
    family_seat = view.seat != "trespassers"
    for t in view.trespassers:
        out[t.id.capitalize()] = _trespasser(t)
        for card in [*t.items, *t.personal]:
            kind = "Personal Item" if card in t.personal else "Item"
            _add(out, D.name(card), f"{kind}: {W.item(card)}.\n\nHeld by {t.id.capitalize()}.")
        if not isinstance(t.desperation, int):
            for card in t.desperation:
                _add(
                    out,
                    D.name(card),
                    f"Desperation card: {W.desperation(card)}.\n\nIn {t.id.capitalize()}'s hand.",
                )
    for s in view.sawyers:
        where = (
            f"in {D.name(s.space)}, {s.actions} of {s.most} actions" if s.space else "not yet in the house"
        )
        out[D.name(s.id)[:1].upper() + D.name(s.id)[1:]] = (
            f"{_SAWYER.get(s.id, '')}\n\nNow {where}{'; Brutal' if s.brutal else ''}."
        )
    grandpa = D.RULES["grandpa_dice"]
    out["Grandpa"] = (
        f"Whoever stops on his space is attacked with {WORDS[grandpa]} {'die' if grandpa == 1 else 'dice'}.\n\n"
        + (f"Now in {D.name(view.grandpa)}." if view.grandpa else "Not yet out.")
    )
    if family_seat and not isinstance(view.hand, int):
        for card in view.hand:
            _add(out, D.name(card), f"Sawyer card: {W.sawyer_card(card)}.\n\nIn the family's hand.")
    elif isinstance(view.hand, int):
        out["The family's hand"] = f"{view.hand} Sawyer cards, hidden from the Trespassers."


def _tiles(out: dict[str, str], view: View) -> None:
    """Horror tiles (a face-down one named only to the family) and vehicles (face down: hidden to all). Each
    tile is also examinable by its name ('x Grandpa's Stare'): what it does is printed on it, the box's to know;
    where it lies is said only where this seat sees it."""
    _tile_names(out, view)
    for room in view.horror_rooms:
        if room in view.horror_known:
            tile = view.horror_known[room]
            out[f"Horror tile in {_the(room)}"] = (
                f"{D.name(tile)}, face down: {W.horror(tile)}.\n\nEntering any space of the room ends the move "
                "and reveals it."
            )
        else:
            out[f"Horror tile in {_the(room)}"] = (
                "Hidden: face down. Entering any space of the room ends the move and reveals it."
            )
    for room, tile in view.horror_up.items():
        out[f"Horror tile in {_the(room)}"] = f"{D.name(tile)}, face up: {W.horror(tile)}."
    for sid in view.vehicle_spaces:
        card = view.vehicles_up.get(sid)
        if card is None:
            out[f"Vehicle at {D.name(sid)}"] = "Hidden: face down until a move or run ends on its space."
        else:
            state = (
                " Gone (driven off)."
                if card in view.driven
                else " Repaired."
                if card in view.repaired
                else ""
            )
            out[D.name(card)] = f"Vehicle at {D.name(sid)}: {W.vehicle(card)}.{state}"


def _tile_names(out: dict[str, str], view: View) -> None:
    """Every Horror tile by its name: its text, then where it is as far as this seat knows (face up in a room;
    to the family, face down where it was placed, or the one being placed now)."""
    where: dict[str, str] = {tile: f"Face up in {_the(room)}." for room, tile in view.horror_up.items()}
    for room, tile in view.horror_known.items():
        where[tile] = f"Face down in {_the(room)}, where the family placed it."
    step = view.step
    if step is not None and step.kind == "place_horror" and step.cards:
        where[step.cards[0]] = "The family is placing it now, face down in a room."
    for tile, info in D.HORROR.items():
        text = f"Horror tile: {W.horror(tile)}" + ("; it stays face up once revealed" if info.get("stays") else "")
        _add(out, info["name"], text + "." + (f"\n\n{where[tile]}" if tile in where else ""))


def _rooms(out: dict[str, str], view: View) -> None:
    """Each room not named already: its spaces, their symbols, exits and what is there."""
    rooms: dict[str, list[str]] = {}
    for sid, sp in D.SPACES.items():
        rooms.setdefault(sp.get("room") or sp["name"], []).append(sid)
    from solo.games.slaughterhouse import UI, _exits

    for room, sids in rooms.items():
        if room in out:
            continue
        parts = []
        for sid in sids:
            sp = D.SPACES[sid]
            sym = ", ".join(
                w for k, w in (("search", "Search"), ("hide", "Hide"), ("vehicle", "Vehicle")) if sp.get(k)
            )
            marks = UI._marks(view, sid)
            here = f" Here: {', '.join(marks)}." if marks else ""
            parts.append(f"{sp['name']}{f' ({sym})' if sym else ''}: {_exits(sid)}.{here}")
        out[room] = "\n\n".join(parts)


def _add(out: dict[str, str], name: str, text: str) -> None:
    """A second copy of a card joins the first's entry."""
    out[name] = text if name not in out else out[name] + "\n\n" + text.split("\n\n", 1)[-1]


def _the(room: str) -> str:
    return room if room.endswith("Room") and "'" in room else f"the {room}"


def _trespasser(t: TrespasserView) -> str:
    if t.dead:
        where = "Dead"
    elif t.escaped:
        where = "Escaped"
    else:
        where = f"{'Hidden' if t.hidden else 'Standing'} in {D.name(t.space)}"
    injuries = "; ".join(
        f"{D.ALL_INJURIES[c]['name']} ({t.wild_as.get(c) or D.ALL_INJURIES[c]['type']}): "
        f"{_INJURY.get(D.ALL_INJURIES[c]['effect'], D.ALL_INJURIES[c]['effect'])}"
        for c in t.injuries
    )
    items = ", ".join(D.name(c) for c in [*t.items, *t.personal]) or "nothing"
    # the Trespassers' own view holds the cards themselves (the family's only their number): name them
    desp = str(t.desperation) if isinstance(t.desperation, int) else (", ".join(D.name(c) for c in t.desperation) or "none")
    return (
        f"{where}; {plural(t.actions, 'action')} left, Noise {t.noise}"
        + ("; carrying Loot" if t.carrying else "")
        + f".\n\nInjuries: {injuries or 'none'}.\n\nItems: {items}.\n\nDesperation cards: {desp}."
    )
