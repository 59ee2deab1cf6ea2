"""The rules of Mixtape Massacre: Escape From Tall Oaks: survivors race to rescue, finish the Tasks and escape.

Every automatic step (dice, draws, fights) runs inside `apply` up to the next decision. Steps that a decision
may interrupt (a supply spend before a roll, a keep choice, a scuffle) leave a tag in `state.after` naming
what comes next, and `_resume` / `_after_scuffle` pick the flow up from it: "end", "noise" (make the spent
supplies' noise, then end), "card" (resolve the Killer Scene after a won fight), "won:<kind>:<after>" (the
prize of a fight won by Triple Actions, after its free supply) and "escaped" (a Triple-Escape flight: the turn
ends after any scuffle). How a roll of the Action Dice reads, combos first, is in readings.py; what a
survivor's ability changes is asked of abilities.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import product

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
from engines.mixtape.board import BONUS, START
from engines.mixtape.dealing import deal
from engines.mixtape.dice import triple
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.readings import read
from engines.mixtape.tall_oaks.state import (
    KEEP,
    MOVE,
    OVER,
    REDRAW,
    SCUFFLE,
    SPEND,
    START_POINT,
    TASK,
    TRAITOR,
    TURN,
    State,
    Survivor,
    SurvivorView,
    View,
)

B = R.BOARD
SHORTCUTS = tuple(sorted(R.MULTI_ENTRANCE))
STARTS = frozenset(B.starts)
SEATS = tuple(f"survivor{i}" for i in range(1, 7))
PERSON = SEATS[0]
TURN_WORDS = frozenset({"roll", "draw", "task", "search", "final", "heal"})
"""The start-of-turn choices a player may name at any time (the REPL passes them on; refusals say why)."""
RELEVANT = {
    "rescue": (R.ACTION,),
    "invaders": (R.ACTION,),
    "defend": (R.SHIELD,),
    "fight": (R.ACTION, R.ESCAPE),
}


@lru_cache(maxsize=8192)
def _stops(start: str, roll: int, through: tuple[str, ...]) -> dict[str, int]:
    """The board's stops for a roll; the board never changes, so the answer is cached (read-only)."""
    return B.stops(start, roll, through=through)


@lru_cache(maxsize=8192)
def _move_stops(
    start: str, roll: int, through: tuple[str, ...], held: tuple[str, ...], short: int
) -> dict[str, int]:
    """Where a roll may end: the board's stops (and `short` steps fewer for Linda), never on a starting point
    another survivor holds. Cached, and copied by the caller before it goes into a state."""
    stops = _stops(start, roll, through)
    if short and roll > short:
        stops = {**_stops(start, roll - short, through), **stops}
    return {n: v for n, v in stops.items() if not (n in held and B.kind.get(n) == START)}


@lru_cache(maxsize=8192)
def _nearest(start: str, candidates: tuple[str, ...]) -> str | None:
    """The board's nearest candidate (the board never changes, so the answer is cached)."""
    return B.nearest(start, candidates)


@lru_cache(maxsize=4096)
def _most(name: str, held: tuple[tuple[str, int], ...]) -> dict[str, tuple[int, int, int, int]]:
    """Kind of roll -> its bonus with every token of the held supplies (card, tokens left) that helps it
    spent. Cached (a view asks at every decision, and hands change rarely), so the dict is shared: views
    only read it."""
    out = {}
    for purpose, kinds in RELEVANT.items():
        chosen = {}
        for c, left in held:
            kind = R.supply(c)
            if kind.kind in kinds:
                chosen[c] = 1 if kind.infinite else left
        out[purpose] = EscapeFromTallOaks.roll_bonus(name, purpose, chosen)
    return out


def _spend_keys(
    cards: list[tuple[str, int]] | tuple[tuple[str, int], ...],
) -> list[tuple[str, dict[str, int]]]:
    """Every way to spend tokens from (card, most tokens) pairs, as (key, card -> tokens), none first."""
    out = []
    for counts in product(*(range(most + 1) for _, most in cards)):
        chosen = {c: n for (c, _), n in zip(cards, counts, strict=True) if n}
        key = ",".join(f"{c}x{n}" for c, n in chosen.items()) or "none"
        out.append((key, chosen))
    return out


@lru_cache(maxsize=4096)
def _spend_options(cards: tuple[tuple[str, int], ...], purpose: str) -> tuple[Option, ...]:
    """The spend choices for the supplies that help a roll (cached: options are frozen, so they are shared)."""
    opts = []
    for key, chosen in _spend_keys(cards):
        if not chosen:
            opts.append(Option("spend:none", "roll without supplies", aliases=("0", "none")))
            continue
        parts = []
        for c, n in chosen.items():
            kind = R.supply(c)
            noise = f", {kind.noise * n} noise" if kind.noise and purpose != "fight" else ""
            gain = kind.amount * n
            parts.append(f"{kind.name} x{n} (+{gain} {kind.kind.title()}{'' if gain == 1 else 's'}{noise})")
        opts.append(Option(f"spend:{key}", "; ".join(parts)))
    return tuple(opts)


def _action_dice(rng: Rng) -> list[str]:
    """Three Action Dice, sorted. With six faces, `d6s` draws exactly what `choice` would (the same PCG32
    draws, the same rejection of the top of the range), only faster."""
    faces = R.ACTION_FACES
    if len(faces) == 6:
        return sorted([faces[d - 1] for d in rng.d6s(R.ACTION_DICE)])
    return sorted([rng.choice(faces) for _ in range(R.ACTION_DICE)])


_OPTIONS_FOR: dict[int, tuple[dict[str, int], tuple[Option, ...]]] = {}
"""Move options by the identity of a state's stops dict (they come from `_move_stops`'s cache)."""


@lru_cache(maxsize=64)
def _roll_prompt(roll: tuple[int, ...]) -> str:
    return f"You rolled {' and '.join(str(d) for d in roll)} ({sum(roll)}). Where to?"


@lru_cache(maxsize=8192)
def _move_options(stops: tuple[tuple[str, int], ...]) -> tuple[Option, ...]:
    """The move choices for a set of stops, locations first (options are frozen, so they can be shared)."""
    out = []
    for node, steps in sorted(stops, key=lambda item: (item[0] not in B.locations, item[0])):
        out.append(
            Option(f"go:{node}", f"{place(node)} ({steps} step{'s' if steps != 1 else ''})", aliases=(node,))
        )
    return tuple(out)


class EscapeFromTallOaks:
    id = "escape-from-tall-oaks"
    title = "Mixtape Massacre: Escape From Tall Oaks"
    rules_version = "4"
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

    @property
    def achievements(self) -> dict[str, str]:
        """A designed sheet (the rulebook has none): id -> text, in its order."""
        from engines.mixtape.tall_oaks.achievements import TEXT

        return TEXT

    def earned(self, log: list[Event]) -> list[str]:
        """The achievements a finished run's events earn for the person's seat."""
        from engines.mixtape.tall_oaks.achievements import earned

        return earned(log)

    @property
    def policies(self):
        from engines.mixtape.tall_oaks import policies

        return policies.POLICIES

    # -- the contract -------------------------------------------------------------------------------

    def setup(self, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
        opts = resolve_options(self, options or {})
        n = 1 + int(opts["rivals"])
        rng = Rng.from_seed(seed)
        pick = opts["survivor"]
        chosen = None if pick == "random" else next(x for x in R.SURVIVOR_NAMES if x.lower() == pick)
        names = deal(rng, list(R.SURVIVOR_NAMES), chosen)
        supplies = list(R.SUPPLY_CARDS)
        bats = [c for c in supplies if c.split(".")[0] == R.BAT][:n]
        for c in bats:
            supplies.remove(c)
        finals = list(R.FINAL_SCENES)
        rng.shuffle(finals)
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
            scenes=Deck.shuffled(list(R.SCENES), rng),
            supplies=Deck.shuffled(supplies, rng),
            bonus=Deck.shuffled(list(R.BONUS), rng),
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

    def decision(self, state: State) -> Decision | None:
        if state.result:
            return None
        phase = state.phase
        s = state.survivors
        if phase == START_POINT:
            free = [p for p in B.starts if not self._on_start(state, p)]
            return Decision(
                s[state.placing].seat,
                "start",
                "Choose your starting point.",
                tuple(Option(f"start:{p}", place(p), aliases=(p,)) for p in free),
            )
        cur = s[state.current]
        if phase == TURN:
            return Decision(cur.seat, "turn", "Your turn. What now?", tuple(self._turn_options(state)))
        if phase == MOVE:
            return Decision(cur.seat, "move", _roll_prompt(tuple(state.roll)), self._move_options(state))
        if phase == SPEND:
            return self._spend_decision(state)
        if phase == KEEP:
            k = s[state.keeper]
            new = R.supply(state.drawn).name
            opts = [
                Option(f"drop:{c}", f"let go of the {R.supply(c).name}", aliases=(c,)) for c in k.supplies
            ]
            opts += [
                Option(
                    f"drop:task:{t}", f"take Task #{t} back to the Rec Center pile", aliases=(f"task {t}",)
                )
                for t in self._droppable_tasks(state, k, state.after)
            ]
            opts.append(Option(f"drop:{state.drawn}", f"leave the {new}", aliases=("new", "leave")))
            found = f"{R.article(state.drawn)} {new}"
            return Decision(k.seat, "keep", f"You found {found} but your hands are full.", tuple(opts))
        if phase == TRAITOR:
            return Decision(
                cur.seat,
                "traitor",
                "You hold the Traitor card: use it now against a rival (it ends your turn).",
                tuple(Option(k, label) for k, label in self.traitor_options(state)),
            )
        if phase == REDRAW:
            return Decision(
                cur.seat,
                "redraw",
                "Triple Shields: the card is beaten. Draw another Killer Scenes card here now?",
                (
                    Option("redraw", "draw another Killer Scenes card now", aliases=("draw", "yes", "d")),
                    Option("redraw:no", "stay, and draw next turn", aliases=("no", "stay")),
                ),
            )
        if phase == SCUFFLE:
            opts = [
                Option(f"scuffle:{o.seat}", f"scuffle with {o.name}", aliases=(o.name.lower(),))
                for o in (s[i] for i in self.scuffle_targets(state))
            ]
            opts.append(Option("scuffle:no", "leave them be", aliases=("no",)))
            return Decision(cur.seat, "scuffle", "A rival survivor is right here. Scuffle?", tuple(opts))
        if phase == TASK:
            top = state.center[-1]
            opts = []
            if self._free_slots(cur) > 0:
                opts.append(Option("task:take", f"take Task #{top}", aliases=("take",)))
            else:
                opts += [
                    Option(
                        f"task:swap:{c}", f"drop the {R.supply(c).name} and take Task #{top}", aliases=(c,)
                    )
                    for c in cur.supplies
                ]
            opts.append(Option("task:leave", "leave the Task cards", aliases=("leave", "no")))
            return Decision(cur.seat, "task", f"Task #{top} waits on top of the pile. Take it?", tuple(opts))
        return None

    def apply(self, state: State, key: str, decision: Decision | None = None) -> list[Event]:
        d = decision or self.decision(state)
        if d is None:
            raise IllegalMove("The game is over; there is nothing left to decide.")
        if state.phase == MOVE:  # the move options are the stops: no need to list the keys
            if not (key.startswith("go:") and key[3:] in state.stops):
                raise IllegalMove(self._illegal(state, d, key))
        elif key not in d.keys():  # noqa: SIM118 (Decision.keys is a method)
            raise IllegalMove(self._illegal(state, d, key))
        events: list[Event] = []
        phase = state.phase
        if phase == START_POINT:
            self._place_start(state, key[6:], events)
        elif phase == TURN:
            self._turn_choice(state, key, events)
        elif phase == MOVE:
            self._move(state, key[3:], events)
        elif phase == SPEND:
            self._spend(state, key[6:], events)
        elif phase == KEEP:
            self._keep(state, key[5:], events)
        elif phase == TASK:
            self._task_choice(state, key[5:], events)
        elif phase == TRAITOR:
            self._betray(state, key.split(":"), events)
        elif phase == REDRAW:
            state.phase = TURN
            if key == "redraw":
                self._scene(state, events)
            else:
                self._end_turn(state, events)
        elif phase == SCUFFLE:
            if key == "scuffle:no":
                self._after_scuffle(state, events)
            else:
                seat = key[8:]
                self._scuffle(state, next(i for i, o in enumerate(state.survivors) if o.seat == seat), events)
        return events

    def outcome(self, state: State) -> Outcome | None:
        if not state.result:
            return None
        return Outcome(state.result, tuple(state.winners), state.reason)

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
            self._seat_spends(state, seat),
            self._seat_most(state, seat),
        )

    @staticmethod
    def roll_bonus(name: str, purpose: str, chosen: Mapping[str, int]) -> tuple[int, int, int, int]:
        """(Actions, Shields, Escapes, noise) an action roll gets from the supplies spent and the survivor's
        ability, the noise as the meter takes it (none in a fight; a quieter ability counted): what a view offers
        its screens, so they never add the bonus up themselves. The same sums as `_roll_action`."""
        bonus = {R.ACTION: 0, R.SHIELD: 0, R.ESCAPE: 0}
        noise = 0
        for c, n in chosen.items():
            kind = R.supply(c)
            bonus[kind.kind] += kind.amount * n
            noise += kind.noise * n
        icon, gift = A.roll_bonus(name)
        if icon:
            bonus[icon] += gift
        made = 0 if purpose == "fight" else A.quieter(name, noise)
        return bonus[R.ACTION], bonus[R.SHIELD], bonus[R.ESCAPE], made

    def _seat_spends(self, state: State, seat: str) -> dict[str, tuple[int, int, int, int]]:
        """The pending spend's choices and their bonus, for the spender's own view (empty for anyone else)."""
        if state.phase != SPEND or state.spender < 0 or state.survivors[state.spender].seat != seat:
            return {}
        x = state.survivors[state.spender]
        return {
            f"spend:{key}": self.roll_bonus(x.name, state.purpose, chosen)
            for key, chosen in self.spend_keys(x, state.purpose)
        }

    def _seat_most(self, state: State, seat: str) -> dict[str, tuple[int, int, int, int]]:
        """This seat's bonus for each kind of action roll with every token that helps it spent."""
        for x in state.survivors:
            if x.seat == seat:
                return _most(x.name, tuple([(c, x.trackers.get(c, 0)) for c in x.supplies])) if x.alive else {}
        return {}

    def turn(self, state: State) -> int:
        return state.turn_no

    def hint(self, state: State) -> Hint | None:
        from engines.mixtape.tall_oaks import policies

        d = self.decision(state)
        if d is None:
            return None
        return policies.advise(self.view(state, d.seat), d)

    def invariants(self, state: State) -> list[str]:
        from engines.mixtape.tall_oaks.integrity import problems

        return problems(state)

    # -- small questions ----------------------------------------------------------------------------

    def _on_start(self, state: State, node: str, but: int = -1) -> bool:
        return any(x.at == node for i, x in enumerate(state.survivors) if i != but)

    @staticmethod
    def _free_slots(x: Survivor) -> int:
        return A.slots(x.name) - len(x.supplies) - len(x.tasks)

    @staticmethod
    def armed(x: Survivor) -> bool:
        """Holding a weapon (a supply that gives Actions), or Christine's fists."""
        return A.fists(x.name) or any(R.supply(c).kind == R.ACTION for c in x.supplies)

    @staticmethod
    def next_task(state: State) -> int:
        """The lowest Task whose token is still yellow (0 when all four are green)."""
        for i, done in enumerate(state.done):
            if not done:
                return i + 1
        return 0

    def can_complete(self, state: State, x: Survivor, loc: str) -> bool:
        """Holding the next Task here, with the location cleared of its Scene Marker."""
        k = self.next_task(state)
        return bool(k) and k in x.tasks and R.TASK_LOCATIONS[k - 1] == loc and not state.markers.get(loc)

    @staticmethod
    def can_face_final(state: State, x: Survivor, loc: str) -> bool:
        """At the location of your own Final Rescue token, not yet collected, holding five rescue tokens: the
        rulebook's five are needed "in order to turn over their Final Scene and attempt their Final Rescue"."""
        return (
            state.final_tokens.get(loc) == x.seat and not x.final_token and len(x.rescues) >= R.RESCUES_NEEDED
        )

    def can_search(self, state: State, x: Survivor, loc: str) -> bool:
        return (
            loc in R.MARKER_LOCATIONS
            and not state.markers[loc]
            and x.searched != loc
            and state.final_tokens.get(loc, "") == ""
        )

    def _legend_era(self, state: State) -> bool:
        return state.slasher == R.LEGEND

    # -- setup --------------------------------------------------------------------------------------

    def _place_start(self, state: State, point: str, events: list[Event]) -> None:
        x = state.survivors[state.placing]
        x.at = point
        events.append(Event("start_chosen", 0, "setup", {"seat": x.seat, "name": x.name, "space": point}))
        state.placing += 1
        if state.placing < len(state.survivors):
            return
        # Rulebook, Traveling: each rolls the movement dice, the highest goes first; ties roll again.
        contenders = list(range(len(state.survivors)))
        rolls: dict[str, list[int]] = {}
        while len(contenders) > 1:
            totals = {}
            for i in contenders:
                total = sum(state.rng.d6s(R.MOVEMENT_DICE))
                rolls.setdefault(state.survivors[i].seat, []).append(total)
                totals[i] = total
            top = max(totals.values())
            contenders = [i for i in contenders if totals[i] == top]
        first = contenders[0]
        n = len(state.survivors)
        state.order = [(first + k) % n for k in range(n)]
        fx = state.survivors[first]
        events.append(Event("opening_roll", 0, "setup", {"rolls": rolls, "first": fx.seat, "name": fx.name}))
        self._begin_turn(state, first, events)

    # -- turns --------------------------------------------------------------------------------------

    def _begin_turn(self, state: State, who: int, events: list[Event]) -> None:
        state.current = who
        state.turn_no += 1
        state.phase = TURN
        state.card = state.purpose = state.fight = state.after = ""
        state.roll = []
        state.stops = {}
        x = state.survivors[who]
        events.append(
            Event("turn_started", state.turn_no, TURN, {"seat": x.seat, "name": x.name, "health": x.health})
        )
        if A.has(x.name, "revive") and x.health <= R.INJURED:
            # Specs (designed within the rulebook's "reviving Health"): heals at the start of his turn.
            x.health += R.ABILITIES[x.name].amount
            self._ability(state, x, "revive", events, n=R.ABILITIES[x.name].amount, health=x.health)
        if x.traitors:
            if self.traitor_options(state):
                state.phase = TRAITOR  # Rulebook, Traitor Card: used at the start of the turn
            else:
                state.supplies.discard(x.traitors.pop())  # designed: nobody left to betray
        if state.phase == TURN and not self._turn_choice_here(state, x):
            # Designed: with nothing to choose but the roll, the movement dice are rolled at once.
            self._roll_move(state, events)

    def _ability(self, state: State, x: Survivor, kind: str, events: list[Event], **facts: object) -> None:
        events.append(
            Event(
                "ability",
                state.turn_no,
                state.phase,
                {"seat": x.seat, "name": x.name, "ability": kind, **facts},
            )
        )

    def _turn_choice_here(self, state: State, x: Survivor) -> bool:
        """Anything to choose at the start of a turn besides the roll (the same tests as _turn_options)."""
        here = x.at
        if here in B.locations:  # markers, Final Rescue tokens, Tasks and searches are all in locations
            if state.markers.get(here) or self.can_face_final(state, x, here):
                return True
            if self.can_complete(state, x, here) or self.can_search(state, x, here):
                return True
        return x.health < R.HEALTH and any(R.supply(c).kind == "health" for c in x.supplies)

    def _turn_options(self, state: State) -> list[Option]:
        x = state.survivors[state.current]
        dice = 1 if x.health <= R.INJURED else R.MOVEMENT_DICE
        opts = [
            Option("roll", f"roll {dice} movement {'die' if dice == 1 else 'dice'}", aliases=("r", "move"))
        ]
        here = x.at
        if state.markers.get(here):
            opts.append(Option("draw", "draw a Killer Scenes card here", aliases=("d", "scene")))
        if self.can_complete(state, x, here):
            opts.append(Option("task", f"complete Task #{self.next_task(state)} here", aliases=("t",)))
        if self.can_search(state, x, here):
            opts.append(Option("search", "roll the Search Die here", aliases=("s",)))
        if self.can_face_final(state, x, here):
            opts.append(Option("final", "face your Final Scene here", aliases=("f",)))
        if x.health < R.HEALTH:
            for c in x.supplies:
                kind = R.supply(c)
                if kind.kind == "health":
                    opts.append(
                        Option(f"heal:{c}", f"use the {kind.name} (+{kind.amount} health)", aliases=(c,))
                    )
        return opts

    def _turn_choice(self, state: State, key: str, events: list[Event]) -> None:
        x = state.survivors[state.current]
        if key == "roll":
            self._roll_move(state, events)
        elif key == "draw":
            self._scene(state, events)
        elif key == "task":
            self._task_here(state, events)
        elif key == "search":
            self._search(state, events)
        elif key == "final":
            self._start_fight(state, state.current, "final", "end", events)
        elif key.startswith("heal:"):
            card = key[5:]
            kind = R.supply(card)
            gained = min(kind.amount, R.HEALTH - x.health)
            x.health += gained
            events.append(
                Event(
                    "healed",
                    state.turn_no,
                    TURN,
                    {"seat": x.seat, "name": x.name, "item": kind.name, "n": gained},
                )
            )
            self._use_tracker(state, state.current, card, 1, events)
            if not self._turn_choice_here(state, x):
                self._roll_move(state, events)  # nothing left to choose but the roll

    def _end_turn(self, state: State, events: list[Event]) -> None:
        """The next living survivor's turn. The game ends only with an escape or with nobody left alive (the
        rulebook has no round limit: a game that never ends is the simulator's business, not the rules')."""
        if state.result:
            return
        order, survivors = state.order, state.survivors
        pos = order.index(state.current)
        n = len(order)
        for step in range(1, n + 1):
            nxt = order[(pos + step) % n]
            if not survivors[nxt].alive:
                continue
            if pos + step >= n:
                state.round += 1
            self._begin_turn(state, nxt, events)
            return
        self._finish(state, [], "dead", events)  # nobody is left alive

    # -- moving -------------------------------------------------------------------------------------

    def _through(self, state: State) -> tuple[str, ...]:
        """Empty multi-entrance locations, in sorted order: shortcuts (rulebook, Empty Locations)."""
        markers, tokens, at = state.markers, state.final_tokens, state.slasher_at
        return tuple([lid for lid in SHORTCUTS if not markers.get(lid) and lid not in tokens and at != lid])

    def _roll_move(self, state: State, events: list[Event]) -> None:
        x = state.survivors[state.current]
        dice = 1 if x.health <= R.INJURED else R.MOVEMENT_DICE
        state.roll = state.rng.d6s(dice)
        held = tuple([o.at for o in state.survivors if o is not x and o.at in STARTS])
        short = A.short_step(x.name)  # Linda (designed): she may also stop one step short
        # The cached dict itself: a state's stops are only ever replaced, never changed in place.
        state.stops = _move_stops(x.at, sum(state.roll), self._through(state), held, short)
        events.append(
            Event(
                "moved_roll", state.turn_no, MOVE, {"seat": x.seat, "name": x.name, "roll": list(state.roll)}
            )
        )
        if not state.stops:
            events.append(Event("stuck", state.turn_no, MOVE, {"seat": x.seat, "name": x.name}))
            self._end_turn(state, events)
            return
        state.phase = MOVE

    def _move_options(self, state: State) -> tuple[Option, ...]:
        stops = state.stops
        found = _OPTIONS_FOR.get(id(stops))
        if found is not None and found[0] is stops:  # the same cached, never-changed dict: same options
            return found[1]
        options = _move_options(tuple(stops.items()))
        if len(_OPTIONS_FOR) > 8192:
            _OPTIONS_FOR.clear()
        _OPTIONS_FOR[id(stops)] = (stops, options)  # holding `stops` keeps its id from being reused
        return options

    def _move(self, state: State, node: str, events: list[Event]) -> None:
        x = state.survivors[state.current]
        frm = x.at
        x.at = node
        state.phase = TURN
        events.append(
            Event(
                "moved",
                state.turn_no,
                MOVE,
                {"seat": x.seat, "name": x.name, "from": frm, "to": node, "place": place(node)},
            )
        )
        state.stops = {}
        self._arrive(state, events)

    def _arrive(self, state: State, events: list[Event]) -> None:
        x = state.survivors[state.current]
        here = x.at
        if here not in B.locations and (
            state.slasher_at and state.slasher_at not in B.locations and B.touching(here, state.slasher_at)
        ):
            # Rulebook, Slasher Attacks In Proximity To A Player.
            self._start_fight(state, state.current, "normal", "end", events)
            return
        if here == R.REC and state.helipad and x.final_token:
            self._finish(state, [x.seat], "escape", events)
            return
        if self.scuffle_targets(state):
            state.phase = SCUFFLE
            return
        self._arrive_place(state, events)

    def _arrive_place(self, state: State, events: list[Event]) -> None:
        """What the space or location does once any scuffle is settled."""
        state.phase = TURN
        x = state.survivors[state.current]
        here = x.at
        if here not in B.locations:
            if B.kind[here] == BONUS:
                self._bonus(state, events)
                return
            self._end_turn(state, events)
            return
        if here == R.REC:
            if state.center and (self._free_slots(x) > 0 or x.supplies):
                state.phase = TASK
                return
            self._end_turn(state, events)
            return
        if self.can_face_final(state, x, here):
            self._start_fight(state, state.current, "final", "end", events)
            return
        self._task_waits(state, x, here, events)
        if state.markers.get(here):
            self._scene(state, events)
            return
        if self.can_complete(state, x, here):
            self._task_here(state, events)
            return
        if self.can_search(state, x, here):
            self._search(state, events)
            return
        self._end_turn(state, events)

    def _task_waits(self, state: State, x: Survivor, here: str, events: list[Event]) -> None:
        """Say why a Task card held for this location does not advance on entering: the location is not
        cleared yet (its Scene Marker comes first), or an earlier Task is still undone (rulebook, Acquiring A
        Task: "they cannot be completed before the preceding Task")."""
        if here not in R.TASK_LOCATIONS:
            return
        task = R.TASK_LOCATIONS.index(here) + 1
        if task not in x.tasks or self.can_complete(state, x, here):
            return
        first = self.next_task(state)
        why = "order" if first != task else "marker"
        events.append(
            Event(
                "task_waits",
                state.turn_no,
                TURN,
                {
                    "seat": x.seat,
                    "name": x.name,
                    "task": task,
                    "first": first,
                    "why": why,
                    "place": place(here),
                },
            )
        )

    # -- the Traitor card ---------------------------------------------------------------------------

    def traitor_options(self, state: State) -> list[tuple[str, str]]:
        """(key, label) for every way to use the Traitor card: steal a supply, a Task or a rescue token
        (a stolen supply or Task needs a free slot: designed), or send a rival to a starting point."""
        x = state.survivors[state.current]
        room = self._free_slots(x) > 0
        out = []
        for o in state.survivors:
            if o is x or not o.alive:
                continue
            out.append((f"traitor:{o.seat}:start", f"send {o.name} to the nearest starting point"))
            if o.rescues:
                out.append((f"traitor:{o.seat}:rescue", f"steal a rescue token from {o.name}"))
            if room:
                for c in o.supplies:
                    out.append((f"traitor:{o.seat}:supply:{c}", f"steal {o.name}'s {R.supply(c).name}"))
                for t in o.tasks:
                    out.append((f"traitor:{o.seat}:task:{t}", f"steal Task #{t} from {o.name}"))
        return out

    def _betray(self, state: State, parts: list[str], events: list[Event]) -> None:
        x = state.survivors[state.current]
        i = next(n for n, o in enumerate(state.survivors) if o.seat == parts[1])
        o = state.survivors[i]
        act, item = parts[2], ""
        if act == "start":
            # The traitor event says where the rival ends up: the move itself needs no line of its own.
            self._to_start(state, i, [])
            item = place(o.at)
        elif act == "rescue":
            x.rescues.append(o.rescues.pop())
        elif act == "supply":
            card = parts[3]
            o.supplies.remove(card)
            left = o.trackers.pop(card, 0)
            x.supplies.append(card)
            if left:
                x.trackers[card] = left
            item = R.supply(card).name
        else:
            task = int(parts[3])
            o.tasks.remove(task)
            x.tasks.append(task)
            item = f"Task #{task}"
        state.supplies.discard(x.traitors.pop())
        events.append(
            Event(
                "traitor",
                state.turn_no,
                TRAITOR,
                {
                    "seat": x.seat,
                    "name": x.name,
                    "other": o.seat,
                    "other_name": o.name,
                    "act": act,
                    "item": item,
                },
            )
        )
        self._flip_ready(state, events)  # a stolen rescue token may be the fifth
        self._end_turn(state, events)

    # -- scuffles -----------------------------------------------------------------------------------

    def scuffle_targets(self, state: State) -> list[int]:
        """Rivals on the same space, a space next to it (not diagonally), or in the same location."""
        x = state.survivors[state.current]
        return [
            i
            for i, o in enumerate(state.survivors)
            if i != state.current and o.alive and o.at and B.touching(x.at, o.at)
        ]

    @staticmethod
    def scuffle_round(mine: list[str], theirs: list[str]) -> tuple[int, str]:
        """One roll of a scuffle: (0 the mover wins, 1 the other wins, -1 tie) and how.

        Rulebook, Scuffles: the first triple wins outright; otherwise the most Actions; ties roll again
        (two triples at once are a tie: designed)."""
        ta, tb = bool(triple(mine)), bool(triple(theirs))
        if ta != tb:
            return (0 if ta else 1), "triple"
        if ta and tb:
            return -1, ""
        a, b = mine.count(R.ACTION), theirs.count(R.ACTION)
        if a == b:
            return -1, ""
        return (0 if a > b else 1), "actions"

    def _scuffle(self, state: State, other: int, events: list[Event]) -> None:
        me = state.current
        x, o = state.survivors[me], state.survivors[other]
        winner, how, rounds = -1, "", 0
        # Rulebook: "Ties are unacceptable. Players continue to roll the 3 (three) Action Dice until someone wins."
        while winner < 0:
            rounds += 1
            mine = _action_dice(state.rng)
            theirs = _action_dice(state.rng)
            winner, how = self.scuffle_round(mine, theirs)
        facts = {"seat": x.seat, "name": x.name, "other": o.seat, "other_name": o.name, "rounds": rounds}
        w, l_ = (me, other) if winner == 0 else (other, me)
        wx, lx = state.survivors[w], state.survivors[l_]
        events.append(
            Event(
                "scuffle",
                state.turn_no,
                SCUFFLE,
                {
                    **facts,
                    "how": how,
                    "winner": wx.seat,
                    "winner_name": wx.name,
                    "loser": lx.seat,
                    "loser_name": lx.name,
                    "token": how == "triple" and bool(lx.rescues),  # a triple takes one, if there is one
                },
            )
        )
        if how == "triple" and lx.rescues:
            for _ in range(min(R.SCUFFLE_TOKENS, len(lx.rescues))):
                wx.rescues.append(lx.rescues.pop())
            self._flip_ready(state, events)  # the winner's fifth rescue token turns the card over at once
        self._hurt(state, l_, R.SCUFFLE_HEALTH, "scuffle", events)
        if lx.alive:
            self._to_start(state, l_, events)
        if w == me:
            self._after_scuffle(state, events)
        else:
            state.after = ""
            self._end_turn(state, events)

    def _after_scuffle(self, state: State, events: list[Event]) -> None:
        """After an escape into a location the turn ends (rulebook, Unique Combos Vs. Slashers); otherwise the
        space or location does its work."""
        if state.after == "escaped":
            state.after = ""
            state.phase = TURN
            self._end_turn(state, events)
            return
        self._arrive_place(state, events)

    # -- Killer Scenes ------------------------------------------------------------------------------

    def _scene(self, state: State, events: list[Event]) -> None:
        x = state.survivors[state.current]
        card = state.scenes.draw(state.rng)
        state.card = card
        sc = R.SCENES[card]
        events.append(
            Event(
                "scene_drawn",
                state.turn_no,
                TURN,
                {
                    "seat": x.seat,
                    "name": x.name,
                    "card": card,
                    "title": sc.title,
                    "kind": sc.kind,
                    "place": place(x.at),
                    "need": sc.actions or sc.shields,
                    "rescues": sc.rescues,
                    "damage": sc.damage,
                    "noise": sc.noise,
                },
            )
        )
        if sc.kind == "here":
            self._discard_scene(state)
            self._start_fight(state, state.current, "normal", "end", events)
            return
        if sc.noise and self._noise(state, sc.noise, state.current, events):
            # Rulebook, Slasher Attacks During Killer Scenes: fight first, then the card if you won.
            self._start_fight(state, state.current, "normal", "card", events)
            return
        self._card(state, events)

    def _discard_scene(self, state: State) -> None:
        if state.card:
            state.scenes.discard(state.card)
            state.card = ""

    def _card(self, state: State, events: list[Event]) -> None:
        x = state.survivors[state.current]
        sc = R.SCENES[state.card]
        if sc.kind == "rescue":
            if not self.armed(x):
                events.append(Event("unarmed", state.turn_no, TURN, {"seat": x.seat, "name": x.name}))
                self._discard_scene(state)
                self._to_start(state, state.current, events)
                self._end_turn(state, events)
                return
            self._ask_spend(state, state.current, "rescue", events)
        elif sc.kind == "defend":
            self._ask_spend(state, state.current, "defend", events)
        elif sc.kind == "invaders":
            self._ask_spend(state, state.current, "invaders", events)
        else:  # late: no defence
            self._discard_scene(state)
            self._hurt(state, state.current, sc.damage, "scene", events)
            self._end_turn(state, events)

    # -- spending and rolling -----------------------------------------------------------------------

    def _spendable(self, x: Survivor, purpose: str) -> list[tuple[str, int]]:
        """(card, most tokens) for each held supply that helps this roll."""
        kinds = RELEVANT[purpose]
        out = []
        for c in x.supplies:
            kind = R.supply(c)
            if kind.kind in kinds:
                out.append((c, 1 if kind.infinite else x.trackers[c]))
        return out

    def spend_keys(self, x: Survivor, purpose: str) -> list[tuple[str, dict[str, int]]]:
        """Every legal spend as (key, card -> tokens)."""
        return _spend_keys(self._spendable(x, purpose))

    def _ask_spend(self, state: State, who: int, purpose: str, events: list[Event]) -> None:
        state.purpose = purpose
        state.spender = who
        if not self._spendable(state.survivors[who], purpose):
            self._roll_action(state, {}, events)
            return
        state.phase = SPEND

    def _spend_decision(self, state: State) -> Decision:
        x = state.survivors[state.spender]
        opts = _spend_options(tuple(self._spendable(x, state.purpose)), state.purpose)
        what = {
            "rescue": "the rescue",
            "defend": "your defence",
            "invaders": "the fight with The Invaders",
            "fight": f"the fight with {self.slasher_name(state)}",
        }[state.purpose]
        return Decision(x.seat, "spend", f"Before you roll for {what}: spend supply tokens?", opts)

    def slasher_name(self, state: State) -> str:
        return R.SLASHERS[state.slasher].name

    def _spend(self, state: State, key: str, events: list[Event]) -> None:
        # The key was checked against the decision's keys: read it back as card -> tokens.
        chosen = (
            {} if key == "none" else {c: int(n) for c, n in (part.rsplit("x", 1) for part in key.split(","))}
        )
        self._roll_action(state, chosen, events)

    def _use_tracker(self, state: State, who: int, card: str, n: int, events: list[Event]) -> None:
        x = state.survivors[who]
        if R.supply(card).infinite:
            return
        x.trackers[card] -= n
        if x.trackers[card] <= 0:
            del x.trackers[card]
            x.supplies.remove(card)
            state.supplies.discard(card)
            events.append(
                Event(
                    "supply_spent",
                    state.turn_no,
                    state.phase,
                    {"seat": x.seat, "name": x.name, "item": R.supply(card).name},
                )
            )

    def _roll_action(self, state: State, chosen: dict[str, int], events: list[Event]) -> None:
        who = state.spender
        x = state.survivors[who]
        purpose = state.purpose
        bonus = {R.ACTION: 0, R.SHIELD: 0, R.ESCAPE: 0}
        noise = 0
        for c, n in chosen.items():
            kind = R.supply(c)
            bonus[kind.kind] += kind.amount * n
            noise += kind.noise * n
        icon, gift = A.roll_bonus(x.name)  # Derrick's Shield, Kimmy's Escape
        if icon:
            bonus[icon] += gift
        armed = self.armed(x)  # a weapon spent to its last token still counts for this roll
        for c, n in chosen.items():
            self._use_tracker(state, who, c, n, events)
        # Rulebook: noise-making weapons do not raise the meter during fights with Slashers.
        state.pending_noise = 0 if purpose == "fight" else noise
        dice = _action_dice(state.rng)
        count = {icon: dice.count(icon) + bonus[icon] for icon in bonus}
        state.phase = TURN
        facts = {
            "seat": x.seat,
            "name": x.name,
            "dice": dice,
            "bonus": [bonus[R.ACTION], bonus[R.SHIELD], bonus[R.ESCAPE]],
            "purpose": purpose,
        }
        events.append(Event("action_roll", state.turn_no, SPEND, facts))
        if purpose == "fight":
            self._resolve_fight(state, dice, count, armed, events)
            return
        sc = R.SCENES[state.card]
        need = sc.shields if purpose == "defend" else sc.actions
        result = read(purpose, dice, count, need)
        if purpose == "rescue":
            self._resolve_rescue(state, result, events)
        elif purpose == "defend":
            self._resolve_defend(state, result, events)
        else:
            self._resolve_invaders(state, result, events)

    def _after_noise(self, state: State, events: list[Event]) -> None:
        """Make the noise of spent supplies; a Slasher it calls is fought now, and the turn ends."""
        if not self._noise_first(state, events):
            self._end_turn(state, events)

    def _noise_first(self, state: State, events: list[Event]) -> bool:
        """Make the pending noise; True when it called the Slasher (the fight has begun and ends the turn)."""
        n, state.pending_noise = state.pending_noise, 0
        x = state.survivors[state.current]
        if x.alive and n and self._noise(state, n, state.current, events):
            self._start_fight(state, state.current, "normal", "end", events)
            return True
        return False

    def _combo(self, state: State, purpose: str, effect: str, events: list[Event]) -> None:
        x = state.survivors[state.current]
        events.append(
            Event(
                "combo",
                state.turn_no,
                TURN,
                {"seat": x.seat, "name": x.name, "purpose": purpose, "effect": effect},
            )
        )

    def _bury_scene(self, state: State) -> None:
        if state.card:
            state.scenes.bury(state.card)
            state.card = ""

    def _flee(self, state: State, draw: bool, events: list[Event]) -> None:
        """Unique combos: move to the nearest other location. `draw`: it does its work at once (a Killer Scene,
        a search); else the turn ends there (after any scuffle: rulebook, Unique Combos Vs. Slashers NOTE)."""
        if draw and self._noise_first(state, events):
            return
        x = state.survivors[state.current]
        dest = _nearest(x.at, tuple(lid for lid in B.locations if lid != x.at)) or x.at
        x.at = dest
        events.append(
            Event("fled", state.turn_no, TURN, {"seat": x.seat, "name": x.name, "place": place(dest)})
        )
        state.phase = TURN
        if draw:
            self._arrive(state, events)
            return
        if dest == R.REC and state.helipad and x.final_token:
            self._finish(state, [x.seat], "escape", events)  # fled straight onto the Helipad
            return
        if self.scuffle_targets(state):
            state.after = "escaped"
            state.phase = SCUFFLE
            return
        self._end_turn(state, events)

    def _resolve_rescue(self, state: State, result: str, events: list[Event]) -> None:
        x = state.survivors[state.current]
        sc = R.SCENES[state.card]
        if result in ("stay", "flee_draw"):
            # Unique combos: bury the card; no return to a starting point.
            self._combo(state, "rescue", result, events)
            self._bury_scene(state)
            if result == "stay":
                self._after_noise(state, events)
            else:
                self._flee(state, True, events)
            return
        self._discard_scene(state)
        ok = result in ("ok", "double")
        n = sc.rescues * (2 if result == "double" else 1)
        if result == "double":
            self._combo(state, "rescue", result, events)
        # The marker is the first token; the rest come from the bank, as many as it still holds (designed:
        # the box has 42 tokens and no more). The event says how many were taken and how many were short.
        extra = min(n - 1, len(state.bank)) if ok else 0
        events.append(
            Event(
                "rescue",
                state.turn_no,
                TURN,
                {
                    "seat": x.seat,
                    "name": x.name,
                    "ok": ok,
                    "title": sc.title,
                    "n": 1 + extra if ok else 0,
                    "short": n - 1 - extra if ok else 0,
                },
            )
        )
        if not ok:
            # Designed order: the card is resolved first (back to a starting point), then the spent supplies'
            # noise, as on a success ("the Slasher would attack after the player collected their souvenirs").
            self._to_start(state, state.current, events)
            self._after_noise(state, events)
            return
        here = x.at
        token = state.markers[here]
        state.markers[here] = ""
        x.rescues.append(token)
        for _ in range(extra):
            x.rescues.append(state.bank.pop())
        state.last_cleared = here
        self._restock(state, events)
        self._flip_ready(state, events)
        self._give_supply(state, state.current, "noise", events)

    def _resolve_defend(self, state: State, result: str, events: list[Event]) -> None:
        x = state.survivors[state.current]
        sc = R.SCENES[state.card]
        if result in ("nothing", "redraw", "flee_draw"):
            self._combo(state, "defend", result, events)
        if result == "flee_draw":
            self._bury_scene(state)
            self._flee(state, True, events)
            return
        self._discard_scene(state)
        ok = result in ("ok", "redraw")
        events.append(
            Event(
                "defended",
                state.turn_no,
                TURN,
                {"seat": x.seat, "name": x.name, "ok": ok, "damage": sc.damage},
            )
        )
        if not ok:
            self._hurt(state, state.current, sc.damage, "scene", events)
        if result == "redraw" and x.alive and state.markers.get(x.at):
            # Unique combo: "The player defeats the card and can redraw another Killer Scenes, Dude card": a
            # choice, once the spent supplies' noise is made (a Slasher it calls is fought first, and ends the
            # turn). Declined, the turn ends as after any defence: draw again next turn.
            if not self._noise_first(state, events):
                state.phase = REDRAW
            return
        self._after_noise(state, events)

    def _resolve_invaders(self, state: State, result: str, events: list[Event]) -> None:
        x = state.survivors[state.current]
        self._discard_scene(state)
        ok = result == "ok"
        events.append(Event("invaders", state.turn_no, TURN, {"seat": x.seat, "name": x.name, "ok": ok}))
        if not ok:
            # Rulebook, The Invaders Card.
            # The current player loses the health and the token, with no health instead of a missing token:
            # "If the player doesn't have a rescue, the player loses 1 health instead" is the other players' line.
            taken = self._lose_rescues(state, state.current, R.INVADERS_TOKENS)
            self._lost(state, state.current, [], taken, "invaders", events)
            self._hurt(state, state.current, R.INVADERS_HEALTH, "invaders", events)
            for i, other in enumerate(state.survivors):
                if i == state.current or not other.alive:
                    continue
                if other.rescues:
                    taken = self._lose_rescues(state, i, R.INVADERS_OTHERS)
                    self._lost(state, i, [], taken, "invaders", events)
                else:
                    self._hurt(state, i, R.INVADERS_OTHERS, "invaders", events)
            if state.done[0] and not all(state.done):
                state.done[0] = False
                state.center = sorted([*state.center, 1], reverse=True)
                events.append(Event("power_out", state.turn_no, TURN, {}))
        self._after_noise(state, events)

    def _lose_rescues(self, state: State, who: int, n: int) -> int:
        x = state.survivors[who]
        lost = 0
        for _ in range(n):
            if x.rescues:
                state.bank.append(x.rescues.pop())
                lost += 1
        return lost

    def _lost(
        self, state: State, who: int, items: list[str], rescues: int, by: str, events: list[Event]
    ) -> None:
        """Say what a survivor lost (supplies by name, rescue tokens by count); nothing lost, nothing said."""
        if not items and not rescues:
            return
        x = state.survivors[who]
        events.append(
            Event(
                "lost",
                state.turn_no,
                state.phase,
                {"seat": x.seat, "name": x.name, "items": items, "rescues": rescues, "by": by},
            )
        )

    # -- the Slasher --------------------------------------------------------------------------------

    def _noise(self, state: State, n: int, who: int, events: list[Event]) -> bool:
        """Raise the Slasher Meter; True when the Slasher comes for `who`."""
        if n <= 0:
            return False
        x = state.survivors[who]
        made = A.quieter(x.name, n)
        if made < n:
            self._ability(state, x, "quiet", events, n=n, made=made)
        n = made
        if n <= 0:
            return False
        if self._legend_era(state) or state.slasher_at:
            events.append(
                Event("noise", state.turn_no, state.phase, {"n": n, "meter": state.meter, "called": True})
            )
            return True
        state.meter = min(R.METER, state.meter + n)
        called = state.meter >= R.METER
        events.append(
            Event("noise", state.turn_no, state.phase, {"n": n, "meter": state.meter, "called": called})
        )
        return called

    def fight_stats(self, state: State, who: int, kind: str) -> tuple[int, int, int, int, int]:
        """(actions to defeat, escapes to escape, health lost, supplies lost, rescues lost)."""
        sl = R.SLASHERS[state.slasher]
        if kind == "final":
            fs = R.FINAL_SCENES[state.survivors[who].final]
            return fs.actions, 0, fs.damage, 0, 0
        return sl.defeat, sl.escape, sl.health_loss, sl.supply_loss, sl.rescue_loss

    def _start_fight(self, state: State, who: int, kind: str, after: str, events: list[Event]) -> None:
        x = state.survivors[who]
        came_from = state.slasher_at
        if kind == "task" and came_from and came_from != x.at:
            # Rulebook, Slashers And Tasks: the Slasher returns to the Task's location for the new attempt.
            events.append(
                Event(
                    "slasher_returns",
                    state.turn_no,
                    state.phase,
                    {"slasher": self.slasher_name(state), "from": place(came_from), "place": place(x.at)},
                )
            )
        state.slasher_at = x.at
        if not self._legend_era(state):
            state.meter = R.METER
        state.fight = kind
        state.after = after
        defeat, escape, *_ = self.fight_stats(state, who, kind)
        events.append(
            Event(
                "slasher_attacks",
                state.turn_no,
                state.phase,
                {
                    "seat": x.seat,
                    "name": x.name,
                    "slasher": self.slasher_name(state),
                    "kind": kind,
                    "defeat": defeat,
                    "escape": escape,
                    "place": place(x.at),
                },
            )
        )
        self._ask_spend(state, who, "fight", events)

    def _resolve_fight(
        self, state: State, dice: list[str], count: dict[str, int], armed: bool, events: list[Event]
    ) -> None:
        who = state.spender
        x = state.survivors[who]
        kind = state.fight
        defeat, escape, health, supplies, rescues = self.fight_stats(state, who, kind)
        result = read("fight", dice, count, defeat, escape, armed)
        name = self.slasher_name(state)
        events.append(
            Event(
                "fight",
                state.turn_no,
                TURN,
                {"seat": x.seat, "name": x.name, "slasher": name, "result": result, "kind": kind},
            )
        )
        state.fight = ""
        after, state.after = state.after, ""
        if result == "slay":
            # Unique combo: instant defeat and a free supply, then the fight's prize.
            self._slasher_defeated(state, who, kind, events)
            self._give_supply(state, who, f"won:{kind}:{after}", events)
            return
        if result == "defeat":
            self._slasher_defeated(state, who, kind, events)
            self._after_defeat(state, kind, after, events)
            return
        if result == "repel":
            # Unique combo: the meter drops 1 and the Slasher goes back to the woods; you stay where you are.
            state.slasher_at = ""
            state.meter = R.METER if self._legend_era(state) else R.METER - R.REPEL_DROP
            if after == "card" and state.card:
                self._card(state, events)
                return
            self._discard_scene(state)
            self._end_turn(state, events)
            return
        self._discard_scene(state)
        if result == "flee":
            self._flee(state, False, events)
            return
        if result == "fail":
            # Rulebook, Fighting Slashers: the card's extras are lost. Which supply goes is designed: the one
            # gained last (the rulebook does not say; the loser has no time to choose mid-fight).
            items = []
            for _ in range(supplies):
                if x.supplies:
                    card = x.supplies.pop()
                    x.trackers.pop(card, None)
                    state.supplies.discard(card)
                    items.append(R.supply(card).name)
            self._lost(state, who, items, self._lose_rescues(state, who, rescues), "slasher", events)
            lost = A.slasher_loss(x.name, health)
            if lost < health:
                self._ability(state, x, "tough", events, n=health - lost)
            self._hurt(state, who, lost, "slasher", events)
        if x.alive:
            self._to_start(state, who, events)
        self._end_turn(state, events)

    def _after_defeat(self, state: State, kind: str, after: str, events: list[Event]) -> None:
        """The prize of a won fight: the Task, the Final Rescue token, or the Killer Scene that called it."""
        x = state.survivors[state.current]
        if kind == "task":
            self._complete_task(state, events)
            return
        if kind == "final":
            x.final_token = True
            del state.final_tokens[x.at]
            events.append(Event("final_rescue", state.turn_no, TURN, {"seat": x.seat, "name": x.name}))
        if after == "card" and state.card:
            self._card(state, events)
            return
        self._end_turn(state, events)

    def _slasher_defeated(self, state: State, who: int, kind: str, events: list[Event]) -> None:
        state.slasher_at = ""
        state.meter = R.METER if self._legend_era(state) else 0

    # -- Tasks --------------------------------------------------------------------------------------

    def _task_choice(self, state: State, key: str, events: list[Event]) -> None:
        x = state.survivors[state.current]
        if key == "leave":
            self._end_turn(state, events)
            return
        if key.startswith("swap:"):
            card = key[5:]
            x.supplies.remove(card)
            x.trackers.pop(card, None)
            state.supplies.discard(card)
        task = state.center.pop()
        x.tasks.append(task)
        events.append(
            Event("task_taken", state.turn_no, TASK, {"seat": x.seat, "name": x.name, "task": task})
        )
        self._end_turn(state, events)

    def _task_here(self, state: State, events: list[Event]) -> None:
        k = self.next_task(state)
        if k in R.TASK_BATTLES:
            # Rulebook, Slashers And Tasks: the meter fills and the Slasher comes for a final battle.
            self._start_fight(state, state.current, "task", "end", events)
            return
        self._complete_task(state, events)

    def _complete_task(self, state: State, events: list[Event]) -> None:
        x = state.survivors[state.current]
        k = self.next_task(state)
        x.tasks.remove(k)
        state.done[k - 1] = True
        events.append(
            Event(
                "task_done",
                state.turn_no,
                TURN,
                {"seat": x.seat, "name": x.name, "task": k, "place": place(x.at)},
            )
        )
        if k in R.TASK_BATTLES and state.slasher < R.LEGEND:
            gone = self.slasher_name(state)
            state.slasher += 1
            state.slasher_at = ""
            state.meter = R.METER if self._legend_era(state) else 0
            events.append(
                Event(
                    "slasher_switch", state.turn_no, TURN, {"gone": gone, "slasher": self.slasher_name(state)}
                )
            )
        if all(state.done):
            state.helipad = True
            events.append(Event("helipad", state.turn_no, TURN, {}))
            self._flip_ready(state, events)  # everyone already holding five turns the card over now
        self._give_supply(state, state.current, "end", events)

    # -- rescues, Final Scenes, restocking ----------------------------------------------------------

    def _restock(self, state: State, events: list[Event]) -> None:
        """Rulebook, Restocking: when every location is cleared, refill all but the last one cleared."""
        if any(state.markers.values()):
            return
        placed = 0
        for loc in R.MARKER_LOCATIONS:
            if loc == state.last_cleared or loc in state.final_tokens or not state.bank:
                continue
            state.markers[loc] = state.bank.pop()
            placed += 1
        events.append(Event("restocked", state.turn_no, state.phase, {"n": placed}))

    @staticmethod
    def can_reveal(state: State, x: Survivor) -> bool:
        """Rulebook, Final Scenes: "Once all tasks have been completed and the player has successfully acquired
        their 5 (five) Rescue tokens, that player flips over their Final Scenes, Dude card"."""
        return all(state.done) and not x.revealed and x.alive and len(x.rescues) >= R.RESCUES_NEEDED

    def _flip_ready(self, state: State, events: list[Event]) -> None:
        """Turn over every Final Scenes card whose holder now meets both conditions, at once (no choice, no
        waiting for a turn): the current survivor first, then the others in turn order (designed)."""
        if not all(state.done):
            return
        order = state.order or list(range(len(state.survivors)))
        start = order.index(state.current) if state.current in order else 0
        for k in range(len(order)):
            who = order[(start + k) % len(order)]
            if self.can_reveal(state, state.survivors[who]):
                self._reveal(state, who, events)

    def _reveal(self, state: State, who: int, events: list[Event]) -> None:
        x = state.survivors[who]
        x.revealed = True
        fs = R.FINAL_SCENES[x.final]
        loc = fs.location
        if state.markers.get(loc):
            state.bank.append(state.markers[loc])
            state.markers[loc] = ""
            state.last_cleared = loc
        state.final_tokens[loc] = x.seat
        events.append(
            Event(
                "final_revealed",
                state.turn_no,
                state.phase,
                {
                    "seat": x.seat,
                    "name": x.name,
                    "title": fs.title,
                    "place": place(loc),
                    "need": fs.actions,
                },
            )
        )
        self._restock(state, events)

    # -- searching and supplies ---------------------------------------------------------------------

    def _search(self, state: State, events: list[Event]) -> None:
        x = state.survivors[state.current]
        x.searched = x.at
        face = state.rng.choice(R.SEARCH_FACES)
        events.append(Event("searched", state.turn_no, TURN, {"seat": x.seat, "name": x.name, "face": face}))
        if face == "denied" and A.has(x.name, "search_denied"):
            face = "search"  # Ivy (designed): a Denied counts as a Search
            self._ability(state, x, "search_denied", events)
        if face == "search":
            self._give_supply(state, state.current, "end", events)
            return
        if face == "noise" and self._noise(state, R.SEARCH_NOISE, state.current, events):
            self._start_fight(state, state.current, "normal", "end", events)
            return
        self._end_turn(state, events)

    def _give_supply(self, state: State, who: int, after: str, events: list[Event]) -> None:
        x = state.survivors[who]
        if not x.alive:
            self._resume(state, after, events)
            return
        card = state.supplies.draw(state.rng)
        kind = R.supply(card)
        room = self._free_slots(x) > 0
        events.append(
            Event(
                "supply_found",
                state.turn_no,
                state.phase,
                {"seat": x.seat, "name": x.name, "item": kind.name, "a": R.article(card), "room": room},
            )
            if kind.kind != R.TRAITOR
            else Event("card_pocketed", state.turn_no, state.phase, {"seat": x.seat, "name": x.name})
        )
        if kind.kind == R.TRAITOR:
            x.traitors.append(card)  # Rulebook: held without taking a slot
            self._resume(state, after, events)
            return
        if room:
            self._take(x, card)
            self._resume(state, after, events)
            return
        if not x.supplies and not self._droppable_tasks(state, x, after):
            state.supplies.discard(card)  # hands full of Task cards that cannot be let go now
            events.append(
                Event(
                    "supply_dropped",
                    state.turn_no,
                    state.phase,
                    {"seat": x.seat, "name": x.name, "item": kind.name, "task": 0},
                )
            )
            self._resume(state, after, events)
            return
        state.drawn = card
        state.keeper = who
        state.after = after
        state.phase = KEEP

    def _droppable_tasks(self, state: State, x: Survivor, after: str) -> list[int]:
        """Task cards that may be let go for a new supply: not the one a won fight is completing now."""
        fighting = self.next_task(state) if after.startswith("won:task") else 0
        return [t for t in x.tasks if t != fighting]

    @staticmethod
    def _take(x: Survivor, card: str) -> None:
        x.supplies.append(card)
        uses = R.supply(card).uses
        if uses:
            x.trackers[card] = uses

    def _keep(self, state: State, drop: str, events: list[Event]) -> None:
        x = state.survivors[state.keeper]
        card, state.drawn, state.keeper = state.drawn, "", -1
        if drop.startswith("task:"):
            # Designed: a Task card may be let go for a supply; it goes back into the pile in number order.
            task = int(drop[5:])
            x.tasks.remove(task)
            state.center = sorted([*state.center, task], reverse=True)
            self._take(x, card)
            item = f"Task #{task}"
        else:
            task = 0
            if drop != card:
                x.supplies.remove(drop)
                x.trackers.pop(drop, None)
                self._take(x, card)
            state.supplies.discard(drop)
            item = R.supply(drop).name
        events.append(
            Event(
                "supply_dropped",
                state.turn_no,
                KEEP,
                {"seat": x.seat, "name": x.name, "item": item, "task": task},
            )
        )
        state.phase = TURN
        after, state.after = state.after, ""
        self._resume(state, after, events)

    def _resume(self, state: State, after: str, events: list[Event]) -> None:
        if after == "noise":
            self._after_noise(state, events)
        elif after.startswith("won:"):
            _, kind, then = after.split(":")
            self._after_defeat(state, kind, then, events)
        else:
            self._end_turn(state, events)

    # -- Bonus Tracks -------------------------------------------------------------------------------

    def _bonus(self, state: State, events: list[Event]) -> None:
        x = state.survivors[state.current]
        card = state.bonus.draw(state.rng)
        state.bonus.discard(card)
        bt = R.BONUS[card]
        # A rescue token comes from the bank, if it still holds one (designed: an empty bank gives nothing).
        got = min(bt.amount, len(state.bank)) if bt.effect == "rescue" else 0
        events.append(
            Event(
                "bonus",
                state.turn_no,
                TURN,
                {
                    "seat": x.seat,
                    "name": x.name,
                    "card": card,
                    "title": bt.name,
                    "effect": bt.effect,
                    "n": bt.amount,
                    "got": got,
                },
            )
        )
        if bt.effect == "heal":
            x.health = min(R.HEALTH, x.health + bt.amount)
        elif bt.effect == "hurt":
            self._hurt(state, state.current, bt.amount, "bonus", events)
        elif bt.effect == "noise":
            if self._noise(state, bt.amount, state.current, events):
                self._start_fight(state, state.current, "normal", "end", events)
                return
        elif bt.effect == "rescue":
            for _ in range(got):
                x.rescues.append(state.bank.pop())
            self._flip_ready(state, events)
        elif bt.effect == "supply":
            self._give_supply(state, state.current, "end", events)
            return
        elif bt.effect == "drop_rescue":
            self._lost(
                state, state.current, [], self._lose_rescues(state, state.current, bt.amount), "bonus", events
            )
        elif bt.effect == "hush" and not self._legend_era(state) and not state.slasher_at:
            state.meter = max(0, state.meter - bt.amount)
        self._end_turn(state, events)

    # -- harm and death -----------------------------------------------------------------------------

    def _hurt(self, state: State, who: int, n: int, by: str, events: list[Event]) -> None:
        x = state.survivors[who]
        if not x.alive or n <= 0:
            return
        x.health = max(0, x.health - n)
        if not x.health and A.has(x.name, "cheat_death") and not x.cheated:
            # Johnny (designed within the rulebook's "cheating death"): once per game he stays at 1 health.
            x.health, x.cheated = R.ABILITIES[x.name].amount, True
            self._ability(state, x, "cheat_death", events)
        events.append(
            Event(
                "hurt",
                state.turn_no,
                state.phase,
                {"seat": x.seat, "name": x.name, "n": n, "health": x.health, "by": by},
            )
        )
        if x.health:
            return
        x.alive = False
        events.append(
            Event("died", state.turn_no, state.phase, {"seat": x.seat, "name": x.name, "place": place(x.at)})
        )
        x.at = ""
        for card in x.supplies:
            state.supplies.discard(card)
        x.supplies = []
        x.trackers = {}
        for card in x.traitors:
            state.supplies.discard(card)
        x.traitors = []
        # Designed: a dead survivor's Task cards go back into the Rec Center pile, in number order.
        state.center = sorted(state.center + x.tasks, reverse=True)
        x.tasks = []
        state.bank.extend(x.rescues)
        x.rescues = []
        for loc, seat in list(state.final_tokens.items()):
            if seat == x.seat:
                del state.final_tokens[loc]

    def _to_start(self, state: State, who: int, events: list[Event]) -> None:
        """Rulebook: to the nearest starting point no one else stands on."""
        x = state.survivors[who]
        free = [p for p in B.starts if not self._on_start(state, p, who)]
        point = _nearest(x.at, tuple(free)) or free[0]
        x.at = point
        events.append(
            Event(
                "sent_to_start",
                state.turn_no,
                state.phase,
                {"seat": x.seat, "name": x.name, "space": point, "place": place(point)},
            )
        )

    # -- the end ------------------------------------------------------------------------------------

    def _finish(self, state: State, winners: list[str], why: str, events: list[Event]) -> None:
        state.result = "won" if PERSON in winners else "lost"
        state.winners = winners
        state.phase = OVER
        names = [x.name for x in state.survivors if x.seat in winners]
        reasons = {
            "escape": f"{' and '.join(names)} reached the helicopter and escaped Tall Oaks.",
            "dead": "Nobody made it out of Tall Oaks alive.",
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

    def _illegal(self, state: State, d: Decision, key: str) -> str:
        x = state.survivors[state.current] if state.current >= 0 else None
        if key == "reveal":
            # Rules version 3 had a 'reveal' choice; a player used to it is told what happens now.
            if next(o for o in state.survivors if o.seat == d.seat).revealed:
                return "Your Final Scenes card is already face up."
            return (
                "Nobody turns a Final Scenes card over by choice: it turns over by itself as soon as all four "
                f"Tasks are done and its holder has {R.RESCUES_NEEDED} rescue tokens."
            )
        if state.phase == MOVE and key.startswith("go:"):
            node = key[3:]
            if node in B.kind or node in B.locations:
                return (
                    f"You cannot end your move on {place(node)} with {sum(state.roll)}: use the whole roll, "
                    "stopping early only on entering a location, and never on a starting point someone holds."
                )
        if state.phase == TURN and x is not None:
            if key == "draw":
                return "There is no Scene Marker here to draw a Killer Scene for."
            if key == "search":
                if x.at == R.REC:
                    return "The Tall Oaks Rec Center is closed to searches."
                if x.at not in B.locations:
                    return "You can only search inside a location, and you are out on the road."
                if x.searched == x.at:
                    return "You searched this location last time; search somewhere else first."
                return "You can only search an empty location (no Scene Marker)."
            if key == "task":
                k = self.next_task(state)
                if not k:
                    return "All four Tasks are done."
                if k not in x.tasks:
                    return f"You do not hold Task #{k}; Tasks must be completed in order."
                if state.markers.get(x.at):
                    return "The location is not cleared: rescue the victims here first."
                return f"Task #{k} is completed at {B.locations[R.TASK_LOCATIONS[k - 1]].name}."
            if key == "final":
                if not x.revealed:
                    return (
                        "Your Final Scenes card is face down: it turns over by itself once all four Tasks are "
                        f"done and you hold {R.RESCUES_NEEDED} rescue tokens."
                    )
                if x.final_token:
                    return "You already hold your Final Rescue token: get to the Helipad."
                if len(x.rescues) < R.RESCUES_NEEDED:
                    return (
                        f"You hold {len(x.rescues)} rescue tokens: the Final Rescue needs {R.RESCUES_NEEDED}. "
                        "Rescue someone first."
                    )
                return f"Your Final Scene is at {place(R.FINAL_SCENES[x.final].location)}."
            if key == "heal":
                if x.health >= R.HEALTH:
                    return "You are at full health."
                return "You hold no health supply."
        if state.phase == TASK and key == "task:take":
            return "Your inventory is full: drop a supply to take a Task."
        if key == "task:take":
            return "Task cards are picked up on entering the Tall Oaks Rec Center."
        if key.startswith("spend:"):
            return "You do not have those Supply Tracker tokens for this roll."
        if key.startswith("scuffle:") and state.phase != SCUFFLE:
            return "A scuffle is offered only when you land on, next to, or in the same location as a rival."
        if key.startswith("scuffle:"):
            return f"'{key[8:]}' is not close enough to scuffle with; choose a rival listed, or 'no'."
        if key == "traitor" and x is not None:
            if not x.traitors:
                return "You hold no Traitor card."
            return "The Traitor card is played at the start of your turn."
        if key in TURN_WORDS and x is not None:
            return f"That is for the start of your turn, before the roll. Now: {d.prompt}"
        shown = key if len(key) <= 40 else key[:40] + "..."
        more = ", ..." if len(d.options) > 8 else ""
        return f"'{shown}' is not a choice now. Choices: {'; '.join(o.label for o in d.options[:8])}{more}."


GAME = EscapeFromTallOaks()
