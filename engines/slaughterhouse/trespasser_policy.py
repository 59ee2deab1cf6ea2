"""The Trespassers' automa: they look for parts, reveal the vehicles, repair one and drive off (or follow the
scenario's goal), flee a Sawyer in their space and end their turns hidden when they can."""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Decision
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Grouped, Key, by_verb
from engines.slaughterhouse.rules import harmless, limit
from engines.slaughterhouse.state import Sawyer, TrespasserView, View

PART = {c: D.ALL_ITEMS[c].get("part", "") for c in D.ALL_ITEMS}
SEARCH_SPOTS = tuple(s for s, sp in D.SPACES.items() if sp.get("search"))
HIDE_SPOTS = tuple(s for s, sp in D.SPACES.items() if sp.get("hide"))


def _needs(view: View) -> set[str]:
    """Parts the group still lacks for the cheapest escape vehicle."""
    held = [PART[c] for t in view.trespassers if not t.dead and not t.escaped for c in t.items]
    if view.scenario == "c":
        if "blue_truck" in view.repaired:
            return set()
        return {"keys", "gas"} - set(held)
    if view.scenario != "a":
        return set()
    best: set[str] | None = None
    for v in ("orange_car", "blue_truck", "green_van"):
        if v in view.repaired:
            return set()
        need = [*D.VEHICLES[v]["needs"], "gas"]
        missing = set(need) - set(held)
        if best is None or len(missing) < len(best):
            best = missing
    return best or set()


def _value(view: View, card: str) -> tuple[bool, bool, bool]:
    """How much an Item is worth keeping: a part the group lacks, a scenario card, a weapon."""
    info = D.ALL_ITEMS[card]
    return (
        PART[card] in _needs(view),
        card in D.ALL_SCENARIO_ITEMS and not (view.scenario == "c" and PART[card] and not _needs(view)),
        info["effect"] == "weapon",
    )


def _ready(view: View) -> list[str]:
    """Escape vehicles the group holds every part and a Gas Can for."""
    if view.scenario != "a":
        return []
    held = [PART[c] for t in view.trespassers if not t.dead and not t.escaped for c in t.items]
    have = set(held)
    return [
        v
        for v, need, kinds in _ESCAPE_NEEDS
        if kinds <= have and (need[0] != need[1] or held.count(need[0]) >= 2)
    ]


_ESCAPE_NEEDS = [
    (v, need, frozenset(need))
    for v in ("orange_car", "blue_truck", "green_van")
    for need in ([*D.VEHICLES[v]["needs"], "gas"],)
]
"""Each escape vehicle, what its repair needs (parts and a Gas Can) and the kinds of those."""


def _hides(view: View) -> list[str]:
    spots = list(HIDE_SPOTS)
    return spots + [s for s, v in view.vehicles_up.items() if D.VEHICLES[v]["effect"] == "hide"]


_OBJECTIVE = {
    "flee": "run for the road",
    "load": "into the truck with it",
    "loot": "grab it",
    "photo": "a picture for the record",
    "document": "document it",
    "ignite": "burn it down",
    "siphon": "fuel for the fire",
}


def _gather(view: View, me: int, other: int) -> bool:
    """Scenario E: the other holds Evidence or the Camera, and I hold the other half."""
    mine = {D.ALL_ITEMS[c]["effect"] for c in view.trespassers[me].items}
    theirs = {D.ALL_ITEMS[c]["effect"] for c in view.trespassers[other].items}
    o = view.trespassers[other]
    if o.dead or o.escaped:
        return bool(theirs & {"camera", "evidence"})
    return ("camera" in mine and "evidence" in theirs) or (
        "evidence" in mine and "camera" in theirs and me < other
    )


def _nearest_of(space: str, spots: list[str]) -> str | None:
    return min(spots, key=lambda s: (D.DIST[space][s], s)) if spots else None


def _scenario_goal(view: View, me: int) -> str | None:
    """Where this Trespasser heads in scenarios B-E; None falls back to searching."""
    return _SCENARIO_GOALS[view.scenario](view, me, D.SCENARIOS[view.scenario])


def _ransack_goal(view: View, me: int, sc: dict) -> str | None:
    """Scenario C: Loot to the Blue Truck, the keys and gas to repair it."""
    t = view.trespassers[me]
    truck = next((s for s, v in view.vehicles_up.items() if v == sc["placed_vehicle"]), None)
    if t.carrying or (view.loaded >= sc["loot_to_load"] and "blue_truck" in view.repaired):
        return truck
    needs = _needs(view)
    parts = [c for c in t.items if PART[c] in ("keys", "gas")]
    if not needs and "blue_truck" not in view.repaired and parts:
        return truck
    if view.tokens and (not needs or me % 2 == 1):
        return _nearest_of(t.space, view.tokens)
    return None


def _burn_goal(view: View, me: int, sc: dict) -> str | None:
    """Scenario B: fuel from the vehicles, the rooms set alight, then a corner."""
    t = view.trespassers[me]
    here = t.space
    if len(view.ignited) >= sc["rooms_to_burn"]:
        return _nearest_of(here, list(D.CORNERS))
    if any(D.ALL_ITEMS[c]["effect"] == "fuel" for c in t.items):
        spots = [s for s in D.INDOORS if D.room_of(s) not in view.ignited and s not in view.fire]
        return _nearest_of(here, spots)
    if any(D.ALL_ITEMS[c]["effect"] == "fuel" for c in view.beside):
        open_ = [s for s, v in view.vehicles_up.items() if v in D.ESCAPE_VEHICLES and v not in view.siphoned]
        return _nearest_of(here, open_) or _nearest_of(here, _face_down(view))
    return None


def _dare_goal(view: View, me: int, sc: dict) -> str | None:
    """Scenario D: photos of the rooms and the family, then the Green Van."""
    t = view.trespassers[me]
    here = t.space
    if view.photos >= sc["photos_needed"] and view.photographed:
        van = next((s for s, v in view.vehicles_up.items() if v == "green_van"), None)
        return van or _nearest_of(here, _face_down(view))
    if any(D.ALL_ITEMS[c]["effect"] == "camera" for c in t.items):
        if view.tokens and view.photos < sc["photos_needed"] - (0 if view.photographed else 1):
            return _nearest_of(here, view.tokens)
        out = [s.space for s in view.sawyers if s.space] + ([view.grandpa] if view.grandpa else [])
        return _nearest_of(here, out)
    return _nearest_of(here, _face_down(view))


def _evidence_goal(view: View, me: int, sc: dict) -> str | None:
    """Scenario E: the Camera and the Evidence together in the Evidence's room, then a corner."""
    t = view.trespassers[me]
    here = t.space
    held = {D.ALL_ITEMS[c]["effect"] for c in t.items}
    if len(view.documented) >= sc["documents_needed"]:
        return _nearest_of(here, list(D.CORNERS))
    if "camera" in held:  # the Camera leads to the room of any living holder's Evidence; they follow it
        group = [x for x in view.trespassers if not x.dead and not x.escaped]
        rooms = [
            D.ALL_ITEMS[c]["room"] for x in group for c in x.items if D.ALL_ITEMS[c]["effect"] == "evidence"
        ]
        if rooms and view.film:
            return _nearest_of(here, [s for r in rooms for s in D.ROOMS[r]])
        others = [x.space for i, x in enumerate(view.trespassers) if i != me and _gather(view, me, i)]
        return _nearest_of(here, others)
    if "evidence" in held:
        cam = [x.space for x in view.trespassers if not x.escaped and D.CAMERA in x.items]
        return _nearest_of(here, cam)
    return None


def _face_down(view: View) -> list[str]:
    return [s for s in view.vehicle_spaces if s not in view.vehicles_up]


_SCENARIO_GOALS: dict[str, Callable[[View, int, dict], str | None]] = {
    "b": _burn_goal,
    "c": _ransack_goal,
    "d": _dare_goal,
    "e": _evidence_goal,
}


def _wanted(view: View, card: str, needs: set[str] | None = None) -> bool:
    """A card the group still needs to get out: a missing vehicle part, the Camera or Evidence, fuel to burn.
    `needs` is `_needs(view)` when the caller has it already."""
    effect = D.ALL_ITEMS[card]["effect"]
    if effect == "part":
        return PART[card] in (_needs(view) if needs is None else needs)
    if effect in ("camera", "evidence"):
        return view.scenario in ("d", "e")
    return effect == "fuel" and len(view.ignited) < D.SCENARIOS[view.scenario].get("rooms_to_burn", 0)


def _bodies(view: View) -> list[str]:
    """Where the dead lie holding something the group needs (the rulebook lets you swap with a body)."""
    dead = [t for t in view.trespassers if t.dead and t.items]
    if not dead:
        return []
    needs = _needs(view)
    return [t.space for t in dead if any(_wanted(view, c, needs) for c in t.items)]


def _goal(view: View, me: int, scenario_goal: str | None) -> str | None:
    """Where this Trespasser heads; `scenario_goal` is `_scenario_goal`'s answer (None in scenario A)."""
    t = view.trespassers[me]
    bodies = _bodies(view) if not t.carrying else []
    if bodies:
        return _nearest_of(t.space, bodies)
    if scenario_goal is not None:
        return scenario_goal
    for sp, v in view.vehicles_up.items():
        if v in view.repaired and v not in view.driven:
            return sp
    ready = _ready(view)
    if ready:
        known = [sp for sp, v in view.vehicles_up.items() if v in ready]
        if known:  # one vehicle for the whole group (the least walking in all), or two of them wait apart
            group = [x.space for x in view.trespassers if not x.dead and not x.escaped]
            return min(known, key=lambda s: (sum(D.DIST[x][s] for x in group), s))
        hidden = [s for s in view.vehicle_spaces if s not in view.vehicles_up]
        if hidden:
            return min(hidden, key=lambda s: (D.DIST[t.space][s], s))
    spots = [s for s in SEARCH_SPOTS if s not in view.searched]
    spots += [
        s
        for s, v in view.vehicles_up.items()
        if D.VEHICLES[v]["effect"] == "search" and s not in view.searched
    ]
    if spots:
        mine = D.DIST[t.space]
        theirs = [D.DIST[x.space] for x in view.sawyers if x.space]  # distances are symmetric
        # a spot scores its distance less a third of the nearest Sawyer's (9 with none out), its name breaking ties
        return min([(mine[s] - (min([d[s] for d in theirs]) if theirs else 9) // 3, s) for s in spots])[1]
    hidden = [s for s in view.vehicle_spaces if s not in view.vehicles_up]
    return min(hidden, key=lambda s: D.DIST[t.space][s]) if hidden else None


def _item_worth(view: View) -> Callable[[str], tuple[bool, bool, bool]]:
    """How much an Item is worth to the group: in scenario A, a part the vehicle still needs, then any part,
    then a weapon; elsewhere the scenario's own value."""
    if view.scenario == "a":
        needs = _needs(view)
        return lambda card: (PART[card] in needs, PART[card] != "", D.ALL_ITEMS[card]["effect"] == "weapon")
    return lambda card: _value(view, card)


def _card_worth(view: View) -> Callable[[str], tuple[bool, bool, bool]]:
    """`_item_worth` of the card a key names ('take:<id>', 'bury:<id>')."""
    worth = _item_worth(view)
    return lambda k: worth(Key.parse(k).card)


def trespassers(view: View, d: Decision, keys: list[str]) -> tuple[str, str]:
    if d.kind == "personal":
        return keys[0], "first pick"
    if d.kind == "order":
        return keys[0], "the eldest first"
    if d.kind == "camera":
        return keys[0], "the eldest keeps it"
    if d.kind == "place_vehicle":
        best = min(keys, key=lambda k: (D.DIST[D.START["trespassers"]][Key.parse(k).space], k))
        return best, "close to the front door"
    if d.kind == "take":
        return max(keys, key=_card_worth(view)), "what the group needs"
    if d.kind == "bury_order":
        return keys[0], "any order will do"
    if d.kind == "bury":
        return min(keys, key=_card_worth(view)), "the least useful Item"
    if d.kind == "swap":
        for k in keys:
            choice = Key.parse(k)
            if choice.way == "take" and D.ALL_ITEMS[choice.card]["effect"] in (
                "camera",
                "evidence",
                "fuel",
            ):
                return k, "keep the scenario cards together"
        return _from_the_dead(view, keys)
    return _tres_act(view, keys)


def _from_the_dead(view: View, keys: list[str]) -> tuple[str, str]:
    """Swapping with a body: take what the group needs, trading or leaving the least useful Item for room."""
    step = view.step
    if step is None or not view.trespassers[step.n].dead:
        return "done", "keep what you carry"
    worth = _item_worth(view)
    swaps = [Key.parse(k) for k in keys if Key.parse(k).verb == "swap"]
    takes = [str(c) for c in swaps if c.way == "take" and _wanted(view, c.card)]
    if takes:
        return takes[0], "take it from the body"
    # a trade or a give only ever sends the body an ordinary Item, never a scenario card: what was taken is
    # never handed back, so the swap ends
    trades = [
        c
        for c in swaps
        if c.way == "trade" and _wanted(view, c.other) and c.card not in D.ALL_SCENARIO_ITEMS
    ]
    if trades:
        return str(min(trades, key=lambda c: worth(c.card))), "trade for what the group needs"
    gives = [
        c
        for c in swaps
        if c.way == "give"
        and not c.card.startswith("personal/")
        and c.card not in D.ALL_SCENARIO_ITEMS
    ]
    if gives and any(_wanted(view, c) for c in view.trespassers[step.n].items):
        return str(min(gives, key=lambda c: worth(c.card))), "make room for what the group needs"
    return "done", "keep what you carry"


Choice = tuple[str, str]


def _tres_act(view: View, keys: list[str]) -> Choice:
    """A Trespasser's action. The most frequent question of all, so it groups the options in one pass and
    works out the scenario goal at most once."""
    me = view.current
    t = view.trespassers[me]
    space = t.space
    # the Sawyers out that can hurt this Trespasser (the Old Man cannot kill one at three Injuries)
    threats = [s for s in view.sawyers if s.space and not harmless(s.id, t)]
    sawyers_here = [s for s in threats if s.space == space]
    by = by_verb(keys)
    desps = by.get("desp", ())
    scenario_goal: str | None = None
    known = False
    if view.scenario != "a" and t.actions and not sawyers_here:
        scenario_goal = _scenario_goal(view, me)
        known = True
        if scenario_goal == space and "search" in by:
            return "search", "there may be something here"
    near = min([D.DIST[s.space][space] for s in threats]) if threats else 9
    found = (
        _get_out(view, t, by, near)
        or _swap_for(view, me, by)
        or (_patch_up(by, desps) if len(t.injuries) >= 2 else None)
        or (_fight_or_flee(view, t, sawyers_here, by, desps) if sawyers_here else None)
    )
    if found:
        return found
    if t.actions == 0:
        return _last_resort(t, desps, near)
    if "search" in by and not sawyers_here and view.scenario == "a":
        return "search", "there may be parts here"
    goal = _goal(view, me, scenario_goal if known or view.scenario == "a" else _scenario_goal(view, me))
    if "search" in by and not sawyers_here and goal in (None, t.space):
        return "search", "there may be something here"
    return _walk_to(view, t, by, near, goal) or ("end", "nothing more to do here")


def _get_out(view: View, t: TrespasserView, by: Grouped, near: int) -> Choice | None:
    """Drive off, repair, or the scenario's own action (the first offered, in the given order)."""
    if "drive" in by:
        others = [x for x in view.trespassers if not x.dead and not x.escaped and x is not t]
        if all(x.space == t.space for x in others) or near <= 2 or len(t.injuries) >= 2:
            return "drive", "get out while you can"
    if "repair" in by:
        return "repair", "this one can run"
    if view.scenario == "a":  # no objective actions there
        return None
    # the first objective option in the given order: heads keep the order in which they first appear
    objective = next((group[0] for head, group in by.items() if head in _OBJECTIVE), None)
    if objective is not None:
        return objective, _OBJECTIVE[Key.parse(objective).verb]
    return None


def _swap_for(view: View, me: int, by: Grouped) -> Choice | None:
    """A swap that brings the Camera and the Evidence together (scenario E), or one with a useful body."""
    t = view.trespassers[me]
    if view.scenario == "e" and len(t.items) < limit(t):  # a full hand could take nothing
        for k in by.get("swap", ()):
            if _gather(view, me, Key.parse(k).trespasser):
                return k, "bring the Camera and the Evidence together"
    for k in by.get("swap", ()):
        body = view.trespassers[Key.parse(k).trespasser]
        if body.dead and any(_wanted(view, c) for c in body.items) and not t.carrying:
            return k, "the dead do not need it"
    return None


def _patch_up(by: Grouped, desps: tuple[str, ...]) -> Choice | None:
    """Heal an Injury: Item options come before Desperation ones, as in the option list."""
    for k in by.get("use", ()):
        if D.ALL_ITEMS[Key.parse(k).card]["effect"] == "heal":
            return k, "patch up before it is too late"
    for k in desps:
        if D.ALL_DESPERATION[Key.parse(k).card]["effect"] == "heal":
            return k, "patch up before it is too late"
    return None


def _fight_or_flee(
    view: View, t: TrespasserView, sawyers_here: list[Sawyer], by: Grouped, desps: tuple[str, ...]
) -> Choice | None:
    """A Sawyer here: hit one that still has actions, or run as far from the family as one move goes."""
    armed = {s.id for s in sawyers_here if s.actions > 0}  # a Sawyer already at zero loses nothing more
    for k in [*by.get("use", ()), *desps]:
        if Key.parse(k).sawyer in armed:
            return k, "fight back"
    escapes = [
        k
        for k in [*by.get("run", ()), *desps]
        if Key.parse(k).space in D.SPACES  # a run, a Desperation card's run or window
    ]
    if escapes and t.actions:
        far = max(
            escapes,
            key=lambda k: min(
                (D.DIST[s.space][Key.parse(k).space] for s in view.sawyers if s.space), default=0
            ),
        )
        return far, "run from the Sawyer"
    return None


def _last_resort(t: TrespasserView, desps: tuple[str, ...], near: int) -> Choice:
    """No action left: a Desperation card that gives one, quiets the Noise or plays dead; else the end."""
    effects = [(k, D.ALL_DESPERATION[Key.parse(k).card]["effect"]) for k in desps]
    for k, effect in effects:
        if effect == "extra_action":
            return k, "one more action"
    for k, effect in effects:
        if effect == "hush" and t.noise >= 2:
            return k, "quiet down"
    for k, effect in effects:
        if effect == "play_dead" and near <= 2:
            return k, "play dead"
    return "end", "no actions left"


def _walk_to(
    view: View, t: TrespasserView, by: Grouped, near: int, goal: str | None
) -> Choice | None:
    """A hiding place when the family is near and one action is left, else a step or a run toward the goal."""
    spots = _hides(view) if t.actions == 1 and near <= 3 else ()
    if spots and t.space not in spots:
        hides = [k for k in by.get("move", ()) if Key.parse(k).space in spots]
        if hides:
            return hides[0], "somewhere to hide"
    if not goal or goal == t.space:
        return None
    here = D.DIST[t.space][goal]
    moves = by.get("move", ())
    runs = by.get("run", ())
    best = min(moves, key=lambda k: (D.DIST[Key.parse(k).space][goal], k)) if moves else None
    if runs and here >= 3 and (near <= 3 or t.noise == 0):
        r = min(runs, key=lambda k: (D.DIST[Key.parse(k).space][goal], k))
        if D.DIST[Key.parse(r).space][goal] == here - 2:
            return r, "run for it"
    if best and D.DIST[Key.parse(best).space][goal] < here:
        return best, "toward the goal"
    return None
