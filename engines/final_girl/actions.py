"""The Final Girl's side: what she may do at each decision, and how her Action cards and items resolve."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl import rules as R
from engines.final_girl.state import State, Trap


def name(kind: str) -> str:
    return D.ACTIONS[kind]["name"]


def hand_kinds(state: State) -> list[str]:
    kinds = D.KIND
    return sorted({kinds[c] for c in state.hand}, key=D.ACTION_INDEX.__getitem__)


def first_card(cards: list[str], kind: str) -> str | None:
    """The lowest-numbered copy of a card kind in a pile (the one that is played, bought or discarded)."""
    kinds = D.KIND
    return min((c for c in cards if kinds[c] == kind), default=None)


# -- what she may do ------------------------------------------------------------------------------------


def workable_traps(state: State) -> list[Trap]:
    """Traps whose Escape Tasks she may work on now: her own, or (when free) Victims' traps in her space."""
    own = R.fg_trap(state)
    if own is not None:
        return [own]
    return [t for t in state.traps if not t.done and t.subject != "fg" and t.space == state.fg_space]


def current_task(trap: Trap) -> tuple[str, int]:
    kind, n = D.TRAPS[trap.card]["tasks"][trap.task].split(":")
    return kind, int(n)


def weapon_for(state: State) -> str | None:
    """The best weapon in hand that reaches the Tormentor (range 0 = same space)."""
    if not state.killer_space:
        return None
    dist = D.DIST[state.fg_space][state.killer_space]
    usable = [
        w
        for w in state.hands
        if D.ITEMS[w]["kind"] == "weapon" and D.ITEMS[w]["range"][0] <= dist <= D.ITEMS[w]["range"][1]
    ]
    return max(usable, key=lambda w: (D.ITEMS[w]["mod"], w)) if usable else None


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
    trapped = R.fg_trap(state) is not None
    traps = workable_traps(state)
    for kind in hand_kinds(state):
        spec = D.ACTIONS[kind]
        if spec.get("reaction") or spec.get("after_roll"):
            continue
        label = name(kind)
        if spec.get("attack"):
            if can_attack_killer(state):
                opts.append(Option(f"play:{kind}", f"play {label} on the Tormentor", (label.lower(),)))
        elif spec.get("needs_search"):
            if D.SPACES[state.fg_space].get("search") and not trapped:
                opts.append(Option(f"play:{kind}", f"play {label} here", (label.lower(),)))
        elif kind == "climb":
            if climb_targets(state) and not trapped:
                opts.append(Option(f"play:{kind}", f"play {label} onto a Rack", (label.lower(),)))
        elif kind == "leap":
            if leap_targets(state) and not trapped:
                opts.append(Option(f"play:{kind}", f"play {label} to the next Rack", (label.lower(),)))
        elif is_move_card(kind):
            if not trapped:
                opts.append(Option(f"play:{kind}", f"play {label}", (label.lower(),)))
        else:
            opts.append(Option(f"play:{kind}", f"play {label}", (label.lower(),)))
        for trap in traps:
            task, _ = current_task(trap)
            if (task == "damage" and spec.get("attack")) or (task == "move" and is_move_card(kind)):
                opts.append(
                    Option(f"play:{kind}:trap:{trap.id}", f"play {label} toward the {trap_label(trap)}")
                )
    for trap in traps:
        task, n = current_task(trap)
        if task == "time" and state.time - n >= 0:
            opts.append(Option(f"task:{trap.id}", f"spend {n} Time on the {trap_label(trap)}"))
        elif task == "health":
            opts.append(Option(f"task:{trap.id}", f"lose {n} health on the {trap_label(trap)}"))
        elif task == "horror":
            opts.append(Option(f"task:{trap.id}", f"raise Horror {n} on the {trap_label(trap)}"))
    if saveable(state) and not trapped:
        opts.append(Option("save", "save a Victim here", ("rescue",)))
    for item in item_uses(state):
        opts.append(Option(f"item:{item}", f"use the {D.ITEMS[item]['name']}"))
    if (
        state.forklift == state.fg_space
        and "forklift_keys" in state.backpack
        and state.time >= 1
        and not trapped
    ):
        for space in sorted(
            {v.space for v in R.free_victims(state) if v.space in D.RACKS}, key=D.ORDER.index
        ):
            if space in D.NEIGHBOURS[state.fg_space]:
                opts.append(Option(f"forklift:{space}", f"lift a Victim down from {D.SPACES[space]['name']}"))
    if first_card(state.hand, "walk"):
        for kind in ("climb", "leap"):
            if first_card(state.tableau, kind):
                opts.append(Option(f"take:{kind}", f"discard Walk to take {name(kind)}"))
    if (
        first_card(state.hand, "sprint")
        and first_card(state.tableau, "climb")
        and first_card(state.tableau, "leap")
    ):
        opts.append(Option("take:both", "discard Sprint to take Climb and Leap"))
    for kind in hand_kinds(state):
        opts.append(Option(f"discard:{kind}", f"discard {name(kind)} for 1 Time"))
    opts.append(Option("end", "end the Action phase", ("done", "pass", "stop")))
    return opts


def trap_label(trap: Trap) -> str:
    who = "your" if trap.subject == "fg" else f"Victim {trap.subject}'s"
    return f"{D.TRAPS[trap.card]['name']} ({who} trap)"


def item_uses(state: State) -> list[str]:
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


def planning_options(state: State) -> list[Option]:
    opts = []
    full = len(state.hand) >= D.RULES["hand_limit"]
    if not full:
        for kind in sorted({D.card_kind(c) for c in state.tableau}, key=D.ACTION_INDEX.__getitem__):
            spec = D.ACTIONS[kind]
            if spec.get("special"):
                continue
            if spec["cost"] == 0 or spec["cost"] <= state.time:
                opts.append(
                    Option(f"buy:{kind}", f"buy {name(kind)} ({spec['cost']} Time)", (name(kind).lower(),))
                )
    opts.append(Option("done", "finish Planning", ("end", "pass")))
    return opts


def roll_options(state: State) -> list[Option]:
    roll = state.roll
    opts = [Option("accept", "accept the roll", ("ok", "keep"))]
    threshold = 3 if roll.get("improvised") else 5
    partials = [i for i, d in enumerate(roll["dice"]) if 3 <= d < threshold and i not in roll["converted"]]
    if partials and len(state.hand) >= D.RULES["discard_pair"]:
        kinds = sorted({D.card_kind(c) for c in state.hand}, key=D.ACTION_INDEX.__getitem__)
        pairs = [(k, k) for k in kinds if sum(D.card_kind(c) == k for c in state.hand) >= 2]
        pairs += list(combinations(kinds, 2))
        for a, b in sorted(
            pairs, key=lambda p: (D.ACTION_INDEX.__getitem__(p[0]), D.ACTION_INDEX.__getitem__(p[1]))
        ):
            opts.append(
                Option(f"convert:{a}:{b}", f"discard {name(a)} and {name(b)} to make a 3-4 a success")
            )
    if first_card(state.hand, "close_call"):
        for i, d in enumerate(roll["dice"]):
            opts.append(Option(f"closecall:{i}", f"Close Call: re-roll the {d}"))
        if state.time >= 2:
            opts.append(Option("closecall:all", "Close Call: re-roll every die for 2 Time"))
    return opts


def move_options(state: State) -> list[Option]:
    ask = state.ask
    opts = []
    here = state.fg_space
    follow = len(R.victims_at(state, here))
    for there in sorted(ask["to"], key=D.ORDER.index):
        into_killer = there == state.killer_space
        most = 0 if into_killer else min(D.RULES["follow"], follow)
        label = D.SPACES[there]["name"]
        for k in range(most, -1, -1):
            with_ = f" with {k} Victim{'s' if k != 1 else ''}" if k else ""
            opts.append(Option(f"to:{there}:{k}", f"go to {label}{with_}"))
    if saveable(state) and ask.get("mode") == "move":
        opts.append(Option("save", "save a Victim here", ("rescue",)))
    opts.append(Option("stop", "stop moving", ("done",)))
    return opts


def move_targets(state: State, mode: str) -> list[str]:
    here = state.fg_space
    if mode == "climb":
        return climb_targets(state)
    if mode == "leap":
        return leap_targets(state)
    return [n for n in D.WALK_LINES[here] if n not in D.RACKS]


def react_options(state: State) -> list[Option]:
    opts = [
        Option(f"react:{kind}", f"play {name(kind)} against {state.ask['damage']} damage")
        for kind in hand_kinds(state)
        if D.ACTIONS[kind].get("reaction")
    ]
    opts.append(Option("take", f"take the {state.ask['damage']} damage", ("none", "no")))
    return opts


def choose_options(state: State) -> list[Option]:
    return [Option(f"line:{i}", describe_line(line)) for i, line in enumerate(state.ask["lines"])]


def keep_options(state: State) -> list[Option]:
    return [Option(f"keep:{item}", f"keep the {D.ITEMS[item]['name']}") for item in state.ask["items"]]


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


def describe_line(line: dict[str, Any]) -> str:
    parts = []
    for key, value in line.items():
        if key == "choose":
            continue
        parts.append(f"{key.replace('_', ' ')} {value}" if value is not True else key.replace("_", " "))
    return ", ".join(parts) or "nothing"


# -- doing it -------------------------------------------------------------------------------------------


def do_action(state: State, key: str, events: list[Event]) -> None:
    parts = key.split(":")
    verb = parts[0]
    R.push(state, {"op": "hub"})
    state.ask = {}
    if verb == "play":
        kind = parts[1]
        trap = int(parts[3]) if len(parts) == 4 else 0
        card = first_card(state.hand, kind)
        assert card is not None
        state.hand.remove(card)
        state.resolving = card
        state.played.append(kind)
        R.ev(state, events, "card_played", card=kind, title=name(kind), trap=trap)
        start_roll(state, card, "action", events, trap=trap)
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
        R.ev(state, events, "action_stop", time=state.time)


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
        R.push(state, {"op": "move", "steps": 1, "mode": "move"})
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
    spec = D.ITEMS[item]
    used = sum(D.ITEMS[h]["hands"] for h in state.hands)
    if spec["hands"] and used + spec["hands"] <= 2:
        state.hands.append(item)
    else:
        state.backpack.append(item)
    if spec.get("uses"):
        state.item_uses[item] = spec["uses"]
    R.ev(state, events, "item_found", item=item, title=spec["name"], sort=spec["kind"])


# -- rolling --------------------------------------------------------------------------------------------


def dice_count(state: State, trap: int) -> int:
    n = D.dice_for(state.horror, state.extreme) + state.bonus_dice + R.adrenaline(state)
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
    R.ev(
        state,
        events,
        "horror_roll",
        card=D.card_kind(card),
        title=name(D.card_kind(card)),
        dice=list(dice),
        improvised=improvised,
    )
    offer_roll(state)


def offer_roll(state: State) -> None:
    if len(roll_options(state)) > 1:
        state.ask = {"kind": "roll"}
    else:
        R.push(state, {"op": "resolve_roll"})


def do_roll_choice(state: State, key: str, events: list[Event]) -> None:
    state.ask = {}
    parts = key.split(":")
    roll = state.roll
    if parts[0] == "accept":
        R.push(state, {"op": "resolve_roll"})
        return
    if parts[0] == "convert":
        threshold = 3 if roll["improvised"] else 5
        i = next(i for i, d in enumerate(roll["dice"]) if 3 <= d < threshold and i not in roll["converted"])
        for kind in parts[1:]:
            card = first_card(state.hand, kind)
            state.hand.remove(card)
            state.used.append(card)
        roll["converted"].append(i)
        R.ev(state, events, "partial_converted", die=roll["dice"][i], discarded=parts[1:])
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
    return sum(1 for d in roll["dice"] if d >= threshold) + len(roll["converted"])


def _resolve_roll(state: State, op: dict[str, Any], events: list[Event]) -> None:
    roll = state.roll
    state.roll = {}
    card = roll["card"]
    kind = D.card_kind(card)
    hits = successes(roll)
    which = "two" if hits >= 2 else "one" if hits == 1 else "fail"
    line = dict(D.ACTIONS[kind].get(which, {}))
    R.ev(state, events, "roll_result", card=kind, title=name(kind), successes=hits, line=which)
    state.used.append(card)
    state.resolving = ""
    if roll["purpose"] == "react":
        _resolve_reaction(state, roll, line, events)
        return
    if "choose" in line:
        state.ask = {"kind": "choose", "lines": line["choose"], "trap": roll["trap"]}
        return
    R.push(state, {"op": "line", "line": line, "trap": roll["trap"]})


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
        deal_damage(state, line["deal"], events)
    if not state.result:
        R.push(state, {"op": "attack_fg", "damage": left})


def deal_damage(state: State, n: int, events: list[Event]) -> None:
    weapon = weapon_for(state)
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
    trap = next((t for t in state.traps if t.id == trap_id), None)
    R.change_time(state, line.get("time", 0), events)
    if line.get("horror"):
        R.change_horror(state, line["horror"], events)
    if line.get("heal"):
        R.heal_fg(state, line["heal"], events)
    if line.get("damage") and not state.result:
        if trap_id:
            if trap is not None:
                _toward_task(state, trap, line["damage"], events)
        else:
            deal_damage(state, line["damage"], events)
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
            R.push(state, {"op": "move", "steps": line["move"], "mode": "move"})
    if line.get("climb"):
        R.push(state, {"op": "move", "steps": 1, "mode": "climb"})
    if line.get("leap") == "fall":
        below = D.SPACES[state.fg_space].get("ground", state.fg_space)
        R.ev(state, events, "fg_falls", dst=below, name=D.SPACES[below]["name"])
        for v in R.victims_at(state, state.fg_space)[: D.RULES["follow"]]:
            R.move_victim(state, v, below, events, "follow")
        state.fg_space = below
    elif line.get("leap"):
        R.push(state, {"op": "move", "steps": 1, "mode": "leap"})


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
    if not drawn:
        R.ev(state, events, "search_empty", name=D.SPACES[state.fg_space]["name"])
        return
    if len(drawn) == 1:
        gain_item(state, drawn[0], events)
        return
    state.ask = {"kind": "keep", "items": drawn}


def do_keep(state: State, key: str, events: list[Event]) -> None:
    item = key.split(":", 1)[1]
    other = [i for i in state.ask["items"] if i != item]
    state.ask = {}
    state.item_decks[state.fg_space].extend(other)  # the other goes back on top, face up
    gain_item(state, item, events)


def _move(state: State, op: dict[str, Any], events: list[Event]) -> None:
    if op["steps"] <= 0 or state.result:
        return
    targets = move_targets(state, op["mode"])
    state.ask = {"kind": "move", "steps": op["steps"], "mode": op["mode"], "to": targets}


def do_move(state: State, key: str, events: list[Event]) -> None:
    ask = state.ask
    state.ask = {}
    if key == "stop":
        return
    if key == "save":
        R.push(state, {"op": "move", "steps": ask["steps"], "mode": ask["mode"]})
        save_victim(state, events)
        return
    _, there, k = key.split(":")
    src = state.fg_space
    followers = sorted(R.victims_at(state, src), key=lambda v: v.id)[: int(k)]
    state.fg_space = there
    if (
        state.forklift == src
        and "forklift_keys" in state.backpack
        and there not in D.RACKS
        and there not in D.EXITS
    ):
        state.forklift = there
    R.ev(
        state,
        events,
        "fg_moves",
        src=src,
        dst=there,
        name=D.SPACES[there]["name"],
        followers=len(followers),
        mode=ask["mode"],
    )
    for v in followers:
        R.move_victim(state, v, there, events, "follow")
    R.push(
        state, {"op": "move", "steps": ask["steps"] - 1, "mode": "move" if ask["mode"] == "move" else "done"}
    )


def do_react(state: State, key: str, events: list[Event]) -> None:
    damage = state.ask["damage"]
    state.ask = {}
    if key == "take":
        R.push(state, {"op": "take_hit", "damage": damage})
        return
    kind = key.split(":")[1]
    card = first_card(state.hand, kind)
    state.hand.remove(card)
    state.resolving = card
    R.ev(state, events, "card_played", card=kind, title=name(kind), trap=0)
    start_roll(state, card, "react", events, damage=damage)


def do_planning(state: State, key: str, events: list[Event]) -> None:
    if key == "done":
        state.ask = {}
        start = D.RULES["time_start_extreme" if state.extreme else "time_start"]
        state.time = start
        state.tableau.extend(state.used)
        state.used = []
        R.ev(state, events, "planning_done", time=state.time, hand=len(state.hand))
        return
    kind = key.split(":")[1]
    card = first_card(state.tableau, kind)
    cost = D.ACTIONS[kind]["cost"]
    state.tableau.remove(card)
    state.hand.append(card)
    if cost:
        state.time -= cost
    R.ev(state, events, "card_bought", card=kind, title=name(kind), cost=cost, time=state.time)


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
    R.push(state, {"op": "line", "line": line, "trap": ask.get("trap", 0)})


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


R.STEPS.update({"resolve_roll": _resolve_roll, "line": _line, "move": _move})
