"""Final Girl's `odds`: exact chances wherever a choice leads to dice (a card to play or react with, a pending
Horror Roll and its conversions, the Supervisor's group panicking from The Pit, the panic order), and beside
each chance what the result does to you: what a failed roll costs, and where a card cannot help."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

from rich.text import Text

from engines.core.contract import Decision
from engines.final_girl import data as D
from engines.final_girl.keys import Key
from engines.final_girl.odds import panic_destinations
from engines.final_girl.state import State
from engines.final_girl.victims import panic_dice
from solo import theme
from solo.games import Table, pct
from solo.games.final_girl_words import IMPROVISED, PARTIALS, SUCCEEDS, short_line


def odds(state: State, key: str | None = None) -> list[Table] | None:
    from engines.final_girl.game import GAME

    decision = GAME.decision(state)
    if decision is None:
        return None
    kind = decision.kind
    if kind in ("action", "react"):
        return _card_odds(state, decision, key)
    if kind == "roll":
        return _roll_odds(state, decision, key)
    if kind == "convert":
        return _convert_odds(state, decision)
    if kind == "pit_dice":
        return _pit_odds(state, decision, key)
    if kind == "panic_order":
        return _panic_order_odds(state)
    return None


def _number(decision: Decision, key: str) -> str:
    option = decision.option(key)
    return f"{decision.options.index(option) + 1}." if option is not None else ""


def _costs(line: dict[str, Any], health: int) -> Text:
    """A result line's words; in the danger style when it can take your last health."""
    lost = max(
        [line.get("lose_health", 0)] + [alt.get("lose_health", 0) for alt in line.get("choose", [])]
    )
    return Text(short_line(line), theme.danger_if(lost >= health > 0 or (lost and health == 0)), justify="left")


def _card_odds(state: State, decision: Decision, key: str | None) -> list[Table] | None:
    """Each card you could play (or react with) now: its dice, the chance of each line, and what a fail costs."""
    from engines.final_girl.odds import card_odds

    keys = [key] if key else [o.key for o in decision.options]
    rows: list[list[str | Text]] = []
    notes: list[str] = []
    fails: list[str] = []
    kinds: list[str] = []
    react = decision.kind == "react"
    for k in keys:
        found = card_odds(state, k)
        if found is None:
            continue
        name, dice, raw, conv = found
        played = Key.parse(k)
        kind = played.card
        label = name + (" (trap)" if played.trap else "")
        if played.item:
            label += f" ({D.ITEMS[played.item]['name']})"
        spec = D.ACTIONS[kind]
        cost = _costs(spec.get("fail", {}), state.fg_health)
        through = _reaction_left(state, spec) if react else ""
        if react and int(through.split(" / ")[-1]) > state.fg_health:
            cost.stylize(theme.DANGER)  # a failed block takes her below 0
        row: list[str | Text] = [
            f"{_number(decision, k)} {label}",
            str(dice),
            _with_converting(raw[2], conv[2]),
            pct(raw[1]),
            Text(_with_converting(raw[0], conv[0]), cost.style),
        ]
        rows.append([*row, Text(through, justify="left")] if react else row)
        if kind not in kinds:
            kinds.append(kind)
            if not react:
                fails.append(f"{name}: {cost.plain}")
            useless = _cannot_help(state, kind)
            if useless:
                notes.append(f"{name}: {useless}.")
    if react:
        rows += _react_sure_rows(state, decision, key)
    if not rows:
        return None
    head = ["Choice", "Dice", "2+", "1", "Fail"] + (["You take"] if react else [])
    threshold = IMPROVISED if state.improvise else SUCCEEDS
    pair = D.RULES["discard_pair"]
    note = f"Exact: {threshold} succeed; in brackets, also discarding {pair} cards per {PARTIALS} to make it a success."
    if react:
        note += f" You take: what gets through of her {state.ask.get('damage', 0)} on 2+ / 1 / a fail."
        if any("below 0" in str(r[-1]) for r in rows):
            note += " Below 0, your Final Health token flips: blank, you die."
    if fails:
        note += " A fail: " + "; ".join(fails) + "."
    return [("Horror Roll odds", head, rows, " ".join([note, *notes]))]


def _with_converting(rolled: Fraction, converting: Fraction) -> str:
    """'67% (33%)': as rolled, then converting 3-4s with the rest of the hand (once when they agree)."""
    a, b = pct(rolled), pct(converting)
    return a if a == b else f"{a} ({b})"


def _cannot_help(state: State, kind: str) -> str:
    """Why a card's best line does you no good now, or ''."""
    two = D.ACTIONS[kind].get("two", {})
    if two.get("heal") and state.fg_health >= state.fg_max:
        return "you are at full health, so its healing is lost"
    if two.get("horror", 0) < 0 and state.horror == 0 and not two.get("damage"):
        return "Horror is already at 0, so it lowers nothing"
    if two.get("search") and not state.item_decks.get(state.fg_space):
        return "this Search pile is empty"
    return ""


def _reaction_left(state: State, spec: dict[str, Any]) -> str:
    """What each line of a Reaction card lets through of the blow, '0/1/2', worked out by the engine on a
    copy of the game (only its 'reaction' event is read: never a hidden token's flip)."""
    from engines.final_girl.rolling import resolve_reaction

    damage = state.ask.get("damage", 0)
    left = []
    for line in ("two", "one", "fail"):
        trial = copy.deepcopy(state)
        events: list = []
        resolve_reaction(trial, {"damage": damage}, dict(spec.get(line, {})), events)
        blocked = next((e for e in events if e.kind == "reaction"), None)
        left.append(str(blocked.facts["left"]) if blocked is not None else str(damage))
    return " / ".join(left)


def _react_sure_rows(state: State, decision: Decision, key: str | None) -> list[list[str | Text]]:
    """The choices against a blow with no dice (the Hard Hat, taking it): what reaches you, as the engine
    plays it on a copy of the game (the hidden Final Health token is never read)."""
    rows: list[list[str | Text]] = []
    for o in decision.options:
        if key and o.key != key:
            continue
        if Key.parse(o.key).verb not in ("item", "take"):
            continue
        rows.append([f"{_number(decision, o.key)} {o.label.split(':')[0]}", "-", "-", "-", "-", _blow(state, o.key)])
    return rows


def _blow(state: State, key: str) -> Text:
    """What one choice against the blow lets through, from the engine's own step on a copy of the game: the
    Hard Hat's answer, or the hit itself (the Heroic Best Friend's share counted); only whether the hidden
    Final Health token would flip is said, never what it is."""
    from engines.final_girl.killer import do_react
    from engines.final_girl.machine import STEPS

    trial = copy.deepcopy(state)
    events: list = []
    if Key.parse(key).verb == "item":
        do_react(trial, Key.parse(key), events)
    else:
        STEPS.run("take_hit", trial, {"op": "take_hit", "damage": state.ask.get("damage", 0)}, events)
    for event in events:
        if event.kind == "armour_absorbs":
            return Text(f"{event.facts['left']}, then you may react", justify="left")
        if event.kind == "fg_hurt":
            health = event.facts["health"]
            return Text(f"{event.facts['amount']}, health {health}", theme.danger_if(health <= 1), justify="left")
        if event.kind == "fg_token":
            return Text(f"{state.ask.get('damage', 0)}, below 0", theme.DANGER, justify="left")
    return Text("nothing", justify="left")


def _roll_odds(state: State, decision: Decision, key: str | None) -> list[Table] | None:
    """A pending Horror Roll: the chance each choice leaves it on each line (conversions are certain)."""
    from engines.final_girl.odds import choice_odds

    rows = []
    for option in decision.options:
        if key and option.key != key:
            continue
        found = choice_odds(state, option.key)
        if found is not None:
            rows.append(
                [f"{_number(decision, option.key)} {option.label}", pct(found[2]), pct(found[1]), pct(found[0])]
            )
    if not rows:
        return None
    dice = " ".join(str(d) for d in state.roll["dice"])
    kind = D.KIND[state.roll["card"]]
    spec = D.ACTIONS[kind]
    lines = "; ".join(
        f"{label}: {short_line(spec.get(line, {}))}" for label, line in (("2+", "two"), ("1", "one"), ("fail", "fail"))
    )
    note = (
        f"The dice stand at {dice} for {spec['name']} ({lines}). Each row is the roll right after that choice, "
        f"before converting any more {PARTIALS}s: accepting and converting are certain; a Close Call re-rolls its die."
    )
    return [("Horror Roll: your choices", ["Choice", "2+", "1", "Fail"], rows, note)]


def _convert_odds(state: State, decision: Decision) -> list[Table] | None:
    """Whichever two cards go, the 3-4 becomes a success: one certain row, and what that line does."""
    from engines.final_girl.odds import choice_odds
    from engines.final_girl.rolling import line_for, successes

    pairs = [o for o in decision.options if Key.parse(o.key).verb == "convert" and Key.parse(o.key).card]
    if not pairs or not state.roll:
        return None
    found = choice_odds(state, pairs[0].key)
    if found is None:
        return None
    hits = successes(state.roll) + 1
    spec = D.ACTIONS[D.KIND[state.roll["card"]]]
    line = spec.get(line_for(hits), {})
    span = f"1-{len(pairs)}" if len(pairs) > 1 else "1"
    rows = [[f"{span}. any two cards", pct(found[2]), pct(found[1]), pct(found[0])]]
    note = (
        f"Certain: with {hits} success{'es' if hits != 1 else ''} the roll gives {short_line(line)}. The choice "
        "is only which cards you lose until Planning ('x NAME' tells what each does)."
    )
    return [(f"Horror Roll: converting a {PARTIALS}", ["Choice", "2+", "1", "Fail"], rows, note)]


def _pit_odds(state: State, decision: Decision, key: str | None) -> list[Table] | None:
    """The Supervisor's group in The Pit: where one die or two would send them all (the Racks together)."""
    columns = ["", *(s for s in D.NEIGHBOURS[D.PIT] if s not in D.RACKS), "rack"]
    rows = []
    for o in decision.options:
        if key and o.key != key:
            continue
        n = Key.parse(o.key).number
        dist: dict[str, Fraction] = {}
        for to, p in panic_destinations(D.PIT, n).items():
            where = "rack" if to in D.RACKS else to
            dist[where] = dist.get(where, Fraction(0)) + p
        label = f"{_number(decision, o.key)} {n} {'die' if n == 1 else 'dice'}"
        rows.append([label] + [pct(dist[c]) if dist.get(c) else "-" for c in columns])
    if not rows:
        return None
    names = ["stay"] + [D.SPACES[c]["name"] for c in columns[1:-1]] + ["a Rack"]
    note = "Where the whole group runs. Up a Rack, only Climb reaches them."
    if "zero_days" in state.events_active:
        note += f" {D.EVENTS['zero_days']['name']} is in play: their next panic there kills them."
    return [("Panic from The Pit", ["Choice", *names], rows, note)]


def _panic_order_odds(state: State) -> list[Table] | None:
    """The Victims who could run into the Supervisor's space: the chance each is carried along if the others
    panic first (if his group goes first, they never are)."""
    ids = state.ask.get("victims", [])
    victims = [v for v in state.victims if v.id in ids]
    boss = next((v for v in victims if v.special == "supervisor" and not v.trapped), None)
    if boss is None:
        return None
    rows = []
    for v in victims:
        if v.space == boss.space or v.trapped:
            continue
        p = panic_destinations(v.space, panic_dice(v.space)).get(boss.space, Fraction(0))
        if p:
            rows.append([f"Victim {v.id} in {D.SPACES[v.space]['name']}", pct(p)])
    if not rows:
        return None
    note = (
        "With 2. (the others first), each of these runs into his space with that chance and is then carried "
        "along with his group; with 1. (his group first), never."
    )
    return [("Panic order", ["Victim", f"Runs into {D.SPACES[boss.space]['name']}"], rows, note)]
