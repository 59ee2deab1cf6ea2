"""The rules of Mixtape Massacre: Escape From Tall Oaks: survivors race to rescue, finish the Tasks and escape.

This module wires the mechanics to the engine contract; each mechanic is a module of its own (movement, scenes,
rescues, spending, searching, slasher, scuffles, tasks, finals, traitor, bonus, health, turns). Every automatic
step runs inside `apply` up to the next decision. The mechanics hand on to one another by name (machine.py's
tables, the names tied to their handlers in flow.py); a flow a decision interrupts queues the step it goes on
with in `state.todo`, the core queue, and the choice that answers the decision drains it (machine.resume). How a roll of the Action Dice
reads, combos first, is in readings.py; what a survivor's ability changes is asked of abilities.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engines.core.contract import (
    GameOf,
    GameOption,
    Seat,
    resolve_options,
)
from engines.core.decks import Dealer
from engines.core.events import Event
from engines.core.rng import Rng
from engines.mixtape import before_queue, fact_names
from engines.mixtape.dealing import deal
from engines.mixtape.fact_names import Renames
from engines.mixtape.tall_oaks import dealing, phases, spending
from engines.mixtape.tall_oaks import determinize as hidden
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.state import (
    State,
    Survivor,
    SurvivorView,
    View,
)
from engines.mixtape.tall_oaks.winning import PERSON, SEATS
from engines.mixtape.turn import MixtapeContract

__all__ = ["GAME", "PERSON", "SEATS", "EscapeFromTallOaks"]


class EscapeFromTallOaks(MixtapeContract):
    package = "engines.mixtape.tall_oaks"
    phase_tables = phases
    id = "escape-from-tall-oaks"
    title = "Mixtape Massacre: Escape From Tall Oaks"
    rules_version = "11"  # 9: Johnny cheats death no more in a scuffle (RULES.md, the abilities table);
    # 10: every consequence told with its number (issue 45); 11: a noise says what made it (issue 45)

    @property
    def newest_deal(self) -> str:
        """The content edition a new run is dealt from, and records (engines/core/decks.py)."""
        return str(dealing.NEWEST)

    content = staticmethod(dealing.content)
    """The pools each content edition deals from (tests/engines/test_content.py pins them)."""
    facts_added: ClassVar[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
        "5": {"scuffle": ("dice", "actions")},
        "7": {"opening_roll": ("names",)},
        "8": {"opening_roll": ("faces",)},
        "10": {
            "slasher_attacks": ("meter",),
            "fight": ("armed", "actions", "escapes", "defeat", "escape", "meter"),
            "hurt": ("lost",),
            "died": ("dropped", "tasks", "rescues", "final", "pile"),
            "task_taken": ("left", "dropped"),
            "task_done": ("done",),
            "slasher_switch": ("meter",),
            "power_out": ("done", "left"),
            "rescue": ("total", "place"),
            "lost": ("total",),
            "action_roll": ("spent",),
            "bonus": ("healed", "health", "total", "meter"),
            "healed": ("health", "left"),
            "restocked": ("places",),
            "final_revealed": ("cleared",),
            "scuffle": ("taken", "winner_total", "loser_total"),
            "combo": ("flees",),
            "supply_dropped": ("kept", "pile"),
            "turn_started": ("traitor_gone",),
            "final_rescue": ("place",),
            "traitor": ("total", "other_total"),
        },
        "11": {"noise": ("by",)},
    }
    """The event facts each rules version added (5: every scuffle round's faces; 7: every seat's name at the
    opening roll, so the story says whose roll is whose; 8: the opening roll's dice, not only their sums; 10:
    every consequence's number, issue 45: the Slasher Meter through a fight, what decided a fight, the health a
    blow took, what a death leaves behind, the Tasks and rescue tokens left and held, the supply tokens a roll
    spends, what a Bonus Track did, where a restock puts its victims, whether a flight happened; 11: what made a
    noise, issue 45: the spent supplies' noise comes after the roll and what it brought), so a save of
    an older version replays to its log with them left out, and is then told with them (solo.run)."""
    facts_renamed: ClassVar[Mapping[str, Renames]] = {"6": fact_names.TALL_OAKS}
    """The event facts each rules version renamed (6: one name per fact in both Mixtape games), so a save of an
    older version replays to its log under the old names, and is then kept under the new (solo.run)."""
    upgrade_state = staticmethod(before_queue.tall_oaks)
    """A saved state from before the queue (its `after` tag) in the queue's shape, read before the replay
    compares it (solo.run): the shape changed, not the play."""
    seats = tuple(
        Seat(s, f"survivor {i}", "A survivor trying to get out of Tall Oaks alive.")
        for i, s in enumerate(SEATS, 1)
    )
    person_seats = (PERSON,)
    options = (
        GameOption("rivals", ("1", "2", "3", "4", "5"), "2", "Rival survivors played by the automa."),
        GameOption(
            "survivor",
            ("random", *(n.lower() for n in R.SURVIVOR_NAMES)),
            "random",
            "Your survivor (each has a special ability); rivals are dealt from the rest.",
        ),
    )
    state_type = State
    default_policy = "heuristic"

    # -- the contract -------------------------------------------------------------------------------

    # What the search reads (engines/core/search.py): samples of the hidden things, and what an ending says.
    determinize = staticmethod(hidden.determinize)
    facts = staticmethod(hidden.facts)
    value = staticmethod(hidden.value)

    def playing(self, options: Mapping[str, str]) -> tuple[str, ...]:
        """The seats in play: the person's and one a rival (the survivors beyond are never dealt)."""
        return SEATS[: 1 + int(resolve_options(self, options)["rivals"])]

    def setup(self, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
        given = dict(options or {})
        rng = Rng.from_seed(seed)
        dealer = Dealer.take(seed, rng, given, dealing.NEWEST, dealing.since_of)
        pools = dealing.content(dealer.edition)
        opts = resolve_options(self, given)
        n = 1 + int(opts["rivals"])
        pick = opts["survivor"]
        chosen = None if pick == "random" else next((x for x in pools["survivors"] if x.lower() == pick), pick)
        names = deal(dealer, list(pools["survivors"]), chosen)
        supplies = list(pools["supplies"])
        bats = [c for c in supplies if c.split(".")[0] == R.BAT][:n]
        for c in bats:
            supplies.remove(c)
        finals = dealer.shuffled("finals", pools["finals"])
        survivors = [
            Survivor(
                seat=SEATS[i],
                name=names[i],
                health=R.HEALTH,
                supplies=[bats[i]],
                trackers={bats[i]: R.supply(bats[i]).uses},
                final=finals.pop(),
            )
            for i in range(n)
        ]
        bank = list(R.TOKENS)
        markers = {loc: bank.pop() for loc in R.MARKER_LOCATIONS}
        state = State(
            rng=rng,
            survivors=survivors,
            markers=markers,
            bank=bank,
            scenes=dealer.deck("scenes", pools["scenes"]),
            supplies=dealer.deck("supplies", supplies),
            bonus=dealer.deck("bonus", pools["bonus"]),
            finals=finals,
            center=[4, 3, 2, 1],
        )
        events = [
            Event(
                "game_started",
                0,
                "setup",
                {
                    "names": [s.name for s in survivors],
                    "seats": [s.seat for s in survivors],
                    "slasher": R.SLASHERS[0].name,
                    "markers": len(markers),
                },
            )
        ]
        return state, events

    def view(self, state: State, seat: str = PERSON) -> View:
        s = state.survivors
        return View(
            seat,
            state.phase,
            tuple(
                [
                    SurvivorView(
                        x.seat,
                        x.name,
                        x.health,
                        x.at,
                        x.alive,
                        len(x.rescues),
                        tuple(x.supplies),
                        x.trackers.copy(),
                        tuple(x.tasks),
                        x.final if x.revealed else "",
                        x.final_token,
                        x.searched,
                        len(x.traitors) if x.seat == seat else 0,
                    )
                    for x in s
                ]
            ),
            {loc: t != "" for loc, t in state.markers.items()},
            state.final_tokens.copy(),
            tuple(state.center),
            tuple(state.done),
            state.slasher,
            state.slasher_at,
            state.meter,
            state.helipad,
            s[state.current].seat if state.current >= 0 else "",
            tuple(state.roll),
            state.stops.copy(),
            state.card,
            state.purpose,
            state.fight,
            state.drawn if state.keeper >= 0 and s[state.keeper].seat == seat else "",
            state.turn_no,
            state.round,
            spending.seat_spends(state, seat),
            spending.seat_most(state, seat),
        )


GAME = EscapeFromTallOaks()
_check: GameOf[State, View] = GAME  # the contract, checked by mypy against the game's own types
