"""The rules of Slaughterhouse wired to the engine contract.

Everything that happens is a queue of Steps (state.todo, machine.py). Effects run at once; a Step that needs a
choice stops the queue and becomes the Decision. With the queue empty the phase asks its main question. The
steps are found in the tables of tables.py; the mechanics live one per module, each with its options, effects
and refusals: setup (and the Freezer Box), trespassers (moving, searching, hiding), items, combat (attacks,
Injuries, Desperation), family (the Sawyer turn, cards), rerolls, panic, scenarios (objectives B-E, Fire).
odds.py counts every roll's dice, keys.py builds and reads the choice keys, rules.py holds what all of them
read.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
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
    resolve_options,
)
from engines.core.decks import Dealer
from engines.core.events import Event
from engines.core.rng import Rng
from engines.slaughterhouse import data as D
from engines.slaughterhouse import dealing, machine
from engines.slaughterhouse import determinize as hidden
from engines.slaughterhouse import setup as opening
from engines.slaughterhouse.state import Sawyer, State, Step, TrespasserView, View
from engines.slaughterhouse.tables import SAWYER, TRESPASSERS


class Slaughterhouse:
    id = "slaughterhouse"
    title = "The Texas Chainsaw Massacre: Slaughterhouse"
    rules_version = "7"  # 6: no winner (the night's counts); 7: every consequence's number (issue 45)

    @property
    def newest_deal(self) -> str:
        """The content edition a new run is dealt from, and records (engines/core/decks.py)."""
        return str(dealing.NEWEST)

    content = staticmethod(dealing.content)
    """The pools each content edition deals from (tests/engines/test_content.py pins them)."""
    facts_added: ClassVar[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
        "4": {kind: ("drew",) for kind in ("game_started", "sawyer_turn", "cards_bought", "relentless")},
        "5": {"moved": ("found",)},
        "7": {
            "panic_bought": ("fear", "total", "hand"),
            "card_free": ("hand",),
            "card_interrupt": ("space", "total", "hand"),
            "healed": ("item",),
            "attack": ("space",),
            "loot_taken": ("room",),
            "photo_taken": ("room",),
            "documented": ("item", "holder"),
            "killed": ("loot",),
            "cards_bought": ("total",),
            "reroll": ("roll", "hand", "trespasser", "attacker"),
            "relentless": ("hand",),
            "vehicle_repaired": ("from",),
            "desperation_played": ("hushed",),
        },
    }
    """The event facts each rules version added (4: the names of the family's drawn cards; 5: the Horror tile
    a move turned up, so its arrival is not told as a second entry; 7, issue 45: the family's Fear and cards
    left after each card, the roll a reroll throws again and at whom, whose parts a repair used), so a save of
    an older version replays to its log with them left out, and is then told with them (solo.run)."""
    seats = (
        Seat(TRESPASSERS, "the Trespassers", "Search the farmhouse for parts, fix a vehicle, get out alive."),
        Seat(SAWYER, "the Sawyer family", "Spend Fear, play cards, hunt the Trespassers down."),
    )
    person_seats = (TRESPASSERS, SAWYER)
    options = (
        GameOption(
            "trespassers", ("1", "2", "3", "4"), "2", "How many Trespassers (one seat plays them all)."
        ),
        GameOption(
            "scenario",
            ("a", "b", "c", "d", "e"),
            "a",
            "Scenario: a = Who Will Survive?, b = Burn It Down, c = Ransack, d = I Dare You, "
            "e = Things Happened Here.",
        ),
    )
    state_type = State
    default_policy = "heuristic"

    # What the search reads (engines/core/search.py): samples of the hidden things, and what an ending says.
    determinize = staticmethod(hidden.determinize)
    facts = staticmethod(hidden.facts)
    value = staticmethod(hidden.value)

    @functools.cached_property
    def policies(self) -> Mapping[str, Policy]:
        """Imported on first use (the policies read the engine's data); kept, as the automa asks at every step."""
        from engines.slaughterhouse import policies

        return policies.POLICIES

    # -- the contract ---------------------------------------------------------------------------

    def setup(self, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
        given = dict(options or {})
        dealer = Dealer.take(seed, Rng.from_seed(seed), given, dealing.NEWEST, dealing.since_of)
        freezer = opening.card_list(given.pop("freezer", ""))
        unlocked = opening.card_list(given.pop("unlocked", ""))
        opts = resolve_options(self, given)
        state, events = opening.new_game(seed, opts, freezer, unlocked, dealer)
        machine.run(state, events)
        return state, events

    achievement_option = "unlocked"
    """The option through which the application passes every achievement earned so far (their cards join)."""

    def describe_carry(self, kept: Mapping[str, str]) -> str:
        cards = [c for c in kept.get("freezer", "").split(",") if c]
        return (
            f"The Item deck goes back in the Freezer Box: {len(cards)} cards wait for your next run "
            "('solo new slaughterhouse --fresh' starts from a new box)."
        )

    def carry_out(self, state: State) -> dict[str, str]:
        """The Freezer Box after a finished game: the Item deck the next run starts with (rulebook)."""
        return opening.carry_out(state)

    @property
    def achievements(self) -> Mapping[str, str]:
        """Every achievement of the box (the rulebook's two lists), id -> what it asks and unlocks."""
        return {k: v["text"] for k, v in D.ACHIEVEMENTS.items()}

    def earned(self, log: list[Event]) -> list[str]:
        """The achievements a finished run's events earn."""
        from engines.slaughterhouse.achievements import earned

        return earned(log)

    def decision(self, state: State) -> Decision | None:
        if state.phase == "over":
            return None
        opts, seat, kind, prompt = machine.options(state)
        return Decision(seat, kind, prompt, tuple(opts))

    def apply(self, state: State, key: str, decision: Decision | None = None) -> list[Event]:
        if state.phase == "over":
            raise IllegalMove("The game is over; there is nothing left to decide.")
        opts = decision.options if decision is not None else machine.options(state)[0]
        for o in opts:
            if o.key == key:
                break
        else:
            if not machine.copy_of_offered(state, key, list(opts)):
                raise IllegalMove(machine.why(state, key))
        events: list[Event] = []
        machine.choose(state, key, events)
        machine.run(state, events)
        return events

    no_winner = "There are no winners, there are only survivors."
    """The rulebook's end names no winner (End of Game): the table tells each Trespasser's fate and the scenario's
    objective (`outcome().reason`) and keeps each seat's count (`tally`), never "you won" or "you lost". The
    outcome's winners are the automa's aim alone (at least half escaped: the Trespassers'; fewer: the family's),
    which its search and the simulator measure play by."""

    def tally(self, state: State) -> dict[str, str] | None:
        """A finished night in counts, for the record of either seat: how many Trespassers escaped and were
        killed of how many, and whether the scenario's objective was met (None while the night goes on)."""
        if state.phase != "over":
            return None
        from engines.slaughterhouse.ending import objective

        return {
            "escaped": str(sum(t.escaped for t in state.trespassers)),
            "killed": str(sum(t.dead for t in state.trespassers)),
            "of": str(state.count),
            "objective": "met" if objective(state).startswith("met") else "not met",
        }

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        from engines.slaughterhouse.ending import reason  # asked once, at the end

        escaped = sum(t.escaped for t in state.trespassers)
        if escaped * 2 >= state.count and escaped:
            return Outcome("won", (TRESPASSERS,), reason(state))
        return Outcome("lost", (SAWYER,), reason(state))

    def view(self, state: State, seat: str = TRESPASSERS) -> View:
        mine = seat == TRESPASSERS
        trs = state.trespassers
        # Positional construction: the automa asks for a view at every decision, so this is on the hot path.
        return View(
            seat,
            state.round,
            state.phase,
            state.current,
            state.cur_sawyer,
            [
                TrespasserView(
                    t.id,
                    t.space,
                    t.actions,
                    t.noise,
                    t.injuries[:],
                    t.items[:],
                    t.personal[:],
                    t.desperation[:] if mine else len(t.desperation),
                    t.hidden,
                    t.dead,
                    t.escaped,
                    t.acted,
                    t.carrying,
                    t.wild_as.copy(),
                )
                for t in trs
            ],
            [Sawyer(s.id, s.space, s.actions, s.most, s.brutal, s.acted) for s in state.sawyers],
            state.grandpa,
            state.fear,
            D.TOKENS - state.fear - sum([t.noise for t in trs]),  # _supply, inlined
            state.panic,
            len(state.hand) if mine else state.hand[:],
            len(state.sawyer_deck),
            {"down": len(state.item_decks["down"]), "up": len(state.item_decks["up"])},
            len(state.injury_deck),
            sorted(state.horror),
            {} if mine else dict(state.horror),
            dict(state.horror_up),
            {s: state.vehicles[s] for s in state.vehicles_up},
            sorted(state.vehicles),
            state.repaired[:],
            state.driven[:],
            state.searched[:],
            visible_step(state, seat),
            state.result,
            state.scenario,
            state.fire[:],
            state.ignited[:],
            state.beside[:],
            state.siphoned[:],
            state.tokens[:],
            state.loaded,
            state.photos,
            state.photographed[:],
            state.film,
            state.documented[:],
        )

    def ending(self, state: State, key: str) -> Ending | None:
        """What `key` ends, where it ends a turn (engines.core.contract.Ending)."""
        return machine.ending(state, key)

    def turn(self, state: State) -> int:
        return state.round

    def hint(self, state: State) -> Hint | None:
        from engines.slaughterhouse.policies import advise

        d = self.decision(state)
        if d is None:
            return None
        return advise(self.view(state, d.seat), d)

    def invariants(self, state: State) -> list[str]:
        from engines.slaughterhouse.checks import broken

        return broken(state)


def visible_step(state: State, seat: str) -> Step | None:
    """The pending question, as far as the seat may see it (the family never sees Desperation cards)."""
    if not state.todo:
        return None
    step = state.todo[0]
    if seat == TRESPASSERS and step.kind == "place_horror":
        return Step(step.kind)  # which tile is being placed is the family's secret
    if step.kind == "place_vehicle":
        return Step(step.kind, cards=step.cards[:1])
    return Step(
        step.kind,
        step.who,
        step.sawyer,
        list(step.path),
        list(step.cards),
        list(step.dice),
        step.n,
        step.flag,
    )


GAME = Slaughterhouse()
_check: GameOf[State, View] = GAME  # the contract, checked by mypy against the game's own types
"""The contract, checked by mypy."""
