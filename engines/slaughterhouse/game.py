"""The rules of Slaughterhouse, scenario A: Trespassers search the House for parts while the family hunts.

Everything that happens is a queue of Steps (state.todo). Effects run at once; a Step that needs a choice
stops the queue and becomes the Decision. With the queue empty the phase asks its main question.
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
from engines.core.events import Event
from engines.core.rng import Rng
from engines.slaughterhouse import data as D
from engines.slaughterhouse.state import Sawyer, State, Step, Trespasser, TrespasserView, View

TRESPASSERS = "trespassers"
SAWYER = "sawyer"
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
    "move_searched": SAWYER,
    "buy": SAWYER,
    "swap": TRESPASSERS,
}


def successes(dice: list[int]) -> int:
    return sum(dice)


class Slaughterhouse:
    id = "slaughterhouse"
    title = "The Texas Chainsaw Massacre: Slaughterhouse"
    rules_version = "1"
    seats = (
        Seat(TRESPASSERS, "the Trespassers", "Search the farmhouse for parts, fix a vehicle, get out alive."),
        Seat(SAWYER, "the Sawyer family", "Spend Fear, play cards, hunt the Trespassers down."),
    )
    person_seats = (TRESPASSERS, SAWYER)
    options = (
        GameOption(
            "trespassers", ("1", "2", "3", "4"), "2", "How many Trespassers (one seat plays them all)."
        ),
        GameOption("scenario", ("a",), "a", "Scenario: a = Who Will Survive? (B-E not yet implemented)."),
    )
    state_type = State
    default_policy = "heuristic"

    @property
    def policies(self):
        from engines.slaughterhouse import policies

        return policies.POLICIES

    # -- the contract ---------------------------------------------------------------------------

    def setup(self, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
        opts = resolve_options(self, options or {})
        n = int(opts["trespassers"])
        rng = Rng.from_seed(seed)
        tres = [Trespasser(t["id"], D.START["trespassers"], actions=D.ACTIONS) for t in D.TRESPASSERS[:n]]
        sawyers = []
        for sid in D.SAWYER_ORDER:
            most = D.SAWYERS[sid]["actions"] + (1 if n == 4 else 0)
            sawyers.append(Sawyer(sid, actions=most, most=most, brutal=n == 4))
        state = State(rng=rng, count=n, trespassers=tres, sawyers=sawyers)
        state.desperation_deck = _shuffled(rng, list(D.DESPERATION))
        state.injury_deck = _shuffled(rng, list(D.INJURIES))
        state.sawyer_deck = _shuffled(rng, list(D.SAWYER_CARDS))
        state.hand = [state.sawyer_deck.pop() for _ in range(D.RULES["sawyer_start_cards"])]
        state.fear = D.RULES["sawyer_start_fear"]
        tiles = _shuffled(rng, list(D.HORROR))
        state.horror_placing = tiles[: D.RULES["horror_tiles_placed"]]
        state.horror_box = tiles[D.RULES["horror_tiles_placed"] :]
        personal = _shuffled(rng, list(D.PERSONAL))
        state.personal_offer = personal[: D.RULES["personal_items_revealed"]]
        state.personal_box = personal[D.RULES["personal_items_revealed"] :]
        items = _shuffled(rng, [*D.ITEMS, *D.SCENARIO_A_ITEMS])
        half = (len(items) + 1) // 2  # the larger half goes Downstairs
        state.item_decks = {"down": items[:half], "up": items[half:]}
        others = _shuffled(rng, [v for v in D.VEHICLES if v not in D.SCENARIO_A_VEHICLES])
        chosen = _shuffled(rng, [*D.SCENARIO_A_VEHICLES, *others[:2]])
        state.vehicle_box = others[2:]
        state.vehicles = dict(zip(D.VEHICLE_SPACES, chosen, strict=True))
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
                },
            )
        ]
        state.todo = [Step("place_horror", cards=[t]) for t in state.horror_placing]
        if n == 3:
            state.todo.append(Step("brutal"))
        state.todo += [Step("personal", who=i) for i in range(n)]
        state.todo.append(Step("begin_round"))
        self._run(state, events)
        return state, events

    def decision(self, state: State) -> Decision | None:
        if state.phase == "over":
            return None
        options, seat, kind, prompt = self._options(state)
        return Decision(seat, kind, prompt, tuple(options))

    def apply(self, state: State, key: str, decision: Decision | None = None) -> list[Event]:
        if state.phase == "over":
            raise IllegalMove("The game is over; there is nothing left to decide.")
        options = decision.options if decision is not None else self._options(state)[0]
        if key not in {o.key for o in options}:
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
        if state.result == "dawn":
            reason += f", {n - escaped - dead} still trapped when dawn came"
        if escaped * 2 >= n and escaped:
            return Outcome("won", (TRESPASSERS,), reason + ".")
        return Outcome("lost", (SAWYER,), reason + ".")

    def view(self, state: State, seat: str = TRESPASSERS) -> View:
        mine = seat == TRESPASSERS
        return View(
            seat=seat,
            round=state.round,
            phase=state.phase,
            current=state.current,
            cur_sawyer=state.cur_sawyer,
            trespassers=[
                TrespasserView(
                    t.id,
                    t.space,
                    t.actions,
                    t.noise,
                    list(t.injuries),
                    list(t.items),
                    list(t.personal),
                    list(t.desperation) if mine else len(t.desperation),
                    t.hidden,
                    t.dead,
                    t.escaped,
                    t.acted,
                )
                for t in state.trespassers
            ],
            sawyers=[Sawyer(s.id, s.space, s.actions, s.most, s.brutal, s.acted) for s in state.sawyers],
            grandpa=state.grandpa,
            fear=state.fear,
            supply=_supply(state),
            panic=state.panic,
            hand=len(state.hand) if mine else list(state.hand),
            sawyer_deck=len(state.sawyer_deck),
            item_decks={k: len(v) for k, v in state.item_decks.items()},
            injury_deck=len(state.injury_deck),
            horror_rooms=sorted(state.horror),
            horror_known={} if mine else dict(state.horror),
            horror_up=dict(state.horror_up),
            vehicles_up={s: state.vehicles[s] for s in state.vehicles_up},
            vehicle_spaces=sorted(state.vehicles),
            repaired=list(state.repaired),
            driven=list(state.driven),
            searched=list(state.searched),
            step=_visible_step(state, seat),
            result=state.result,
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
            if head in ("move", "run", "search", "swap", "repair", "drive", "use") and t.actions < 1:
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
        if (
            d is not None
            and d.kind == "sawyer_action"
            and head in ("move", "hunt", "attack", "talk", "creep")
        ):
            s = _sawyer(state, state.cur_sawyer)
            if s.actions < 1:
                return f"{D.name(s.id)} has no action left this turn."
        if d is not None and d.kind == "bury":
            return "Choose one of your Items to bury: you are over the item limit."
        if key.startswith("swap:") and d is not None and d.kind == "swap":
            return "That swap would break the item limit or names an Item nobody there holds."
        return f"'{key}' is not a legal choice now."

    # -- the queue ----------------------------------------------------------------------------------

    def _run(self, state: State, events: list[Event]) -> None:
        while state.phase != "over":
            if self._check_end(state, events):
                return
            if not state.todo:
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
                if state.phase == "sawyer" and state.cur_sawyer:
                    idle = _sawyer(state, state.cur_sawyer).actions == 0 and not state.hand
                    if idle or len(_sawyer_options(state)) == 1:
                        self._end_sawyer(state, events)
                        continue
                return
            step = state.todo[0]
            if step.kind in ASKS:
                if _skip_ask(state, step):
                    state.todo.pop(0)
                    continue
                opts, _, _, _ = _ask(state, step)
                if len(opts) == 1 and step.kind not in ("buy", "swap", "offer"):
                    self._choose(state, opts[0].key, events)
                    continue
                return
            state.todo.pop(0)
            self._effect(state, step, events)

    def _check_end(self, state: State, events: list[Event]) -> bool:
        if state.phase == "setup":
            return False
        if all(t.dead or t.escaped for t in state.trespassers):
            escaped = sum(t.escaped for t in state.trespassers)
            state.result = "escaped" if escaped == state.count else "killed" if escaped == 0 else "mixed"
            self._finish(state, events)
            return True
        return False

    def _finish(self, state: State, events: list[Event]) -> None:
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
                    "trapped": [t.id for t in state.trespassers if _active(t)],
                    "round": state.round,
                },
            )
        )

    # -- choices ------------------------------------------------------------------------------------

    def _choose(self, state: State, key: str, events: list[Event]) -> None:
        if state.todo and state.todo[0].kind in ASKS:
            step = state.todo.pop(0)
            getattr(self, f"_ans_{step.kind}")(state, step, key, events)
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
        info = D.SAWYER_CARDS[card]
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
            s = _sawyer(state, step.sawyer)
            state.todo.insert(0, _attack_step(state, s.id, step.who))
        elif step.flag == "door":
            t.stopped = True
        elif step.flag == "noise":
            self._approach(state, step.who, events)
        elif step.flag == "search":
            self._noise(state, step.who, 2, events, offer=False)
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
        t.injuries.append(card)
        info = D.INJURIES[card]
        events.append(
            Event(
                "injured",
                state.round,
                state.phase,
                {"trespasser": t.id, "injury": info["name"], "type": info["type"], "count": len(t.injuries)},
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
        card = key[7:]
        state.hand.remove(card)
        state.sawyer_deck.insert(0, card)
        nxt = state.todo[0]
        before = list(nxt.dice)
        nxt.dice = [d if d else D.FACES[state.rng.below(6)] for d in nxt.dice]
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
        t.items.append(card)
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
        src, dst = (t, o) if way == "give" else (o, t)
        (src.personal if card in src.personal else src.items).remove(card)
        (dst.personal if card.startswith("personal/") else dst.items).append(card)
        events.append(
            Event(
                "swapped",
                state.round,
                state.phase,
                {"trespasser": t.id, "other": o.id, "item": D.name(card), "way": way},
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
            self._noise(state, who, 0 if _has(t, "run_quiet") else 1, events, offer=False)
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

    def _desperation(self, state: State, who: int, parts: list[str], events: list[Event]) -> None:
        t = state.trespassers[who]
        card = parts[1]
        info = D.DESPERATION[card]
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
            self._hit_sawyer(state, who, parts[2], 2, info["name"], events, armed=False)
        elif effect == "hush":
            events.append(
                Event("noise_hushed", state.round, "trespassers", {"trespasser": t.id, "noise": t.noise})
            )
            t.noise = 0
        elif effect == "extra_action":
            t.actions += 1
        elif effect == "heal":
            self._heal(state, who, parts[2], events)
        elif effect == "play_dead":
            t.play_dead = True

    def _heal(self, state: State, who: int, kind: str, events: list[Event]) -> None:
        t = state.trespassers[who]
        card = next(c for c in t.injuries if D.INJURIES[c]["type"] == kind)
        t.injuries.remove(card)
        state.injury_deck.insert(0, card)
        events.append(
            Event(
                "healed",
                state.round,
                "trespassers",
                {"trespasser": t.id, "injury": D.INJURIES[card]["name"], "type": kind},
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
            t.used.append(card)
            self._hit_sawyer(state, who, parts[2], info["dice"], info["name"], events)
        else:  # heal: bury one of your Injuries, then bury the card
            self._heal(state, who, parts[2], events)
            (t.personal if card in t.personal else t.items).remove(card)
            state.item_decks[_board(t.space)].insert(0, card)

    def _search(self, state: State, who: int, events: list[Event]) -> None:
        self._noise(state, who, 1, events, offer=False)
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
                {"trespassers": [x.id for x in gone], "vehicle": D.name(card)},
            )
        )
        state.todo = [s for s in state.todo if s.who != who]
        state.todo.append(Step("turn_done", who=who))

    def _noise(self, state: State, who: int, n: int, events: list[Event], offer: bool = True) -> None:
        t = state.trespassers[who]
        made = min(n, _supply(state))
        if made <= 0:
            return
        t.noise += made
        t.made_noise += made
        events.append(
            Event("noise", state.round, state.phase, {"trespasser": t.id, "made": made, "noise": t.noise})
        )

    # -- effects --------------------------------------------------------------------------------------

    def _effect(self, state: State, step: Step, events: list[Event]) -> None:
        getattr(self, f"_do_{step.kind}")(state, step, events)

    def _do_begin_round(self, state: State, step: Step, events: list[Event]) -> None:
        state.phase = "trespassers"
        state.round += 1
        state.current = -1
        for t in state.trespassers:
            t.acted = False
        events.append(Event("round_started", state.round, "trespassers", {"round": state.round}))

    def _do_walk(self, state: State, step: Step, events: list[Event]) -> None:
        t = state.trespassers[step.who]
        if t.stopped or not _active(t) or not step.path:
            return
        nxt = step.path[0]
        kind = D.LINKS[t.space][nxt]
        quiet = step.flag == "quiet"
        if kind == "door":
            if step.n == 0 and _offerable(state, "door"):
                state.todo.insert(
                    0, Step("offer", who=step.who, flag="door", path=step.path, sawyer=step.flag)
                )
                return
            if not quiet:
                locked = any(state.horror_up.get(D.room_of(x)) == "locked_door" for x in (t.space, nxt))
                self._noise(state, step.who, 2 if locked else 1, events)
        elif kind == "stairs" and not quiet:
            self._noise(state, step.who, 1, events)
        t.space = nxt
        rest = step.path[1:]
        follow: list[Step] = []
        room = D.room_of(nxt)
        if room in state.horror:
            follow.append(Step("horror", who=step.who, flag=room))
        if state.grandpa == nxt:
            follow.append(Step("grandpa_attack", who=step.who))
        here = [s for s in state.sawyers if s.space == nxt]
        if here and _offerable(state, "enter"):
            best = max(here, key=lambda s: D.SAWYERS[s.id]["attack_dice"])
            follow.append(Step("offer", who=step.who, flag="enter", sawyer=best.id))
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
        self._horror_effect(state, step.who, info["effect"], events)

    def _horror_effect(self, state: State, who: int, effect: str, events: list[Event]) -> None:
        t = state.trespassers[who]
        if effect == "noise2":
            self._noise(state, who, 2, events)
        elif effect == "noise3":
            self._noise(state, who, 3, events)
        elif effect == "attack1":
            state.todo.insert(0, Step("attack", who=who, sawyer="horror", dice=_roll(state, 1), flag="plain"))
        elif effect == "panic":
            self._raise_panic(state, events)
        elif effect == "lose_action" and t.actions > 0:
            t.actions -= 1

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
            self._noise(state, step.who, 3, events)
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
        n = D.RULES["search_dice"] + (1 if _has(t, "search_plus") else 0)
        n -= 1 if state.horror_up.get(D.room_of(t.space)) == "stench" else 0
        n -= 1 if any(D.INJURIES[c]["effect"] == "search_minus" for c in t.injuries) else 0
        dice = _roll(state, max(0, n))
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
                Step("reroll"),
                Step("attack", who=step.who, sawyer=step.sawyer, dice=step.dice, flag=step.flag, n=1),
            ]
            return
        t = state.trespassers[step.who]
        hits = successes(step.dice)
        who = D.name(step.sawyer) if step.sawyer in D.SAWYERS or step.sawyer == "grandpa" else "the House"
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
        gives = 2 if step.flag == "chainsaw" else 1
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
                Step("reroll"),
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
            state.todo[0:0] = [Step("reroll"), Step("talk", dice=step.dice, n=1)]
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
        dice = _roll(state, D.RULES["noise_dice"] + (1 if _has(t, "calm") else 0))
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

    def _end_sawyer(self, state: State, events: list[Event]) -> None:
        s = _sawyer(state, state.cur_sawyer)
        s.acted = True
        state.cur_sawyer = ""

    def _end_round(self, state: State, events: list[Event]) -> None:
        for s in state.sawyers:
            if s.space:
                s.actions = s.most
        if state.round >= D.ROUND_CAP:
            state.result = "dawn"
            self._finish(state, events)
            return
        state.todo.append(Step("begin_round"))

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
        elif head == "hunt":
            state.todo.append(
                Step("hunt", who=int(parts[1]), sawyer=s.id, dice=_roll(state, D.RULES["hunt_dice"]))
            )
        elif head == "attack":
            state.todo.append(_attack_step(state, s.id, int(parts[1])))
        elif head == "talk":
            state.todo.append(Step("talk", dice=_roll(state, 3)))

    def _free(self, state: State, s: Sawyer, parts: list[str], events: list[Event]) -> None:
        card = parts[1]
        info = D.SAWYER_CARDS[card]
        state.hand.remove(card)
        state.sawyer_deck.insert(0, card)
        events.append(
            Event(
                "card_free",
                state.round,
                "sawyer",
                {"card": info["name"], "sawyer": D.name(s.id), "free": info["free"]},
            )
        )
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
        elif free == "hunt2":
            state.todo.append(Step("hunt", who=int(parts[2]), sawyer=s.id, dice=_roll(state, 2)))
        elif free == "fear2":
            got = min(2, _supply(state))
            state.fear += got
        elif free == "attack1":
            state.todo.append(
                Step("attack", who=int(parts[2]), sawyer=s.id, dice=_roll(state, 1), flag="plain")
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
            self._horror_effect(state, who, info2["effect"], events)

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
        events.append(
            Event(
                "killed",
                state.round,
                state.phase,
                {
                    "trespasser": t.id,
                    "by": D.name(by) if by in D.SAWYERS or by == "grandpa" else "the House",
                    "space": D.name(t.space),
                },
            )
        )
        state.todo = [s for s in state.todo if s.who != who]
        if state.current == who:
            state.todo.append(Step("turn_done", who=who))
        self._raise_panic(state, events)
        if by == "leatherface":
            drawn = min(2, len(state.sawyer_deck))
            for _ in range(drawn):
                state.hand.append(state.sawyer_deck.pop())
            events.append(Event("relentless", state.round, state.phase, {"drawn": drawn}))

    def _bury_injuries(self, state: State, cards: list[str]) -> None:
        for c in cards:
            state.injury_deck.insert(0, c)


# -- helpers ---------------------------------------------------------------------------------------


def _shuffled(rng: Rng, items: list[str]) -> list[str]:
    rng.shuffle(items)
    return items


def _roll(state: State, n: int) -> list[int]:
    return [D.FACES[state.rng.below(6)] for _ in range(n)]


def _supply(state: State) -> int:
    return D.TOKENS - state.fear - sum(t.noise for t in state.trespassers)


def _active(t: Trespasser) -> bool:
    return not t.dead and not t.escaped


def _sawyer(state: State, sid: str) -> Sawyer:
    return next(s for s in state.sawyers if s.id == sid)


def _board(space: str) -> str:
    return D.SPACES[space]["board"]


def _has(t: Trespasser, effect: str) -> bool:
    return any(D.ALL_ITEMS[c]["effect"] == effect for c in (*t.items, *t.personal))


def _limit(t: Trespasser) -> int:
    hurt = any(D.INJURIES[c]["effect"] == "limit3" for c in t.injuries)
    return D.ITEM_LIMIT - 1 if hurt and not _has(t, "backpack") else D.ITEM_LIMIT


def _max_actions(t: Trespasser) -> int:
    return D.ACTIONS - (1 if any(D.INJURIES[c]["effect"] == "action_minus" for c in t.injuries) else 0)


def _no_run(state: State, t: Trespasser) -> bool:
    if any(D.INJURIES[c]["effect"] == "no_run" for c in t.injuries):
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
    have = {D.INJURIES[c]["type"] for c in t.injuries}
    if flag.startswith("wallop") and len(have) == len(D.INJURY_TYPES) - 1:
        return []
    out, seen = [], set()
    for c in cards:
        kind = D.INJURIES[c]["type"]
        if kind not in have and c not in seen:
            out.append(c)
            seen.add(c)
    return out


def _attack_step(state: State, sid: str, who: int) -> Step:
    info = D.SAWYERS[sid]
    return Step("attack", who=who, sawyer=sid, dice=_roll(state, info["attack_dice"]), flag=info["attack"])


def _offerable(state: State, trigger: str) -> bool:
    return any(
        D.SAWYER_CARDS[c]["trigger"] == trigger and state.fear >= D.SAWYER_CARDS[c]["cost"]
        for c in state.hand
    )


def _repair_plan(state: State, space: str) -> list[str] | None:
    """The parts and Gas Can the group in this space would use to repair the vehicle here, or None."""
    if space not in state.vehicles_up:
        return None
    card = state.vehicles[space]
    info = D.VEHICLES[card]
    if info["effect"] != "escape" or card in state.repaired:
        return None
    pool = [c for t in state.trespassers if t.space == space and _active(t) for c in t.items]
    used = []
    for need in [*info["needs"], "gas"]:
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
    return [(a, b) for a, b in paths if D.room_of(a) not in slick and D.room_of(b) not in slick]


_OPTIONS: dict[tuple[str, ...], Option] = {}


def _cached(ident: tuple[str, ...], key: str, label) -> Option:
    """Options whose label follows from the key alone are built once per process (apply is called a lot)."""
    found = _OPTIONS.get(ident)
    if found is None:
        found = _OPTIONS[ident] = Option(key, label())
    return found


def _tres_options(state: State) -> list[Option]:
    t = state.trespassers[state.current]
    opts: list[Option] = []
    if t.actions > 0:
        for b in D.steps(t.space):
            kind = D.LINKS[t.space][b]
            note = " (door, Noise)" if kind == "door" else " (stairs, Noise)" if kind == "stairs" else ""
            opts.append(_cached(("t", b), f"move:{b}", lambda b=b, note=note: f"move to {D.name(b)}{note}"))
        if not _no_run(state, t):
            for a, b in _run_paths(state, t):
                opts.append(
                    _cached(
                        ("r", a, b),
                        f"run:{a}:{b}",
                        lambda a=a, b=b: f"run to {D.name(b)} via {D.name(a)} (Noise)",
                    )
                )
        if _searchable(state, t.space):
            opts.append(Option("search", "search here (Noise, two dice)"))
        for i, o in enumerate(state.trespassers):
            if (
                o is not t
                and o.space == t.space
                and not o.escaped
                and (o.items or o.personal or t.items or t.personal)
            ):
                opts.append(Option(f"swap:{i}", f"swap Items with {o.id}{' (dead)' if o.dead else ''}"))
        here = [s for s in state.sawyers if s.space == t.space]
        for c in [*t.items, *t.personal]:
            info = D.ALL_ITEMS[c]
            if info["effect"] == "weapon" and c not in t.used:
                for s in here:
                    opts.append(
                        Option(
                            f"use:{c}:{s.id}",
                            f"attack {D.name(s.id)} with the {info['name']} ({info['dice']} dice)",
                        )
                    )
            if info["effect"] == "heal":
                for kind in sorted({D.INJURIES[x]["type"] for x in t.injuries}):
                    opts.append(Option(f"use:{c}:{kind}", f"use the {info['name']} on your {kind} Injury"))
        if _repair_plan(state, t.space) is not None:
            opts.append(Option("repair", f"repair the {D.name(state.vehicles[t.space])}"))
        if (
            t.space in state.vehicles_up
            and state.vehicles[t.space] in state.repaired
            and state.vehicles[t.space] not in state.driven
        ):
            opts.append(Option("drive", f"drive off in the {D.name(state.vehicles[t.space])}"))
    here = [s for s in state.sawyers if s.space == t.space]
    for c in _first_of_each(t.desperation, D.DESPERATION):
        info = D.DESPERATION[c]
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
                opts.append(Option(f"desp:{c}:{s.id}", f"{info['name']}: attack {D.name(s.id)} (2 dice)"))
        elif e == "hush" and t.noise:
            opts.append(Option(f"desp:{c}", f"{info['name']}: lose all your Noise"))
        elif e == "extra_action" and t.actions < D.ACTIONS:
            opts.append(Option(f"desp:{c}", f"{info['name']}: one more action"))
        elif e == "heal":
            for kind in sorted({D.INJURIES[x]["type"] for x in t.injuries}):
                opts.append(Option(f"desp:{c}:{kind}", f"{info['name']}: bury your {kind} Injury"))
        elif e == "play_dead" and not t.play_dead:
            opts.append(Option(f"desp:{c}", f"{info['name']}: hide here at the end of your turn"))
    opts.append(Option("end", "end your turn", ("done", "pass")))
    return opts


def _tres_prompt(state: State) -> str:
    t = state.trespassers[state.current]
    return f"{t.id}, in the {D.name(t.space)}, {t.actions} action{'s' if t.actions != 1 else ''} left, Noise {t.noise}."


def _sawyer_options(state: State) -> list[Option]:
    s = _sawyer(state, state.cur_sawyer)
    opts: list[Option] = []
    tres = [(i, t) for i, t in enumerate(state.trespassers) if _active(t) and t.space == s.space]
    if s.actions > 0:
        for b in D.steps(s.space):
            opts.append(_cached((s.id, b), f"move:{b}", lambda b=b: f"{D.name(s.id)} moves to {D.name(b)}"))
            if s.id == "old_man":
                for i, t in tres:
                    if not t.hidden:
                        opts.append(Option(f"move:{b}:{i}", f"move to {D.name(b)} carrying {t.id} (Hogtie)"))
            if state.grandpa == s.space:
                opts.append(Option(f"move:{b}:grandpa", f"move to {D.name(b)} carrying Grandpa"))
        if s.id == "hitchhiker":
            if D.SPACES[s.space]["region"] == "outdoors":
                for a in D.steps(s.space):
                    for b in D.steps(a):
                        if b != s.space:
                            opts.append(
                                Option(f"move2:{a}:{b}", f"move to {D.name(b)} via {D.name(a)} (Vagabond)")
                            )
            for b, kind in D.LINKS[s.space].items():
                if kind == "window" and D.SPACES[b]["board"] == "down":
                    opts.append(Option(f"creep:{b}", f"creep through the window to {D.name(b)}"))
        for i, t in tres:
            if t.hidden:
                opts.append(Option(f"hunt:{i}", f"hunt for {t.id} (one die)"))
            else:
                opts.append(Option(f"attack:{i}", f"attack {t.id} ({D.SAWYERS[s.id]['attack_dice']} dice)"))
        if s.id == "old_man" and tres:
            opts.append(Option("talk", "Sweet Talk (three dice, Fear for successes)"))
    for c in _first_of_each(state.hand, D.SAWYER_CARDS):
        info = D.SAWYER_CARDS[c]
        free = info["free"]
        if free == "move":
            for b in D.steps(s.space):
                opts.append(Option(f"free:{c}:{b}", f"play {info['name']} for a free move to {D.name(b)}"))
        elif free == "hunt2":
            for i, t in tres:
                if t.hidden:
                    opts.append(Option(f"free:{c}:{i}", f"play {info['name']}: hunt {t.id} with two dice"))
        elif free == "fear2" and _supply(state) > 0:
            opts.append(Option(f"free:{c}", f"play {info['name']}: take two Fear"))
        elif free == "attack1":
            for i, t in tres:
                if not t.hidden:
                    opts.append(Option(f"free:{c}:{i}", f"play {info['name']}: attack {t.id} with one die"))
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
        if state.fear >= D.RULES["fear_for_panic"] and state.panic < len(D.PANIC) - 1:
            opts.append(Option(f"panic:{c}", f"spend {info['name']} and six Fear to raise the Panic Meter"))
    opts.append(Option("end", f"end {D.name(s.id)}'s turn", ("done", "pass")))
    return opts


def _sawyer_prompt(state: State) -> str:
    s = _sawyer(state, state.cur_sawyer)
    return f"{D.name(s.id)}, in the {D.name(s.space)}, {s.actions} action{'s' if s.actions != 1 else ''} left; Fear {state.fear}."


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
        opts = [Option(f"horror:{r}", f"the {r}") for r in D.HORROR_ROOMS if r not in state.horror]
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
            for c in _first_of_each(state.hand, D.SAWYER_CARDS)
            if D.SAWYER_CARDS[c]["trigger"] == step.flag and state.fear >= D.SAWYER_CARDS[c]["cost"]
        ]
        opts = [Option(f"play:{c}", f"play {D.name(c)} for {D.SAWYER_CARDS[c]['cost']} Fear") for c in cards]
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
            Option(f"give:{c}", f"{D.name(c)} ({D.INJURIES[c]['type']})")
            for c in _valid_injuries(t, step.cards, step.flag)
        ]
        if step.flag.endswith("+"):
            opts.append(Option("none", "give no second Injury"))
        return opts, seat, kind, f"Choose the Injury to give {t.id}."
    if kind == "reroll":
        nxt = state.todo[1]
        opts = [
            Option(f"reroll:{c}", f"bury {D.name(c)} to reroll the blanks")
            for c in _first_of_each(state.hand, D.SAWYER_CARDS)
        ]
        opts.append(Option("keep", "keep the roll"))
        return opts, seat, kind, f"The dice show {successes(nxt.dice)} success(es). Reroll?"
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
            f"{t.id.capitalize()} found {len(step.cards)} Item(s): take one, bury the rest.",
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
    if kind == "move_searched":
        return (
            [Option(f"from:{s}", f"the token on {D.name(s)}") for s in state.searched],
            seat,
            kind,
            "All five Searched tokens are out: which one moves?",
        )
    if kind == "buy":
        return (
            [Option("buy", "draw a card for two Fear"), Option("done", "done drawing")],
            seat,
            kind,
            f"Fear {state.fear}, {len(state.hand)} cards in hand.",
        )
    t = state.trespassers[step.who]
    o = state.trespassers[step.n]
    opts = []
    for c in t.items:
        if len(o.items) < _limit(o) or o.dead:
            opts.append(Option(f"swap:give:{c}", f"give {D.name(c)} to {o.id}"))
    for c in t.personal:
        opts.append(Option(f"swap:give:{c}", f"give {D.name(c)} to {o.id}"))
    for c in o.items:
        if len(t.items) < _limit(t):
            opts.append(Option(f"swap:take:{c}", f"take {D.name(c)} from {o.id}"))
    for c in o.personal:
        opts.append(Option(f"swap:take:{c}", f"take {D.name(c)} from {o.id}"))
    opts.append(Option("done", "done swapping"))
    return opts, seat, "swap", f"{t.id.capitalize()} swaps with {o.id.capitalize()}."


def _visible_step(state: State, seat: str) -> Step | None:
    """The pending question, as far as the seat may see it (the family never sees Desperation cards)."""
    if not state.todo:
        return None
    step = state.todo[0]
    if seat == TRESPASSERS and step.kind == "place_horror":
        return Step(step.kind)
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
