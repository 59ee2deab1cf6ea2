"""The automa's levels: easy leans on chance, normal is the game's shipped heuristic, hard searches.

Every policy here is used through `engines.core.autoplay.decide`. Hard races the options of each decision
(engines.core.race) and departs from the heuristic's pick only for an option shown clearly better; its budget is
per game (HARD_SAMPLES, HARD_STEPS), and bench/advice.py measures what a whole turn of it costs.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Decision, Game, Policy
from engines.core.race import Race
from engines.core.rng import Rng
from engines.core.search import Searcher

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
SEARCH = "search"
"""The policy name of the search, at the budget `hard` plays: one search with one measured cost, whichever name
asks for it (not in game.policies: the refactor guard walks those)."""

HARD_SAMPLES: dict[str, int] = {
    "escape-of-the-dead": 384,
    "final-girl": 96,
    "slaughterhouse": 48,
    "mixtape-massacre": 64,
    "escape-from-tall-oaks": 48,
}
"""The most samples behind any option at the hard level (engines.core.race): every option meets the first
HARD_FIRST, then only those still ahead of the heuristic's pick go on, until one is clearly better than it (the
automa departs) or none is ahead any more. A decision the pick already wins, or where every option is alike,
ends at the first look."""
HARD_FIRST = 8
"""Samples every option meets at the hard level before any is set aside."""
HARD_STEPS: dict[str, int] = {
    "final-girl": 40_000,
    "slaughterhouse": 32_000,
    "mixtape-massacre": 38_000,
    "escape-from-tall-oaks": 45_000,
}
"""The most engine decisions hard's rollouts may play in one decision, summed over its samples: the deterministic
cost cap (engines.core.race.Race.steps) that stops a decision with many options or long games ahead. A rollout
step costs about 20 us in Final Girl, 26 in Slaughterhouse, 34 in Director's Cut and 29 in Tall Oaks on the
machine of bench/RESULTS.md's run of record, so each cap is about a second of CPU; the median decision ends far
sooner (bench/advice.py measures a whole turn's cost)."""
HINT_STEPS: dict[str, int] = {
    "final-girl": 36_000,
    "slaughterhouse": 30_000,
    "mixtape-massacre": 22_000,
    "escape-from-tall-oaks": 25_000,
}
"""The hint's cap, about 0.75 s of CPU at the step costs above (issue 44's target: a second at the median)."""
REVIEW_STEPS: dict[str, int] = {
    "final-girl": 10_000,
    "slaughterhouse": 8_000,
    "mixtape-massacre": 6_000,
    "escape-from-tall-oaks": 7_000,
}
"""The review's cap a decision, under a third of the hint's, raised three times where the choice made looks worse than
the best without being shown so (solo/review_search.py RACE): a 300-decision run is to take at most two
minutes of CPU (issue 44), the samples going to the close calls."""
_HARD_DEFAULT = 8


def _easy(heuristic: Policy) -> Policy:
    """The heuristic's key half the time, else any legal key, both drawn from the policy's own RNG."""

    def easy(view: Any, decision: Decision, rng: Rng) -> str:
        if rng.below(2) == 0:
            return heuristic(view, decision, rng)
        return decision.options[rng.below(len(decision.options))].key

    return easy


def hard_budget(game_id: str) -> Race:
    """The hard level's race for a game: its samples, its first look, its cap on rollout steps; options that
    fall behind the heuristic's pick stop being sampled (`futile`)."""
    return Race(
        first=HARD_FIRST,
        most=HARD_SAMPLES.get(game_id, _HARD_DEFAULT),
        steps=HARD_STEPS.get(game_id),
        futile=True,
    )


def policy_for(game: Game, level: str) -> Any:
    """A policy usable with autoplay.decide for one of LEVELS."""
    heuristic = game.policies[game.default_policy]
    if level == "easy":
        return _easy(heuristic)
    if level == "normal":
        return heuristic
    if level == "hard":
        return Searcher(hard_budget(game.id))
    raise KeyError(f"No level '{level}'. Levels: {', '.join(LEVELS)}.")


def resolve(game: Game, name: str) -> Any:
    """A policy name of game.policies, "search" or a level -> a policy usable with autoplay.decide."""
    if name in game.policies:
        return game.policies[name]
    if name == SEARCH:
        return Searcher(hard_budget(game.id))
    if name in LEVELS:
        return policy_for(game, name)
    names = ", ".join([*game.policies, SEARCH, *LEVELS])
    raise KeyError(f"{game.title} has no policy '{name}'. Policies: {names}.")
