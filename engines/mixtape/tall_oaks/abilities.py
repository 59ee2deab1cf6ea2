"""What each survivor's special ability changes, asked by name so the engine, the automa and the odds agree.

The abilities themselves are data (cards.toml, [[abilities]]); these are the questions the rules ask of them.
Abilities never help in scuffles (rulebook, Scuffles), so nothing here is asked there.
"""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.state import State, Survivor

_KIND = {name: a.kind for name, a in R.ABILITIES.items()}
_AMOUNT = {name: a.amount for name, a in R.ABILITIES.items()}
_BONUS_ICON = {"bonus_shield": R.SHIELD, "bonus_escape": R.ESCAPE, "bonus_action": R.ACTION}


def has(name: str, kind: str) -> bool:
    return _KIND.get(name) == kind


def slots(name: str) -> int:
    """Inventory slots: two, and one more for Mario."""
    return R.SLOTS + (_AMOUNT[name] if has(name, "slots") else 0)


def roll_bonus(name: str) -> tuple[str, int]:
    """(icon, amount) the ability adds to every Action Dice roll, or ('', 0)."""
    icon = _BONUS_ICON.get(_KIND.get(name, ""), "")
    return (icon, _AMOUNT[name]) if icon else ("", 0)


def quieter(name: str, noise: int) -> int:
    """The noise a survivor actually makes: Star makes 1 less each time (never below 0)."""
    if noise > 0 and has(name, "quiet"):
        return max(0, noise - _AMOUNT[name])
    return noise


def search_face(name: str, face: str) -> str:
    """The Search Die's face as it counts for this survivor: Ivy's Denied counts as a Search (designed)."""
    return "search" if face == "denied" and has(name, "search_denied") else face


def fists(name: str) -> bool:
    """Christine counts as armed with no weapon."""
    return has(name, "fists")


def slasher_loss(name: str, health: int) -> int:
    """Health lost to a failed Slasher fight: Kirk loses 1 less (never below 0)."""
    return max(0, health - _AMOUNT[name]) if has(name, "tough") else health


def short_step(name: str) -> int:
    """How many steps short of the roll a survivor may also stop: Linda 1, everyone else 0."""
    return _AMOUNT[name] if has(name, "short_step") else 0


def text(name: str) -> str:
    a = R.ABILITIES.get(name)
    return a.text if a else ""


def ability_used(state: State, x: Survivor, kind: str, events: list[Event], **facts: object) -> None:
    """Say that an ability changed what happened (its kind, and its numbers in `facts`)."""
    events.append(
        Event(
            "ability",
            state.turn_no,
            state.phase,
            {"seat": x.seat, "name": x.name, "ability": kind, **facts},
        )
    )
