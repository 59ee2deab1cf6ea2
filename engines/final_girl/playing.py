"""Playing Action cards: which may be played or discarded now, why one may not, and what a result line does."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engines.core import memo
from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl.board import fg_trap, move_victim, victims_at
from engines.final_girl.cards import CARD_ORDER, NAME, first_card, name, take_from
from engines.final_girl.items import deal_damage, search, weapon_for, weapons_in_reach
from engines.final_girl.keys import OPTION_KEY, Key, verb_of
from engines.final_girl.machine import ACTS, CHOICES, OPTIONS, STEPS, emit, ev, push
from engines.final_girl.rolling import start_roll
from engines.final_girl.state import State, Trap
from engines.final_girl.tracks import change_horror, change_time, heal_fg, hurt_fg
from engines.final_girl.traps import current_task, toward_task, trap_title, trap_weapon


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


def _sort(kind: str) -> str:
    spec = D.ACTIONS[kind]
    if spec.get("attack"):
        return "attack"
    if spec.get("needs_search"):
        return "search"
    if kind in ("climb", "leap"):
        return kind
    return "move" if is_move_card(kind) else "other"


def is_move_card(kind: str) -> bool:
    return "move" in D.ACTIONS[kind].get("two", {})


# Options that depend on the board and cards only: built once, or once per distinct key.
_PLAY = {k: Option(str(Key("play", card=k)), _play_label(k), (name(k).lower(),)) for k in D.ACTIONS}
_DISCARD = {k: Option(str(Key("discard", card=k)), f"discard {name(k)} for 1 Time") for k in D.ACTIONS}
_PLAYABLE = [k for k, spec in D.ACTIONS.items() if not (spec.get("reaction") or spec.get("after_roll"))]
_SORT = {k: _sort(k) for k in D.ACTIONS}
_SEARCHABLE = {s: bool(D.SPACES[s].get("search", False)) for s in D.ORDER}
_NEAR_RACK = {s: any(n in D.RACKS for n in D.WALK_LINES[s]) for s in D.ORDER}  # `climb_targets` not empty
_MOVES = {k: is_move_card(k) for k in D.ACTIONS}


def can_attack_killer(state: State) -> bool:
    if not state.killer_space or fg_trap(state) is not None:
        return False
    return state.killer_space == state.fg_space or weapon_for(state) is not None


_ACTION_WAYS = (
    ("play", "play a card"),
    ("item", "use an item"),
    ("save", "rescue a Victim"),
    ("task", "work a trap"),
    ("take", "trade a Walk for a new card"),
    ("discard", "discard for Time"),
    ("end", "end the phase"),
)


def action_prompt(options: Sequence[Option]) -> str:
    """The Action phase's question, naming only what it offers (no 'rescue a Victim' with none to rescue)."""
    return _action_prompt(frozenset(map(verb_of, map(OPTION_KEY, options))))


@lru_cache(maxsize=256)
def _action_prompt(verbs: frozenset[str]) -> str:
    """`action_prompt` from the verbs of the options: a pure function of them, so its cache never goes stale."""
    ways = [words for verb, words in _ACTION_WAYS if verb in verbs]
    if len(ways) > 1:
        return f"Action phase: {', '.join(ways[:-1])}, or {ways[-1]}."
    return f"Action phase: {ways[0] if ways else 'nothing to do'}."


@memo.positions(4096)
def _held_layout(held: frozenset[str]) -> tuple[tuple[tuple[str, str], ...], tuple[Option, ...]]:
    """The playable kinds among those held, in card order with their sort, and the discard options: a pure
    function of the kinds held, so an Action decision need not walk every kind of card."""
    playable = tuple((k, _SORT[k]) for k in _PLAYABLE if k in held)
    return playable, tuple(_DISCARD[k] for k in CARD_ORDER if k in held)


def _playable_here(state: State, sort: str, trapped: bool) -> bool:
    """Whether a card of this sort may be played where she stands (an attack is asked apart: it costs more)."""
    here = state.fg_space
    if trapped:
        return sort == "other"
    if sort == "search":
        return _SEARCHABLE[here]
    if sort == "climb":
        return here not in D.RACKS and _NEAR_RACK[here]
    if sort == "leap":
        return here in D.RACKS and bool(D.GAP_LINES[here])
    return True


def play_options(state: State, held: frozenset[str], trapped: bool, traps: list[Trap]) -> list[Option]:
    """The cards she may play now, each followed by its other weapons and the Escape Tasks it may go toward
    (`traps`: the traps she may work on; `trapped`: whether one of them is her own)."""
    opts: list[Option] = []
    tasks = [(t, current_task(t)[0]) for t in traps]
    attack_ok: bool | None = None
    for kind, sort in _held_layout(held)[0]:
        if sort == "attack":
            if attack_ok is None:
                attack_ok = can_attack_killer(state)
            ok = attack_ok
        else:
            ok = _playable_here(state, sort, trapped)
        if ok:
            opts.append(_PLAY[kind])
            if sort == "attack" and len(state.hands) > 1:
                # Holding two weapons that reach her, you choose one per attack (research 2.6).
                for weapon in weapons_in_reach(state)[1:]:
                    opts.append(_play_with(kind, weapon))
        for trap, task in tasks:
            if (task == "damage" and sort == "attack") or (task == "move" and _MOVES[kind]):
                opts.append(_play_toward(kind, trap.id, trap.card, trap.subject))
    return opts


def discard_options(held: frozenset[str]) -> tuple[Option, ...]:
    """A card of each kind held, discarded for 1 Time."""
    return _held_layout(held)[1]


@memo.positions(1024)
def _play_with(kind: str, weapon: str) -> Option:
    key = str(Key("play", card=kind, item=weapon))
    return Option(key, f"play {name(kind)} with the {D.ITEMS[weapon]['name']}")


@memo.positions(4096)
def _play_toward(kind: str, trap: int, card: str, subject: str) -> Option:
    """The option to play a card toward a trap's Escape Task: a pure function of its arguments."""
    key = str(Key("play", card=kind, number=trap))
    return Option(key, f"play {name(kind)} toward the {trap_title(card, subject)}")


@ACTS.step("play")
def _play(state: State, key: Key, events: list[Event]) -> None:
    kind = key.card
    card = take_from(state.hand, kind)
    state.resolving = card
    state.played.append(kind)
    emit(state, events, "card_played", {"card": kind, "title": NAME[kind], "trap": key.trap})
    start_roll(state, card, "action", events, trap=key.trap)
    if key.item:
        state.roll["weapon"] = key.item


@ACTS.step("discard")
def _discard(state: State, key: Key, events: list[Event]) -> None:
    state.used.append(take_from(state.hand, key.card))
    ev(state, events, "card_discarded", card=key.card, title=name(key.card))
    change_time(state, 1, events)


def why_not_play(state: State, key: Key) -> str:
    """Why a play key is refused."""
    kind = key.card
    if kind not in D.ACTIONS:
        return f"There is no Action card called '{kind}'."
    if not first_card(state.hand, kind):
        return f"{name(kind)} is not in your hand."
    if fg_trap(state) is not None:
        return "You are Trapped: you may only work on your Escape Tasks."
    spec = D.ACTIONS[kind]
    if spec.get("reaction"):
        return f"{name(kind)} is a Reaction card: play it when the Tormentor attacks you."
    if spec.get("attack") and not state.killer_space:
        return "The Tormentor is not on the board yet: there is no one to strike."
    if spec.get("attack"):
        return "No weapon in range: the Tormentor is not in reach."
    if spec.get("needs_search"):
        return "You can only Search on a Search space."
    return f"{name(kind)} cannot be played here."


def why_not_discard(state: State, key: Key) -> str:
    """Why a discard key is refused."""
    if key.card not in D.ACTIONS:
        return f"There is no Action card called '{key.card}'."
    return f"{name(key.card)} is not in your hand."


@OPTIONS.step("choose")
def choose_options(state: State) -> list[Option]:
    return [
        Option(str(Key("line", number=i)), describe_line(line)) for i, line in enumerate(state.ask["lines"])
    ]


@CHOICES.step("choose")
def do_choose(state: State, key: Key, events: list[Event]) -> None:
    ask = state.ask
    state.ask = {}
    line = ask["lines"][key.number]
    push(state, {"op": "line", "line": line, "trap": ask.get("trap", 0)})


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


@STEPS.step("line")
def _line(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """A result line, in its order: the tracks, damage and lost health; then, still in the Action phase, the
    rest (dice, Improvise, the end of the phase, a Search, moves)."""
    line = op["line"]
    trap_id = op.get("trap", 0)
    trap = next((t for t in state.traps if t.id == trap_id), None) if trap_id else None
    if line.get("time"):
        change_time(state, line["time"], events)
    if line.get("horror"):
        change_horror(state, line["horror"], events)
    if line.get("heal"):
        heal_fg(state, line["heal"], events)
    if line.get("damage") and not state.result:
        if trap_id:
            if trap is not None:
                extra, worn = trap_weapon(state, trap, line["damage"], events)
                mark = len(events)
                toward_task(state, trap, line["damage"] + extra, events)
                if worn and len(events) > mark:
                    events[mark].facts.update(worn)  # the task's progress says the uses the weapon has left
        else:
            deal_damage(state, line["damage"], events, op.get("weapon", ""))
    if line.get("lose_health") and not state.result:
        hurt_fg(state, line["lose_health"], events, "card")
    if state.result or state.phase != "action":
        return
    if line.get("bonus_dice"):
        state.bonus_dice += line["bonus_dice"]
    if line.get("improvise"):
        state.improvise = line["improvise"] if state.improvise != "phase" else "phase"
    if line.get("end_phase"):
        state.end_action = True
    if line.get("search"):
        search(state, line["search"], events)
    _line_moves(state, line, trap_id, trap, events)


def _line_moves(
    state: State, line: dict[str, Any], trap_id: int, trap: Trap | None, events: list[Event]
) -> None:
    """A line's movement: steps to take (or toward a move Escape Task), a Climb, a Leap or the fall."""
    if line.get("move"):
        if trap_id:
            if trap is not None:
                toward_task(state, trap, line["move"], events)
        else:
            push(state, {"op": "move", "steps": line["move"], "mode": "move"})
    if line.get("climb"):
        push(state, {"op": "move", "steps": 1, "mode": "climb"})
    if line.get("leap") == "fall":
        below = D.SPACES[state.fg_space].get("ground", state.fg_space)
        ev(state, events, "fg_falls", dst=below, name=D.SPACES[below]["name"])
        for v in victims_at(state, state.fg_space)[: D.RULES["follow"]]:
            move_victim(state, v, below, events, "follow")
        state.fg_space = below
    elif line.get("leap"):
        push(state, {"op": "move", "steps": 1, "mode": "leap"})
