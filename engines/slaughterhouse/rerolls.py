"""The family's rerolls: a Sawyer card buried to throw again the blanks (against the Fire, the successes) or
the chosen dice of the roll waiting next in the queue (rulebook: any dice, once)."""

from __future__ import annotations

from engines.core.contract import Option
from engines.core.events import Event
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Key, to_key
from engines.slaughterhouse.odds import reroll_which
from engines.slaughterhouse.rules import first_of_each, plural, successes
from engines.slaughterhouse.state import State, Step
from engines.slaughterhouse.tables import ANSWERS, QUESTIONS

_FACE = {0: "blank", 1: "slash", 2: "skull"}


@QUESTIONS.step("reroll")
def ask_reroll(state: State, step: Step) -> tuple[list[Option], str]:
    nxt = state.todo[1]
    fire = nxt.kind == "fire_burns"
    what = "successes" if fire else "blanks"
    none = not reroll_which(nxt.dice, fire)  # offered all the same (the choices stay fixed), said to do nothing
    opts = []
    for c in first_of_each(state.hand, D.ALL_SAWYER_CARDS):
        label = f"bury {D.name(c)} to reroll the {what}" + (f" (there are no {what}: it changes nothing)" if none else "")
        opts.append(Option(to_key("reroll", c), label))
        opts.append(Option(to_key("pick", c), f"bury {D.name(c)} and choose which dice to reroll"))
    opts.append(Option("keep", "keep the roll"))
    faces = ", ".join(_FACE[d] for d in nxt.dice)
    return (
        opts,
        f"The dice show {faces}: {plural(successes(nxt.dice), 'success', 'successes')}. Reroll?",
    )


@ANSWERS.step("reroll")
def answer_reroll(state: State, step: Step, key: str, events: list[Event]) -> None:
    if key == "keep":
        return
    choice = Key.parse(key)
    head, card = choice.verb, choice.arg()
    state.hand.remove(card)
    state.sawyer_deck.insert(0, card)
    if head == "pick":
        state.todo.insert(0, Step("reroll_pick", cards=[card]))
        return
    nxt = state.todo[0]
    fire = nxt.kind == "fire_burns"  # the family wants fewer successes there: it rerolls those
    reroll_dice(state, card, reroll_which(nxt.dice, fire), events)


@QUESTIONS.step("reroll_pick")
def ask_reroll_pick(state: State, step: Step) -> tuple[list[Option], str]:
    dice = state.todo[1].dice
    opts = []
    for mask in range(1, 1 << len(dice)):
        which = [i for i in range(len(dice)) if mask >> i & 1]
        faces = ", ".join(f"die {i + 1} ({_FACE[dice[i]]})" for i in which)
        opts.append(Option(to_key("dice", ",".join(map(str, which))), f"reroll {faces}"))
    return opts, "Which dice are rolled again? (Each die once.)"


@ANSWERS.step("reroll_pick")
def answer_reroll_pick(state: State, step: Step, key: str, events: list[Event]) -> None:
    reroll_dice(state, step.cards[0], [int(i) for i in Key.parse(key).arg().split(",")], events)


def reroll_dice(state: State, card: str, which: list[int], events: list[Event]) -> None:
    """Reroll the chosen dice of the roll waiting next in the queue (rulebook: any dice, once)."""
    nxt = state.todo[0]
    before = list(nxt.dice)
    nxt.dice = [D.FACES[state.rng.below(6)] if i in which else d for i, d in enumerate(nxt.dice)]
    events.append(
        Event(
            "reroll",
            state.round,
            state.phase,
            {"card": D.name(card), "before": before, "dice": list(nxt.dice)},
        )
    )
