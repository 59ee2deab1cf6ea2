"""Why a choice is refused: the reason an illegal key gets, in the game's words."""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import (
    Decision,
)
from engines.mixtape.tall_oaks import checks, keys
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import (
    MOVE,
    SCUFFLE,
    TASK,
    TURN,
    State,
    Survivor,
)

B = R.BOARD
TURN_WORDS = frozenset({"roll", "draw", "task", "search", "final", "heal"})
"""The start-of-turn choices a player may name at any time (the REPL passes them on; refusals say why)."""


def illegal(state: State, d: Decision, key: str) -> str:
    x = state.survivors[state.current] if state.current >= 0 else None
    k = keys.Key.parse(key)
    why = _old_reveal(state, d, key) or _move_refusal(state, k)
    if why is None and state.phase == TURN and x is not None and key in TURN_REFUSALS:
        why = TURN_REFUSALS[key](state, x)
    return why or _other_refusal(state, d, key, k, x)


def _old_reveal(state: State, d: Decision, key: str) -> str | None:
    """Rules version 3 had a 'reveal' choice; a player used to it is told what happens now."""
    if key != "reveal":
        return None
    if next(o for o in state.survivors if o.seat == d.seat).revealed:
        return "Your Final Scenes card is already face up."
    return (
        "Nobody turns a Final Scenes card over by choice: it turns over by itself as soon as all four "
        f"Tasks are done and its holder has {R.RESCUES_NEEDED} rescue tokens."
    )


def _move_refusal(state: State, k: keys.Key) -> str | None:
    node = k.arg if k.verb == "go" else None
    if state.phase == MOVE and node is not None and (node in B.kind or node in B.locations):
        return (
            f"You cannot end your move on {place(node)} with {sum(state.roll)}: use the whole roll, "
            "stopping early only on entering a location, and never on a starting point someone holds."
        )
    return None


def _draw_refusal(state: State, x: Survivor) -> str:
    return "There is no Scene Marker here to draw a Killer Scene for."


def _search_refusal(state: State, x: Survivor) -> str:
    if x.at == R.REC:
        return "The Tall Oaks Rec Center is closed to searches."
    if x.at not in B.locations:
        return "You can only search inside a location, and you are out on the road."
    if x.searched == x.at:
        return "You searched this location last time; search somewhere else first."
    return "You can only search an empty location (no Scene Marker)."


def _task_refusal(state: State, x: Survivor) -> str:
    k = checks.next_task(state)
    if not k:
        return "All four Tasks are done."
    if k not in x.tasks:
        return f"You do not hold Task #{k}; Tasks must be completed in order."
    if state.markers.get(x.at):
        return "The location is not cleared: rescue the victims here first."
    return f"Task #{k} is completed at {B.locations[R.TASK_LOCATIONS[k - 1]].name}."


def _final_refusal(state: State, x: Survivor) -> str:
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


def _heal_refusal(state: State, x: Survivor) -> str:
    if x.health >= R.HEALTH:
        return "You are at full health."
    return "You hold no health supply."


TURN_REFUSALS: dict[str, Callable[[State, Survivor], str]] = {
    "draw": _draw_refusal,
    "search": _search_refusal,
    "task": _task_refusal,
    "final": _final_refusal,
    "heal": _heal_refusal,
}
"""Why a start-of-turn choice the survivor named is not offered now."""


def _spend_refusal(state: State, key: str) -> str:
    """A way to spend tokens the survivor holds is never refused, offered or not (spending.held_spend)."""
    return "You do not have those Supply Tracker tokens for this roll."


def _other_refusal(state: State, d: Decision, key: str, k: keys.Key, x: Survivor | None) -> str:
    if state.phase == TASK and key == "task:take":
        return "Your inventory is full: drop a supply to take a Task."
    if key == "task:take":
        return "Task cards are picked up on entering the Tall Oaks Rec Center."
    if k.verb == "spend" and key != k.verb:
        return _spend_refusal(state, key)
    if k.verb == "scuffle" and key != k.verb and state.phase != SCUFFLE:
        return "A scuffle is offered only when you land on, next to, or in the same location as a rival."
    if k.verb == "scuffle" and key != k.verb:
        return f"'{k.arg}' is not close enough to scuffle with; choose a rival listed, or 'no'."
    if key == "traitor" and x is not None:
        if not x.traitors:
            return "You hold no Traitor card."
        return "The Traitor card is played at the start of your turn."
    if key in TURN_WORDS and x is not None:
        return f"That is for the start of your turn, before the roll. Now: {d.prompt}"
    shown = key if len(key) <= 40 else key[:40] + "..."
    more = ", ..." if len(d.options) > 8 else ""
    return f"'{shown}' is not a choice now. Choices: {'; '.join(o.label for o in d.options[:8])}{more}."
