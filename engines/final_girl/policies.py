"""Policies for the Final Girl's seat: `random`, and `heuristic`, which plays the way a careful player does.

The heuristic keeps Horror down, frees trapped Victims while their traps are young, walks Victims to unlocked
Exits, searches for a weapon before the Finale, and fights when the Tormentor is in reach. It reads only the
View (never a deck's order nor a Final Health token).
"""

from __future__ import annotations

from engines.core.contract import Decision, Hint
from engines.core.rng import Rng
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
    return advise(view, decision).key


def advise(view: View, decision: Decision) -> Hint:
    keys = [o.key for o in decision.options]
    chooser = _CHOOSERS.get(decision.kind)
    if chooser is not None:
        found = chooser(view, keys)
        if found is not None and found[0] in keys:
            return Hint(found[0], found[1])
    return Hint(keys[-1] if decision.kind == "action" else keys[0], "nothing better to do")


def _kinds(cards: list[str]) -> list[str]:
    kinds = D.KIND
    return [kinds[c] for c in cards]


def _goal(view: View) -> str | None:
    """Where she should head: a young trap to work, Victims to gather, or the nearest open Exit with company."""
    here = view.fg_space
    traps = [t for t in view.traps if not t.done and t.subject != "fg"]
    if traps:
        return min(traps, key=lambda t: (D.DIST[here][t.space] - t.step, t.id)).space
    escorting = sum(1 for v in view.victims if v.space == here and not v.trapped)
    open_exits = [e for e in D.EXITS if e not in view.locked]
    if escorting and open_exits:
        return min(open_exits, key=lambda e: D.DIST[here][e])
    free = [v for v in view.victims if not v.trapped and v.space != view.killer_space]
    if free and open_exits:
        return min(free, key=lambda v: D.DIST[here][v.space]).space
    if view.killer_space:
        return view.killer_space
    searchable = [s for s, n in view.item_counts.items() if n]
    if searchable and not any(D.ITEMS[i]["kind"] == "weapon" for i in view.hands):
        return min(searchable, key=lambda s: D.DIST[here][s])
    if free:
        return min(free, key=lambda v: D.DIST[here][v.space]).space
    return None


def _action(view: View, keys: list[str]) -> tuple[str, str] | None:
    task = trap = unlock = None
    for key in keys:  # one pass for what comes first: saving, Escape Tasks, unlocking
        if key == "save":
            return key, "a Victim stands with you at an open Exit"
        if task is None and key.startswith("task:"):
            task = key
        elif trap is None and ":trap:" in key:
            trap = key
        elif (
            unlock is None
            and key.startswith("item:")
            and (D.ITEMS[key[5:]]["kind"] == "unlock" or key == "item:crowbar")
        ):
            unlock = key
    if task:
        return task, "work the Escape Task while you can"
    if trap:
        return trap, "put the card toward the Escape Task"
    if unlock:
        return unlock, "unlock this Exit"
    has = set(keys)  # membership from here on
    if view.horror >= 5:
        for kind in ("distraction", "focus"):
            if f"play:{kind}" in has:
                return f"play:{kind}", "bring your Horror down to roll more dice"
        if "item:pain_pills" in has:
            return "item:pain_pills", "bring your Horror down"
    if view.fg_health <= 2:
        for key in ("item:first_aid", "play:long_rest", "play:short_rest"):
            if key in has:
                return key, "patch yourself up"
    if view.killer_space:
        for kind in ("critical_strike", "furious_strike"):
            if f"play:{kind}" in has:
                return f"play:{kind}", "the Tormentor is in reach: hurt her"
        if "play:weak_attack" in has and (view.killer_health <= 1 or view.fg_health >= 4):
            return "play:weak_attack", "a jab while you can take the pain"
    goal = _goal(view)
    if goal and goal != view.fg_space and view.time >= 1:
        for kind in ("sprint", "walk"):
            if f"play:{kind}" in has:
                return f"play:{kind}", f"head for {D.SPACES[goal]['name']}"
    if "play:search" in has and not view.killer_space and view.time >= 1:
        return "play:search", "look for something to fight with"
    for key in keys:
        if (
            key.startswith("item:")
            and D.ITEMS[key[5:]]["kind"] == "use"
            and view.time <= 1
            and "time" in D.ITEMS[key[5:]].get("effect", {})
        ):
            return key, "more Time"
    if len(view.hand) > KEEP_HAND:
        for kind in ("walk", "focus", "close_call", "short_rest"):
            if f"discard:{kind}" in has:
                return f"discard:{kind}", "turn a spare card into Time"
    return "end", "keep what you hold for the Planning phase"


def _planning(view: View, keys: list[str]) -> tuple[str, str] | None:
    has = set(keys)
    hand = _kinds(view.hand)
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
    for kind in BUY_LATE if late else BUY_EARLY:
        if _BUY_KEY[kind] in has and hand.count(kind) < 2:
            return _BUY_KEY[kind], f"{D.ACTIONS[kind]['name']} is worth its Time"
    if "buy:free" in has:
        return "buy:free", "free cards are free: take them all back"
    for kind in ("walk", "focus", "weak_attack", "short_rest"):
        if _BUY_KEY[kind] in has and hand.count(kind) < D.ACTIONS[kind]["copies"]:
            return _BUY_KEY[kind], "a free card is a free card"
    return "done", "nothing more worth buying"


_BUY_KEY = {k: f"buy:{k}" for k in D.ACTIONS}


def _roll(view: View, keys: list[str]) -> tuple[str, str] | None:
    threshold = 3 if view.roll.get("improvised") else 5
    hits = sum(1 for d in view.roll["dice"] if d >= threshold) + len(view.roll["converted"])
    spare = ("walk", "focus", "short_rest", "close_call") + (
        ("weak_attack",) if view.turn < STALEMATE_TURN else ()
    )
    if hits < 2:
        for key in keys:  # the first pair of spare cards, in the options' order
            if key.startswith("convert:"):
                _, a, b = key.split(":")
                if a in spare and b in spare:
                    return key, "turn a 3-4 into a success with two spare cards"
        if hits == 0:
            low = [k for k in keys if k.startswith("closecall:") and k != "closecall:all"]
            if low:
                worst = min(low, key=lambda k: view.roll["dice"][int(k.split(":")[1])])
                return worst, "Close Call: re-roll the worst die"
    return "accept", "good enough"


def _move(view: View, keys: list[str]) -> tuple[str, str] | None:
    if "save" in keys:
        return "save", "save the Victim on this Exit"
    goal = _goal(view)
    if goal is None or goal == view.fg_space:
        return "stop", "you are where you need to be"
    best = None
    for key in keys:
        if key.startswith("to:"):
            parts = key.split(":")
            there, k = parts[1], int(parts[2])
            specials = 0
            if len(parts) == 4:  # a chosen group: count its special Victims, worth bringing along
                ids = {int(i) for i in parts[3].split(".")}
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
    "move": _move,
    "react": _react,
    "keep": _keep,
    "take_card": _take_card,
    "choose": _choose,
    "tie": _tie,
    "trap_tie": _victim_tie,
    "attack_tie": _victim_tie,
    "arrange": _arrange,
    "panic_order": lambda view, keys: ("panic:group", "let the Supervisor lead his people out first"),
}

POLICIES = {"random": random_policy, "heuristic": heuristic_policy}
