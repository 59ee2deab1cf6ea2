"""Spending supply tokens before an action roll, and the roll itself handed to what it was for."""

from __future__ import annotations

from engines.core.contract import (
    Decision,
    Option,
)
from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape import spending as shared
from engines.mixtape.dice import roll_action
from engines.mixtape.directors_cut import brawls, hero, keys, kills, locks, odds, scenes, searching
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    SPEND,
    State,
)

B = R.BOARD


def usable(state: State, who: int, purpose: str) -> int:
    """How many tokens (or 1 for an infinite card) this slasher may spend on this roll."""
    s = state.slashers[who]
    if not s.supply:
        return 0
    kind = R.supply(s.supply)
    wanted = {
        "kill": ("knife",),
        "unlock": ("knife",),
        "brawl": ("knife",),
        "defend": ("fist",),
        "survivor": ("fist",),
        "hero": ("knife", "fist"),
    }[purpose]
    if kind.kind not in wanted:
        return 0
    return 1 if kind.infinite else s.trackers


def helpful(state: State) -> list[int]:
    """The token counts offered for the pending roll: 0, then each count whose roll ends some way with another
    chance than one token fewer. A spend that leaves every chance as it was only costs tokens and noise, so it
    is not offered (RULES.md, "Spends that cannot help"); every count is offered in a brawl, where knives past
    a win still count."""
    s = state.slashers[state.spender]
    most = usable(state, state.spender, state.purpose)
    out = [0]
    before = odds.pending_chances(state, 0, 0)
    for n in range(1, most + 1):
        knives, fists, _ = odds.supply_bonus(s.supply, n, state.purpose)
        now = odds.pending_chances(state, knives, fists)
        if now is None or now != before:
            out.append(n)
        before = now
    return out


def held_spend(state: State, key: str) -> bool:
    """A spend of tokens the slasher holds that is not offered because it cannot help (`helpful`). The rulebook
    lets a player spend any tokens held, so such a key is still played: typed on purpose, or chosen in a save
    from rules version 3, which offered every count (RULES.md, "Spends that cannot help")."""
    if state.phase != SPEND or state.spender < 0:
        return False
    most = usable(state, state.spender, state.purpose)
    return any(keys.spend(n) == key for n in range(1, most + 1))


def ask_spend(state: State, who: int, purpose: str, events: list[Event]) -> None:
    if state.result:
        return
    shared.ask_spend(
        state, who, purpose, lambda: usable(state, who, purpose) > 0, lambda: spend(state, 0, events)
    )


def spend_decision(state: State) -> Decision:
    s = state.slashers[state.spender]
    kind = R.supply(s.supply)
    icon = kind.kind
    opts = [Option("spend:0", "spend 0 tokens (bare-handed)", aliases=("none", "bare"))]
    for n in helpful(state)[1:]:
        bonus = n * kind.amount
        noise = n * kind.noise
        extra = f", {noise} noise" if noise and state.purpose != "hero" else ""
        spent = (
            f"use the {kind.name}"
            if kind.infinite
            else f"spend {n} token{'s' if n > 1 else ''} of the {kind.name}"
        )
        opts.append(Option(keys.spend(n), f"{spent}: +{count(bonus, icon)}{extra}"))
    what = {
        "kill": "the kill",
        "defend": "your defence",
        "survivor": "your defence against The Survivor",
        "hero": "the fight with the Hero",
        "unlock": "breaking the lock",
        "brawl": "this round of the brawl",
    }[state.purpose]
    prompt = f"Before you roll for {what}: spend supply tokens?"
    if len(opts) == 1:  # the supply helps this kind of roll, but no token can change this one
        prompt = f"Before you roll for {what}: no token of the {kind.name} can change its chances."
    if state.purpose == "brawl" and state.spender == state.brawl[1]:
        mover = state.slashers[state.brawl[0]]
        shown = ", ".join(state.brawl_roll)
        supplied = state.brawl_knives - state.brawl_roll.count("knife")  # what the mover's own spend added
        added = f" ({supplied} from supplies)" if supplied > 0 else ""
        prompt = f"{mover.name} rolled {shown}: {count(state.brawl_knives, 'knife')}{added}. {prompt}"
    return Decision(s.seat, "spend", prompt, tuple(opts))


def use_tracker(state: State, who: int, n: int, events: list[Event]) -> None:
    s = state.slashers[who]
    kind = R.supply(s.supply)
    if kind.infinite or n == 0:
        return
    s.trackers -= n
    if s.trackers <= 0:
        events.append(
            Event(
                "supply_spent",
                state.turn_no,
                "supply",
                {"seat": s.seat, "name": s.name, "card": kind.name},
            )
        )
        searching.drop_supply(state, s)


def spend(state: State, n: int, events: list[Event]) -> None:
    who = state.spender
    s = state.slashers[who]
    purpose = state.purpose
    knives, fists, noise = odds.supply_bonus(s.supply, n, purpose)
    if n:
        kind = R.supply(s.supply)
        events.append(
            Event(
                "supply_used",
                state.turn_no,
                purpose,
                {
                    "seat": s.seat,
                    "name": s.name,
                    "card": kind.name,
                    "tokens": n,
                    "bonus": knives + fists,
                    "noise": noise,
                    **({} if kind.infinite else {"left": max(0, s.trackers - n)}),
                },
            )
        )
        use_tracker(state, who, n, events)
    dice = roll_action(state.rng, R.ACTION_FACES, odds.dice_count())
    ROLLS.run(purpose, state, who, dice, (knives, fists, noise), events)


ROLLS: Steps[[State, int, list[str], tuple[int, int, int], list[Event]], None] = Steps("director's cut rolls")
"""What an action roll was for (`state.purpose`) -> what reads it: (state, who, dice, (knives, fists, noise),
events), the knives and fists the supplies add and the noise they make."""


@ROLLS.step("brawl")
def _brawl(state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]) -> None:
    """Each brawler spends just before their own roll (RB Using a Supply ...)."""
    knives, _, noise = extra
    state.brawl_noise += noise
    if who == state.brawl[0]:
        brawls.brawl_first(state, dice, knives, events)
    else:
        brawls.brawl_answer(state, dice, knives, events)


@ROLLS.step("kill")
def _kill(state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]) -> None:
    knives, _, noise = extra
    s = state.slashers[who]
    edge, s.edge = s.edge, 0
    kills.resolve_kill(state, dice, knives + edge, noise, events, edge)


@ROLLS.step("defend")
def _defend(
    state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]
) -> None:
    _, fists, noise = extra
    scenes.resolve_defend(state, dice, fists, noise, events)


@ROLLS.step("survivor")
def _survivor(
    state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]
) -> None:
    scenes.resolve_survivor(state, dice, extra[1], events)


@ROLLS.step("unlock")
def _unlock(
    state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]
) -> None:
    knives, _, noise = extra
    locks.resolve_unlock(state, dice, knives, noise, events)


@ROLLS.step("hero")
def _hero(state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]) -> None:
    knives, fists, _ = extra
    hero.resolve_hero(state, dice, knives, fists, events)


def count(n: int, icon: str) -> str:
    """'1 knife', '2 knives', '3 fists': a number of die icons in words."""
    if icon == "knife":
        return f"{n} knife" if n == 1 else f"{n} knives"
    return f"{n} {icon}" if n == 1 else f"{n} {icon}s"
