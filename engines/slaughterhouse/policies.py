"""Automa policies for both seats. A policy sees only its seat's View and the Decision's options.

The family hunts: it spends Fear on interrupts it holds (I Got Ya first), buys cards while it can keep a
reserve, raises the Panic Meter to bring out more Sawyers, goes after the Trespasser it can reach soonest
(hidden ones get hunted) and gives the Injury that hurts most. The Trespassers look for parts, reveal the
vehicles, repair one and drive off, flee a Sawyer in their space and end their turns hidden when they can.
With no dawn to end a game, both make progress where they used to stall (RULES.md, "Not yet implemented").
"""

from __future__ import annotations

from engines.core.contract import Decision, Hint, PolicyOf
from engines.core.rng import Rng
from engines.slaughterhouse.family_policy import family
from engines.slaughterhouse.state import View
from engines.slaughterhouse.trespasser_policy import trespassers


def random_policy(view: View, decision: Decision, rng: Rng) -> str:
    return decision.options[rng.below(len(decision.options))].key


def heuristic(view: View, decision: Decision, rng: Rng) -> str:
    return _pick(view, decision)[0]


def advise(view: View, decision: Decision) -> Hint:
    return Hint(*_pick(view, decision))


def _pick(view: View, decision: Decision) -> tuple[str, str]:
    """The heuristic's key and its reason in a few words."""
    keys = [o.key for o in decision.options]
    if decision.seat == "sawyer":
        key, why = family(view, decision, keys)
    else:
        key, why = trespassers(view, decision, keys)
    if key not in keys:
        return keys[-1], "nothing better to do"
    return key, why


POLICIES: dict[str, PolicyOf[View]] = {"random": random_policy, "heuristic": heuristic}
