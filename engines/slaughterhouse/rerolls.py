"""The family's rerolls: a Sawyer card buried to throw again the blanks (against the Fire, the successes) or
the chosen dice of the roll waiting next in the queue (rulebook: any dice, once)."""

from __future__ import annotations

import functools

from engines.core.contract import Option
from engines.core.events import Event
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.odds import FACE_NAMES, picked_label, picks, reroll_which
from engines.slaughterhouse.rules import first_of_each, plural, successes
from engines.slaughterhouse.state import State, Step
from engines.slaughterhouse.tables import ANSWERS, QUESTIONS, TODO


@QUESTIONS.step("reroll")
def ask_reroll(state: State, step: Step) -> tuple[list[Option], str]:
    nxt = state.todo[1]
    fire = nxt.kind == "fire_burns"
    what = "successes" if fire else "blanks"
    none = not reroll_which(nxt.dice, fire)  # offered all the same (the choices stay fixed), said to do nothing
    opts: list[Option] = []
    for c in first_of_each(state.hand, D.ALL_SAWYER_CARDS):
        opts += _card_rerolls(c, what, none)
    opts.append(_KEEP)
    faces = ", ".join(FACE_NAMES[d] for d in nxt.dice)
    return (
        opts,
        f"The dice show {faces}: {plural(successes(nxt.dice), 'success', 'successes')}. Reroll?",
    )


_KEEP = Option("keep", "keep the roll")


@functools.cache
def _card_rerolls(card: str, what: str, none: bool) -> tuple[Option, Option]:
    """A card's two reroll options (reroll the blanks or successes, or pick the dice): their words follow
    from the card, what a plain reroll throws and whether there is any, so each pair is built once a process."""
    name = D.name(card)
    label = f"bury {name} to reroll the {what}" + (f" (there are no {what}: it changes nothing)" if none else "")
    return (
        Option(str(Key("reroll", card=card)), label),
        Option(str(Key("pick", card=card)), f"bury {name} and choose which dice to reroll"),
    )


@ANSWERS.step("reroll")
def answer_reroll(state: State, step: Step, key: str, events: list[Event]) -> None:
    if key == "keep":
        return
    choice = Key.parse(key)
    head, card = choice.verb, choice.card
    state.hand.remove(card)
    state.sawyer_deck.insert(0, card)
    if head == "pick":
        TODO.push(state.todo, Step("reroll_pick", cards=[card]))
        return
    nxt = state.todo[0]
    fire = nxt.kind == "fire_burns"  # the family wants fewer successes there: it rerolls those
    reroll_dice(state, card, reroll_which(nxt.dice, fire), events)


@QUESTIONS.step("reroll_pick")
def ask_reroll_pick(state: State, step: Step) -> tuple[list[Option], str]:
    dice = state.todo[1].dice
    opts = []
    for which in picks(len(dice)):
        opts.append(Option(str(Key("dice", dice=tuple(which))), picked_label(dice, which)))
    return opts, "Which dice are rolled again? (Each die once.)"


@ANSWERS.step("reroll_pick")
def answer_reroll_pick(state: State, step: Step, key: str, events: list[Event]) -> None:
    reroll_dice(state, step.cards[0], list(Key.parse(key).dice), events)


def reroll_dice(state: State, card: str, which: list[int], events: list[Event]) -> None:
    """Reroll the chosen dice of the roll waiting next in the queue (rulebook: any dice, once)."""
    nxt = state.todo[0]
    before = list(nxt.dice)
    nxt.dice = [D.FACES[state.rng.below(6)] if i in which else d for i, d in enumerate(nxt.dice)]
    # which roll is thrown again, and at whom: the story says so before the roll itself is told
    of: dict[str, object] = {"roll": nxt.kind, "hand": len(state.hand)}
    if nxt.who >= 0:
        of["trespasser"] = state.trespassers[nxt.who].id
    if nxt.sawyer:
        of["attacker"] = D.name(nxt.sawyer)
    events.append(
        Event(
            "reroll",
            state.round,
            state.phase,
            {"card": D.name(card), "before": before, "dice": list(nxt.dice), **of},
        )
    )
