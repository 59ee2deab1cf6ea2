"""The rules of Mixtape Massacre: Director's Cut: slashers roam Tall Oaks for souvenirs until one has enough.

This module wires the mechanics to the engine contract; each mechanic is a module of its own (movement, scenes,
kills, spending, searching, hero, brawls, locks, bonus, abilities, health, turns). Every automatic step runs
inside `apply` up to the next decision. The mechanics hand on to one another by name (machine.py's tables, the
names tied to their handlers in flow.py); a flow a decision interrupts queues the step it goes on with in
`state.todo`, the core queue, and the choice that answers the decision drains it (machine.resume).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engines.core.contract import (
    GameOf,
    GameOption,
    Outcome,
    Seat,
    resolve_options,
)
from engines.core.decks import Dealer
from engines.core.events import Event
from engines.core.rng import Rng
from engines.mixtape import before_queue, fact_names
from engines.mixtape.dealing import deal
from engines.mixtape.directors_cut import dealing, hero, phases, winning
from engines.mixtape.directors_cut import determinize as hidden
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    Slasher,
    SlasherView,
    State,
    View,
)
from engines.mixtape.directors_cut.turns import PASSIVE
from engines.mixtape.directors_cut.winning import PERSON, SEATS
from engines.mixtape.fact_names import Renames
from engines.mixtape.turn import MixtapeContract

__all__ = ["GAME", "PASSIVE", "PERSON", "SEATS", "MixtapeMassacre"]


class MixtapeMassacre(MixtapeContract):
    package = "engines.mixtape.directors_cut"
    phase_tables = phases
    id = "mixtape-massacre"
    title = "Mixtape Massacre: Director's Cut"
    rules_version = "10"  # 9: the 16 Supply Tracker Tokens a pool; the Hospital's double entrance (RULES.md);
    # 10: every consequence told with its number (issue 45)

    @property
    def newest_deal(self) -> str:
        """The content edition a new run is dealt from, and records (engines/core/decks.py)."""
        return str(dealing.NEWEST)

    content = staticmethod(dealing.content)
    """The pools each content edition deals from (tests/engines/test_content.py pins them)."""
    facts_added: ClassVar[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
        "6": {"opening_roll": ("names",)},
        "7": {"opening_roll": ("faces",)},
        "8": {"hero_won": ("dropped",)},
        "10": {
            "full_moon": ("draws",),
            "supply_used": ("left",),
            "supply_kept": ("dropped",),
            "hero_called": ("meter",),
            "hero_defeated": ("meter",),
            "hero_fended": ("meter",),
            "souvenir_lost": ("amount",),
            "souvenir_stolen": ("amount", "loser_total"),
            "survivor_escaped": ("dropped",),
            "bonus_drawn": ("healed", "health", "changed", "total", "edge", "dropped"),
            "ability_used": ("edge", "added", "dropped", "healed", "meter", "gained", "total"),
            "key_used": ("locks",),
            "lock_placed": ("replaced",),
            "restocked": ("places",),
            "kill_made": ("edge",),
            "kill_failed": ("edge",),
            "scene_redrawn": ("edge",),
            "hurt": ("by_seat", "lost"),
            "slasher_died": ("by_seat", "dropped"),
        },
    }
    """The event facts each rules version added (6: every seat's name at the opening roll, so the story says
    whose roll is whose; 7: that roll's dice, not only their sums; 8: the supply a Hero who wins takes; 10: every
    consequence's number, issue 45: whether a Full Moon's draw follows, the tokens left on a supply, the supply
    let go, the Hero Meter after a Hero, the souvenirs lost and stolen, what a Bonus Tracks card or a Special
    Ability did, the locks a key opens or a red lock replaces, where a restock puts its victims, the knives that
    waited for an attack, who struck a wound and what it took, what a dead slasher dropped), so a save of an
    older version replays to its log with them left out (solo.run)."""
    facts_renamed: ClassVar[Mapping[str, Renames]] = {"5": fact_names.DIRECTORS_CUT}
    """The event facts each rules version renamed (5: one name per fact in both Mixtape games), so a save of an
    older version replays to its log under the old names, and is then kept under the new (solo.run)."""
    upgrade_state = staticmethod(before_queue.directors_cut)
    """A saved state from before the queue (its `after`, `brawl_after` and `door` tags) in the queue's shape, read
    before the replay compares it (solo.run): the shape changed, not the play."""
    ending = staticmethod(phases.ending)
    """What a key ends, where it ends the turn early (engines.core.contract.Ending)."""
    seats = tuple(
        Seat(s, f"slasher {i}", "A slasher collecting souvenirs in Tall Oaks.")
        for i, s in enumerate(SEATS, 1)
    )
    person_seats = (PERSON,)
    options = (
        GameOption("rivals", ("1", "2", "3", "4", "5"), "2", "Rival slashers played by the automa."),
        GameOption("hero", tuple(R.HEROES), "linda", "The Hero the noise calls into town."),
        GameOption(
            "slasher",
            ("random", *R.SLASHER_IDS),
            "random",
            "Your slasher; random deals one. The rivals are dealt from the rest.",
        ),
        GameOption(
            "goal",
            (str(R.GOAL), "auto", *(str(n) for n in (5, 8, 12, 15) if n != R.GOAL)),
            str(R.GOAL),
            f"Souvenirs to win: the rulebook's {R.GOAL}; auto is its suggested goal for the number of "
            "slashers (15 for two, 12 for three, 10 for four to six).",
        ),
    )
    state_type = State
    default_policy = "heuristic"

    # -- the contract -------------------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        """As every Mixtape game's, the ending worded from the souvenirs held (winning.ending)."""
        found = super().outcome(state)
        return None if found is None else Outcome(found.result, found.winners, winning.ending(state))

    # What the search reads (engines/core/search.py): samples of the hidden things, and what an ending says.
    determinize = staticmethod(hidden.determinize)
    facts = staticmethod(hidden.facts)
    value = staticmethod(hidden.value)

    def playing(self, options: Mapping[str, str]) -> tuple[str, ...]:
        """The seats in play: the person's and one a rival (the slashers beyond are never dealt)."""
        return SEATS[: 1 + int(resolve_options(self, options)["rivals"])]

    def setup(self, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
        given = dict(options or {})
        rng = Rng.from_seed(seed)
        dealer = Dealer.take(seed, rng, given, dealing.NEWEST, dealing.since_of)
        pools = dealing.content(dealer.edition)
        opts = resolve_options(self, given)
        n = 1 + int(opts["rivals"])
        chosen = None if opts["slasher"] == "random" else R.NAME_OF[opts["slasher"]]
        names = deal(dealer, list(pools["slashers"]), chosen)
        slashers = [
            Slasher(seat=SEATS[i], name=names[i], health=R.HEALTH, ability=R.ABILITY_OF[names[i]])
            for i in range(n)
        ]
        bank = list(R.ALL_TOKENS)
        markers: dict[str, list[str]] = {}
        for loc in R.LOCATIONS:
            markers[loc] = [bank.pop(rng.below(len(bank)))]
        goal = R.SUGGESTED_GOALS[n] if opts["goal"] == "auto" else int(opts["goal"])
        state = State(
            rng=rng,
            hero=opts["hero"],
            goal=goal,
            slashers=slashers,
            markers=markers,
            bank=bank,
            scenes=dealer.deck("scenes", dealing.scene_deck(opts["hero"], dealer.edition)),
            supplies=dealer.deck("supplies", pools["supplies"]),
            bonus=dealer.deck("bonus", pools["bonus"]),
            lock_bank=R.LOCK_TOKENS,
        )
        events = [
            Event(
                "game_started",
                0,
                "setup",
                {
                    "names": [s.name for s in slashers],
                    "seats": [s.seat for s in slashers],
                    "hero": hero.profile(state).name,
                    "goal": goal,
                    "markers": len(markers),
                },
            )
        ]
        return state, events

    def view(self, state: State, seat: str = PERSON) -> View:
        # Positional, in View's field order (a view is built every step of the search's rollouts).
        s = state.slashers
        return View(
            seat,
            state.phase,
            state.hero,
            state.goal,
            state.meter,
            state.hero_at,
            state.wolf,
            tuple(
                [
                    SlasherView(
                        x.seat,
                        x.name,
                        x.health,
                        x.at,
                        x.alive,
                        len(x.souvenirs),
                        x.supply,
                        x.trackers,
                        bool(x.key),
                        x.searched,
                        x.ability,
                        x.used,
                        x.edge,
                        x.skip,
                    )
                    for x in s
                ]
            ),
            {loc: len(t) for loc, t in state.markers.items()},
            state.locks.copy(),
            s[state.current].seat if state.current >= 0 else "",
            tuple(state.roll),
            state.stops.copy(),
            state.card,
            state.purpose,
            s[state.spender].seat if state.spender >= 0 else "",
            tuple([s[i].seat for i in state.brawl]),
            state.drawn if state.keeper >= 0 and s[state.keeper].seat == seat else "",
            state.running,
            state.turn_no,
            state.round,
            state.spree,
            tuple(state.brawl_roll),
            state.brawl_knives,
        )


GAME = MixtapeMassacre()
_check: GameOf[State, View] = GAME  # the contract, checked by mypy against the game's own types
