"""An Escape From Tall Oaks game as data: the survivors, the town's tokens, the decks, and what is pending."""

from __future__ import annotations

import msgspec

from engines.core.decks import Deck
from engines.core.rng import Rng

START_POINT = "start_point"  # a survivor picks a starting point
TURN = "turn"  # the current survivor: roll to move, draw a scene here, search, complete a Task, heal
MOVE = "move"  # where the roll takes them
SPEND = "spend"  # how many Supply Tracker tokens to spend before an action roll
KEEP = "keep"  # a new supply with full hands: which to let go
TASK = "task"  # in the Rec Center: pick up the top Task card or not
SCUFFLE = "scuffle"  # landed by a rival survivor: scuffle or not
TRAITOR = "traitor"  # start of a turn holding the Traitor card: whom to betray, and how
REDRAW = "redraw"  # a defence beaten by Triple Shields: draw another Killer Scene now, or stay for next turn
OVER = "over"


class Survivor(msgspec.Struct):
    seat: str
    name: str
    health: int
    at: str = ""  # a board node; "" when dead
    alive: bool = True
    rescues: list[str] = []  # Rescue tokens held
    supplies: list[str] = []  # supply cards in the inventory
    trackers: dict[str, int] = {}  # supply card -> Supply Tracker tokens left (finite cards only)
    tasks: list[int] = []  # Task cards held (each takes an inventory slot)
    final: str = ""  # the face-down Final Scenes card
    revealed: bool = False
    final_token: bool = False  # the Final Rescue token collected
    searched: str = ""  # the location searched last (no two searches in a row there)
    traitors: list[str] = []  # Traitor cards held outside the inventory
    cheated: bool = False  # Johnny's once-per-game escape from death used


class State(msgspec.Struct):
    rng: Rng
    survivors: list[Survivor]
    markers: dict[str, str]  # location -> Scene Marker token ("" when cleared)
    bank: list[str]  # Scene Marker / Rescue tokens off the board
    scenes: Deck
    supplies: Deck
    bonus: Deck
    finals: list[str]  # Final Scenes cards not dealt (back in the box)
    final_tokens: dict[str, str] = {}  # location -> seat whose Final Rescue token waits there
    center: list[int] = []  # Task cards in the Rec Center, top last
    done: list[bool] = msgspec.field(default_factory=lambda: [False] * 4)  # Task tokens green
    slasher: int = 0  # index into rules_data.SLASHERS: Smiley, Sarah, The Legend
    slasher_at: str = ""  # "" in the woods behind Johnson's Farm
    meter: int = 0
    helipad: bool = False
    order: list[int] = []
    current: int = -1
    placing: int = 0
    turn_no: int = 0
    round: int = 0
    phase: str = START_POINT
    roll: list[int] = []
    stops: dict[str, int] = {}
    card: str = ""  # the Killer Scenes card in play
    purpose: str = ""  # what the pending action roll is for: rescue, defend, invaders, fight
    spender: int = -1
    fight: str = ""  # "", "normal", "task", "final": the kind of fight pending
    todo: list[str] = []  # the steps a decision interrupted, next first (machine.py: what each is)
    drawn: str = ""  # a supply card waiting for the keep choice
    keeper: int = -1
    pending_noise: int = 0  # noise from spent supplies, made once the roll is resolved
    last_cleared: str = ""
    result: str = ""
    winners: list[str] = []
    reason: str = ""


class SurvivorView(msgspec.Struct, frozen=True, gc=False):
    seat: str
    name: str
    health: int
    at: str
    alive: bool
    rescues: int
    supplies: tuple[str, ...]
    trackers: dict[str, int]
    tasks: tuple[int, ...]
    final: str  # the card id once revealed, else ""
    final_token: bool
    searched: str
    traitors: int  # only in the holder's own view; 0 for everyone else


class View(msgspec.Struct, frozen=True, gc=False):
    """What one seat sees: the town and every survivor's public state; never deck order or face-down cards."""

    seat: str
    phase: str
    survivors: tuple[SurvivorView, ...]
    markers: dict[str, bool]
    final_tokens: dict[str, str]
    center: tuple[int, ...]
    done: tuple[bool, ...]
    slasher: int
    slasher_at: str
    meter: int
    helipad: bool
    current: str
    roll: tuple[int, ...]
    stops: dict[str, int]
    card: str
    purpose: str
    fight: str
    drawn: str
    turn: int
    round: int
    # What a roll gets from supplies and the survivor's ability, as (Actions, Shields, Escapes, noise), the noise
    # as the Slasher Meter takes it (none in a fight); the seat's own, read by the screens so they never add the
    # bonus up themselves. `spends`: each choice of the pending spend, in the spender's own view only. `most`:
    # each kind of action roll (rescue, defend, invaders, fight) with every token that helps spent.
    spends: dict[str, tuple[int, int, int, int]] = {}
    most: dict[str, tuple[int, int, int, int]] = {}
