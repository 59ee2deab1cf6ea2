"""The queue of Slaughterhouse: what is still to do (`state.todo`, the core queue `TODO`: first runs next) runs
step by step through the tables by the core queue's loop until a seat must choose; a question waits in the
queue until answered; with the queue empty the phase asks its own question (who goes next, which action)."""

from __future__ import annotations

import functools

from engines.core.contract import Ending, Option
from engines.core.events import Event
from engines.core.steps import Steps
from engines.slaughterhouse import (  # noqa: F401  every mechanic registers its steps in the tables
    combat,
    family,
    items,
    panic,
    rerolls,
    scenarios,
    setup,
    trespassers,
)
from engines.slaughterhouse import data as D
from engines.slaughterhouse.family import (
    end_round,
    end_sawyer,
    sawyer_act,
    sawyer_options,
    sawyer_prompt,
    start_sawyer,
    start_sawyer_turn,
    why_not_sawyer,
)
from engines.slaughterhouse.items import why_not_item
from engines.slaughterhouse.keys import Key, verb_of
from engines.slaughterhouse.rules import (
    active,
    board,
    max_actions,
    offerable,
    sawyer_of,
)
from engines.slaughterhouse.state import State, Step
from engines.slaughterhouse.tables import ANSWERS, ASKS, EFFECTS, QUESTIONS, SAWYER, TODO, TRESPASSERS
from engines.slaughterhouse.trespassers import (
    act,
    action_options,
    action_prompt,
    start_turn,
    why_not_action,
)

_ALWAYS_ASKED = frozenset({"buy", "swap", "offer", "reroll"})
"""Questions never answered for the seat: they always hold a real choice (a pass, a keep, a done)."""


def skip_ask(state: State, step: Step) -> bool:
    """A question that no longer applies (its Trespasser died or left, nothing to buy)."""
    if step.kind == "buy":
        return state.fear < D.RULES["fear_per_card"] or not state.sawyer_deck
    if step.kind == "offer":
        t = state.trespassers[step.who]
        return not active(t) or not offerable(state, step.flag)
    if step.kind in ("bury", "take", "swap", "give"):
        return not active(state.trespassers[step.who])
    if step.kind == "reroll":
        return not state.hand
    return False


def ask(state: State, step: Step) -> tuple[list[Option], str, str, str]:
    """The question a waiting step asks: its options, whose choice it is, the decision's kind, the prompt."""
    opts, prompt = QUESTIONS.run(step.kind, state, step)
    return opts, ASKS[step.kind], step.kind, prompt


def options(state: State) -> tuple[list[Option], str, str, str]:
    """The pending decision: its options, the seat, the kind and the prompt (the queue's question first)."""
    if state.todo:
        return ask(state, state.todo[0])
    if state.phase == "trespassers":
        if state.current < 0:
            opts = [_turn_option(t.id) for t in state.trespassers if active(t) and not t.acted]
            return opts, TRESPASSERS, "order", "Which Trespasser takes a turn now?"
        return action_options(state), TRESPASSERS, "action", action_prompt(state)
    if state.cur_sawyer == "":
        opts = [_SAWYER_TURN[s.id] for s in state.sawyers if s.space and not s.acted]
        return opts, SAWYER, "order", "Which Sawyer takes a turn now?"
    return sawyer_options(state), SAWYER, "sawyer_action", sawyer_prompt(state)


_CARD_TABLES = (D.ALL_ITEMS, D.ALL_INJURIES)


def _design(arg: str) -> str:
    """A card's design ('item/fuel/2' -> 'fuel'), or the argument itself where it names no Item or Injury."""
    for table in _CARD_TABLES:
        if arg in table:
            return str(table[arg]["id"])
    return arg


def _near(state: State, step: Step) -> list[str]:
    """The cards a question picks among: its own, and those of the Trespassers it asks about."""
    near = [*step.cards]
    for i in (step.who, step.n if step.kind == "swap" else -1):
        if 0 <= i < len(state.trespassers):
            near += [*state.trespassers[i].items, *state.trespassers[i].personal]
    return near


def _copies_behind(state: State, step: Step, key: str) -> bool:
    """Whether a question's one choice stands for several copies of a card: it is still asked, as when each copy
    was a choice of its own (before rules version 6), so a save from then, which answered it, plays the same."""
    cards = {_design(c) for c in _cards(Key.parse(key)) if _design(c) != c}
    return any(sum(_design(c) == card for c in _near(state, step)) > 1 for card in cards)


def copy_of_offered(state: State, key: str, opts: list[Option]) -> bool:
    """Whether `key` names another copy of a card an offered option names, the copy itself in play in the
    question: since rules version 6 two copies of one Item or Injury are one choice, and a save from before
    that may have chosen the second copy, which plays as it always did."""
    if not state.todo:
        return False
    try:
        choice = Key.parse(key)
    except ValueError:  # no option's text at all
        return False
    cards = [c for c in _cards(choice) if _design(c) != c]
    if not cards or not all(c in _near(state, state.todo[0]) for c in cards):
        return False
    shape = _shape(choice)
    return any(_shape(Key.parse(o.key)) == shape for o in opts)


def _cards(k: Key) -> tuple[str, ...]:
    """The cards a key names (an Item or Injury among them may be one copy of several)."""
    return tuple(c for c in (k.card, k.other) if c)


def _shape(k: Key) -> Key:
    """A key with each card it names as its design: what the choice is, whichever copy it names."""
    return k._replace(card=_design(k.card), other=_design(k.other))


def ending(state: State, key: str) -> Ending | None:
    """What `key` ends, where it ends a Trespasser's or a Sawyer's turn (the table's guard against ending one
    with every action still left: engines.core.contract.Ending)."""
    if key != "end" or state.todo or state.phase not in ("trespassers", "sawyer"):
        return None
    if state.phase == "trespassers" and state.current >= 0:
        t = state.trespassers[state.current]
        return _ending(f"{t.id.capitalize()}'s turn", t.actions, max_actions(t))
    if state.phase == "sawyer" and state.cur_sawyer:
        s = sawyer_of(state, state.cur_sawyer)
        return _ending(f"{D.name(s.id)}'s turn", s.actions, s.most)
    return None


def _ending(scope: str, left: int, full: int) -> Ending:
    actions = f"{left} action{'s' if left != 1 else ''} left"
    return Ending(scope, f"all {actions}" if left >= full else actions, untouched=left >= full)


@functools.cache
def _turn_option(tid: str) -> Option:
    """Trespasser `tid` takes the next turn (built once a process)."""
    return Option(str(Key("turn", tid=tid)), f"{tid.capitalize()} takes a turn", (tid,))


_SAWYER_TURN = {sid: Option(str(Key("sawyer", sawyer=sid)), f"{D.name(sid)} takes a turn", (sid,)) for sid in D.SAWYER_ORDER}


def why(state: State, text: str) -> str:
    """Why `text` is refused now, in the words of the mechanic that refuses it."""
    kind = options(state)[2]
    verb = verb_of(text)
    reason = None
    if kind == "action":
        reason = why_not_action(state, verb)
    elif kind == "sawyer_action":
        reason = why_not_sawyer(state, verb)
    else:
        reason = why_not_item(kind, verb)
    return reason or f"'{text}' is not a legal choice now."


def run(state: State, events: list[Event]) -> None:
    """Carry out the queue and every automatic turn up to the next decision, or to the end of the game: the core
    queue's loop over `state.todo`, its questions waiting in it, the phase acting on its own once it is empty."""
    TODO.run(state.todo, EFFECTS, _kind, state, events, _over, questions=WAITING, idle=_advance)


def _kind(step: Step) -> str:
    return step.kind


def _over(state: State, events: list[Event]) -> bool:
    """Whether the game is over, ending it here when the last Trespasser is out (the cheap test made inline)."""
    if state.phase == "over":
        return True
    for t in state.trespassers:
        if not t.dead and not t.escaped:
            return False
    return check_end(state, events)


WAITING: Steps[[State, Step, list[Event]], bool] = Steps("slaughterhouse questions waiting")
"""kind -> fn(state, step, events) -> whether a seat must answer now: every question (`ASKS`), as the core loop
finds it next in the queue."""


@WAITING.step(*ASKS)
def _waiting(state: State, step: Step, events: list[Event]) -> bool:
    """A question next in the queue: True when its seat must answer; else it is settled here (taken off where it
    no longer applies, answered where it has one answer)."""
    if skip_ask(state, step):
        TODO.pop(state.todo)
        return False
    if step.kind in _ALWAYS_ASKED:
        return True
    opts = ask(state, step)[0]
    if len(opts) == 1 and not _copies_behind(state, step, opts[0].key):
        choose(state, opts[0].key, events)
        return False
    return True


def _advance(state: State, events: list[Event]) -> bool:
    """With the queue empty: start the one turn left, or end a phase or a Sawyer's turn; False when a seat
    must choose."""
    if state.phase == "trespassers" and state.current < 0:
        left = [i for i, t in enumerate(state.trespassers) if active(t) and not t.acted]
        if not left:
            start_sawyer_turn(state, events)
            return True
        if len(left) == 1:
            start_turn(state, left[0], events)
            return True
    if state.phase == "sawyer" and state.cur_sawyer == "":
        waiting = [s for s in state.sawyers if s.space and not s.acted]
        if not waiting:
            end_round(state, events)
            return True
        if len(waiting) == 1:
            start_sawyer(state, waiting[0].id, events)
            return True
    # With an action left a move is always possible; with none, only cards may remain.
    if (
        state.phase == "sawyer"
        and state.cur_sawyer
        and sawyer_of(state, state.cur_sawyer).actions == 0
        and (not state.hand or len(sawyer_options(state)) == 1)
    ):
        end_sawyer(state)
        return True
    return False


def check_end(state: State, events: list[Event]) -> bool:
    if state.phase == "setup":
        return False
    for t in state.trespassers:
        if not t.dead and not t.escaped:
            return False
    escaped = sum(t.escaped for t in state.trespassers)
    state.result = "escaped" if escaped == state.count else "killed" if escaped == 0 else "mixed"
    finish(state, events)
    return True


def finish(state: State, events: list[Event]) -> None:
    for step in state.todo:  # cards still waiting to be buried go to the bottom of their decks
        if step.kind in ("bury_injuries", "give"):
            state.injury_deck[0:0] = step.cards
        elif step.kind in ("take", "bury_order"):
            state.item_decks[board(state.trespassers[step.who].space)][0:0] = step.cards
    state.phase = "over"
    state.current = -1
    state.cur_sawyer = ""
    state.todo.clear()  # in place: the loop draining it stops on the game's end
    events.append(
        Event(
            "game_over",
            state.round,
            "end",
            {
                "result": state.result,
                "escaped": [t.id for t in state.trespassers if t.escaped],
                "killed": [t.id for t in state.trespassers if t.dead],
                "round": state.round,
                "scenario": state.scenario,
                "ended_by": next((e.kind for e in reversed(events) if e.kind in ("escaped", "killed")), ""),
                "leatherface_in_fire": sawyer_of(state, "leatherface").space in state.fire,
                "start_personal": state.start_personal,
                "escaped_personal": sum(len(t.personal) for t in state.trespassers if t.escaped),
            },
        )
    )


def choose(state: State, text: str, events: list[Event]) -> None:
    """Carry out a legal choice: the answer to the queue's question, or the phase's own decision."""
    if state.todo and state.todo[0].kind in ASKS:
        step = TODO.pop(state.todo)
        ANSWERS.run(step.kind, state, step, text, events)
        return
    if state.phase == "trespassers":
        if state.current < 0:
            who = Key.parse(text).tid
            start_turn(state, next(i for i, t in enumerate(state.trespassers) if t.id == who), events)
        else:
            act(state, text, events)
    elif state.cur_sawyer == "":
        start_sawyer(state, Key.parse(text).sawyer, events)
    else:
        sawyer_act(state, text, events)
