"""A turn's five phases as the engine runs them between the survivor's decisions: spawn, dice, attack, reward.

What differs by section (the dice's effect) and by reward is looked up in the turn machine's tables
(`engines.core.steps`), so each section and each reward is one small function.
"""

from __future__ import annotations

from typing import Any

from engines.core.events import Event
from engines.core.queue import FIRST_NEXT
from engines.core.steps import Steps
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.keys import Split
from engines.escape_of_the_dead.state import ASSIGN, OVER, REWARD, ROLL, State

Facts = dict[str, Any]

SECTION_INDEX = {section: i for i, section in enumerate(R.SECTIONS)}
_PLACED = {split: [s for s, n in zip(R.SECTIONS, split, strict=True) if n] for split in R.splits()}
"""The sections a split puts dice on, in roll order (copied into the state, never shared)."""
_ROLLED = {section: f"{section}_rolled" for section in R.SECTIONS}

SECTIONS: Steps[[State, list[int], int], Facts] = Steps("escape-of-the-dead sections")
"""What one section's hits do: section -> handler(state, faces, hits) -> the roll event's facts."""
REWARDS: Steps[[State, Facts], None] = Steps("escape-of-the-dead rewards")
"""What each reward does: letter -> handler(state, facts), which adds what it did to the event's facts."""


def dice_on(state: State, section: str) -> int:
    """The dice a section will roll this turn: those placed on it, until it is rolled."""
    return state.dice[SECTION_INDEX[section]] if section in state.unrolled else 0


def dice_left(state: State) -> Split:
    """The dice on the Lawn, the Barricade and the Garage still to be rolled this turn: what the odds are of."""
    return dice_on(state, "lawn"), dice_on(state, "barricade"), dice_on(state, "garage")


def begin_turn(state: State, events: list[Event]) -> None:
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


def assign(state: State, split: Split, events: list[Event]) -> None:
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
        roll_rest(state, events)


def roll_rest(state: State, events: list[Event]) -> None:
    """Phase 3 for every section still to roll, in card order, then what follows the dice: `state.unrolled` is
    a core queue (first runs next) of the sections to roll, drained by the core loop until the game ends."""
    FIRST_NEXT.run(state.unrolled, ROLLS, _section, state, events, _over)
    after_roll(state, events)


def roll_section(state: State, section: str, events: list[Event]) -> None:
    """Phase 3 for the one section the survivor chose to roll next, wherever it stands in the queue."""
    state.unrolled.remove(section)
    _roll(state, section, events)


ROLLS: Steps[[State, str, list[Event]], None] = Steps("escape-of-the-dead rolls")
"""A section queued in `state.unrolled` -> rolling it (each section alike; what its hits do is `SECTIONS`')."""


@ROLLS.step(*R.SECTIONS)
def _roll(state: State, section: str, events: list[Event]) -> None:
    """Roll all the dice placed on `section` (already taken off the queue), once."""
    faces = state.rng.d6s(state.dice[SECTION_INDEX[section]])
    threshold = R.THRESHOLD[section]
    hits = len([face for face in faces if face >= threshold])  # dice.count_at_least, inlined: hot path
    facts = SECTIONS.handler(section)(state, faces, hits)
    events.append(Event(_ROLLED[section], state.turn, "action", facts))
    if state.repairs >= R.REPAIRS_TO_WIN:
        end(state, "won", events)


def _section(section: str) -> str:
    return section


def _over(state: State, events: list[Event]) -> bool:
    return bool(state.result)


def shot(hits: int, zombies: int) -> int:
    """The zombies a Lawn roll destroys: one a hit, as many as are on the lawn."""
    return min(hits, zombies)


def boarded(hits: int, barricade: int) -> int:
    """The Barricade Strength Points a Barricade roll marks: one a hit, up to the card's maximum."""
    return min(hits, R.MAX_BARRICADE - barricade)


def repaired(hits: int, repairs: int) -> int:
    """The 10% repairs a Garage roll makes: one a hit, up to 100%."""
    return min(hits, R.REPAIRS_TO_WIN - repairs)


def torn_off(zombies: int, barricade: int) -> int:
    """The Barricade Strength Points the attack erases: one a zombie, as many as there are."""
    return min(zombies, barricade)


@SECTIONS.step("lawn")
def _shoot(state: State, faces: list[int], hits: int) -> Facts:
    """Each hit destroys a zombie on the lawn and marks a Zombie Head."""
    killed = shot(hits, state.zombies)
    state.zombies -= killed
    state.kills += killed
    state.total_kills += killed
    return {
        "dice": faces,
        "hits": hits,
        "killed": killed,
        "wasted": hits - killed,
        "zombies": state.zombies,
        "kills": state.kills,
    }


@SECTIONS.step("barricade")
def _board_up(state: State, faces: list[int], hits: int) -> Facts:
    """Each hit marks a Barricade Strength Point, up to the card's maximum."""
    built = boarded(hits, state.barricade)
    state.barricade += built
    return {"dice": faces, "hits": hits, "built": built, "wasted": hits - built, "barricade": state.barricade}


@SECTIONS.step("garage")
def _repair(state: State, faces: list[int], hits: int) -> Facts:
    """Each hit repairs 10% of the car."""
    made = repaired(hits, state.repairs)
    state.repairs += made
    return {"dice": faces, "hits": hits, "repaired": made, "repairs": state.repairs}


def after_roll(state: State, events: list[Event]) -> None:
    """Once every section is rolled: Phase 4 (the attack), then Phase 5 (a reward) or the next turn."""
    if state.result or state.unrolled:
        return
    state.dice = [0, 0, 0]
    attack(state, events)
    if state.result:
        return
    if state.kills >= R.KILLS_PER_REWARD:
        state.phase = REWARD
        events.append(Event("reward_earned", state.turn, "reward", {"kills": state.kills}))
        return
    begin_turn(state, events)


def attack(state: State, events: list[Event]) -> None:
    """Phase 4: each zombie still on the lawn erases one Barricade Strength Point."""
    if state.zombies == 0:
        events.append(Event("lawn_clear", state.turn, "attack", {"barricade": state.barricade}))
        return
    damage = state.zombies
    lost = torn_off(damage, state.barricade)  # a zombie with no board left to tear off erases nothing
    state.barricade -= lost
    events.append(
        Event(
            "zombies_attack",
            state.turn,
            "attack",
            {"zombies": state.zombies, "damage": damage, "lost": lost, "barricade": state.barricade},
        )
    )
    if state.barricade == 0:
        end(state, "lost", events)


def play_reward(state: State, letter: str, events: list[Event]) -> None:
    """Phase 5: play the chosen reward at once, erase 10 heads, and carry the remainder over."""
    state.kills -= R.KILLS_PER_REWARD
    state.rewards.append(letter)
    facts: Facts = {"reward": letter, "carried": state.kills}
    REWARDS.handler(letter)(state, facts)
    events.append(Event("reward_taken", state.turn, "reward", facts))
    if state.repairs >= R.REPAIRS_TO_WIN:
        end(state, "won", events)
    else:
        begin_turn(state, events)


@REWARDS.step("a")
def _clear_the_lawn(state: State, facts: Facts) -> None:
    facts["destroyed"] = state.zombies
    state.zombies = 0  # back to the pool; these do not count as zombies destroyed


@REWARDS.step("b")
def _repair_the_car(state: State, facts: Facts) -> None:
    state.repairs = min(R.REPAIRS_TO_WIN, state.repairs + R.REWARD_REPAIRS)
    facts["repairs"] = state.repairs


@REWARDS.step("c")
def _stop_the_spawn(state: State, facts: Facts) -> None:
    state.skip_spawn = True


@REWARDS.step("d")
def _build_barricades(state: State, facts: Facts) -> None:
    built = min(R.REWARD_BARRICADES, R.MAX_BARRICADE - state.barricade)
    state.barricade += built
    facts.update(built=built, barricade=state.barricade)


def end(state: State, result: str, events: list[Event]) -> None:
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
