"""The rules of Slaughterhouse, scenario A: Trespassers search the House for parts while the family hunts.

Everything that happens is a queue of Steps (state.todo). Effects run at once; a Step that needs a choice
stops the queue and becomes the Decision. With the queue empty the phase asks its main question.
"""

from __future__ import annotations

import functools
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
from engines.core.events import Event
from engines.core.rng import Rng
from engines.slaughterhouse import data as D
from engines.slaughterhouse.state import Sawyer, State, Step, Trespasser, TrespasserView, View

TRESPASSERS = "trespassers"
SAWYER = "sawyer"
_ACTION_HEADS = (
    "move",
    "run",
    "search",
    "swap",
    "repair",
    "drive",
    "use",
    "siphon",
    "ignite",
    "flee",
    "loot",
    "load",
    "photo",
    "document",
)
# Steps that wait for a choice, and whose choice it is.
ASKS = {
    "place_horror": SAWYER,
    "brutal": SAWYER,
    "personal": TRESPASSERS,
    "place_hitchhiker": SAWYER,
    "place_grandpa": SAWYER,
    "offer": SAWYER,
    "give": SAWYER,
    "reroll": SAWYER,
    "bury": TRESPASSERS,
    "take": TRESPASSERS,
    "bury_order": TRESPASSERS,
    "bury_injuries": SAWYER,
    "move_searched": SAWYER,
    "buy": SAWYER,
    "swap": TRESPASSERS,
    "camera": TRESPASSERS,
    "place_vehicle": TRESPASSERS,
    "place_token": SAWYER,
    "reroll_pick": SAWYER,
}


def successes(dice: list[int]) -> int:
    return sum(dice)


class Slaughterhouse:
    id = "slaughterhouse"
    title = "The Texas Chainsaw Massacre: Slaughterhouse"
    rules_version = "3"
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

    @functools.cached_property
    def policies(self):
        """Imported on first use (the policies read the engine's data); kept, as the automa asks at every step."""
        from engines.slaughterhouse import policies

        return policies.POLICIES

    # -- the contract ---------------------------------------------------------------------------

    def setup(self, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
        given = dict(options or {})
        freezer = _card_list(given.pop("freezer", ""), "freezer")
        unlocked = _card_list(given.pop("unlocked", ""), "unlocked")
        opts = resolve_options(self, given)
        _check_unlocked(unlocked)
        deck_in = _check_freezer(freezer, unlocked)
        n = int(opts["trespassers"])
        sc = D.SCENARIOS[opts["scenario"]]
        cards = {c for a in unlocked for c in D.ACHIEVEMENTS[a]["unlocks"]}
        rng = Rng.from_seed(seed)
        tres = [Trespasser(t["id"], D.START["trespassers"], actions=D.ACTIONS) for t in D.TRESPASSERS[:n]]
        sawyers = []
        for sid in D.SAWYER_ORDER:
            most = D.SAWYERS[sid]["actions"] + (1 if n == 4 else 0)
            sawyers.append(Sawyer(sid, actions=most, most=most, brutal=n == 4))
        state = State(rng=rng, count=n, trespassers=tres, sawyers=sawyers, scenario=sc["id"])
        state.desperation_deck = _shuffled(
            rng, [*D.DESPERATION, *(c for c in D.ACHIEVEMENT_DESPERATION if c in cards)]
        )
        state.injury_deck = _shuffled(rng, [*D.INJURIES, *(c for c in D.ACHIEVEMENT_INJURIES if c in cards)])
        state.sawyer_deck = _shuffled(
            rng, [*D.SAWYER_CARDS, *(c for c in D.ACHIEVEMENT_SAWYER if c in cards)]
        )
        state.hand = [state.sawyer_deck.pop() for _ in range(D.RULES["sawyer_start_cards"])]
        state.fear = D.RULES["sawyer_start_fear"]
        tiles = _shuffled(rng, list(D.HORROR))
        state.horror_placing = tiles[: D.RULES["horror_tiles_placed"]]
        state.horror_box = tiles[D.RULES["horror_tiles_placed"] :]
        base = deck_in if deck_in is not None else list(D.ITEMS)
        base += [c for c in D.ACHIEVEMENT_ITEMS if c in cards and c not in base]
        base = _reset_personal(base)
        personal = _shuffled(rng, [c for c in D.PERSONAL if c not in base])
        state.personal_offer = personal[: D.RULES["personal_items_revealed"]]
        state.personal_box = personal[D.RULES["personal_items_revealed"] :]
        scenario_items = list(D.SCENARIO_ITEMS[sc["items"]]) if sc["items"] else []
        if sc.get("set_aside"):
            scenario_items = _shuffled(rng, scenario_items)[sc["set_aside"] :]
        items = _shuffled(rng, [*base, *scenario_items])
        half = (len(items) + 1) // 2  # the larger half goes Downstairs
        state.item_decks = {"down": items[:half], "up": items[half:]}
        if sc.get("beside"):
            state.beside = list(D.SCENARIO_ITEMS[sc["beside"]])
        if sc.get("camera"):
            state.beside.append(D.CAMERA)
        state.film = sc.get("film", 0)
        fixed = list(sc["vehicles"])
        placed = sc.get("placed_vehicle", "")
        others = _shuffled(rng, [v for v in D.VEHICLES if v not in fixed and v != placed])
        chosen = _shuffled(rng, [*fixed, *others[: sc["random_vehicles"]]])
        state.vehicle_box = others[sc["random_vehicles"] :]
        if placed:
            state.vehicles = {}
        else:
            state.vehicles = dict(zip(D.VEHICLE_SPACES, chosen, strict=True))
        in_play = {*items, *state.beside, *D.PERSONAL}
        state.item_box = [c for c in D.ALL_ITEMS if c not in in_play]
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
                    "scenario": sc["id"],
                    "scenario_name": sc["name"],
                },
            )
        ]
        state.todo = [Step("place_horror", cards=[t]) for t in state.horror_placing]
        if n == 3:
            state.todo.append(Step("brutal"))
        state.todo += [Step("personal", who=i) for i in range(n)]
        if sc.get("camera"):
            state.todo.append(Step("camera"))
        if placed:
            state.todo.append(Step("place_vehicle", cards=[placed, *chosen]))
        state.todo += [Step("place_token", n=sc["tokens"] - i) for i in range(sc["tokens"])]
        state.todo.append(Step("begin_round"))
        self._run(state, events)
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
        if state.phase != "over":
            raise ValueError("The game is not over: the Freezer Box is filled at the end.")
        deck = [*state.item_decks["down"], *state.item_decks["up"]]
        for t in state.trespassers:
            deck += t.items
            if t.dead:
                deck += t.personal
        deck = _reset_personal([c for c in deck if c not in D.ALL_SCENARIO_ITEMS])
        return {"freezer": ",".join(sorted(deck))}

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
        options, seat, kind, prompt = self._options(state)
        return Decision(seat, kind, prompt, tuple(options))

    def apply(self, state: State, key: str, decision: Decision | None = None) -> list[Event]:
        if state.phase == "over":
            raise IllegalMove("The game is over; there is nothing left to decide.")
        options = decision.options if decision is not None else self._options(state)[0]
        for o in options:
            if o.key == key:
                break
        else:
            raise IllegalMove(self._why(state, key))
        events: list[Event] = []
        self._choose(state, key, events)
        self._run(state, events)
        return events

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        escaped = sum(t.escaped for t in state.trespassers)
        dead = sum(t.dead for t in state.trespassers)
        n = state.count
        reason = f"{escaped} of {n} Trespassers escaped, {dead} killed"
        if escaped * 2 >= n and escaped:
            return Outcome("won", (TRESPASSERS,), reason + ".")
        return Outcome("lost", (SAWYER,), reason + ".")

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
                    dict(t.wild_as),
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
            _visible_step(state, seat),
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

    # -- questions --------------------------------------------------------------------------------

    def _options(self, state: State) -> tuple[list[Option], str, str, str]:
        if state.todo:
            step = state.todo[0]
            return _ask(state, step)
        if state.phase == "trespassers":
            if state.current < 0:
                opts = [
                    Option(f"turn:{t.id}", f"{t.id.capitalize()} takes a turn", (t.id,))
                    for t in state.trespassers
                    if _active(t) and not t.acted
                ]
                return opts, TRESPASSERS, "order", "Which Trespasser takes a turn now?"
            return _tres_options(state), TRESPASSERS, "action", _tres_prompt(state)
        if state.cur_sawyer == "":
            opts = [
                Option(f"sawyer:{s.id}", f"{D.name(s.id)} takes a turn", (s.id,))
                for s in state.sawyers
                if s.space and not s.acted
            ]
            return opts, SAWYER, "order", "Which Sawyer takes a turn now?"
        return _sawyer_options(state), SAWYER, "sawyer_action", _sawyer_prompt(state)

    def _why(self, state: State, key: str) -> str:
        d = self.decision(state)
        head = key.split(":")[0]
        if d is not None and d.kind == "action":
            t = state.trespassers[state.current]
            if head in _ACTION_HEADS and t.actions < 1:
                return f"{t.id.capitalize()} has no action left this turn."
            if head == "run":
                if _no_run(state, t):
                    return f"{t.id.capitalize()} cannot run now (an Injury or a Horror tile forbids it)."
                return "You cannot run there: two spaces, no stairs, no windows."
            if head == "move":
                return "You can only move to an adjacent space (doors and stairs yes, windows no)."
            if head == "search":
                return "There is no uncovered Search symbol in this space."
            if head == "repair":
                return "No revealed vehicle here that your group holds the parts and gas for."
            if head in ("siphon", "ignite", "flee", "loot", "load", "photo", "document", "drive"):
                return _objective_why(state, t, head)
            if head == "swap":
                return "There is nobody in your space to swap Items with (or neither of you holds any)."
            if head == "hide":
                return "Hiding is not an action: end your turn on a Hide symbol with no Sawyer there and you hide."
            if head == "use":
                return "You hold no Item you can use now (weapons: once per turn, a Sawyer in your space)."
            if head == "attack":
                return "Attacking a Sawyer needs a weapon you have not used this turn, or Fight Back, and a Sawyer here."
        if (
            d is not None
            and d.kind == "sawyer_action"
            and head in ("move", "hunt", "attack", "talk", "creep")
        ):
            s = _sawyer(state, state.cur_sawyer)
            who = D.name(s.id)
            if s.actions < 1:
                return f"{who[:1].upper()}{who[1:]} has no action left this turn."
            reasons = {
                "move": f"{who[:1].upper()}{who[1:]} can only move to an adjacent space (never through a window).",
                "hunt": f"Nobody is hiding in {who}'s space.",
                "attack": f"There is no Trespasser in the open in {who}'s space.",
                "talk": "Only the Old Man can Sweet Talk, and only with a Trespasser in his space.",
                "creep": "Only the Hitchhiker creeps, through a downstairs window next to him.",
            }
            return reasons[head]
        if d is not None and d.kind == "bury":
            return "Choose one of your Items to bury: you are over the item limit."
        if key.startswith("swap:") and d is not None and d.kind == "swap":
            return "That swap would break the item limit or names an Item nobody there holds."
        return f"'{key}' is not a legal choice now."

    # -- the queue ----------------------------------------------------------------------------------

    def _run(self, state: State, events: list[Event]) -> None:
        trespassers = state.trespassers
        while state.phase != "over":
            for t in trespassers:  # someone still in play: the game goes on (the cheap test, made inline)
                if not t.dead and not t.escaped:
                    break
            else:
                if self._check_end(state, events):
                    return
            todo = state.todo
            if todo:
                step = todo[0]
                kind = step.kind
                if kind not in ASKS:  # an effect: the common case, handled first
                    todo.pop(0)
                    _EFFECTS[kind](self, state, step, events)
                    continue
                if _skip_ask(state, step):
                    todo.pop(0)
                    continue
                if kind in _ALWAYS_ASKED:
                    return
                opts, _, _, _ = _ask(state, step)
                if len(opts) == 1:
                    self._choose(state, opts[0].key, events)
                    continue
                return
            if state.phase == "trespassers" and state.current < 0:
                left = [i for i, t in enumerate(state.trespassers) if _active(t) and not t.acted]
                if not left:
                    self._start_sawyer_turn(state, events)
                    continue
                if len(left) == 1:
                    self._start_turn(state, left[0], events)
                    continue
            if state.phase == "sawyer" and state.cur_sawyer == "":
                left = [s for s in state.sawyers if s.space and not s.acted]
                if not left:
                    self._end_round(state, events)
                    continue
                if len(left) == 1:
                    self._start_sawyer(state, left[0].id, events)
                    continue
            # With an action left a move is always possible; with none, only cards may remain.
            if (
                state.phase == "sawyer"
                and state.cur_sawyer
                and _sawyer(state, state.cur_sawyer).actions == 0
                and (not state.hand or len(_sawyer_options(state)) == 1)
            ):
                self._end_sawyer(state, events)
                continue
            return

    def _check_end(self, state: State, events: list[Event]) -> bool:
        if state.phase == "setup":
            return False
        for t in state.trespassers:
            if not t.dead and not t.escaped:
                return False
        escaped = sum(t.escaped for t in state.trespassers)
        state.result = "escaped" if escaped == state.count else "killed" if escaped == 0 else "mixed"
        self._finish(state, events)
        return True

    def _finish(self, state: State, events: list[Event]) -> None:
        for step in state.todo:  # cards still waiting to be buried go to the bottom of their decks
            if step.kind in ("bury_injuries", "give"):
                state.injury_deck[0:0] = step.cards
            elif step.kind in ("take", "bury_order"):
                state.item_decks[_board(state.trespassers[step.who].space)][0:0] = step.cards
        state.phase = "over"
        state.current = -1
        state.cur_sawyer = ""
        state.todo = []
        events.append(
            Event(
                "game_over",
                state.round,
                "end",
                {
                    "result": state.result,
                    "escaped": [t.id for t in state.trespassers if t.escaped],
                    "killed": [t.id for t in state.trespassers if t.dead],
                    "round": state.round,
                    "scenario": state.scenario,
                    "ended_by": next(
                        (e.kind for e in reversed(events) if e.kind in ("escaped", "killed")), ""
                    ),
                    "leatherface_in_fire": _sawyer(state, "leatherface").space in state.fire,
                    "start_personal": state.start_personal,
                    "escaped_personal": sum(len(t.personal) for t in state.trespassers if t.escaped),
                },
            )
        )

    # -- choices ------------------------------------------------------------------------------------

    def _choose(self, state: State, key: str, events: list[Event]) -> None:
        if state.todo and state.todo[0].kind in ASKS:
            step = state.todo.pop(0)
            _ANSWERS[step.kind](self, state, step, key, events)
            return
        if state.phase == "trespassers":
            if state.current < 0:
                idx = next(i for i, t in enumerate(state.trespassers) if t.id == key[5:])
                self._start_turn(state, idx, events)
            else:
                self._tres_action(state, key, events)
        elif state.cur_sawyer == "":
            self._start_sawyer(state, key[7:], events)
        else:
            self._sawyer_action(state, key, events)

    # setup answers

    def _ans_place_horror(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        room = key[7:]
        state.horror[room] = step.cards[0]
        state.horror_placing.remove(step.cards[0])
        events.append(Event("horror_placed", 0, "setup", {"room": room}))

    def _ans_brutal(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        s = _sawyer(state, key[7:])
        s.brutal = True
        s.most += 1
        s.actions = s.most
        events.append(Event("brutal_side", 0, "setup", {"sawyer": D.name(s.id)}))

    def _ans_personal(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        card = key[5:]
        t = state.trespassers[step.who]
        state.personal_offer.remove(card)
        t.personal.append(card)
        if all(len(x.personal) for x in state.trespassers):
            state.personal_box += state.personal_offer
            state.personal_offer = []
        events.append(Event("personal_item", 0, "setup", {"trespasser": t.id, "item": D.name(card)}))

    def _ans_camera(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        t = state.trespassers[int(key[6:])]
        state.beside.remove(D.CAMERA)
        t.items.append(D.CAMERA)
        events.append(Event("personal_item", 0, "setup", {"trespasser": t.id, "item": D.name(D.CAMERA)}))

    def _ans_place_vehicle(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        """Scenario C: the Trespassers put the Blue Truck face up where they like; the rest are dealt."""
        space = key[6:]
        placed, *rest = step.cards
        others = [v for v in D.VEHICLE_SPACES if v != space]
        state.vehicles = {space: placed, **dict(zip(others, rest, strict=True))}
        state.vehicles = {v: state.vehicles[v] for v in D.VEHICLE_SPACES}
        state.vehicles_up.append(space)
        events.append(
            Event("vehicle_placed", 0, "setup", {"vehicle": D.name(placed), "space": D.name(space)})
        )

    def _ans_place_token(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        space = key[6:]
        state.tokens.append(space)
        kind = "Loot" if state.scenario == "c" else "Photo"
        events.append(
            Event(
                "token_placed", 0, "setup", {"token": kind, "space": D.name(space), "room": D.room_of(space)}
            )
        )

    def _ans_place_hitchhiker(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        s = _sawyer(state, "hitchhiker")
        s.space = key[6:]
        s.actions = s.most
        events.append(
            Event(
                "sawyer_arrives", state.round, state.phase, {"sawyer": D.name(s.id), "space": D.name(s.space)}
            )
        )

    def _ans_place_grandpa(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        state.grandpa = key[6:]
        events.append(Event("grandpa_arrives", state.round, state.phase, {"space": D.name(state.grandpa)}))

    # interrupts

    def _ans_offer(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        if key == "pass":
            if step.flag == "door":
                state.todo.insert(0, Step("walk", who=step.who, path=step.path, flag=step.sawyer, n=1))
            elif step.flag == "hide":
                state.todo.insert(0, Step("hide", who=step.who))
            return
        card = key[5:]
        info = D.ALL_SAWYER_CARDS[card]
        state.hand.remove(card)
        state.sawyer_deck.insert(0, card)
        state.fear -= info["cost"]
        t = state.trespassers[step.who]
        events.append(
            Event(
                "card_interrupt",
                state.round,
                state.phase,
                {"card": info["name"], "trespasser": t.id, "fear": info["cost"], "trigger": step.flag},
            )
        )
        if step.flag == "enter":
            t.stopped = True
            if step.sawyer == "grandpa":  # FAQ: a card that lets Grandpa attack rolls one die
                dice = _roll(state, D.RULES["grandpa_dice"])
                state.todo.insert(0, Step("attack", who=step.who, sawyer="grandpa", dice=dice, flag="plain"))
            else:
                state.todo.insert(0, _attack_step(state, step.sawyer, step.who))
        elif step.flag == "door":
            t.stopped = True
        elif step.flag == "noise":
            self._approach(state, step.who, events)
        elif step.flag == "search":
            self._noise(state, step.who, info["noise"], events, offer=False, cause="search")
        elif step.flag == "hide":
            events.append(Event("hide_denied", state.round, state.phase, {"trespasser": t.id}))

    def _approach(self, state: State, who: int, events: list[Event]) -> None:
        """Heard That: the nearest Sawyer on the board takes one step toward the noise."""
        t = state.trespassers[who]
        near = [s for s in state.sawyers if s.space]
        s = min(near, key=lambda s: (D.DIST[s.space][t.space], D.SAWYER_ORDER.index(s.id)))
        if s.space == t.space:
            return
        nxt = min(D.steps(s.space), key=lambda x: (D.DIST[x][t.space], x))
        s.space = nxt
        events.append(
            Event(
                "sawyer_moves",
                state.round,
                state.phase,
                {"sawyer": D.name(s.id), "space": D.name(nxt), "why": "noise"},
            )
        )

    def _ans_give(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        if key == "none":
            self._bury_injuries(state, step.cards)
            return
        card = key[5:]
        cards = [c for c in step.cards if c != card]
        info = D.ALL_INJURIES[card]
        if info["type"] == "wild":
            have = {_itype(t, c) for c in t.injuries}
            t.wild_as[card] = next(k for k in D.INJURY_TYPES if k not in have)
        t.injuries.append(card)
        events.append(
            Event(
                "injured",
                state.round,
                state.phase,
                {
                    "trespasser": t.id,
                    "injury": info["name"],
                    "type": _itype(t, card),
                    "count": len(t.injuries),
                },
            )
        )
        if len(t.injuries) == len(D.INJURY_TYPES):
            self._bury_injuries(state, cards)
            self._kill(state, step.who, step.sawyer, events)
            return
        if info["effect"] == "limit3" and len(t.items) > _limit(t):
            state.todo.insert(0, Step("bury", who=step.who))
        if info["effect"] == "action_minus" and t.actions > _max_actions(t):
            t.actions = _max_actions(t)
        if step.n > 1 and _valid_injuries(t, cards, step.flag):
            state.todo.insert(
                0,
                Step(
                    "give", who=step.who, sawyer=step.sawyer, cards=cards, n=step.n - 1, flag=step.flag + "+"
                ),
            )
        else:
            self._bury_injuries(state, cards)

    def _ans_reroll(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        if key == "keep":
            return
        head, card = key.split(":", 1)
        state.hand.remove(card)
        state.sawyer_deck.insert(0, card)
        if head == "pick":
            state.todo.insert(0, Step("reroll_pick", cards=[card]))
            return
        nxt = state.todo[0]
        fire = nxt.kind == "fire_burns"  # the family wants fewer successes there: it rerolls those
        self._reroll(state, card, [i for i, d in enumerate(nxt.dice) if (d != 0 if fire else d == 0)], events)

    def _ans_reroll_pick(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        self._reroll(state, step.cards[0], [int(i) for i in key[5:].split(",")], events)

    def _reroll(self, state: State, card: str, which: list[int], events: list[Event]) -> None:
        """Reroll the chosen dice of the roll waiting next in the queue (rulebook: any dice, once)."""
        nxt = state.todo[0]
        before = list(nxt.dice)
        nxt.dice = [D.FACES[state.rng.below(6)] if i in which else d for i, d in enumerate(nxt.dice)]
        events.append(
            Event(
                "reroll",
                state.round,
                state.phase,
                {"card": D.name(card), "before": before, "dice": list(nxt.dice)},
            )
        )

    def _ans_bury(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        card = key[5:]
        t.items.remove(card)
        state.item_decks[_board(t.space)].insert(0, card)
        events.append(
            Event("item_buried", state.round, state.phase, {"trespasser": t.id, "item": D.name(card)})
        )
        if len(t.items) > _limit(t):
            state.todo.insert(0, Step("bury", who=step.who))

    def _ans_take(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        card = key[5:]
        (t.personal if card in D.PERSONAL else t.items).append(card)
        deck = state.item_decks[_board(t.space)]
        rest = [c for c in step.cards if c != card]
        if len(rest) > 1:
            state.todo.insert(0, Step("bury_order", who=step.who, cards=rest))
        for c in rest[: 1 if len(rest) == 1 else 0]:
            deck.insert(0, c)
        events.append(
            Event(
                "item_taken",
                state.round,
                state.phase,
                {"trespasser": t.id, "item": D.name(card), "buried": len(rest)},
            )
        )
        if len(t.items) > _limit(t):
            state.todo.insert(0, Step("bury", who=step.who))

    def _ans_bury_order(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        """Burying several cards at once: the Trespasser picks the order, one card at a time."""
        t = state.trespassers[step.who]
        deck = state.item_decks[_board(t.space)]
        card = key[5:]
        deck.insert(0, card)
        rest = [c for c in step.cards if c != card]
        if len(rest) > 1:
            state.todo.insert(0, Step("bury_order", who=step.who, cards=rest))
        elif rest:
            deck.insert(0, rest[0])

    def _ans_bury_injuries(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        card = key[5:]
        state.injury_deck.insert(0, card)
        self._bury_injuries(state, [c for c in step.cards if c != card])

    def _ans_move_searched(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        old = key[5:]
        state.searched.remove(old)
        state.searched.append(step.flag)
        events.append(
            Event("searched_moved", state.round, state.phase, {"from": D.name(old), "to": D.name(step.flag)})
        )

    def _ans_buy(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        if key == "done":
            return
        state.fear -= D.RULES["fear_per_card"]
        state.hand.append(state.sawyer_deck.pop())
        events.append(
            Event(
                "cards_bought",
                state.round,
                state.phase,
                {"fear": D.RULES["fear_per_card"], "hand": len(state.hand)},
            )
        )
        state.todo.insert(0, Step("buy"))

    def _ans_swap(self, state: State, step: Step, key: str, events: list[Event]) -> None:
        if key == "done":
            return
        t = state.trespassers[step.who]
        o = state.trespassers[step.n]
        _, way, card = key.split(":", 2)
        if way == "trade":  # one of mine for one of theirs, both hands full
            mine, theirs = card.split(":")
            moves = [("give", mine), ("take", theirs)]
        else:
            moves = [(way, card)]
        for move, c in moves:
            src, dst = (t, o) if move == "give" else (o, t)
            (src.personal if c in src.personal else src.items).remove(c)
            (dst.personal if c.startswith("personal/") else dst.items).append(c)
            events.append(
                Event(
                    "swapped",
                    state.round,
                    state.phase,
                    {"trespasser": t.id, "other": o.id, "item": D.name(c), "way": move},
                )
            )
        state.todo.insert(0, Step("swap", who=step.who, n=step.n))

    # -- Trespasser turns ----------------------------------------------------------------------------

    def _start_turn(self, state: State, idx: int, events: list[Event]) -> None:
        t = state.trespassers[idx]
        state.current = idx
        t.actions = _max_actions(t)
        t.used = []
        t.play_dead = False
        was_hidden = t.hidden
        t.hidden = False
        events.append(
            Event(
                "turn_started",
                state.round,
                "trespassers",
                {"trespasser": t.id, "space": D.name(t.space), "actions": t.actions, "unhid": was_hidden},
            )
        )
        if t.space in state.fire:
            state.todo.append(_fire_step(state, idx))

    def _tres_action(self, state: State, key: str, events: list[Event]) -> None:
        t = state.trespassers[state.current]
        who = state.current
        parts = key.split(":")
        head = parts[0]
        t.stopped = False
        t.made_noise = 0
        if head == "end":
            state.todo += [
                Step("noise_roll", who=who),
                Step("hide_check", who=who),
                Step("turn_done", who=who),
            ]
            return
        if head == "desp":
            self._desperation(state, who, parts, events)
            return
        t.actions -= 1
        if head == "move":
            state.todo += [
                Step("walk", who=who, path=[parts[1]], flag="move"),
                Step("arrived", who=who, path=[parts[1]], flag="move"),
                Step("vehicle_check", who=who),
                Step("after_action", who=who),
            ]
        elif head == "run":
            self._noise(state, who, 0 if _has(t, "run_quiet") else 1, events, offer=False, cause="run")
            state.todo += [
                Step("walk", who=who, path=parts[1:3], flag="run"),
                Step("arrived", who=who, path=parts[2:3], flag="run"),
                Step("vehicle_check", who=who),
                Step("after_action", who=who),
            ]
        elif head == "search":
            self._search(state, who, events)
        elif head == "swap":
            o = int(parts[1])
            events.append(
                Event(
                    "swap_started",
                    state.round,
                    "trespassers",
                    {"trespasser": t.id, "other": state.trespassers[o].id, "dead": state.trespassers[o].dead},
                )
            )
            state.todo += [Step("swap", who=who, n=o)]
        elif head == "use":
            self._use(state, who, parts, events)
        elif head == "repair":
            self._repair(state, who, events)
        elif head == "drive":
            self._drive(state, who, events)
        else:
            self._objective(state, who, parts, events)

    def _desperation(self, state: State, who: int, parts: list[str], events: list[Event]) -> None:
        t = state.trespassers[who]
        card = parts[1]
        info = D.ALL_DESPERATION[card]
        t.desperation.remove(card)
        state.desperation_deck.insert(0, card)
        events.append(
            Event(
                "desperation_played", state.round, "trespassers", {"trespasser": t.id, "card": info["name"]}
            )
        )
        effect = info["effect"]
        if effect == "free_run":
            state.todo += [
                Step("walk", who=who, path=parts[2:4], flag="quiet"),
                Step("arrived", who=who, path=parts[3:4], flag="run"),
                Step("vehicle_check", who=who),
                Step("after_action", who=who),
            ]
        elif effect == "attack2":
            self._hit_sawyer(state, who, parts[2], info["dice"], info["name"], events, armed=False)
        elif effect == "hush":
            events.append(
                Event("noise_hushed", state.round, "trespassers", {"trespasser": t.id, "noise": t.noise})
            )
            t.noise = 0
        elif effect == "extra_action":
            t.actions += info["actions"]
        elif effect == "dig_deep":
            t.actions = min(D.ACTIONS, t.actions + info["actions"])
            t.noise = 0
        elif effect == "heal":
            self._heal(state, who, parts[2], events)
        elif effect == "play_dead":
            t.play_dead = True
        elif effect == "window":
            state.todo += [
                Step("walk", who=who, path=parts[2:3], flag="window"),
                Step("arrived", who=who, path=parts[2:3], flag="window"),
                Step("vehicle_check", who=who),
                Step("after_action", who=who),
            ]

    def _heal(self, state: State, who: int, kind: str, events: list[Event]) -> None:
        t = state.trespassers[who]
        card = next(c for c in t.injuries if _itype(t, c) == kind)
        t.injuries.remove(card)
        t.wild_as.pop(card, None)
        state.injury_deck.insert(0, card)
        events.append(
            Event(
                "healed",
                state.round,
                "trespassers",
                {"trespasser": t.id, "injury": D.ALL_INJURIES[card]["name"], "type": kind},
            )
        )

    def _hit_sawyer(
        self, state: State, who: int, sid: str, n: int, weapon: str, events: list[Event], armed: bool = True
    ) -> None:
        t = state.trespassers[who]
        s = _sawyer(state, sid)
        dice = _roll(state, n)
        lost = min(successes(dice), s.actions)
        s.actions -= lost
        events.append(
            Event(
                "sawyer_hit",
                state.round,
                "trespassers",
                {
                    "trespasser": t.id,
                    "sawyer": D.name(sid),
                    "weapon": weapon,
                    "armed": armed,
                    "dice": dice,
                    "lost": lost,
                    "actions": s.actions,
                },
            )
        )

    def _use(self, state: State, who: int, parts: list[str], events: list[Event]) -> None:
        t = state.trespassers[who]
        card = parts[1]
        info = D.ALL_ITEMS[card]
        if info["effect"] == "weapon":
            (state.round_used if info.get("once") == "round" else t.used).append(card)
            self._hit_sawyer(state, who, parts[2], info["dice"], info["name"], events)
        else:  # heal: bury one of your Injuries, then bury the card
            self._heal(state, who, parts[2], events)
            (t.personal if card in t.personal else t.items).remove(card)
            state.item_decks[_board(t.space)].insert(0, card)

    def _search(self, state: State, who: int, events: list[Event]) -> None:
        self._noise(state, who, 1, events, offer=False, cause="search")
        if _offerable(state, "search"):
            state.todo.append(Step("offer", who=who, flag="search"))
        state.todo += [Step("search_roll", who=who), Step("after_action", who=who)]

    def _repair(self, state: State, who: int, events: list[Event]) -> None:
        t = state.trespassers[who]
        card = state.vehicles[t.space]
        used = _repair_plan(state, t.space)
        assert used is not None
        for c in used:
            for x in state.trespassers:
                if x.space == t.space and c in x.items:
                    x.items.remove(c)
        state.installed += used
        state.repaired.append(card)
        events.append(
            Event(
                "vehicle_repaired",
                state.round,
                "trespassers",
                {"trespasser": t.id, "vehicle": D.name(card), "parts": [D.name(c) for c in used]},
            )
        )

    def _drive(self, state: State, who: int, events: list[Event]) -> None:
        t = state.trespassers[who]
        card = state.vehicles[t.space]
        gone = [x for x in state.trespassers if x.space == t.space and _active(x)]
        state.driven.append(card)
        for x in gone:
            x.escaped = True
            x.hidden = False
            x.noise = 0
        events.append(
            Event(
                "escaped",
                state.round,
                "trespassers",
                {"trespassers": [x.id for x in gone], "vehicle": D.name(card), "how": "vehicle"},
            )
        )
        state.todo = [s for s in state.todo if s.who != who]
        state.todo.append(Step("turn_done", who=who))

    def _objective(self, state: State, who: int, parts: list[str], events: list[Event]) -> None:
        """Scenario actions B-E: siphon and ignite, flee, take and load Loot, take photos, document Evidence."""
        t = state.trespassers[who]
        head = parts[0]
        facts: dict = {"trespasser": t.id, "space": D.name(t.space)}
        if head == "siphon":
            fuel = next(c for c in state.beside if D.ALL_ITEMS[c]["effect"] == "fuel")
            state.beside.remove(fuel)
            t.items.append(fuel)
            card = state.vehicles[t.space]
            state.siphoned.append(card)
            facts |= {
                "vehicle": D.name(card),
                "left": sum(D.ALL_ITEMS[c]["effect"] == "fuel" for c in state.beside),
            }
            if len(t.items) > _limit(t):
                state.todo.insert(0, Step("bury", who=who))
        elif head == "ignite":
            fuel = next(c for c in t.items if D.ALL_ITEMS[c]["effect"] == "fuel")
            t.items.remove(fuel)
            state.installed.append(fuel)
            room = D.room_of(t.space)
            state.ignited.append(room)
            if t.space not in state.fire:
                state.fire.append(t.space)
            facts |= {
                "room": room,
                "burning": len(state.ignited),
                "needed": _scenario(state)["rooms_to_burn"],
            }
        elif head == "flee":
            t.escaped = True
            t.hidden = False
            t.noise = 0
            events.append(
                Event(
                    "escaped",
                    state.round,
                    "trespassers",
                    {"trespassers": [t.id], "vehicle": "", "how": "corner"},
                )
            )
            state.todo = [x for x in state.todo if x.who != who]
            state.todo.append(Step("turn_done", who=who))
            return
        elif head == "loot":
            state.tokens.remove(t.space)
            t.carrying = True
        elif head == "load":
            t.carrying = False
            state.loaded += 1
            facts |= {"loaded": state.loaded, "needed": _scenario(state)["loot_to_load"]}
        elif head == "photo":
            subject = parts[1] if len(parts) > 1 else ""
            if subject:
                state.photographed.append(subject)
            else:
                state.tokens.remove(t.space)
            state.photos += 1
            facts |= {
                "subject": D.name(subject) if subject else "",
                "photos": state.photos,
                "needed": _scenario(state)["photos_needed"],
            }
        elif head == "document":
            card = parts[1]
            holder = next(x for x in state.trespassers if card in x.items)
            holder.items.remove(card)
            state.documented.append(card)
            state.film -= 1
            facts |= {
                "room": D.ALL_ITEMS[card]["room"],
                "documented": len(state.documented),
                "needed": _scenario(state)["documents_needed"],
                "film": state.film,
            }
        events.append(Event(_OBJECTIVE_EVENT[head], state.round, "trespassers", facts))

    def _fire_burns(self, state: State, s: Sawyer, events: list[Event]) -> None:
        """A Sawyer starting a turn or ending a move in Fire: two dice, one action lost per success."""
        state.todo.append(Step("fire_burns", sawyer=s.id, dice=_roll(state, D.FIRE["dice"])))

    def _do_fire_burns(self, state: State, step: Step, events: list[Event]) -> None:
        """The Fire's roll against a Sawyer, on the family's turn: the family may reroll it first (any dice)."""
        if step.n == 0 and state.phase == "sawyer" and state.hand:
            state.todo[0:0] = [
                Step("reroll", dice=step.dice, flag="fire"),
                Step("fire_burns", sawyer=step.sawyer, dice=step.dice, n=1),
            ]
            return
        s = _sawyer(state, step.sawyer)
        lost = min(successes(step.dice), s.actions)
        s.actions -= lost
        events.append(
            Event(
                "fire_burns",
                state.round,
                state.phase,
                {"sawyer": D.name(s.id), "dice": step.dice, "lost": lost, "actions": s.actions},
            )
        )

    def _spread_fire(self, state: State, events: list[Event]) -> None:
        """After each round the fire takes one indoor space next to it (designed, `spread_per_round`), keeping
        the tokens still owed to ignitions."""
        for _ in range(D.FIRE["spread_per_round"]):
            left = D.FIRE["tokens"] - len(state.fire)
            owed = max(0, _scenario(state).get("rooms_to_burn", 0) - len(state.ignited))
            if left <= owed:
                return
            near = sorted(
                {b for a in state.fire for b in D.steps(a) if b in D.INDOORS and b not in state.fire}
            )
            if not near:
                return
            space = near[state.rng.below(len(near))]
            state.fire.append(space)
            events.append(
                Event(
                    "fire_spread",
                    state.round,
                    state.phase,
                    {"space": D.name(space), "room": D.room_of(space)},
                )
            )

    def _noise(
        self, state: State, who: int, n: int, events: list[Event], offer: bool = True, cause: str = "other"
    ) -> None:
        """Noise from the supply; `cause` (door, stairs, run, search, window, tile, vehicle) picks the prose."""
        t = state.trespassers[who]
        made = min(n, _supply(state))
        if made <= 0:
            return
        t.noise += made
        t.made_noise += made
        events.append(
            Event(
                "noise",
                state.round,
                state.phase,
                {"trespasser": t.id, "made": made, "noise": t.noise, "cause": cause},
            )
        )

    # -- effects --------------------------------------------------------------------------------------

    def _do_begin_round(self, state: State, step: Step, events: list[Event]) -> None:
        state.phase = "trespassers"
        state.round += 1
        state.current = -1
        state.round_used = []
        for t in state.trespassers:
            t.acted = False
        events.append(Event("round_started", state.round, "trespassers", {"round": state.round}))

    def _do_walk(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        if t.stopped or not _active(t) or not step.path:
            return
        nxt = step.path[0]
        kind = "window" if step.flag == "window" else D.LINKS[t.space][nxt]
        quiet = step.flag == "quiet"
        if kind == "window":
            self._noise(state, step.who, 1, events, cause="window")
        if kind == "door":
            if step.n == 0 and _offerable(state, "door"):
                state.todo.insert(
                    0, Step("offer", who=step.who, flag="door", path=step.path, sawyer=step.flag)
                )
                return
            if not quiet:
                locked = any(state.horror_up.get(D.room_of(x)) == "locked_door" for x in (t.space, nxt))
                self._noise(
                    state, step.who, D.HORROR["locked_door"]["noise"] if locked else 1, events, cause="door"
                )
        elif kind == "stairs" and not quiet:
            self._noise(state, step.who, 1, events, cause="stairs")
        t.space = nxt
        rest = step.path[1:]
        follow: list[Step] = []
        room = D.room_of(nxt)
        if room in state.horror:
            follow.append(Step("horror", who=step.who, flag=room))
        if state.grandpa == nxt:
            follow.append(Step("grandpa_attack", who=step.who))
        here = [s for s in state.sawyers if s.space == nxt]
        if (here or state.grandpa == nxt) and _offerable(state, "enter"):
            # Grandpa is a Sawyer for cards (FAQ): alone, I Got Ya makes him attack (one die).
            best = max(here, key=lambda s: D.SAWYERS[s.id]["attack_dice"]).id if here else "grandpa"
            follow.append(Step("offer", who=step.who, flag="enter", sawyer=best))
        if rest:
            follow.append(Step("walk", who=step.who, path=rest, flag=step.flag))
        state.todo[0:0] = follow

    def _do_horror(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        tile = state.horror.pop(step.flag)
        info = D.HORROR[tile]
        t.stopped = True
        if info["stays"]:
            state.horror_up[step.flag] = tile
        else:
            state.horror_gone.append(tile)
        events.append(
            Event(
                "horror_revealed",
                state.round,
                state.phase,
                {"trespasser": t.id, "room": step.flag, "tile": info["name"], "effect": info["effect"]},
            )
        )
        self._horror_effect(state, step.who, tile, events)

    def _horror_effect(self, state: State, who: int, tile: str, events: list[Event]) -> None:
        """A revealed tile's immediate effect on the Trespasser who found it (its numbers are the tile's)."""
        t = state.trespassers[who]
        info = D.HORROR[tile]
        effect = info["effect"]
        if effect in ("noise2", "noise3"):
            self._noise(state, who, info["noise"], events, cause="tile")
        elif effect == "attack1":
            state.todo.insert(
                0, Step("attack", who=who, sawyer="horror", dice=_roll(state, info["dice"]), flag="plain")
            )
        elif effect == "panic":
            self._raise_panic(state, events)
        elif effect == "lose_action":
            t.actions = max(0, t.actions - info["actions"])

    def _do_grandpa_attack(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        t.stopped = True
        state.todo.insert(
            0,
            Step(
                "attack",
                who=step.who,
                sawyer="grandpa",
                dice=_roll(state, D.RULES["grandpa_dice"]),
                flag="plain",
            ),
        )

    def _do_arrived(self, state: State, step: Step, events: list[Event]) -> None:
        """Say where the move or run really ended (a tile, Grandpa or a card may have cut it short)."""
        t = state.trespassers[step.who]
        short = t.space != step.path[0]
        how = step.flag if not short else "stopped"
        if t.space in state.fire and _active(t):
            state.todo.insert(0, _fire_step(state, step.who))
        events.append(
            Event(
                "moved", state.round, state.phase, {"trespasser": t.id, "space": D.name(t.space), "how": how}
            )
        )

    def _do_vehicle_check(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        if not _active(t) or t.space not in state.vehicles or t.space in state.vehicles_up:
            return
        state.vehicles_up.append(t.space)
        card = state.vehicles[t.space]
        effect = D.VEHICLES[card]["effect"]
        events.append(
            Event(
                "vehicle_revealed",
                state.round,
                state.phase,
                {"trespasser": t.id, "vehicle": D.name(card), "effect": effect, "space": D.name(t.space)},
            )
        )
        if effect == "panic":
            self._raise_panic(state, events)
        elif effect == "noise3":
            self._noise(state, step.who, D.VEHICLES[card]["noise"], events, cause="vehicle")
        elif effect == "personal" and state.personal_box:
            card = state.personal_box.pop(state.rng.below(len(state.personal_box)))
            t.personal.append(card)
            events.append(
                Event("stash_found", state.round, state.phase, {"trespasser": t.id, "item": D.name(card)})
            )

    def _do_after_action(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        if _active(t) and t.made_noise and _offerable(state, "noise"):
            state.todo.insert(0, Step("offer", who=step.who, flag="noise"))
        t.made_noise = 0

    def _do_search_roll(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        if not _active(t):
            return
        dice = _roll(state, search_dice(state, t))
        deck = state.item_decks[_board(t.space)]
        found = [deck.pop() for _ in range(min(successes(dice), len(deck)))]
        events.append(
            Event(
                "searched",
                state.round,
                state.phase,
                {"trespasser": t.id, "space": D.name(t.space), "dice": dice, "found": len(found)},
            )
        )
        if found:
            state.todo.insert(0, Step("take", who=step.who, cards=found))
        if len(state.searched) < D.SEARCHED_TOKENS:
            state.searched.append(t.space)
        else:
            state.todo.insert(1 if found else 0, Step("move_searched", flag=t.space))

    def _do_attack(self, state: State, step: Step, events: list[Event]) -> None:
        """Roll already made (step.dice); offer a reroll on the Sawyer turn, then reveal Injuries."""
        if step.n == 0 and state.phase == "sawyer" and state.hand:
            state.todo[0:0] = [
                Step("reroll", dice=step.dice),
                Step("attack", who=step.who, sawyer=step.sawyer, dice=step.dice, flag=step.flag, n=1),
            ]
            return
        t = state.trespassers[step.who]
        hits = successes(step.dice)
        who = _attacker(step.sawyer)
        events.append(
            Event(
                "attack",
                state.round,
                state.phase,
                {"attacker": who, "trespasser": t.id, "dice": step.dice, "hits": hits},
            )
        )
        if not _active(t) or t.hidden:
            return
        cards = [state.injury_deck.pop() for _ in range(min(hits, len(state.injury_deck)))]
        if not cards:
            return
        gives = D.SAWYERS["leatherface"]["injuries_given"] if step.flag == "chainsaw" else 1
        if not _valid_injuries(t, cards, step.flag):
            self._bury_injuries(state, cards)
            events.append(
                Event("injury_wasted", state.round, state.phase, {"trespasser": t.id, "revealed": len(cards)})
            )
            return
        state.todo.insert(
            0, Step("give", who=step.who, sawyer=step.sawyer, cards=cards, n=gives, flag=step.flag)
        )

    def _do_hunt(self, state: State, step: Step, events: list[Event]) -> None:
        if step.n == 0 and state.phase == "sawyer" and state.hand:
            state.todo[0:0] = [
                Step("reroll", dice=step.dice),
                Step("hunt", who=step.who, sawyer=step.sawyer, dice=step.dice, n=1),
            ]
            return
        t = state.trespassers[step.who]
        found = successes(step.dice) > 0
        if found:
            t.hidden = False
        events.append(
            Event(
                "hunted",
                state.round,
                state.phase,
                {"sawyer": D.name(step.sawyer), "trespasser": t.id, "dice": step.dice, "found": found},
            )
        )

    def _do_talk(self, state: State, step: Step, events: list[Event]) -> None:
        if step.n == 0 and state.hand:
            state.todo[0:0] = [Step("reroll", dice=step.dice), Step("talk", dice=step.dice, n=1)]
            return
        got = min(successes(step.dice), _supply(state))
        state.fear += got
        events.append(
            Event(
                "sweet_talk", state.round, state.phase, {"dice": step.dice, "fear": got, "total": state.fear}
            )
        )

    def _do_noise_roll(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        if not _active(t) or t.noise == 0:
            return
        dice = _roll(state, calm_dice(t))
        gone = min(successes(dice), t.noise)
        fear = t.noise - gone
        t.noise = 0
        state.fear += fear
        events.append(
            Event(
                "noise_rolled",
                state.round,
                state.phase,
                {"trespasser": t.id, "dice": dice, "calmed": gone, "fear": fear, "total": state.fear},
            )
        )

    def _do_hide_check(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        if not _active(t) or not (_hideable(state, t.space) or t.play_dead):
            return
        if any(s.space == t.space for s in state.sawyers) or state.grandpa == t.space:
            return
        if _offerable(state, "hide"):
            state.todo.insert(0, Step("offer", who=step.who, flag="hide"))
        else:
            state.todo.insert(0, Step("hide", who=step.who))

    def _do_hide(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        t.hidden = True
        events.append(
            Event("hidden", state.round, state.phase, {"trespasser": t.id, "space": D.name(t.space)})
        )

    def _do_turn_done(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        t.acted = True
        t.actions = 0
        state.current = -1
        events.append(Event("turn_ended", state.round, "trespassers", {"trespasser": t.id}))

    # -- the Sawyer turn ----------------------------------------------------------------------------

    def _start_sawyer_turn(self, state: State, events: list[Event]) -> None:
        state.phase = "sawyer"
        state.cur_sawyer = ""
        for t in state.trespassers:  # "they all reset their cubes to 4 on their boards" (rulebook)
            if _active(t):
                t.actions = _max_actions(t)
        free = min(D.PANIC[state.panic]["cards"], len(state.sawyer_deck))
        for _ in range(free):
            state.hand.append(state.sawyer_deck.pop())
        for s in state.sawyers:
            s.acted = False
        events.append(
            Event(
                "sawyer_turn",
                state.round,
                "sawyer",
                {"drawn": free, "hand": len(state.hand), "fear": state.fear},
            )
        )
        state.todo.append(Step("buy"))

    def _start_sawyer(self, state: State, sid: str, events: list[Event]) -> None:
        state.cur_sawyer = sid
        s = _sawyer(state, sid)
        events.append(
            Event(
                "sawyer_acts",
                state.round,
                "sawyer",
                {"sawyer": D.name(sid), "space": D.name(s.space), "actions": s.actions},
            )
        )
        if s.space in state.fire:
            self._fire_burns(state, s, events)

    def _end_sawyer(self, state: State, events: list[Event]) -> None:
        s = _sawyer(state, state.cur_sawyer)
        s.acted = True
        state.cur_sawyer = ""

    def _end_round(self, state: State, events: list[Event]) -> None:
        for s in state.sawyers:
            if s.space:
                s.actions = s.most
        if state.fire:
            self._spread_fire(state, events)
        state.todo.append(Step("begin_round"))  # no dawn: the game ends only when every Trespasser is out

    def _sawyer_action(self, state: State, key: str, events: list[Event]) -> None:
        s = _sawyer(state, state.cur_sawyer)
        parts = key.split(":")
        head = parts[0]
        if head == "end":
            self._end_sawyer(state, events)
            return
        if head == "panic":
            card = parts[1]
            state.hand.remove(card)
            state.sawyer_deck.insert(0, card)
            state.fear -= D.RULES["fear_for_panic"]
            events.append(Event("panic_bought", state.round, "sawyer", {"card": D.name(card)}))
            self._raise_panic(state, events)
            return
        if head == "free":
            self._free(state, s, parts, events)
            return
        s.actions -= 1
        if head in ("move", "creep", "move2"):
            dests = parts[1:2] if head != "move2" else parts[1:3]
            carried = parts[2] if head == "move" and len(parts) > 2 else ""
            for d in dests:
                s.space = d
            if carried == "grandpa":
                state.grandpa = s.space
            elif carried:
                state.trespassers[int(carried)].space = s.space
            events.append(
                Event(
                    "sawyer_moves",
                    state.round,
                    "sawyer",
                    {
                        "sawyer": D.name(s.id),
                        "space": D.name(s.space),
                        "why": head,
                        "carried": ""
                        if not carried
                        else ("Grandpa" if carried == "grandpa" else state.trespassers[int(carried)].id),
                    },
                )
            )
            if s.space in state.fire:
                self._fire_burns(state, s, events)
        elif head == "hunt":
            state.todo.append(
                Step("hunt", who=int(parts[1]), sawyer=s.id, dice=_roll(state, D.RULES["hunt_dice"]))
            )
        elif head == "attack":
            state.todo.append(_attack_step(state, s.id, int(parts[1])))
        elif head == "talk":
            state.todo.append(Step("talk", dice=_roll(state, D.SAWYERS["old_man"]["talk_dice"])))

    def _free(self, state: State, s: Sawyer, parts: list[str], events: list[Event]) -> None:
        card = parts[1]
        info = D.ALL_SAWYER_CARDS[card]
        state.hand.remove(card)
        state.sawyer_deck.insert(0, card)
        facts = {"card": info["name"], "sawyer": D.name(s.id), "free": info["free"]}
        if info["free"] == "fear2":
            facts["fear"] = min(info["fear"], _supply(state))  # what the card gives, said in the narration
            facts["total"] = state.fear + facts["fear"]
        events.append(Event("card_free", state.round, "sawyer", facts))
        free = info["free"]
        if free == "move":
            s.space = parts[2]
            events.append(
                Event(
                    "sawyer_moves",
                    state.round,
                    "sawyer",
                    {"sawyer": D.name(s.id), "space": D.name(s.space), "why": "free", "carried": ""},
                )
            )
            if s.space in state.fire:
                self._fire_burns(state, s, events)
        elif free == "hunt2":
            state.todo.append(Step("hunt", who=int(parts[2]), sawyer=s.id, dice=_roll(state, info["dice"])))
        elif free == "fear2":
            state.fear += facts["fear"]
        elif free.startswith("attack"):
            # The card sets the dice; the attack ability on the Sawyer's board still applies (FAQ): the Old
            # Man never gives the fourth Injury, Leatherface may give two.
            flag = D.SAWYERS[s.id]["attack"]
            state.todo.append(
                Step("attack", who=int(parts[2]), sawyer=s.id, dice=_roll(state, info["dice"]), flag=flag)
            )
        elif free == "horror":
            who = int(parts[2])
            t = state.trespassers[who]
            tile = state.horror_box.pop(state.rng.below(len(state.horror_box)))
            room = D.room_of(t.space)
            info2 = D.HORROR[tile]
            if info2["stays"]:
                state.horror_up[room] = tile
            else:
                state.horror_gone.append(tile)
            events.append(
                Event(
                    "horror_revealed",
                    state.round,
                    "sawyer",
                    {"trespasser": t.id, "room": room, "tile": info2["name"], "effect": info2["effect"]},
                )
            )
            self._horror_effect(state, who, tile, events)

    def _raise_panic(self, state: State, events: list[Event]) -> None:
        if state.panic >= len(D.PANIC) - 1:
            events.append(Event("panic_maxed", state.round, state.phase, {}))
            return
        state.panic += 1
        label = D.PANIC[state.panic]["label"]
        events.append(
            Event(
                "panic_raised",
                state.round,
                state.phase,
                {"space": state.panic, "label": label, "cards": D.PANIC[state.panic]["cards"]},
            )
        )
        if label == "desperation":
            for t in state.trespassers:
                if _active(t) and state.desperation_deck:
                    t.desperation.append(state.desperation_deck.pop())
                    events.append(Event("desperation_drawn", state.round, state.phase, {"trespasser": t.id}))
        elif label == "hitchhiker":
            state.todo.insert(0, Step("place_hitchhiker"))
        elif label == "grandpa":
            state.todo.insert(0, Step("place_grandpa"))
        elif label == "leatherface":
            s = _sawyer(state, "leatherface")
            s.space = D.SAWYERS["leatherface"]["start"]
            s.actions = s.most
            events.append(
                Event(
                    "sawyer_arrives",
                    state.round,
                    state.phase,
                    {"sawyer": D.name(s.id), "space": D.name(s.space)},
                )
            )

    def _kill(self, state: State, who: int, by: str, events: list[Event]) -> None:
        t = state.trespassers[who]
        t.dead = True
        t.hidden = False
        t.noise = 0
        if t.carrying:
            t.carrying = False
            state.tokens.append(t.space)
        events.append(
            Event(
                "killed",
                state.round,
                state.phase,
                {
                    "trespasser": t.id,
                    "by": _attacker(by),
                    "space": D.name(t.space),
                    "room": D.room_of(t.space),
                    "documented_room": D.room_of(t.space)
                    in {D.ALL_ITEMS[c]["room"] for c in state.documented},
                },
            )
        )
        state.todo = [s for s in state.todo if s.who != who]
        if state.current == who:
            state.todo.append(Step("turn_done", who=who))
        self._raise_panic(state, events)
        if by == "leatherface":
            drawn = min(D.SAWYERS["leatherface"]["relentless_draw"], len(state.sawyer_deck))
            for _ in range(drawn):
                state.hand.append(state.sawyer_deck.pop())
            events.append(Event("relentless", state.round, state.phase, {"drawn": drawn}))

    def _bury_injuries(self, state: State, cards: list[str]) -> None:
        """Bury revealed Injuries; with two different cards the family chooses the order (rulebook)."""
        if len({D.ALL_INJURIES[c]["id"] for c in cards}) > 1:
            state.todo.insert(0, Step("bury_injuries", cards=list(cards)))
            return
        for c in cards:
            state.injury_deck.insert(0, c)


# -- helpers ---------------------------------------------------------------------------------------


def _card_list(text: str, what: str) -> list[str]:
    return [c.strip() for c in text.split(",") if c.strip()]


def _check_unlocked(ids: list[str]) -> None:
    unknown = [a for a in ids if a not in D.ACHIEVEMENTS]
    if unknown:
        raise ValueError(f"Unknown achievements in 'unlocked': {', '.join(unknown)}.")


def _check_freezer(ids: list[str], unlocked: list[str]) -> list[str] | None:
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


def _reset_personal(deck: list[str]) -> list[str]:
    """Fewer than six Personal Items left in the box: take every Personal Item out of the deck (rulebook)."""
    inside = sum(c in D.PERSONAL for c in deck)
    if len(D.PERSONAL) - inside < D.RULES["personal_items_revealed"]:
        return [c for c in deck if c not in D.PERSONAL]
    return deck


def _shuffled(rng: Rng, items: list[str]) -> list[str]:
    rng.shuffle(items)
    return items


def _roll(state: State, n: int) -> list[int]:
    return [D.FACES[state.rng.below(6)] for _ in range(n)]


def _supply(state: State) -> int:
    return D.TOKENS - state.fear - sum(t.noise for t in state.trespassers)


def _active(t: Trespasser) -> bool:
    return not t.dead and not t.escaped


_SAWYER_INDEX = {sid: i for i, sid in enumerate(D.SAWYER_ORDER)}


def _sawyer(state: State, sid: str) -> Sawyer:
    return state.sawyers[_SAWYER_INDEX[sid]]  # setup lists the Sawyers in SAWYER_ORDER


def _board(space: str) -> str:
    return D.SPACES[space]["board"]


def _has(t: Trespasser, effect: str) -> bool:
    return any(D.ALL_ITEMS[c]["effect"] == effect for c in (*t.items, *t.personal))


def _itype(t: Trespasser, card: str) -> str:
    """An Injury's type; a wild one counts as the type it was given as."""
    return t.wild_as.get(card) or D.ALL_INJURIES[card]["type"]


def _limit(t: Trespasser) -> int:
    """The item limit: four, or the lower limit of a hand Injury unless a Backpack overrides it."""
    if _has(t, "backpack"):
        return D.ITEM_LIMIT
    return min(
        [D.ITEM_LIMIT, *(D.ALL_INJURIES[c]["limit"] for c in t.injuries if "limit" in D.ALL_INJURIES[c])]
    )


def _max_actions(t: Trespasser) -> int:
    """Four actions, fewer with an Injury that costs actions (its card says how many)."""
    return D.ACTIONS - sum(D.ALL_INJURIES[c].get("actions", 0) for c in t.injuries)


def _trade_fits(t: Trespasser, out: str, into: str) -> bool:
    """After trading `out` for `into`, the Trespasser is within the limit (a Backpack may change hands)."""
    after = Trespasser(t.id, t.space, injuries=t.injuries, items=[*(c for c in t.items if c != out), into])
    return len(after.items) <= _limit(after)


def search_dice(state: State, t: Trespasser) -> int:
    """Dice a search rolls: two, one more with a search light, fewer in a Stench room or with a head Injury."""
    n = D.RULES["search_dice"] + (D.RULES["search_plus_dice"] if _has(t, "search_plus") else 0)
    if state.horror_up.get(D.room_of(t.space)) == "stench":
        n -= D.HORROR["stench"]["dice"]
    n -= sum(D.ALL_INJURIES[c]["dice"] for c in t.injuries if D.ALL_INJURIES[c]["effect"] == "search_minus")
    return max(0, n)


def calm_dice(t: Trespasser) -> int:
    """Dice of the end-of-turn Noise roll: two, one more with a calming Item."""
    return D.RULES["noise_dice"] + (D.RULES["calm_dice"] if _has(t, "calm") else 0)


def _no_run(state: State, t: Trespasser) -> bool:
    if any(D.ALL_INJURIES[c]["effect"] == "no_run" for c in t.injuries):
        return True
    return state.horror_up.get(D.room_of(t.space)) == "slick"


def _hideable(state: State, space: str) -> bool:
    if D.SPACES[space].get("hide"):
        return True
    return space in state.vehicles_up and D.VEHICLES[state.vehicles[space]]["effect"] == "hide"


def _searchable(state: State, space: str) -> bool:
    if space in state.searched:
        return False
    if D.SPACES[space].get("search"):
        return True
    return space in state.vehicles_up and D.VEHICLES[state.vehicles[space]]["effect"] == "search"


def _valid_injuries(t: Trespasser, cards: list[str], flag: str) -> list[str]:
    """Injuries the Trespasser can take: never a type they have; Wallop never gives the fourth."""
    have = {_itype(t, c) for c in t.injuries}
    if flag.startswith("wallop") and len(have) == len(D.INJURY_TYPES) - 1:
        return []
    out, seen = [], set()
    for c in cards:
        kind = D.ALL_INJURIES[c]["type"]
        if (kind not in have or kind == "wild") and c not in seen:
            out.append(c)
            seen.add(c)
    return out


_OBJECTIVE_EVENT = {
    "siphon": "siphoned",
    "ignite": "ignited",
    "loot": "loot_taken",
    "load": "loot_loaded",
    "photo": "photo_taken",
    "document": "documented",
}


def _attacker(by: str) -> str:
    if by in D.SAWYERS or by == "grandpa":
        return D.name(by)
    return "the fire" if by == "fire" else "the House"


def _scenario(state: State) -> dict:
    return D.SCENARIOS[state.scenario]


def _fire_step(state: State, who: int) -> Step:
    return Step("attack", who=who, sawyer="fire", dice=_roll(state, D.FIRE["dice"]), flag="plain")


def _needs(state: State) -> dict[str, list[str]]:
    """Vehicle card -> the parts a Repair needs (plus a Gas Can), for this scenario."""
    if state.scenario == "a":
        return {v: D.VEHICLES[v]["needs"] for v in D.ESCAPE_VEHICLES}
    return dict(_scenario(state).get("repair", {}))


def _can_drive(state: State, space: str) -> bool:
    if space not in state.vehicles_up:
        return False
    card = state.vehicles[space]
    if card in state.driven:
        return False
    sc = state.scenario
    if sc == "a":
        return card in state.repaired
    if sc == "c":
        return card in state.repaired and state.loaded >= _scenario(state)["loot_to_load"]
    if sc == "d":
        return (
            card == "green_van"
            and state.photos >= _scenario(state)["photos_needed"]
            and bool(state.photographed)
        )
    return False


def _holds(t: Trespasser, effect: str) -> list[str]:
    return [c for c in t.items if D.ALL_ITEMS[c]["effect"] == effect]


def _objective_options(state: State, t: Trespasser) -> list[Option]:
    sc = _scenario(state)
    opts: list[Option] = []
    here = t.space
    if state.scenario == "b":
        card = state.vehicles.get(here, "")
        if (
            here in state.vehicles_up
            and card in D.ESCAPE_VEHICLES
            and card not in state.siphoned
            and any(D.ALL_ITEMS[c]["effect"] == "fuel" for c in state.beside)
        ):
            opts.append(Option("siphon", f"siphon fuel from the {D.name(card)}"))
        room = D.room_of(here)
        if _holds(t, "fuel") and here in D.INDOORS and room not in state.ignited:
            opts.append(Option("ignite", f"douse the {room} and set it alight"))
    if state.scenario in ("b", "e") and here in D.CORNERS:
        goal = sc["rooms_to_burn"] if state.scenario == "b" else sc["documents_needed"]
        done = len(state.ignited) if state.scenario == "b" else len(state.documented)
        if done >= goal:
            opts.append(Option("flee", "flee into the night from this corner"))
    if state.scenario == "c":
        if here in state.tokens and not t.carrying:
            opts.append(Option("loot", "pick up the Loot here"))
        if t.carrying and here in state.vehicles_up and state.vehicles[here] == sc["placed_vehicle"]:
            opts.append(Option("load", f"load the Loot into the {D.name(state.vehicles[here])}"))
    if state.scenario == "d" and D.CAMERA in t.items:
        if here in state.tokens:
            opts.append(Option("photo", f"photograph the {D.room_of(here)}"))
        subjects = [s.id for s in state.sawyers if s.space == here]
        if state.grandpa == here:
            subjects.append("grandpa")
        for sid in subjects:
            if sid not in state.photographed:
                opts.append(Option(f"photo:{sid}", f"take a picture of {D.name(sid)}"))
    if state.scenario == "e" and state.film > 0:
        group = [x for x in state.trespassers if x.space == here and _active(x)]
        if any(D.CAMERA in x.items for x in group):
            room = D.room_of(here)
            for x in group:
                for c in _holds(x, "evidence"):
                    if D.ALL_ITEMS[c]["room"] == room:
                        opts.append(Option(f"document:{c}", f"photograph the {D.name(c)}"))
    return opts


def _objective_why(state: State, t: Trespasser, head: str) -> str:
    reasons = {
        "siphon": "Siphon needs a revealed escape vehicle not yet siphoned, and fuel left beside the board.",
        "ignite": "Ignite needs Siphoned Fuel in hand, indoors, in a room not yet set alight.",
        "flee": "You can flee only from an Outdoor Corner once the scenario's goal is done.",
        "loot": "There is no Loot here, or you already carry something (one thing at a time).",
        "load": "Load needs Loot in your hands and the Blue Truck in your space.",
        "photo": "A photo needs the Camera in your hands and a Photo token or an unphotographed Sawyer here.",
        "document": "Documenting needs the Camera, film, and that Evidence card here, in its own room.",
        "drive": "This vehicle cannot leave yet (it is not ready, or the scenario's goal is not done).",
    }
    return reasons[head]


_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def _dice(n: int) -> str:
    """'one die', 'three dice': option labels say the data's numbers in words."""
    return f"{_WORDS[n]} {'die' if n == 1 else 'dice'}"


_TALK = Option("talk", f"Sweet Talk ({_dice(D.SAWYERS['old_man']['talk_dice'])}, Fear for successes)")


def _plural(n: int, one: str, many: str) -> str:
    """'1 success', '2 successes': prompts say the number the way a person would."""
    return f"{n} {one if n == 1 else many}"


def _the(room: str) -> str:
    """'the Kitchen', but 'Grandpa's Room' (a possessive name takes no article)."""
    return room if "'s " in room else f"the {room}"


def _attack_step(state: State, sid: str, who: int) -> Step:
    info = D.SAWYERS[sid]
    return Step("attack", who=who, sawyer=sid, dice=_roll(state, info["attack_dice"]), flag=info["attack"])


def _offerable(state: State, trigger: str) -> bool:
    return any(
        D.ALL_SAWYER_CARDS[c]["trigger"] == trigger and state.fear >= D.ALL_SAWYER_CARDS[c]["cost"]
        for c in state.hand
    )


def _repair_plan(state: State, space: str) -> list[str] | None:
    """The parts and Gas Can the group in this space would use to repair the vehicle here, or None."""
    if space not in state.vehicles_up:
        return None
    card = state.vehicles[space]
    needs = _needs(state).get(card)
    if needs is None or card in state.repaired:
        return None
    pool = [c for t in state.trespassers if t.space == space and _active(t) for c in t.items]
    used = []
    for need in [*needs, "gas"]:
        got = next((c for c in pool if D.ALL_ITEMS[c].get("part") == need and c not in used), None)
        if got is None:
            return None
        used.append(got)
    return used


def _first_of_each(cards: list[str], table: dict) -> list[str]:
    """One card per design, so two copies of a card are one option."""
    seen: set[str] = set()
    out = []
    for c in cards:
        if table[c]["id"] not in seen:
            seen.add(table[c]["id"])
            out.append(c)
    return out


def _run_paths(state: State, t: Trespasser) -> list[tuple[str, str]]:
    paths = D.RUNS[t.space]
    if "slick" not in state.horror_up.values():
        return paths
    slick = {room for room, tile in state.horror_up.items() if tile == "slick"}
    return [(a, b) for a, b, ra, rb in _RUN_ROOMS[t.space] if ra not in slick and rb not in slick]


_RUN_ROOMS = {s: [(a, b, D.room_of(a), D.room_of(b)) for a, b in D.RUNS[s]] for s in D.SPACES}
"""Each run path of a space with the rooms it passes through (a Slick Floor closes those)."""
_TOKEN_OPTIONS = {
    r: [Option(f"space:{sp}", f"{D.name(sp)} ({D.room_of(sp)})") for sp in D.ROOMS[r]] for r in D.TOKEN_ROOMS
}
"""Where a Loot or Photo token may go, room by room."""
_FACE = {0: "blank", 1: "slash", 2: "skull"}
_ALWAYS_ASKED = frozenset({"buy", "swap", "offer", "reroll"})
"""Questions never answered for the seat: they always hold a real choice (a pass, a keep, a done)."""
_PANIC_OPTION = {
    c: Option(f"panic:{c}", f"spend {info['name']} and six Fear to raise the Panic Meter")
    for c, info in D.ALL_SAWYER_CARDS.items()
}
_FREE_MOVES: dict[tuple[str, str], list[Option]] = {}


def _free_moves(card: str, space: str) -> list[Option]:
    """A move card's free-move options from a space, built once per process."""
    got = _FREE_MOVES.get((card, space))
    if got is None:
        name = D.ALL_SAWYER_CARDS[card]["name"]
        got = _FREE_MOVES[card, space] = [
            Option(f"free:{card}:{b}", f"play {name} for a free move to {D.name(b)}") for b in D.steps(space)
        ]
    return got


_END_SAWYER = {sid: Option("end", f"end {D.name(sid)}'s turn", ("done", "pass")) for sid in D.SAWYER_ORDER}
_END_TURN = Option("end", "end your turn", ("done", "pass"))
_OPTIONS: dict[tuple[str, ...], Option] = {}


def _cached(ident: tuple[str, ...], key: str, label) -> Option:
    """Options whose label follows from the key alone are built once per process (apply is called a lot)."""
    found = _OPTIONS.get(ident)
    if found is None:
        found = _OPTIONS[ident] = Option(key, label())
    return found


def _move_option(a: str, b: str) -> Option:
    kind = D.LINKS[a][b]
    note = " (door, Noise)" if kind == "door" else " (stairs, Noise)" if kind == "stairs" else ""
    return Option(f"move:{b}", f"move to {D.name(b)}{note}")


_MOVE_OPTIONS = {a: [_move_option(a, b) for b in D.steps(a)] for a in D.SPACES}
_SAWYER_MOVE = {
    (sid, b): Option(f"move:{b}", f"{D.name(sid)} moves to {D.name(b)}")
    for sid in D.SAWYER_ORDER
    for b in D.SPACES
}
_SAWYER_MOVES = {
    (sid, a): [_SAWYER_MOVE[sid, b] for b in D.steps(a)] for sid in D.SAWYER_ORDER for a in D.SPACES
}
_RUN_OPTION = {
    (a, b): Option(f"run:{a}:{b}", f"run to {D.name(b)} via {D.name(a)} (Noise)")
    for s in D.SPACES
    for a, b in D.RUNS[s]
}
_RUN_OPTIONS = {s: [_RUN_OPTION[a, b] for a, b in D.RUNS[s]] for s in D.SPACES}
"""Move and run options of each space, built once (they depend on the space alone)."""


def _tres_options(state: State) -> list[Option]:
    t = state.trespassers[state.current]
    opts: list[Option] = []
    here = [s for s in state.sawyers if s.space == t.space]
    if t.actions > 0:
        opts += _MOVE_OPTIONS[t.space]
        if not _no_run(state, t):
            if "slick" in state.horror_up.values():
                opts += [_RUN_OPTION[a, b] for a, b in _run_paths(state, t)]
            else:
                opts += _RUN_OPTIONS[t.space]
        if _searchable(state, t.space):
            opts.append(Option("search", f"search here (Noise, {_dice(search_dice(state, t))})"))
        for i, o in enumerate(state.trespassers):
            if (
                o is not t
                and o.space == t.space
                and not o.escaped
                and (o.items or o.personal or t.items or t.personal)
            ):
                opts.append(Option(f"swap:{i}", f"swap Items with {o.id}{' (dead)' if o.dead else ''}"))
        for c in [*t.items, *t.personal]:
            info = D.ALL_ITEMS[c]
            if info["effect"] == "weapon" and c not in t.used and c not in state.round_used:
                for s in here:
                    opts.append(
                        Option(
                            f"use:{c}:{s.id}",
                            f"attack {D.name(s.id)} with the {info['name']} ({info['dice']} dice)",
                        )
                    )
            if info["effect"] == "heal":
                for kind in sorted({_itype(t, x) for x in t.injuries}):
                    opts.append(Option(f"use:{c}:{kind}", f"use the {info['name']} on your {kind} Injury"))
        if _repair_plan(state, t.space) is not None:
            opts.append(Option("repair", f"repair the {D.name(state.vehicles[t.space])}"))
        if _can_drive(state, t.space):
            opts.append(Option("drive", f"drive off in the {D.name(state.vehicles[t.space])}"))
        if state.scenario != "a":
            opts += _objective_options(state, t)
    for c in _first_of_each(t.desperation, D.ALL_DESPERATION):
        info = D.ALL_DESPERATION[c]
        e = info["effect"]
        if e == "free_run" and not _no_run(state, t):
            for a, b in _run_paths(state, t):
                opts.append(
                    Option(
                        f"desp:{c}:{a}:{b}", f"{info['name']}: run to {D.name(b)} via {D.name(a)}, no Noise"
                    )
                )
        elif e == "attack2":
            for s in here:
                opts.append(
                    Option(
                        f"desp:{c}:{s.id}", f"{info['name']}: attack {D.name(s.id)} ({_dice(info['dice'])})"
                    )
                )
        elif e == "hush" and t.noise:
            opts.append(Option(f"desp:{c}", f"{info['name']}: lose all your Noise"))
        elif e in ("extra_action", "dig_deep") and t.actions < D.ACTIONS:
            opts.append(Option(f"desp:{c}", f"{info['name']}: one more action"))
        elif e == "heal":
            for kind in sorted({_itype(t, x) for x in t.injuries}):
                opts.append(Option(f"desp:{c}:{kind}", f"{info['name']}: bury your {kind} Injury"))
        elif e == "window":
            for b in D.window_exits(t.space):
                opts.append(
                    Option(f"desp:{c}:{b}", f"{info['name']}: through the window to {D.name(b)} (Noise)")
                )
        elif e == "play_dead" and not t.play_dead:
            opts.append(Option(f"desp:{c}", f"{info['name']}: hide here at the end of your turn"))
    opts.append(_END_TURN)
    return opts


_PROMPTS: dict[tuple, str] = {}
"""Action prompts by what they say (a few hundred at most): formatting one is dearer than looking it up."""


def _tres_prompt(state: State) -> str:
    t = state.trespassers[state.current]
    ident = (t.id, t.space, t.actions, t.noise)
    found = _PROMPTS.get(ident)
    if found is None:
        found = _PROMPTS[ident] = (
            f"{t.id.capitalize()}, in {_the(D.name(t.space))}, {t.actions} action{'s' if t.actions != 1 else ''} left, "
            f"Noise {t.noise}."
        )
    return found


def _sawyer_options(state: State) -> list[Option]:
    s = _sawyer(state, state.cur_sawyer)
    opts: list[Option] = []
    tres = [
        (i, t) for i, t in enumerate(state.trespassers) if t.space == s.space and not t.dead and not t.escaped
    ]
    if s.actions > 0:
        if not tres and state.grandpa != s.space:
            opts += _SAWYER_MOVES[s.id, s.space]
        for b in D.steps(s.space) if tres or state.grandpa == s.space else ():
            opts.append(_SAWYER_MOVE[s.id, b])
            if s.id == "old_man":
                for i, t in tres:
                    if not t.hidden:
                        opts.append(
                            _cached(
                                ("hog", b, t.id),
                                f"move:{b}:{i}",
                                lambda b=b, t=t: f"move to {D.name(b)} carrying {t.id} (Hogtie)",
                            )
                        )
            if state.grandpa == s.space:
                opts.append(Option(f"move:{b}:grandpa", f"move to {D.name(b)} carrying Grandpa"))
        if s.id == "hitchhiker":
            if D.SPACES[s.space]["region"] == "outdoors":
                for a in D.steps(s.space):
                    for b in D.steps(a):
                        if b != s.space:
                            opts.append(
                                _cached(
                                    ("m2", a, b),
                                    f"move2:{a}:{b}",
                                    lambda a=a, b=b: f"move to {D.name(b)} via {D.name(a)} (Vagabond)",
                                )
                            )
            for b, kind in D.LINKS[s.space].items():
                if kind == "window" and D.SPACES[b]["board"] == "down":
                    opts.append(Option(f"creep:{b}", f"creep through the window to {D.name(b)}"))
        for i, t in tres:
            if t.hidden:
                opts.append(Option(f"hunt:{i}", f"hunt for {t.id} ({_dice(D.RULES['hunt_dice'])})"))
            else:
                opts.append(Option(f"attack:{i}", f"attack {t.id} ({D.SAWYERS[s.id]['attack_dice']} dice)"))
        if s.id == "old_man" and tres:
            opts.append(_TALK)
    panic = state.fear >= D.RULES["fear_for_panic"] and state.panic < len(D.PANIC) - 1
    for c in _first_of_each(state.hand, D.ALL_SAWYER_CARDS):
        info = D.ALL_SAWYER_CARDS[c]
        free = info["free"]
        if free == "move":
            opts += _free_moves(c, s.space)
        elif free == "hunt2":
            for i, t in tres:
                if t.hidden:
                    opts.append(
                        Option(
                            f"free:{c}:{i}", f"play {info['name']}: hunt {t.id} with {_dice(info['dice'])}"
                        )
                    )
        elif free == "fear2" and _supply(state) > 0:
            opts.append(Option(f"free:{c}", f"play {info['name']}: take {_WORDS[info['fear']]} Fear"))
        elif free.startswith("attack"):
            for i, t in tres:
                if not t.hidden:
                    opts.append(
                        Option(
                            f"free:{c}:{i}", f"play {info['name']}: attack {t.id} with {_dice(info['dice'])}"
                        )
                    )
        elif free == "horror" and state.horror_box:
            for i, t in enumerate(state.trespassers):
                room = D.room_of(t.space)
                if (
                    _active(t)
                    and room
                    and room not in state.horror
                    and room not in state.horror_up
                    and room != "Foyer"
                ):
                    opts.append(Option(f"free:{c}:{i}", f"play {info['name']} on {t.id} in the {room}"))
        if panic:
            opts.append(_PANIC_OPTION[c])
    opts.append(_END_SAWYER[s.id])
    return opts


def _sawyer_prompt(state: State) -> str:
    s = _sawyer(state, state.cur_sawyer)
    ident = (s.id, s.space, s.actions, state.fear)
    found = _PROMPTS.get(ident)
    if found is None:
        found = _PROMPTS[ident] = (
            f"{D.name(s.id)[:1].upper()}{D.name(s.id)[1:]}, in {_the(D.name(s.space))}, {s.actions} action{'s' if s.actions != 1 else ''} "
            f"left; Fear {state.fear}."
        )
    return found


def _skip_ask(state: State, step: Step) -> bool:
    """A question that no longer applies (its Trespasser died or left, nothing to buy)."""
    if step.kind == "buy":
        return state.fear < D.RULES["fear_per_card"] or not state.sawyer_deck
    if step.kind == "offer":
        t = state.trespassers[step.who]
        return not _active(t) or not _offerable(state, step.flag)
    if step.kind in ("bury", "take", "swap", "give"):
        return not _active(state.trespassers[step.who])
    if step.kind == "reroll":
        return not state.hand
    return False


def _ask(state: State, step: Step) -> tuple[list[Option], str, str, str]:
    kind = step.kind
    seat = ASKS[kind]
    if kind == "place_horror":
        opts = [Option(f"horror:{r}", _the(r)) for r in D.HORROR_ROOMS if r not in state.horror]
        return opts, seat, kind, f"Place the {D.name(step.cards[0])} Horror tile face down in a room."
    if kind == "brutal":
        opts = [Option(f"brutal:{s}", f"{D.name(s)} gets the Brutal side") for s in D.SAWYER_ORDER]
        return opts, seat, kind, "Three Trespassers: flip one Sawyer board to its Brutal side."
    if kind == "personal":
        t = state.trespassers[step.who]
        opts = [Option(f"take:{c}", D.name(c)) for c in state.personal_offer]
        return opts, seat, kind, f"{t.id.capitalize()} chooses a Personal Item."
    if kind == "place_hitchhiker":
        return (
            [Option(f"space:{c}", D.name(c)) for c in D.CORNERS],
            seat,
            kind,
            "Place the Hitchhiker on an Outdoor Corner.",
        )
    if kind == "place_grandpa":
        return [Option(f"space:{c}", D.name(c)) for c in D.SPACES], seat, kind, "Place Grandpa on any space."
    if kind == "offer":
        t = state.trespassers[step.who]
        cards = [
            c
            for c in _first_of_each(state.hand, D.ALL_SAWYER_CARDS)
            if D.ALL_SAWYER_CARDS[c]["trigger"] == step.flag and state.fear >= D.ALL_SAWYER_CARDS[c]["cost"]
        ]
        opts = [
            Option(f"play:{c}", f"play {D.name(c)} for {D.ALL_SAWYER_CARDS[c]['cost']} Fear") for c in cards
        ]
        opts.append(Option("pass", "let it go", ("no",)))
        what = {
            "enter": "enters a Sawyer's space",
            "door": "is about to go through a door",
            "noise": "made Noise",
            "search": "is searching",
            "hide": "is about to hide",
        }[step.flag]
        return opts, seat, kind, f"{t.id.capitalize()} {what}. Play a card?"
    if kind == "give":
        t = state.trespassers[step.who]
        opts = [
            Option(f"give:{c}", f"{D.name(c)} ({D.ALL_INJURIES[c]['type']})")
            for c in _valid_injuries(t, step.cards, step.flag)
        ]
        if step.flag.endswith("+"):
            opts.append(Option("none", "give no second Injury"))
        return opts, seat, kind, f"Choose the Injury to give {t.id}."
    if kind == "reroll":
        nxt = state.todo[1]
        what = "successes" if nxt.kind == "fire_burns" else "blanks"
        opts = []
        for c in _first_of_each(state.hand, D.ALL_SAWYER_CARDS):
            opts.append(Option(f"reroll:{c}", f"bury {D.name(c)} to reroll the {what}"))
            opts.append(Option(f"pick:{c}", f"bury {D.name(c)} and choose which dice to reroll"))
        opts.append(Option("keep", "keep the roll"))
        return (
            opts,
            seat,
            kind,
            f"The dice show {_plural(successes(nxt.dice), 'success', 'successes')}. Reroll?",
        )
    if kind == "reroll_pick":
        dice = state.todo[1].dice
        opts = []
        for mask in range(1, 1 << len(dice)):
            which = [i for i in range(len(dice)) if mask >> i & 1]
            faces = ", ".join(f"die {i + 1} ({_FACE[dice[i]]})" for i in which)
            opts.append(Option("dice:" + ",".join(map(str, which)), f"reroll {faces}"))
        return opts, seat, kind, "Which dice are rolled again? (Each die once.)"
    if kind == "camera":
        opts = [
            Option(f"carry:{i}", f"{t.id.capitalize()} carries the Camera")
            for i, t in enumerate(state.trespassers)
        ]
        return opts, seat, kind, "Who takes the Camera?"
    if kind == "place_vehicle":
        opts = [Option(f"space:{v}", D.name(v)) for v in D.VEHICLE_SPACES]
        return opts, seat, kind, f"Place the {D.name(step.cards[0])} on a vehicle space."
    if kind == "place_token":
        taken = {D.room_of(x) for x in state.tokens}
        opts = [o for r in D.TOKEN_ROOMS if r not in taken for o in _TOKEN_OPTIONS[r]]
        token = "Loot" if state.scenario == "c" else "Photo"
        return opts, seat, kind, f"Place a {token} token in a room ({step.n} left)."
    if kind == "bury":
        t = state.trespassers[step.who]
        return (
            [Option(f"bury:{c}", D.name(c)) for c in t.items],
            seat,
            kind,
            f"{t.id.capitalize()} is over the item limit: bury an Item.",
        )
    if kind == "take":
        t = state.trespassers[step.who]
        opts = [Option(f"take:{c}", D.name(c)) for c in step.cards]
        return (
            opts,
            seat,
            kind,
            f"{t.id.capitalize()} found {_plural(len(step.cards), 'Item', 'Items')}: take one, bury the rest.",
        )
    if kind == "bury_order":
        t = state.trespassers[step.who]
        opts = [Option(f"next:{c}", f"bury {D.name(c)} now (the rest go beneath it)") for c in step.cards]
        return (
            opts,
            seat,
            kind,
            f"{t.id.capitalize()} buries {len(step.cards)} Items at the bottom of the deck: which goes first?",
        )
    if kind == "bury_injuries":
        opts = [
            Option(
                f"next:{c}", f"bury {D.name(c)} ({D.ALL_INJURIES[c]['type']}) now (the rest go beneath it)"
            )
            for c in _first_of_each(step.cards, D.ALL_INJURIES)
        ]
        return opts, seat, kind, f"The family buries {len(step.cards)} Injuries: which goes first?"
    if kind == "move_searched":
        return (
            [Option(f"from:{s}", f"the token on {D.name(s)}") for s in state.searched],
            seat,
            kind,
            "All five Searched tokens are out: which one moves?",
        )
    if kind == "buy":
        return (
            [
                Option("buy", f"draw a card for {_WORDS[D.RULES['fear_per_card']]} Fear"),
                Option("done", "done drawing"),
            ],
            seat,
            kind,
            f"Fear {state.fear}, {_plural(len(state.hand), 'card', 'cards')} in hand.",
        )
    t = state.trespassers[step.who]
    o = state.trespassers[step.n]
    opts = []
    for c in t.items:
        if len(o.items) < _limit(o):  # a body too: "you cannot exceed your Item Limit, even when swapping"
            opts.append(Option(f"swap:give:{c}", f"give {D.name(c)} to {o.id}"))
    for c in t.personal:
        opts.append(Option(f"swap:give:{c}", f"give {D.name(c)} to {o.id}"))
    for c in o.items:
        if len(t.items) < _limit(t):
            opts.append(Option(f"swap:take:{c}", f"take {D.name(c)} from {o.id}"))
    for c in o.personal:
        opts.append(Option(f"swap:take:{c}", f"take {D.name(c)} from {o.id}"))
    if len(t.items) >= _limit(t) and len(o.items) >= _limit(o):  # both full: a trade, one for one
        for c in t.items:
            for x in o.items:
                if _trade_fits(t, c, x) and _trade_fits(o, x, c):
                    opts.append(
                        Option(f"swap:trade:{c}:{x}", f"trade {D.name(c)} for {D.name(x)} from {o.id}")
                    )
    opts.append(Option("done", "done swapping"))
    return opts, seat, "swap", f"{t.id.capitalize()} swaps with {o.id.capitalize()}."


def _visible_step(state: State, seat: str) -> Step | None:
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


_ANSWERS = {k[5:]: f for k, f in vars(Slaughterhouse).items() if k.startswith("_ans_")}
_EFFECTS = {k[4:]: f for k, f in vars(Slaughterhouse).items() if k.startswith("_do_")}
"""The handler of each question and each queued effect, by step kind."""

GAME = Slaughterhouse()
