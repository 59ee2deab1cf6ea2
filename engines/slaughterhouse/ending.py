"""How a finished game stands, in words: what became of each Trespasser and where the scenario's objective got.

The rulebook gives no verdict ("there are no winners, only survivors"), so `outcome().reason` reports instead:
who drove off in what, who fled from which corner, who was killed where, and the objective's count against its
goal, met or not. Only what the state holds is told (it does not remember who struck the last blow).
"""

from __future__ import annotations

from engines.slaughterhouse import data as D
from engines.slaughterhouse.rules import scenario, the
from engines.slaughterhouse.state import State, Trespasser


def reason(state: State) -> str:
    """'Green and Red drove off in the Blue Truck. Grey was killed in the Kitchen. Who Will Survive?: met, ...'"""
    fates: dict[str, list[str]] = {}  # what happened -> to whom, in seat order
    for t in state.trespassers:
        fates.setdefault(fate(state, t), []).append(t.id.capitalize())
    told = " ".join(f"{_names(who)} {_be(what, who)}{what}." for what, who in fates.items())
    return f"{told} {scenario(state)['name']}: {objective(state)}."


def fate(state: State, t: Trespasser) -> str:
    if t.dead:
        return f"killed in {the(D.name(t.space))}"
    if not t.escaped:
        return "never got out"
    card = state.vehicles.get(t.space)
    if card is not None and card in state.driven:
        return f"drove off in the {D.name(card)}"
    if t.space in D.CORNERS:
        return f"fled into the night from the {D.name(t.space)}"
    return "escaped"


def _be(what: str, who: list[str]) -> str:
    if not what.startswith("killed"):
        return ""
    return "were " if len(who) > 1 else "was "


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def objective(state: State) -> str:
    """'met' or 'not met', and the scenario's count against its goal (the numbers are the scenario's data)."""
    sc = scenario(state)
    fled = any(t.escaped for t in state.trespassers)
    away = "a corner reached" if fled else "no corner reached"
    driven = [D.name(c) for c in state.driven]
    if state.scenario == "b":
        done, goal = len(state.ignited), sc["rooms_to_burn"]
        return _standing(done >= goal and fled, f"{done} of {goal} rooms set alight", away)
    if state.scenario == "c":
        done, goal = state.loaded, sc["loot_to_load"]
        truck = "driven off" if driven else "never driven off"
        return _standing(bool(driven), f"{done} of {goal} Loot aboard the Blue Truck", truck)
    if state.scenario == "d":
        done, goal = state.photos, sc["photos_needed"]
        sawyer = "one of a Sawyer" if state.photographed else "none of a Sawyer"
        van = "green_van" in state.driven
        photos = f"{done} photo{'' if done == 1 else 's'} of the {goal} needed, {sawyer}"
        return _standing(van, photos, f"the Green Van {'' if van else 'never '}driven off")
    if state.scenario == "e":
        done, goal = len(state.documented), sc["documents_needed"]
        return _standing(done >= goal and fled, f"{done} of {goal} Evidence photographed", away)
    if driven:
        return f"met, the {' and the '.join(driven)} repaired and driven off"
    repaired = [D.name(c) for c in state.repaired]
    if repaired:
        return f"not met, the {' and the '.join(repaired)} repaired but never driven off"
    return "not met, no vehicle repaired"


def _standing(met: bool, count: str, tail: str) -> str:
    return f"{'met' if met else 'not met'}, {count}, {tail}"
