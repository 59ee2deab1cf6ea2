"""Automa policies for the survivors: `random`, and `heuristic`, which races to escape but does the Tasks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from engines.core import memo
from engines.core.contract import Decision, Hint, PolicyOf
from engines.core.rng import Rng
from engines.mixtape.board import BONUS
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import keys
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.odds import fight, outcomes
from engines.mixtape.tall_oaks.state import SurvivorView, View

B = R.BOARD
BONUS_SPACES = [n for n, k in B.kind.items() if k == BONUS]
GOOD = ("ok", "double", "redraw")  # results of a scene roll that count as a success


def random_policy(view: View, decision: Decision, rng: Rng) -> str:
    return rng.choice(decision.options).key


def heuristic_policy(view: View, decision: Decision, rng: Rng) -> str:
    return advise(view, decision).key


_SEAT_INDEX = {f"survivor{i}": i - 1 for i in range(1, 7)}  # seats are dealt in this order, one per survivor


def me(view: View) -> SurvivorView:
    x = view.survivors[_SEAT_INDEX[view.seat]]
    if x.seat != view.seat:  # never, while setup deals seats in order; kept so a reorder cannot mislead
        x = next(x for x in view.survivors if x.seat == view.seat)
    return x


def armed(x: SurvivorView) -> bool:
    return _armed(x.name, x.supplies)


@memo.positions(32768)
def _armed(name: str, supplies: tuple[str, ...]) -> bool:
    return A.fists(name) or any(R.supply(c).kind == R.ACTION for c in supplies)


def room(x: SurvivorView) -> int:
    """Free inventory slots."""
    return A.slots(x.name) - len(x.supplies) - len(x.tasks)


def next_task(view: View) -> int:
    for i, done in enumerate(view.done):
        if not done:
            return i + 1
    return 0


def value(card: str, only_weapon: bool) -> float:
    """How much a supply card is worth holding."""
    kind = R.supply(card)
    uses = kind.uses or 5
    worth = {R.ACTION: 1.5, R.SHIELD: 0.8, R.ESCAPE: 0.7, "health": 0.6}[kind.kind] * kind.amount * uses
    worth -= 0.3 * kind.noise * uses
    return worth + (10 if only_weapon else 0)


def _weakest(x: SurvivorView, cards: list[str]) -> str:
    weapons = [c for c in x.supplies if R.supply(c).kind == R.ACTION]

    def worth(c: str) -> float:
        return value(c, weapons == [c])

    return min(cards, key=worth)


def enough(x: SurvivorView) -> bool:
    """Rescues in hand to spare (one over the five, against losses), so no need to risk more scenes."""
    return x.rescues > R.RESCUES_NEEDED


def chasing(x: SurvivorView) -> bool:
    """After the Final Scene: the Final Rescue can be attempted (five rescues in hand) or is already won."""
    return x.final_token or (bool(x.final) and x.rescues >= R.RESCUES_NEEDED)


def wants_scene(x: SurvivorView) -> bool:
    """Worth drawing a Killer Scene here: armed, more rescues wanted, and no Final Rescue to chase instead."""
    return armed(x) and not chasing(x) and not enough(x)


def searchable(view: View, x: SurvivorView) -> list[str]:
    """Empty locations this survivor may search (no marker, no Final Rescue token, not searched last)."""
    return [
        loc
        for loc in R.MARKER_LOCATIONS
        if not view.markers[loc] and loc not in view.final_tokens and loc != x.searched
    ]


def goals(view: View) -> tuple[list[str], str]:
    """Where this survivor wants to be next, and why."""
    x = me(view)
    if x.final_token and view.helipad:
        return [R.REC], "to the Helipad: escape!"
    if not armed(x):
        empty = searchable(view, x)
        if empty:
            return empty, "search an empty location for a weapon before facing anything"
        return BONUS_SPACES, "nowhere left to search: a Bonus Track might turn up a weapon"
    if x.final and not x.final_token and x.rescues >= R.RESCUES_NEEDED:
        fs = R.FINAL_SCENES[x.final]
        return [fs.location], f"to your Final Scene at {B.locations[fs.location].name}"
    k = next_task(view)
    if k and k in x.tasks:
        loc = R.TASK_LOCATIONS[k - 1]
        return [loc], f"Task #{k} is done at {B.locations[loc].name}"
    if view.center and k and view.center[-1] == k and (x.supplies or len(x.tasks) < A.slots(x.name)):
        return [R.REC], f"Task #{k} is waiting at the Rec Center and nobody holds it"
    if view.center and not x.tasks and k and len(x.supplies) < A.slots(x.name):
        return [R.REC], "pick up a Task at the Rec Center"
    marked = [loc for loc, m in view.markers.items() if m and loc != view.slasher_at] or [
        loc for loc, m in view.markers.items() if m
    ]
    if marked and not enough(x):
        return marked, "a Scene Marker: someone needs rescuing"
    empty = searchable(view, x)
    if empty and room(x) > 0:
        return empty, "search for supplies while the Tasks wait"
    return [R.REC], "head for the middle of town"


SHORTCUTS = tuple(sorted(R.MULTI_ENTRANCE))


def _through(view: View) -> tuple[str, ...]:
    """Empty multi-entrance locations in sorted order (the engine's rule, from what the view shows)."""
    markers, tokens, at = view.markers, view.final_tokens, view.slasher_at
    return tuple([lid for lid in SHORTCUTS if not markers.get(lid) and lid not in tokens and at != lid])


FAR = 99  # steps to a space no target reaches (the callers' default for a missing one)
_NODES = tuple(B.adjacent)


@memo.positions(512)
def _from(target: str, through: tuple[str, ...]) -> tuple[int, ...]:
    """Steps from one target to every node, in board order (FAR where it cannot reach)."""
    dist = B.distances(target, through=through)
    return tuple([dist.get(n, FAR) for n in _NODES])


@memo.positions(8192)
def _distances(targets: tuple[str, ...], through: tuple[str, ...]) -> dict[str, int]:
    """Steps from the nearest target to every node (the board is the same all game, so cache it). The
    nearest of several targets is the least of each target's own distances (a breadth-first search from all
    at once gives the same), built from cached single-target rows."""
    if not targets:
        return {}
    rows = [_from(t, through) for t in targets]
    return dict(zip(_NODES, rows[0] if len(rows) == 1 else map(min, *rows), strict=True))


_GO = tuple([keys.go(n) for n in _NODES])
"""The move key to each node, in board order (the move decision's keys are these)."""
_NODE_OF = dict(zip(_GO, _NODES, strict=True))


@memo.positions(8192)
def _go_distances(targets: tuple[str, ...], through: tuple[str, ...]) -> dict[str, int]:
    """`_distances` by the move key to each node, so a move's options are read without parsing their keys
    (cached on the same two things)."""
    if not targets:
        return {}
    rows = [_from(t, through) for t in targets]
    return dict(zip(_GO, rows[0] if len(rows) == 1 else map(min, *rows), strict=True))


def _move(view: View, decision: Decision) -> Hint:
    targets, why = goals(view)
    dist = _go_distances(tuple(sorted(targets)), _through(view))  # every target is at distance 0
    sl = view.slasher_at
    outside = bool(sl) and sl not in B.locations  # a Slasher on the road attacks whoever lands by it
    best, score = decision.options[0].key, 1e9
    get = dist.get
    if not outside:
        for o in decision.options:
            k = o.key
            d = get(k, FAR)
            if d < score:
                best, score = k, d
        return Hint(best, why)
    for o in decision.options:
        k = o.key
        d = get(k, 99)
        node = _NODE_OF.get(k) or keys.Key.parse(k).arg
        if node not in B.locations and B.touching(node, sl):
            d += 20
        if d < score:
            best, score = k, d
    return Hint(best, why)


def _spend_parts(key: str) -> dict[str, int]:
    return keys.spent(keys.Key.parse(key).arg)


@memo.positions(1024)
def _fight_worth(
    defeat: int, escape: int, armed: bool, actions: int, escapes: int, shields: int, kind: str
) -> float:
    """How good a fight roll looks: a win, a Slasher driven off, or (less) a getaway."""
    win, repel, run, _ = fight(defeat, escape, armed, actions, escapes, shields)
    return float(
        win + Fraction(7, 10) * repel + (Fraction(1, 2) if kind == "normal" else Fraction(1, 5)) * run
    )


@memo.positions(1024)
def _success(purpose: str, need: int, bonus: tuple[int, int, int]) -> float:
    odds = outcomes(purpose, need, 0, True, bonus)
    return float(sum(odds.get(r, 0) for r in GOOD))


def _spend(view: View, decision: Decision) -> Hint:
    x = me(view)
    keys = tuple(o.key for o in decision.options)
    if view.purpose == "fight":
        if view.fight == "final":
            fs = R.FINAL_SCENES[x.final]
            defeat, escape = fs.actions, 0
        else:
            sl = R.SLASHERS[view.slasher]
            defeat, escape = sl.defeat, sl.escape
        best, _ = _fight_spend(keys, x.name, defeat, escape, armed(x), view.fight)
        bonus, _, _ = _spend_sum(x.name, _spend_parts(best))
        odds = (defeat, escape, armed(x), bonus[R.ACTION], bonus[R.ESCAPE], bonus[R.SHIELD])
        return Hint(best, _fight_reason(*odds, R.SLASHERS[view.slasher].name))
    sc = R.SCENES[view.card]
    need = sc.shields if view.purpose == "defend" else sc.actions
    risky = view.slasher == R.LEGEND or bool(view.slasher_at)
    weapons = tuple((c, x.trackers.get(c, 1)) for c in x.supplies if R.supply(c).kind == R.ACTION)
    best, chance = _scene_spend(keys, x.name, view.purpose, need, risky, view.meter, armed(x), weapons)
    return Hint(best, f"about {round(chance * 100)}% {SCENE_GOAL[view.purpose]} for the tokens it costs")


SCENE_GOAL = {
    "rescue": "to rescue them (the double-rescue combo included)",
    "defend": "to fend it off",
    "invaders": "to drive off The Invaders",
}


@memo.positions(1024)
def _fight_reason(
    defeat: int, escape: int, is_armed: bool, actions: int, escapes: int, shields: int, slasher: str
) -> str:
    """The real chances of the chosen spend, by outcome: the weighing that chose it stays internal."""
    win, repel, run, _ = fight(defeat, escape, is_armed, actions, escapes, shields)
    parts = [f"{round(win * 100)}% to defeat {slasher}"]
    if repel:
        parts.append(f"{round(repel * 100)}% to drive {slasher} off")
    if run:
        parts.append(f"{round(run * 100)}% to get away")
    return f"with this spend: about {', '.join(parts)}"


def _spend_sum(name: str, parts: dict[str, int]) -> tuple[dict[str, int], int, int]:
    """The bonus icons (the ability's and the spent supplies'), the noise and the tokens a spend makes."""
    bonus = {R.ACTION: 0, R.SHIELD: 0, R.ESCAPE: 0}
    icon, gift = A.roll_bonus(name)
    if icon:
        bonus[icon] += gift
    noise = tokens = 0
    for c, n in parts.items():
        kind = R.supply(c)
        bonus[kind.kind] += kind.amount * n
        noise += kind.noise * n
        tokens += 0 if kind.infinite else n
    return bonus, noise, tokens


@memo.positions(4096)
def _fight_spend(
    keys: tuple[str, ...], name: str, defeat: int, escape: int, is_armed: bool, fight_kind: str
) -> tuple[str, float]:
    """The best spend in a Slasher fight and its chance (cached: it depends only on these)."""
    best, score, chance = keys[0], -1e9, 0.0
    for key in keys:
        bonus, _, tokens = _spend_sum(name, _spend_parts(key))
        p = _fight_worth(
            defeat, escape, is_armed, bonus[R.ACTION], bonus[R.ESCAPE], bonus[R.SHIELD], fight_kind
        )
        s = p - 0.03 * tokens
        if s > score:
            best, score, chance = key, s, p
    return best, chance


@memo.positions(16384)
def _scene_spend(
    keys: tuple[str, ...],
    name: str,
    purpose: str,
    need: int,
    risky: bool,
    meter: int,
    is_armed: bool,
    weapons: tuple[tuple[str, int], ...],
) -> tuple[str, float]:
    """The best spend for a rescue, a defence or The Invaders and its chance (cached: it depends only on
    these; `weapons` is each held weapon with its tokens left)."""
    best, score, chance = keys[0], -1e9, 0.0
    for key in keys:
        parts = _spend_parts(key)
        bonus, noise, tokens = _spend_sum(name, parts)
        p = _success(purpose, need, (bonus[R.ACTION], bonus[R.SHIELD], bonus[R.ESCAPE]))
        meter_risk = 0.15 if risky or meter + noise >= R.METER else 0.0
        left = [c for c, most in weapons if most > parts.get(c, 0)]
        disarmed = 0.25 if is_armed and not left and not A.fists(name) else 0.0
        s = p - 0.06 * tokens - (meter_risk if noise else 0.0) - disarmed
        if s > score:
            best, score, chance = key, s, p
    return best, chance


def _traitor(view: View, decision: Decision) -> Hint:
    """Betray whoever is closest to escaping: the Final Rescue token first, then the most rescues."""
    by_seat = {o.seat: o for o in view.survivors}

    def threat(o: SurvivorView) -> tuple:
        return (o.final_token, bool(o.final), o.rescues)

    choices = decision.keys()
    leader = max((by_seat[keys.Traitor.parse(keys.Key.parse(k).arg).seat] for k in choices), key=threat)
    mine = next_task(view)
    steal = keys.Traitor(leader.seat, keys.TASK, str(mine)).key()
    if steal in choices:
        return Hint(steal, f"take Task #{mine} from {leader.name} and do it yourself")
    start = keys.Traitor(leader.seat, "start").key()
    if leader.final_token or leader.final:
        return Hint(start, f"{leader.name} is closest to escaping: send them back")
    rescue = keys.Traitor(leader.seat, "rescue").key()
    if rescue in choices:
        return Hint(rescue, f"{leader.name} has the most rescues: take one")
    return Hint(start, f"slow {leader.name} down")


def _keep(view: View, choices: Sequence[str]) -> Hint:
    """Let go of the least useful supply; a Task card that is not next goes first when it blocks a weapon."""
    x = me(view)
    k = next_task(view)
    drops = [keys.Key.parse(key).arg for key in choices]
    tasks = [key for key, drop in zip(choices, drops, strict=True) if keys.dropped_task(drop)]
    later = [t for t in tasks if keys.dropped_task(keys.Key.parse(t).arg) != k]
    new = drops[-1]
    if later and (not armed(x) or not x.supplies):
        return Hint(later[-1], "that Task cannot be done yet; your hands are better used for this")
    if tasks and not armed(x) and R.supply(new).kind == R.ACTION and not x.supplies:
        return Hint(tasks[-1], "no weapon, no Task: take the weapon and come back for it")
    cards = [drop for drop in drops if not keys.dropped_task(drop)]
    drop = _weakest(x, cards)
    return Hint(keys.drop(drop), f"the {R.supply(drop).name} is the least useful")


def advise(view: View, decision: Decision) -> Hint:
    if decision.kind == "move":  # the most common decision first
        return _move(view, decision)
    adviser = _ADVISERS.get(decision.kind)
    if adviser is None:
        return Hint(decision.keys()[0], "the first choice")
    return adviser(view, decision)


def _start(view: View, decision: Decision) -> Hint:
    marked = [loc for loc, m in view.markers.items() if m]
    dist = _distances(tuple(sorted(marked)), ())
    best = min(decision.keys(), key=lambda k: dist.get(keys.Key.parse(k).arg, 99))
    return Hint(best, "the starting point closest to a Scene Marker")


def _turn(view: View, decision: Decision) -> Hint:
    choices = decision.keys()
    x = me(view)
    if "task" in choices and (armed(x) or next_task(view) not in R.TASK_BATTLES):
        return Hint("task", "finish the Task while you stand here")
    if "final" in choices and armed(x):
        return Hint("final", "your Final Scene is right here")
    heal = [k for k in choices if keys.Key.parse(k).verb == "heal"]
    if heal and x.health <= 4:
        return Hint(heal[0], "patch yourself up before it gets worse")
    if "draw" in choices and wants_scene(x):
        return Hint("draw", "you are armed and someone here still needs rescuing")
    if "search" in choices and (not armed(x) or room(x) > 0):
        return Hint("search", "search here for supplies")
    return Hint("roll", "roll and move on")


def _redraw(view: View, decision: Decision) -> Hint:
    x = me(view)
    if wants_scene(x) and x.health > R.INJURED:
        return Hint("redraw", "the card is beaten and someone here still needs rescuing: draw again now")
    return Hint(keys.join("redraw", keys.NO), "stay put: the next card can wait for your next turn")


def _scuffle(view: View, decision: Decision) -> Hint:
    x = me(view)
    by_seat = {o.seat: o for o in view.survivors}
    for k in decision.keys():  # noqa: SIM118 (Decision.keys is a method)
        o = by_seat.get(keys.Key.parse(k).arg)
        if o and (o.final_token or o.final) and x.health >= 3:
            return Hint(k, f"{o.name} is close to escaping: knock them back to a starting point")
    return Hint(keys.scuffle(keys.NO), "a scuffle costs health and gains little")


def _task(view: View, decision: Decision) -> Hint:
    choices = decision.keys()
    x = me(view)
    if "task:take" in choices:
        return Hint("task:take", "the town needs the Tasks done before anyone escapes")
    swaps = [k for k in choices if keys.Key.parse(keys.Key.parse(k).arg).verb == "swap"]
    if swaps and next_task(view) == view.center[-1]:
        drop = _weakest(x, [keys.Key.parse(keys.Key.parse(k).arg).arg for k in swaps])
        return Hint(keys.task_swap(drop), "nobody escapes until the next Task is done")
    return Hint("task:leave", "keep your supplies")


_ADVISERS: dict[str, Callable[[View, Decision], Hint]] = {
    "start": _start,
    "turn": _turn,
    "spend": lambda view, decision: _spend(view, decision),
    "keep": lambda view, decision: _keep(view, decision.keys()),
    "traitor": lambda view, decision: _traitor(view, decision),
    "redraw": _redraw,
    "scuffle": _scuffle,
    "task": _task,
}
"""A decision's kind -> the heuristic's advice in it (the move decision is asked first, before this table)."""


POLICIES: dict[str, PolicyOf[View]] = {"random": random_policy, "heuristic": heuristic_policy}
