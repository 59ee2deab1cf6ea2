"""Items: using one (a weapon on a Sawyer, a healing Item on an Injury), taking what a search finds, burying
over the item limit and in the order the Trespasser picks, moving a Searched token, swapping with anyone in
the space (a body too)."""

from __future__ import annotations

import functools

from engines.core.contract import Option
from engines.core.events import Event
from engines.slaughterhouse import data as D
from engines.slaughterhouse.combat import heal, hit_sawyer
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.odds import dice_for
from engines.slaughterhouse.rules import board, first_of_each, itype, limit, plural, trade_fits
from engines.slaughterhouse.state import Sawyer, State, Step, Trespasser
from engines.slaughterhouse.tables import ANSWERS, QUESTIONS, TODO


def use(state: State, who: int, choice: Key, events: list[Event]) -> None:
    t = state.trespassers[who]
    card = choice.card
    info = D.ALL_ITEMS[card]
    if info["effect"] == "weapon":
        (state.round_used if info.get("once") == "round" else t.used).append(card)
        hit_sawyer(state, who, choice.sawyer, dice_for(state, "item", source=card), info["name"], events)
    else:  # heal: bury one of your Injuries, then bury the card
        heal(state, who, choice.injury, events, card)
        (t.personal if card in t.personal else t.items).remove(card)
        state.item_decks[board(t.space)].insert(0, card)


def item_options(state: State, t: Trespasser, here: list[Sawyer]) -> list[Option]:
    """Using an Item: a weapon against a Sawyer here (once a turn, or a round), a healing Item on an Injury."""
    opts: list[Option] = []
    for c in [*t.items, *t.personal]:
        effect = D.ALL_ITEMS[c]["effect"]
        if effect == "weapon" and c not in t.used and c not in state.round_used:
            n = dice_for(state, "item", source=c)
            opts += [_weapon_option(c, s.id, n) for s in here]
        if effect == "heal":
            opts += [_heal_option(c, kind) for kind in sorted({itype(t, x) for x in t.injuries})]
    return opts


@functools.cache
def _weapon_option(card: str, sid: str, n: int) -> Option:
    """A weapon's blow at a Sawyer with n dice (key and label follow from these alone: built once a process)."""
    return Option(
        str(Key("use", card=card, sawyer=sid)), f"attack {D.name(sid)} with the {D.ALL_ITEMS[card]['name']} ({plural(n, 'die', 'dice')})"
    )


@functools.cache
def _heal_option(card: str, kind: str) -> Option:
    """A healing Item on an Injury type (built once a process, as `_weapon_option`)."""
    return Option(str(Key("use", card=card, injury=kind)), f"use the {D.ALL_ITEMS[card]['name']} on your {kind} Injury")


@QUESTIONS.step("bury")
def ask_bury(state: State, step: Step) -> tuple[list[Option], str]:
    t = state.trespassers[step.who]
    return (
        [Option(str(Key("bury", card=c)), D.name(c)) for c in first_of_each(t.items, D.ALL_ITEMS)],
        f"{t.id.capitalize()} is over the item limit: bury an Item.",
    )


@ANSWERS.step("bury")
def answer_bury(state: State, step: Step, key: str, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    card = Key.parse(key).card
    t.items.remove(card)
    state.item_decks[board(t.space)].insert(0, card)
    events.append(Event("item_buried", state.round, state.phase, {"trespasser": t.id, "item": D.name(card)}))
    if len(t.items) > limit(t):
        TODO.push(state.todo, Step("bury", who=step.who))


@QUESTIONS.step("take")
def ask_take(state: State, step: Step) -> tuple[list[Option], str]:
    t = state.trespassers[step.who]
    opts = [Option(str(Key("take", card=c)), D.name(c)) for c in first_of_each(step.cards, D.ALL_ITEMS)]
    return (
        opts,
        f"{t.id.capitalize()} found {plural(len(step.cards), 'Item', 'Items')}: take one, bury the rest.",
    )


@ANSWERS.step("take")
def answer_take(state: State, step: Step, key: str, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    card = Key.parse(key).card
    (t.personal if card in D.PERSONAL else t.items).append(card)
    deck = state.item_decks[board(t.space)]
    rest = [c for c in step.cards if c != card]
    if len(rest) > 1:
        TODO.push(state.todo, Step("bury_order", who=step.who, cards=rest))
    for c in rest[: 1 if len(rest) == 1 else 0]:
        deck.insert(0, c)
    events.append(
        Event(
            "item_taken",
            state.round,
            state.phase,
            {"trespasser": t.id, "item": D.name(card), "buried": len(rest)},
        )
    )
    if len(t.items) > limit(t):
        TODO.push(state.todo, Step("bury", who=step.who))


@QUESTIONS.step("bury_order")
def ask_bury_order(state: State, step: Step) -> tuple[list[Option], str]:
    t = state.trespassers[step.who]
    opts = [
        Option(str(Key("next", card=c)), f"bury {D.name(c)} now (the rest go beneath it)")
        for c in first_of_each(step.cards, D.ALL_ITEMS)
    ]
    return (
        opts,
        f"{t.id.capitalize()} buries {len(step.cards)} Items at the bottom of the deck: which goes first?",
    )


@ANSWERS.step("bury_order")
def answer_bury_order(state: State, step: Step, key: str, events: list[Event]) -> None:
    """Burying several cards at once: the Trespasser picks the order, one card at a time."""
    t = state.trespassers[step.who]
    deck = state.item_decks[board(t.space)]
    card = Key.parse(key).card
    deck.insert(0, card)
    rest = [c for c in step.cards if c != card]
    if len(rest) > 1:
        TODO.push(state.todo, Step("bury_order", who=step.who, cards=rest))
    elif rest:
        deck.insert(0, rest[0])


@QUESTIONS.step("move_searched")
def ask_move_searched(state: State, step: Step) -> tuple[list[Option], str]:
    return (
        [_TOKEN_ON[s] for s in state.searched],
        "All five Searched tokens are out: which one moves?",
    )


_TOKEN_ON = {s: Option(str(Key("from", space=s)), f"the token on {D.name(s)}") for s in D.SPACES}
"""Moving the Searched token of each space, built once."""


@ANSWERS.step("move_searched")
def answer_move_searched(state: State, step: Step, key: str, events: list[Event]) -> None:
    old = Key.parse(key).space
    state.searched.remove(old)
    state.searched.append(step.flag)
    events.append(
        Event("searched_moved", state.round, state.phase, {"from": D.name(old), "to": D.name(step.flag)})
    )


@QUESTIONS.step("swap")
def ask_swap(state: State, step: Step) -> tuple[list[Option], str]:
    t = state.trespassers[step.who]
    o = state.trespassers[step.n]
    opts = []
    mine, theirs = first_of_each(t.items, D.ALL_ITEMS), first_of_each(o.items, D.ALL_ITEMS)  # copies: one choice
    for c in mine:
        if len(o.items) < limit(o):  # a body too: "you cannot exceed your Item Limit, even when swapping"
            opts.append(Option(str(Key("swap", way="give", card=c)), f"give {D.name(c)} to {o.id.capitalize()}"))
    for c in t.personal:
        opts.append(Option(str(Key("swap", way="give", card=c)), f"give {D.name(c)} to {o.id.capitalize()}"))
    for c in theirs:
        if len(t.items) < limit(t):
            opts.append(Option(str(Key("swap", way="take", card=c)), f"take {D.name(c)} from {o.id.capitalize()}"))
    for c in o.personal:
        opts.append(Option(str(Key("swap", way="take", card=c)), f"take {D.name(c)} from {o.id.capitalize()}"))
    if len(t.items) >= limit(t) and len(o.items) >= limit(o):  # both full: a trade, one for one
        for c in mine:
            for x in theirs:
                if trade_fits(t, c, x) and trade_fits(o, x, c):
                    opts.append(
                        Option(
                            str(Key("swap", way="trade", card=c, other=x)), f"trade {D.name(c)} for {D.name(x)} from {o.id.capitalize()}"
                        )
                    )
    opts.append(Option("done", "done swapping"))
    return opts, f"{t.id.capitalize()} swaps with {o.id.capitalize()}."


@ANSWERS.step("swap")
def answer_swap(state: State, step: Step, key: str, events: list[Event]) -> None:
    if key == "done":
        return
    t = state.trespassers[step.who]
    o = state.trespassers[step.n]
    choice = Key.parse(key)
    # a trade is one of mine for one of theirs, both hands full
    moves = [("give", choice.card), ("take", choice.other)] if choice.way == "trade" else [(choice.way, choice.card)]
    for move, c in moves:
        src, dst = (t, o) if move == "give" else (o, t)
        (src.personal if c in src.personal else src.items).remove(c)
        (dst.personal if c.startswith("personal/") else dst.items).append(c)
        events.append(
            Event(
                "swapped",
                state.round,
                state.phase,
                {"trespasser": t.id, "other": o.id, "item": D.name(c), "way": move},
            )
        )
    TODO.push(state.todo, Step("swap", who=step.who, n=step.n))


def why_not_item(kind: str, verb: str) -> str | None:
    """Why an answer to an Item question is refused (None: no reason of this mechanic's)."""
    if kind == "bury":
        return "Choose one of your Items to bury: you are over the item limit."
    if kind == "swap" and verb == "swap":
        return "That swap would break the item limit or names an Item nobody there holds."
    return None
