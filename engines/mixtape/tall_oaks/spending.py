"""Spending supply tokens before an action roll, the roll's bonus, and the roll handed to what it was for."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from engines.core import memo
from engines.core.contract import (
    Decision,
    Option,
)
from engines.core.events import Event
from engines.core.rng import Rng
from engines.core.steps import Steps
from engines.mixtape import dice as mixtape_dice
from engines.mixtape import spending as shared
from engines.mixtape.tall_oaks import checks, keys, machine, odds, rescues, slasher
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.readings import need, read
from engines.mixtape.tall_oaks.state import (
    SPEND,
    TURN,
    State,
    Survivor,
)

B = R.BOARD
RELEVANT = {
    "rescue": (R.ACTION,),
    "invaders": (R.ACTION,),
    "defend": (R.SHIELD,),
    "fight": (R.ACTION, R.ESCAPE),
}


@memo.positions(32768)
def _most(name: str, held: tuple[tuple[str, int], ...]) -> dict[str, tuple[int, int, int, int]]:
    """Kind of roll -> its bonus with every token of the held supplies (card, tokens left) that helps it
    spent. Cached (a view asks at every decision, and hands change rarely), so the dict is shared and
    `seat_most` hands out a copy."""
    out = {}
    for purpose, kinds in RELEVANT.items():
        chosen = {}
        for c, left in held:
            kind = R.supply(c)
            if kind.kind in kinds:
                chosen[c] = 1 if kind.infinite else left
        out[purpose] = odds.roll_bonus(name, purpose, chosen)
    return out


@memo.positions(4096)
def every_spend(cards: tuple[tuple[str, int], ...]) -> tuple[tuple[str, dict[str, int]], ...]:
    """Every way to spend tokens from (card, most tokens) pairs, as (key, card -> tokens), none first: those
    that can help are offered (`helpful`). Cached on the pairs, which are all it reads; the dicts are shared,
    so callers only read them."""
    out = []
    for counts in product(*(range(most + 1) for _, most in cards)):
        chosen = {c: n for (c, _), n in zip(cards, counts, strict=True) if n}
        key = keys.spend_arg(chosen)
        out.append((key, chosen))
    return tuple(out)


@memo.positions(4096)
def _spend_options(cards: tuple[tuple[str, int], ...], purpose: str) -> tuple[Option, ...]:
    """The spend choices for the supplies that help a roll (cached: options are frozen, so they are shared)."""
    opts = []
    for key, chosen in every_spend(cards):
        if not chosen:
            opts.append(Option("spend:none", "roll without supplies", aliases=("0", "none")))
            continue
        parts = []
        for c, n in chosen.items():
            kind = R.supply(c)
            noise = f", {kind.noise * n} noise" if kind.noise and purpose != "fight" else ""
            gain = kind.amount * n
            parts.append(f"{kind.name} x{n} (+{gain} {kind.kind.title()}{'' if gain == 1 else 's'}{noise})")
        opts.append(Option(keys.join("spend", key), "; ".join(parts)))
    return tuple(opts)


def action_dice(rng: Rng) -> list[str]:
    """Three Action Dice, sorted (the shared roll, engines/mixtape/dice.py)."""
    return mixtape_dice.roll_action(rng, R.ACTION_FACES, odds.dice_count())


def seat_spends(state: State, seat: str) -> dict[str, tuple[int, int, int, int]]:
    """The pending spend's choices and their bonus, for the spender's own view (empty for anyone else)."""
    if state.phase != SPEND or state.spender < 0 or state.survivors[state.spender].seat != seat:
        return {}
    x = state.survivors[state.spender]
    cards = tuple(spendable(x, state.purpose))
    return dict(_offers(cards, x.name, state.purpose, *_stakes(state, state.spender, state.purpose)))


@memo.positions(16384)
def _offers(
    cards: tuple[tuple[str, int], ...], name: str, purpose: str, need: int, escape: int, armed: bool
) -> dict[str, tuple[int, int, int, int]]:
    """Each spend offered (`helpful`) and its bonus. Cached on what `helpful` reads, which is all this reads;
    shared, so `seat_spends` hands out a copy."""
    kept = helpful(cards, name, purpose, need, escape, armed)
    out = {}
    for key, chosen in every_spend(cards):
        full = keys.join("spend", key)
        if full in kept:
            out[full] = odds.roll_bonus(name, purpose, chosen)
    return out


def seat_most(state: State, seat: str) -> dict[str, tuple[int, int, int, int]]:
    """This seat's bonus for each kind of action roll with every token that helps it spent."""
    for x in state.survivors:
        if x.seat == seat:
            return dict(_most(x.name, tuple([(c, x.trackers.get(c, 0)) for c in x.supplies]))) if x.alive else {}
    return {}


def spendable(x: Survivor, purpose: str) -> list[tuple[str, int]]:
    """(card, most tokens) for each held supply that helps this roll."""
    kinds = RELEVANT[purpose]
    out = []
    for c in x.supplies:
        kind = R.supply(c)
        if kind.kind in kinds:
            out.append((c, 1 if kind.infinite else x.trackers[c]))
    return out


def spend_keys(state: State, who: int, purpose: str) -> list[tuple[str, dict[str, int]]]:
    """Every spend offered as (key, card -> tokens): each way to spend that can help (see `helpful`)."""
    x = state.survivors[who]
    cards = tuple(spendable(x, purpose))
    kept = helpful(cards, x.name, purpose, *_stakes(state, who, purpose))
    return [(key, chosen) for key, chosen in every_spend(cards) if keys.join("spend", key) in kept]


def _stakes(state: State, who: int, purpose: str) -> tuple[int, int, bool]:
    """(what the roll needs, the Escapes that run from a fight, armed) of the pending roll, as it is read."""
    if purpose == "fight":
        defeat, escape, *_ = slasher.fight_stats(state, who, state.fight)
        return defeat, escape, checks.armed(state.survivors[who])
    sc = R.SCENES[state.card]
    return need(sc, purpose), 0, True


@memo.positions(16384)
def helpful(
    cards: tuple[tuple[str, int], ...], name: str, purpose: str, need: int, escape: int, armed: bool
) -> frozenset[str]:
    """The spend keys offered: every way to spend unless another way with only some of its tokens ends the
    roll each way with the same chances. Such a spend only costs tokens (and noise), so it is not offered
    (RULES.md, "Spends that cannot help"). Cached: it depends only on these."""
    ways = every_spend(cards)
    ends = {
        key: _ends(purpose, need, escape, armed, odds.roll_bonus(name, purpose, chosen)[:3])
        for key, chosen in ways
    }
    kept = []
    for key, chosen in ways:
        if not any(
            other != key and ends[other] == ends[key] and _within(less, chosen) for other, less in ways
        ):
            kept.append(keys.join("spend", key))
    return frozenset(kept)


def _within(less: dict[str, int], more: dict[str, int]) -> bool:
    """Every token of `less` is among those of `more`."""
    return all(n <= more.get(c, 0) for c, n in less.items())


_END_IDS: dict[tuple[tuple[str, Fraction], ...], int] = {}
"""Each distinct way a roll can end (result -> chance, sorted) seen so far -> its number (finitely many)."""


@memo.positions(4096)
def _ends(purpose: str, need: int, escape: int, armed: bool, bonus: tuple[int, int, int]) -> int:
    """Each way a roll with this (Actions, Shields, Escapes) bonus can end, and its chance (the roll read as
    `roll_action` reads it), as a number: two rolls end each way with the same chances exactly when their
    numbers are equal, so `helpful` compares ints rather than Fractions. Cached on all `outcomes` reads."""
    ways = tuple(sorted(odds.outcomes(purpose, need, escape, armed, bonus).items()))
    return _END_IDS.setdefault(ways, len(_END_IDS))


def held_spend(state: State, key: str) -> bool:
    """A way to spend tokens the survivor holds that is not offered because it cannot help (`helpful`). The
    rulebook lets a player spend any tokens held, so such a key is still played: typed on purpose, or chosen in
    a save from rules version 4, which offered every way (RULES.md, "Spends that cannot help")."""
    if state.phase != SPEND or state.spender < 0:
        return False
    cards = tuple(spendable(state.survivors[state.spender], state.purpose))
    return any(keys.join("spend", way) == key for way, _ in every_spend(cards))


@machine.FOR.step("spend")
def ask_spend(state: State, who: int, purpose: str, events: list[Event]) -> None:
    """Wait for `who` to spend before the roll for `purpose` (or roll at once, holding nothing for it)."""
    shared.ask_spend(
        state,
        who,
        purpose,
        lambda: bool(spendable(state.survivors[who], purpose)),
        lambda: roll_action(state, {}, events),
    )


def spend_decision(state: State) -> Decision:
    x = state.survivors[state.spender]
    cards = tuple(spendable(x, state.purpose))
    kept = helpful(cards, x.name, state.purpose, *_stakes(state, state.spender, state.purpose))
    opts = tuple(o for o in _spend_options(cards, state.purpose) if o.key in kept)
    what = {
        "rescue": "the rescue",
        "defend": "your defence",
        "invaders": "the fight with The Invaders",
        "fight": f"the fight with {slasher.slasher_name(state)}",
    }[state.purpose]
    ask = "spend supply tokens?" if len(opts) > 1 else "no token you hold can change its chances."
    return Decision(x.seat, "spend", f"Before you roll for {what}: {ask}", opts)


def use_tracker(state: State, who: int, card: str, n: int, events: list[Event]) -> None:
    x = state.survivors[who]
    if R.supply(card).infinite:
        return
    x.trackers[card] -= n
    if x.trackers[card] <= 0:
        del x.trackers[card]
        x.supplies.remove(card)
        state.supplies.discard(card)
        events.append(
            Event(
                "supply_spent",
                state.turn_no,
                state.phase,
                {"seat": x.seat, "name": x.name, "card": R.supply(card).name},
            )
        )


def roll_action(state: State, chosen: dict[str, int], events: list[Event]) -> None:
    who = state.spender
    x = state.survivors[who]
    purpose = state.purpose
    bonus, noise = odds.roll_sums(x.name, chosen)  # the supplies', and Derrick's Shield, Kimmy's Escape
    armed = checks.armed(x)  # a weapon spent to its last token still counts for this roll
    spent = [
        {"card": R.supply(c).name, "tokens": n, **({} if R.supply(c).infinite else {"left": x.trackers[c] - n})}
        for c, n in chosen.items()
    ]
    for c, n in chosen.items():
        use_tracker(state, who, c, n, events)
    # Rulebook: noise-making weapons do not raise the meter during fights with Slashers.
    state.pending_noise = 0 if purpose == "fight" else noise
    dice = action_dice(state.rng)
    count = {icon: dice.count(icon) + bonus[icon] for icon in bonus}
    state.phase = TURN
    facts = {
        "seat": x.seat,
        "name": x.name,
        "dice": dice,
        "bonus": [bonus[R.ACTION], bonus[R.SHIELD], bonus[R.ESCAPE]],
        "purpose": purpose,
        "spent": spent,
    }
    events.append(Event("action_roll", state.turn_no, SPEND, facts))
    if purpose == "fight":
        slasher.resolve_fight(state, dice, count, armed, events)
        return
    sc = R.SCENES[state.card]
    SCENE_ROLLS.run(purpose, state, read(purpose, dice, count, need(sc, purpose)), events)


SCENE_ROLLS: Steps[[State, str, list[Event]], None] = Steps("tall oaks scene rolls")
"""What a Killer Scene's action roll was for (`state.purpose`) -> what its reading does: (state, result, events)."""
SCENE_ROLLS.step("rescue")(rescues.resolve_rescue)
SCENE_ROLLS.step("defend")(rescues.resolve_defend)
SCENE_ROLLS.step("invaders")(rescues.resolve_invaders)
