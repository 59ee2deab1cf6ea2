"""Automa policies for every slasher seat: `random`, and `heuristic`, a slasher that plays to win.

The heuristic routes to the nearest Scene Markers (shortest paths that respect locks, sewers and empty
shortcuts), weighs supply noise against the Hero Meter, brawls only when its exact chance is good, keeps the
stronger supply, and, choosing for the rules as an opposing player, sends a fleeing victim away from the
slasher who missed it. It decides from the seat's View only.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from engines.core import memo
from engines.core.contract import Decision, Hint, PolicyOf
from engines.core.rng import Rng
from engines.mixtape.board import BONUS, START
from engines.mixtape.directors_cut import keys, odds
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.keys import Key
from engines.mixtape.directors_cut.state import SlasherView, View

B = R.BOARD
LOW = 2
"""At this health or less the heuristic stops taking risks: no new scenes, no brawls, it hides and heals.
Tuned by simulation (RULES.md, measured figures, rules version 2): against two random rivals 1 won 67%, 2 won
66%, 4 won 54%, 7 (the passive player, who hides) won 41%."""


def random_policy(view: View, decision: Decision, rng: Rng) -> str:
    """Any legal option, uniformly."""
    return decision.options[rng.below(len(decision.options))].key


def heuristic_policy(view: View, decision: Decision, rng: Rng) -> str:
    return _choose(view, decision)[0]


def heuristic_with(low: int) -> Callable[[View, Decision, Rng], str]:
    """The heuristic with another caution threshold: 7 never starts a scene (the passive player measured in
    RULES.md), lower values hunt harder."""

    def policy(view: View, decision: Decision, rng: Rng) -> str:
        return _choose(view, decision, low)[0]

    return policy


def advise(view: View, decision: Decision) -> Hint:
    key, reason = _choose(view, decision)
    return Hint(key, reason)


# -- helpers ---------------------------------------------------------------------------------------------


def _me(view: View, seat: str) -> SlasherView:
    for s in view.slashers:
        if s.seat == seat:
            return s
    raise KeyError(seat)


@memo.positions(4096)
def _marker_distances(
    targets: tuple[str, ...], locks: tuple[str, ...], through: tuple[str, ...]
) -> dict[str, int]:
    """Fewest steps from every node to the nearest location in `targets`."""
    return B.distances(targets, blocked=locks, through=through) if targets else {}


@memo.positions(4096)
def _distances_from(node: str, locks: tuple[str, ...]) -> dict[str, int]:
    return B.distances(node, blocked=locks)


_SHORTCUTS = tuple(sorted(R.MULTI_ENTRANCE))


def _targets(view: View) -> dict[str, int]:
    markers = view.markers
    targets = tuple(sorted([loc for loc, n in markers.items() if n]))
    through = tuple([loc for loc in _SHORTCUTS if not markers[loc]])
    return _marker_distances(targets, tuple(sorted(view.locks)), through)


def _supply_value(card: str) -> float:
    kind = R.supply(card)
    uses = 4 if kind.infinite else kind.uses
    base = {"knife": 1.3, "fist": 0.8, "heal": 0.9, "revive": 2.5}.get(kind.kind, 0.5)
    return base * kind.amount * uses - 0.4 * kind.noise * uses


def _bonus(me: SlasherView) -> tuple[int, int, int]:
    """(amount per token, noise per token, most tokens) of my supply for this roll, 0s if none."""
    if not me.supply:
        return 0, 0, 0
    kind = R.supply(me.supply)
    return kind.amount, kind.noise, 1 if kind.infinite else me.trackers


def _brawl_odds(me: SlasherView, other: SlasherView, first: bool) -> float:
    return _brawl_float(me.supply, other.supply, first)


@memo.positions(4096)
def _brawl_float(mine: str, theirs: str, first: bool) -> float:
    """The chance to win a brawl between holders of these supplies ("" for none), as a float (cached: it
    reads only the two cards and who rolls first)."""
    return float(odds.brawl_chance(_knives(mine), _knives(theirs), first))


def _knives(card: str) -> int:
    """The knives a supply adds to a brawl roll: a knife card's amount, else none."""
    return R.supply(card).amount if card and R.supply(card).kind == "knife" else 0


# -- the choices ------------------------------------------------------------------------------------------


def _choose(view: View, d: Decision, low: int = LOW) -> tuple[str, str]:
    me = _me(view, d.seat)
    chooser = _CHOOSERS.get(d.kind)
    if chooser is None:
        return d.keys()[0], "the first choice"
    return chooser(view, me, d, low)


def _arg(key: str) -> str:
    return Key.parse(key).arg


_GO_NODE = {keys.go(n): n for n in B.adjacent}
"""The node of each move key (a move's options are these), so a move decision's keys are read unparsed."""


def _start(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    dist = _targets(view)
    key = min(d.keys(), key=lambda k: (dist.get(_arg(k), 99), k))
    return key, "the starting point closest to a Scene Marker"


def _lock(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    rivals = [s for s in view.slashers if s.seat != me.seat and s.alive and s.at]
    near = B.distances([s.at for s in rivals]) if rivals else {}
    return min(d.keys(), key=lambda k: (near.get(_arg(k), 99), k)), "lock the entrance nearest a rival"


def _turn(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    keys = d.keys()
    use = _ability(view, me, keys)
    if use:
        return use
    if "heal" in keys and me.health <= R.HEALTH - 2:
        return "heal", "heal before you go on"
    if "scene" in keys and me.health > low:
        return "scene", "a victim is right here"
    if "unlock" in keys:
        amount, _, most = _bonus(me)
        colour = view.locks[me.at]
        chance = odds.unlock_chance(1 if colour == "yellow" else 2, amount * most)
        if chance >= 0.3:
            return "unlock", f"{float(chance):.0%} to break the lock"
    if "scene" in keys and me.health > 1 and view.meter < R.METER - 1:
        return "scene", "a victim is right here"
    if "search" in keys and _worth_searching(view, me):
        return "search", "search here before you move: a supply could turn the next scene"
    return "roll", "move on" if me.health > low else "too hurt to risk a scene: find a safe corner"


def _keep(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    new = _supply_value(view.drawn) if view.drawn else 0.0
    old = _supply_value(me.supply) if me.supply else 0.0
    return ("keep:new", "the new card is stronger") if new > old else ("keep:old", "your card is stronger")


def _run(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    cur = next((s for s in view.slashers if s.seat == view.current), None)
    start = cur.at if cur and cur.at else B.starts[0]
    locks = tuple(sorted(view.locks))
    dist = _distances_from(start, locks)
    mine = _distances_from(me.at, locks) if me.at else {}
    key = max(d.keys(), key=lambda k: (dist.get(_arg(k), 99) - mine.get(_arg(k), 99) / 2, k))
    return key, "send the victim far from the slasher who missed"


def _search(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    if _worth_searching(view, me):
        return "search", "a supply could turn the next scene"
    return "leave", "the Hero Meter is too high to risk the noise"


def _at_lock(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    return "unlock", "break the lock while you are here"


def _redraw(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    if me.health > low:
        return "redraw", "another victim, while you are strong enough"
    return "stop", "too hurt to risk another card"


def _aid(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    if me.health <= R.HEALTH - 2 or me.supply:
        return "aid:now", "heal now rather than give up the supply you hold"
    return "aid:keep", "keep it for a worse wound"


def _rise(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    return max(d.keys(), key=lambda k: (view.markers[_arg(k)], k)), "rise where the victims are"


def _door(view: View, me: SlasherView, low: int) -> tuple[str, str]:
    """Go in for a victim (or an empty location to search) unless the Hero or a rival it would likely lose to
    waits inside; otherwise carry on."""
    loc = B.entrance_of[me.at]
    if view.hero_at == loc:
        return "stay", "the Hero waits inside"
    for o in view.slashers:
        if o.alive and o.seat != me.seat and o.at == loc and _brawl_odds(me, o, True) < 0.5:
            return "stay", f"{o.name} is inside"
    if view.markers[loc] and me.health > low:
        return "enter", "a victim waits inside"
    if not view.markers[loc] and me.searched != loc and _worth_searching(view, me):
        return "enter", "search it"
    return "stay", "nothing worth the risk inside"


def _worth_searching(view: View, me: SlasherView) -> bool:
    return not me.supply or view.meter < R.METER - 1


def _target(view: View, me: SlasherView, d: Decision) -> tuple[str, str]:
    """Brawl the rival this brawl hurts most: the best chance, a rival it may kill, the richest."""
    best, best_score, best_why = d.options[0].key, -1e9, ""
    for opt in d.options:
        o = _me(view, _arg(opt.key))
        p = _brawl_odds(me, o, True)
        worth = 10 + (12 if o.health <= 1 else 5 if o.health <= 2 else 0) + 0.6 * o.souvenirs
        if o.souvenirs >= view.goal - 3:
            worth += 6
        score = p * worth - (1 - p) * 6
        if score > best_score:
            best, best_score, best_why = opt.key, score, f"{p:.0%} to beat {o.name}"
    return best, best_why


def _anywhere(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    """Healthy: the location with the most victims and no rival inside. Hurt: an empty one to search."""
    crowded = {s.at for s in view.slashers if s.alive and s.seat != me.seat}

    def score(k: str) -> tuple[int, int, str]:
        loc = _arg(k)
        n = view.markers[loc]
        if me.health <= low:
            return (0 if n or loc in crowded else 1, int(me.searched != loc), k)
        return (n if loc not in crowded else -1, 0, k)

    key = max(d.keys(), key=score)
    n = view.markers[_arg(key)]
    return key, f"{n} victim{'s' if n != 1 else ''} waiting there" if n else "a quiet place to search"


def _swap(view: View, me: SlasherView, d: Decision, low: int) -> tuple[str, str]:
    """Trade into a location with victims while healthy, onto a starting point while hurt."""

    def score(k: str) -> tuple[int, str]:
        at = _me(view, _arg(k)).at
        if me.health <= low:
            return (int(B.kind.get(at) == START), k)
        return (view.markers.get(at, 0) if at in B.locations else 0, k)

    key = max(d.keys(), key=score)
    return key, f"take {_me(view, _arg(key)).name}'s place"


def _ability(view: View, me: SlasherView, keys: list[str]) -> tuple[str, str] | None:
    """When the once-per-game Special Ability is worth spending now."""
    if me.used:
        return None
    a = me.ability
    rivals = [s for s in view.slashers if s.alive and s.seat != me.seat]
    why = R.ABILITY_TEXT.get(a, "")
    if "ability" not in keys:
        return None
    if a == "drowned":
        if "scene" not in keys and _targets(view).get(me.at, 99) > 6:
            return "ability", "rise where the victims are"
        return None
        return None
    use = {
        "legend": "scene" in keys,
        "nightmare": any(s.health == 1 for s in rivals) or len(rivals) >= 3,
        "ravenous": any(s.health <= 2 or s.souvenirs >= view.goal - 3 for s in rivals),
        "thorne": sum(1 for s in rivals if s.supply) >= 2,
        "mother": me.health <= 2,
        "jingles": view.meter >= R.METER - 1,
        "prom": me.souvenirs + 1 >= view.goal or view.round >= 8,
        "patches": not me.supply,
    }.get(a, False)
    return ("ability", f"Special Ability: {why}") if use else None


def _move(view: View, me: SlasherView, d: Decision, low: int = LOW) -> tuple[str, str]:
    dist = _targets(view)
    others = [
        s for s in view.slashers if s.alive and s.seat != me.seat and s.at and B.kind.get(s.at) != START
    ]
    risk = max(0, low + 1 - me.health)  # 0 while healthy, more as health runs out
    best_key, best_score, best_node, best_foe = d.options[0].key, -1e9, "", None
    loud = view.meter >= R.METER - 1
    for opt in d.options:
        node = _GO_NODE.get(opt.key) or _arg(opt.key)
        kind = B.kind.get(node)
        if node in B.locations:
            n = view.markers[node]
            if n:
                score: float = 100 + 5 * n - 40 * risk - (20 if loud and me.health <= 3 else 0)
            elif me.searched != node and (not me.supply or not loud):
                score = (45 if not me.supply else 20) + 15 * risk
            else:
                score = 10 - dist.get(node, 30)
        elif node in view.locks:
            loc = B.entrance_of[node]
            amount, _, most = _bonus(me)
            chance = float(odds.unlock_chance(1 if view.locks[node] == "yellow" else 2, amount * most))
            score = (60 if view.markers[loc] else 15) * chance
        else:
            score = 50 - 3 * dist.get(node, 30)
            if kind == BONUS:
                score += 4 - 10 * risk
            elif kind == START:
                score += 35 * risk  # nobody brawls on a starting point
        if view.hero_at and B.touching(node, view.hero_at):
            score -= 60
        foe = None
        if kind != START:
            for o in others:
                if B.touching(node, o.at):
                    p = _brawl_odds(me, o, True)
                    gain = 25 * p - 35 * (1 - p) + (6 * p if o.souvenirs else 0)
                    if me.health <= 2:
                        gain -= 40 * (1 - p)
                    score += gain
                    foe = (o, p)
                    break
        if score > best_score:
            best_key, best_score, best_node, best_foe = opt.key, score, node, foe
    return best_key, _move_reason(view, me, best_node, best_foe, risk)


def _move_reason(
    view: View, me: SlasherView, node: str, foe: tuple[SlasherView, float] | None, risk: int
) -> str:
    """Why the chosen stop, in words (built once, for the stop chosen)."""
    if not node:
        return "the only way"
    if node in B.locations:
        n = view.markers[node]
        if n:
            why = f"{B.locations[node].name} has {n} Scene Marker{'s' if n > 1 else ''}"
        elif me.searched != node:
            why = f"search the empty {B.locations[node].name}"
        else:
            why = "move toward the next victim"
    elif node in view.locks:
        why = f"break into {B.locations[B.entrance_of[node]].name}"
    elif B.kind.get(node) == START and risk:
        why = "lie low on a starting point"
    else:
        why = "close in on the nearest victim"
    if foe:
        why += f"; brawl {foe[0].name} at {foe[1]:.0%}"
    return why


_GAIN = {"kill": 10.0, "defend": 6.0, "survivor": 9.0, "hero": 14.0, "unlock": 4.0, "brawl": 8.0}


def _spend(view: View, me: SlasherView, d: Decision) -> tuple[str, str]:
    amount, noise, _most = _bonus(me)
    chance = _chance_fn(view, me)
    best = ("spend:0", -1e9, 0.0)
    for k in d.keys():  # noqa: SIM118 (Decision.keys is a method)
        n = keys.spent(k)
        p = float(chance(n * amount))
        value = p * _GAIN[view.purpose] - 1.5 * n
        if view.purpose != "hero" and noise:
            loud = n * noise
            value -= 1.0 * loud
            if view.meter + loud >= R.METER:
                value -= 12
        if value > best[1] + 1e-9:
            best = (k, value, p)
    return best[0], f"{best[2]:.0%} to succeed this way"


def _chance_fn(view: View, me: SlasherView) -> Callable[[int], float | Fraction]:
    purpose = view.purpose
    kind = R.supply(me.supply).kind if me.supply else ""
    if purpose == "kill" and view.card:
        need = R.SCENES[view.card].knives
        return lambda b: odds.kill_chance(need, b + me.edge)
    if purpose == "defend" and view.card:
        need = R.SCENES[view.card].fists
        return lambda b: odds.defend_chance(need, b)
    if purpose == "survivor":
        return lambda b: odds.survivor_chance(b)
    if purpose == "unlock":
        need = 1 if view.locks.get(me.at) == "yellow" else 2
        return lambda b: odds.unlock_chance(need, b)
    if purpose == "hero":
        hero = R.hero_now(view.hero, view.wolf)

        def hero_chance(b: int) -> float | Fraction:
            win, fend = odds.hero_chances(
                hero.defeat, hero.defend, b if kind == "knife" else 0, b if kind == "fist" else 0
            )
            return win + fend / 2

        return hero_chance
    if purpose == "brawl" and len(view.brawl) == 2:
        first = view.brawl[0] == me.seat
        other = _me(view, view.brawl[1] if first else view.brawl[0])
        theirs = (
            R.supply(other.supply).amount if other.supply and R.supply(other.supply).kind == "knife" else 0
        )
        if not first and view.brawl_roll:  # the mover has rolled: answer that roll exactly
            return lambda b: odds.brawl_answer(view.brawl_knives, b)
        return lambda b: odds.brawl_chance(b, theirs, first)
    return lambda b: 0.5


POLICIES: dict[str, PolicyOf[View]] = {"random": random_policy, "heuristic": heuristic_policy}


_CHOOSERS: dict[str, Callable[[View, SlasherView, Decision, int], tuple[str, str]]] = {
    "start": _start,
    "lock": _lock,
    "turn": _turn,
    "move": lambda view, me, d, low: _move(view, me, d, low),
    "spend": lambda view, me, d, low: _spend(view, me, d),
    "keep": _keep,
    "run": _run,
    "search": _search,
    "target": lambda view, me, d, low: _target(view, me, d),
    "bonus_move": lambda view, me, d, low: _anywhere(view, me, d, low),
    "bonus_swap": lambda view, me, d, low: _swap(view, me, d, low),
    "at_lock": _at_lock,
    "door": lambda view, me, d, low: _door(view, me, low),
    "redraw": _redraw,
    "aid": _aid,
    "rise": _rise,
}
"""A decision's kind -> how the heuristic chooses in it: (view, me, decision, low health) -> (key, why)."""
