"""The rules of Escape of the Dead: five phases a turn until the car is repaired or the barricade falls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.contract import (
    Decision,
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
from engines.escape_of_the_dead import rules_data as R
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


def split_key(split: tuple[int, int, int]) -> str:
    return "alloc:{}-{}-{}".format(*split)


def split_label(split: tuple[int, int, int]) -> str:
    parts = [f"{name} {n}" for name, n in zip(R.SECTIONS, split, strict=True) if n]
    return ", ".join(parts)


_SPLITS: dict[str, tuple[int, int, int]] = {split_key(s): s for s in R.splits()}

_ASSIGN = Decision(
    seat=SURVIVOR,
    kind="assign",
    prompt=f"Place your {R.DICE} action dice on the Lawn, the Barricade and the Garage.",
    options=tuple(
        Option(key, split_label(s), aliases=("{} {} {}".format(*s), "{}{}{}".format(*s)))
        for key, s in _SPLITS.items()
    ),
)
_REWARD = Decision(
    seat=SURVIVOR,
    kind="reward",
    prompt=f"{R.KILLS_PER_REWARD} zombies destroyed: choose your reward, to be played at once.",
    options=tuple(
        Option(f"reward:{letter}", f"{letter.upper()}) {text}", aliases=(letter, *REWARD_WORDS[letter]))
        for letter, text in REWARDS.items()
    ),
)
_ROLL_CACHE: dict[tuple[str, ...], Decision] = {}
_SECTION_INDEX = {section: i for i, section in enumerate(R.SECTIONS)}
_PLACED = {split: [s for s, n in zip(R.SECTIONS, split, strict=True) if n] for split in _SPLITS.values()}
"""The sections a split puts dice on, in roll order (copied into the state, never shared)."""
_ROLLED = {section: f"{section}_rolled" for section in R.SECTIONS}


def _roll_decision(unrolled: tuple[str, ...]) -> Decision:
    found = _ROLL_CACHE.get(unrolled)
    if found is None:
        options = [Option(f"roll:{s}", f"roll the {s}", aliases=(s,)) for s in unrolled]
        options.append(Option("roll:all", "roll all that remain", aliases=("all",)))
        found = Decision(SURVIVOR, "roll", "Which section do you roll next?", tuple(options))
        _ROLL_CACHE[unrolled] = found
    return found


class EscapeOfTheDead:
    id = "escape-of-the-dead"
    title = "Escape of the Dead"
    rules_version = "1"
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
        self._begin_turn(state, events)
        return state, events

    def decision(self, state: State) -> Decision | None:
        if state.phase == ASSIGN:
            return _ASSIGN
        if state.phase == ROLL:
            return _roll_decision(tuple(state.unrolled))
        if state.phase == REWARD:
            return _REWARD
        return None

    def apply(self, state: State, key: str, decision: Decision | None = None) -> list[Event]:
        events: list[Event] = []
        if state.phase == ASSIGN:
            split = _SPLITS.get(key)
            if split is None:
                raise IllegalMove(self._illegal(state, key))
            self._assign(state, split, events)
        elif state.phase == ROLL:
            if key == "roll:all":
                self._roll_rest(state, events)
            elif key.startswith("roll:") and key[5:] in state.unrolled:
                self._roll_section(state, key[5:], events)
                self._after_roll(state, events)
            else:
                raise IllegalMove(self._illegal(state, key))
        elif state.phase == REWARD:
            letter = key[7:] if key.startswith("reward:") else ""
            if letter not in REWARDS:
                raise IllegalMove(self._illegal(state, key))
            self._reward(state, letter, events)
        else:
            raise IllegalMove("The game is over; there is nothing left to decide.")
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
            if sum(state.dice) != R.DICE or any(state.dice[_SECTION_INDEX[s]] == 0 for s in state.unrolled):
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
            return 0, carried + state.dice[_SECTION_INDEX["lawn"]]
        return 0, carried

    # -- the phases ---------------------------------------------------------------------------------

    def _begin_turn(self, state: State, events: list[Event]) -> None:
        """Phase 1: spawn zombies (or skip, after reward C), then wait for Phase 2."""
        state.turn += 1
        state.phase = ASSIGN
        state.dice = [0, 0, 0]
        events.append(Event("turn_started", state.turn, "spawn", {"turn": state.turn}))
        if state.skip_spawn:
            state.skip_spawn = False
            events.append(Event("spawn_skipped", state.turn, "spawn", {"zombies": state.zombies}))
            return
        level = R.spawn_level(state.repairs)
        placed = min(level, R.ZOMBIE_TOKENS - state.zombies)
        state.zombies += placed
        events.append(
            Event(
                "zombies_spawn",
                state.turn,
                "spawn",
                {"level": level, "placed": placed, "short": level - placed, "zombies": state.zombies},
            )
        )

    def _assign(self, state: State, split: tuple[int, int, int], events: list[Event]) -> None:
        """Phase 2, then Phase 3 at once unless the player chooses the order of the rolls."""
        state.dice = list(split)
        state.unrolled = _PLACED[split].copy()
        events.append(
            Event(
                "dice_assigned",
                state.turn,
                "assign",
                {"lawn": split[0], "barricade": split[1], "garage": split[2]},
            )
        )
        if state.roll_order == "choose" and len(state.unrolled) > 1:
            state.phase = ROLL
        else:
            self._roll_rest(state, events)

    def _roll_rest(self, state: State, events: list[Event]) -> None:
        while state.unrolled and not state.result:
            self._roll_section(state, state.unrolled[0], events)
        self._after_roll(state, events)

    def _roll_section(self, state: State, section: str, events: list[Event]) -> None:
        """Phase 3 for one section: roll all the dice placed on it, once."""
        state.unrolled.remove(section)
        faces = state.rng.d6s(state.dice[_SECTION_INDEX[section]])
        threshold = R.THRESHOLD[section]
        hits = len([face for face in faces if face >= threshold])  # dice.count_at_least, inlined: hot path
        if section == "lawn":
            killed = min(hits, state.zombies)
            state.zombies -= killed
            state.kills += killed
            state.total_kills += killed
            facts = {
                "dice": faces,
                "hits": hits,
                "killed": killed,
                "wasted": hits - killed,
                "zombies": state.zombies,
                "kills": state.kills,
            }
        elif section == "barricade":
            built = min(hits, R.MAX_BARRICADE - state.barricade)
            state.barricade += built
            facts = {
                "dice": faces,
                "hits": hits,
                "built": built,
                "wasted": hits - built,
                "barricade": state.barricade,
            }
        else:
            repaired = min(hits, R.REPAIRS_TO_WIN - state.repairs)
            state.repairs += repaired
            facts = {"dice": faces, "hits": hits, "repaired": repaired, "repairs": state.repairs}
        events.append(Event(_ROLLED[section], state.turn, "action", facts))
        if state.repairs >= R.REPAIRS_TO_WIN:
            self._end(state, "won", events)

    def _after_roll(self, state: State, events: list[Event]) -> None:
        """Once every section is rolled: Phase 4 (the attack), then Phase 5 (a reward) or the next turn."""
        if state.result or state.unrolled:
            return
        state.dice = [0, 0, 0]
        self._attack(state, events)
        if state.result:
            return
        if state.kills >= R.KILLS_PER_REWARD:
            state.phase = REWARD
            events.append(Event("reward_earned", state.turn, "reward", {"kills": state.kills}))
            return
        self._begin_turn(state, events)

    def _attack(self, state: State, events: list[Event]) -> None:
        """Phase 4: each zombie still on the lawn erases one Barricade Strength Point."""
        if state.zombies == 0:
            events.append(Event("lawn_clear", state.turn, "attack", {"barricade": state.barricade}))
            return
        damage = state.zombies
        state.barricade = max(0, state.barricade - damage)
        events.append(
            Event(
                "zombies_attack",
                state.turn,
                "attack",
                {"zombies": state.zombies, "damage": damage, "barricade": state.barricade},
            )
        )
        if state.barricade == 0:
            self._end(state, "lost", events)

    def _reward(self, state: State, letter: str, events: list[Event]) -> None:
        """Phase 5: play the chosen reward at once, erase 10 heads, and carry the remainder over."""
        state.kills -= R.KILLS_PER_REWARD
        state.rewards.append(letter)
        facts: dict[str, Any] = {"reward": letter, "carried": state.kills}
        if letter == "a":
            facts["destroyed"] = state.zombies
            state.zombies = 0  # back to the pool; these do not count as zombies destroyed
        elif letter == "b":
            state.repairs = min(R.REPAIRS_TO_WIN, state.repairs + R.REWARD_REPAIRS)
            facts["repairs"] = state.repairs
        elif letter == "c":
            state.skip_spawn = True
        else:
            built = min(R.REWARD_BARRICADES, R.MAX_BARRICADE - state.barricade)
            state.barricade += built
            facts.update(built=built, barricade=state.barricade)
        events.append(Event("reward_taken", state.turn, "reward", facts))
        if state.repairs >= R.REPAIRS_TO_WIN:
            self._end(state, "won", events)
        else:
            self._begin_turn(state, events)

    def _end(self, state: State, result: str, events: list[Event]) -> None:
        state.result = result
        state.phase = OVER
        state.unrolled = []
        events.append(
            Event(
                f"game_{result}",
                state.turn,
                "end",
                {
                    "turn": state.turn,
                    "repairs": state.repairs,
                    "barricade": state.barricade,
                    "total_kills": state.total_kills,
                },
            )
        )

    def _illegal(self, state: State, key: str) -> str:
        decision = self.decision(state)
        what = {"assign": "a dice split", "roll": "a section to roll", "reward": "a reward"}.get(
            decision.kind if decision else "", "a choice"
        )
        return f"'{key}' is not a legal choice now: the game wants {what}."


GAME = EscapeOfTheDead()
