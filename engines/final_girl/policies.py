"""Policies for the Final Girl's seat: `random`, and `heuristic`, which plays the way a careful player does.

The heuristic keeps Horror down, frees trapped Victims while their traps are young, walks Victims to unlocked
Exits, searches for a weapon before the Finale, and fights when the Tormentor is in reach. It reads only the
View (never a deck's order nor a Final Health token).
"""

from __future__ import annotations

from engines.core.contract import Decision, Hint
from engines.core.rng import Rng
from engines.final_girl import ambiguity as amb
from engines.final_girl import data as D
from engines.final_girl.state import View

# Planning: what to buy first, while Time lasts (designed from the research's strategy notes).
BUY_EARLY = ["sprint", "search", "distraction", "guard", "close_call", "furious_strike", "improvise"]
BUY_LATE = ["guard", "retaliate", "furious_strike", "critical_strike", "distraction", "close_call", "sprint"]
KEEP_HAND = 8
STALEMATE_TURN = 25  # a long Finale spent blocking: start buying blows instead of Guards


def random_policy(view: View, decision: Decision, rng: Rng) -> str:
    """Any legal option, uniformly."""
    return decision.options[rng.below(len(decision.options))].key


def heuristic_policy(view: View, decision: Decision, rng: Rng) -> str:
    return _advise(view, decision)[0]


def advise(view: View, decision: Decision) -> Hint:
    key, reason = _advise(view, decision)
    return Hint(key, reason)


def _advise(view: View, decision: Decision) -> tuple[str, str]:
    keys = [o.key for o in decision.options]
    chooser = _CHOOSERS.get(decision.kind)
    if chooser is not None:
        found = chooser(view, keys)
        if found is not None and found[0] in keys:
            return found
    return keys[-1] if decision.kind == "action" else keys[0], "nothing better to do"


def _goal(view: View) -> str | None:
    """Where she should head: a young trap to work, Victims to gather, or the nearest open Exit with company."""
    here = view.fg_space
    dist = D.DIST[here]
    best: tuple[int, int, str] | None = None
    for t in view.traps:
        if not t.done and t.subject != "fg":
            score = (dist[t.space] - t.step, t.id, t.space)
            if best is None or score < best:
                best = score
    if best is not None:
        return best[2]
    escorting = False
    free: list[str] = []  # the spaces of free Victims away from the Tormentor, in the Victims' order
    killer = view.killer_space
    for v in view.victims:
        if not v.trapped:
            if v.space == here:
                escorting = True
            if v.space != killer:
                free.append(v.space)
    open_exits = [e for e in D.EXITS if e not in view.locked]
    if escorting and open_exits:
        return _nearest(open_exits, dist)
    if free and open_exits:
        return _nearest(free, dist)
    if killer:
        return killer
    searchable = [s for s, n in view.item_counts.items() if n]
    if searchable and not any(D.ITEMS[i]["kind"] == "weapon" for i in view.hands):
        return _nearest(searchable, dist)
    if free:
        return _nearest(free, dist)
    return None


def _nearest(spaces: list[str], dist: dict[str, int]) -> str:
    """The first of the nearest spaces (as `min` by distance)."""
    best, far = spaces[0], dist[spaces[0]]
    for space in spaces:
        d = dist[space]
        if d < far:
            best, far = space, d
    return best


def _action_sort(key: str) -> str:
    """What an Action-phase key is to the heuristic (a pure function of the key, kept in `_ACTION_SORT`)."""
    if key == "save":
        return "save"
    if key.startswith("task:"):
        return "task"
    if ":trap:" in key:
        return "trap"
    if key.startswith("item:"):
        spec = D.ITEMS[key[5:]]
        if spec["kind"] == "unlock" or key == "item:crowbar":
            return "unlock"
        if spec["kind"] == "use" and "time" in spec.get("effect", {}):
            return "time"
    return ""


_ACTION_SORT: dict[str, str] = {}
"""key -> `_action_sort(key)`, filled as keys are met: the sort depends on the key alone, so it never goes stale."""


def _action(view: View, keys: list[str]) -> tuple[str, str] | None:
    sorts = _ACTION_SORT
    found: dict[str, str] = {}  # the first key of each sort, in the options' order
    for key in keys:
        sort = sorts.get(key)
        if sort is None:
            sort = sorts[key] = _action_sort(key)
        if sort and sort not in found:
            found[sort] = key
    if "save" in found:
        return "save", "a Victim stands with you at an open Exit"
    if "task" in found:
        return found["task"], "work the Escape Task while you can"
    if "trap" in found:
        return found["trap"], "put the card toward the Escape Task"
    if "unlock" in found:
        return found["unlock"], "unlock this Exit"
    has = set(keys)  # membership from here on
    if view.horror >= 5:
        for key in ("play:distraction", "play:focus", "item:pain_pills"):
            if key in has:
                return key, _WHY_CALM[key]
    if view.fg_health <= 2:
        for key in ("item:first_aid", "play:long_rest", "play:short_rest"):
            if key in has:
                return key, "patch yourself up"
    if view.killer_space:
        for key in ("play:critical_strike", "play:furious_strike"):
            if key in has:
                return key, "the Tormentor is in reach: hurt her"
        if "play:weak_attack" in has and (view.killer_health <= 1 or view.fg_health >= 4):
            return "play:weak_attack", "a jab while you can take the pain"
    if view.time >= 1 and ("play:sprint" in has or "play:walk" in has):
        goal = _goal(view)
        if goal and goal != view.fg_space:
            key = "play:sprint" if "play:sprint" in has else "play:walk"
            return key, f"head for {D.SPACES[goal]['name']}"
    if "play:search" in has and not view.killer_space and view.time >= 1:
        return "play:search", "look for something to fight with"
    if view.time <= 1 and "time" in found:
        return found["time"], "more Time"
    if len(view.hand) > KEEP_HAND:
        for key in ("discard:walk", "discard:focus", "discard:close_call", "discard:short_rest"):
            if key in has:
                return key, "turn a spare card into Time"
    return "end", "keep what you hold for the Planning phase"


_WHY_CALM = {
    "play:distraction": "bring your Horror down to roll more dice",
    "play:focus": "bring your Horror down to roll more dice",
    "item:pain_pills": "bring your Horror down",
}


def _planning(view: View, keys: list[str]) -> tuple[str, str] | None:
    has = set(keys)
    kinds = D.KIND
    hand = [kinds[c] for c in view.hand]
    late = bool(view.finale) or view.terror_left <= 3
    if (
        view.turn >= STALEMATE_TURN
        and view.killer_space
        and "weak_attack" not in hand
        and "furious_strike" not in hand
    ):
        for kind in ("furious_strike", "weak_attack"):
            if _BUY_KEY[kind] in has:
                return _BUY_KEY[kind], "only hurting her will end this"
    for key, kind, why in _BUY_ORDER[late]:
        if key in has and hand.count(kind) < 2:
            return key, why
    if "buy:free" in has:
        return "buy:free", "free cards are free: take them all back"
    for kind in ("walk", "focus", "weak_attack", "short_rest"):
        if _BUY_KEY[kind] in has and hand.count(kind) < D.ACTIONS[kind]["copies"]:
            return _BUY_KEY[kind], "a free card is a free card"
    return "done", "nothing more worth buying"


_BUY_KEY = {k: f"buy:{k}" for k in D.ACTIONS}
_WORTH = {k: f"{spec['name']} is worth its Time" for k, spec in D.ACTIONS.items()}
_BUY_ORDER = {
    late: tuple((_BUY_KEY[k], k, _WORTH[k]) for k in (BUY_LATE if late else BUY_EARLY))
    for late in (False, True)
}
"""Late in the game or not -> (key, kind, reason) of the cards worth buying, in the order to buy them."""


_SPARE = ("walk", "focus", "short_rest", "close_call")
_SPARE_EARLY = (*_SPARE, "weak_attack")


def _roll(view: View, keys: list[str]) -> tuple[str, str] | None:
    roll = view.roll
    threshold = 3 if roll.get("improvised") else 5
    dice = roll["dice"]
    hits = len(roll["converted"])
    for d in dice:
        if d >= threshold:
            hits += 1
    if hits >= 2:
        return "accept", "good enough"
    found = _spare_pair(view, keys)
    if found is not None:
        return found
    if "convert" in keys and _holds_spare_pair(view):  # the pairs are one choice away
        return "convert", "turn a 3-4 into a success with two spare cards"
    if hits == 0:
        low = [k for k in keys if k.startswith("closecall:") and k != "closecall:all"]
        if low:
            worst = min(low, key=lambda k: dice[int(k.split(":")[1])])
            return worst, "Close Call: re-roll the worst die"
    return "accept", "good enough"


def _spare_pair(view: View, keys: list[str]) -> tuple[str, str] | None:
    """The first pair of spare cards to discard toward a 3-4, in the options' order."""
    spare = _SPARE_EARLY if view.turn < STALEMATE_TURN else _SPARE
    for key in keys:
        if key.startswith("convert:"):
            _, a, b = key.split(":")
            if a in spare and b in spare:
                return key, "turn a 3-4 into a success with two spare cards"
    return None


def _holds_spare_pair(view: View) -> bool:
    spare = _SPARE_EARLY if view.turn < STALEMATE_TURN else _SPARE
    held = [D.KIND[c] for c in view.hand if D.KIND[c] in spare]
    return len(held) >= 2


def _convert(view: View, keys: list[str]) -> tuple[str, str]:
    return _spare_pair(view, keys) or ("back", "no two spare cards to give up")


def _move_key(key: str) -> tuple[str, int, frozenset[int]] | None:
    """'to:space:k[:ids]' -> (space, k, the chosen group's ids); None for any other key."""
    if not key.startswith("to:"):
        return None
    parts = key.split(":")
    ids = frozenset(int(i) for i in parts[3].split(".")) if len(parts) == 4 else frozenset()
    return parts[1], int(parts[2]), ids


_MOVE_KEYS: dict[str, tuple[str, int, frozenset[int]] | None] = {}
"""key -> `_move_key(key)`, filled as keys are met: a pure function of the key, so it never goes stale."""


def _move(view: View, keys: list[str]) -> tuple[str, str] | None:
    if "save" in keys:
        return "save", "save the Victim on this Exit"
    for key in keys:
        if key.startswith("trap:"):
            return key, "the step goes toward the Escape Task"
    goal = _goal(view)
    if goal is None or goal == view.fg_space:
        return "stop", "you are where you need to be"
    best = None
    parsed = _MOVE_KEYS
    for key in keys:
        move = parsed.get(key, False)
        if move is False:
            move = parsed[key] = _move_key(key)
        if move is not None:
            there, k, ids = move
            specials = 0
            if ids:  # a chosen group: count its special Victims, worth bringing along
                specials = sum(1 for v in view.victims if v.id in ids and v.special)
            score = (D.DIST[there][goal], -k, -specials)
            if best is None or score < best[0]:
                best = (score, key)
    if best and best[0][0] < D.DIST[view.fg_space][goal]:
        return best[1], f"toward {D.SPACES[goal]['name']}"
    return "stop", "no closer from here"


def _react(view: View, keys: list[str]) -> tuple[str, str] | None:
    for kind in ("retaliate", "guard"):
        if f"react:{kind}" in keys:
            return f"react:{kind}", "blunt the blow"
    if "item:hard_hat" in keys:
        return "item:hard_hat", "let the Hard Hat take some of it"
    return "take", "nothing to block with"


def _item_worth(item: str) -> int:
    spec = D.ITEMS[item]
    return spec.get("mod", 0) * 3 + (2 if spec["kind"] == "unlock" else 1)


def _keep(view: View, keys: list[str]) -> tuple[str, str] | None:
    """Keep the more useful find; leave the other on top if it is worth a later Search, else bury it."""
    items = sorted({k.split(":")[1] for k in keys}, key=lambda i: (-_item_worth(i), i))
    best, other = items[0], items[-1]
    if _item_worth(other) >= 2:
        return f"keep:{best}", "the more useful find; the other waits on top for a second look"
    return f"keep:{best}:bottom", "the more useful find; bury the other out of the way"


def _take_card(view: View, keys: list[str]) -> tuple[str, str] | None:
    for kind in ("sprint", "guard", "search", "close_call"):
        if f"take:{kind}" in keys:
            return f"take:{kind}", "a useful card"
    return None


def _tie(view: View, keys: list[str]) -> tuple[str, str] | None:
    others = [k for k in keys if not k.endswith(":fg")]
    return (others[0], "keep her away from you") if others else None


def _shield(view: View, keys: list[str]) -> tuple[str, str] | None:
    """Break the power that hurts most first: her extra damage before her extra speed."""
    key = max(keys, key=lambda k: (amb.danger(k.split(":", 1)[1]), k))
    return key, "break the power that hurts you most first"


def _victim_tie(view: View, keys: list[str]) -> tuple[str, str] | None:
    """A tie among Victims: spare the special ones, then give up the one with the least company."""
    victims = {v.id: v for v in view.victims}

    def score(key: str) -> tuple[bool, int, str]:
        v = victims[int(key.split(":")[1])]
        company = sum(1 for o in view.victims if o.space == v.space and not o.trapped)
        return v.special != "", company, key

    return min(keys, key=score), "spare the ones you need most"


def _arrange(view: View, keys: list[str]) -> tuple[str, str] | None:
    """Hold the hardest-hitting weapon, then as many as fit, a ranged one if it can."""

    def score(key: str) -> tuple[int, int, int]:
        way = [] if key == "hands:-" else key.split(":")[1].split("+")
        mods = [D.ITEMS[i].get("mod", 0) for i in way]
        ranged = any(D.ITEMS[i].get("range", [0, 0])[1] > 0 for i in way)
        return max(mods, default=0), len(way), int(ranged)

    return max(keys, key=score), "your best weapons ready in hand"


def _choose(view: View, keys: list[str]) -> tuple[str, str] | None:
    return keys[-1], "the milder failure"


_CHOOSERS = {
    "action": _action,
    "planning": _planning,
    "roll": _roll,
    "convert": _convert,
    "move": _move,
    "react": _react,
    "keep": _keep,
    "take_card": _take_card,
    "choose": _choose,
    "tie": _tie,
    "trap_tie": _victim_tie,
    "attack_tie": _victim_tie,
    "shield": _shield,
    "arrange": _arrange,
    "panic_order": lambda view, keys: ("panic:group", "let the Supervisor lead his people out first"),
    "pit_dice": lambda view, keys: ("pit:1", "one die always takes them out of The Pit onto open ground"),
}

POLICIES = {"random": random_policy, "heuristic": heuristic_policy}
