"""The automa's levels: easy leans on chance, normal is the game's shipped heuristic, hard searches.

Every policy here is used through `engines.core.autoplay.decide`. Hard's budget is per game, chosen so a
decision takes at most about one second of CPU at the median on one core (bench/search_strength.py measures
it; the figures are in HARD_ITERATIONS).
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Decision, Game, Policy
from engines.core.rng import Rng
from engines.core.search import Budget, Searcher

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
SEARCH = "search"
"""The policy name of the search at its default budget (not in game.policies: the refactor guard walks those)."""

HARD_ITERATIONS: dict[str, int] = {
    "escape-of-the-dead": 384,
    "final-girl": 96,
    "slaughterhouse": 36,
    "mixtape-massacre": 64,
    "escape-from-tall-oaks": 24,
}
"""Samples per decision at the hard level (each plays every option to the end): at most about 1 s of CPU at the
median and 2-3 s at the 95th percentile on one core (bench/search_strength.py, 2026-12-01; Director's Cut at 32
samples took 0.24 s median / 0.81 s p95, Tall Oaks 0.47 s / 2.64 s, so they were set to 64 and 24)."""
_HARD_DEFAULT = 8


def _easy(heuristic: Policy) -> Policy:
    """The heuristic's key half the time, else any legal key, both drawn from the policy's own RNG."""

    def easy(view: Any, decision: Decision, rng: Rng) -> str:
        if rng.below(2) == 0:
            return heuristic(view, decision, rng)
        return decision.options[rng.below(len(decision.options))].key

    return easy


def policy_for(game: Game, level: str) -> Any:
    """A policy usable with autoplay.decide for one of LEVELS."""
    heuristic = game.policies[game.default_policy]
    if level == "easy":
        return _easy(heuristic)
    if level == "normal":
        return heuristic
    if level == "hard":
        return Searcher(Budget(iterations=HARD_ITERATIONS.get(game.id, _HARD_DEFAULT)))
    raise KeyError(f"No level '{level}'. Levels: {', '.join(LEVELS)}.")


def resolve(game: Game, name: str) -> Any:
    """A policy name of game.policies, "search" or a level -> a policy usable with autoplay.decide."""
    if name in game.policies:
        return game.policies[name]
    if name == SEARCH:
        return Searcher()
    if name in LEVELS:
        return policy_for(game, name)
    names = ", ".join([*game.policies, SEARCH, *LEVELS])
    raise KeyError(f"{game.title} has no policy '{name}'. Policies: {names}.")
