"""The family's automa: it hunts, spends Fear on the interrupts it holds (I Got Ya first), buys cards while it
can keep a reserve, raises the Panic Meter to bring out more Sawyers, goes after the Trespasser it can reach
soonest (hidden ones get hunted) and gives the Injury that hurts most."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import memo
from engines.core.contract import Decision
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Grouped, Key, by_verb
from engines.slaughterhouse.rules import harmless
from engines.slaughterhouse.state import View

_SAWYER_INDEX = {sid: i for i, sid in enumerate(D.SAWYER_ORDER)}
_TRIGGER = {c: info["trigger"] for c, info in D.ALL_SAWYER_CARDS.items()}
_FREE = {c: info["free"] for c, info in D.ALL_SAWYER_CARDS.items()}
INJURY_WEIGHT = {"none": 0, "limit3": 1, "search_minus": 1, "no_run": 2, "action_minus": 3}


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


def _stuck(view: View) -> bool:
    """Only the Old Man is out and every living Trespasser is one Injury from death: nobody on the board can
    kill, so the family saves its Fear to raise the Panic Meter and bring out a Sawyer who can."""
    if (
        view.grandpa
        or view.panic >= len(D.PANIC) - 1
        or any(s.space and s.id != "old_man" for s in view.sawyers)
    ):
        return False
    return all(harmless("old_man", t) for t in view.trespassers if not t.dead and not t.escaped)


def family(view: View, d: Decision, keys: list[str]) -> tuple[str, str]:
    hand = view.hand if isinstance(view.hand, list) else []
    if d.kind == "sawyer_action":  # the most frequent question first
        return _sawyer_action(view, keys, hand)
    answer = _FAMILY_ANSWERS.get(d.kind)
    if answer is None:
        return _sawyer_action(view, keys, hand)
    return answer(view, d, keys, hand)


def _place_horror(view: View, d: Decision, keys: list[str], hand: list[str]) -> tuple[str, str]:
    rooms = [Key.parse(k).room for k in keys]
    best = min(rooms, key=lambda r: (min(D.DIST[D.START["trespassers"]][s] for s in D.ROOMS[r]), r))
    return str(Key("horror", room=best)), "close to the Foyer, where they must pass"


def _brutal(view: View, d: Decision, keys: list[str], hand: list[str]) -> tuple[str, str]:
    return str(Key("brutal", sawyer="old_man")), "the Old Man is on the board from the start"


def _place_token(view: View, d: Decision, keys: list[str], hand: list[str]) -> tuple[str, str]:
    far = max(keys, key=lambda k: (D.DIST[D.START["trespassers"]][Key.parse(k).space], k))
    return far, "as far from the Foyer as it goes"


def _reroll_pick(view: View, d: Decision, keys: list[str], hand: list[str]) -> tuple[str, str]:
    blanks = [o for o in d.options if o.label.count("(blank)") == o.label.count("die ")]
    most = max(blanks or d.options, key=lambda o: o.label.count("die "))
    return most.key, "roll the blanks again"


def _place_sawyer(view: View, d: Decision, keys: list[str], hand: list[str]) -> tuple[str, str]:
    """The Hitchhiker or Grandpa comes out: Grandpa guards the way out, the Hitchhiker goes near them."""
    live = [sp for _, sp, _ in _targets(view)]
    if d.kind == "place_grandpa":
        goals = [s for s, v in view.vehicles_up.items() if D.VEHICLES[v]["effect"] == "escape"] or list(
            view.vehicle_spaces
        )
        best = min(goals, key=lambda s: (min((D.DIST[s][x] for x in live), default=0), s))
        return str(Key("space", space=best)), "guard the way out"
    spaces = [Key.parse(k).space for k in keys]
    best = min(spaces, key=lambda s: (min((D.DIST[s][x] for x in live), default=0), s))
    return str(Key("space", space=best)), "nearest the Trespassers"


def _offer(view: View, d: Decision, keys: list[str], hand: list[str]) -> tuple[str, str]:
    step = view.step
    plays = [k for k in keys if Key.parse(k).verb == "play"]
    if not plays or step is None:
        return "pass", "no card fits"
    cost = D.ALL_SAWYER_CARDS[Key.parse(plays[0]).card]["cost"]
    flag = step.flag
    if flag == "enter" and harmless(step.sawyer, view.trespassers[step.who]):
        return "pass", "the Old Man cannot finish them"
    if flag == "enter" and step.sawyer != "grandpa":
        return plays[0], "trap them where they stand"
    if flag == "hide":
        near = any(s.space and D.DIST[s.space][view.trespassers[step.who].space] <= 2 for s in view.sawyers)
        if near:
            return plays[0], "no hiding with a Sawyer this close"
        return "pass", "nobody close enough to use it"
    if view.fear - cost >= _reserve(hand):
        return plays[0], "Fear to spare"
    return "pass", "keep Fear for I Got Ya"


def _give(view: View, d: Decision, keys: list[str], hand: list[str]) -> tuple[str, str]:
    gives = [k for k in keys if Key.parse(k).verb == "give"]
    if gives:
        best = max(gives, key=lambda k: INJURY_WEIGHT[D.ALL_INJURIES[Key.parse(k).card]["effect"]])
        return best, "the Injury that hurts most"
    return "none", "nothing to give"


def _reroll(view: View, d: Decision, keys: list[str], hand: list[str]) -> tuple[str, str]:
    step = view.step
    rolls = [k for k in keys if Key.parse(k).verb == "reroll"]
    low = [k for k in rolls if D.ALL_SAWYER_CARDS[Key.parse(k).card]["trigger"] != "enter"]
    if step is not None and step.flag == "fire":  # the Fire's dice: fewer successes are better
        if rolls and sum(step.dice) >= 2:
            return (low or rolls)[0], "put the fire out of the dice"
        return "keep", "the fire costs little"
    if rolls and step is not None and (0 in step.dice or not step.dice):
        return (low or rolls)[0], "every blank is a second chance"
    return "keep", "good enough"


def _buy(view: View, d: Decision, keys: list[str], hand: list[str]) -> tuple[str, str]:
    if _stuck(view):
        return "done", "save the Fear for the Panic Meter"
    if view.fear - 2 >= _reserve(hand) + (6 if view.panic < 6 else 0) - 6 and len(hand) < 6:
        return "buy", "more cards while keeping a reserve"
    return "done", "keep the Fear"


def _sawyer_order(view: View, d: Decision, keys: list[str], hand: list[str]) -> tuple[str, str]:
    best: tuple[int, str] | None = None
    for k in keys:
        s = next(x for x in view.sawyers if x.id == Key.parse(k).sawyer)
        near = _nearest(s.space, view)
        dist = D.DIST[s.space][near[1]] if near else 99
        if best is None or dist < best[0]:
            best = (dist, k)
    assert best is not None
    return best[1], "the closest Sawyer first"


_FAMILY_ANSWERS: dict[str, Callable[[View, Decision, list[str], list[str]], tuple[str, str]]] = {
    "place_horror": _place_horror,
    "brutal": _brutal,
    "place_token": _place_token,
    "reroll_pick": _reroll_pick,
    "place_hitchhiker": _place_sawyer,
    "place_grandpa": _place_sawyer,
    "offer": _offer,
    "give": _give,
    "reroll": _reroll,
    "buy": _buy,
    "move_searched": lambda view, d, keys, hand: (keys[0], "the oldest token"),
    "bury_injuries": lambda view, d, keys, hand: (keys[0], "the order hardly matters"),
    "order": _sawyer_order,
}
"""The family's answer to each question but its actions (any other falls back to the action)."""


def _reserve(hand: list[str]) -> int:
    """Fear the family keeps for I Got Ya while it holds one."""
    return 3 if "enter" in map(_TRIGGER.__getitem__, hand) else 0


def _sawyer_action(view: View, keys: list[str], hand: list[str]) -> tuple[str, str]:
    s = view.sawyers[_SAWYER_INDEX[view.cur_sawyer]]
    by = by_verb(keys)
    spare = [k for k in by.get("panic", ()) if _TRIGGER[Key.parse(k).card] != "enter"]
    if spare and view.fear >= 6 + _reserve(hand):
        return spare[0], "bring out more of the family"
    if "panic" in by and _stuck(view):
        return by["panic"][0], "the Old Man cannot finish them: bring out the others"
    talk = "talk" in by
    for k in by.get("attack", ()):
        t = view.trespassers[Key.parse(k).trespasser]
        if s.id == "old_man" and len(t.injuries) == 3:
            if talk:
                return "talk", "Wallop cannot kill; take their fear instead"
            continue
        return k, "they are right here"
    if "hunt" in by:
        return by["hunt"][0], "drag them out of hiding"
    # the free plays, read only with two cards or more in hand
    frees = [(k, _FREE[Key.parse(k).card]) for k in by.get("free", ())] if len(hand) > 1 else []
    if len(hand) > 1:
        for k, free in frees:
            if free == "hunt2" or (
                free.startswith("attack") and not harmless(s.id, view.trespassers[Key.parse(k).trespasser])
            ):
                return k, "a free blow"
    if talk and any(not t.dead and not t.escaped and t.space == s.space for t in view.trespassers):
        return "talk", "feed on their fear"
    closer = _closer(view, s.space, by)
    if closer:
        return closer, "closing in"
    if len(hand) > 2:
        for k, free in frees:
            if free == "fear2":
                return k, "Fear for later"
    return "end", "wait for them to come"


def _closer(view: View, space: str, by: Grouped) -> str | None:
    """The Sawyer's move (plain, creeping or the Hitchhiker's two steps) that comes closest to the nearest
    Trespasser, when it is closer than where the Sawyer stands."""
    near = _nearest(space, view)
    if not near:
        return None
    found = _toward(by.get("move", ()), by.get("creep", ()), by.get("move2", ()), near[1])
    return found[1] if found is not None and found[0] < D.DIST[space][near[1]] else None


@memo.positions(4096)
def _toward(moves: tuple[str, ...], creeps: tuple[str, ...], twos: tuple[str, ...], target: str) -> tuple[int, str] | None:
    """The move that ends nearest `target` (a plain one before a two-step at the same distance, then by key)
    and its distance; None without a move. Plain moves only: a move carrying someone is never the pick. A
    pure function of the board, so kept per (options, target): the family asks it at most steps."""
    plain = [k for k in moves if Key.parse(k).who is None and not Key.parse(k).grandpa]
    scored = [(D.DIST[Key.parse(k).space][target], Key.parse(k).verb == "move2", k) for k in (*plain, *creeps, *twos)]
    if not scored:
        return None
    best = min(scored)
    return best[0], best[2]
