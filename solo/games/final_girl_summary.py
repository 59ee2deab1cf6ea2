"""Final Girl's end of run, from its events: the Victims saved and killed, the health lost, the Time spent.

The closest call is the lowest the Final Girl's health fell and she lived on, when it fell to CLOSE or less
(0 counts when her Final Health token brought her back). The decisive roll is the horror roll that killed the
Killer, if one did; otherwise the one that dealt or prevented the most damage: the damage its card dealt to the
Killer and her Minor Dark Powers plus the damage it
blocked, over the events of the same turn and phase up to the next card; the later of equal ones.
"""

from __future__ import annotations

from engines.core.events import Event
from solo.summary import Part, biggest, dice, plural, rolls

CLOSE = 2
"""Health left at or below which a blow was a close call."""

CAUSES = {
    "killer": "the Killer's attack",
    "trap": "a trap",
    "task": "a trap's task",
    "accident": "an accident",
    "overkill": "the Killer's overkill",
}

DEALT = ("killer_hurt", "minor_power_hurt")
WINNING = 1000
"""Above any damage: the roll that killed the Killer decided the ending."""


def tell(log: list[Event], seat: str, turn: int) -> Part:
    saved = sum(1 for e in log if e.kind in ("victim_saved", "victim_escapes_alone"))
    killed = sum(1 for e in log if e.kind == "victim_killed")
    bought = [e for e in log if e.kind == "card_bought"]
    time = sum(e.facts["cost"] for e in bought)
    used = sum(1 for e in log if e.kind == "item_used")
    lost, healed = _health(log)
    dealt = sum(e.facts["amount"] for e in log if e.kind in DEALT)
    blocked = sum(e.facts["blocked"] for e in log if e.kind == "reaction")
    rows = [
        ("Turns", str(turn)),
        ("Saved", plural(saved, "Victim")),
        ("Fought", f"{dealt} damage dealt to the Killer; {blocked} of hers blocked"),
        ("Lost", f"{plural(killed, 'Victim')} killed; {lost} health lost ({healed} healed)"),
        ("Spent", f"{time} Time on {plural(len(bought), 'card')}" + (f"; {plural(used, 'item')} used" if used else "")),
    ]
    return Part(rows, closest=_closest(log), decisive=_decisive(log))


def _health(log: list[Event]) -> tuple[int, int]:
    """(health lost, health healed): blows, and the health her Final Health token replaced."""
    start = next((e for e in log if e.kind == "game_started"), None)
    health = start.facts["health"] if start else 0
    lost = healed = 0
    for e in log:
        if e.kind == "fg_hurt":
            lost += e.facts["amount"]
        elif e.kind == "fg_token":
            lost += health  # the last of her health went first
        elif e.kind == "fg_healed":
            healed += e.facts["amount"]
        else:
            continue
        health = e.facts.get("health", 0)
    return lost, healed


def _closest(log: list[Event]) -> str:
    """The lowest health she lived on at; a blow that ended the game is no close call, it is the loss."""
    low: tuple[int, int, str] | None = None  # (health, -index, text)
    card = ""
    for i, e in enumerate(log):
        if e.kind == "card_played":
            card = e.facts["title"]
        if e.kind == "fg_hurt" and e.facts["health"] <= CLOSE and not _ends(log, i):
            cause = CAUSES.get(e.facts["cause"], f"a failed {card}" if card else "a blow")
            text = f"{plural(e.facts['health'], 'health', 'health')} left after {cause} on turn {e.turn}"
        elif e.kind == "fg_token" and e.facts.get("health", 0) > 0:
            text = (
                f"down to 0 health on turn {e.turn}; her Final Health token gave her "
                f"{e.facts['health']} back"
            )
        else:
            continue
        here = (0 if e.kind == "fg_token" else e.facts["health"], -i, text)
        if low is None or here[:1] <= low[:1]:
            low = here
    return low[2] if low else ""


def _ends(log: list[Event], i: int) -> bool:
    """Whether the blow at i is the one that ends the game (the next events, up to another blow, lose it)."""
    for e in log[i + 1 :]:
        if e.kind == "game_lost":
            return True
        if e.kind in ("fg_hurt", "fg_healed", "turn_started"):
            return False
    return False


def _decisive(log: list[Event]) -> str:
    def scored():
        for _, roll, after in rolls(log, lambda e: e.kind == "horror_roll"):
            same = _same_action(roll, after)
            dealt = sum(e.facts["amount"] for e in same if e.kind in DEALT)
            blocked = sum(e.facts["blocked"] for e in same if e.kind == "reaction")
            won = any(e.kind == "game_won" for e in same)
            effect = [f"dealt {dealt}" if dealt else "", f"blocked {blocked}" if blocked else ""]
            effect.append("the Killer's last wound" if won else "")
            text = f"{roll.facts['title']} on turn {roll.turn} ({dice(roll.facts['dice'])}): " + "; ".join(
                p for p in effect if p
            )
            yield dealt + blocked + (WINNING if won else 0), text

    return biggest(scored())


def _same_action(roll: Event, after: list[Event]) -> list[Event]:
    """The events the roll's card made: the same turn and phase, up to the next card played."""
    out = []
    for e in after:
        if e.kind == "card_played" or e.turn != roll.turn or (e.phase != roll.phase and e.kind != "game_won"):
            break
        out.append(e)
    return out
