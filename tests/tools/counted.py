"""Each game's counted quantities, read from its state, and how its story names each holder.

For the consequence tests (tests/tools/consequences.py): every quantity here that a step changes must be named
by some telling of that step, with the numbers its `says` asks for. What the table keeps only as a supply of
tokens (the lock bank, the souvenir bank) is left out: a player reads what a piece or a side holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tests.tools.consequences import Counted, Quantity, Reading

HEALTH = r"health|hurt|wounds?|heal(?:s|ed)?|blood|bleeds?"
DEATH = r"dies?|dead|died|killed|kills?|death|slain|falls?|fell|fallen|gone|lifeless|body|never"


def _quantities(*qs: Quantity) -> dict[str, Quantity]:
    return {q.name: q for q in qs}


def _you(holder_is_listener: bool) -> tuple[str, ...]:
    return (r"you|your|yours|yourself",) if holder_is_listener else ()


# -- Mixtape Massacre: Director's Cut ------------------------------------------------------------------------


class DirectorsCut:
    quantities = _quantities(
        Quantity("health", HEALTH, "both"),
        Quantity("souvenirs", r"souvenirs?|keepsakes?|troph(?:y|ies)|collection|of \w+", "both"),
        Quantity("supply", "", "items"),
        Quantity("trackers", r"tokens?|uses?|left", "after", appears=False),
        Quantity("key", "", "items"),
        Quantity("alive", DEATH, "none"),
        Quantity("edge", r"knives|knife", "change"),
        Quantity("meter", r"meter", "after", held=False),
        Quantity("victims", "", "none"),
        Quantity("locks", "", "items"),
        Quantity("at", "", "where"),
        Quantity("hero", "", "where", held=False),
    )

    def read(self, state: Any) -> Reading:
        from engines.mixtape.directors_cut import rules_data as data

        out: Reading = {}
        for s in state.slashers:
            out["health", s.seat] = s.health
            out["souvenirs", s.seat] = len(s.souvenirs)
            out["supply", s.seat] = (data.supply(s.supply).name,) if s.supply else ()
            if s.supply and not data.supply(s.supply).infinite:
                out["trackers", f"{s.seat}:{s.supply}"] = s.trackers
            out["key", s.seat] = ("Skeleton Key",) if s.key else ()
            out["alive", s.seat] = int(s.alive)
            out["edge", s.seat] = s.edge
            out["at", s.seat] = (data.BOARD.place(s.at),) if s.at else ()
        out["meter", ""] = state.meter
        out["hero", ""] = (data.BOARD.place(state.hero_at),) if state.hero_at else ()
        for place, markers in state.markers.items():
            out["victims", place] = len(markers)
        for entrance, colour in state.locks.items():
            out["locks", entrance] = (colour,)
        return out

    def names(self, state: Any, holder: str, listener: str | None) -> tuple[str, ...]:
        from engines.mixtape.directors_cut import rules_data as data

        seat = holder.split(":")[0]
        for s in state.slashers:
            if s.seat == seat:
                return (re.escape(s.name), *_you(seat == listener))
        board = data.BOARD
        return (re.escape(board.locations[board.entrance_of.get(holder, holder)].name),)


# -- Mixtape Massacre: Escape From Tall Oaks -----------------------------------------------------------------


class TallOaks:
    quantities = _quantities(
        Quantity("health", HEALTH, "both"),
        Quantity("rescues", r"rescues?|rescued|saved|tokens?|victims?|people|survivors?", "both"),
        Quantity("supplies", "", "items"),
        Quantity("trackers", r"tokens?|uses?|left", "after", appears=False, rises=False),
        Quantity("tasks", "", "items"),
        Quantity("final_token", "", "items"),
        Quantity("traitors", r"traitor|card", "change"),
        Quantity("alive", DEATH, "none"),
        Quantity("at", "", "where"),
        Quantity("meter", r"meter", "after", held=False),
        Quantity("done", r"tasks?|done|complete|completed", "after", held=False),
        Quantity("center", r"tasks?|rec center|cards?", "after", held=False),
        Quantity("slasher", "", "where", held=False),
        Quantity("killer", "", "where", held=False),
        Quantity("victims", "", "none"),
        Quantity("final_tokens", "", "items"),
    )

    def read(self, state: Any) -> Reading:
        from engines.mixtape.tall_oaks import rules_data as data

        out: Reading = {}
        for x in state.survivors:
            out["health", x.seat] = x.health
            out["rescues", x.seat] = len(x.rescues)
            out["supplies", x.seat] = tuple(sorted(data.supply(c).name for c in x.supplies))
            for card, left in x.trackers.items():
                out["trackers", f"{x.seat}:{card}"] = left
            out["tasks", x.seat] = tuple(sorted(f"Task #{t}" for t in x.tasks))
            out["final_token", x.seat] = ("Final Rescue",) if x.final_token else ()
            # the Traitor cards are the holder's secret: the person's alone are told
            if x.seat == "survivor1":
                out["traitors", x.seat] = len(x.traitors)
            out["alive", x.seat] = int(x.alive)
            out["at", x.seat] = (data.BOARD.place(x.at),) if x.at else ()
        out["meter", ""] = state.meter
        out["done", ""] = sum(state.done)
        out["center", ""] = len(state.center)
        out["slasher", ""] = (data.BOARD.place(state.slasher_at),) if state.slasher_at else ()
        out["killer", ""] = (data.SLASHERS[state.slasher].name,)
        for place, marker in state.markers.items():
            out["victims", place] = int(bool(marker))
        for place in state.final_tokens:
            out["final_tokens", place] = ("Final Rescue",)
        return out

    def names(self, state: Any, holder: str, listener: str | None) -> tuple[str, ...]:
        from engines.mixtape.tall_oaks import rules_data as data

        seat = holder.split(":")[0]
        for x in state.survivors:
            if x.seat == seat:
                return (re.escape(x.name), *_you(seat == listener))
        return (re.escape(data.BOARD.locations[holder].name),)


# -- Final Girl ---------------------------------------------------------------------------------------------


_WORKERS = r"(?:workers?|people|victims?)"
"""How the Final Girl's story names the Victims."""


class FinalGirl:
    """The person is the Final Girl ('you'); the Tormentor is 'she' or 'her' by name; the Victims are told as a
    group (workers, people), so where they go is named by the place, and a death or rescue by its count."""

    quantities = _quantities(
        Quantity("time", r"time", "after", held=False),
        Quantity("horror", r"horror", "after", held=False),
        Quantity("bloodlust", r"bloodlust", "after", held=False),
        Quantity("health", HEALTH, "both"),
        Quantity("power", HEALTH, "both"),
        Quantity("hand", "", "items", held=False),
        Quantity("items", "", "items", held=False),
        Quantity("uses", r"uses?|left|charges?|more", "after", appears=False),
        Quantity("traps", "", "items", held=False),
        Quantity("victim_at", "", "where", held=False),
        Quantity(
            "dead", _WORKERS + r"\b[^.;:]*?\b(?:dies|die|dead|killed)", "change", held=False, unit=_WORKERS
        ),
        Quantity(
            "saved",
            _WORKERS + r"\b[^.;:]*?\b(?:saved|escapes?|rescued|gets? out)",
            "change",
            held=False,
            unit=_WORKERS,
        ),
        Quantity("at", "", "where"),
        Quantity("revealed", "", "items", held=False),
        Quantity("locked", "", "items", held=False),
    )

    def read(self, state: Any) -> Reading:
        from engines.final_girl import data

        def name(space: str) -> str:
            return str(data.SPACES[space]["name"])

        out: Reading = {
            ("time", ""): state.time,
            ("horror", ""): state.horror,
            ("bloodlust", ""): state.bloodlust + 1,  # told as the row, counted from one
            ("health", "fg"): state.fg_health,
            ("hand", ""): tuple(sorted(data.ACTIONS[data.KIND[c]]["name"] for c in state.hand)),
            ("items", ""): tuple(sorted(data.ITEMS[i]["name"] for i in (*state.hands, *state.backpack))),
            # a completed trap is told as it completes (it leaves the board in the Upkeep after)
            ("traps", ""): tuple(sorted(data.TRAPS[t.card]["name"] for t in state.traps if not t.done)),
            ("dead", ""): state.dead,
            ("saved", ""): state.saved,
            ("at", "fg"): (name(state.fg_space),) if state.fg_space else (),
            ("at", "killer"): (name(state.killer_space),) if state.killer_space else (),
            ("locked", ""): tuple(sorted(name(s) for s in state.locked)),
        }
        if state.killer_space:
            out["health", "killer"] = state.killer_health
        for item, left in state.item_uses.items():
            out["uses", item] = left
        for p in state.minor_powers:
            out["power", p.card] = p.health
        for v in state.victims:
            out["victim_at", str(v.id)] = (name(v.space),)
        revealed = [state.finale] if state.finale_revealed else []
        revealed += [state.dark_power] if state.dark_power_revealed else []
        out["revealed", ""] = tuple(sorted(_named(x) for x in revealed))
        return out

    def names(self, state: Any, holder: str, listener: str | None) -> tuple[str, ...]:
        from engines.final_girl import data

        if holder == "fg":
            return (r"you|your|yours|yourself",)
        if holder == "killer":
            return (r"she|her|the tormentor",)
        if holder in data.ITEMS:
            return (re.escape(data.ITEMS[holder]["name"]),)
        kind = data.KIND.get(holder)
        if kind is not None:
            return (re.escape(data.TERROR[kind]["name"]),)
        return (holder,)


def _named(card: str) -> str:
    from engines.final_girl import data

    found = data.FINALES.get(card) or data.DARK_POWERS.get(card) or {}
    return str(found.get("name") or found.get("title") or card)


# -- The Texas Chainsaw Massacre: Slaughterhouse ---------------------------------------------------------


class Slaughterhouse:
    """Told to both seats: the Trespassers by their colours, the Sawyers by name; the family's hand is counted
    for the Trespassers (its cards are the family's to hear) and the family is 'you' in its own voice."""

    quantities = _quantities(
        Quantity("noise", r"noise", "both"),
        Quantity("injuries", "", "items"),
        Quantity("items", "", "items"),
        Quantity("personal", "", "items"),
        Quantity("desperation", r"desperation|cards?", "change"),
        Quantity("dead", DEATH, "none"),
        Quantity("escaped", r"escapes?|escaped|gone|away|drives?|drove|out", "none"),
        Quantity("at", "", "where"),
        Quantity("sawyer_at", "", "where"),
        Quantity("fear", r"fear", "after", held=False),
        Quantity("panic", r"panic", "after", held=False),
        Quantity("hand", r"cards?|hand", "after", held=False),
        Quantity("searched", "", "items", held=False),
        Quantity("tiles", "", "items"),
        Quantity("vehicles", "", "items", held=False),
        Quantity(
            "scenario", r"loot|photos?|photographs?|pictures?|shots?|film|truck|snaps?", "after", held=False
        ),
        Quantity("scenario_things", "", "items", held=False),
    )

    def read(self, state: Any) -> Reading:
        from engines.slaughterhouse.data import name, room_of

        def names(ids: Any) -> tuple[str, ...]:
            return tuple(sorted(name(i) for i in ids))

        out: Reading = {}
        for t in state.trespassers:
            out["noise", t.id] = t.noise
            out["injuries", t.id] = names(t.injuries)
            out["items", t.id] = names(t.items)
            out["personal", t.id] = names(t.personal)
            out["desperation", t.id] = len(t.desperation)
            out["dead", t.id] = int(t.dead)
            out["escaped", t.id] = int(t.escaped)
            out["at", t.id] = (name(t.space),) if t.space and not (t.dead or t.escaped) else ()
        for w in state.sawyers:
            out["sawyer_at", w.id] = (name(w.space),) if w.space else ()
        out["fear", ""] = state.fear
        out["panic", ""] = state.panic
        out["hand", ""] = len(state.hand)
        out["searched", ""] = names(state.searched)
        for room, tile in state.horror_up.items():
            out["tiles", room] = (name(tile),)
        out["vehicles", ""] = names([*state.vehicles_up, *state.repaired, *state.driven])
        for what in ("loaded", "photos", "film"):
            out["scenario", what] = getattr(state, what)
        rooms = [room_of(x) for x in (*state.tokens, *state.fire)]  # told by their rooms
        things = [*names([*state.documented, *state.ignited]), *rooms]
        out["scenario_things", ""] = tuple(sorted(things))
        return out

    def moving(self, state: Any) -> set[str]:
        """The Trespassers whose walk is not over (another seat's choice cut into it): where they stand now
        is a step of the walk, told as a move once it ends."""
        return {
            state.trespassers[s.who].id for s in state.todo if s.kind in ("walk", "arrived") and s.who >= 0
        }

    def names(self, state: Any, holder: str, listener: str | None) -> tuple[str, ...]:
        from engines.slaughterhouse.data import name

        for t in state.trespassers:
            if t.id == holder:
                return (re.escape(holder.capitalize()),)
        return (re.escape(name(holder)),)


# -- Escape of the Dead -------------------------------------------------------------------------------------


class EscapeOfTheDead:
    """Everything is on the table: the barricade's boards, the dead on the lawn, the car's repair (told as a
    percentage), the kills toward the next reward."""

    quantities = _quantities(
        Quantity("barricade", r"barricade|boards?|planks?|doors?|stands", "after", held=False),
        Quantity("zombies", r"lawn|dead|out there|of them|bodies|zombies?|shambling", "after", held=False),
        Quantity("percent", r"car|repaired|percent|%", "after", held=False),
        Quantity("kills", r"kills?|heads|tally|count|carried|marks", "after", held=False),
    )
    """The hour is each turn's heading (as every game's turn is), not a count its lines keep."""

    def read(self, state: Any) -> Reading:
        from engines.escape_of_the_dead import rules_data as data

        return {
            ("barricade", ""): state.barricade,
            ("zombies", ""): state.zombies,
            ("percent", ""): state.repairs * (100 // data.REPAIRS_TO_WIN),
            ("kills", ""): state.kills,
        }

    def names(self, state: Any, holder: str, listener: str | None) -> tuple[str, ...]:
        return ()


GAMES: Mapping[str, Counted] = {
    "escape-of-the-dead": EscapeOfTheDead(),
    "slaughterhouse": Slaughterhouse(),
    "mixtape-massacre": DirectorsCut(),
    "escape-from-tall-oaks": TallOaks(),
    "final-girl": FinalGirl(),
}
