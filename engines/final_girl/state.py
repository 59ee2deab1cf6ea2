"""The whole of a Final Girl game as data: board, cards in their places, tracks, traps and the work still to do.

`stack` holds the steps still to run (phases and card effects as small dicts, last = next), and `ask` the
decision the game waits on, so a game can stop for a choice in the middle of a Terror card and go on.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engines.core.decks import Deck
from engines.core.rng import Rng

# gc=False on Victim, Trap, MinorPower and View: none of them can be part of a reference cycle (they hold
# scalars, or lists of scalars and of these), so the garbage collector need not track them; made at every
# decision, they would otherwise bring its collections on sooner. Encoding and decoding are unchanged.


class Victim(msgspec.Struct, gc=False):
    id: int
    space: str
    special: str = ""  # "", or the Event that made it special: "zipp", "best_friend", "supervisor"
    trapped: bool = False


class Trap(msgspec.Struct, gc=False):
    id: int
    card: str
    subject: str  # "fg" or a Victim id as text
    space: str
    step: int = 0  # where the subject's meeple stands on the card's track
    task: int = 0  # index of the next Escape Task
    progress: int = 0  # damage or moves put toward the current task this Action phase
    done: bool = False  # completed: the Victim died (removed in Upkeep)
    turn: int = 0  # when it was set


class MinorPower(msgspec.Struct, gc=False):
    card: str  # the Terror card instance sitting above the Tormentor's board
    health: int


class State(msgspec.Struct):
    rng: Rng
    girl: str
    extreme: bool
    epic: bool
    # Game Ambiguity: "ask" (the person settles every tie), "infinite-evil", "abject-realism" or
    # "never-ending-hilarity" (research 2.14; what each decides is in RULES.md)
    ties: str = "infinite-evil"
    turn: int = 0
    phase: str = "setup"
    result: str = ""
    reason: str = ""
    # tracks
    time: int = 6
    horror: int = 0
    bloodlust: int = 0
    skip_action: bool = False
    end_action: bool = False
    # something done in the current Action or Planning phase: read by `ending` only (the table's guard against
    # ending a phase untouched); it changes no play
    acted: bool = False
    bonus_dice: int = 0
    improvise: str = ""  # "", "next" (next roll) or "phase" (rest of this Action phase)
    # the Final Girl
    fg_space: str = ""
    fg_start: str = ""
    fg_health: int = 0
    fg_max: int = 0
    fg_token: int = 0
    fg_white: bool = False
    slots: int = 0
    # the Killer
    killer_space: str = ""  # "" while the Tormentor is off the board
    killer_start: str = ""
    killer_health: int = 0
    killer_max: int = 0
    killer_token: int = 0
    killer_white: bool = False
    finale: str = ""
    finale_revealed: bool = False
    finale_turn: int = 0  # the turn whose Upkeep revealed the Finale (its Upkeep effects start after it)
    dark_power: str = ""
    dark_power_revealed: bool = False
    minor_powers: list[MinorPower] = []
    # cards
    deal: int = 1  # the content edition the run was dealt from (engines/core/decks.py)
    setup_card: str = ""
    # the Setup cards revealed since the first, in order: where she appeared, and each stand-in for her space
    # while unseen (rulebook, The Tormentor); public, and read by the screens only
    setups_revealed: list[str] = []
    hand: list[str] = []
    tableau: list[str] = []
    used: list[str] = []  # played or discarded since the last Planning phase
    resolving: str = ""  # the Action card being resolved
    terror: Deck = msgspec.field(default_factory=Deck)
    terror_out: list[str] = []
    bottomed: int = 0
    event_deck: list[str] = []
    events_active: list[str] = []
    events_done: list[str] = []
    item_decks: dict[str, list[str]] = {}
    hands: list[str] = []
    backpack: list[str] = []
    item_uses: dict[str, int] = {}
    items_gone: list[str] = []
    items_out: list[str] = []
    items_down: list[str] = []  # Item cards lying face down in their piles (put under by a Search)
    locked: list[str] = []
    forklift: str = ""
    # Victims and traps
    victims: list[Victim] = []
    next_victim: int = 1
    supply: int = 0
    saved: int = 0
    saved_alone: int = 0
    dead: int = 0
    trap_dead: int = 0
    freed: int = 0
    fg_escapes: int = 0
    killed_this_turn: bool = False
    traps: list[Trap] = []
    next_trap: int = 1
    victim_trap_deck: list[str] = []
    fg_trap_deck: list[str] = []
    traps_out: list[str] = []
    # the machine
    stack: list[dict[str, Any]] = []
    ask: dict[str, Any] = {}
    roll: dict[str, Any] = {}
    played: list[str] = []  # card kinds played this turn (for the record)


class View(msgspec.Struct, frozen=True, gc=False):
    """What the Final Girl may know: the board, her cards, the tracks. No deck order, no Final Health tokens."""

    turn: int
    phase: str
    girl: str
    extreme: bool
    time: int
    horror: int
    dice: int
    bloodlust: int
    fg_space: str
    fg_health: int
    fg_max: int
    fg_white: bool
    fg_trapped: bool
    slots: int
    slots_total: int
    killer_space: str
    killer_health: int
    killer_max: int
    killer_white: bool
    finale: str
    dark_power: str
    minor_powers: list[MinorPower]
    terror_left: int
    hand: list[str]
    tableau: list[str]
    used: list[str]
    hands: list[str]
    backpack: list[str]
    item_uses: dict[str, int]
    item_tops: dict[str, str]
    item_counts: dict[str, int]
    locked: list[str]
    forklift: str
    victims: list[Victim]
    traps: list[Trap]
    events_active: list[str]
    saved: int
    dead: int
    supply: int
    ask: dict[str, Any]
    roll: dict[str, Any]
    bonus_dice: int
    improvise: str
    result: str
    # what the table shows that the screens read (examine): the rule settling ties, the Setup card in play,
    # the Events already resolved, how many cards each Death Trap deck has left (face down, counted), and
    # her Attack and Movement Values now
    ties: str
    setup_card: str
    events_done: list[str]
    victim_traps_left: int
    fg_traps_left: int
    killer_attack: int  # her Attack and Movement Values now: the Bloodlust row's, with what her powers add
    killer_move: int
    setups_revealed: list[str]  # every Setup card revealed since the first, in order
