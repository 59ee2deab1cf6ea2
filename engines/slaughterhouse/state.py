"""The whole of a Slaughterhouse game as data: the House, the movers, the decks and hands, and the RNG."""

from __future__ import annotations

import msgspec

from engines.core.rng import Rng


class Trespasser(msgspec.Struct):
    id: str
    space: str
    actions: int = 0
    noise: int = 0
    injuries: list[str] = []
    items: list[str] = []
    personal: list[str] = []
    desperation: list[str] = []
    hidden: bool = False
    dead: bool = False
    escaped: bool = False
    acted: bool = False  # took a turn this round
    stopped: bool = False  # the current move or run was ended early
    play_dead: bool = False  # may hide anywhere at the end of this turn
    used: list[str] = []  # once-per-turn items used this turn
    made_noise: int = 0  # Noise made by the current action (for interrupts)
    carrying: bool = False  # a Loot token (Scenario C)
    wild_as: dict[str, str] = {}  # wild Injury card -> the type it counts as


class Sawyer(msgspec.Struct):
    id: str
    space: str = ""  # "" while not yet brought out by the Panic Meter
    actions: int = 0
    most: int = 0  # the highest space of the board (Brutal adds one)
    brutal: bool = False
    acted: bool = False


class Step(msgspec.Struct):
    """One thing still to do (an effect, or a question to a seat); the queue runs front first."""

    kind: str
    who: int = -1
    sawyer: str = ""
    path: list[str] = []
    cards: list[str] = []
    dice: list[int] = []
    n: int = 0
    flag: str = ""


class State(msgspec.Struct):
    rng: Rng
    count: int  # Trespassers in play
    trespassers: list[Trespasser]
    sawyers: list[Sawyer]
    round: int = 0
    phase: str = "setup"  # setup, trespassers, sawyer, over
    deal: int = 1  # the content edition the run was dealt from (engines/core/decks.py)
    current: int = -1  # the Trespasser taking a turn
    cur_sawyer: str = ""  # the Sawyer taking a turn
    grandpa: str = ""
    fear: int = 0
    panic: int = 0
    hand: list[str] = []
    sawyer_deck: list[str] = []  # top is the end of the list; buried cards go to the front
    desperation_deck: list[str] = []
    injury_deck: list[str] = []
    item_decks: dict[str, list[str]] = {}
    personal_offer: list[str] = []
    personal_box: list[str] = []
    horror_box: list[str] = []  # tiles not in play (face down, seen by nobody)
    horror_placing: list[str] = []  # tiles the Sawyer player still has to place at setup
    horror: dict[str, str] = {}  # room -> face-down tile
    horror_up: dict[str, str] = {}  # room -> face-up tile that stays
    horror_gone: list[str] = []  # one-shot tiles removed from the game
    vehicles: dict[str, str] = {}  # vehicle space -> card
    vehicles_up: list[str] = []  # vehicle spaces revealed
    vehicle_box: list[str] = []
    repaired: list[str] = []  # vehicle cards repaired
    driven: list[str] = []  # vehicle cards driven away
    installed: list[str] = []  # parts used on repairs (out of the game)
    searched: list[str] = []  # spaces covered by a Searched token
    todo: list[Step] = []
    result: str = ""  # "", "escaped", "killed", "mixed"
    scenario: str = "a"
    item_box: list[str] = []  # Item cards not in this game (other scenarios, locked achievements, set aside)
    round_used: list[str] = []  # once-per-round Items used this round
    fire: list[str] = []  # spaces with a Fire token
    ignited: list[str] = []  # rooms set alight by the Trespassers (Scenario B)
    beside: list[str] = []  # Scenario Items face up beside the board (Scenario B: Siphoned Fuel)
    siphoned: list[str] = []  # vehicle cards already siphoned (Scenario B)
    tokens: list[str] = []  # spaces holding a Scenario token (Loot in C, Photo in D)
    loaded: int = 0  # Loot tokens in the Blue Truck (Scenario C)
    photos: int = 0  # photos taken (Scenario D)
    photographed: list[str] = []  # Sawyers caught on film (Scenario D)
    film: int = 0  # shots left in the Camera (Scenario E)
    documented: list[str] = []  # Evidence cards documented (Scenario E)
    start_personal: int = 0  # Personal Items the Trespassers started with (for an achievement)


class TrespasserView(msgspec.Struct, frozen=True, gc=False):
    id: str
    space: str
    actions: int
    noise: int
    injuries: list[str]
    items: list[str]
    personal: list[str]
    desperation: list[str] | int  # the cards for the Trespassers' seat, a count for the family
    hidden: bool
    dead: bool
    escaped: bool
    acted: bool
    carrying: bool = False
    wild_as: dict[str, str] = {}


class View(msgspec.Struct, frozen=True, gc=False):
    """What one seat sees. Face-down tiles and vehicles, deck orders and the other side's hand stay hidden."""

    seat: str
    round: int
    phase: str
    current: int
    cur_sawyer: str
    trespassers: list[TrespasserView]
    sawyers: list[Sawyer]
    grandpa: str
    fear: int
    supply: int
    panic: int
    hand: list[str] | int
    sawyer_deck: int
    item_decks: dict[str, int]
    injury_deck: int
    horror_rooms: list[str]  # rooms with a face-down tile
    horror_known: dict[str, str]  # room -> tile, for the family (who placed them); empty for the Trespassers
    horror_up: dict[str, str]
    vehicles_up: dict[str, str]
    vehicle_spaces: list[str]
    repaired: list[str]
    driven: list[str]
    searched: list[str]
    step: Step | None
    result: str
    scenario: str = "a"
    fire: list[str] = []
    ignited: list[str] = []
    beside: list[str] = []
    siphoned: list[str] = []
    tokens: list[str] = []
    loaded: int = 0
    photos: int = 0
    photographed: list[str] = []
    film: int = 0
    documented: list[str] = []
