"""Escape of the Dead's end of run, from its events: the car's repairs, the barricade's losses, the dice spent.

The closest call is the lowest the barricade fell after a zombie attack and held, when it held at CLOSE
points or fewer: one more attack of two zombies would have ended the night. The decisive roll is the exact
review's (solo/review.py): the roll that moved the solved chance of winning the most, apart from the choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.events import Event
from engines.escape_of_the_dead import rules_data as R
from solo.summary import Part, plural

if TYPE_CHECKING:
    from solo.run import Run

CLOSE = 2
"""Barricade Strength Points left after an attack at or below which the attack was a close call."""

def tell(log: list[Event], seat: str, turn: int) -> Part:
    repairs = max((e.facts["repairs"] for e in log if "repairs" in e.facts), default=0)
    kills = sum(e.facts.get("killed", 0) for e in log if e.kind == "lawn_rolled")
    attacks = [e for e in log if e.kind == "zombies_attack"]
    lost = sum(e.facts["lost"] for e in attacks)
    built = sum(e.facts.get("built", 0) for e in log if e.kind in ("barricade_rolled", "reward_taken"))
    end = next((e for e in log if e.kind in ("game_won", "game_lost")), None)
    left = end.facts["barricade"] if end else None
    rows = [
        ("Turns", str(turn)),
        ("Saved", f"the car {repairs * 100 // R.REPAIRS_TO_WIN}% repaired ({repairs} of {R.REPAIRS_TO_WIN}); "
         f"{plural(kills, 'zombie')} killed"),
        ("Lost", f"{plural(lost, 'Barricade point')} in {plural(len(attacks), 'attack')}"
         + (f" ({built} rebuilt; {left} left)" if left is not None else "")),
        ("Spent", _spent(log)),
    ]
    return Part(rows, closest=_closest(attacks))


def _spent(log: list[Event]) -> str:
    """The action dice placed, by section."""
    placed = {section: 0 for section in R.SECTIONS}
    for e in log:
        if e.kind == "dice_assigned":
            for section in R.SECTIONS:
                placed[section] += e.facts.get(section, 0)
    return f"{sum(placed.values())} dice: " + ", ".join(f"{s} {placed[s]}" for s in R.SECTIONS)


def _closest(attacks: list[Event]) -> str:
    held = [e for e in attacks if 0 < e.facts["barricade"] <= CLOSE and e.facts["lost"] > 0]
    if not held:
        return ""
    low = min(held, key=lambda e: (e.facts["barricade"], -e.turn))
    b, z = low.facts["barricade"], low.facts["zombies"]
    return f"down to {plural(b, 'Barricade point')} after {plural(z, 'zombie')} attacked on turn {low.turn}"


def decisive(run: Run) -> str:
    """The roll the exact review names first among its decisive rolls (the one that moved the chance of winning
    the most, by half a point or more), so the summary and `review` agree."""
    from solo import review

    roll = review.decisive_roll(review.exact(run))
    if roll is None:
        return ""
    before, after = roll.expected.win, roll.after.win
    rose = after > before
    word = "rose" if rose else "fell"
    said = f"turn {roll.turn}, {roll.dice}: the chance of winning {word} from {before:.0%} to {after:.0%}"
    return f"{said}, {_why(run.log, roll.turn, rose)}"


def _why(log: list[Event], turn: int, rose: bool) -> str:
    """Why a roll moved the chance (issue 49: a roll of three successes was named the decisive roll of a loss
    with no why): the section whose hits were furthest from what its dice make likely, in the way the chance
    went, and the ending it brought about that turn (the zombies left broke through; the car was fixed); where
    neither, that what followed the roll up to the next choice moved it."""
    rolled = [e for e in log if e.turn == turn and e.kind.endswith("_rolled") and e.facts.get("dice")]
    best: tuple[float, str] | None = None
    for e in rolled:
        section = e.kind.removesuffix("_rolled")
        faces = e.facts["dice"]
        need = R.THRESHOLD[section]
        hits = sum(1 for d in faces if d >= need)
        likely = len(faces) * (7 - need) / 6
        gap = (hits - likely) if rose else (likely - hits)
        if gap >= 0.5 and (best is None or gap > best[0]):
            dice = plural(len(faces), "die", "dice")
            hit = "once" if hits == 1 else f"{hits} times"
            best = (gap, f"the {section}'s {dice} hit {hit} ({need}+ to hit), where {likely:.1f} were likely")
    ending = _ending(log, turn)
    said = [part for part in (best[1] if best else "", ending) if part]
    if said:
        return "as " + ", and ".join(said)
    return "with each section's dice hitting about as often as likely: what followed the roll moved it"


def _ending(log: list[Event], turn: int) -> str:
    """How the game ended on `turn`, where it did: the attack that broke through, or the car fixed."""
    if any(e.kind == "game_won" and e.turn == turn for e in log):
        return "the car was repaired"
    if not any(e.kind == "game_lost" and e.turn == turn for e in log):
        return ""
    attack = next((e for e in log if e.kind == "zombies_attack" and e.turn == turn), None)
    if attack is None:
        return ""
    return f"{plural(attack.facts['zombies'], 'zombie')} left on the lawn broke through the Barricade"
