"""Policies for the Final Girl's seat: `random`, and `heuristic`, which plays the way a careful player does.

The heuristic keeps Horror down, frees trapped Victims while their traps are young, walks Victims to unlocked
Exits, searches for a weapon before the Finale, and fights when the Tormentor is in reach. It reads only the
View (never a deck's order nor a Final Health token).
"""

from __future__ import annotations

from engines.core import memo
from engines.core.contract import Decision, Hint, PolicyOf
from engines.core.rng import Rng
from engines.final_girl import ambiguity as amb
from engines.final_girl import data as D
from engines.final_girl.keys import Key
from engines.final_girl.rolling import successes
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


@memo.positions(4096)
def _action_sort(text: str) -> str:
    """What an Action-phase key is to the heuristic: a pure function of the key, so its cache never goes stale."""
    key = Key.parse(text)
    if key.verb in ("save", "task"):
        return key.verb
    if key.verb == "play" and key.trap:
        return "trap"
    if key.verb == "item":
        spec = D.ITEMS[key.item]
        if spec["kind"] == "unlock" or key.item == "crowbar":
            return "unlock"
        if spec["kind"] == "use" and "time" in spec.get("effect", {}):
            return "time"
    return ""


_FIRST_WHY = {
    "save": "a Victim stands with you at an open Exit",
    "task": "work the Escape Task while you can",
    "trap": "put the card toward the Escape Task",
    "unlock": "unlock this Exit",
}
"""The sorts of key taken first, in order, whenever one is offered, and why."""


def _action(view: View, keys: list[str]) -> tuple[str, str] | None:
    found: dict[str, str] = {}  # the first key of each sort, in the options' order
    for key in keys:
        sort = _action_sort(key)
        if sort and sort not in found:
            found[sort] = key
    for sort, why in _FIRST_WHY.items():
        if sort in found:
            return found[sort], why
    has = set(keys)  # membership from here on
    return _care(view, has) or _fight_or_move(view, has) or _spare(view, has, found)


def _care(view: View, has: set[str]) -> tuple[str, str] | None:
    """High Horror or low health first: calm down, or patch yourself up."""
    if view.horror >= 5:
        for key in (_PLAY["distraction"], _PLAY["focus"], _USE["pain_pills"]):
            if key in has:
                return key, _WHY_CALM[key]
    if view.fg_health <= 2:
        for key in (_USE["first_aid"], _PLAY["long_rest"], _PLAY["short_rest"]):
            if key in has:
                return key, "patch yourself up"
    return None


def _fight_or_move(view: View, has: set[str]) -> tuple[str, str] | None:
    """Hurt her while she is in reach; else head for where you are needed, or search for a weapon."""
    if view.killer_space:
        for key in (_PLAY["critical_strike"], _PLAY["furious_strike"]):
            if key in has:
                return key, "the Tormentor is in reach: hurt her"
        if _PLAY["weak_attack"] in has and (view.killer_health <= 1 or view.fg_health >= 4):
            return _PLAY["weak_attack"], "a jab while you can take the pain"
    if view.time >= 1 and (_PLAY["sprint"] in has or _PLAY["walk"] in has):
        goal = _goal(view)
        if goal and goal != view.fg_space:
            key = _PLAY["sprint"] if _PLAY["sprint"] in has else _PLAY["walk"]
            return key, f"head for {D.SPACES[goal]['name']}"
    if _PLAY["search"] in has and not view.killer_space and view.time >= 1:
        return _PLAY["search"], "look for something to fight with"
    return None


def _spare(view: View, has: set[str], found: dict[str, str]) -> tuple[str, str]:
    """Short of Time, an item that gives some; a full hand, a spare card for Time; else end the phase."""
    if view.time <= 1 and "time" in found:
        return found["time"], "more Time"
    if len(view.hand) > KEEP_HAND:
        for kind in ("walk", "focus", "close_call", "short_rest"):
            if _DISCARD[kind] in has:
                return _DISCARD[kind], "turn a spare card into Time"
    return "end", "keep what you hold for the Planning phase"


_PLAY = {k: str(Key("play", card=k)) for k in D.ACTIONS}
_DISCARD = {k: str(Key("discard", card=k)) for k in D.ACTIONS}
_USE = {i: str(Key("item", item=i)) for i in D.ITEMS}
_WHY_CALM = {
    _PLAY["distraction"]: "bring your Horror down to roll more dice",
    _PLAY["focus"]: "bring your Horror down to roll more dice",
    _USE["pain_pills"]: "bring your Horror down",
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
    if _BUY_FREE in has:
        return _BUY_FREE, "free cards are free: take them all back"
    for kind in ("walk", "focus", "weak_attack", "short_rest"):
        if _BUY_KEY[kind] in has and hand.count(kind) < D.ACTIONS[kind]["copies"]:
            return _BUY_KEY[kind], "a free card is a free card"
    return "done", "nothing more worth buying"


_BUY_KEY = {k: str(Key("buy", card=k)) for k in D.ACTIONS}
_BUY_FREE = str(Key("buy", every=True))
_WORTH = {k: f"{spec['name']} is worth its Time" for k, spec in D.ACTIONS.items()}
_BUY_ORDER = {
    late: tuple((_BUY_KEY[k], k, _WORTH[k]) for k in (BUY_LATE if late else BUY_EARLY))
    for late in (False, True)
}
"""Late in the game or not -> (key, kind, reason) of the cards worth buying, in the order to buy them."""


_SPARE = ("walk", "focus", "short_rest", "close_call")
_SPARE_EARLY = (*_SPARE, "weak_attack")


def _roll(view: View, keys: list[str]) -> tuple[str, str] | None:
    dice = view.roll["dice"]
    hits = successes(view.roll)
    if hits >= 2:
        return "accept", "good enough"
    found = _spare_pair(view, keys)
    if found is not None:
        return found
    if "convert" in keys and _holds_spare_pair(view):  # the pairs are one choice away
        return "convert", "turn a 3-4 into a success with two spare cards"
    if hits == 0:
        low = [k for k in keys if _is_one_die(k)]
        if low:
            worst = min(low, key=lambda k: dice[Key.parse(k).number])
            return worst, "Close Call: re-roll the worst die"
    return "accept", "good enough"


def _is_one_die(text: str) -> bool:
    """Whether a key is a Close Call on one die."""
    key = Key.parse(text)
    return key.verb == "closecall" and not key.every


def _spare_pair(view: View, keys: list[str]) -> tuple[str, str] | None:
    """The first pair of spare cards to discard toward a 3-4, in the options' order."""
    spare = _SPARE_EARLY if view.turn < STALEMATE_TURN else _SPARE
    for text in keys:
        key = Key.parse(text)
        if key.verb == "convert" and key.card in spare and key.other in spare:
            return text, "turn a 3-4 into a success with two spare cards"
    return None


def _holds_spare_pair(view: View) -> bool:
    spare = _SPARE_EARLY if view.turn < STALEMATE_TURN else _SPARE
    held = [D.KIND[c] for c in view.hand if D.KIND[c] in spare]
    return len(held) >= 2


def _convert(view: View, keys: list[str]) -> tuple[str, str]:
    return _spare_pair(view, keys) or ("back", "no two spare cards to give up")


@memo.positions(4096)
def _move_key(text: str) -> tuple[str, int, frozenset[int]] | None:
    """A step's key -> (space, how many follow, the chosen group's ids); None for any other key. A pure
    function of the key, so its cache never goes stale."""
    key = Key.parse(text)
    if key.verb != "to":
        return None
    return key.space, key.number, frozenset(key.ids)


def _move(view: View, keys: list[str]) -> tuple[str, str] | None:
    if "save" in keys:
        return "save", "save the Victim on this Exit"
    for key in keys:
        if Key.parse(key).verb == "trap":
            return key, "the step goes toward the Escape Task"
    goal = _goal(view)
    if goal is None or goal == view.fg_space:
        return "stop", "you are where you need to be"
    best = None
    for key in keys:
        move = _move_key(key)
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
        key = str(Key("react", card=kind))
        if key in keys:
            return key, "blunt the blow"
    if _USE["hard_hat"] in keys:
        return _USE["hard_hat"], "let the Hard Hat take some of it"
    return "take", "nothing to block with"


def _item_worth(item: str) -> int:
    spec = D.ITEMS[item]
    return spec.get("mod", 0) * 3 + (2 if spec["kind"] == "unlock" else 1)


def _keep(view: View, keys: list[str]) -> tuple[str, str] | None:
    """Keep the more useful find; leave the other on top if it is worth a later Search, else bury it."""
    items = sorted({Key.parse(k).item for k in keys}, key=lambda i: (-_item_worth(i), i))
    best, other = items[0], items[-1]
    if _item_worth(other) >= 2:
        return str(Key("keep", item=best)), "the more useful find; the other waits on top for a second look"
    return str(Key("keep", item=best, every=True)), "the more useful find; bury the other out of the way"


def _take_card(view: View, keys: list[str]) -> tuple[str, str] | None:
    for kind in ("sprint", "guard", "search", "close_call"):
        key = str(Key("take", card=kind))
        if key in keys:
            return key, "a useful card"
    return None


def _tie(view: View, keys: list[str]) -> tuple[str, str] | None:
    others = [k for k in keys if not Key.parse(k).every]  # not you
    return (others[0], "keep her away from you") if others else None


def _shield(view: View, keys: list[str]) -> tuple[str, str] | None:
    """Break the power that hurts most first: her extra damage before her extra speed."""
    key = max(keys, key=lambda k: (amb.danger(Key.parse(k).card), k))
    return key, "break the power that hurts you most first"


def _victim_tie(view: View, keys: list[str]) -> tuple[str, str] | None:
    """A tie among Victims: spare the special ones, then give up the one with the least company."""
    victims = {v.id: v for v in view.victims}

    def score(key: str) -> tuple[bool, int, str]:
        v = victims[Key.parse(key).number]
        company = sum(1 for o in view.victims if o.space == v.space and not o.trapped)
        return v.special != "", company, key

    return min(keys, key=score), "spare the ones you need most"


def _arrange(view: View, keys: list[str]) -> tuple[str, str] | None:
    """Hold the hardest-hitting weapon, then as many as fit, a ranged one if it can."""

    def score(key: str) -> tuple[int, int, int]:
        way = Key.parse(key).held
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
    "panic_order": lambda view, keys: (
        str(Key("panic", every=True)),
        "let the Supervisor lead his people out first",
    ),
    "pit_dice": lambda view, keys: (
        str(Key("pit", number=1)),
        "one die always takes them out of The Pit onto open ground",
    ),
}

POLICIES: dict[str, PolicyOf[View]] = {"random": random_policy, "heuristic": heuristic_policy}
