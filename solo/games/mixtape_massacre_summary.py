"""Director's Cut's end of run, from its events: the souvenirs collected, the health and souvenirs lost, the
supplies and Noise spent, and every slasher's final souvenirs in one row.

Souvenir counts follow the events that carry a total (souvenirs taken, lost, stolen) and the bonus cards and
Prom Queen's ability that add or take one. The closest call is the person's slasher killed and revived, or
else the lowest health they lived on, at CLOSE or less; in a night they won, else a rival one souvenir from
the goal. The decisive roll is the person's roll (a kill, a defence, a fight with the Hero or a brawl) that
moved their souvenirs and health the most: souvenirs gained or lost plus health lost, up to the next roll.
"""

from __future__ import annotations

from engines.core.events import Event
from solo.summary import Part, biggest, dice, plural, rolls, seat_names

CLOSE = 2
"""Health left at or below which a blow was a close call."""

NOT_ROLLS = ("moved_roll", "opening_roll", "brawl_rolled")
"""Events with dice that move no souvenir or health themselves (a brawl's result carries its dice)."""


def tell(log: list[Event], seat: str, turn: int) -> Part:
    names = seat_names(log)
    start = next((e for e in log if e.kind == "game_started"), None)
    goal = start.facts["goal"] if start else 0
    counts, after = souvenirs(log)
    rounds = max((e.facts["round"] for e in log if e.kind == "turn_started"), default=0)
    mine = [e for e in log if e.facts.get("seat") == seat]
    kills = sum(1 for e in mine if e.kind == "kill_made")
    escaped = sum(1 for e in mine if e.kind in ("victim_escaped", "kill_failed"))
    health = sum(e.facts["amount"] for e in mine if e.kind == "hurt")
    lost = _lost(after, seat)
    supplies = sum(1 for e in mine if e.kind == "supply_used")
    noise = sum(e.facts["amount"] for e in mine if e.kind == "noise")
    rows = [
        ("Turns", f"{turn} ({plural(rounds, 'round')})"),
        ("Collected", f"{plural(counts.get(seat, 0), 'souvenir')} (the goal: {goal}); {plural(kills, 'kill')}"),
        ("Lost", f"{health} health, {plural(lost, 'souvenir')}; {plural(escaped, 'victim')} got away"),
        ("Spent", f"{plural(supplies, 'supply', 'supplies')} used; {noise} Noise made"),
        ("Souvenirs", " · ".join(f"{names.get(s, s)} {n}" for s, n in counts.items())),
    ]
    return Part(rows, closest=_closest(log, seat, goal, names, after), decisive=_decisive(log, seat, after))


def souvenirs(log: list[Event]) -> tuple[dict[str, int], list[dict[str, int]]]:
    """Every seat's souvenirs at the end, and after each event."""
    counts = dict.fromkeys(seat_names(log), 0)
    after = []
    for e in log:
        f = e.facts
        if e.kind in ("souvenirs_taken", "souvenir_lost"):
            counts[f["seat"]] = f["total"]
        elif e.kind == "souvenir_stolen":
            counts[f["loser"]] = max(0, counts.get(f["loser"], 0) - (f["total"] - counts.get(f["seat"], 0)))
            counts[f["seat"]] = f["total"]
        elif e.kind == "bonus_drawn" and f.get("effect") == "souvenir":
            counts[f["seat"]] = counts.get(f["seat"], 0) + 1
        elif e.kind == "bonus_drawn" and f.get("effect") == "lose_souvenir":
            counts[f["seat"]] = max(0, counts.get(f["seat"], 0) - 1)
        elif e.kind == "ability_used" and f.get("ability") == "prom":
            counts[f["seat"]] = counts.get(f["seat"], 0) + 1
        after.append(dict(counts))
    return counts, after


def _lost(after: list[dict[str, int]], seat: str) -> int:
    """Souvenirs the seat lost, one fall of its count at a time."""
    before = 0
    lost = 0
    for counts in after:
        now = counts.get(seat, 0)
        lost += max(0, before - now)
        before = now
    return lost


def _rounds(log: list[Event]) -> list[int]:
    """The round each event happened in."""
    out, now = [], 0
    for e in log:
        if e.kind == "turn_started":
            now = e.facts["round"]
        out.append(now)
    return out


def _closest(log: list[Event], seat: str, goal: int, names: dict[str, str], after: list[dict[str, int]]) -> str:
    rounds = _rounds(log)
    mine = [(i, e) for i, e in enumerate(log) if e.facts.get("seat") == seat]
    revived = next(((i, e) for i, e in mine if e.kind == "revived"), None)
    if revived is not None:
        i, e = revived
        return f"killed in round {rounds[i]} and brought back by the {e.facts['card']}"
    hurt = [(i, e) for i, e in mine if e.kind == "hurt" and 0 < e.facts["health"] <= CLOSE]
    if hurt:
        i, e = min(hurt, key=lambda p: (p[1].facts["health"], -p[0]))
        return f"down to {e.facts['health']} health, hurt by {e.facts['by']} in round {rounds[i]}"
    if not any(e.kind == "game_over" and seat in e.facts["winners"] for e in log):
        return ""
    for i, counts in enumerate(after):
        near = [s for s, n in counts.items() if s != seat and n >= goal - 1]
        if near:
            return f"{names.get(near[0], near[0])} reached {goal - 1} of {goal} souvenirs in round {rounds[i]}"
    return ""


def _decisive(log: list[Event], seat: str, after_counts: list[dict[str, int]]) -> str:
    rounds = _rounds(log)

    def involved(e: Event) -> bool:
        f = e.facts
        return "dice" in f and e.kind not in NOT_ROLLS and seat in (f.get("seat"), f.get("other"))

    def scored():
        for i, roll, after in rolls(log, involved):
            end = i + len(after)
            before = after_counts[i - 1].get(seat, 0) if i else 0
            gained = after_counts[end].get(seat, 0) - before
            health = sum(e.facts["amount"] for e in after if e.kind == "hurt" and e.facts["seat"] == seat)
            effect = [
                f"{plural(gained, 'souvenir')} gained" if gained > 0 else "",
                f"{plural(-gained, 'souvenir')} lost" if gained < 0 else "",
                f"{health} health lost" if health else "",
            ]
            faces = dice(roll.facts["dice"])
            if "other_dice" in roll.facts:
                faces += " against " + dice(roll.facts["other_dice"])
            text = f"{_what(roll, seat)} in round {rounds[i]} ({faces}): " + ", ".join(p for p in effect if p)
            yield abs(gained) + health, text

    return biggest(scored())


def _what(roll: Event, seat: str) -> str:
    f = roll.facts
    card, hero, other = f.get("card", ""), f.get("hero", ""), f.get("other_name", "")
    if roll.kind.startswith("brawl"):
        rival = other if f.get("seat") == seat else f.get("name", "")
        return f"the brawl with {rival}"
    if hero:
        return f"the fight with {hero}"
    if card:
        return f"the scene {card}"
    return roll.kind.replace("_", " ")
