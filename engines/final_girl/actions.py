"""The Final Girl's side: what she may do at each decision, and how her Action cards and items resolve."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl import rules as R
from engines.final_girl.state import State, Trap, Victim


def name(kind: str) -> str:
    return D.ACTIONS[kind]["name"]


def hand_kinds(state: State) -> list[str]:
    kinds = D.KIND
    held = {kinds[c] for c in state.hand}
    return [k for k in D.ACTIONS if k in held]


def first_card(cards: list[str], kind: str) -> str | None:
    """The lowest-numbered copy of a card kind in a pile (the one that is played, bought or discarded)."""
    for c in _COPIES.get(
        kind, ()
    ):  # the copies in the order of `<` on their ids, so the first found is the least
        if c in cards:
            return c
    return None


_COPIES: dict[str, list[str]] = {}
for _card in sorted(D.action_ids()):
    _COPIES.setdefault(D.KIND[_card], []).append(_card)


# -- options that never change, built once (the options are listed at every decision) ----------------------


def _play_label(kind: str) -> str:
    spec, label = D.ACTIONS[kind], name(kind)
    if spec.get("attack"):
        return f"play {label} on the Tormentor"
    if spec.get("needs_search"):
        return f"play {label} here"
    if kind == "climb":
        return f"play {label} onto a Rack"
    if kind == "leap":
        return f"play {label} to the next Rack"
    return f"play {label}"


_PLAY = {k: Option(f"play:{k}", _play_label(k), (name(k).lower(),)) for k in D.ACTIONS}
_DISCARD = {k: Option(f"discard:{k}", f"discard {name(k)} for 1 Time") for k in D.ACTIONS}
_BUY = {
    k: Option(f"buy:{k}", f"buy {name(k)} ({spec['cost']} Time)", (name(k).lower(),))
    for k, spec in D.ACTIONS.items()
    if not spec.get("special")
}
_BUY_ORDER = list(_BUY)
_COST = {k: spec["cost"] for k, spec in D.ACTIONS.items()}
_FREE_KINDS = frozenset(k for k in _BUY if _COST[k] == 0)
_PLAYABLE = [k for k, spec in D.ACTIONS.items() if not (spec.get("reaction") or spec.get("after_roll"))]
_END = Option("end", "end the Action phase", ("done", "pass", "stop"))
_DONE = Option("done", "finish Planning", ("end", "pass"))
_FREE = Option("buy:free", "take back every free (Zero Cost) card, up to the hand limit", ("free",))
_SAVE = Option("save", "rescue a Victim here", ("rescue",))  # not "save": the REPL's command wins
_STOP = Option("stop", "stop moving", ("done",))
_ACCEPT = Option("accept", "accept the roll", ("ok", "keep"))
_CONVERT = {
    (a, b): Option(f"convert:{a}:{b}", f"discard {name(a)} and {name(b)} to make a 3-4 a success")
    for a in D.ACTIONS
    for b in D.ACTIONS
    if D.ACTION_INDEX[a] <= D.ACTION_INDEX[b]
}
_REROLL = {
    (i, d): Option(f"closecall:{i}", f"Close Call: re-roll die {i + 1} (a {d})")
    for i in range(12)
    for d in range(1, 7)
}
_CONVERT_ANY = Option("convert", "discard two cards to make a 3-4 a success (you choose which next)")
_BACK = Option("back", "back to the roll", ("cancel",))
_REROLL_ALL = Option("closecall:all", "Close Call: re-roll every die for 2 Time")
_TAKE = {k: Option(f"take:{k}", f"discard Walk to take {name(k)}") for k in ("climb", "leap")}


def _sort(kind: str) -> str:
    spec = D.ACTIONS[kind]
    if spec.get("attack"):
        return "attack"
    if spec.get("needs_search"):
        return "search"
    if kind in ("climb", "leap"):
        return kind
    return "move" if "move" in spec.get("two", {}) else "other"


_SORT = {k: _sort(k) for k in D.ACTIONS}
_NAME = {k: name(k) for k in D.ACTIONS}
_HAND_LIMIT = D.RULES["hand_limit"]
_DICE, _DICE_EXTREME = D.RULES["dice_normal"], D.RULES["dice_extreme"]
_KIND_OF = D.KIND.__getitem__
_BUY_SPECS = [(k, _COST[k], _BUY[k]) for k in _BUY_ORDER]
_FREE_IDS = frozenset(c for c in D.action_ids() if D.KIND[c] in _FREE_KINDS)
_CLOSE_CALLS = frozenset(c for c in D.action_ids() if D.KIND[c] == "close_call")
_CARD_COST: dict[str, int | None] = {
    c: _COST[D.KIND[c]] if D.KIND[c] in _BUY else None for c in D.action_ids()
}
"""Action card instance -> its cost, or None for cards never bought (Climb, Leap)."""


# -- what she may do ------------------------------------------------------------------------------------


def workable_traps(state: State) -> list[Trap]:
    """Traps whose Escape Tasks she may work on now: her own, or (when free) Victims' traps in her space."""
    own = R.fg_trap(state)
    if own is not None:
        return [own]
    return [t for t in state.traps if not t.done and t.subject != "fg" and t.space == state.fg_space]


def current_task(trap: Trap) -> tuple[str, int]:
    return _TASKS[trap.card][trap.task]


_TASKS: dict[str, list[tuple[str, int]]] = {
    card: [(kind, int(n)) for kind, n in (task.split(":") for task in spec["tasks"])]
    for card, spec in D.TRAPS.items()
}
"""Death Trap card -> its Escape Tasks as (kind, amount), parsed once (read at every Action decision)."""


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


def can_attack_killer(state: State) -> bool:
    if not state.killer_space or R.fg_trap(state) is not None:
        return False
    return state.killer_space == state.fg_space or weapon_for(state) is not None


def is_move_card(kind: str) -> bool:
    return "move" in D.ACTIONS[kind].get("two", {})


def climb_targets(state: State) -> list[str]:
    if state.fg_space in D.RACKS:
        return []
    return [n for n in D.WALK_LINES[state.fg_space] if n in D.RACKS]


def leap_targets(state: State) -> list[str]:
    return D.GAP_LINES[state.fg_space] if state.fg_space in D.RACKS else []


def saveable(state: State) -> bool:
    return (
        state.fg_space in D.EXITS
        and state.fg_space not in state.locked
        and bool(R.victims_at(state, state.fg_space))
    )


def action_options(state: State) -> list[Option]:
    opts: list[Option] = []
    here = state.fg_space
    own = None  # her own trap, as `R.fg_trap`
    near: list[Trap] = []  # the Victims' traps in her space
    for t in state.traps:
        if not t.done:
            if t.subject == "fg":
                if own is None:
                    own = t
            elif t.space == here:
                near.append(t)
    trapped = own is not None
    traps = [own] if own is not None else near  # as `workable_traps`
    tasks = [(t, _TASKS[t.card][t.task][0]) for t in traps] if traps else []  # as `current_task`
    held = frozenset(map(_KIND_OF, state.hand))
    playable, discards = _held_layout(held)
    attack_ok: bool | None = None
    for kind, sort in playable:
        if sort == "attack":
            if attack_ok is None:
                attack_ok = can_attack_killer(state)
            ok = attack_ok
        elif trapped:
            ok = sort == "other"
        elif sort == "search":
            ok = _SEARCHABLE[here]
        elif sort == "climb":
            ok = here not in D.RACKS and _NEAR_RACK[here]
        elif sort == "leap":
            ok = here in D.RACKS and bool(D.GAP_LINES[here])
        else:
            ok = True
        if ok:
            opts.append(_PLAY[kind])
            if sort == "attack" and len(state.hands) > 1:
                # Holding two weapons that reach her, you choose one per attack (research 2.6).
                for weapon in weapons_in_reach(state)[1:]:
                    opts.append(_play_with(kind, weapon))
        if not tasks:
            continue
        for trap, task in tasks:
            if (task == "damage" and sort == "attack") or (task == "move" and _MOVES[kind]):
                opts.append(_play_toward(kind, trap.id, trap.card, trap.subject))
    for trap, task in tasks:
        if task == "time" and state.time - current_task(trap)[1] < 0:
            continue
        if task in ("time", "health", "horror"):
            opts.append(_task_option(trap.id, trap.card, trap.subject, trap.task))
    # Saving is not in the rulebook's list of what a Trapped subject may not do: she may still lead out.
    if here in _EXITS and here not in state.locked:
        for v in state.victims:
            if v.space == here and not v.trapped:  # as `saveable`
                opts.append(_SAVE)
                break
    for item in item_uses(state):
        opts.append(_USE[item])
    if state.forklift == here and state.time >= 1 and not trapped and "forklift_keys" in state.backpack:
        for space in sorted(
            {v.space for v in R.free_victims(state) if v.space in D.RACKS}, key=D.ORDER.index
        ):
            if space in D.NEIGHBOURS[here]:
                opts.append(_FORKLIFT[space])
    if "walk" in held or "sprint" in held:
        tableau = state.tableau
        climb = not _CLIMB_IDS.isdisjoint(tableau)
        leap = not _LEAP_IDS.isdisjoint(tableau)
        if "walk" in held:
            if climb:
                opts.append(_TAKE["climb"])
            if leap:
                opts.append(_TAKE["leap"])
        if "sprint" in held and climb and leap:
            opts.append(_TAKE_BOTH)
    opts.extend(discards)
    opts.append(_END)
    return opts


@lru_cache(maxsize=4096)
def _held_layout(held: frozenset[str]) -> tuple[tuple[tuple[str, str], ...], tuple[Option, ...]]:
    """The playable kinds among those held, in card order with their sort, and the discard options: a pure
    function of the kinds held, so an Action decision need not walk every kind of card."""
    playable = tuple((k, _SORT[k]) for k in _PLAYABLE if k in held)
    return playable, tuple(_DISCARD[k] for k in _ORDER if k in held)


# Options of the Action phase that depend on the board and cards only: built once, or once per distinct key.
_ORDER = list(D.ACTIONS)
_EXITS = frozenset(D.EXITS)
_SEARCHABLE = {s: bool(D.SPACES[s].get("search", False)) for s in D.ORDER}
_NEAR_RACK = {s: any(n in D.RACKS for n in D.WALK_LINES[s]) for s in D.ORDER}  # `climb_targets` not empty
_MOVES = {k: is_move_card(k) for k in D.ACTIONS}
_USE = {i: Option(f"item:{i}", f"use the {spec['name']}") for i, spec in D.ITEMS.items()}
_FORKLIFT = {s: Option(f"forklift:{s}", f"lift a Victim down from {D.SPACES[s]['name']}") for s in D.ORDER}
_TAKE_BOTH = Option("take:both", "discard Sprint to take Climb and Leap")
_CLIMB_IDS = frozenset(_COPIES["climb"])
_LEAP_IDS = frozenset(_COPIES["leap"])


@lru_cache(maxsize=1024)
def _play_with(kind: str, weapon: str) -> Option:
    return Option(f"play:{kind}:with:{weapon}", f"play {name(kind)} with the {D.ITEMS[weapon]['name']}")


@lru_cache(maxsize=4096)
def _play_toward(kind: str, trap: int, card: str, subject: str) -> Option:
    """The option to play a card toward a trap's Escape Task: a pure function of its arguments."""
    return Option(f"play:{kind}:trap:{trap}", f"play {name(kind)} toward the {_trap_label(card, subject)}")


@lru_cache(maxsize=4096)
def _task_option(trap: int, card: str, subject: str, task: int) -> Option:
    """The option to do a trap's Time, health or Horror Escape Task: a pure function of its arguments."""
    what, n = D.TRAPS[card]["tasks"][task].split(":")
    label = _trap_label(card, subject)
    if what == "time":
        return Option(f"task:{trap}", f"spend {n} Time on the {label}")
    if what == "health":
        return Option(f"task:{trap}", f"lose {n} health on the {label}")
    return Option(f"task:{trap}", f"raise Horror {n} on the {label}")


def trap_label(trap: Trap) -> str:
    return _trap_label(trap.card, trap.subject)


def _trap_label(card: str, subject: str) -> str:
    who = "your" if subject == "fg" else f"Victim {subject}'s"
    return f"{D.TRAPS[card]['name']} ({who} trap)"


def item_uses(state: State) -> list[str]:
    if not state.hands and not state.backpack:  # she carries nothing, most of the time
        return []
    out = []
    for item in state.hands + state.backpack:
        spec = D.ITEMS[item]
        on_locked = state.fg_space in state.locked
        if spec["kind"] == "use":
            if "call" in spec["effect"] and state.time < 1:
                continue
            out.append(item)
        elif on_locked and (spec["kind"] == "unlock" or 0 < spec.get("unlock_time", 0) <= state.time):
            out.append(item)
    return sorted(set(out))


def planning_options(state: State) -> tuple[Option, ...]:
    if len(state.hand) >= _HAND_LIMIT:
        return (_DONE,)
    tableau = state.tableau
    there = frozenset(map(_KIND_OF, tableau))
    return _buys(there, state.time, len(_FREE_IDS.intersection(tableau)) >= 2)


@lru_cache(maxsize=4096)
def _buys(there: frozenset[str], time: int, free: bool) -> tuple[Option, ...]:
    """Planning's options from the kinds in the Tableau, the Time left and whether two free cards are there to
    take back: a pure function of its arguments."""
    opts = [opt for k, cost, opt in _BUY_SPECS if k in there and (cost == 0 or cost <= time)]
    if free:
        opts.append(_FREE)
    opts.append(_DONE)
    return tuple(opts)


def roll_options(state: State) -> list[Option]:
    roll = state.roll
    opts = [_ACCEPT]
    if _partial(roll) and len(state.hand) >= _DISCARD_PAIR:
        # Many pairs are one choice here ("convert"), then which pair: a full hand would list 17 of them.
        # Three kinds held or more always make several pairs, so the pairs need listing only below that.
        if len(set(map(_KIND_OF, state.hand))) > 2:
            opts.append(_CONVERT_ANY)
        else:
            pairs = convert_pairs(state)
            opts.extend(pairs if len(pairs) == 1 else (_CONVERT_ANY,))
    if not _CLOSE_CALLS.isdisjoint(state.hand):
        for i, d in enumerate(roll["dice"]):
            opts.append(
                _REROLL[i, d]
                if i < 12
                else Option(f"closecall:{i}", f"Close Call: re-roll die {i + 1} (a {d})")
            )
        if state.time >= 2:
            opts.append(_REROLL_ALL)
    return opts


def _partial(roll: dict[str, Any]) -> bool:
    """Whether a 3-4 not yet converted is among the dice (a partial success that two cards could convert)."""
    threshold = 3 if roll.get("improvised") else 5
    converted = roll["converted"]
    for i, d in enumerate(roll["dice"]):  # noqa: SIM110 (a loop: `any` over a generator costs more here)
        if 3 <= d < threshold and i not in converted:
            return True
    return False


_DISCARD_PAIR = D.RULES["discard_pair"]


def convert_pairs(state: State) -> tuple[Option, ...]:
    """Every way to discard two cards from the hand toward a 3-4 (one option per distinct pair of kinds)."""
    count: dict[str, int] = {}
    kinds = D.KIND
    for c in state.hand:
        k = kinds[c]
        count[k] = count.get(k, 0) + 1
    return _converts(tuple((k, count[k] >= 2) for k in _ORDER if k in count))


def convert_options(state: State) -> list[Option]:
    """After choosing to convert: which two cards go, or back to the roll."""
    return [*convert_pairs(state), _BACK]


def do_convert(state: State, key: str, events: list[Event]) -> None:
    if key == "back":
        state.ask = {"kind": "roll"}
        return
    do_roll_choice(state, key, events)


@lru_cache(maxsize=16384)  # about 6,000 distinct hands in 1,000 games; the entries share their Options
def _converts(held: tuple[tuple[str, bool], ...]) -> tuple[Option, ...]:
    """The ways to discard two cards toward a 3-4, from the kinds held in card order and whether each is held
    twice: a pure function of its argument."""
    opts = []
    kinds = [k for k, _ in held]
    for i, (a, twice) in enumerate(held):
        if twice:
            opts.append(_CONVERT[a, a])
        for b in kinds[i + 1 :]:
            opts.append(_CONVERT[a, b])
    return tuple(opts)


def move_options(state: State) -> list[Option]:
    ask = state.ask
    here = state.fg_space
    present = sorted(R.victims_at(state, here), key=lambda v: v.id)
    to = ask["to"]
    killer = state.killer_space if state.killer_space in to else ""
    if any(v.special for v in present):
        people = tuple((v.id, v.special) for v in present)
    else:  # alike Victims: the options name no one, so only how many matters (and far fewer entries are cached)
        people = _ALIKE[len(present)]
    opts = list(_move_choices(tuple(to), killer, people))
    if present and here in _EXITS and here not in state.locked and ask.get("mode") == "move":  # `saveable`
        opts.append(_SAVE)
    if ask.get("reward"):
        # "any effects (regardless of the source) can be used towards completing Escape Tasks" (V2b)
        for trap in workable_traps(state):
            if current_task(trap)[0] == "move":
                opts.append(Option(f"trap:{trap.id}", f"put the move toward the {trap_label(trap)}"))
    opts.append(_STOP)
    return opts


_ALIKE = [((0, ""),) * n for n in range(D.RULES["victims_total"] + 1)]
"""n -> n plain Victims as `_move_choices` takes them: their numbers do not matter, as no option names them."""


@lru_cache(maxsize=4096)
def _move_choices(
    to: tuple[str, ...], killer: str, present: tuple[tuple[int, str], ...]
) -> tuple[Option, ...]:
    """Where she may go and who may follow: a pure function of the spaces, the Tormentor's space among them,
    and the (id, special) of the Victims with her in id order."""
    victims = [Victim(vid, "", special) for vid, special in present]
    follow = len(victims)
    opts = []
    for there in sorted(to, key=D.ORDER.index):
        most = 0 if there == killer else min(D.RULES["follow"], follow)
        label = D.SPACES[there]["name"]
        for k in range(most, -1, -1):
            groups = follower_choices(victims, k)
            with_ = f" with {k} Victim{'s' if k != 1 else ''}" if k else ""
            if len(groups) > 1:
                with_ = f" with {_followers_label(groups[0])}"
            opts.append(Option(f"to:{there}:{k}", f"go to {label}{with_}"))
            for group in groups[1:]:
                ids = ".".join(str(v.id) for v in group)
                opts.append(Option(f"to:{there}:{k}:{ids}", f"go to {label} with {_followers_label(group)}"))
    return tuple(opts)


def follower_choices(present: list[Victim], k: int) -> list[list[Victim]]:
    """The different groups of k Victims that may follow (special Victims are told apart, the others are
    alike). The first is the default: the lowest-numbered."""
    if k == 0 or k >= len(present) or not any(v.special for v in present):
        return [present[:k]]
    plain = [v for v in present if not v.special]
    specials = [v for v in present if v.special]
    out = [present[:k]]
    for j in range(0, min(k, len(specials)) + 1):
        if k - j > len(plain):
            continue
        for chosen in combinations(specials, j):
            group = sorted(list(chosen) + plain[: k - j], key=lambda v: v.id)
            if group not in out:
                out.append(group)
    return out


def _followers_label(group: list[Victim]) -> str:
    named = [D.EVENTS[v.special]["name"] for v in group if v.special]
    plain = sum(1 for v in group if not v.special)
    if plain:
        named.append(f"{plain} Victim{'s' if plain != 1 else ''}")
    return " and ".join(named)


def move_targets(state: State, mode: str) -> list[str]:
    here = state.fg_space
    if mode == "climb":
        return climb_targets(state)
    if mode == "leap":
        return leap_targets(state)
    return [n for n in D.WALK_LINES[here] if n not in D.RACKS]


def react_options(state: State) -> list[Option]:
    opts = []
    for kind in hand_kinds(state):
        if not D.ACTIONS[kind].get("reaction"):
            continue
        opts.append(Option(f"react:{kind}", f"play {name(kind)} against {state.ask['damage']} damage"))
        if D.ACTIONS[kind]["two"].get("deal") and len(state.hands) > 1:
            for weapon in weapons_in_reach(state)[1:]:  # strike back with the weapon you choose
                label = f"play {name(kind)} against {state.ask['damage']} damage, striking with the {D.ITEMS[weapon]['name']}"
                opts.append(Option(f"react:{kind}:with:{weapon}", label))
    if not state.ask.get("hat"):
        for item in sorted(i for i in state.hands + state.backpack if D.ITEMS[i]["kind"] == "armour"):
            left = state.item_uses.get(item, 1)
            opts.append(
                Option(
                    f"item:{item}",
                    f"take it on the {D.ITEMS[item]['name']}: 1 less damage ({left} use{'s' if left != 1 else ''} left)",
                )
            )
    opts.append(Option("take", f"take the {state.ask['damage']} damage", ("none", "no")))
    return opts


def choose_options(state: State) -> list[Option]:
    return [Option(f"line:{i}", describe_line(line)) for i, line in enumerate(state.ask["lines"])]


def keep_options(state: State) -> list[Option]:
    """Keep one of the two; the other goes back on top face up, or under the pile face down (research 2.3)."""
    opts = []
    for item in state.ask["items"]:
        other = next(i for i in state.ask["items"] if i != item)
        keep, back = D.ITEMS[item]["name"], D.ITEMS[other]["name"]
        opts.append(Option(f"keep:{item}", f"keep the {keep}; the {back} back on top, face up"))
        opts.append(Option(f"keep:{item}:bottom", f"keep the {keep}; the {back} under the pile, face down"))
    return opts


def take_card_options(state: State) -> list[Option]:
    kinds = sorted(
        {
            D.card_kind(c)
            for c in state.tableau
            if D.ACTIONS[D.card_kind(c)]["cost"] <= 2 and not D.ACTIONS[D.card_kind(c)].get("special")
        },
        key=D.ACTION_INDEX.__getitem__,
    )
    opts = [Option(f"take:{k}", f"take {name(k)}") for k in kinds]
    opts.append(Option("none", "take nothing"))
    return opts


_LINE_WORDS: dict[str, Any] = {
    "move": lambda n: f"move {n}",
    "lose_health": lambda n: f"lose {n} health",
    "heal": lambda n: f"heal {n}",
    "time": lambda n: f"lose {-n} Time" if n < 0 else f"gain {n} Time",
    "horror": lambda n: f"raise Horror {n}" if n > 0 else f"lower Horror {-n}",
    "search": lambda n: f"draw {n} item{'s' if n != 1 else ''} here",
    "damage": lambda n: f"deal {n} damage",
    "deal": lambda n: f"deal {n} damage back",
    "block": lambda n: "block all the damage" if n == "all" else f"block {n} damage",
    "bonus_dice": lambda n: f"+{n} {'die' if n == 1 else 'dice'} on your next roll",
    "end_phase": lambda n: "end the Action phase",
    "climb": lambda n: "climb onto a Rack",
    "leap": lambda n: "fall to the ground" if n == "fall" else "leap to the next Rack",
    "improvise": lambda n: (
        "3-4s succeed" + (" for the rest of the phase" if n == "phase" else " on the next roll")
    ),
}


def describe_line(line: dict[str, Any]) -> str:
    """A result line in words: 'move 1, lose 1 health, lose 2 Time and end the Action phase'."""
    parts = []
    for key, value in line.items():
        if key == "choose":
            continue
        words = _LINE_WORDS.get(key)
        parts.append(words(value) if words else key.replace("_", " "))
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else "nothing"


# -- doing it -------------------------------------------------------------------------------------------


def do_action(state: State, key: str, events: list[Event]) -> None:
    parts = key.split(":")
    verb = parts[0]
    state.stack.append({"op": "hub"})
    state.ask = {}
    if verb == "play":
        kind = parts[1]
        trap = int(parts[3]) if len(parts) == 4 and parts[2] == "trap" else 0
        weapon = parts[3] if len(parts) == 4 and parts[2] == "with" else ""
        card = first_card(state.hand, kind)
        assert card is not None
        state.hand.remove(card)
        state.resolving = card
        state.played.append(kind)
        R.emit(state, events, "card_played", {"card": kind, "title": _NAME[kind], "trap": trap})
        start_roll(state, card, "action", events, trap=trap)
        if weapon:
            state.roll["weapon"] = weapon
    elif verb == "discard":
        card = first_card(state.hand, parts[1])
        state.hand.remove(card)
        state.used.append(card)
        R.ev(state, events, "card_discarded", card=parts[1], title=name(parts[1]))
        R.change_time(state, 1, events)
    elif verb == "task":
        trap = next(t for t in state.traps if t.id == int(parts[1]))
        task, n = current_task(trap)
        if task == "time":
            R.change_time(state, -n, events)
        elif task == "health":
            R.hurt_fg(state, n, events, "task")
        else:
            R.change_horror(state, n, events)
        if not state.result and trap in state.traps:
            finish_task(state, trap, events)
    elif verb == "save":
        save_victim(state, events)
    elif verb == "item":
        use_item_now(state, parts[1], events)
    elif verb == "forklift":
        victim = min((v for v in R.victims_at(state, parts[1])), key=lambda v: v.id)
        R.change_time(state, -1, events)
        R.move_victim(state, victim, state.fg_space, events, "forklift")
    elif verb == "take":
        source = "sprint" if parts[1] == "both" else "walk"
        card = first_card(state.hand, source)
        state.hand.remove(card)
        state.used.append(card)
        taken = ["climb", "leap"] if parts[1] == "both" else [parts[1]]
        for kind in taken:
            got = first_card(state.tableau, kind)
            state.tableau.remove(got)
            state.hand.append(got)
        R.ev(state, events, "cards_traded", given=source, taken=taken)
    elif verb == "end":
        state.end_action = True
        R.emit(state, events, "action_stop", {"time": state.time})


def finish_task(state: State, trap: Trap, events: list[Event]) -> None:
    trap.task += 1
    trap.progress = 0
    R.ev(
        state,
        events,
        "task_done",
        trap=trap.id,
        title=D.TRAPS[trap.card]["name"],
        task=trap.task,
        of=len(D.TRAPS[trap.card]["tasks"]),
    )
    if trap.task >= len(D.TRAPS[trap.card]["tasks"]):
        R.free_subject(state, trap, events)


def save_victim(state: State, events: list[Event]) -> None:
    here = R.victims_at(state, state.fg_space)
    victim = min(here, key=lambda v: (v.special == "", v.id))
    state.victims.remove(victim)
    state.saved += 1
    R.leave_play(state, victim, events)
    slots = D.GIRLS[state.girl]["slots"]
    if state.slots < len(slots):
        reward = slots[state.slots]
        state.slots += 1
        R.ev(
            state,
            events,
            "victim_saved",
            victim=victim.id,
            special=victim.special,
            reward=reward,
            slot=state.slots,
            name=D.SPACES[state.fg_space]["name"],
        )
        if state.slots == len(slots):
            R.ev(state, events, "ultimate_unlocked", ultimate=D.GIRLS[state.girl]["ultimate"])
        reward_for(state, reward, events)
    else:
        R.ev(
            state,
            events,
            "victim_saved",
            victim=victim.id,
            special=victim.special,
            reward="time1",
            slot=state.slots,
            name=D.SPACES[state.fg_space]["name"],
        )
        R.change_time(state, 1, events)


def reward_for(state: State, reward: str, events: list[Event]) -> None:
    if reward == "heal":
        R.heal_fg(state, 1, events)
    elif reward == "time":
        R.change_time(state, 2, events)
    elif reward == "calm":
        R.change_horror(state, -1, events)
    elif reward == "move":
        # A movement effect (V2b): Trapped, she may not move, so it counts only toward her own trap's move
        # task ("you may use movement effects towards the requirement of escaping a trap"), else it is lost.
        own = R.fg_trap(state)
        if own is None:
            state.stack.append({"op": "move", "steps": 1, "mode": "move", "reward": True})
        elif current_task(own)[0] == "move":
            _toward_task(state, own, 1, events)
        else:
            R.ev(state, events, "reward_lost", reward="move", why="trapped")
    elif reward == "card" and len(state.hand) < D.RULES["hand_limit"]:
        state.ask = {"kind": "take_card"}


def use_item_now(state: State, item: str, events: list[Event]) -> None:
    spec = D.ITEMS[item]
    R.ev(state, events, "item_used", item=item, title=spec["name"])
    if spec["kind"] in ("unlock",) or spec.get("unlock_time"):
        if spec.get("unlock_time"):
            R.change_time(state, -spec["unlock_time"], events)
        else:
            R.use_item(state, item, events)
        R.unlock(state, state.fg_space, events, item)
        return
    effect = spec["effect"]
    R.use_item(state, item, events)
    R.change_time(state, effect.get("time", 0), events)
    if effect.get("heal"):
        R.heal_fg(state, effect["heal"], events)
    if effect.get("horror"):
        R.change_horror(state, effect["horror"], events)
    if effect.get("call"):
        near = [
            v
            for v in R.free_victims(state)
            if v.space in D.NEIGHBOURS[state.fg_space] and v.space != state.killer_space
        ]
        for v in sorted(near, key=lambda v: v.id)[: effect["call"]]:
            R.move_victim(state, v, state.fg_space, events, "call")


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
    R.ev(state, events, "item_found", item=item, title=spec["name"], sort=spec["kind"])
    if spec["hands"]:
        offer_arrangement(state)


# -- hands and backpack -------------------------------------------------------------------------------------


def arrangements(state: State) -> list[list[str]]:
    """Every way to fill your two hands from what you carry, each as full as it can be (sorted ids)."""
    held = sorted(i for i in state.hands + state.backpack if D.ITEMS[i]["hands"])
    out: list[list[str]] = []
    for n in range(len(held), 0, -1):
        for combo in combinations(held, n):
            if sum(D.ITEMS[i]["hands"] for i in combo) > 2:
                continue
            if any(set(combo) < set(o) for o in out):
                continue
            out.append(list(combo))
    return [o for o in out if not any(set(o) < set(p) for p in out)] or [[]]


def offer_arrangement(state: State) -> None:
    """Ask how to hold your items when there is more than one way (Upkeep, or on gaining an item)."""
    if len(state.hands) + len(state.backpack) < 2:  # one item or none: nothing to arrange (every Upkeep)
        return
    carried = state.hands + state.backpack
    if sum(1 for i in carried if D.ITEMS[i]["hands"]) > 1 and len(arrangements(state)) > 1:
        state.ask = {"kind": "arrange"}


def arrange_options(state: State) -> list[Option]:
    now = sorted(state.hands)
    ways = sorted(arrangements(state), key=lambda w: (w != now, w))
    opts = []
    for way in ways:
        names = " and ".join(f"the {D.ITEMS[i]['name']}" for i in way) or "nothing"
        opts.append(
            Option("hands:" + ("+".join(way) or "-"), f"hold {names}{' (as now)' if way == now else ''}")
        )
    return opts


def do_arrange(state: State, key: str, events: list[Event]) -> None:
    state.ask = {}
    way = [] if key == "hands:-" else key.split(":")[1].split("+")
    if sorted(state.hands) == way:
        return
    carried = state.hands + state.backpack
    state.hands = way
    state.backpack = [i for i in carried if i not in way]
    R.ev(state, events, "items_arranged", hands=list(way))


# -- rolling --------------------------------------------------------------------------------------------


def dice_count(state: State, trap: int) -> int:
    n = (_DICE_EXTREME if state.extreme else _DICE)[state.horror] + state.bonus_dice + R.adrenaline(state)
    if trap:
        if any(not v.trapped for v in R.victims_at(state, state.fg_space)):
            n += 1  # work together
        if (
            state.slots >= len(D.GIRLS[state.girl]["slots"])
            and D.GIRLS[state.girl]["ultimate"] == "escape_artist"
        ):
            n += 1
    return max(1, n)


def start_roll(
    state: State, card: str, purpose: str, events: list[Event], trap: int = 0, damage: int = 0
) -> None:
    n = dice_count(state, trap)
    state.bonus_dice = 0
    improvised = state.improvise != ""
    if state.improvise == "next":
        state.improvise = ""
    dice = state.rng.d6s(n)
    state.roll = {
        "card": card,
        "purpose": purpose,
        "trap": trap,
        "damage": damage,
        "dice": dice,
        "improvised": improvised,
        "converted": [],
    }
    kind = D.KIND[card]
    R.emit(
        state,
        events,
        "horror_roll",
        {"card": kind, "title": _NAME[kind], "dice": list(dice), "improvised": improvised},
    )
    offer_roll(state)


def offer_roll(state: State) -> None:
    """Ask about the roll only when something could still improve it (designed: at 2+ successes, the best
    line, converting or Close Call can change nothing for the better, so the roll resolves at once)."""
    if successes(state.roll) < 2 and _roll_choice(state):
        state.ask = {"kind": "roll"}
    else:
        state.stack.append({"op": "resolve_roll"})


def _roll_choice(state: State) -> bool:
    """As `len(roll_options(state)) > 1`, without building the options."""
    if not _CLOSE_CALLS.isdisjoint(state.hand):
        return True
    if len(state.hand) < _DISCARD_PAIR:
        return False
    return _partial(state.roll)


def do_roll_choice(state: State, key: str, events: list[Event]) -> None:
    state.ask = {}
    parts = key.split(":")
    roll = state.roll
    if parts[0] == "accept":
        state.stack.append({"op": "resolve_roll"})
        return
    if key == "convert":
        state.ask = {"kind": "convert"}
        return
    if parts[0] == "convert":
        threshold = 3 if roll["improvised"] else 5
        i = next(i for i, d in enumerate(roll["dice"]) if 3 <= d < threshold and i not in roll["converted"])
        for kind in parts[1:]:
            card = first_card(state.hand, kind)
            state.hand.remove(card)
            state.used.append(card)
        roll["converted"].append(i)
        R.emit(state, events, "partial_converted", {"die": roll["dice"][i], "discarded": parts[1:]})
    else:
        card = first_card(state.hand, "close_call")
        state.hand.remove(card)
        state.used.append(card)
        if parts[1] == "all":
            R.change_time(state, -2, events)
            roll["dice"] = state.rng.d6s(len(roll["dice"]))
            roll["converted"] = []
        else:
            i = int(parts[1])
            roll["dice"][i] = state.rng.d6s(1)[0]
            if i in roll["converted"]:
                roll["converted"].remove(i)
        R.ev(state, events, "close_call", dice=list(roll["dice"]), which=parts[1])
    if not state.result:
        offer_roll(state)


def successes(roll: dict[str, Any]) -> int:
    threshold = 3 if roll["improvised"] else 5
    hits = len(roll["converted"])
    for d in roll["dice"]:
        if d >= threshold:
            hits += 1
    return hits


def _resolve_roll(state: State, op: dict[str, Any], events: list[Event]) -> None:
    roll = state.roll
    state.roll = {}
    card = roll["card"]
    kind = D.KIND[card]
    hits = successes(roll)
    which = "two" if hits >= 2 else "one" if hits == 1 else "fail"
    line = dict(D.ACTIONS[kind].get(which, {}))
    R.emit(
        state, events, "roll_result", {"card": kind, "title": _NAME[kind], "successes": hits, "line": which}
    )
    state.used.append(card)
    state.resolving = ""
    if roll["purpose"] == "react":
        _resolve_reaction(state, roll, line, events)
        return
    if "choose" in line:
        state.ask = {"kind": "choose", "lines": line["choose"], "trap": roll["trap"]}
        return
    state.stack.append({"op": "line", "line": line, "trap": roll["trap"], "weapon": roll.get("weapon", "")})


def _resolve_reaction(state: State, roll: dict[str, Any], line: dict[str, Any], events: list[Event]) -> None:
    damage = roll["damage"]
    block = line.get("block", 0)
    if block == "all":
        left = 0
    elif block:
        left = max(1 if block == 1 else 0, damage - block)
    else:
        left = damage
    R.ev(state, events, "reaction", blocked=damage - left, left=left)
    if line.get("deal"):
        deal_damage(state, line["deal"], events, roll.get("weapon", ""))
    if not state.result:
        state.stack.append({"op": "attack_fg", "damage": left, "hat": roll.get("hat", False)})


def deal_damage(state: State, n: int, events: list[Event], chosen: str = "") -> None:
    """Damage to her from a card: the chosen weapon if it still reaches her, else the best one in reach."""
    weapon = chosen if chosen and chosen in weapons_in_reach(state) else weapon_for(state)
    if weapon:
        n += D.ITEMS[weapon]["mod"]
        if weapon in state.item_uses:
            R.use_item(state, weapon, events)
    elif state.slots >= len(D.GIRLS[state.girl]["slots"]) and D.GIRLS[state.girl]["ultimate"] == "brawler":
        n += 1
    R.hurt_killer(state, n, events, weapon or "")


def _line(state: State, op: dict[str, Any], events: list[Event]) -> None:
    line = op["line"]
    trap_id = op.get("trap", 0)
    trap = next((t for t in state.traps if t.id == trap_id), None) if trap_id else None
    if line.get("time"):
        R.change_time(state, line["time"], events)
    if line.get("horror"):
        R.change_horror(state, line["horror"], events)
    if line.get("heal"):
        R.heal_fg(state, line["heal"], events)
    if line.get("damage") and not state.result:
        if trap_id:
            if trap is not None:
                _toward_task(
                    state, trap, line["damage"] + _trap_weapon(state, trap, line["damage"], events), events
                )
        else:
            deal_damage(state, line["damage"], events, op.get("weapon", ""))
    if line.get("lose_health") and not state.result:
        R.hurt_fg(state, line["lose_health"], events, "card")
    if state.result or state.phase != "action":
        return
    if line.get("bonus_dice"):
        state.bonus_dice += line["bonus_dice"]
    if line.get("improvise"):
        state.improvise = line["improvise"] if state.improvise != "phase" else "phase"
    if line.get("end_phase"):
        state.end_action = True
    if line.get("search"):
        _search(state, line["search"], events)
    if line.get("move"):
        if trap_id:
            if trap is not None:
                _toward_task(state, trap, line["move"], events)
        else:
            state.stack.append({"op": "move", "steps": line["move"], "mode": "move"})
    if line.get("climb"):
        state.stack.append({"op": "move", "steps": 1, "mode": "climb"})
    if line.get("leap") == "fall":
        below = D.SPACES[state.fg_space].get("ground", state.fg_space)
        R.ev(state, events, "fg_falls", dst=below, name=D.SPACES[below]["name"])
        for v in R.victims_at(state, state.fg_space)[: D.RULES["follow"]]:
            R.move_victim(state, v, below, events, "follow")
        state.fg_space = below
    elif line.get("leap"):
        state.stack.append({"op": "move", "steps": 1, "mode": "leap"})


def _trap_weapon(state: State, trap: Trap, damage: int, events: list[Event]) -> int:
    """A weapon's modifier on damage toward an Escape Task ("any effects, regardless of the source", rulebook).

    The trap is in her space, so a weapon reaching range 0 serves; the best one is used, and only when the
    card's damage alone leaves the task short (a use is never spent on excess that would be lost)."""
    need = current_task(trap)[1] - trap.progress
    if damage >= need:
        return 0
    usable = [w for w in state.hands if D.ITEMS[w]["kind"] == "weapon" and D.ITEMS[w]["range"][0] == 0]
    if not usable:
        return 0
    weapon = min(usable, key=lambda w: (-D.ITEMS[w]["mod"], w in state.item_uses, w))
    if weapon in state.item_uses:
        R.use_item(state, weapon, events)
    return D.ITEMS[weapon]["mod"]


def _toward_task(state: State, trap: Trap, amount: int, events: list[Event]) -> None:
    _, n = current_task(trap)
    trap.progress = min(n, trap.progress + amount)
    R.ev(
        state,
        events,
        "task_progress",
        trap=trap.id,
        title=D.TRAPS[trap.card]["name"],
        progress=trap.progress,
        need=n,
    )
    if trap.progress >= n:
        finish_task(state, trap, events)


def _search(state: State, n: int, events: list[Event]) -> None:
    deck = state.item_decks.get(state.fg_space, [])
    drawn = [deck.pop() for _ in range(min(n, len(deck)))]
    for item in drawn:
        if item in state.items_down:
            state.items_down.remove(item)
    if not drawn:
        R.ev(state, events, "search_empty", name=D.SPACES[state.fg_space]["name"])
        return
    if len(drawn) == 1:
        gain_item(state, drawn[0], events)
        return
    state.ask = {"kind": "keep", "items": drawn}


def do_keep(state: State, key: str, events: list[Event]) -> None:
    parts = key.split(":")
    item, bottom = parts[1], parts[-1] == "bottom"
    other = [i for i in state.ask["items"] if i != item]
    state.ask = {}
    pile = state.item_decks[state.fg_space]
    if bottom:
        pile[:0] = other
        state.items_down.extend(other)
    else:
        pile.extend(other)
    R.ev(
        state,
        events,
        "item_returned",
        item=other[0],
        title=D.ITEMS[other[0]]["name"],
        bottom=bottom,
        name=D.SPACES[state.fg_space]["name"],
    )
    gain_item(state, item, events)


def _move(state: State, op: dict[str, Any], events: list[Event]) -> None:
    if op["steps"] <= 0 or state.result:
        return
    targets = move_targets(state, op["mode"])
    state.ask = {"kind": "move", "steps": op["steps"], "mode": op["mode"], "to": targets}
    if op.get("reward"):
        state.ask["reward"] = True  # a rescue's move: it may go toward a move Escape Task here (V2b)


def do_move(state: State, key: str, events: list[Event]) -> None:
    ask = state.ask
    state.ask = {}
    if key == "stop":
        return
    if key == "save":
        rest = {"op": "move", "steps": ask["steps"], "mode": ask["mode"]}
        if ask.get("reward"):
            rest["reward"] = True  # still the rescue's move (V2b)
        state.stack.append(rest)
        save_victim(state, events)
        return
    parts = key.split(":")
    if parts[0] == "trap":  # a rescue's move spent on a move Escape Task instead of a step (V2b)
        trap = next(t for t in state.traps if t.id == int(parts[1]))
        _toward_task(state, trap, 1, events)
        return
    there, k = parts[1], int(parts[2])
    src = state.fg_space
    present = sorted(R.victims_at(state, src), key=lambda v: v.id)
    if len(parts) == 4:
        ids = {int(i) for i in parts[3].split(".")}
        followers = [v for v in present if v.id in ids]
    else:
        followers = present[:k]
    state.fg_space = there
    if (
        state.forklift == src
        and "forklift_keys" in state.backpack
        and there not in D.RACKS
        and there not in D.EXITS
    ):
        state.forklift = there
    R.emit(
        state,
        events,
        "fg_moves",
        {
            "src": src,
            "dst": there,
            "name": D.SPACES[there]["name"],
            "followers": len(followers),
            "mode": ask["mode"],
        },
    )
    for v in followers:
        R.move_victim(state, v, there, events, "follow")
    R.push(
        state, {"op": "move", "steps": ask["steps"] - 1, "mode": "move" if ask["mode"] == "move" else "done"}
    )


def do_react(state: State, key: str, events: list[Event]) -> None:
    damage, hat = state.ask["damage"], state.ask.get("hat", False)
    state.ask = {}
    if key == "take":
        state.stack.append({"op": "take_hit", "damage": damage})
        return
    verb, what, *chosen = key.split(":")
    if verb == "item":
        # Armour answers one attack once (designed): one use, one point less, then you may still react.
        R.ev(state, events, "armour_absorbs", item=what, title=D.ITEMS[what]["name"], left=damage - 1)
        R.use_item(state, what, events)
        state.stack.append({"op": "attack_fg", "damage": damage - 1, "hat": True})
        return
    card = first_card(state.hand, what)
    state.hand.remove(card)
    state.resolving = card
    R.emit(state, events, "card_played", {"card": what, "title": name(what), "trap": 0})
    start_roll(state, card, "react", events, damage=damage)
    state.roll["hat"] = hat
    if chosen:
        state.roll["weapon"] = chosen[1]


def _planning_offer(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """Ask what to buy; when finishing is the only choice left (a full hand, nothing affordable), finish
    without asking (designed: a decision with one option decides nothing)."""
    if _can_buy(state):
        state.ask = {"kind": "planning"}
    else:
        do_planning(state, "done", events)


def _can_buy(state: State) -> bool:
    """As `len(planning_options(state)) > 1`, without building the options."""
    if len(state.hand) >= _HAND_LIMIT:
        return False
    return not _AFFORDABLE[min(max(state.time, 0), _MAX_COST)].isdisjoint(state.tableau)


_MAX_COST = max(cost for cost in _CARD_COST.values() if cost is not None)
_AFFORDABLE = [
    frozenset(c for c, cost in _CARD_COST.items() if cost is not None and cost <= time)
    for time in range(_MAX_COST + 1)
]
"""Time left (0 for less, the dearest cost for more) -> the card instances it can buy (Zero Cost cards always)."""


def do_planning(state: State, key: str, events: list[Event]) -> None:
    state.ask = {}
    if key == "done":
        start = D.RULES["time_start_extreme" if state.extreme else "time_start"]
        state.time = start
        state.tableau.extend(state.used)
        state.used = []
        R.emit(state, events, "planning_done", {"time": state.time, "hand": len(state.hand)})
        return
    kind = key.split(":")[1]
    if kind == "free":
        for card in free_cards(state)[: D.RULES["hand_limit"] - len(state.hand)]:
            state.tableau.remove(card)
            state.hand.append(card)
            free = D.KIND[card]
            R.emit(
                state,
                events,
                "card_bought",
                {"card": free, "title": name(free), "cost": 0, "time": state.time},
            )
    else:
        card = first_card(state.tableau, kind)
        cost = _COST[kind]
        state.tableau.remove(card)
        state.hand.append(card)
        if cost:
            state.time -= cost
        R.emit(
            state,
            events,
            "card_bought",
            {"card": kind, "title": _NAME[kind], "cost": cost, "time": state.time},
        )
    _planning_offer(state, {}, events)  # what queuing the offer step would do next, without the queue


def free_cards(state: State) -> list[str]:
    """The Zero Cost cards in the Tableau, in card order (Walk, Focus, Weak Attack, Short Rest)."""
    return sorted(_FREE_IDS.intersection(state.tableau), key=_FREE_RANK.__getitem__)


_FREE_RANK = {c: (D.ACTION_INDEX[D.KIND[c]], c) for c in _FREE_IDS}
"""Zero Cost card instance -> its place in card order (by kind, then id)."""


def do_take_card(state: State, key: str, events: list[Event]) -> None:
    state.ask = {}
    if key == "none":
        return
    kind = key.split(":")[1]
    card = first_card(state.tableau, kind)
    state.tableau.remove(card)
    state.hand.append(card)
    R.ev(state, events, "card_taken", card=kind, title=name(kind))


def do_choose(state: State, key: str, events: list[Event]) -> None:
    ask = state.ask
    state.ask = {}
    line = ask["lines"][int(key.split(":")[1])]
    state.stack.append({"op": "line", "line": line, "trap": ask.get("trap", 0)})


def tie_options(state: State) -> list[Option]:
    return [
        Option(
            f"tie:{space}:{'fg' if fg else 'v'}", "you" if fg else f"the Victims in {D.SPACES[space]['name']}"
        )
        for space, fg in state.ask["choices"]
    ]


def do_tie(state: State, key: str, events: list[Event]) -> None:
    ask = state.ask
    state.ask = {}
    _, space, who = key.split(":")
    R.ev(state, events, "tie_broken", space=space, fg=who == "fg")
    R.killer_go(state, (space, who == "fg"), ask["move"], ask["attack"], events)


R.STEPS.update(
    {
        "resolve_roll": _resolve_roll,
        "line": _line,
        "move": _move,
        "arrange": lambda s, o, e: offer_arrangement(s),
        "planning_offer": _planning_offer,
    }
)


# -- Game Ambiguity asked of the person ---------------------------------------------------------------------


def victim_label(state: State, vid: int) -> str:
    v = next(v for v in state.victims if v.id == vid)
    who = f"{D.EVENTS[v.special]['name']} (Victim {v.id})" if v.special else f"Victim {v.id}"
    return f"{who} in {D.SPACES[v.space]['name']}"


def victim_tie_options(state: State) -> list[Option]:
    """The Victims a trap or a blow could take (a trap_tie or an attack_tie)."""
    return [Option(f"victim:{vid}", victim_label(state, vid)) for vid in state.ask["victims"]]


def _settle_victim_tie(state: State, key: str, events: list[Event], about: str) -> Victim:
    vid = int(key.split(":")[1])
    state.ask = {}
    R.ev(state, events, "tie_settled", victim=vid, about=about)
    return next(v for v in state.victims if v.id == vid)


def do_trap_tie(state: State, key: str, events: list[Event]) -> None:
    R.trap_this(state, _settle_victim_tie(state, key, events, "trap"), events)


def do_attack_tie(state: State, key: str, events: list[Event]) -> None:
    R.kill_victim(state, _settle_victim_tie(state, key, events, "attack"), events, "killer")


def shield_options(state: State) -> list[Option]:
    """Each Minor Dark Power in play, as the one that takes the next damage."""
    out = []
    for card in state.ask["cards"]:
        spec = D.TERROR[D.KIND[card]]
        power = next(m for m in state.minor_powers if m.card == card)
        adds = ", ".join(f"+{n} {what}" for what, n in spec["minor"].items())
        out.append(
            Option(f"shield:{card}", f"{spec['name']} ({adds}; {power.health} health) takes damage first")
        )
    return out


def do_shield(state: State, key: str, events: list[Event]) -> None:
    state.ask = {}
    R.put_first(state, key.split(":", 1)[1], events)


# -- panic order ----------------------------------------------------------------------------------------------


_PIT_DICE = (
    Option("pit:1", "one die, as the Supervisor's card says for his space"),
    Option("pit:2", "two dice, as The Pit says for anyone panicking there"),
)


def pit_dice_options(state: State) -> tuple[Option, ...]:
    """The Supervisor's group panics from The Pit: his card's one die, or The Pit's two (V5c)."""
    return _PIT_DICE


def do_pit_dice(state: State, key: str, events: list[Event]) -> None:
    ids = state.ask["victims"]
    state.ask = {}
    n = int(key.split(":")[1])
    R.ev(state, events, "pit_dice", count=n, roll=[], rule=state.ties, chosen=True)
    here = {v.id: v for v in state.victims}
    R.panic_all(state, [here[i] for i in ids if i in here], events, ordered=True, group_dice=n)


def panic_order_options(state: State) -> list[Option]:
    return [
        Option("panic:group", "the Supervisor's group panics first"),
        Option("panic:others", "the others panic first (any who run into his space go with his group)"),
    ]


def do_panic_order(state: State, key: str, events: list[Event]) -> None:
    ids = state.ask["victims"]
    state.ask = {}
    first = key == "panic:group"
    R.ev(state, events, "panic_order", group_first=first)
    R.panic_all(state, R.supervisor_first(state, ids, first), events, ordered=True)
