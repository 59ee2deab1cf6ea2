"""Items: finding them (Search), holding them (hands and backpack), using them, and the weapons' reach."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engines.core import memo
from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl.board import free_victims, move_victim, unlock, victims_at
from engines.final_girl.keys import Key
from engines.final_girl.machine import ACTS, CHOICES, OPTIONS, STEPS, ev
from engines.final_girl.state import State
from engines.final_girl.tracks import change_horror, change_time, heal_fg, hurt_killer


def weapons_in_reach(state: State) -> list[str]:
    """The weapons in hand that reach the Tormentor (range 0 = same space), best first."""
    if not state.killer_space:
        return []
    dist = D.DIST[state.fg_space][state.killer_space]
    usable = [
        w
        for w in state.hands
        if D.ITEMS[w]["kind"] == "weapon" and D.ITEMS[w]["range"][0] <= dist <= D.ITEMS[w]["range"][1]
    ]
    return sorted(usable, key=lambda w: (-D.ITEMS[w]["mod"], w))


def weapon_for(state: State) -> str | None:
    """The best weapon in hand that reaches the Tormentor: the one used unless you name another."""
    usable = weapons_in_reach(state)
    return usable[0] if usable else None


_USE = {i: Option(str(Key("item", item=i)), f"use the {spec['name']}") for i, spec in D.ITEMS.items()}
_FORKLIFT = {
    s: Option(str(Key("forklift", space=s)), f"lift a Victim down from {D.SPACES[s]['name']}")
    for s in D.ORDER
}


def item_options(state: State) -> tuple[Option, ...]:
    """The items she may use now (Action phase)."""
    if not state.hands and not state.backpack:  # she carries nothing, most of the time
        return ()
    return _item_options(tuple(state.hands + state.backpack), state.fg_space in state.locked, state.time)


def forklift_options(state: State, trapped: bool) -> list[Option]:
    """With the Forklift Keys, beside the Forklift: lift a Victim down from each Rack next to her (1 Time)."""
    here = state.fg_space
    if state.forklift != here or state.time < 1 or trapped or "forklift_keys" not in state.backpack:
        return []
    racks = sorted({v.space for v in free_victims(state) if v.space in D.RACKS}, key=D.ORDER.index)
    return [_FORKLIFT[space] for space in racks if space in D.NEIGHBOURS[here]]


@ACTS.step("item")
def _use(state: State, key: Key, events: list[Event]) -> None:
    use_item_now(state, key.item, events)


@ACTS.step("forklift")
def _forklift(state: State, key: Key, events: list[Event]) -> None:
    victim = min(victims_at(state, key.space), key=lambda v: v.id)
    change_time(state, -1, events)
    move_victim(state, victim, state.fg_space, events, "forklift")


def why_not_item(state: State, key: Key) -> str:
    """Why an item key is refused."""
    if key.item not in state.hands + state.backpack:
        what = D.ITEMS[key.item]["name"] if key.item in D.ITEMS else "that item"
        return f"You do not carry the {what}."
    return "That item cannot be used here and now."


@memo.positions(4096)
def _item_options(carried: tuple[str, ...], on_locked: bool, time: int) -> tuple[Option, ...]:
    """The items usable from what she carries, whether she stands on a Locked Exit, and the Time she has: a pure
    function of them, so its cache never goes stale."""
    out = []
    for item in carried:
        spec = D.ITEMS[item]
        if spec["kind"] == "use":
            if "call" in spec["effect"] and time < 1:
                continue
            out.append(item)
        elif on_locked and (spec["kind"] == "unlock" or 0 < spec.get("unlock_time", 0) <= time):
            out.append(item)
    return tuple(_USE[item] for item in sorted(set(out)))


@OPTIONS.step("keep")
def keep_options(state: State) -> list[Option]:
    """Keep one of the two; the other goes back on top face up, or under the pile face down (research 2.3)."""
    opts = []
    for item in state.ask["items"]:
        other = next(i for i in state.ask["items"] if i != item)
        keep, back = D.ITEMS[item]["name"], D.ITEMS[other]["name"]
        opts.append(Option(str(Key("keep", item=item)), f"keep the {keep}; the {back} back on top, face up"))
        opts.append(
            Option(
                str(Key("keep", item=item, every=True)),
                f"keep the {keep}; the {back} under the pile, face down",
            )
        )
    return opts


def use_item_now(state: State, item: str, events: list[Event]) -> None:
    spec = D.ITEMS[item]
    ev(state, events, "item_used", item=item, title=spec["name"], **uses_after(state, item))
    if spec["kind"] in ("unlock",) or spec.get("unlock_time"):
        if spec.get("unlock_time"):
            change_time(state, -spec["unlock_time"], events)
        else:
            use_item(state, item, events)
        unlock(state, state.fg_space, events, item)
        return
    effect = spec["effect"]
    use_item(state, item, events)
    change_time(state, effect.get("time", 0), events)
    if effect.get("heal"):
        heal_fg(state, effect["heal"], events)
    if effect.get("horror"):
        change_horror(state, effect["horror"], events)
    if effect.get("call"):
        near = [
            v
            for v in free_victims(state)
            if v.space in D.NEIGHBOURS[state.fg_space] and v.space != state.killer_space
        ]
        for v in sorted(near, key=lambda v: v.id)[: effect["call"]]:
            move_victim(state, v, state.fg_space, events, "call")


def gain_item(state: State, item: str, events: list[Event]) -> None:
    """A new item goes to a free hand if it fits, else the backpack; gaining one lets you rearrange."""
    spec = D.ITEMS[item]
    used = sum(D.ITEMS[h]["hands"] for h in state.hands)
    if spec["hands"] and used + spec["hands"] <= 2:
        state.hands.append(item)
    else:
        state.backpack.append(item)
    if spec.get("uses"):
        state.item_uses[item] = spec["uses"]
    ev(state, events, "item_found", item=item, title=spec["name"], sort=spec["kind"])
    if spec["hands"]:
        offer_arrangement(state)


def arrangements(state: State) -> tuple[tuple[str, ...], ...]:
    """Every way to fill your two hands from what you carry, each as full as it can be (sorted ids)."""
    return _arrangements(_handheld(state))


def _handheld(state: State) -> tuple[str, ...]:
    """The items she carries that take a hand, sorted: all that her ways to hold them depend on."""
    return tuple(sorted(i for i in state.hands + state.backpack if D.ITEMS[i]["hands"]))


@memo.positions(1024)
def _arrangements(held: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """`arrangements` from the items that take a hand (sorted): a pure function of them, so its cache never goes
    stale (asked at every Upkeep)."""
    out: list[tuple[str, ...]] = []
    for n in range(len(held), 0, -1):
        for combo in combinations(held, n):
            if sum(D.ITEMS[i]["hands"] for i in combo) > 2:
                continue
            if any(set(combo) < set(o) for o in out):
                continue
            out.append(combo)
    return tuple(o for o in out if not any(set(o) < set(p) for p in out)) or ((),)


def offer_arrangement(state: State) -> None:
    """Ask how to hold your items when there is more than one way (Upkeep, or on gaining an item)."""
    if len(state.hands) + len(state.backpack) < 2:  # one item or none: nothing to arrange (every Upkeep)
        return
    carried = state.hands + state.backpack
    if sum(1 for i in carried if D.ITEMS[i]["hands"]) > 1 and len(arrangements(state)) > 1:
        state.ask = {"kind": "arrange"}


@OPTIONS.step("arrange")
def arrange_options(state: State) -> tuple[Option, ...]:
    return _arrange_options(tuple(sorted(state.hands)), _handheld(state))


@memo.positions(1024)
def _arrange_options(now: tuple[str, ...], held: tuple[str, ...]) -> tuple[Option, ...]:
    """The ways to hold what she carries, the way she holds it now first: a pure function of the items in her
    hands and of those that take a hand (both sorted), so its cache never goes stale."""
    ways = sorted(_arrangements(held), key=lambda w: (w != now, w))
    opts = []
    for way in ways:
        names = " and ".join(f"the {D.ITEMS[i]['name']}" for i in way) or "nothing"
        opts.append(Option(str(Key("hands", held=way)), f"hold {names}{' (as now)' if way == now else ''}"))
    return tuple(opts)


@CHOICES.step("arrange")
def do_arrange(state: State, key: Key, events: list[Event]) -> None:
    state.ask = {}
    way = list(key.held)
    if sorted(state.hands) == way:
        return
    carried = state.hands + state.backpack
    state.hands = way
    state.backpack = [i for i in carried if i not in way]
    ev(state, events, "items_arranged", hands=list(way))


def deal_damage(state: State, n: int, events: list[Event], chosen: str = "") -> None:
    """Damage to her from a card: the chosen weapon if it still reaches her, else the best one in reach."""
    weapon = chosen if chosen and chosen in weapons_in_reach(state) else weapon_for(state)
    worn: dict[str, Any] = {}
    if weapon:
        n += D.ITEMS[weapon]["mod"]
        if weapon in state.item_uses:
            worn = uses_after(state, weapon)
            if worn:
                worn["worn"] = D.ITEMS[weapon]["name"]
            use_item(state, weapon, events)
    elif state.slots >= len(D.GIRLS[state.girl]["slots"]) and D.GIRLS[state.girl]["ultimate"] == "brawler":
        n += 1
    mark = len(events)
    hurt_killer(state, n, events, weapon or "")
    if worn and len(events) > mark:
        events[mark].facts.update(worn)  # the blow's event says the uses the weapon has left


def search(state: State, n: int, events: list[Event]) -> None:
    deck = state.item_decks.get(state.fg_space, [])
    drawn = [deck.pop() for _ in range(min(n, len(deck)))]
    for item in drawn:
        if item in state.items_down:
            state.items_down.remove(item)
    if not drawn:
        ev(state, events, "search_empty", name=D.SPACES[state.fg_space]["name"])
        return
    if len(drawn) == 1:
        gain_item(state, drawn[0], events)
        return
    state.ask = {"kind": "keep", "items": drawn}


@CHOICES.step("keep")
def do_keep(state: State, key: Key, events: list[Event]) -> None:
    item, bottom = key.item, key.every
    other = [i for i in state.ask["items"] if i != item]
    state.ask = {}
    pile = state.item_decks[state.fg_space]
    if bottom:
        pile[:0] = other
        state.items_down.extend(other)
    else:
        pile.extend(other)
    ev(
        state,
        events,
        "item_returned",
        item=other[0],
        title=D.ITEMS[other[0]]["name"],
        bottom=bottom,
        name=D.SPACES[state.fg_space]["name"],
    )
    gain_item(state, item, events)


def uses_after(state: State, item: str) -> dict[str, int]:
    """{"uses": n}: the uses an item with uses will have left after one more, where any will be left (the
    last use is told by its `item_spent`); {} otherwise. For the event of the use, so the story counts them."""
    left = state.item_uses.get(item)
    return {"uses": left - 1} if left is not None and left > 1 else {}


def use_item(state: State, item: str, events: list[Event]) -> None:
    """Spend one use of an item with uses (or a single-use item); discard it when empty."""
    left = state.item_uses.get(item)
    if left is not None and left > 1:
        state.item_uses[item] = left - 1
        return
    state.item_uses.pop(item, None)
    for pile in (state.hands, state.backpack):
        if item in pile:
            pile.remove(item)
    state.items_gone.append(item)
    ev(state, events, "item_spent", item=item, title=D.ITEMS[item]["name"])


@STEPS.step("arrange")
def _arrange_step(state: State, op: dict[str, Any], events: list[Event]) -> None:
    offer_arrangement(state)
