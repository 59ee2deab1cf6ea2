"""The opening of Slaughterhouse: the decks, the House, the Horror tiles, Personal Items, the scenario's
pieces; and the Freezer Box, the Item deck a finished run hands to the next."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from engines.core.contract import Option
from engines.core.decks import Dealer
from engines.core.events import Event
from engines.core.rng import Rng
from engines.slaughterhouse import data as D
from engines.slaughterhouse.dealing import NEWEST, content, since_of
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.rules import sawyer_of, the
from engines.slaughterhouse.state import Sawyer, State, Step, Trespasser
from engines.slaughterhouse.tables import ANSWERS, QUESTIONS, TODO


def new_game(
    seed: int, opts: Mapping[str, str], freezer: list[str], unlocked: list[str], dealer: Dealer | None = None
) -> tuple[State, list[Event]]:
    """The opening (options already checked), with its questions queued: the caller runs the queue. The
    dealer (engines/core/decks.py) says how the cards are dealt; none deals the newest edition."""
    check_unlocked(unlocked)
    deck_in = check_freezer(freezer)
    n = int(opts["trespassers"])
    sc = D.SCENARIOS[opts["scenario"]]
    cards = {c for a in unlocked for c in D.ACHIEVEMENTS[a]["unlocks"]}
    deal = dealer if dealer is not None else Dealer(seed, Rng.from_seed(seed), NEWEST, since_of)
    rng = deal.main
    pools = content(deal.edition)
    tres = [Trespasser(t["id"], D.START["trespassers"], actions=D.ACTIONS) for t in D.TRESPASSERS[:n]]
    sawyers = []
    for sid in D.SAWYER_ORDER:
        most = D.SAWYERS[sid]["actions"] + (1 if n == 4 else 0)
        sawyers.append(Sawyer(sid, actions=most, most=most, brutal=n == 4))
    state = State(rng=rng, count=n, trespassers=tres, sawyers=sawyers, scenario=sc["id"], deal=deal.edition)
    state.desperation_deck = deal.shuffled(
        "desperation", [*pools["desperation"], *(c for c in pools["achievement-desperation"] if c in cards)]
    )
    state.injury_deck = deal.shuffled(
        "injuries", [*pools["injuries"], *(c for c in pools["achievement-injuries"] if c in cards)]
    )
    state.sawyer_deck = deal.shuffled(
        "sawyer-cards", [*pools["sawyer-cards"], *(c for c in pools["achievement-sawyer-cards"] if c in cards)]
    )
    state.hand = [state.sawyer_deck.pop() for _ in range(D.RULES["sawyer_start_cards"])]
    state.fear = D.RULES["sawyer_start_fear"]
    tiles = deal.shuffled("horror", pools["horror"])
    state.horror_placing = tiles[: D.RULES["horror_tiles_placed"]]
    state.horror_box = tiles[D.RULES["horror_tiles_placed"] :]
    base = deck_in if deck_in is not None else list(pools["items"])
    base += [c for c in pools["achievement-items"] if c in cards and c not in base]
    base = reset_personal(base, pools["personal"])
    personal = deal.shuffled("personal", [c for c in pools["personal"] if c not in base])
    state.personal_offer = personal[: D.RULES["personal_items_revealed"]]
    state.personal_box = personal[D.RULES["personal_items_revealed"] :]
    scenario_items = list(pools[f"scenario-items-{sc['items']}"]) if sc["items"] else []
    kept_later: list[str] = []  # Scenario cards kept that the first edition's cards alone would have set aside
    if sc.get("set_aside"):
        dealt = deal.shuffled("scenario-items", scenario_items)
        scenario_items = dealt[sc["set_aside"] :]
        first_kept = [c for c in dealt if deal.has_first(c)][sc["set_aside"] :]
        kept_later = [c for c in scenario_items if c not in first_kept]
    later = [c for c in base if not deal.has_first(c)] + kept_later
    items = deal.shuffled("items", [*base, *scenario_items], later)
    half = (len(items) + 1) // 2  # the larger half goes Downstairs
    state.item_decks = {"down": items[:half], "up": items[half:]}
    if sc.get("beside"):
        state.beside = list(pools[f"scenario-items-{sc['beside']}"])
    if sc.get("camera"):
        state.beside.append(D.CAMERA)
    state.film = sc.get("film", 0)
    fixed = list(sc["vehicles"])
    placed = sc.get("placed_vehicle", "")
    others = deal.shuffled("vehicles", [v for v in pools["vehicles"] if v not in fixed and v != placed])
    chosen = deal.shuffled("vehicles-placed", [*fixed, *others[: sc["random_vehicles"]]], later=())
    state.vehicle_box = others[sc["random_vehicles"] :]
    if placed:
        state.vehicles = {}
    else:
        state.vehicles = dict(zip(D.VEHICLE_SPACES, chosen, strict=True))
    in_play = {*items, *state.beside, *pools["personal"]}
    state.item_box = [c for c in pools["all-items"] if c not in in_play]
    state.start_personal = n
    old = state.sawyers[0]
    old.space = D.SAWYERS["old_man"]["start"]
    events = [
        Event(
            "game_started",
            0,
            "setup",
            {
                "trespassers": [t.id for t in tres],
                "count": n,
                "fear": state.fear,
                "cards": len(state.hand),
                "drew": [D.name(c) for c in state.hand],
                "scenario": sc["id"],
                "scenario_name": sc["name"],
            },
        )
    ]
    state.todo = [Step("place_horror", cards=[t]) for t in state.horror_placing]
    if n == 3:
        TODO.later(state.todo, Step("brutal"))
    TODO.later(state.todo, *(Step("personal", who=i) for i in range(n)))
    if sc.get("camera"):
        TODO.later(state.todo, Step("camera"))
    if placed:
        TODO.later(state.todo, Step("place_vehicle", cards=[placed, *chosen]))
    TODO.later(state.todo, *(Step("place_token", n=sc["tokens"] - i) for i in range(sc["tokens"])))
    TODO.later(state.todo, Step("begin_round"))
    return state, events


def carry_out(state: State) -> dict[str, str]:
    """The Freezer Box after a finished game: the Item deck the next run starts with (rulebook)."""
    if state.phase != "over":
        raise ValueError("The game is not over: the Freezer Box is filled at the end.")
    deck = [*state.item_decks["down"], *state.item_decks["up"]]
    for t in state.trespassers:
        deck += t.items
        if t.dead:
            deck += t.personal
    deck = reset_personal([c for c in deck if c not in D.ALL_SCENARIO_ITEMS])
    return {"freezer": ",".join(sorted(deck))}


def card_list(text: str) -> list[str]:
    """The cards of an option's text: ids separated by commas."""
    return [c.strip() for c in text.split(",") if c.strip()]


def check_unlocked(ids: list[str]) -> None:
    unknown = [a for a in ids if a not in D.ACHIEVEMENTS]
    if unknown:
        raise ValueError(f"Unknown achievements in 'unlocked': {', '.join(unknown)}.")


def check_freezer(ids: list[str]) -> list[str] | None:
    """The carried-over Item deck, or None for a fresh one. Unknown, scenario or repeated ids are refused."""
    if not ids:
        return None
    allowed = {**D.ITEMS, **D.PERSONAL, **D.ACHIEVEMENT_ITEMS}
    unknown = [c for c in ids if c not in allowed]
    if unknown:
        raise ValueError(f"Unknown Item cards in 'freezer': {', '.join(unknown)}.")
    twice = sorted({c for c in ids if ids.count(c) > 1})
    if twice:
        raise ValueError(f"Item cards listed twice in 'freezer': {', '.join(twice)}.")
    return list(ids)


def reset_personal(deck: list[str], personal: Collection[str] = D.PERSONAL.keys()) -> list[str]:
    """Fewer than six Personal Items left in the box (`personal`, those of the run's edition): take every
    Personal Item out of the deck (rulebook)."""
    inside = sum(c in personal for c in deck)
    if len(personal) - inside < D.RULES["personal_items_revealed"]:
        return [c for c in deck if c not in personal]
    return deck


_TOKEN_OPTIONS = {
    r: [Option(str(Key("space", space=sp)), f"{D.name(sp)} ({D.room_of(sp)})") for sp in D.ROOMS[r]]
    for r in D.TOKEN_ROOMS
}
"""Where a Loot or Photo token may go, room by room."""


_HORROR_OPTIONS = {r: Option(str(Key("horror", room=r)), the(r)) for r in D.HORROR_ROOMS}
"""A Horror tile face down in each room, built once."""


@QUESTIONS.step("place_horror")
def ask_place_horror(state: State, step: Step) -> tuple[list[Option], str]:
    opts = [_HORROR_OPTIONS[r] for r in D.HORROR_ROOMS if r not in state.horror]
    return opts, f"Place the {D.name(step.cards[0])} Horror tile face down in a room."


@ANSWERS.step("place_horror")
def answer_place_horror(state: State, step: Step, key: str, events: list[Event]) -> None:
    room = Key.parse(key).room
    state.horror[room] = step.cards[0]
    state.horror_placing.remove(step.cards[0])
    events.append(Event("horror_placed", 0, "setup", {"room": room}))


@QUESTIONS.step("brutal")
def ask_brutal(state: State, step: Step) -> tuple[list[Option], str]:
    opts = [Option(str(Key("brutal", sawyer=s)), f"{D.name(s)} gets the Brutal side") for s in D.SAWYER_ORDER]
    return opts, "Three Trespassers: flip one Sawyer board to its Brutal side."


@ANSWERS.step("brutal")
def answer_brutal(state: State, step: Step, key: str, events: list[Event]) -> None:
    s = sawyer_of(state, Key.parse(key).sawyer)
    s.brutal = True
    s.most += 1
    s.actions = s.most
    events.append(Event("brutal_side", 0, "setup", {"sawyer": D.name(s.id)}))


@QUESTIONS.step("personal")
def ask_personal(state: State, step: Step) -> tuple[list[Option], str]:
    t = state.trespassers[step.who]
    opts = [Option(str(Key("take", card=c)), D.name(c)) for c in state.personal_offer]
    return opts, f"{t.id.capitalize()} chooses a Personal Item."


@ANSWERS.step("personal")
def answer_personal(state: State, step: Step, key: str, events: list[Event]) -> None:
    card = Key.parse(key).card
    t = state.trespassers[step.who]
    state.personal_offer.remove(card)
    t.personal.append(card)
    if all(len(x.personal) for x in state.trespassers):
        state.personal_box += state.personal_offer
        state.personal_offer = []
    events.append(Event("personal_item", 0, "setup", {"trespasser": t.id, "item": D.name(card)}))


@QUESTIONS.step("camera")
def ask_camera(state: State, step: Step) -> tuple[list[Option], str]:
    opts = [
        Option(str(Key("carry", who=i)), f"{t.id.capitalize()} carries the Camera")
        for i, t in enumerate(state.trespassers)
    ]
    return opts, "Who takes the Camera?"


@ANSWERS.step("camera")
def answer_camera(state: State, step: Step, key: str, events: list[Event]) -> None:
    t = state.trespassers[Key.parse(key).trespasser]
    state.beside.remove(D.CAMERA)
    t.items.append(D.CAMERA)
    events.append(Event("personal_item", 0, "setup", {"trespasser": t.id, "item": D.name(D.CAMERA)}))


@QUESTIONS.step("place_vehicle")
def ask_place_vehicle(state: State, step: Step) -> tuple[list[Option], str]:
    opts = [Option(str(Key("space", space=v)), D.name(v)) for v in D.VEHICLE_SPACES]
    return opts, f"Place the {D.name(step.cards[0])} on a vehicle space."


@ANSWERS.step("place_vehicle")
def answer_place_vehicle(state: State, step: Step, key: str, events: list[Event]) -> None:
    """Scenario C: the Trespassers put the Blue Truck face up where they like; the rest are dealt."""
    space = Key.parse(key).space
    placed, *rest = step.cards
    others = [v for v in D.VEHICLE_SPACES if v != space]
    state.vehicles = {space: placed, **dict(zip(others, rest, strict=True))}
    state.vehicles = {v: state.vehicles[v] for v in D.VEHICLE_SPACES}
    state.vehicles_up.append(space)
    events.append(Event("vehicle_placed", 0, "setup", {"vehicle": D.name(placed), "space": D.name(space)}))


@QUESTIONS.step("place_token")
def ask_place_token(state: State, step: Step) -> tuple[list[Option], str]:
    taken = {D.room_of(x) for x in state.tokens}
    opts = [o for r in D.TOKEN_ROOMS if r not in taken for o in _TOKEN_OPTIONS[r]]
    token = "Loot" if state.scenario == "c" else "Photo"
    return opts, f"Place a {token} token in a room ({step.n} left)."


@ANSWERS.step("place_token")
def answer_place_token(state: State, step: Step, key: str, events: list[Event]) -> None:
    space = Key.parse(key).space
    state.tokens.append(space)
    kind = "Loot" if state.scenario == "c" else "Photo"
    events.append(
        Event("token_placed", 0, "setup", {"token": kind, "space": D.name(space), "room": D.room_of(space)})
    )
