"""The Horror Roll: how many dice, partial successes and converting them, Close Call, and the line a roll
reaches (a Reaction's line answers the blow)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engines.core import memo
from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl.board import victims_at
from engines.final_girl.cards import CARD_ORDER, NAME, kind_of, name, take_from
from engines.final_girl.items import deal_damage
from engines.final_girl.keys import OPTION_KEY, Key, verb_of
from engines.final_girl.machine import CHOICES, OPTIONS, STEPS, emit, ev, push
from engines.final_girl.state import State
from engines.final_girl.tracks import adrenaline, change_time

_ACCEPT = Option("accept", "accept the roll", ("ok", "keep"))
_CONVERT = {
    (a, b): Option(
        str(Key("convert", card=a, other=b)), f"discard {name(a)} and {name(b)} to make a 3-4 a success"
    )
    for a in D.ACTIONS
    for b in D.ACTIONS
    if D.ACTION_INDEX[a] <= D.ACTION_INDEX[b]
}
_REROLL = {
    (i, d): Option(str(Key("closecall", number=i)), f"Close Call: re-roll die {i + 1} (a {d})")
    for i in range(12)
    for d in range(1, 7)
}
_CONVERT_ANY = Option(
    str(Key("convert")), "discard two cards to make a 3-4 a success (you choose which next)"
)
_BACK = Option("back", "back to the roll", ("cancel",))
_REROLL_ALL = Option(str(Key("closecall", every=True)), "Close Call: re-roll every die for 2 Time")
_DICE, _DICE_EXTREME = D.RULES["dice_normal"], D.RULES["dice_extreme"]
SUCCESS, PARTIAL = D.RULES["success"], D.RULES["partial"]
"""The lowest face of a success, and of a partial success (a 3-4)."""
_DISCARD_PAIR = D.RULES["discard_pair"]
_CLOSE_CALLS = frozenset(c for c in D.action_ids() if D.KIND[c] == "close_call")


def roll_prompt(options: Sequence[Option]) -> str:
    """The Horror Roll's question, naming only the ways out it offers (no Close Call without the card)."""
    return _roll_prompt(frozenset(map(verb_of, map(OPTION_KEY, options))))


@lru_cache(maxsize=64)
def _roll_prompt(verbs: frozenset[str]) -> str:
    """`roll_prompt` from the verbs of the options: a pure function of them, so its cache never goes stale."""
    ways = ["accept it"]
    if "convert" in verbs:
        ways.append("turn a 3-4 into a success by discarding two cards")
    if "closecall" in verbs:
        ways.append("Close Call")
    if len(ways) > 2:
        return f"Horror Roll: {', '.join(ways[:-1])}, or {ways[-1]}."
    return f"Horror Roll: {' or '.join(ways)}."


@OPTIONS.step("roll")
def roll_options(state: State) -> list[Option]:
    roll = state.roll
    opts = [_ACCEPT]
    if _partial(roll) and len(state.hand) >= _DISCARD_PAIR:
        # Many pairs are one choice here ("convert"), then which pair: a full hand would list 17 of them.
        # Three kinds held or more always make several pairs, so the pairs need listing only below that.
        if len(set(map(kind_of, state.hand))) > 2:
            opts.append(_CONVERT_ANY)
        else:
            pairs = convert_pairs(state)
            opts.extend(pairs if len(pairs) == 1 else (_CONVERT_ANY,))
    if not _CLOSE_CALLS.isdisjoint(state.hand):
        converted = roll["converted"]
        for i, d in enumerate(roll["dice"]):
            if i in converted:  # made a success with two cards: a re-roll throws that away, and says so
                label = f"Close Call: re-roll die {i + 1} (a {d} made a success; re-rolling loses that)"
                opts.append(Option(str(Key("closecall", number=i)), label))
                continue
            opts.append(
                _REROLL[i, d]
                if i < 12
                else Option(str(Key("closecall", number=i)), f"Close Call: re-roll die {i + 1} (a {d})")
            )
        if state.time >= 2:
            opts.append(_REROLL_ALL)
    return opts


def _partial(roll: dict[str, Any]) -> bool:
    """Whether a 3-4 not yet converted is among the dice (a partial success that two cards could convert)."""
    threshold = success_from(roll.get("improvised", False))
    converted = roll["converted"]
    for i, d in enumerate(roll["dice"]):  # noqa: SIM110 (a loop: `any` over a generator costs more here)
        if PARTIAL <= d < threshold and i not in converted:
            return True
    return False


def convert_pairs(state: State) -> tuple[Option, ...]:
    """Every way to discard two cards from the hand toward a 3-4 (one option per distinct pair of kinds)."""
    count: dict[str, int] = {}
    kinds = D.KIND
    for c in state.hand:
        k = kinds[c]
        count[k] = count.get(k, 0) + 1
    return _converts(tuple((k, count[k] >= 2) for k in CARD_ORDER if k in count))


@OPTIONS.step("convert")
def convert_options(state: State) -> list[Option]:
    """After choosing to convert: which two cards go, or back to the roll."""
    return [*convert_pairs(state), _BACK]


@CHOICES.step("convert")
def do_convert(state: State, key: Key, events: list[Event]) -> None:
    if key.verb == "back":
        state.ask = {"kind": "roll"}
        return
    do_roll_choice(state, key, events)


@memo.positions(16384)  # about 6,000 distinct hands in 1,000 games; the entries share their Options
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


def horror_dice(state: State) -> int:
    """The dice the Horror track gives now (before bonus dice, Adrenaline and the minimum of one)."""
    return (_DICE_EXTREME if state.extreme else _DICE)[state.horror]


def dice_count(state: State, trap: int) -> int:
    """The dice of a Horror Roll made now, toward the trap numbered `trap` (0: none): what `start_roll` rolls."""
    n = horror_dice(state) + state.bonus_dice + adrenaline(state)
    if trap:
        if any(not v.trapped for v in victims_at(state, state.fg_space)):
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
    emit(
        state,
        events,
        "horror_roll",
        {"card": kind, "title": NAME[kind], "dice": list(dice), "improvised": improvised},
    )
    offer_roll(state)


def offer_roll(state: State) -> None:
    """Ask about the roll only when something could still improve it (designed: at 2+ successes, the best
    line, converting or Close Call can change nothing for the better, so the roll resolves at once)."""
    if successes(state.roll) < 2 and _roll_choice(state):
        state.ask = {"kind": "roll"}
    else:
        push(state, {"op": "resolve_roll"})


def _roll_choice(state: State) -> bool:
    """As `len(roll_options(state)) > 1`, without building the options."""
    if not _CLOSE_CALLS.isdisjoint(state.hand):
        return True
    if len(state.hand) < _DISCARD_PAIR:
        return False
    return _partial(state.roll)


@CHOICES.step("roll")
def do_roll_choice(state: State, key: Key, events: list[Event]) -> None:
    state.ask = {}
    roll = state.roll
    if key.verb == "accept":
        push(state, {"op": "resolve_roll"})
        return
    if key.verb == "convert" and not key.card:
        state.ask = {"kind": "convert"}
        return
    if key.verb == "convert":
        threshold = success_from(roll["improvised"])
        i = next(
            i for i, d in enumerate(roll["dice"]) if PARTIAL <= d < threshold and i not in roll["converted"]
        )
        pair = [key.card, key.other]
        for kind in pair:
            state.used.append(take_from(state.hand, kind))
        roll["converted"].append(i)
        emit(state, events, "partial_converted", {"die": roll["dice"][i], "discarded": pair})
    else:
        state.used.append(take_from(state.hand, "close_call"))
        if key.every:
            change_time(state, -2, events)
            roll["dice"] = state.rng.d6s(len(roll["dice"]))
            roll["converted"] = []
        else:
            i = key.number
            roll["dice"][i] = state.rng.d6s(1)[0]
            if i in roll["converted"]:
                roll["converted"].remove(i)
        ev(
            state,
            events,
            "close_call",
            dice=list(roll["dice"]),
            which="all" if key.every else str(key.number),
        )
    if not state.result:
        offer_roll(state)


def success_from(improvised: bool) -> int:
    """The lowest face that succeeds: with Improvise, partial successes (3-4s) succeed too."""
    return PARTIAL if improvised else SUCCESS


def line_for(hits: int) -> str:
    """The result line a roll with this many successes reaches: 'two' (2+), 'one' or 'fail'."""
    return "two" if hits >= 2 else "one" if hits == 1 else "fail"


def successes(roll: dict[str, Any]) -> int:
    threshold = success_from(roll["improvised"])
    hits = len(roll["converted"])
    for d in roll["dice"]:
        if d >= threshold:
            hits += 1
    return hits


@STEPS.step("resolve_roll")
def _resolve_roll(state: State, op: dict[str, Any], events: list[Event]) -> None:
    roll = state.roll
    state.roll = {}
    card = roll["card"]
    kind = D.KIND[card]
    hits = successes(roll)
    which = line_for(hits)
    line = dict(D.ACTIONS[kind].get(which, {}))
    emit(state, events, "roll_result", {"card": kind, "title": NAME[kind], "successes": hits, "line": which})
    state.used.append(card)
    state.resolving = ""
    if roll["purpose"] == "react":
        resolve_reaction(state, roll, line, events)
        return
    if "choose" in line:
        state.ask = {"kind": "choose", "lines": line["choose"], "trap": roll["trap"]}
        return
    push(state, {"op": "line", "line": line, "trap": roll["trap"], "weapon": roll.get("weapon", "")})


def resolve_reaction(state: State, roll: dict[str, Any], line: dict[str, Any], events: list[Event]) -> None:
    damage = roll["damage"]
    block = line.get("block", 0)
    if block == "all":
        left = 0
    elif block:
        left = max(1 if block == 1 else 0, damage - block)
    else:
        left = damage
    ev(state, events, "reaction", blocked=damage - left, left=left)
    if line.get("deal"):
        deal_damage(state, line["deal"], events, roll.get("weapon", ""))
    if not state.result:
        push(state, {"op": "attack_fg", "damage": left, "hat": roll.get("hat", False)})
