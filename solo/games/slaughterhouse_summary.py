"""Slaughterhouse's end of run, from its events: the Trespassers escaped and killed, the Injuries, the Noise
made and the Fear spent, told for either seat.

The closest call, for the Trespassers: the first time one of them carried CLOSE Injuries, one short of the
fourth that kills, and lived on to the end; for the Sawyer family, the first vehicle the Trespassers repaired
(or the first of them to escape) in a night the family still won. The decisive roll is the one with the most
effect on a body: a Sawyer's attack by its hits, a Trespasser's strike at a Sawyer by the actions it took,
and an attack that killed above any other; the later of equal ones.
"""

from __future__ import annotations

from engines.core.events import Event
from solo.summary import Part, biggest, dice, listed, plural, rolls

CLOSE = 3
"""Injuries at which a Trespasser is one from death (the fourth type kills)."""

KILLING = 100
"""Above any number of hits: the attack that killed decided the most."""

ROLLS = ("attack", "sawyer_hit")


def tell(log: list[Event], seat: str, turn: int) -> Part:
    start = next((e for e in log if e.kind == "game_started"), None)
    count = start.facts["count"] if start else 0
    escaped = [t for e in log if e.kind == "escaped" for t in e.facts["trespassers"]]
    killed = [e for e in log if e.kind == "killed"]
    injuries = sum(1 for e in log if e.kind == "injured")
    healed = sum(1 for e in log if e.kind == "healed")
    noise = sum(e.facts["made"] for e in log if e.kind == "noise")
    fear = [e.facts["fear"] for e in log if e.kind == "cards_bought"]
    vehicles = sorted({e.facts["vehicle"] for e in log if e.kind == "escaped" and e.facts.get("vehicle")})
    killers: dict[str, list[str]] = {}
    for e in killed:
        killers.setdefault(e.facts["by"], []).append(_name(e.facts["trespasser"]))
    by = "; ".join(f"{listed(names)} by {who}" for who, names in killers.items())
    got_out = f"{len(escaped)} of {count} Trespassers" + (f", in the {listed(vehicles)}" if vehicles else "")
    got_out += f" ({listed([_name(t) for t in escaped])})" if escaped else ""
    who = f" ({by})" if by else ""
    hurt = f"{plural(injuries, 'Injury', 'Injuries')}"
    spent = f"{sum(fear)} Fear on {plural(len(fear), 'card')}"
    if seat == "sawyer":  # the family's night: the kills are its gains, the escapes its losses
        rows = [
            ("Rounds", str(turn)),
            ("Killed", f"{plural(len(killed), 'Trespasser')}{who}; {hurt} given, {healed} healed"),
            ("Got away", got_out),
            ("Spent", f"{spent}; the Trespassers made {noise} Noise"),
        ]
    else:
        rows = [
            ("Rounds", str(turn)),
            ("Escaped", got_out),
            ("Lost", f"{plural(len(killed), 'Trespasser')} killed{who}; {hurt} taken, {healed} healed"),
            ("Spent", f"{noise} Noise made; the family spent {spent}"),
        ]
    return Part(rows, closest=_closest(log, seat), decisive=_decisive(log))


def _name(trespasser: str) -> str:
    """'green' -> 'Green'."""
    return trespasser[:1].upper() + trespasser[1:]


def _closest(log: list[Event], seat: str) -> str:
    end = next((e for e in log if e.kind == "game_over"), None)
    if end is None:
        return ""
    if seat != "sawyer":
        dead = set(end.facts["killed"])
        for i, e in enumerate(log):
            if e.kind == "injured" and e.facts["count"] >= CLOSE and e.facts["trespasser"] not in dead:
                cause = next((x for x in reversed(log[:i]) if x.kind == "attack"), None)
                by = f" after {cause.facts['attacker']}'s attack" if cause and cause.turn == e.turn else ""
                return (
                    f"{_name(e.facts['trespasser'])} carried {e.facts['count']} Injuries{by} in round {e.turn}, "
                    "one from death"
                )
        return ""
    if end.facts["escaped"]:
        return ""  # the family did not hold them all: no close call, a loss or a draw
    near = next((e for e in log if e.kind in ("vehicle_repaired", "escaped")), None)
    if near is None:
        return ""
    if near.kind == "vehicle_repaired":
        return f"{_name(near.facts['trespasser'])} repaired the {near.facts['vehicle']} in round {near.turn}"
    return f"{listed([_name(t) for t in near.facts['trespassers']])} got out in round {near.turn}"


def _decisive(log: list[Event]) -> str:
    def scored():
        for _, roll, after in rolls(log, lambda e: e.kind in ROLLS):
            f = roll.facts
            faces = dice(f["dice"])
            if roll.kind == "attack":
                kill = next((e for e in after if e.kind == "killed" and e.facts["trespasser"] == f["trespasser"]), None)
                score = f["hits"] + (KILLING if kill else 0)
                text = (
                    f"{f['attacker']}'s attack on {_name(f['trespasser'])} in round {roll.turn} ({faces}): "
                    f"{plural(f['hits'], 'hit')}" + (f"; it killed {_name(f['trespasser'])}" if kill else "")
                )
            else:
                score = f["lost"]
                text = (
                    f"{_name(f['trespasser'])}'s {f['weapon'] or 'blow'} at {f['sawyer']} in round {roll.turn} "
                    f"({faces}): {plural(f['lost'], 'action')} taken from them"
                )
            yield score, text

    return biggest(scored())
