"""Automa policies for both seats. A policy sees only its seat's View and the Decision's options.

The family hunts: it spends Fear on interrupts it holds (I Got Ya first), buys cards while it can keep a
reserve, raises the Panic Meter to bring out more Sawyers, goes after the Trespasser it can reach soonest
(hidden ones get hunted) and gives the Injury that hurts most. The Trespassers look for parts, reveal the
vehicles, repair one and drive off, flee a Sawyer in their space and end their turns hidden when they can.
"""

from __future__ import annotations

from engines.core.contract import Decision, Hint
from engines.core.rng import Rng
from engines.slaughterhouse import data as D
from engines.slaughterhouse.state import View

PART = {c: D.ALL_ITEMS[c].get("part", "") for c in D.ALL_ITEMS}
INJURY_WEIGHT = {"none": 0, "limit3": 1, "search_minus": 1, "no_run": 2, "action_minus": 3}


def random_policy(view: View, decision: Decision, rng: Rng) -> str:
    return decision.options[rng.below(len(decision.options))].key


def heuristic(view: View, decision: Decision, rng: Rng) -> str:
    return advise(view, decision).key


def advise(view: View, decision: Decision) -> Hint:
    keys = decision.keys()
    if decision.seat == "sawyer":
        key, why = _family(view, decision, keys)
    else:
        key, why = _trespassers(view, decision, keys)
    if key not in keys:
        key, why = keys[-1], "nothing better to do"
    return Hint(key, why)


# -- the family --------------------------------------------------------------------------------------


def _targets(view: View) -> list[tuple[int, str, bool]]:
    return [(i, t.space, t.hidden) for i, t in enumerate(view.trespassers) if not t.dead and not t.escaped]


def _nearest(space: str, view: View) -> tuple[int, str] | None:
    best = None
    for i, sp, _ in _targets(view):
        d = D.DIST[space][sp]
        t = view.trespassers[i]
        score = (d, -t.noise, -len(t.injuries))
        if best is None or score < best[0]:
            best = (score, (i, sp))
    return best[1] if best else None


def _family(view: View, d: Decision, keys: list[str]) -> tuple[str, str]:
    hand = view.hand if isinstance(view.hand, list) else []
    got_ya = sum(D.SAWYER_CARDS[c]["trigger"] == "enter" for c in hand)
    reserve = 3 if got_ya else 0
    if d.kind == "place_horror":
        rooms = [k[7:] for k in keys]
        best = min(rooms, key=lambda r: (min(D.DIST[D.START["trespassers"]][s] for s in D.ROOMS[r]), r))
        return f"horror:{best}", "close to the Foyer, where they must pass"
    if d.kind == "brutal":
        return "brutal:old_man", "the Old Man is on the board from the start"
    if d.kind in ("place_hitchhiker", "place_grandpa"):
        spaces = [k[6:] for k in keys]
        live = [sp for _, sp, _ in _targets(view)]
        if d.kind == "place_grandpa":
            goals = [s for s, v in view.vehicles_up.items() if D.VEHICLES[v]["effect"] == "escape"] or list(
                view.vehicle_spaces
            )
            best = min(goals, key=lambda s: (min((D.DIST[s][x] for x in live), default=0), s))
            return f"space:{best}", "guard the way out"
        best = min(spaces, key=lambda s: (min((D.DIST[s][x] for x in live), default=0), s))
        return f"space:{best}", "nearest the Trespassers"
    if d.kind == "offer":
        step = view.step
        plays = [k for k in keys if k.startswith("play:")]
        if not plays:
            return "pass", "no card fits"
        card = plays[0][5:]
        cost = D.SAWYER_CARDS[card]["cost"]
        flag = step.flag if step else ""
        if flag == "enter":
            return plays[0], "trap them where they stand"
        if flag == "hide":
            near = any(
                s.space and D.DIST[s.space][view.trespassers[step.who].space] <= 2 for s in view.sawyers
            )
            if near:
                return plays[0], "no hiding with a Sawyer this close"
            return "pass", "nobody close enough to use it"
        if view.fear - cost >= reserve:
            return plays[0], "Fear to spare"
        return "pass", "keep Fear for I Got Ya"
    if d.kind == "give":
        step = view.step
        gives = [k for k in keys if k.startswith("give:")]
        if gives:
            best = max(gives, key=lambda k: INJURY_WEIGHT[D.INJURIES[k[5:]]["effect"]])
            return best, "the Injury that hurts most"
        return "none", "nothing to give"
    if d.kind == "reroll":
        step = view.step
        rolls = [k for k in keys if k.startswith("reroll:")]
        low = [k for k in rolls if D.SAWYER_CARDS[k[7:]]["trigger"] != "enter"]
        if rolls and step is not None:
            return (low or rolls)[0], "every blank is a second chance"
        return "keep", "good enough"
    if d.kind == "buy":
        if view.fear - 2 >= reserve + (6 if view.panic < 6 else 0) - 6 and len(hand) < 6:
            return "buy", "more cards while keeping a reserve"
        return "done", "keep the Fear"
    if d.kind == "move_searched":
        return keys[0], "the oldest token"
    if d.kind == "order":
        best = None
        for k in keys:
            s = next(x for x in view.sawyers if x.id == k[7:])
            near = _nearest(s.space, view)
            dist = D.DIST[s.space][near[1]] if near else 99
            if best is None or dist < best[0]:
                best = (dist, k)
        return best[1], "the closest Sawyer first"
    return _sawyer_action(view, keys, hand, reserve)


def _sawyer_action(view: View, keys: list[str], hand: list[str], reserve: int) -> tuple[str, str]:
    s = next(x for x in view.sawyers if x.id == view.cur_sawyer)
    panics = [k for k in keys if k.startswith("panic:")]
    spare = [k for k in panics if D.SAWYER_CARDS[k[6:]]["trigger"] != "enter"]
    if spare and view.fear >= 6 + reserve:
        return spare[0], "bring out more of the family"
    here = [
        (i, t) for i, t in enumerate(view.trespassers) if not t.dead and not t.escaped and t.space == s.space
    ]
    for k in keys:
        if k.startswith("attack:"):
            t = view.trespassers[int(k[7:])]
            if s.id == "old_man" and len(t.injuries) == 3 and "talk" in keys:
                return "talk", "Wallop cannot kill; take their fear instead"
            if s.id == "old_man" and len(t.injuries) == 3:
                continue
            return k, "they are right here"
    for k in keys:
        if k.startswith("hunt:"):
            return k, "drag them out of hiding"
    for k in keys:
        if (
            k.startswith("free:")
            and D.SAWYER_CARDS[k.split(":")[1]]["free"] in ("attack1", "hunt2")
            and len(hand) > 1
        ):
            return k, "a free blow"
    if "talk" in keys and here:
        return "talk", "feed on their fear"
    near = _nearest(s.space, view)
    moves = [
        k for k in keys if (k.startswith(("move:", "creep:")) and k.count(":") == 1) or k.startswith("move2:")
    ]
    if near and moves:
        target = near[1]

        def dest(k: str) -> str:
            return k.split(":")[-1] if not k.startswith("move:") else k.split(":")[1]

        best = min(moves, key=lambda k: (D.DIST[dest(k)][target], k.startswith("move2"), k))
        if D.DIST[dest(best)][target] < D.DIST[s.space][target]:
            return best, "closing in"
    for k in keys:
        if k.startswith("free:") and D.SAWYER_CARDS[k.split(":")[1]]["free"] == "fear2" and len(hand) > 2:
            return k, "Fear for later"
    return "end", "wait for them to come"


# -- the Trespassers -----------------------------------------------------------------------------------


def _needs(view: View) -> set[str]:
    """Parts the group still lacks for the cheapest escape vehicle."""
    held = [PART[c] for t in view.trespassers if not t.dead and not t.escaped for c in t.items]
    best: set[str] | None = None
    for v in ("orange_car", "blue_truck", "green_van"):
        if v in view.repaired:
            return set()
        need = [*D.VEHICLES[v]["needs"], "gas"]
        missing = set(need) - set(held)
        if best is None or len(missing) < len(best):
            best = missing
    return best or set()


def _ready(view: View) -> list[str]:
    """Escape vehicles the group holds every part and a Gas Can for."""
    held = [PART[c] for t in view.trespassers if not t.dead and not t.escaped for c in t.items]
    out = []
    for v in ("orange_car", "blue_truck", "green_van"):
        need = [*D.VEHICLES[v]["needs"], "gas"]
        if all(n in held for n in need) and (need[0] != need[1] or held.count(need[0]) >= 2):
            out.append(v)
    return out


def _hides(view: View) -> list[str]:
    spots = [s for s, sp in D.SPACES.items() if sp.get("hide")]
    return spots + [s for s, v in view.vehicles_up.items() if D.VEHICLES[v]["effect"] == "hide"]


def _goal(view: View, me: int) -> str | None:
    t = view.trespassers[me]
    for sp, v in view.vehicles_up.items():
        if v in view.repaired and v not in view.driven:
            return sp
    ready = _ready(view)
    if ready:
        known = [sp for sp, v in view.vehicles_up.items() if v in ready]
        if known:
            return min(known, key=lambda s: (D.DIST[t.space][s], s))
        hidden = [s for s in view.vehicle_spaces if s not in view.vehicles_up]
        if hidden:
            return min(hidden, key=lambda s: (D.DIST[t.space][s], s))
    spots = [s for s, sp in D.SPACES.items() if sp.get("search") and s not in view.searched]
    spots += [
        s
        for s, v in view.vehicles_up.items()
        if D.VEHICLES[v]["effect"] == "search" and s not in view.searched
    ]
    sawyers = [x.space for x in view.sawyers if x.space]
    if spots:
        return min(
            spots,
            key=lambda s: (D.DIST[t.space][s] - min((D.DIST[s][x] for x in sawyers), default=9) // 3, s),
        )
    hidden = [s for s in view.vehicle_spaces if s not in view.vehicles_up]
    return min(hidden, key=lambda s: D.DIST[t.space][s]) if hidden else None


def _trespassers(view: View, d: Decision, keys: list[str]) -> tuple[str, str]:
    if d.kind == "personal":
        return keys[0], "first pick"
    if d.kind == "order":
        return keys[0], "the eldest first"
    if d.kind == "take":
        needs = _needs(view)
        best = max(
            keys,
            key=lambda k: (PART[k[5:]] in needs, PART[k[5:]] != "", D.ALL_ITEMS[k[5:]]["effect"] == "weapon"),
        )
        return best, "what the group needs"
    if d.kind == "bury_order":
        return keys[0], "any order will do"
    if d.kind == "bury":
        needs = _needs(view)
        worst = min(
            keys,
            key=lambda k: (PART[k[5:]] in needs, PART[k[5:]] != "", D.ALL_ITEMS[k[5:]]["effect"] == "weapon"),
        )
        return worst, "the least useful Item"
    if d.kind == "swap":
        return "done", "keep what you carry"
    me = view.current
    t = view.trespassers[me]
    sawyers_here = [s for s in view.sawyers if s.space == t.space]
    near = min((D.DIST[s.space][t.space] for s in view.sawyers if s.space), default=9)
    if "drive" in keys:
        others = [x for x in view.trespassers if not x.dead and not x.escaped and x is not t]
        if all(x.space == t.space for x in others) or near <= 2 or len(t.injuries) >= 2:
            return "drive", "get out while you can"
    if "repair" in keys:
        return "repair", "this one can run"
    for k in keys:
        if (
            k.startswith("desp:")
            and D.DESPERATION[k.split(":")[1]]["effect"] == "heal"
            and len(t.injuries) >= 2
        ):
            return k, "patch up before it is too late"
        if k.startswith("use:") and D.ALL_ITEMS[k.split(":")[1]]["effect"] == "heal" and len(t.injuries) >= 2:
            return k, "patch up before it is too late"
    if sawyers_here:
        for k in keys:
            if k.startswith(("use:", "desp:")) and k.split(":")[-1] in D.SAWYERS:
                return k, "fight back"
        escapes = [
            k
            for k in keys
            if k.startswith(("run:", "desp:")) and k.count(":") >= 2 and k.split(":")[-1] in D.SPACES
        ]
        if escapes and t.actions:
            far = max(
                escapes,
                key=lambda k: min(
                    (D.DIST[s.space][k.split(":")[-1]] for s in view.sawyers if s.space), default=0
                ),
            )
            return far, "run from the Sawyer"
    if t.actions == 0:
        for k in keys:
            if k.startswith("desp:") and D.DESPERATION[k.split(":")[1]]["effect"] == "extra_action":
                return k, "one more action"
        for k in keys:
            if k.startswith("desp:") and D.DESPERATION[k.split(":")[1]]["effect"] == "hush" and t.noise >= 2:
                return k, "quiet down"
        for k in keys:
            if (
                k.startswith("desp:")
                and D.DESPERATION[k.split(":")[1]]["effect"] == "play_dead"
                and near <= 2
            ):
                return k, "play dead"
        return "end", "no actions left"
    if "search" in keys and (not sawyers_here):
        return "search", "there may be parts here"
    goal = _goal(view, me)
    if t.actions == 1 and t.space not in _hides(view) and near <= 3:
        hides = [k for k in keys if k.startswith("move:") and k[5:] in _hides(view)]
        if hides:
            return hides[0], "somewhere to hide"
    if goal and goal != t.space:
        here = D.DIST[t.space][goal]
        moves = [k for k in keys if k.startswith("move:")]
        runs = [k for k in keys if k.startswith("run:")]
        best = min(moves, key=lambda k: (D.DIST[k[5:]][goal], k)) if moves else None
        if runs and here >= 3 and (near <= 3 or t.noise == 0):
            r = min(runs, key=lambda k: (D.DIST[k.split(":")[2]][goal], k))
            if D.DIST[r.split(":")[2]][goal] == here - 2:
                return r, "run for it"
        if best and D.DIST[best[5:]][goal] < here:
            return best, "toward the goal"
    return "end", "nothing more to do here"


POLICIES = {"random": random_policy, "heuristic": heuristic}
