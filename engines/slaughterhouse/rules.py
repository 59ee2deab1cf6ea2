"""What every mechanic of Slaughterhouse reads: rolls, the token supply, limits, the words of labels."""

from __future__ import annotations

from engines.core.events import Event
from engines.core.rng import Rng
from engines.slaughterhouse import data as D
from engines.slaughterhouse.state import Sawyer, State, Step, Trespasser, TrespasserView


def successes(dice: list[int]) -> int:
    return sum(dice)


def roll(state: State, n: int) -> list[int]:
    return [D.FACES[state.rng.below(6)] for _ in range(n)]


def supply(state: State) -> int:
    return D.TOKENS - state.fear - sum(t.noise for t in state.trespassers)


def active(t: Trespasser) -> bool:
    return not t.dead and not t.escaped


_SAWYER_INDEX = {sid: i for i, sid in enumerate(D.SAWYER_ORDER)}


def sawyer_of(state: State, sid: str) -> Sawyer:
    return state.sawyers[_SAWYER_INDEX[sid]]  # setup lists the Sawyers in SAWYER_ORDER


def board(space: str) -> str:
    return D.SPACES[space]["board"]


_EFFECT = {c: info["effect"] for c, info in D.ALL_ITEMS.items()}
"""Each Item's effect, in one lookup (`has` is asked for every option list and roll)."""


def has(t: Trespasser | TrespasserView, effect: str) -> bool:
    for cards in (t.items, t.personal):  # loops, not any(): this is asked for every option list and roll
        for c in cards:
            if _EFFECT[c] == effect:
                return True
    return False


def itype(t: Trespasser, card: str) -> str:
    """An Injury's type; a wild one counts as the type it was given as."""
    return t.wild_as.get(card) or D.ALL_INJURIES[card]["type"]


def limit(t: Trespasser | TrespasserView) -> int:
    """The item limit: four, or the lower limit of a hand Injury unless a Backpack overrides it."""
    if has(t, "backpack"):
        return D.ITEM_LIMIT
    return min(
        [D.ITEM_LIMIT, *(D.ALL_INJURIES[c]["limit"] for c in t.injuries if "limit" in D.ALL_INJURIES[c])]
    )


def max_actions(t: Trespasser) -> int:
    """Four actions, fewer with an Injury that costs actions (its card says how many)."""
    return D.ACTIONS - sum(D.ALL_INJURIES[c].get("actions", 0) for c in t.injuries)


def trade_fits(t: Trespasser, out: str, into: str) -> bool:
    """After trading `out` for `into`, the Trespasser is within the limit (a Backpack may change hands)."""
    after = Trespasser(t.id, t.space, injuries=t.injuries, items=[*(c for c in t.items if c != out), into])
    return len(after.items) <= limit(after)


_INTERRUPT = {c: (info["trigger"], info["cost"]) for c, info in D.ALL_SAWYER_CARDS.items()}
"""Each Sawyer card's interrupt trigger and its cost in Fear."""


def offerable(state: State, trigger: str) -> bool:
    """The family holds a card for `trigger` and the Fear to play it (asked at every door, noise, search)."""
    fear = state.fear
    for c in state.hand:
        when, cost = _INTERRUPT[c]
        if when == trigger and fear >= cost:
            return True
    return False


def first_of_each(cards: list[str], table: dict) -> list[str]:
    """One card per design, so two copies of a card are one option."""
    first: dict[str, str] = {}
    for c in cards:
        first.setdefault(table[c]["id"], c)  # a design's first card; the dict keeps the order they came in
    return list(first.values())


def attacker(by: str) -> str:
    if by in D.SAWYERS or by == "grandpa":
        return D.name(by)
    return "the fire" if by == "fire" else "the House"


def scenario(state: State) -> dict:
    return D.SCENARIOS[state.scenario]


def holds(t: Trespasser, effect: str) -> list[str]:
    return [c for c in t.items if D.ALL_ITEMS[c]["effect"] == effect]


WORDS = ("no", "one", "two", "three", "four", "five", "six")


def dice_words(n: int) -> str:
    """'one die', 'three dice': option labels say the data's numbers in words."""
    return f"{WORDS[n]} {'die' if n == 1 else 'dice'}"


def plural(n: int, one: str, many: str) -> str:
    """'1 success', '2 successes': prompts say the number the way a person would."""
    return f"{n} {one if n == 1 else many}"


def move_steps(who: int, walk: list[str], arrive: list[str], flag: str, arrived: str = "") -> list[Step]:
    """A trespasser's move as the steps that carry it out, queued by a move, a run or a Desperation card: the
    walk (`flag` says how), the arrival (flagged `arrived` where that differs), the vehicle check, the action's end."""
    return [
        Step("walk", who=who, path=walk, flag=flag),
        Step("arrived", who=who, path=arrive, flag=arrived or flag),
        Step("vehicle_check", who=who),
        Step("after_action", who=who),
    ]


def the(room: str) -> str:
    """'the Kitchen', but 'Grandpa's Room' (a possessive name takes no article)."""
    return room if "'s " in room else f"the {room}"


_PROMPTS: dict[tuple[str, str, int, str], str] = {}
"""Action prompts by what they say (a few hundred at most): formatting one is dearer than looking it up."""


def actions_left(who: str, space: str, actions: int, meter: str) -> str:
    """The prompt of a turn's actions, the same words for a trespasser and a Sawyer: 'Green, in the Kitchen,
    2 actions left' (the name capitalised), then the `meter` that stakes it (', Noise 1.' or '; Fear 3.')."""
    ident = (who, space, actions, meter)
    found = _PROMPTS.get(ident)
    if found is None:
        found = _PROMPTS[ident] = (
            f"{who[:1].upper()}{who[1:]}, in {the(D.name(space))}, {actions} action{'s' if actions != 1 else ''} "
            f"left{meter}"
        )
    return found


def shuffled(rng: Rng, items: list[str]) -> list[str]:
    rng.shuffle(items)
    return items


def noise(state: State, who: int, n: int, events: list[Event], cause: str = "other") -> None:
    """Noise from the supply; `cause` (door, stairs, run, search, window, tile, vehicle) picks the prose."""
    t = state.trespassers[who]
    made = min(n, supply(state))
    if made <= 0:
        return
    t.noise += made
    t.made_noise += made
    events.append(
        Event(
            "noise",
            state.round,
            state.phase,
            {"trespasser": t.id, "made": made, "noise": t.noise, "cause": cause},
        )
    )


def harmless(sid: str, t: Trespasser | TrespasserView) -> bool:
    """The Old Man cannot kill: a Trespasser one Injury from death has nothing to fear from him (Wallop)."""
    return sid == "old_man" and len(t.injuries) >= len(D.INJURY_TYPES) - 1
