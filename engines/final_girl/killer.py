"""The Killer's turn: The Tormentor's actions and attacks, the Reactions that answer them, the Terror cards
and the Minor Dark Powers, and the ties of her target."""

from __future__ import annotations

from typing import Any

from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import ambiguity as amb
from engines.final_girl import data as D
from engines.final_girl.board import (
    fg_trap,
    free_victims,
    kill_victim,
    other_setup,
    settle_victim_tie,
    victims_at,
)
from engines.final_girl.cards import hand_kinds, name, take_from
from engines.final_girl.items import use_item, uses_after, weapons_in_reach
from engines.final_girl.keys import Key
from engines.final_girl.machine import CHOICES, OPTIONS, STEPS, emit, ev, push
from engines.final_girl.rolling import start_roll
from engines.final_girl.state import MinorPower, State
from engines.final_girl.tracks import attack_value, hurt_fg, move_value, reveal_dark_power


@OPTIONS.step("react")
def react_options(state: State) -> list[Option]:
    opts = []
    for kind in hand_kinds(state):
        if not D.ACTIONS[kind].get("reaction"):
            continue
        opts.append(
            Option(str(Key("react", card=kind)), f"play {name(kind)} against {state.ask['damage']} damage")
        )
        if D.ACTIONS[kind]["two"].get("deal") and len(state.hands) > 1:
            for weapon in weapons_in_reach(state)[1:]:  # strike back with the weapon you choose
                label = f"play {name(kind)} against {state.ask['damage']} damage, striking with the {D.ITEMS[weapon]['name']}"
                opts.append(Option(str(Key("react", card=kind, item=weapon)), label))
    if not state.ask.get("hat"):
        for item in sorted(i for i in state.hands + state.backpack if D.ITEMS[i]["kind"] == "armour"):
            left = state.item_uses.get(item, 1)
            opts.append(
                Option(
                    str(Key("item", item=item)),
                    f"take it on the {D.ITEMS[item]['name']}: 1 less damage ({left} use{'s' if left != 1 else ''} left)",
                )
            )
    opts.append(Option("take", f"take the {state.ask['damage']} damage", ("none", "no")))
    return opts


@CHOICES.step("react")
def do_react(state: State, key: Key, events: list[Event]) -> None:
    damage, hat = state.ask["damage"], state.ask.get("hat", False)
    state.ask = {}
    if key.verb == "take":
        push(state, {"op": "take_hit", "damage": damage})
        return
    if key.verb == "item":
        what = key.item
        # Armour answers one attack once (designed): one use, one point less, then you may still react.
        ev(
            state,
            events,
            "armour_absorbs",
            item=what,
            title=D.ITEMS[what]["name"],
            left=damage - 1,
            **uses_after(state, what),
        )
        use_item(state, what, events)
        push(state, {"op": "attack_fg", "damage": damage - 1, "hat": True})
        return
    what = key.card
    card = take_from(state.hand, what)
    state.resolving = card
    emit(state, events, "card_played", {"card": what, "title": name(what), "trap": 0})
    start_roll(state, card, "react", events, damage=damage)
    state.roll["hat"] = hat
    if key.item:
        state.roll["weapon"] = key.item


@OPTIONS.step("tie")
def tie_options(state: State) -> list[Option]:
    return [
        Option(
            str(Key("tie", space=space, every=bool(fg))),
            "you" if fg else f"the Victims in {D.SPACES[space]['name']}",
        )
        for space, fg in state.ask["choices"]
    ]


@CHOICES.step("tie")
def do_tie(state: State, key: Key, events: list[Event]) -> None:
    ask = state.ask
    state.ask = {}
    ev(state, events, "tie_broken", space=key.space, fg=key.every)
    killer_go(state, (key.space, key.every), ask["move"], ask["attack"], events)


@CHOICES.step("attack_tie")
def do_attack_tie(state: State, key: Key, events: list[Event]) -> None:
    kill_victim(state, settle_victim_tie(state, key, events, "attack"), events, "killer")


@OPTIONS.step("shield")
def shield_options(state: State) -> list[Option]:
    """Each Minor Dark Power in play, as the one that takes the next damage."""
    out = []
    for card in state.ask["cards"]:
        spec = D.TERROR[D.KIND[card]]
        power = next(m for m in state.minor_powers if m.card == card)
        adds = ", ".join(f"+{n} {what}" for what, n in spec["minor"].items())
        out.append(
            Option(
                str(Key("shield", card=card)),
                f"{spec['name']} ({adds}; {power.health} health) takes damage first",
            )
        )
    return out


@CHOICES.step("shield")
def do_shield(state: State, key: Key, events: list[Event]) -> None:
    state.ask = {}
    put_first(state, key.card, events)


@STEPS.step("killer_phase")
def _killer_phase(state: State, op: dict[str, Any], events: list[Event]) -> None:
    state.phase = "killer"
    if state.finale_revealed and not state.killer_space:
        state.killer_space = other_setup(state)
        ev(
            state,
            events,
            "killer_appears",
            space=state.killer_space,
            name=D.SPACES[state.killer_space]["name"],
            health=state.killer_health,
        )
    action = D.FINALES[state.finale]["action"] if state.finale_revealed else D.KILLER["initial_action"]
    ops = [dict(a) for a in action]
    if not state.finale_revealed:
        ops.append({"op": "draw_terror"})
    push(state, *ops)


@STEPS.step("draw_terror")
def _draw_terror(state: State, op: dict[str, Any], events: list[Event]) -> None:
    if len(state.terror) == 0:
        return
    card = state.terror.draw()
    kind = D.card_kind(card)
    spec = D.TERROR[kind]
    if spec.get("needs_victims") and not free_victims(state):
        state.terror.discard(card)
        ev(state, events, "terror_skipped", card=card, title=spec["name"])
        push(state, {"op": "draw_terror"})
        return
    emit(state, events, "terror_drawn", {"card": card, "title": spec["name"], "left": len(state.terror)})
    push(state, *[dict(e) for e in spec["effects"]], {"op": "terror_done", "card": card})


@STEPS.step("terror_done")
def _terror_done(state: State, op: dict[str, Any], events: list[Event]) -> None:
    card = op["card"]
    if card in state.terror.draw_pile or any(m.card == card for m in state.minor_powers):
        return  # bottomed, or in play as a Minor Dark Power
    state.terror.discard(card)
    state.bottomed = 0


@STEPS.step("bottom")
def _bottom(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """Bottoming: under the Terror deck, unless it is the last card or the cards keep bottoming in a loop."""
    card = current_terror(state)
    if card is None:
        return
    if len(state.terror) == 0 or state.bottomed >= len(state.terror):
        ev(state, events, "terror_discarded", card=card, title=D.TERROR[D.card_kind(card)]["name"])
        return
    state.bottomed += 1
    state.terror.draw_pile.insert(0, card)
    ev(state, events, "terror_bottomed", card=card, title=D.TERROR[D.card_kind(card)]["name"])


def current_terror(state: State) -> str | None:
    for op in reversed(state.stack):
        if op["op"] == "terror_done":
            return op["card"]
    return None


@STEPS.step("killer_action")
def _killer_action(state: State, op: dict[str, Any], events: list[Event]) -> None:
    if not state.killer_space:
        ev(state, events, "killer_unseen")
        return
    tied = targets(state, op["target"])
    if len(tied) > 1 and amb.asks(state):
        state.ask = {
            "kind": "tie",
            "choices": [[s, fg] for s, fg in tied],
            "move": op.get("move", 0),
            "attack": op.get("attack", 0),
        }
        return
    chosen = amb.target(state, tied) if len(tied) > 1 else tied[0] if tied else None
    killer_go(state, chosen, op.get("move", 0), op.get("attack", 0), events)


def killer_go(
    state: State, target: tuple[str, bool] | list | None, move: int, attack: int, events: list[Event]
) -> None:
    """Move toward the chosen target, then queue the attacks."""
    if target is not None:
        emit(
            state,
            events,
            "killer_targets",
            {"space": target[0], "name": D.SPACES[target[0]]["name"], "fg": bool(target[1])},
        )
        _killer_move(state, target[0], move, events)
    for _ in range(attack):
        push(state, {"op": "attack", "fg": target is not None and bool(target[1])})


def targets(state: State, kind: str) -> list[tuple[str, bool]]:
    """Every target still tied after distance and then most Victims, Infinite Evil's pick (you) first."""
    here = state.killer_space
    groups: dict[str, int] = {}
    for v in free_victims(state):
        groups[v.space] = groups.get(v.space, 0) + 1
    fg_ok = fg_trap(state) is None
    cands: list[tuple[int, int, int, int, str, bool]] = []
    if kind in ("closest", "closest_victim"):
        for space, n in groups.items():
            cands.append((D.DIST[here][space], -n, 1, D.ORDER.index(space), space, False))
    if kind in ("closest", "fg") and fg_ok:
        cands.append(
            (D.DIST[here][state.fg_space], -groups.get(state.fg_space, 0), 0, 0, state.fg_space, True)
        )
    if not cands:
        return []
    cands.sort()
    best = cands[0][:2]
    return [(c[4], c[5]) for c in cands if c[:2] == best]


def _killer_move(state: State, goal: str, boots: int, events: list[Event]) -> None:
    steps = boots * move_value(state)
    start = state.killer_space
    for _ in range(steps):
        if state.killer_space == goal:
            break
        state.killer_space = D.step_toward(state.killer_space, goal)
    if state.killer_space != start:
        ev(
            state,
            events,
            "killer_moves",
            src=start,
            dst=state.killer_space,
            name=D.SPACES[state.killer_space]["name"],
        )


@STEPS.step("lock_run")
def _lock_run(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """No Escape!: she heads for the nearest unlocked Exit and locks it; with none open, she hunts."""
    if not state.killer_space:
        return
    open_exits = [e for e in D.EXITS if e not in state.locked]
    if not open_exits:
        push(state, {"op": "killer_action", "target": "closest", "move": 1, "attack": 1})
        return
    goal = min(open_exits, key=lambda e: (D.DIST[state.killer_space][e], D.ORDER.index(e)))
    emit(state, events, "killer_targets", {"space": goal, "name": D.SPACES[goal]["name"], "fg": False})
    _killer_move(state, goal, 1, events)
    if state.killer_space == goal:
        state.locked.append(goal)
        ev(state, events, "exit_locked", space=goal, name=D.SPACES[goal]["name"])
    push(state, {"op": "attack", "fg": False})


@STEPS.step("attack")
def _attack(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """One attack: Victims in her space before the Final Girl, unless the Final Girl was the target."""
    space = state.killer_space
    if not space:
        return
    here = victims_at(state, space)
    fg_here = state.fg_space == space and fg_trap(state) is None
    if here and not (op.get("fg") and fg_here):
        if amb.alike(here):
            kill_victim(state, min(here, key=lambda v: v.id), events, "killer")
        elif amb.asks(state):
            state.ask = {"kind": "attack_tie", "victims": [v.id for v in amb.distinct(here)]}
        else:
            kill_victim(state, amb.attacked_victim(state, here), events, "killer")
        return
    if fg_here:
        push(state, {"op": "attack_fg", "damage": attack_value(state), "first": True})
        return
    ev(state, events, "attack_empty", name=D.SPACES[space]["name"])


@STEPS.step("attack_fg")
def _attack_fg(state: State, op: dict[str, Any], events: list[Event]) -> None:
    damage = op["damage"]
    if op.get("first"):
        ev(state, events, "killer_attacks_fg", damage=damage)
    reactions = [c for c in state.hand if D.ACTIONS[D.KIND[c]].get("reaction")]
    hat = not op.get("hat") and any(D.ITEMS[i]["kind"] == "armour" for i in state.backpack + state.hands)
    if damage > 0 and (reactions or hat) and fg_trap(state) is None:
        state.ask = {"kind": "react", "damage": damage, "hat": bool(op.get("hat"))}
        return
    push(state, {"op": "take_hit", "damage": damage})


@STEPS.step("take_hit")
def _take_hit(state: State, op: dict[str, Any], events: list[Event]) -> None:
    damage = op["damage"]
    friend = next((v for v in state.victims if v.special == "best_friend" and not v.trapped), None)
    if damage > 0 and friend and friend.space == state.fg_space:
        damage -= 1
        ev(state, events, "friend_shields", victim=friend.id)
    hurt_fg(state, damage, events, "killer")


@STEPS.step("minor_power")
def _minor_power(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """The Terror card stays in play above her board as a Minor Dark Power with its health markers."""
    card = current_terror(state)
    if card is None:
        return
    spec = D.TERROR[D.KIND[card]]
    state.minor_powers.append(MinorPower(card, spec["health"]))
    ev(
        state,
        events,
        "minor_power",
        card=card,
        title=spec["name"],
        health=spec["health"],
        adds=dict(spec["minor"]),
    )
    if len({D.KIND[m.card] for m in state.minor_powers}) > 1:
        _settle_shield(state, events)


def _settle_shield(state: State, events: list[Event]) -> None:
    """Which Minor Dark Power takes damage first, now that there is more than one: the rules say only that
    they take it before her health, so it is a tie for Game Ambiguity (RULES.md K12b)."""
    if amb.asks(state):
        state.ask = {"kind": "shield", "cards": [m.card for m in state.minor_powers]}
        return
    put_first(state, amb.shield(state, state.minor_powers).card, events, chosen=False)


def put_first(state: State, card: str, events: list[Event], chosen: bool = True) -> None:
    """The Minor Dark Power that takes the next damage; the others keep their order."""
    power = next(m for m in state.minor_powers if m.card == card)
    state.minor_powers.remove(power)
    state.minor_powers.insert(0, power)
    title = D.TERROR[D.KIND[card]]["name"]
    ev(state, events, "shield_order", card=card, title=title, chosen=chosen, rule=state.ties)


@STEPS.step("draw_next")
def _draw_next(state: State, op: dict[str, Any], events: list[Event]) -> None:
    push(state, {"op": "draw_terror"})


def finale_upkeep(state: State) -> list[dict[str, Any]]:
    """The Finale's Upkeep steps, from the Upkeep after the one that revealed it."""
    if state.finale_revealed and state.turn > state.finale_turn:
        return [dict(e) for e in D.FINALES[state.finale].get("upkeep", [])]
    return []


def reveal_finale_if_due(state: State, events: list[Event]) -> None:
    """With the Terror deck out, the Finale flips in Upkeep, and the Dark Power with it."""
    if not state.finale_revealed and len(state.terror) == 0:
        state.finale_revealed = True
        state.finale_turn = state.turn
        ev(state, events, "finale_revealed", finale=state.finale, title=D.FINALES[state.finale]["name"])
        reveal_dark_power(state, events)
