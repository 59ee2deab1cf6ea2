"""Final Girl: The Marrek Murders. The person is the Final Girl; the rules play The Tormentor and the rest."""

from __future__ import annotations

from collections.abc import Mapping

from engines.core.contract import (
    Decision,
    GameOption,
    Hint,
    IllegalMove,
    Outcome,
    Seat,
    resolve_options,
)
from engines.core.decks import Deck
from engines.core.events import Event
from engines.core.rng import Rng
from engines.final_girl import actions as A
from engines.final_girl import data as D
from engines.final_girl import rules as R
from engines.final_girl.ambiguity import MODES
from engines.final_girl.state import State, View

FINAL_GIRL = "final_girl"
_DICE = D.RULES["dice_normal"]
_DICE_EXTREME = D.RULES["dice_extreme"]
_SLOTS = {g: len(spec["slots"]) for g, spec in D.GIRLS.items()}

# What every setup starts from, built once (a setup is made for every game played).
_START_HAND = [c for c in D.action_ids() if D.ACTIONS[D.card_kind(c)].get("start")]
_START_TABLEAU = [c for c in D.action_ids() if not D.ACTIONS[D.card_kind(c)].get("start")]
_FINALES = {
    epic: sorted(k for k, v in D.FINALES.items() if bool(v.get("epic")) == epic) for epic in (False, True)
}
"""Whether the Epic Finale is played -> the Finales to draw from."""
_NORMAL_POWERS = sorted(k for k, v in D.DARK_POWERS.items() if not v.get("epic"))
_TERROR_POOL = [
    c for c in D.terror_ids("killer") + D.terror_ids("location") if not D.TERROR[D.card_kind(c)].get("click")
]
"""The Terror cards dealt from, in a fixed order before the shuffle: all but the Click! cards."""
_CLICKS = [c for c in D.terror_ids("location") if D.TERROR[D.card_kind(c)].get("click")]
_SETUPS = sorted(D.SETUPS)

_PROMPTS = {
    "action": "Action phase: play a card, use an item, rescue a Victim, work a trap, or end the phase.",
    "planning": "Planning: buy Action cards with the Time you have left.",
    "roll": "Horror Roll: accept it, turn a 3-4 into a success by discarding two cards, or Close Call.",
    "convert": "Which two cards do you discard to turn a 3-4 into a success?",
    "move": "Where do you go?",
    "react": "The Tormentor strikes at you. Play a Reaction card?",
    "choose": "The roll failed: choose how it goes wrong.",
    "keep": "Two items: keep one; the other goes back on top face up, or under the pile face down.",
    "take_card": "A rescued Victim's reward: take an Action card costing 2 or less.",
    "tie": "Game Ambiguity: The Tormentor's target is tied. Which does she go for?",
    "trap_tie": "Game Ambiguity: the Death Trap could take any of these Victims. Which does it take?",
    "attack_tie": "Game Ambiguity: the Tormentor strikes at one of the Victims here. Which one?",
    "shield": "Game Ambiguity: damage to her breaks her Minor Dark Powers first. Which one takes it first?",
    "arrange": "Your hands: which items do you hold ready? The rest go in the backpack.",
    "panic_order": "Victims panic in the order you choose: who runs first?",
    "pit_dice": "Game Ambiguity: the Supervisor's group panics from The Pit. His card says one die, The Pit two.",
}
_OPTIONS = {
    "action": A.action_options,
    "planning": A.planning_options,
    "roll": A.roll_options,
    "convert": A.convert_options,
    "move": A.move_options,
    "react": A.react_options,
    "choose": A.choose_options,
    "keep": A.keep_options,
    "take_card": A.take_card_options,
    "tie": A.tie_options,
    "trap_tie": A.victim_tie_options,
    "attack_tie": A.victim_tie_options,
    "shield": A.shield_options,
    "arrange": A.arrange_options,
    "panic_order": A.panic_order_options,
    "pit_dice": A.pit_dice_options,
}
_APPLY = {
    "action": A.do_action,
    "planning": A.do_planning,
    "roll": A.do_roll_choice,
    "convert": A.do_convert,
    "move": A.do_move,
    "react": A.do_react,
    "choose": A.do_choose,
    "keep": A.do_keep,
    "take_card": A.do_take_card,
    "tie": A.do_tie,
    "trap_tie": A.do_trap_tie,
    "attack_tie": A.do_attack_tie,
    "shield": A.do_shield,
    "arrange": A.do_arrange,
    "panic_order": A.do_panic_order,
    "pit_dice": A.do_pit_dice,
}


class FinalGirl:
    id = "final-girl"
    title = "Final Girl: The Marrek Murders"
    rules_version = "4"
    seats = (
        Seat(
            FINAL_GIRL,
            "the Final Girl",
            "Survive the Marrek Warehouse, free the trapped, kill The Tormentor.",
        ),
    )
    person_seats = (FINAL_GIRL,)
    options = (
        GameOption("girl", ("mandy", "cassie"), "mandy", "Which Final Girl you play: Mandy or Cassie."),
        GameOption(
            "mode", ("normal", "extreme"), "normal", "extreme: 5 Time a turn and the harsher Horror track."
        ),
        GameOption("dark_power", ("normal", "epic"), "normal", "epic: the Epic Dark Power, Endless Traps."),
        GameOption("finale", ("normal", "epic"), "normal", "epic: the Epic Finale, Curtain Call."),
        GameOption(
            "bonus_items",
            ("off", "on"),
            "off",
            "on: your Final Girl's own bonus item is shuffled in with the warehouse's Items.",
        ),
        GameOption(
            "ties",
            MODES,
            "ask",
            "Game Ambiguity: ask (you settle each tie), infinite-evil (the worst for you), abject-realism "
            "(the most realistic), never-ending-hilarity (a die decides).",
        ),
    )
    state_type = State
    default_policy = "heuristic"

    @property
    def policies(self):
        from engines.final_girl import policies

        return policies.POLICIES

    # -- the contract ---------------------------------------------------------------------------------

    def setup(self, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
        opts = resolve_options(self, options or {})
        rng = Rng.from_seed(seed)
        girl = D.GIRLS[opts["girl"]]
        extreme = opts["mode"] == "extreme"
        epic = opts["dark_power"] == "epic"
        state = State(rng=rng, girl=opts["girl"], extreme=extreme, epic=epic, ties=opts["ties"])
        events: list[Event] = []
        # Action cards: the Zero Cost cards in hand, the rest in the Tableau (Climb and Leap included).
        state.hand = _START_HAND.copy()
        state.tableau = _START_TABLEAU.copy()
        # Finale and Dark Power, face down.
        state.finale = rng.choice(_FINALES[opts["finale"] == "epic"])
        state.dark_power = "endless_traps" if epic else rng.choice(_NORMAL_POWERS)
        # Terror: 10 of the 21 non-Click! cards; set aside the top 2, shuffle in the 3 Click! cards, put 2 back.
        pool = _TERROR_POOL.copy()
        clicks = _CLICKS
        rng.shuffle(pool)
        dealt, state.terror_out = (
            pool[-D.RULES.get("terror_deck", 10) :],
            pool[: -D.RULES.get("terror_deck", 10)],
        )
        top2, rest = dealt[-2:], dealt[:-2] + clicks
        rng.shuffle(rest)
        state.terror = Deck(draw_pile=rest + top2)
        # The Setup card: where she starts, where the Killer would, and the Victims.
        state.setup_card = rng.choice(_SETUPS)
        setup = D.SETUPS[state.setup_card]
        state.fg_space = state.fg_start = setup["final_girl"]
        state.killer_start = setup["killer"]
        state.supply = D.RULES["victims_total"]
        # Items: 4 per Search space, the rest out of the game.
        items = list(D.LOCATION_ITEMS)
        bonus = [
            k for k, v in D.BONUS_ITEMS.items() if opts["bonus_items"] == "on" and v["girl"] == state.girl
        ]
        if bonus:
            items = sorted(items + bonus)
        rng.shuffle(items)
        for space in D.SEARCH_SPACES:
            state.item_decks[space] = [items.pop() for _ in range(D.ITEMS_PER_DECK)]
        state.items_out = items + [k for k in D.BONUS_ITEMS if k not in bonus]
        # Health and the Final Health tokens (drawn unseen).
        state.fg_health = state.fg_max = girl["health"]
        state.killer_health = state.killer_max = D.KILLER["health"]
        tokens = list(D.RULES["final_tokens"])
        rng.shuffle(tokens)
        state.fg_token, state.killer_token = tokens[0], tokens[1]
        # Tracks.
        state.time = D.RULES["time_start_extreme" if extreme else "time_start"]
        state.horror = D.KILLER["start_horror"]
        state.bloodlust = 0
        # Marrek Warehouse: Locked tokens on every Exit, the Forklift in The Pit.
        state.locked = list(D.EXITS)
        state.forklift = D.PIT
        # Death Trap decks.
        state.victim_trap_deck = sorted(D.VICTIM_TRAPS)
        rng.shuffle(state.victim_trap_deck)
        state.fg_trap_deck = sorted(D.FG_TRAPS)
        rng.shuffle(state.fg_trap_deck)
        state.event_deck = sorted(D.EVENTS)
        rng.shuffle(state.event_deck)
        R.ev(
            state,
            events,
            "game_started",
            girl=state.girl,
            girl_name=girl["name"],
            setup=state.setup_card,
            setup_name=setup["name"],
            space=state.fg_space,
            name=D.SPACES[state.fg_space]["name"],
            health=state.fg_health,
            time=state.time,
            horror=state.horror,
            extreme=extreme,
        )
        for space, n in setup["victims"].items():
            R.place_victims(state, n, space, events)
        # The Tormentor's opening: a Victim where she would have started, in a Death Trap.
        first = R.place_victims(state, 1, state.killer_start, events)
        R.trap_victim(state, {"newest": True}, events) if first else None
        # The first Event is revealed and resolved before turn 1 (S10): its effects go above the turn loop,
        # which would otherwise keep them beneath it for ever.
        R.push(state, {"op": "turn"})
        R.draw_event(state, events)
        R.run(state, events)
        return state, events

    def decision(self, state: State) -> Decision | None:
        if state.result or not state.ask:
            return None
        kind = state.ask["kind"]
        return Decision(FINAL_GIRL, kind, _PROMPTS[kind], tuple(_OPTIONS[kind](state)))

    def apply(self, state: State, key: str, decision: Decision | None = None) -> list[Event]:
        decision = decision or self.decision(state)
        if decision is None:
            raise IllegalMove("The game is over; there is nothing left to decide.")
        if decision.option(key) is None:
            raise IllegalMove(self._why(state, decision, key))
        events: list[Event] = []
        _APPLY[decision.kind](state, key, events)
        R.run(state, events)
        return events

    def outcome(self, state: State) -> Outcome | None:
        # The reason alone: the application says "You won" or "You lost" itself.
        reason = f"{state.reason[:1].upper()}{state.reason[1:]}."
        if state.result == "won":
            return Outcome("won", (FINAL_GIRL,), reason)
        if state.result == "lost":
            return Outcome("lost", (), reason)
        return None

    def view(self, state: State, seat: str = FINAL_GIRL) -> View:
        # Positional, in View's field order (a test checks every field by name): built at every decision,
        # and positional construction is several times cheaper than keywords. `copy()` is the cheapest copy.
        tops: dict[str, str] = {}
        counts: dict[str, int] = {}
        down = state.items_down
        for space, pile in state.item_decks.items():
            n = counts[space] = len(pile)
            if n:
                top = pile[-1]
                if not down or top not in down:
                    tops[space] = top
        trapped = False
        for t in state.traps:
            if t.subject == "fg" and not t.done:
                trapped = True
                break
        return View(
            state.turn,
            state.phase,
            state.girl,
            state.extreme,
            state.time,
            state.horror,
            (_DICE_EXTREME if state.extreme else _DICE)[state.horror],
            state.bloodlust,
            state.fg_space,
            state.fg_health,
            state.fg_max,
            state.fg_white,
            trapped,
            state.slots,
            _SLOTS[state.girl],
            state.killer_space,
            state.killer_health,
            state.killer_max,
            state.killer_white,
            state.finale if state.finale_revealed else "",
            state.dark_power if state.dark_power_revealed else "",
            state.minor_powers.copy(),
            len(state.terror.draw_pile),
            sorted(state.hand),
            state.tableau.copy(),
            state.used.copy(),
            state.hands.copy(),
            state.backpack.copy(),
            state.item_uses.copy(),
            tops,
            counts,
            state.locked.copy(),
            state.forklift,
            state.victims.copy(),
            state.traps.copy(),
            state.events_active.copy(),
            state.saved,
            state.dead,
            state.supply,
            state.ask.copy(),
            state.roll.copy(),
            state.bonus_dice,
            state.improvise,
            state.result,
            state.ties,
            state.setup_card,
            state.events_done.copy(),
            len(state.victim_trap_deck),
            len(state.fg_trap_deck),
            R.attack_value(state),
            R.move_value(state),
        )

    def turn(self, state: State) -> int:
        return state.turn

    def hint(self, state: State) -> Hint | None:
        from engines.final_girl import policies

        decision = self.decision(state)
        if decision is None:
            return None
        return policies.advise(self.view(state), decision)

    @property
    def achievements(self) -> Mapping[str, str]:
        """Every achievement of the box (both lists of the rulebook), id -> what it asks."""
        from engines.final_girl.achievements import TEXT

        return TEXT

    def earned(self, log: list[Event]) -> list[str]:
        """The achievements a finished run's events earn."""
        from engines.final_girl.achievements import earned

        return earned(log)

    def remember(self, log: list[Event]) -> dict[str, str]:
        """What a finished run adds to the long record of runs (where The Tormentor fell, if she did)."""
        from engines.final_girl.achievements import remember

        return remember(log)

    def earned_across(self, memories: list[dict[str, str]]) -> list[str]:
        """The achievements all recorded runs earn together."""
        from engines.final_girl.achievements import earned_across

        return earned_across(memories)

    def invariants(self, state: State) -> list[str]:
        from engines.final_girl.checks import invariants

        return invariants(state)

    def _why(self, state: State, decision: Decision, key: str) -> str:
        """A player-readable reason a key is not legal now."""
        parts = key.split(":")
        if decision.kind == "action" and parts[0] == "play" and len(parts) > 1:
            kind = parts[1]
            if kind not in D.ACTIONS:
                return f"There is no Action card called '{kind}'."
            if not A.first_card(state.hand, kind):
                return f"{A.name(kind)} is not in your hand."
            if R.fg_trap(state) is not None:
                return "You are Trapped: you may only work on your Escape Tasks."
            spec = D.ACTIONS[kind]
            if spec.get("reaction"):
                return f"{A.name(kind)} is a Reaction card: play it when the Tormentor attacks you."
            if spec.get("attack") and not state.killer_space:
                return "The Tormentor is not on the board yet: there is no one to strike."
            if spec.get("attack"):
                return "No weapon in range: the Tormentor is not in reach."
            if spec.get("needs_search"):
                return "You can only Search on a Search space."
            return f"{A.name(kind)} cannot be played here."
        if decision.kind == "planning" and parts[0] == "buy" and len(parts) > 1:
            kind = parts[1]
            if len(state.hand) >= D.RULES["hand_limit"]:
                return f"Hand limit: you already hold {D.RULES['hand_limit']} cards."
            if kind in D.ACTIONS and D.ACTIONS[kind].get("special"):
                return (
                    f"{A.name(kind)} is never bought: discard Walk or Sprint in the Action phase to take it."
                )
            if kind in D.ACTIONS and D.ACTIONS[kind]["cost"] > state.time:
                return (
                    f"Not enough Time: {A.name(kind)} costs {D.ACTIONS[kind]['cost']}, you have {state.time}."
                )
            if kind == "free":
                return "There are not two free (Zero Cost) cards in the Tableau to take back at once."
            if kind not in D.ACTIONS:
                return f"There is no Action card called '{kind}'."
            if any(D.card_kind(c) == kind for c in state.used):
                return (
                    f"Every {A.name(kind)} left was played or discarded this turn: it returns to the Tableau "
                    "after Planning and cannot be bought back before then."
                )
            return f"No {A.name(kind)} is left in the Tableau to buy: every copy is in your hand."
        if decision.kind == "action" and parts[0] == "task" and len(parts) == 2:
            trap = next((t for t in state.traps if str(t.id) == parts[1]), None)
            if trap is None or trap not in A.workable_traps(state):
                return "There is no Death Trap of that number in your space to work on."
            task, n = A.current_task(trap)
            if task == "time":
                return f"Not enough Time: this Escape Task costs {n} and Time may not go below 0."
            return "That Escape Task is done with cards: play a card toward it."
        if decision.kind == "action" and parts[0] == "item" and len(parts) == 2:
            if parts[1] not in state.hands + state.backpack:
                what = D.ITEMS[parts[1]]["name"] if parts[1] in D.ITEMS else "that item"
                return f"You do not carry the {what}."
            return "That item cannot be used here and now."
        if parts[0] == "save" and decision.kind not in ("action", "move"):
            return f"Victims are rescued in the Action phase or as you walk onto an Exit, not now. {decision.prompt}"
        if parts[0] == "save":
            if state.fg_space in state.locked:
                return "This Exit is Locked: no Victim can be rescued here until it is unlocked."
            if state.fg_space not in D.EXITS:
                return "You are not on an Exit: Victims are rescued on an open Exit, standing with you."
            return "No free Victim stands with you on this Exit to rescue."
        if decision.kind == "action" and parts[0] == "discard" and len(parts) == 2:
            if parts[1] not in D.ACTIONS:
                return f"There is no Action card called '{parts[1]}'."
            return f"{A.name(parts[1])} is not in your hand."
        return f"'{key[:40]}' is not a legal choice now. {decision.prompt}"


GAME = FinalGirl()
