"""The rules of Escape of the Dead: the survivor's decisions and the contract; the phases are in phases.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engines.core.contract import (
    Decision,
    Game,
    GameOption,
    Hint,
    IllegalMove,
    Option,
    Outcome,
    Policy,
    Seat,
    resolve_options,
)
from engines.core.events import Event
from engines.core.rng import Rng
from engines.core.steps import Steps
from engines.escape_of_the_dead import determinize as hidden
from engines.escape_of_the_dead import phases
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.keys import (
    ROLL_ALL,
    Split,
    letter_of,
    reward_key,
    roll_key,
    section_of,
    split_key,
)
from engines.escape_of_the_dead.phases import SECTION_INDEX
from engines.escape_of_the_dead.state import ASSIGN, OVER, REWARD, ROLL, State, View

SURVIVOR = "survivor"

REWARDS: dict[str, str] = {
    "a": "destroy all zombies on the lawn",
    "b": "repair 10% of the car",
    "c": "stop the spawn next turn",
    "d": "create 3 barricades",
}
REWARD_WORDS: dict[str, tuple[str, ...]] = {
    "a": ("destroy", "kill all", "clear"),
    "b": ("repair", "car"),
    "c": ("stop", "skip", "no spawn"),
    "d": ("barricades", "boards", "build"),
}


def split_label(split: Split) -> str:
    parts = [f"{name} {n}" for name, n in zip(R.SECTIONS, split, strict=True) if n]
    return ", ".join(parts)


_SPLITS: dict[str, Split] = {split_key(s): s for s in R.splits()}


def placed(key: str) -> Split | None:
    """The dice a split's key puts on the Lawn, the Barricade and the Garage; None for any other key."""
    return _SPLITS.get(key)


_ASSIGN = Decision(
    seat=SURVIVOR,
    kind="assign",
    prompt=f"Place your {R.DICE} action dice on the Lawn, the Barricade and the Garage.",
    options=tuple(
        Option(key, split_label(s), aliases=("{} {} {}".format(*s), "{}{}{}".format(*s)))
        for key, s in _SPLITS.items()
    ),
)
_REWARD_CACHE: dict[tuple[bool, int], Decision] = {}


def reward_text(letter: str, zombies: int, barricade: int) -> str:
    """A reward in words, and where it would do nothing now (or less than it says), that it would: reward A
    with no zombie on the lawn destroys none; reward D adds boards only up to the Barricade's maximum."""
    text = REWARDS[letter]
    if letter == "a" and not zombies:
        return f"{text} (none there now: it does nothing)"
    room = R.MAX_BARRICADE - barricade
    if letter == "d" and room < R.REWARD_BARRICADES:
        return f"{text} (the Barricade is full: it adds none)" if room <= 0 else f"{text} (only {room} fit)"
    return text


def _reward_decision(zombies: int, barricade: int) -> Decision:
    memo = (zombies > 0, max(0, min(R.MAX_BARRICADE - barricade, R.REWARD_BARRICADES)))
    found = _REWARD_CACHE.get(memo)
    if found is None:
        found = _REWARD_CACHE[memo] = Decision(
            seat=SURVIVOR,
            kind="reward",
            prompt=f"{R.KILLS_PER_REWARD} zombies destroyed: choose your reward, to be played at once.",
            options=tuple(
                Option(
                    reward_key(letter),
                    f"{letter.upper()}) {reward_text(letter, zombies, barricade)}",
                    aliases=(letter, *REWARD_WORDS[letter]),
                )
                for letter in REWARDS
            ),
        )
    return found
_ROLL_CACHE: dict[tuple[str, ...], Decision] = {}


def _roll_decision(unrolled: tuple[str, ...]) -> Decision:
    found = _ROLL_CACHE.get(unrolled)
    if found is None:
        options = [Option(roll_key(s), f"roll the {s}", aliases=(s,)) for s in unrolled]
        options.append(Option(ROLL_ALL, "roll all that remain", aliases=("all",)))
        found = Decision(SURVIVOR, "roll", "Which section do you roll next?", tuple(options))
        _ROLL_CACHE[unrolled] = found
    return found


# -- the decisions, by phase: what the survivor is asked, and what each key does ----------------------------

DECISIONS = Steps("escape-of-the-dead decisions")
"""What the survivor is asked in each phase: phase -> handler(state) -> the Decision (None once over)."""
CHOICES = Steps("escape-of-the-dead choices")
"""What a key does in each phase: phase -> handler(state, key, events); IllegalMove for a key it refuses."""


@DECISIONS.step(ASSIGN)
def _ask_split(state: State) -> Decision:
    return _ASSIGN


@DECISIONS.step(ROLL)
def _ask_roll(state: State) -> Decision:
    return _roll_decision(tuple(state.unrolled))


@DECISIONS.step(REWARD)
def _ask_reward(state: State) -> Decision:
    return _reward_decision(state.zombies, state.barricade)


@DECISIONS.step(OVER)
def _ask_nothing(state: State) -> None:
    return None


@CHOICES.step(ASSIGN)
def _choose_split(state: State, key: str, events: list[Event]) -> None:
    split = placed(key)
    if split is None:
        raise IllegalMove(_illegal(state, key))
    phases.assign(state, split, events)


@CHOICES.step(ROLL)
def _choose_roll(state: State, key: str, events: list[Event]) -> None:
    if key == ROLL_ALL:
        phases.roll_rest(state, events)
        return
    section = section_of(key)
    if section is None or section not in state.unrolled:
        raise IllegalMove(_illegal(state, key))
    phases.roll_section(state, section, events)
    phases.after_roll(state, events)


@CHOICES.step(REWARD)
def _choose_reward(state: State, key: str, events: list[Event]) -> None:
    letter = letter_of(key)
    if letter not in REWARDS:
        raise IllegalMove(_illegal(state, key))
    phases.play_reward(state, letter, events)


@CHOICES.step(OVER)
def _choose_after_the_end(state: State, key: str, events: list[Event]) -> None:
    raise IllegalMove("The game is over; there is nothing left to decide.")


def _illegal(state: State, key: str) -> str:
    what = {"assign": "a dice split", "roll": "a section to roll", "reward": "a reward"}.get(
        state.phase, "a choice"
    )
    return f"'{key}' is not a legal choice now: the game wants {what}."


class EscapeOfTheDead:
    id = "escape-of-the-dead"
    title = "Escape of the Dead"
    rules_version = "2"
    facts_added: ClassVar[Mapping[str, Mapping[str, tuple[str, ...]]]] = {"2": {"zombies_attack": ("lost",)}}
    """The event facts each rules version added (2: the boards an attack really tore off, at most the ones
    left), so a save of rules 1 replays to its log with them left out, and is then told with them (solo.run)."""
    seats = (
        Seat(SURVIVOR, "the survivor", "Hold the barricade and repair the car; the zombies are the rules."),
    )
    person_seats = (SURVIVOR,)
    options = (
        GameOption(
            "barricade",
            tuple(str(n) for n in range(R.MAX_BARRICADE, 0, -1)),
            str(R.START_BARRICADE),
            "Barricade Strength Points marked at setup; fewer is a harder game.",
        ),
        GameOption(
            "roll_order",
            ("card", "choose"),
            "card",
            "card: the sections are rolled Lawn, Barricade, Garage; choose: you pick which to roll next.",
        ),
    )
    state_type = State

    # -- the contract ---------------------------------------------------------------------------

    # What the search reads (engines/core/search.py): samples of the hidden things, and what an ending says.
    determinize = staticmethod(hidden.determinize)
    facts = staticmethod(hidden.facts)
    value = staticmethod(hidden.value)

    def setup(self, seed: int, options: Mapping[str, str] | None = None) -> tuple[State, list[Event]]:
        opts = resolve_options(self, options or {})
        start = int(opts["barricade"])
        state = State(
            rng=Rng.from_seed(seed),
            barricade=start,
            zombies=R.INITIAL_ZOMBIES,
            repairs=0,
            kills=0,
            roll_order=opts["roll_order"],
            start_barricade=start,
        )
        events = [
            Event(
                "game_started",
                0,
                "setup",
                {"barricade": start, "max_barricade": R.MAX_BARRICADE, "zombies": state.zombies},
            )
        ]
        phases.begin_turn(state, events)
        return state, events

    def decision(self, state: State) -> Decision | None:
        return DECISIONS.handler(state.phase)(state)

    def apply(self, state: State, key: str, decision: Decision | None = None) -> list[Event]:
        events: list[Event] = []
        CHOICES.handler(state.phase)(state, key, events)
        return events

    def outcome(self, state: State) -> Outcome | None:
        if state.result == "won":
            return Outcome(
                "won", (SURVIVOR,), "The car is repaired to 100% and you drive out through the dead."
            )
        if state.result == "lost":
            return Outcome("lost", (), "The last Barricade Strength Point is gone and the zombies are in.")
        return None

    def view(self, state: State, seat: str = SURVIVOR) -> View:
        # Positional, in View's field order: three times faster than keywords, and simulations build one view
        # per decision. tests/engines/escape_of_the_dead/test_rules.py checks every field by name.
        return View(
            state.turn,
            state.phase,
            state.barricade,
            R.MAX_BARRICADE,
            state.zombies,
            R.ZOMBIE_TOKENS - state.zombies,
            state.repairs,
            state.kills,
            R.KILLS_PER_REWARD,
            state.skip_spawn,
            R.spawn_level(state.repairs),
            (state.dice[0], state.dice[1], state.dice[2]),
            tuple(state.unrolled),
            state.result,
            state.total_kills,
            tuple(state.rewards),
        )

    def turn(self, state: State) -> int:
        return state.turn

    def hint(self, state: State) -> Hint | None:
        """Best play from the exact solution, with the win chance of the best and the next best choice."""
        from engines.escape_of_the_dead import solver

        decision = self.decision(state)
        if decision is None:
            return None
        return solver.advise_optimal(self.view(state), decision)

    def exact(self, state: State) -> dict[str, float] | None:
        """Each option's exact chance of winning from the solved table (best play from there on), for the hint
        and the review; None where the options cannot differ (the order of the rolls)."""
        from engines.escape_of_the_dead import solver

        decision = self.decision(state)
        return None if decision is None else solver.option_values(self.view(state), decision.kind)

    @property
    def policies(self) -> Mapping[str, Policy]:
        from engines.escape_of_the_dead import policies

        return policies.POLICIES

    default_policy = "optimal"

    @property
    def achievements(self) -> dict[str, str]:
        """A designed sheet (the minigame's rulebook has none): id -> text, in its order."""
        from engines.escape_of_the_dead.achievements import TEXT

        return TEXT

    def earned(self, log: list[Event]) -> list[str]:
        """The achievements a finished run's events earn."""
        from engines.escape_of_the_dead.achievements import earned

        return earned(log)

    def invariants(self, state: State) -> list[str]:
        """Broken rules, as sentences; empty when the state is sound."""
        problems = []
        if not 0 <= state.zombies <= R.ZOMBIE_TOKENS:
            problems.append(f"{state.zombies} zombies on the lawn (0..{R.ZOMBIE_TOKENS})")
        if not 0 <= state.barricade <= R.MAX_BARRICADE:
            problems.append(f"barricade {state.barricade} outside 0..{R.MAX_BARRICADE}")
        if not 0 <= state.repairs <= R.REPAIRS_TO_WIN:
            problems.append(f"repairs {state.repairs} outside 0..{R.REPAIRS_TO_WIN}")
        low, high = self._kill_bounds(state)
        if state.phase == REWARD and state.kills < R.KILLS_PER_REWARD:
            problems.append("a reward is pending without 10 kills")
        elif not low <= state.kills <= high:
            problems.append(f"kill count {state.kills} in phase {state.phase} (expected {low}..{high})")
        if state.result == "lost" and state.barricade != 0:
            problems.append("lost with barricade standing")
        if state.result == "won" and state.repairs < R.REPAIRS_TO_WIN:
            problems.append("won before the car is repaired")
        if (state.phase == OVER) != bool(state.result):
            problems.append(f"phase {state.phase} with result {state.result!r}")
        if state.phase == ASSIGN and (state.unrolled or any(state.dice)):
            problems.append("dice left on the cards while assigning")
        if state.phase == ROLL:
            if state.roll_order != "choose" or not state.unrolled:
                problems.append(
                    f"waiting for a roll with order {state.roll_order!r} and {state.unrolled} left"
                )
            if sum(state.dice) != R.DICE or any(state.dice[SECTION_INDEX[s]] == 0 for s in state.unrolled):
                problems.append(f"sections {state.unrolled} left to roll with dice {state.dice}")
        elif state.phase in (REWARD, OVER) and state.unrolled:
            problems.append(f"sections {state.unrolled} left to roll in phase {state.phase}")
        return problems

    @staticmethod
    def _kill_bounds(state: State) -> tuple[int, int]:
        """The Zombie Heads that can be marked now (P5.7), as (lowest, highest).

        A reward is taken in the turn the heads reach 10, so at most 9 are carried into a turn; the lawn roll
        adds at most its own dice. With `roll_order=choose` the lawn can be rolled before the other sections,
        so 10 or more heads are legal mid-roll: the reward comes in Phase 5, after every section is rolled
        and the attack (issue 12, item 13). A game that ends mid-roll or in the attack keeps its heads."""
        carried = R.KILLS_PER_REWARD - 1
        if state.phase == REWARD:
            return R.KILLS_PER_REWARD, carried + R.DICE
        if state.phase == OVER:
            return 0, carried + R.DICE
        if state.phase == ROLL and "lawn" not in state.unrolled:
            return 0, carried + state.dice[SECTION_INDEX["lawn"]]
        return 0, carried


GAME = EscapeOfTheDead()
_check: Game = GAME  # the contract, checked by mypy
