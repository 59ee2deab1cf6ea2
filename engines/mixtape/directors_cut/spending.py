"""Spending supply tokens before an action roll, and the roll itself handed to what it was for (machine.ROLLS,
each purpose's reading registered by its mechanic)."""

from __future__ import annotations

from engines.core.contract import (
    Decision,
    Option,
)
from engines.core.events import Event
from engines.mixtape import spending as shared
from engines.mixtape.dice import roll_action
from engines.mixtape.directors_cut import inventory, keys, machine, odds
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.odds import helpful, usable
from engines.mixtape.directors_cut.state import (
    SPEND,
    State,
)

B = R.BOARD


def held_spend(state: State, key: str) -> bool:
    """A spend of tokens the slasher holds that is not offered because it cannot help (`helpful`). The rulebook
    lets a player spend any tokens held, so such a key is still played: typed on purpose, or chosen in a save
    from rules version 3, which offered every count (RULES.md, "Spends that cannot help")."""
    if state.phase != SPEND or state.spender < 0:
        return False
    most = usable(state, state.spender, state.purpose)
    return any(keys.spend(n) == key for n in range(1, most + 1))


@machine.FOR.step("spend")
def ask_spend(state: State, who: int, purpose: str, events: list[Event]) -> None:
    """Wait for `who` to spend before the roll for `purpose` (or roll at once, holding nothing for it)."""
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
        inventory.use_tracker(state, who, n, events)
    dice = roll_action(state.rng, R.ACTION_FACES, odds.dice_count())
    machine.ROLLS.run(purpose, state, who, dice, (knives, fists, noise), events)


def count(n: int, icon: str) -> str:
    """'1 knife', '2 knives', '3 fists': a number of die icons in words."""
    if icon == "knife":
        return f"{n} knife" if n == 1 else f"{n} knives"
    return f"{n} {icon}" if n == 1 else f"{n} {icon}s"
