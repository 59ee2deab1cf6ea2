"""A Director's Cut game as data: the slashers, the town's markers and locks, the decks, and what is pending."""

from __future__ import annotations

import msgspec

from engines.core.decks import Deck
from engines.core.rng import Rng

# Phases a game waits in.
START_POINT = "start_point"  # a slasher picks a starting point
LOCK = "lock"  # the first player places an opening Lock Token
TURN = "turn"  # the current slasher: draw a scene here, unlock, heal, or roll to move
MOVE = "move"  # the current slasher picks where the roll takes them
SPEND = "spend"  # someone about to roll decides how many supply tokens to spend
KEEP = "keep"  # a new supply card while holding one: keep which
RUN = "run"  # an opposing player picks where a Scene Marker runs
SEARCH = "search"  # in an empty location: search or not
AT_LOCK = "at_lock"  # stopped on a locked entrance: try to unlock now or wait
TARGET = "target"  # landed within reach of several slashers: the mover picks whom to brawl
BONUS_PICK = (
    "bonus_pick"  # a Bonus Tracks card lets the drawer pick a location to go to or a slasher to swap with
)
AID = "aid"  # a First Aid Kit just drawn by a hurt slasher: use it now or keep it (its card says either)
RISE = "rise"  # The Drowned Girl used her ability: she picks the location with a Scene Marker to rise in
DOOR = "door"  # a lock just broken: go into the location or carry on with the turn
REDRAW = "redraw"  # three fists beat a Killer Scenes card: draw another or stop
OVER = "over"


class Slasher(msgspec.Struct):
    seat: str
    name: str
    health: int
    at: str = ""  # a board node; "" when dead
    alive: bool = True
    souvenirs: list[str] = []  # tokens collected (never Runners)
    supply: str = ""  # the one supply card in the inventory
    trackers: int = 0  # Supply Tracker Tokens left on it (unused for infinite cards)
    key: str = ""  # a Skeleton Key card: outside the inventory
    searched: str = ""  # the location searched on the last search (no two searches in a row there)
    ability: str = ""  # the Special Ability (rules_data.ABILITY_TEXT)
    used: bool = False  # the Special Ability token flipped to its X side
    edge: int = 0  # knives waiting for the next attack roll (The Legend's ability, a Bonus Tracks card)
    skip: bool = False  # a Bonus Tracks card took this slasher's next turn


class State(msgspec.Struct):
    rng: Rng
    hero: str
    goal: int
    slashers: list[Slasher]
    markers: dict[str, list[str]]  # location -> face-down Scene Marker tokens
    bank: list[str]  # tokens off the board
    scenes: Deck
    supplies: Deck
    bonus: Deck
    locks: dict[str, str] = {}  # entrance space -> "yellow" | "red"
    lock_bank: int = 14
    order: list[int] = []  # slasher indices in turn order
    current: int = -1  # slasher index whose turn it is
    turn_no: int = 0
    round: int = 0
    phase: str = START_POINT
    meter: int = 0
    hero_at: str = ""  # where the Hero stands while active on the board
    wolf: bool = False  # Linda is in her Wolf form (a Full Moon card)
    roll: list[int] = []
    stops: dict[str, int] = {}
    card: str = ""  # the Killer Scenes, Dude card in play
    purpose: str = ""  # what the pending action roll is for
    spender: int = -1
    brawl: list[int] = []  # [attacker, defender] while a brawl runs
    brawl_roll: list[str] = []  # the attacker's dice this brawl round, rolled before the defender decides
    brawl_knives: int = 0  # the attacker's knives this round, rolled and from supplies
    brawl_rounds: int = 0
    brawl_noise: int = 0
    pick: str = ""  # the Bonus Tracks effect waiting for the drawer's pick: "move_any" or "swap"
    targets: list[int] = []  # slashers within reach of the mover while it picks whom to brawl
    fighter: int = -1
    todo: list[str] = []  # the steps decisions interrupted, next first (machine.py): after a hero fight, a
    # supply choice or a brawl, and what staying out of a broken lock's location leads to ("turn" or "end")
    drawn: str = ""  # a supply card waiting for the keep choice
    keeper: int = -1
    running: str = ""  # the location whose marker is running
    chooser: int = -1
    pending_noise: int = 0
    locks_left: int = 0
    placing: int = 0
    spree: bool = False
    last_kill: str = ""
    result: str = ""  # "" while playing; "won", "lost" from slasher1's side
    winners: list[str] = []
    reason: str = ""


class SlasherView(msgspec.Struct, frozen=True, gc=False):
    seat: str
    name: str
    health: int
    at: str
    alive: bool
    souvenirs: int
    supply: str
    trackers: int
    key: bool
    searched: str
    ability: str
    used: bool
    edge: int = 0  # knives waiting for the next attack roll: public (an ability or a Bonus Tracks card)
    skip: bool = False  # a Bonus Tracks card took this slasher's next turn: public (the card is face up)


class View(msgspec.Struct, frozen=True, gc=False):
    """What one seat sees: the board and every slasher's public state; never deck order or face-down tokens."""

    seat: str
    phase: str
    hero: str
    goal: int
    meter: int
    hero_at: str
    wolf: bool
    slashers: tuple[SlasherView, ...]
    markers: dict[str, int]
    locks: dict[str, str]
    current: str
    roll: tuple[int, ...]
    stops: dict[str, int]
    card: str
    purpose: str
    spender: str
    brawl: tuple[str, ...]
    drawn: str
    running: str
    turn: int
    round: int
    spree: bool
    brawl_roll: tuple[str, ...] = ()  # the attacker's dice this brawl round (public: rolled on the table)
    brawl_knives: int = 0  # and the knives they count, supplies included
