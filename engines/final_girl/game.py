"""Final Girl: The Marrek Murders. The person is the Final Girl; the rules play The Tormentor and the rest."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from engines.core.contract import (
    Decision,
    Ending,
    GameOf,
    GameOption,
    Hint,
    IllegalMove,
    Outcome,
    Policy,
    Seat,
)
from engines.core.events import Event
from engines.final_girl import (
    board,
    dealing,
    killer,
    moving,
    planning,
    playing,
    rolling,
    tracks,
    traps,
    turn,
    victims,
)
from engines.final_girl import determinize as hidden
from engines.final_girl import events as event_cards
from engines.final_girl import items as item_cards
from engines.final_girl import setup as opening
from engines.final_girl.ambiguity import MODES
from engines.final_girl.items import why_not_item
from engines.final_girl.keys import Key
from engines.final_girl.machine import CHOICES, OPTIONS, run
from engines.final_girl.planning import why_not_buy
from engines.final_girl.playing import action_prompt, why_not_discard, why_not_play
from engines.final_girl.rolling import roll_prompt
from engines.final_girl.state import State, View
from engines.final_girl.traps import why_not_task
from engines.final_girl.victims import why_not_save
from engines.final_girl.view import view_of

FINAL_GIRL = "final_girl"
_MECHANICS = (
    board,
    event_cards,
    item_cards,
    killer,
    moving,
    planning,
    playing,
    rolling,
    tracks,
    traps,
    turn,
    victims,
)
"""Every mechanic: each fills the step tables (`machine`) as it is imported, so all are imported here."""

PROMPTS = {  # decision kind -> what the person is asked
    "action": "Action phase: play a card, use an item, rescue a Victim, work a trap, or end the phase.",
    "planning": "Planning: buy Action cards with the Time you have left.",
    "roll": "Horror Roll: accept it, turn a 3-4 into a success by discarding two cards, or Close Call.",
    # (the roll's and the Action phase's prompts name only what they offer: roll_prompt, action_prompt)
    "convert": "Which two cards do you discard to turn a 3-4 into a success?",
    "move": "Where do you go?",
    "react": "The Tormentor strikes at you. Play a Reaction card?",
    "choose": "The roll failed: choose how it goes wrong.",
    "keep": "Two items: keep one; the other goes back on top face up, or under the pile face down.",
    "take_card": "A rescued Victim's reward: take an Action card costing 2 or less.",
    "tie": "Game Ambiguity: The Tormentor's target is tied. Which does she go for?",
    "trap_tie": "Game Ambiguity: the Death Trap could take any of these Victims. Which does it take?",
    "attack_tie": "Game Ambiguity: the Tormentor strikes at one of the Victims here. Which one?",
    "shield": "Game Ambiguity: damage to her breaks her Minor Dark Powers first. Which one takes it first?",
    "arrange": "Your hands: which items do you hold ready? The rest go in the backpack.",
    "panic_order": "Victims panic in the order you choose: who runs first?",
    "pit_dice": "Game Ambiguity: the Supervisor's group panics from The Pit. His card says one die, The Pit two.",
}

_PROMPTED = {"roll": roll_prompt, "action": action_prompt}
"""The decision kinds whose prompt names only what the options offer -> what words it from them."""


class FinalGirl:
    id = "final-girl"
    title = "Final Girl: The Marrek Murders"
    rules_version = "6"  # 5: the Supervisor's own meeple (V8); the five-Locations progress (AC5); `acted` (T3b);
    # 6: every consequence told with its number (issue 45)

    @property
    def newest_deal(self) -> str:
        """The content edition a new run is dealt from, and records (engines/core/decks.py)."""
        return str(dealing.NEWEST)

    content = staticmethod(dealing.content)
    """The pools each content edition deals from (tests/engines/test_content.py pins them)."""
    facts_added: ClassVar[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
        "6": {
            "fg_token": ("lost",),
            "killer_token": ("lost", "uses", "worn"),
            "item_used": ("uses",),
            "armour_absorbs": ("uses",),
            "killer_hurt": ("uses", "worn"),
            "minor_power_hurt": ("uses", "worn"),
            "task_progress": ("worn", "uses"),
            "killer_appears": ("health",),
            "victims_placed": ("stand_in",),
            "exits_locked": ("names",),
        },
    }
    """The event facts each rules version added (6, issue 45: every consequence's number: the health a blow
    took before a Final Health token, the uses an item has left, the Exits a lock-down shuts), so a save of an
    older version replays to its log with them left out (solo.run)."""
    seats = (
        Seat(
            FINAL_GIRL,
            "the Final Girl",
            "Survive the Marrek Warehouse, free the trapped, kill The Tormentor.",
        ),
    )
    person_seats = (FINAL_GIRL,)
    options = (
        GameOption("girl", ("mandy", "cassie"), "mandy", "Which Final Girl you play: Mandy or Cassie."),
        GameOption(
            "mode", ("normal", "extreme"), "normal", "extreme: 5 Time a turn and the harsher Horror track."
        ),
        GameOption("dark_power", ("normal", "epic"), "normal", "epic: the Epic Dark Power, Endless Traps."),
        GameOption("finale", ("normal", "epic"), "normal", "epic: the Epic Finale, Curtain Call."),
        GameOption(
            "bonus_items",
            ("off", "on"),
            "off",
            "on: your Final Girl's own bonus item is shuffled in with the warehouse's Items.",
        ),
        GameOption(
            "ties",
            MODES,
            "ask",
            "Game Ambiguity: ask (you settle each tie), infinite-evil (the worst for you), abject-realism "
            "(the most realistic), never-ending-hilarity (a die decides).",
        ),
    )
    state_type = State
    default_policy = "heuristic"

    # What the search reads (engines/core/search.py): samples of the hidden things, and what an ending says.
    determinize = staticmethod(hidden.determinize)
    facts = staticmethod(hidden.facts)
    value = staticmethod(hidden.value)

    @property
    def policies(self) -> Mapping[str, Policy]:
        from engines.final_girl import policies

        return policies.POLICIES

    # -- the contract ---------------------------------------------------------------------------------

    def setup(self, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
        return opening.new_game(self, seed, options)

    def decision(self, state: State) -> Decision | None:
        if state.result or not state.ask:
            return None
        kind = state.ask["kind"]
        options = tuple(OPTIONS.run(kind, state))
        asked = _PROMPTED.get(kind)
        prompt = asked(options) if asked else PROMPTS[kind]
        return Decision(FINAL_GIRL, kind, prompt, options)

    def apply(self, state: State, key: str, decision: Decision | None = None) -> list[Event]:
        decision = decision or self.decision(state)
        if decision is None:
            raise IllegalMove("The game is over; there is nothing left to decide.")
        if decision.option(key) is None:
            raise IllegalMove(self._why(state, decision, key))
        events: list[Event] = []
        CHOICES.run(decision.kind, state, Key.parse(key), events)
        run(state, events)
        return events

    def outcome(self, state: State) -> Outcome | None:
        # The reason alone: the application says "You won" or "You lost" itself.
        reason = f"{state.reason[:1].upper()}{state.reason[1:]}."
        if state.result == "won":
            return Outcome("won", (FINAL_GIRL,), reason)
        if state.result == "lost":
            return Outcome("lost", (), reason)
        return None

    def view(self, state: State, seat: str = FINAL_GIRL) -> View:
        return view_of(state)

    def ending(self, state: State, key: str) -> Ending | None:
        """What `key` ends, where it ends a phase or a move (engines.core.contract.Ending)."""
        return turn.ending(state, key)

    def turn(self, state: State) -> int:
        return state.turn

    def hint(self, state: State) -> Hint | None:
        from engines.final_girl import policies

        decision = self.decision(state)
        if decision is None:
            return None
        return policies.advise(self.view(state), decision)

    @property
    def achievements(self) -> Mapping[str, str]:
        """Every achievement of the box (both lists of the rulebook), id -> what it asks."""
        from engines.final_girl.achievements import TEXT

        return TEXT

    def earned(self, log: list[Event]) -> list[str]:
        """The achievements a finished run's events earn."""
        from engines.final_girl.achievements import earned

        return earned(log)

    def remember(self, log: list[Event]) -> dict[str, str]:
        """What a finished run adds to the long record of runs (where The Tormentor fell, if she did)."""
        from engines.final_girl.achievements import remember

        return remember(log)

    def earned_across(self, memories: list[dict[str, str]]) -> list[str]:
        """The achievements all recorded runs earn together."""
        from engines.final_girl.achievements import earned_across

        return earned_across(memories)

    def progress(self, memories: list[dict[str, str]]) -> dict[str, str]:
        """How far the recorded runs have come toward each achievement that takes several, and why one cannot
        complete with this box."""
        from engines.final_girl.achievements import progress

        return progress(memories)

    def invariants(self, state: State) -> list[str]:
        from engines.final_girl.checks import invariants

        return invariants(state)

    def _why(self, state: State, decision: Decision, key: str) -> str:
        """A player-readable reason a key is not legal now, from the mechanic the key belongs to."""
        try:
            k = Key.parse(key)
        except ValueError:
            k = Key("")
        refusal = _REFUSALS.get((decision.kind, k.verb))
        if refusal is not None:
            return refusal(state, k)
        if k.verb == "save":
            return why_not_save(state, decision.kind, decision.prompt)
        return f"'{key[:40]}' is not a legal choice now. {decision.prompt}"


_REFUSALS: dict[tuple[str, str], Callable[[State, Key], str]] = {
    ("action", "play"): why_not_play,
    ("action", "discard"): why_not_discard,
    ("action", "task"): why_not_task,
    ("action", "item"): why_not_item,
    ("planning", "buy"): why_not_buy,
    ("action", "buy"): lambda state, key: (
        "Cards are bought in the Planning phase, after the Action phase: 'end' ends this one."
    ),
}
"""(decision kind, a refused key's verb) -> the mechanic's reason."""


GAME = FinalGirl()
_check: GameOf[State, View] = GAME  # the contract, checked by mypy against the game's own types
