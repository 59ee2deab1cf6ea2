"""The rules of Mixtape Massacre: Director's Cut: slashers roam Tall Oaks for souvenirs until one has enough.

Every automatic step (dice, draws, brawls, the Hero) runs inside `apply` up to the next decision. Steps that
may be interrupted by a decision (a supply spend, a keep choice, where a marker runs) leave a tag in
`state.after` or `state.brawl_after` naming what comes next, and `_resume` picks the flow up from it.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.core.contract import (
    Decision,
    GameOption,
    Hint,
    IllegalMove,
    Option,
    Outcome,
    Seat,
    resolve_options,
)
from engines.core.decks import Deck
from engines.core.events import Event
from engines.core.rng import Rng
from engines.mixtape.board import BONUS, ENTRANCE, ROAD, START
from engines.mixtape.dealing import deal
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.odds import triple
from engines.mixtape.directors_cut.state import (
    AID,
    AT_LOCK,
    BONUS_PICK,
    DOOR,
    KEEP,
    LOCK,
    MOVE,
    OVER,
    REDRAW,
    RISE,
    RUN,
    SEARCH,
    SPEND,
    START_POINT,
    TARGET,
    TURN,
    Slasher,
    SlasherView,
    State,
    View,
)

B = R.BOARD
PASSIVE = frozenset({"stitches"})
"""Abilities that work by themselves rather than being chosen."""
SEATS = tuple(f"slasher{i}" for i in range(1, 7))
PERSON = SEATS[0]


class MixtapeMassacre:
    id = "mixtape-massacre"
    title = "Mixtape Massacre: Director's Cut"
    rules_version = "3"
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

    @property
    def achievements(self) -> dict[str, str]:
        """A designed sheet (the rulebook has none): id -> text, in its order."""
        from engines.mixtape.directors_cut.achievements import TEXT

        return TEXT

    def earned(self, log: list[Event]) -> list[str]:
        """The achievements a finished run's events earn for the person's seat."""
        from engines.mixtape.directors_cut.achievements import earned

        return earned(log)

    @property
    def policies(self):
        from engines.mixtape.directors_cut import policies

        return policies.POLICIES

    # -- the contract -------------------------------------------------------------------------------

    def setup(self, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
        opts = resolve_options(self, options or {})
        n = 1 + int(opts["rivals"])
        rng = Rng.from_seed(seed)
        chosen = None if opts["slasher"] == "random" else R.NAME_OF[opts["slasher"]]
        names = deal(rng, list(R.SLASHER_NAMES), chosen)
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
            scenes=Deck.shuffled(R.scene_deck(opts["hero"]), rng),
            supplies=Deck.shuffled(list(R.SUPPLY_CARDS), rng),
            bonus=Deck.shuffled(list(R.BONUS), rng),
            lock_bank=R.LOCK_TOKENS,
        )
        events = [
            Event(
                "game_started",
                0,
                "setup",
                {
                    "slashers": [s.name for s in slashers],
                    "seats": [s.seat for s in slashers],
                    "hero": self.hero_profile(state).name,
                    "goal": goal,
                    "markers": len(markers),
                },
            )
        ]
        return state, events

    def decision(self, state: State) -> Decision | None:
        if state.result:
            return None
        phase = state.phase
        s = state.slashers
        if phase == START_POINT:  # RB: "Players may choose the spot they wish to start from" (any of them)
            return Decision(
                s[state.placing].seat,
                "start",
                "Choose your starting point.",
                tuple(Option(f"start:{p}", self._start_label(state, p), aliases=(p,)) for p in B.starts),
            )
        if phase == LOCK:
            opts = [
                Option(f"lock:{e}", f"lock {B.place(e)}", aliases=(e,))
                for lid in R.LOCATIONS
                for e in B.locations[lid].entrances
                if e not in state.locks
            ]
            return Decision(
                s[state.order[0]].seat,
                "lock",
                f"Place a yellow Lock Token on an entrance ({state.locks_left} left to place).",
                tuple(opts),
            )
        cur = s[state.current] if state.current >= 0 else None
        if phase == TURN and cur:
            return Decision(cur.seat, "turn", "Your turn. What now?", tuple(self._turn_options(state)))
        if phase == MOVE and cur:
            return MoveDecision(
                cur.seat,
                "move",
                f"You rolled {state.roll[0]} and {state.roll[1]} ({sum(state.roll)}). Where to?",
                tuple(self._move_options(state)),
                cur.at,
                sum(state.roll),
                tuple(state.locks),
                bool(cur.key),
            )
        if phase == SPEND:
            return self._spend_decision(state)
        if phase == KEEP:
            k = s[state.keeper]
            new, old = R.supply(state.drawn).name, R.supply(k.supply).name
            return Decision(
                k.seat,
                "keep",
                f"You found a {new} but hold a {old}; you may hold only one.",
                (
                    Option("keep:new", f"keep the {new}", aliases=("new",)),
                    Option("keep:old", f"keep the {old}", aliases=("old",)),
                ),
            )
        if phase == AID:
            k = s[state.keeper]
            kind = R.supply(state.drawn)
            return Decision(
                k.seat,
                "aid",
                f"You found a {kind.name} (health {k.health}/{R.HEALTH}). Use it now, or keep it for later?",
                (
                    Option("aid:now", f"use it now: +{kind.amount} health", aliases=("now", "heal")),
                    Option("aid:keep", "keep it for the start of a turn", aliases=("keep", "later")),
                ),
            )
        if phase == RUN:
            loc = B.locations[state.running]
            return Decision(
                s[state.chooser].seat,
                "run",
                f"The victim escapes {loc.name}. Where does the Scene Marker run?",
                tuple(Option(f"run:{n}", B.locations[n].name, aliases=(n,)) for n in loc.neighbours),
            )
        if phase == SEARCH and cur:
            return Decision(
                cur.seat,
                "search",
                f"{B.locations[cur.at].name} is empty. Search it?",
                (Option("search", "roll the Search Die"), Option("leave", "end your turn", aliases=("no",))),
            )
        if phase == BONUS_PICK and cur:
            if state.pick == "move_any":
                return Decision(
                    cur.seat,
                    "bonus_move",
                    "The Bonus Track takes you anywhere in town. Which location?",
                    tuple(self._anywhere_options(state)),
                )
            return Decision(
                cur.seat,
                "bonus_swap",
                "The Bonus Track lets you trade places with another slasher. With whom?",
                tuple(
                    Option(
                        f"swap:{x.seat}",
                        f"{x.name} at {B.place(x.at)}",
                        aliases=(x.seat, x.name.lower()),
                    )
                    for x in s
                    if x.alive and x.at and x is not cur
                ),
            )
        if phase == TARGET and cur:
            return Decision(
                cur.seat,
                "target",
                "Several slashers are within reach. Whom do you brawl?",
                tuple(
                    Option(
                        f"brawl:{s[i].seat}",
                        f"{s[i].name} (health {s[i].health}, {len(s[i].souvenirs)} souvenirs, "
                        f"supply {R.supply(s[i].supply).name if s[i].supply else 'none'})",
                        aliases=(s[i].seat, s[i].name.lower()),
                    )
                    for i in state.targets
                ),
            )
        if phase == RISE and cur:
            return Decision(
                cur.seat,
                "rise",
                "The Drowned Girl rises out of the water. In which location with a Scene Marker?",
                tuple(self._rise_options(state)),
            )
        if phase == DOOR and cur:
            return self._door_decision(state, cur)
        if phase == REDRAW and cur:
            return Decision(
                cur.seat,
                "redraw",
                "Three fists: that card is beaten. Draw another Killer Scenes, Dude card?",
                (
                    Option("redraw", "draw another Killer Scenes, Dude card", aliases=("draw", "again")),
                    Option("stop", "stop here and end your turn", aliases=("no", "end")),
                ),
            )
        if phase == AT_LOCK and cur:
            colour = state.locks[cur.at]
            need = R.UNLOCK_KNIVES[colour]
            return Decision(
                cur.seat,
                "at_lock",
                f"A {colour} lock bars the way: {_count(need, 'knife')} to break it.",
                (Option("unlock", "try to break the lock"), Option("wait", "end your turn", aliases=("no",))),
            )
        return None

    def apply(self, state: State, key: str, decision: Decision | None = None) -> list[Event]:
        fast = state.phase == MOVE and key.startswith("go:") and key[3:] in state.stops and not state.result
        if not fast:
            d = decision or self.decision(state)
            if d is None:
                raise IllegalMove("The game is over; there is nothing left to decide.")
            if key not in d.keys():  # noqa: SIM118 (Decision.keys is a method)
                raise IllegalMove(self._illegal(state, d, key))
        events: list[Event] = []
        phase = state.phase
        if phase == START_POINT:
            self._place_start(state, key[6:], events)
        elif phase == LOCK:
            self._place_lock(state, key[5:], "yellow", events)
            state.locks_left -= 1
            if state.locks_left == 0 or state.lock_bank == 0 or not self.decision(state).options:
                self._begin_turn(state, state.order[0], events)
        elif phase == TURN:
            self._turn_choice(state, key, events)
        elif phase == MOVE:
            self._move(state, key[3:], events)
        elif phase == SPEND:
            self._spend(state, int(key[6:]), events)
        elif phase == KEEP:
            self._keep(state, key == "keep:new", events)
        elif phase == RUN:
            self._run(state, key[4:], events)
        elif phase == SEARCH:
            if key == "search":
                self._search(state, events)
            else:
                self._end_turn(state, events)
        elif phase == BONUS_PICK:
            self._bonus_pick(state, key, events)
        elif phase == TARGET:
            other = next(i for i in state.targets if state.slashers[i].seat == key[6:])
            state.targets = []
            self._start_brawl(state, state.current, other, "arrive_place", events)
        elif phase == AID:
            self._aid(state, key == "aid:now", events)
        elif phase == RISE:
            self._ability(state, key[5:], events)
        elif phase == AT_LOCK:
            if key == "unlock":
                state.door = "end"  # the lock stopped the move: staying out leaves nothing more to do
                self._ask_spend(state, state.current, "unlock", events)
            else:
                self._end_turn(state, events)
        elif phase == DOOR:
            self._door(state, key == "enter", events)
        elif phase == REDRAW:
            self._redraw(state, key == "redraw", events)
        return events

    def outcome(self, state: State) -> Outcome | None:
        if not state.result:
            return None
        return Outcome(state.result, tuple(state.winners), state.reason)

    def view(self, state: State, seat: str = PERSON) -> View:
        s = state.slashers
        return View(
            seat=seat,
            phase=state.phase,
            hero=state.hero,
            goal=state.goal,
            meter=state.meter,
            hero_at=state.hero_at,
            wolf=state.wolf,
            slashers=tuple(
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
            ),
            markers={loc: len(t) for loc, t in state.markers.items()},
            locks=dict(state.locks),
            current=s[state.current].seat if state.current >= 0 else "",
            roll=tuple(state.roll),
            stops=dict(state.stops),
            card=state.card,
            purpose=state.purpose,
            spender=s[state.spender].seat if state.spender >= 0 else "",
            brawl=tuple(s[i].seat for i in state.brawl),
            drawn=state.drawn if state.keeper >= 0 and s[state.keeper].seat == seat else "",
            running=state.running,
            turn=state.turn_no,
            round=state.round,
            spree=state.spree,
            brawl_roll=tuple(state.brawl_roll),
            brawl_knives=state.brawl_knives,
        )

    def turn(self, state: State) -> int:
        return state.turn_no

    def hint(self, state: State) -> Hint | None:
        from engines.mixtape.directors_cut import policies

        d = self.decision(state)
        if d is None:
            return None
        return policies.advise(self.view(state, d.seat), d)

    def invariants(self, state: State) -> list[str]:
        from engines.mixtape.directors_cut.integrity import problems

        return problems(state)

    def hero_profile(self, state: State) -> R.Hero:
        """The Hero's numbers now: Linda's Wolf form while a Full Moon is out."""
        return R.hero_now(state.hero, state.wolf)

    # -- setup --------------------------------------------------------------------------------------

    def _start_label(self, state: State, point: str) -> str:
        """A starting point by its landmark, with who already stands there (a start holds any number)."""
        there = [x.name for x in state.slashers if x.alive and x.at == point]
        return B.place(point) + (f" ({' and '.join(there)} already there)" if there else "")

    def _place_start(self, state: State, point: str, events: list[Event]) -> None:
        s = state.slashers[state.placing]
        s.at = point
        events.append(
            Event(
                "start_chosen",
                0,
                "setup",
                {"seat": s.seat, "name": s.name, "space": point, "place": B.place(point)},
            )
        )
        state.placing += 1
        if state.placing < len(state.slashers):
            return
        # The opening roll: two movement dice each, the highest goes first; ties for the top roll again.
        contenders = list(range(len(state.slashers)))
        rolls: dict[str, list[int]] = {}
        while len(contenders) > 1:
            totals = {}
            for i in contenders:
                r = state.rng.d6s(R.MOVEMENT_DICE)
                rolls.setdefault(state.slashers[i].seat, []).append(sum(r))
                totals[i] = sum(r)
            top = max(totals.values())
            contenders = [i for i in contenders if totals[i] == top]
        first = contenders[0]
        n = len(state.slashers)
        state.order = [(first + k) % n for k in range(n)]
        locks = state.rng.d6()
        state.locks_left = min(locks, state.lock_bank)
        fs = state.slashers[first]
        events.append(
            Event(
                "opening_roll",
                0,
                "setup",
                {"rolls": rolls, "first": fs.seat, "name": fs.name, "locks": locks},
            )
        )
        state.phase = LOCK

    def _place_lock(self, state: State, entrance: str, colour: str, events: list[Event]) -> bool:
        if state.lock_bank <= 0 or entrance in state.locks:
            return False
        state.locks[entrance] = colour
        state.lock_bank -= 1
        loc = B.entrance_of[entrance]
        events.append(
            Event(
                "lock_placed",
                state.turn_no,
                "lock",
                {"entrance": entrance, "location": B.locations[loc].name, "colour": colour},
            )
        )
        return True

    def _lock_location(self, state: State, loc: str, colour: str, events: list[Event]) -> None:
        """Put a lock on a location's first unlocked entrance (a red lock may replace a yellow one)."""
        for e in B.locations[loc].entrances:
            if e not in state.locks:
                self._place_lock(state, e, colour, events)
                return
        if colour == "red":
            for e in B.locations[loc].entrances:
                if state.locks[e] == "yellow":
                    state.locks[e] = "red"
                    events.append(
                        Event(
                            "lock_placed",
                            state.turn_no,
                            "lock",
                            {"entrance": e, "location": B.locations[loc].name, "colour": "red"},
                        )
                    )
                    return

    # -- a turn -------------------------------------------------------------------------------------

    def _alive(self, state: State) -> list[int]:
        return [i for i, x in enumerate(state.slashers) if x.alive]

    def _begin_turn(self, state: State, who: int, events: list[Event]) -> None:
        if state.result:
            return
        new_round = state.current >= 0 and state.order.index(who) <= state.order.index(state.current)
        if new_round:
            state.round += 1
        if state.current < 0:
            state.round = 1
        if new_round and state.hero_at:
            self._hero_roams(state, events)
        state.current = who
        state.turn_no += 1
        state.spree = False
        state.door = ""
        s = state.slashers[who]
        if s.skip:
            s.skip = False
            events.append(Event("turn_skipped", state.turn_no, "turn", {"seat": s.seat, "name": s.name}))
            self._end_turn(state, events)
            return
        events.append(
            Event(
                "turn_started",
                state.turn_no,
                "turn",
                {"seat": s.seat, "name": s.name, "round": state.round, "place": B.place(s.at)},
            )
        )
        self._offer_turn(state, events)

    def _hero_roams(self, state: State, events: list[Event]) -> None:
        """Designed: at each new round the active Hero walks one movement die toward the nearest slasher
        off the starting points, along roads and sewers, stopping beside them; it never steps into a
        location and never starts a fight by itself (RB: a fight comes from noise or a slasher landing by it).
        """
        prey = [
            x.at
            for x in state.slashers
            if x.alive and x.at and B.kind.get(x.at) != START and not B.touching(x.at, state.hero_at)
        ]
        if not prey:
            return
        dist = B.distances(prey)
        here = state.hero_at
        if here not in dist:
            return
        roll = sum(state.rng.d6s(R.HERO_ROAM_DICE))
        start, steps, jumped = here, 0, False
        while steps < roll and dist[here] > 1:
            d = dist[here]
            step = next(
                (n for n in B.adjacent[here] if n not in B.locations and dist.get(n, 99) == d - 1), None
            )
            if step is None:  # the shortest way goes through the sewer: the jump is free
                jump = next((n for n in B.sewer_exits(here) if dist.get(n, 99) == d), None)
                if jump is None or jumped:
                    break
                here, jumped = jump, True
                continue
            here, jumped = step, False
            steps += 1
        if here == start:
            return
        state.hero_at = here
        events.append(
            Event(
                "hero_moved",
                state.turn_no,
                "hero",
                {
                    "hero": self.hero_profile(state).name,
                    "roll": roll,
                    "steps": steps,
                    "from": B.place(start),
                    "place": B.place(here),
                },
            )
        )

    def _turn_options(self, state: State) -> list[Option]:
        s = state.slashers[state.current]
        opts = []
        if state.markers.get(s.at):
            opts.append(Option("scene", "draw a Killer Scenes, Dude card here", aliases=("kill", "attack")))
        if s.at in state.locks:
            opts.append(Option("unlock", "try to break the lock", aliases=("break",)))
        if self._may_search_here(state, s):
            opts.append(Option("search", f"search {B.locations[s.at].name} with the Search Die"))
        if s.supply and R.supply(s.supply).kind == "heal" and s.health < R.HEALTH:
            opts.append(Option("heal", f"use the {R.supply(s.supply).name}", aliases=("first aid",)))
        if not s.used and s.ability not in PASSIVE:
            text = R.ABILITY_TEXT[s.ability]
            if s.ability == "drowned":
                if self._rise_options(state):
                    opts.append(Option("ability", f"Special Ability: {text}", aliases=("special",)))
            else:
                opts.append(Option("ability", f"Special Ability: {text}", aliases=("special",)))
        opts.append(Option("roll", "roll the movement dice", aliases=("move", "r")))
        return opts

    def _rise_options(self, state: State) -> list[Option]:
        """Where The Drowned Girl may rise: any location with a Scene Marker but the one she stands in."""
        here = state.slashers[state.current].at
        out = []
        for loc in R.LOCATIONS:
            n = len(state.markers[loc])
            if n and loc != here:
                name = B.locations[loc].name
                out.append(
                    Option(f"rise:{loc}", f"{name} ({n} marker{'s' if n != 1 else ''})", aliases=(loc,))
                )
        return out

    def _may_search_here(self, state: State, s: Slasher) -> bool:
        """Standing in an empty location not searched last time, outside a Killing Spree."""
        return not state.spree and B.is_location(s.at) and not state.markers[s.at] and s.searched != s.at

    def _offer_turn(self, state: State, events: list[Event]) -> None:
        if state.result:
            return
        state.phase = TURN
        if len(self._turn_options(state)) == 1:
            self._roll_move(state, events)

    def _turn_choice(self, state: State, key: str, events: list[Event]) -> None:
        s = state.slashers[state.current]
        if key == "scene":
            self._scene(state, events)
        elif key == "unlock":
            state.door = "turn"  # a lock broken at the start of a turn leaves the whole turn to go on with
            self._ask_spend(state, state.current, "unlock", events)
        elif key == "ability" and s.ability == "drowned":
            state.phase = RISE  # the ability is spent once she names the location
        elif key == "ability":
            self._ability(state, "", events)
        elif key == "search":
            self._search(state, events, after="turn")
        elif key == "heal":
            kind = R.supply(s.supply)
            before = s.health
            s.health = min(R.HEALTH, s.health + kind.amount)
            events.append(
                Event(
                    "healed",
                    state.turn_no,
                    "turn",
                    {
                        "seat": s.seat,
                        "name": s.name,
                        "card": kind.name,
                        "gained": s.health - before,
                        "health": s.health,
                    },
                )
            )
            self._use_tracker(state, state.current, 1, events)
            self._offer_turn(state, events)
        else:
            self._roll_move(state, events)

    def _through(self, state: State) -> list[str]:
        return [loc for loc in R.MULTI_ENTRANCE if not state.markers[loc]]

    def _roll_move(self, state: State, events: list[Event]) -> None:
        s = state.slashers[state.current]
        state.roll = state.rng.d6s(R.MOVEMENT_DICE)
        # RB never limits a starting point to one slasher: a move may end on one a rival holds (no brawl there).
        state.stops = B.stops(s.at, sum(state.roll), state.locks, self._through(state), key=bool(s.key))
        events.append(
            Event(
                "moved_roll",
                state.turn_no,
                "move",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "dice": list(state.roll),
                    "total": sum(state.roll),
                    "stops": len(state.stops),
                },
            )
        )
        if not state.stops:
            events.append(Event("stuck", state.turn_no, "move", {"seat": s.seat, "name": s.name}))
            self._end_turn(state, events)
            return
        state.phase = MOVE

    def _move_options(self, state: State) -> list[Option]:
        out = []
        for node, dist in stops_in_order(state.stops):
            detail = len(state.markers[node]) if node in B.locations else state.locks.get(node, "")
            out.append(_stop_option(node, dist, detail))
        return out

    def _move(self, state: State, node: str, events: list[Event]) -> None:
        s = state.slashers[state.current]
        start = s.at
        s.at = node
        events.append(
            Event(
                "moved",
                state.turn_no,
                "move",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "to": node,
                    "place": B.place(node),
                    "steps": state.stops[node],
                    "from": B.place(start),
                },
            )
        )
        state.stops = {}
        if B.is_location(node) and s.key and any(e in state.locks for e in B.locations[node].entrances):
            for e in B.locations[node].entrances:
                if state.locks.pop(e, None):
                    state.lock_bank += 1
            events.append(
                Event(
                    "key_used",
                    state.turn_no,
                    "move",
                    {"seat": s.seat, "name": s.name, "location": B.locations[node].name},
                )
            )
        self._arrive(state, events)

    def _arrive(self, state: State, events: list[Event]) -> None:
        """Landing: the Hero nearby first, then a brawl, then what the space or location holds."""
        s = state.slashers[state.current]
        if state.hero_at and B.touching(s.at, state.hero_at):
            events.append(Event("hero_nearby", state.turn_no, "move", {"seat": s.seat, "name": s.name}))
            self._hero_fight(state, state.current, "arrive_brawl", events)
            return
        self._arrive_brawl(state, events)

    def _arrive_brawl(self, state: State, events: list[Event]) -> None:
        """A brawl with a slasher within reach; with several, the mover picks one (one brawl a landing)."""
        s = state.slashers[state.current]
        near = []
        if B.kind.get(s.at) != START:
            near = [
                i
                for i in state.order
                if i != state.current
                and state.slashers[i].alive
                and B.kind.get(state.slashers[i].at) != START
                and B.touching(s.at, state.slashers[i].at)
            ]
        if len(near) > 1:
            state.targets = near
            state.phase = TARGET
            return
        if near:
            self._start_brawl(state, state.current, near[0], "arrive_place", events)
            return
        self._arrive_place(state, events)

    def _arrive_place(self, state: State, events: list[Event]) -> None:
        s = state.slashers[state.current]
        node = s.at
        if B.is_location(node):
            if state.markers[node]:
                self._scene(state, events)
            elif s.searched == node:
                events.append(
                    Event(
                        "search_refused",
                        state.turn_no,
                        "search",
                        {"seat": s.seat, "name": s.name, "location": B.locations[node].name},
                    )
                )
                self._end_turn(state, events)
            else:
                state.phase = SEARCH
        elif B.kind[node] == BONUS:
            self._bonus(state, events)
        elif B.kind[node] == ENTRANCE and node in state.locks:
            state.phase = AT_LOCK
        else:
            self._end_turn(state, events)

    def _end_turn(self, state: State, events: list[Event]) -> None:
        if state.result:
            return
        self._check_end(state, events)
        if state.result:
            return
        alive = set(self._alive(state))
        pos = state.order.index(state.current)
        n = len(state.order)
        for k in range(1, n + 1):
            nxt = state.order[(pos + k) % n]
            if nxt in alive:
                self._begin_turn(state, nxt, events)
                return

    # -- scenes -------------------------------------------------------------------------------------

    def _scene(self, state: State, events: list[Event]) -> None:
        if state.result:
            return
        s = state.slashers[state.current]
        state.card = state.scenes.draw(state.rng)
        card = R.SCENES[state.card]
        events.append(
            Event(
                "scene_drawn",
                state.turn_no,
                "scene",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "card": card.title,
                    "type": card.kind,
                    "knives": card.knives,
                    "fists": card.fists,
                    "damage": card.damage,
                    "souvenirs": card.souvenirs,
                    "noise": card.noise,
                    "location": B.locations[s.at].name,
                },
            )
        )
        if card.kind == "full_moon":
            state.scenes.discard(state.card)
            state.card = ""
            state.wolf = True
            events.append(Event("full_moon", state.turn_no, "scene", {"seat": s.seat, "name": s.name}))
            if self._noise(state, card.noise, state.current, events):
                self._hero_fight(state, state.current, "redraw", events)
                return
            self._scene(state, events)
            return
        if card.noise and self._noise(state, card.noise, state.current, events):
            self._hero_fight(state, state.current, "card", events)
            return
        self._card(state, events)

    def _card(self, state: State, events: list[Event]) -> None:
        card = R.SCENES[state.card]
        s = state.slashers[state.current]
        if card.kind == "attack":
            self._ask_spend(state, state.current, "kill", events)
        elif card.kind == "survivor":
            self._ask_spend(state, state.current, "survivor", events)
        elif card.fists == 0:
            state.scenes.discard(state.card)
            state.card = ""
            events.append(
                Event(
                    "victim_escaped",
                    state.turn_no,
                    "scene",
                    {
                        "seat": s.seat,
                        "name": s.name,
                        "card": card.title,
                        "damage": card.damage,
                        "defended": False,
                        "dice": [],
                    },
                )
            )
            self._hurt(state, state.current, card.damage, "a victim", events)
            self._end_turn(state, events)
        else:
            self._ask_spend(state, state.current, "defend", events)

    # -- spending supply tokens before a roll -------------------------------------------------------

    def usable(self, state: State, who: int, purpose: str) -> int:
        """How many tokens (or 1 for an infinite card) this slasher may spend on this roll."""
        s = state.slashers[who]
        if not s.supply:
            return 0
        kind = R.supply(s.supply)
        wanted = {
            "kill": ("knife",),
            "unlock": ("knife",),
            "brawl": ("knife",),
            "defend": ("fist",),
            "survivor": ("fist",),
            "hero": ("knife", "fist"),
        }[purpose]
        if kind.kind not in wanted:
            return 0
        return 1 if kind.infinite else s.trackers

    def _ask_spend(self, state: State, who: int, purpose: str, events: list[Event]) -> None:
        if state.result:
            return
        state.purpose = purpose
        state.spender = who
        if self.usable(state, who, purpose) == 0:
            self._spend(state, 0, events)
            return
        state.phase = SPEND

    def _spend_decision(self, state: State) -> Decision:
        s = state.slashers[state.spender]
        kind = R.supply(s.supply)
        most = self.usable(state, state.spender, state.purpose)
        icon = kind.kind
        opts = [Option("spend:0", "spend 0 tokens (bare-handed)", aliases=("none", "bare"))]
        for n in range(1, most + 1):
            bonus = n * kind.amount
            noise = n * kind.noise
            extra = f", {noise} noise" if noise and state.purpose != "hero" else ""
            spent = (
                f"use the {kind.name}"
                if kind.infinite
                else f"spend {n} token{'s' if n > 1 else ''} of the {kind.name}"
            )
            opts.append(Option(f"spend:{n}", f"{spent}: +{_count(bonus, icon)}{extra}"))
        what = {
            "kill": "the kill",
            "defend": "your defence",
            "survivor": "your defence against The Survivor",
            "hero": "the fight with the Hero",
            "unlock": "breaking the lock",
            "brawl": "this round of the brawl",
        }[state.purpose]
        prompt = f"Before you roll for {what}: spend supply tokens?"
        if state.purpose == "brawl" and state.spender == state.brawl[1]:
            mover = state.slashers[state.brawl[0]]
            shown = ", ".join(state.brawl_roll)
            prompt = f"{mover.name} rolled {shown}: {_count(state.brawl_knives, 'knife')}. {prompt}"
        return Decision(s.seat, "spend", prompt, tuple(opts))

    def _use_tracker(self, state: State, who: int, n: int, events: list[Event]) -> None:
        s = state.slashers[who]
        kind = R.supply(s.supply)
        if kind.infinite or n == 0:
            return
        s.trackers -= n
        if s.trackers <= 0:
            events.append(
                Event(
                    "supply_spent",
                    state.turn_no,
                    "supply",
                    {"seat": s.seat, "name": s.name, "card": kind.name},
                )
            )
            state.supplies.discard(s.supply)
            s.supply = ""
            s.trackers = 0

    def _spend(self, state: State, n: int, events: list[Event]) -> None:
        who = state.spender
        s = state.slashers[who]
        purpose = state.purpose
        knives = fists = noise = 0
        if n:
            kind = R.supply(s.supply)
            if kind.kind == "knife":
                knives = n * kind.amount
            else:
                fists = n * kind.amount
            if purpose != "hero":  # rulebook: noisy weapons do not raise the meter in a fight with the Hero
                noise = n * kind.noise
            events.append(
                Event(
                    "supply_used",
                    state.turn_no,
                    purpose,
                    {
                        "seat": s.seat,
                        "name": s.name,
                        "card": kind.name,
                        "tokens": n,
                        "bonus": knives + fists,
                        "noise": noise,
                    },
                )
            )
            self._use_tracker(state, who, n, events)
        dice = [R.ACTION_FACES[state.rng.below(len(R.ACTION_FACES))] for _ in range(R.ACTION_DICE)]
        dice.sort()
        if purpose == "brawl":  # each brawler spends just before their own roll (RB Using a Supply ...)
            state.brawl_noise += noise
            if who == state.brawl[0]:
                self._brawl_first(state, dice, knives, events)
            else:
                self._brawl_answer(state, dice, knives, events)
            return
        if purpose == "kill" and s.edge:
            knives += s.edge
            s.edge = 0
        if purpose == "kill":
            self._resolve_kill(state, dice, knives, noise, events)
        elif purpose == "defend":
            self._resolve_defend(state, dice, fists, noise, events)
        elif purpose == "survivor":
            self._resolve_survivor(state, dice, fists, events)
        elif purpose == "unlock":
            self._resolve_unlock(state, dice, knives, noise, events)
        elif purpose == "hero":
            self._resolve_hero(state, dice, knives, fists, events)

    # -- kills --------------------------------------------------------------------------------------

    def _resolve_kill(
        self, state: State, dice: list[str], knives: int, noise: int, events: list[Event]
    ) -> None:
        s = state.slashers[state.current]
        card = R.SCENES[state.card]
        t = triple(dice)
        rolled = dice.count(R.KNIFE)
        facts = {
            "seat": s.seat,
            "name": s.name,
            "card": card.title,
            "dice": dice,
            "knives": rolled + knives,
            "need": card.knives,
            "combo": t,
        }
        if t == R.FIST:  # RB Dice Reference: "buries the current ... card and can draw a new one"
            events.append(Event("scene_redrawn", state.turn_no, "scene", facts))
            state.scenes.bury(state.card)
            state.card = ""
            if noise and self._noise(state, noise, state.current, events):
                self._hero_fight(state, state.current, "offer_redraw", events)
                return
            self._resume(state, "offer_redraw", events)
            return
        if t in (R.KNIFE, R.PENTAGRAM) or rolled + knives >= card.knives:
            double = t in (R.KNIFE, R.PENTAGRAM)
            events.append(Event("kill_made", state.turn_no, "scene", {**facts, "double": double}))
            state.scenes.discard(state.card)
            state.card = ""
            runner = self._take_souvenirs(
                state, card.souvenirs * (R.COMBO_MULTIPLIER if double else 1), events
            )
            if t == R.PENTAGRAM:
                for i in self._alive(state):
                    if i != state.current:
                        self._hurt(state, i, R.HEX_DAMAGE, "a hex", events)
            if state.result:
                return
            state.after = "runner" if runner else "free_search"
            if noise and self._noise(state, noise, state.current, events):
                self._hero_fight(state, state.current, state.after, events)
                return
            self._resume(state, state.after, events)
            return
        events.append(Event("kill_failed", state.turn_no, "scene", facts))
        state.scenes.bury(state.card)
        state.card = ""
        state.pending_noise = noise
        loc = s.at
        state.running = loc
        state.chooser = self._opponent(state)
        if B.locations[loc].neighbours and state.markers[loc]:
            state.phase = RUN
        else:
            self._after_run(state, events)

    def _opponent(self, state: State) -> int:
        """The opposing player who chooses for the rules: the next living slasher in turn order."""
        pos = state.order.index(state.current)
        n = len(state.order)
        for k in range(1, n):
            i = state.order[(pos + k) % n]
            if state.slashers[i].alive:
                return i
        return state.current

    def _run(self, state: State, to: str, events: list[Event]) -> None:
        src = state.running
        token = state.markers[src].pop()
        state.markers[to].append(token)
        events.append(
            Event(
                "marker_ran",
                state.turn_no,
                "scene",
                {
                    "from": B.locations[src].name,
                    "to": B.locations[to].name,
                    "chooser": state.slashers[state.chooser].seat,
                    "chooser_name": state.slashers[state.chooser].name,
                },
            )
        )
        self._after_run(state, events)

    def _after_run(self, state: State, events: list[Event]) -> None:
        state.running = ""
        state.chooser = -1
        noise, state.pending_noise = state.pending_noise, 0
        if noise and self._noise(state, noise, state.current, events):
            self._hero_fight(state, state.current, "end", events)
            return
        self._end_turn(state, events)

    def _take_souvenirs(self, state: State, n: int, events: list[Event]) -> bool:
        """Take the location's marker and flip it; more from the location, then the bank (RB: Locations With
        Multiple Tokens), but after a Runner the rest come from the bank alone (RB: Runner Tokens). True on a
        Runner."""
        s = state.slashers[state.current]
        loc = s.at
        state.last_kill = loc
        first = state.markers[loc].pop()
        got: list[str] = []
        runner = R.is_runner(first)
        if runner:
            state.bank.append(first)
        else:
            got.append(first)
        for _ in range(n - 1):
            if state.markers[loc] and not runner:
                t = state.markers[loc].pop()
                if R.is_runner(t):  # designed: a Runner among the extra tokens is worth nothing
                    state.bank.append(t)
                    continue
                got.append(t)
            else:
                pick = [i for i, t in enumerate(state.bank) if not R.is_runner(t)]
                if pick:
                    got.append(state.bank.pop(pick[state.rng.below(len(pick))]))
        s.souvenirs.extend(got)
        events.append(
            Event(
                "souvenirs_taken",
                state.turn_no,
                "scene",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "runner": runner,
                    "gained": len(got),
                    "total": len(s.souvenirs),
                    "goal": state.goal,
                    "location": B.locations[loc].name,
                },
            )
        )
        self._restock_if_empty(state, events)
        self._check_end(state, events)
        return runner

    def _restock_if_empty(self, state: State, events: list[Event]) -> None:
        if any(state.markers.values()):
            return
        placed = []
        for loc in R.LOCATIONS:
            if loc == state.last_kill or not state.bank:
                continue
            state.markers[loc].append(state.bank.pop(state.rng.below(len(state.bank))))
            placed.append(loc)
        events.append(Event("restocked", state.turn_no, "scene", {"count": len(placed)}))

    def _resume(self, state: State, tag: str, events: list[Event]) -> None:
        """Carry on after a Hero fight or a supply choice that interrupted a flow."""
        if state.result:
            return
        state.after = ""
        cur = state.current
        if tag == "card":
            self._card(state, events)
        elif tag == "redraw":
            self._scene(state, events)
        elif tag == "runner":
            s = state.slashers[cur]
            events.append(Event("runner_escaped", state.turn_no, "scene", {"seat": s.seat, "name": s.name}))
            self._end_turn(state, events)
        elif tag == "free_search":
            s = state.slashers[cur]
            events.append(Event("free_search", state.turn_no, "supply", {"seat": s.seat, "name": s.name}))
            self._receive_supply(state, cur, state.supplies.draw(state.rng), "spree", events)
        elif tag == "spree":
            state.spree = True
            s = state.slashers[cur]
            events.append(Event("spree", state.turn_no, "turn", {"seat": s.seat, "name": s.name}))
            self._offer_turn(state, events)
        elif tag == "arrive_brawl":
            self._arrive_brawl(state, events)
        elif tag == "arrive_place":
            self._arrive_place(state, events)
        elif tag == "door":
            state.phase = DOOR
        elif tag == "offer_redraw":
            state.phase = REDRAW
        elif tag == "turn":
            self._offer_turn(state, events)
        else:
            self._end_turn(state, events)

    # -- defending ----------------------------------------------------------------------------------

    def _resolve_defend(
        self, state: State, dice: list[str], fists: int, noise: int, events: list[Event]
    ) -> None:
        s = state.slashers[state.current]
        card = R.SCENES[state.card]
        t = triple(dice)
        got = dice.count(R.FIST) + fists
        facts = {
            "seat": s.seat,
            "name": s.name,
            "card": card.title,
            "dice": dice,
            "fists": got,
            "need": card.fists,
            "damage": card.damage,
            "combo": t,
        }
        state.scenes.discard(state.card)
        state.card = ""
        if t == R.FIST:  # RB Dice Reference: "defeats the card and can draw another"
            events.append(Event("victim_beaten", state.turn_no, "scene", facts))
            after = "offer_redraw"
        elif t == "" and got >= card.fists:
            events.append(Event("victim_escaped", state.turn_no, "scene", {**facts, "defended": True}))
            after = "end"
        else:
            events.append(Event("victim_escaped", state.turn_no, "scene", {**facts, "defended": False}))
            self._hurt(state, state.current, card.damage, "a victim", events)
            after = "end"
        if not s.alive:
            after = "end"
        if noise and s.alive and self._noise(state, noise, state.current, events):
            self._hero_fight(state, state.current, after, events)
            return
        self._resume(state, after, events)

    def _resolve_survivor(self, state: State, dice: list[str], fists: int, events: list[Event]) -> None:
        """RB The Survivor, its effects in the printed order; the game ends the moment its end is reached
        (the drawer's death leaving one slasher, say), and what is left of the card is not played."""
        s = state.slashers[state.current]
        card = R.SCENES[state.card]
        got = dice.count(R.FIST) + fists
        state.scenes.discard(state.card)
        state.card = ""
        if got >= card.fists:
            events.append(
                Event(
                    "survivor_stopped",
                    state.turn_no,
                    "scene",
                    {"seat": s.seat, "name": s.name, "dice": dice, "fists": got},
                )
            )
            self._end_turn(state, events)
            return
        events.append(
            Event(
                "survivor_escaped",
                state.turn_no,
                "scene",
                {"seat": s.seat, "name": s.name, "dice": dice, "fists": got, "damage": card.damage},
            )
        )
        self._hurt(state, state.current, card.damage, "The Survivor", events)
        if state.result:
            return
        if s.supply:
            state.supplies.discard(s.supply)
            s.supply = ""
            s.trackers = 0
        for i in self._alive(state):
            if i == state.current:
                continue
            o = state.slashers[i]
            if o.souvenirs:
                for _ in range(min(R.SURVIVOR_SOUVENIR_LOSS, len(o.souvenirs))):
                    state.bank.append(o.souvenirs.pop())
                events.append(
                    Event(
                        "souvenir_lost",
                        state.turn_no,
                        "scene",
                        {"seat": o.seat, "name": o.name, "total": len(o.souvenirs)},
                    )
                )
            else:
                self._hurt(state, i, R.SURVIVOR_HEALTH_LOSS, "The Survivor", events)
        if state.result:
            return
        loc = s.at
        if B.is_location(loc) and state.markers[loc]:
            # Not a kill: a restock this sets off spares the location of the last kill (RB Restocking).
            state.bank.append(state.markers[loc].pop())
            events.append(
                Event("marker_removed", state.turn_no, "scene", {"location": B.locations[loc].name})
            )
            self._restock_if_empty(state, events)
        for i in self._alive(state):
            self._to_start(state, i, events)
        self._end_turn(state, events)

    # -- locks --------------------------------------------------------------------------------------

    def _resolve_unlock(
        self, state: State, dice: list[str], knives: int, noise: int, events: list[Event]
    ) -> None:
        s = state.slashers[state.current]
        entrance = s.at
        colour = state.locks[entrance]
        need = R.UNLOCK_KNIVES[colour]
        got = dice.count(R.KNIFE) + knives
        ok = got >= need
        events.append(
            Event(
                "unlock_tried",
                state.turn_no,
                "lock",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "dice": dice,
                    "knives": got,
                    "need": need,
                    "colour": colour,
                    "ok": ok,
                    "location": B.locations[B.entrance_of[entrance]].name,
                },
            )
        )
        after = "end"
        if ok:  # RB Unlocking Doors: "the player can enter the location or continue their turn"
            del state.locks[entrance]
            state.lock_bank += 1
            after = "door"
        else:
            state.door = ""
        if noise and self._noise(state, noise, state.current, events):
            self._hero_fight(state, state.current, after, events)
            return
        self._resume(state, after, events)

    def _door_decision(self, state: State, cur: Slasher) -> Decision:
        loc = B.entrance_of[cur.at]
        n = len(state.markers[loc])
        what = f"{n} marker{'s' if n != 1 else ''}" if n else "empty"
        inside = [x.name for x in state.slashers if x.alive and x.at == loc]
        if inside:
            what += ", " + " and ".join(inside) + " inside"
        stay = (
            "stay on the entrance and go on with your turn"
            if state.door == "turn"
            else "stay on the entrance (the lock stopped your move, so your turn ends)"
        )
        name = B.locations[loc].name
        return Decision(
            cur.seat,
            "door",
            f"The lock is broken. Go into {name}, or carry on with your turn?",
            (
                Option("enter", f"go into {name} ({what})", aliases=("in", "go in")),
                Option("stay", stay, aliases=("carry on", "out")),
            ),
        )

    def _door(self, state: State, enter: bool, events: list[Event]) -> None:
        """After a broken lock: step into the location (what waits there follows), or go on with the turn:
        the rest of it at the start of a turn, nothing after a move the lock cut short."""
        s = state.slashers[state.current]
        then, state.door = state.door, ""
        if enter:
            s.at = B.entrance_of[s.at]
            events.append(
                Event(
                    "entered",
                    state.turn_no,
                    "lock",
                    {"seat": s.seat, "name": s.name, "location": B.locations[s.at].name},
                )
            )
            self._arrive(state, events)
        elif then == "turn":
            self._offer_turn(state, events)
        else:
            self._end_turn(state, events)

    def _redraw(self, state: State, again: bool, events: list[Event]) -> None:
        """Three fists beat the card: RB "can draw another Killer Scenes, Dude card"; or the turn ends there
        (the victim neither killed nor fled, so no marker runs)."""
        if again:
            self._scene(state, events)
        else:
            self._end_turn(state, events)

    # -- supplies -----------------------------------------------------------------------------------

    def _search(self, state: State, events: list[Event], after: str = "end") -> None:
        """Roll the Search Die. On entering, the move is spent and the turn ends; at the start of a turn
        (after="turn") only Denied ends it (designed reading of RB Searching)."""
        s = state.slashers[state.current]
        s.searched = s.at
        face = R.SEARCH_FACES[state.rng.below(len(R.SEARCH_FACES))]
        events.append(
            Event(
                "searched",
                state.turn_no,
                "search",
                {"seat": s.seat, "name": s.name, "face": face, "location": B.locations[s.at].name},
            )
        )
        if face == "search":
            self._receive_supply(state, state.current, state.supplies.draw(state.rng), after, events)
        elif face == "noise" and self._noise(state, R.SEARCH_NOISE, state.current, events):
            self._hero_fight(state, state.current, after, events)
        elif face == "noise":
            self._resume(state, after, events)
        else:
            self._end_turn(state, events)

    def _receive_supply(self, state: State, who: int, card: str, after: str, events: list[Event]) -> None:
        s = state.slashers[who]
        kind = R.supply(card)
        events.append(
            Event(
                "supply_drawn",
                state.turn_no,
                "supply",
                {"seat": s.seat, "name": s.name, "card": kind.name, "type": kind.kind},
            )
        )
        if kind.kind == "hero":
            state.supplies.discard(card)
            state.meter = R.METER
            events.append(
                Event(
                    "hero_called",
                    state.turn_no,
                    "hero",
                    {"seat": s.seat, "name": s.name, "hero": self.hero_profile(state).name},
                )
            )
            self._hero_fight(state, who, after, events)
            return
        if kind.kind == "key":
            if s.key:
                state.supplies.discard(card)
            else:
                s.key = card
            self._resume(state, after, events)
            return
        if (
            kind.kind == "heal" and s.health < R.HEALTH
        ):  # RB First Aid Kit: "use now or at the start of any turn"
            state.drawn = card
            state.keeper = who
            state.after = after
            state.phase = AID
            return
        self._hold(state, who, card, after, events)

    def _hold(self, state: State, who: int, card: str, after: str, events: list[Event]) -> None:
        """Put a drawn supply in the inventory, or ask which to keep when one is held already."""
        s = state.slashers[who]
        if not s.supply:
            s.supply = card
            s.trackers = R.supply(card).uses
            self._resume(state, after, events)
            return
        state.drawn = card
        state.keeper = who
        state.after = after
        state.phase = KEEP

    def _aid(self, state: State, now: bool, events: list[Event]) -> None:
        """A First Aid Kit just drawn: heal with it at once (then discard it), or keep it like any supply."""
        who, card, after = state.keeper, state.drawn, state.after
        state.drawn, state.keeper, state.after = "", -1, ""
        if not now:
            self._hold(state, who, card, after, events)
            return
        s = state.slashers[who]
        kind = R.supply(card)
        before = s.health
        s.health = min(R.HEALTH, s.health + kind.amount)
        state.supplies.discard(card)
        events.append(
            Event(
                "healed",
                state.turn_no,
                "supply",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "card": kind.name,
                    "gained": s.health - before,
                    "health": s.health,
                },
            )
        )
        self._resume(state, after, events)

    def _keep(self, state: State, new: bool, events: list[Event]) -> None:
        s = state.slashers[state.keeper]
        if new:
            state.supplies.discard(s.supply)
            s.supply = state.drawn
            s.trackers = R.supply(state.drawn).uses
        else:
            state.supplies.discard(state.drawn)
        events.append(
            Event(
                "supply_kept",
                state.turn_no,
                "supply",
                {"seat": s.seat, "name": s.name, "card": R.supply(s.supply).name},
            )
        )
        state.drawn = ""
        state.keeper = -1
        self._resume(state, state.after, events)

    # -- the Hero -----------------------------------------------------------------------------------

    def _noise(self, state: State, n: int, who: int, events: list[Event]) -> bool:
        """Raise the Hero Meter; True when the Hero comes for this slasher now."""
        before = state.meter
        state.meter = min(R.METER, state.meter + n)
        s = state.slashers[who]
        events.append(
            Event(
                "noise",
                state.turn_no,
                "hero",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "amount": n,
                    "meter": state.meter,
                    "full": R.METER,
                    "before": before,
                },
            )
        )
        return state.meter >= R.METER

    def _hero_fight(self, state: State, who: int, after: str, events: list[Event]) -> None:
        if state.result:
            return
        s = state.slashers[who]
        state.fighter = who
        state.after = after
        events.append(
            Event(
                "hero_arrives",
                state.turn_no,
                "hero",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "hero": self.hero_profile(state).name,
                    "place": B.place(s.at),
                },
            )
        )
        self._ask_spend(state, who, "hero", events)

    def _resolve_hero(
        self, state: State, dice: list[str], knives: int, fists: int, events: list[Event]
    ) -> None:
        who = state.fighter
        s = state.slashers[who]
        hero = self.hero_profile(state)
        state.wolf = False  # designed: the Wolf form lasts one fight, whatever its end
        t = triple(dice)
        k = dice.count(R.KNIFE) + knives
        f = dice.count(R.FIST) + fists
        facts = {
            "seat": s.seat,
            "name": s.name,
            "hero": hero.name,
            "dice": dice,
            "knives": k,
            "fists": f,
            "defeat": hero.defeat,
            "defend": hero.defend,
            "combo": t,
        }
        after = state.after
        state.fighter = -1
        if t in (R.KNIFE, R.PENTAGRAM) or k >= hero.defeat:
            state.meter = 0
            state.hero_at = ""
            events.append(Event("hero_defeated", state.turn_no, "hero", facts))
            if t in (R.KNIFE, R.PENTAGRAM):
                self._receive_supply(state, who, state.supplies.draw(state.rng), after, events)
                return
            self._resume_after_fight(state, who, after, events)
            return
        if t == R.FIST or f >= hero.defend:
            state.meter = max(0, state.meter - R.FEND_METER_DROP)
            state.hero_at = ""
            events.append(Event("hero_fended", state.turn_no, "hero", facts))
            if after == "spree":
                # RB Fighting Heroes: after Here Comes A Hero on a free search "If the player defeats the
                # Hero ... the player can resume their killing spree": fending the Hero off is not enough.
                events.append(
                    Event(
                        "spree_ended",
                        state.turn_no,
                        "hero",
                        {"seat": s.seat, "name": s.name, "hero": hero.name},
                    )
                )
                after = "end"
            self._resume_after_fight(state, who, after, events)
            return
        events.append(Event("hero_won", state.turn_no, "hero", {**facts, "loss": hero.health_loss}))
        place = s.at
        state.hero_at = place
        if hero.lock and state.lock_bank:
            loc = place if B.is_location(place) else B.nearest(place, R.LOCATIONS)
            if loc:
                self._lock_location(state, loc, hero.lock, events)
        for _ in range(hero.souvenir_loss):
            if s.souvenirs:
                state.bank.append(s.souvenirs.pop())
                events.append(
                    Event(
                        "souvenir_lost",
                        state.turn_no,
                        "hero",
                        {"seat": s.seat, "name": s.name, "total": len(s.souvenirs)},
                    )
                )
        if hero.supply_loss and s.supply:
            state.supplies.discard(s.supply)
            s.supply = ""
            s.trackers = 0
        if state.card:
            state.scenes.discard(state.card)
            state.card = ""
        self._hurt(state, who, hero.health_loss, hero.name, events)
        if s.alive:
            self._to_start(state, who, events)
        if who == state.current or not state.slashers[state.current].alive:
            self._end_turn(state, events)
        else:
            self._resume(state, "end", events)

    def _resume_after_fight(self, state: State, who: int, after: str, events: list[Event]) -> None:
        if who != state.current:
            after = "end"
        self._resume(state, after, events)

    # -- brawls -------------------------------------------------------------------------------------

    def _start_brawl(self, state: State, a: int, d: int, after: str, events: list[Event]) -> None:
        sa, sd = state.slashers[a], state.slashers[d]
        state.brawl = [a, d]
        state.brawl_after = after
        state.brawl_rounds = 0
        state.brawl_noise = 0
        state.brawl_roll, state.brawl_knives = [], 0
        events.append(
            Event(
                "brawl_started",
                state.turn_no,
                "brawl",
                {
                    "seat": sa.seat,
                    "name": sa.name,
                    "other": sd.seat,
                    "other_name": sd.name,
                    "place": B.place(sa.at),
                },
            )
        )
        self._ask_spend(state, a, "brawl", events)

    def _brawl_first(self, state: State, dice: list[str], knives: int, events: list[Event]) -> None:
        """RB Engaging in Brawls: "The current player rolls first". A triple wins at once ("the first to roll
        triples ... automatically wins"), so the opponent neither rolls nor spends; otherwise the opponent,
        seeing this roll, chooses their own spend and rolls."""
        a, d = state.brawl
        sa, sd = state.slashers[a], state.slashers[d]
        state.brawl_rounds += 1
        state.brawl_roll = dice
        state.brawl_knives = dice.count(R.KNIFE) + knives
        facts = {
            "seat": sa.seat,
            "name": sa.name,
            "other": sd.seat,
            "other_name": sd.name,
            "dice": dice,
            "knives": state.brawl_knives,
            "round": state.brawl_rounds,
        }
        events.append(Event("brawl_rolled", state.turn_no, "brawl", facts))
        if triple(dice):
            self._brawl_won(state, a, d, "triple", facts, events)
            return
        self._ask_spend(state, d, "brawl", events)

    def _brawl_answer(self, state: State, dice: list[str], knives: int, events: list[Event]) -> None:
        """The opponent's roll: their triple wins (the mover rolled none); else most knives; a tie rolls
        again, supplies and all, until someone wins (RB: "Ties are unacceptable")."""
        a, d = state.brawl
        sa, sd = state.slashers[a], state.slashers[d]
        xa, xd = state.brawl_knives, dice.count(R.KNIFE) + knives
        facts = {
            "seat": sa.seat,
            "name": sa.name,
            "other": sd.seat,
            "other_name": sd.name,
            "dice": list(state.brawl_roll),
            "other_dice": dice,
            "knives": xa,
            "other_knives": xd,
            "round": state.brawl_rounds,
        }
        state.brawl_roll, state.brawl_knives = [], 0
        if triple(dice):
            self._brawl_won(state, d, a, "triple", facts, events)
        elif xa != xd:
            big = max(xa, xd) >= R.BRAWL_BIG_KNIVES
            winner, loser = (a, d) if xa > xd else (d, a)
            self._brawl_won(state, winner, loser, "six" if big else "knives", facts, events)
        else:
            events.append(Event("brawl_tied", state.turn_no, "brawl", facts))
            self._ask_spend(state, a, "brawl", events)

    def _brawl_won(
        self, state: State, winner: int, loser: int, how: str, facts: dict, events: list[Event]
    ) -> None:
        """RB Ways to Win a Brawl: the loser loses health (more for a triple or six knives), gives a
        souvenir for a triple, and returns to the nearest starting point."""
        sw, sl = state.slashers[winner], state.slashers[loser]
        state.brawl_roll, state.brawl_knives = [], 0
        events.append(
            Event(
                "brawl_won",
                state.turn_no,
                "brawl",
                {
                    **facts,
                    "winner": sw.seat,
                    "winner_name": sw.name,
                    "loser": sl.seat,
                    "loser_name": sl.name,
                    "how": how,
                },
            )
        )
        if how == "triple" and sl.souvenirs:
            for _ in range(min(R.BRAWL_SOUVENIRS, len(sl.souvenirs))):
                sw.souvenirs.append(sl.souvenirs.pop())
            events.append(
                Event(
                    "souvenir_stolen",
                    state.turn_no,
                    "brawl",
                    {
                        "seat": sw.seat,
                        "name": sw.name,
                        "loser": sl.seat,
                        "loser_name": sl.name,
                        "total": len(sw.souvenirs),
                    },
                )
            )
        loss = R.BRAWL_BIG_LOSS if how in ("triple", "six") else R.BRAWL_LOSS
        self._hurt(state, loser, loss, sw.name, events)
        if sl.alive:
            self._to_start(state, loser, events)
        self._check_end(state, events)
        self._brawl_over(state, winner, events)

    def _brawl_over(self, state: State, winner: int, events: list[Event]) -> None:
        """The brawl is settled: its supply noise now (RB Brawls and Noise: the winner fights a Hero it calls),
        then the mover's turn goes on only if the mover won."""
        if state.result:
            return
        after = "end" if winner != state.current else state.brawl_after
        state.brawl = []
        state.brawl_after = ""
        noise, state.brawl_noise = state.brawl_noise, 0
        if noise and self._noise(state, noise, winner, events):
            self._hero_fight(state, winner, after, events)
            return
        self._resume(state, after, events)

    # -- Bonus Tracks -------------------------------------------------------------------------------

    def _bonus(self, state: State, events: list[Event]) -> None:
        s = state.slashers[state.current]
        cid = state.bonus.draw(state.rng)
        state.bonus.discard(cid)
        card = R.BONUS[cid]
        events.append(
            Event(
                "bonus_drawn",
                state.turn_no,
                "bonus",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "card": card.name,
                    "effect": card.effect,
                    "amount": card.amount,
                    "location": B.locations[card.location].name if card.location else "",
                },
            )
        )
        e = card.effect
        if e == "heal":
            s.health = min(R.HEALTH, s.health + card.amount)
        elif e == "hurt":
            self._hurt(state, state.current, card.amount, card.name, events)
        elif e == "noise":
            if self._noise(state, card.amount, state.current, events):
                self._hero_fight(state, state.current, "end", events)
                return
        elif e == "supply":
            self._receive_supply(state, state.current, state.supplies.draw(state.rng), "end", events)
            return
        elif e == "souvenir":
            pick = [i for i, t in enumerate(state.bank) if not R.is_runner(t)]
            if pick:
                s.souvenirs.append(state.bank.pop(pick[state.rng.below(len(pick))]))
            self._check_end(state, events)
        elif e == "lose_souvenir":
            if s.souvenirs:
                state.bank.append(s.souvenirs.pop())
        elif e in ("lock_yellow", "lock_red"):
            self._lock_location(state, card.location, e[5:], events)
        elif e == "others_hurt":
            for i in self._alive(state):
                if i != state.current:
                    self._hurt(state, i, card.amount, card.name, events)
            self._check_end(state, events)
        elif e == "again":
            self._roll_move(state, events)
            return
        elif e == "edge":
            s.edge += card.amount
        elif e == "skip":
            s.skip = True
        elif e == "drop_supply":
            if s.supply:
                state.supplies.discard(s.supply)
                s.supply = ""
                s.trackers = 0
        elif e == "steal":
            near = self._nearest_rival(state, card.amount, lambda o: bool(o.souvenirs))
            if near >= 0:
                o = state.slashers[near]
                s.souvenirs.append(o.souvenirs.pop())
                events.append(
                    Event(
                        "souvenir_stolen",
                        state.turn_no,
                        "bonus",
                        {
                            "seat": s.seat,
                            "name": s.name,
                            "loser": o.seat,
                            "loser_name": o.name,
                            "total": len(s.souvenirs),
                        },
                    )
                )
                self._check_end(state, events)
        elif e in ("move_any", "swap"):
            state.pick = e
            state.phase = BONUS_PICK
            if self.decision(state).options:
                return
            state.pick = ""
        elif e == "brawl_nearest":
            near = self._nearest_rival(state, card.amount, lambda o: B.kind.get(o.at) != START)
            if near >= 0:
                self._start_brawl(state, state.current, near, "end", events)
                return
        self._end_turn(state, events)

    def _anywhere_options(self, state: State) -> list[Option]:
        """Every location but the one you stand in, unless both its entrances are locked."""
        here = state.slashers[state.current].at
        out = []
        for loc in R.LOCATIONS:
            place = B.locations[loc]
            if loc == here or all(e in state.locks for e in place.entrances):
                continue
            n = len(state.markers[loc])
            what = f"{n} marker{'s' if n != 1 else ''}" if n else "empty"
            out.append(Option(f"to:{loc}", f"{place.name} ({what})", aliases=(loc,)))
        return out

    def _bonus_pick(self, state: State, key: str, events: list[Event]) -> None:
        s = state.slashers[state.current]
        state.pick = ""
        if key.startswith("to:"):
            s.at = key[3:]
            events.append(
                Event(
                    "bonus_moved",
                    state.turn_no,
                    "bonus",
                    {"seat": s.seat, "name": s.name, "place": B.place(s.at)},
                )
            )
            self._arrive(state, events)
            return
        o = next(x for x in state.slashers if x.seat == key[5:])
        s.at, o.at = o.at, s.at
        events.append(
            Event(
                "places_swapped",
                state.turn_no,
                "bonus",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "other": o.seat,
                    "other_name": o.name,
                    "place": B.place(s.at),
                    "other_place": B.place(o.at),
                },
            )
        )
        self._end_turn(state, events)

    def _nearest_rival(self, state: State, reach: int, ok) -> int:
        """The living rival fewest steps away within `reach` that passes `ok` (ties: turn order), or -1."""
        s = state.slashers[state.current]
        dist = B.distances(s.at, through=B.locations)
        best, best_d = -1, reach + 1
        pos = state.order.index(state.current)
        for k in range(1, len(state.order)):
            i = state.order[(pos + k) % len(state.order)]
            o = state.slashers[i]
            if o.alive and o.at and ok(o) and dist.get(o.at, 99) < best_d:
                best, best_d = i, dist[o.at]
        return best

    # -- Special Abilities --------------------------------------------------------------------------

    def _ability(self, state: State, target: str, events: list[Event]) -> None:
        """Flip the Special Ability token and do what the slasher's ability says (once per game)."""
        who = state.current
        s = state.slashers[who]
        s.used = True
        a = s.ability
        facts = {"seat": s.seat, "name": s.name, "ability": a, "health": s.health}
        rivals = [i for i in self._alive(state) if i != who]
        if a == "drowned":
            s.at = target
            facts["location"] = B.locations[target].name
        events.append(Event("ability_used", state.turn_no, "turn", facts))
        if a == "legend":
            s.edge = R.LEGEND_KNIVES
        elif a == "nightmare":
            for i in rivals:
                self._hurt(state, i, R.NIGHTMARE_DAMAGE, s.name, events)
        elif a == "ravenous" and rivals:
            top = max(rivals, key=lambda i: (len(state.slashers[i].souvenirs), -state.order.index(i)))
            self._hurt(state, top, R.RAVENOUS_DAMAGE, s.name, events)
        elif a == "thorne":
            for i in rivals:
                o = state.slashers[i]
                if o.supply:
                    state.supplies.discard(o.supply)
                    o.supply = ""
                    o.trackers = 0
        elif a == "mother":
            s.health = R.HEALTH
        elif a == "jingles":
            state.meter = 0
        elif a == "prom":
            pick = [i for i, t in enumerate(state.bank) if not R.is_runner(t)]
            if pick:
                s.souvenirs.append(state.bank.pop(pick[state.rng.below(len(pick))]))
            self._check_end(state, events)
        elif a == "patches":
            self._receive_supply(state, who, state.supplies.draw(state.rng), "turn", events)
            return
        elif a == "drowned":
            self._arrive(state, events)
            return
        self._check_end(state, events)
        self._resume(state, "turn", events)

    # -- health, death, the end ---------------------------------------------------------------------

    def _hurt(self, state: State, who: int, n: int, by: str, events: list[Event]) -> None:
        s = state.slashers[who]
        if state.result or not s.alive or n <= 0:
            return
        s.health = max(0, s.health - n)
        events.append(
            Event(
                "hurt",
                state.turn_no,
                "health",
                {"seat": s.seat, "name": s.name, "amount": n, "health": s.health, "by": by},
            )
        )
        if s.health > 0:
            return
        if s.supply and R.supply(s.supply).kind == "revive":
            kind = R.supply(s.supply)
            state.supplies.discard(s.supply)
            s.supply = ""
            s.trackers = 0
            s.health = kind.amount
            events.append(
                Event(
                    "revived",
                    state.turn_no,
                    "health",
                    {"seat": s.seat, "name": s.name, "card": kind.name, "health": s.health},
                )
            )
            self._to_start(state, who, events)
            return
        if s.ability == "stitches" and not s.used:
            s.used = True
            s.health = R.RESURRECT_HEALTH
            events.append(
                Event(
                    "ability_used",
                    state.turn_no,
                    "health",
                    {"seat": s.seat, "name": s.name, "ability": s.ability, "health": s.health},
                )
            )
            self._to_start(state, who, events)
            return
        s.alive = False
        s.at = ""
        if s.supply:
            state.supplies.discard(s.supply)
        if s.key:
            state.supplies.discard(s.key)
        s.supply = s.key = ""
        s.trackers = 0
        events.append(
            Event(
                "slasher_died",
                state.turn_no,
                "health",
                {"seat": s.seat, "name": s.name, "souvenirs": len(s.souvenirs), "by": by},
            )
        )
        self._check_end(state, events)

    def _to_start(self, state: State, who: int, events: list[Event], origin: str = "") -> None:
        """RB: "return to the nearest starting point", whoever holds it (the rulebook sets no limit of one
        slasher a starting point); equally near ones go by board order (designed)."""
        s = state.slashers[who]
        where = origin or s.at or B.starts[0]
        s.at = B.nearest(where, B.starts) or B.starts[0]
        events.append(
            Event(
                "sent_to_start",
                state.turn_no,
                "move",
                {"seat": s.seat, "name": s.name, "place": B.place(s.at)},
            )
        )

    def _check_end(self, state: State, events: list[Event]) -> None:
        if state.result:
            return
        alive = self._alive(state)
        rich = [state.slashers[i] for i in alive if len(state.slashers[i].souvenirs) >= state.goal]
        if rich:
            self._finish(state, [rich[0].seat], "souvenirs", events)
        elif len(alive) == 1:
            self._finish(state, [state.slashers[alive[0]].seat], "last", events)
        elif not alive:
            self._finish(state, [], "none", events)

    def _finish(self, state: State, winners: list[str], why: str, events: list[Event]) -> None:
        state.result = "won" if PERSON in winners else "lost"
        state.winners = winners
        state.phase = OVER
        names = [x.name for x in state.slashers if x.seat in winners]
        reasons = {
            "souvenirs": f"{' and '.join(names)} collected {state.goal} souvenirs.",
            "last": f"{' and '.join(names)} is the last slasher standing.",
            "none": "Every slasher in Tall Oaks is dead.",
        }
        state.reason = reasons[why]
        events.append(
            Event(
                "game_over",
                state.turn_no,
                "end",
                {"winners": winners, "names": names, "why": why, "result": state.result, "person": PERSON},
            )
        )

    # -- messages -----------------------------------------------------------------------------------

    def _refusal(self, state: State, lid: str) -> str:
        """Why a move may not end in this location now (it is not among the stops)."""
        s = state.slashers[state.current]
        return _refusal(lid, s.at, sum(state.roll), state.locks, bool(s.key))

    def _illegal(self, state: State, d: Decision, key: str) -> str:
        if state.phase == MOVE and key.startswith("go:"):
            node = key[3:]
            if node in B.locations:
                return self._refusal(state, node)
            if node in B.kind:
                return (
                    f"You cannot end your move on {B.place(node)} with {sum(state.roll)}: you must use the "
                    "whole roll, stopping early only in a location or on a locked entrance."
                )
        if key == "search" and state.phase in (SEARCH, TURN):
            s = state.slashers[state.current]
            if not B.is_location(s.at):
                return "There is nothing to search here: only empty locations may be searched."
            if state.markers[s.at]:
                return "There is a Scene Marker here: a location with a victim is not searched."
            if state.spree:
                return "A Killing Spree goes on with a roll or another scene, not a search."
            return "You searched this location last time; search somewhere else first."
        if state.phase == TARGET:
            names = " or ".join(state.slashers[i].name for i in state.targets)
            return f"That slasher is not within reach: brawl {names}."
        if state.phase == BONUS_PICK and key.startswith("to:") and key[3:] in B.locations:
            return f"{B.locations[key[3:]].name} is locked shut or is where you stand: pick another location."
        if key == "unlock":
            return "There is no lock here to break."
        if key == "scene":
            return "There is no Scene Marker here."
        if key.startswith("spend:"):
            return "You do not have that many Supply Tracker Tokens for this roll."
        shown = key if len(key) <= 40 else key[:40] + "..."
        return f"'{shown}' is not a choice now. Choices: {', '.join(d.keys()[:8])}."


def _count(n: int, icon: str) -> str:
    """'1 knife', '2 knives', '3 fists': a number of die icons in words."""
    if icon == "knife":
        return f"{n} knife" if n == 1 else f"{n} knives"
    return f"{n} {icon}" if n == 1 else f"{n} {icon}s"


def stops_in_order(stops: Mapping[str, int]) -> list[tuple[str, int]]:
    """The stops as the move choice lists them: locations first, then by distance, then by space."""
    return sorted(stops.items(), key=lambda item: (0 if item[0] in B.locations else 1, item[1], item[0]))


def _refusal(lid: str, here: str, total: int, locks, key: bool) -> str:
    name = B.locations[lid].name
    if here == lid:
        return f"You are in {name} already: a move leaves it."
    if not key and all(e in locks for e in B.locations[lid].entrances):
        return f"{name} is locked: stop on its entrance and break the lock first."
    return (
        f"{name} is out of reach with {total}: a move uses the whole roll, stopping early only in a location "
        "or on a locked entrance."
    )


class MoveDecision(Decision, frozen=True):
    """The stop choice after a roll, carrying what a screen needs to say why a location that is not a stop is
    refused (answering 'farm' with the reason rather than with 'unknown'): where the mover stands, the roll,
    the locked entrances and whether the mover holds a Skeleton Key."""

    here: str = ""
    total: int = 0
    locks: tuple[str, ...] = ()
    key: bool = False

    def refusal(self, lid: str) -> str | None:
        """The reason, or None when the location is one of the stops."""
        if f"go:{lid}" in self.keys():
            return None
        return _refusal(lid, self.here, self.total, self.locks, self.key)


_STOP_OPTIONS: dict[tuple[str, int, int | str], Option] = {}


def _stop_option(node: str, dist: int, detail: int | str) -> Option:
    """A move option, built once per stop, distance and what is there (a location's markers, a lock)."""
    memo = (node, dist, detail)
    found = _STOP_OPTIONS.get(memo)
    if found is not None:
        return found
    if node in B.locations:
        extra = f", {detail} marker{'s' if detail != 1 else ''}" if detail else ", empty"
    elif detail:
        extra = f", {detail} lock"
    elif B.kind[node] == ROAD:
        near, away = B.landmark(node)
        extra = f", {away} from {B.locations[near].name}"
    else:
        extra = ""
    found = _STOP_OPTIONS[memo] = Option(
        f"go:{node}", f"{B.place(node)} ({dist} step{'s' if dist != 1 else ''}{extra})", aliases=(node,)
    )
    return found


GAME = MixtapeMassacre()
