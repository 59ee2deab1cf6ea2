"""The rules a game state must never break, as sentences (checked by the tests after every step)."""

from __future__ import annotations

from collections import Counter

from engines.mixtape.board import START
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.abilities import slots
from engines.mixtape.tall_oaks.state import START_POINT, State, Survivor


def _once(name: str, where: list[str], expected: list[str]) -> list[str]:
    distinct = set(where)
    if len(distinct) == len(where) and distinct == set(expected):
        return []  # the common case, checked cheaply (as Slaughterhouse's checks do): each once, none missing
    seen = Counter(where)
    out = [f"{name} {c} is in {n} places" for c, n in seen.items() if n > 1]
    missing = set(expected) - set(seen)
    extra = set(seen) - set(expected)
    if missing:
        out.append(f"{name}s missing: {sorted(missing)[:5]}")
    if extra:
        out.append(f"unknown {name}s: {sorted(extra)[:5]}")
    return out


def problems(state: State) -> list[str]:
    out: list[str] = []
    s = state.survivors
    tokens = [t for t in state.markers.values() if t] + state.bank + [t for x in s for t in x.rescues]
    out += _once("token", tokens, R.TOKENS)
    held = [c for x in s for c in x.supplies + x.traitors] + ([state.drawn] if state.drawn else [])
    out += _once("supply card", state.supplies.cards() + held, R.SUPPLY_CARDS)
    scenes = state.scenes.cards() + ([state.card] if state.card else [])
    out += _once("Killer Scene", scenes, list(R.SCENES))
    out += _once("Bonus Tracks card", state.bonus.cards(), list(R.BONUS))
    out += _once("Final Scene", state.finals + [x.final for x in s], list(R.FINAL_SCENES))
    tasks = (
        list(state.center) + [t for x in s for t in x.tasks] + [i + 1 for i, d in enumerate(state.done) if d]
    )
    out += _once("Task", [str(t) for t in tasks], ["1", "2", "3", "4"])
    for k in range(2, 5):
        if state.done[k - 1] and not all(state.done[1 : k - 1]):
            out.append(f"Task #{k} is done before an earlier Task")
    if not 0 <= state.meter <= R.METER:
        out.append(f"Slasher Meter at {state.meter}")
    if state.slasher == R.LEGEND and state.meter != R.METER:
        out.append("The Legend's meter is not full")
    starts: Counter[str] = Counter()
    for x in s:
        out += _survivor(state, x)
        if x.at and R.BOARD.kind.get(x.at) == START:
            starts[x.at] += 1
    out += [f"{n} survivors on the starting point {p}" for p, n in starts.items() if n > 1]
    owners = {x.seat: x for x in s}
    for loc, seat in state.final_tokens.items():
        if state.markers.get(loc):
            out.append(f"{loc} holds a Scene Marker and a Final Rescue token")
        owner = owners.get(seat)
        if owner is None or not owner.alive or not owner.revealed or owner.final_token:
            out.append(f"a Final Rescue token waits at {loc} for {seat}, who cannot claim it")
    if state.markers.get(R.REC):
        out.append("the Rec Center holds a Scene Marker")
    if state.helipad != all(state.done):
        out.append("the Helipad does not match the Tasks")
    return out


def _survivor(state: State, x: Survivor) -> list[str]:
    """One survivor's health, place, hand and Final Scene."""
    out: list[str] = []
    if not 0 <= x.health <= R.HEALTH:
        out.append(f"{x.name} has {x.health} health")
    unplaced = state.phase == START_POINT and not x.at
    if x.alive != (x.health > 0) or (x.alive != bool(x.at) and not unplaced):
        out.append(f"{x.name} is alive={x.alive} with {x.health} health at {x.at!r}")
    if any(R.supply(c).kind == R.TRAITOR for c in x.supplies):
        out.append(f"{x.name} holds a Traitor card in the inventory")
    if len(x.supplies) + len(x.tasks) > slots(x.name):
        out.append(f"{x.name} holds more than {slots(x.name)} supplies and Tasks")
    finite = {c for c in x.supplies if not R.supply(c).infinite}
    if set(x.trackers) != finite or any(v < 1 for v in x.trackers.values()):
        out.append(f"{x.name}'s Supply Trackers do not match the cards")
    if x.final_token and not x.revealed:
        out.append(f"{x.name} holds a Final Rescue token with the card face down")
    if x.alive and not x.revealed and all(state.done) and len(x.rescues) >= R.RESCUES_NEEDED:
        out.append(
            f"{x.name} has every Task done and five rescues, and the Final Scene is still face down"
        )
    return out
