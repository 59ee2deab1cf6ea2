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
"""The policy name of the search, at the budget `hard` plays: one search with one measured cost, whichever name
asks for it (not in game.policies: the refactor guard walks those)."""

HARD_ITERATIONS: dict[str, int] = {
    "escape-of-the-dead": 384,
    "final-girl": 96,
    "slaughterhouse": 36,
    "mixtape-massacre": 64,
    "escape-from-tall-oaks": 24,
}
"""Samples per decision at the hard level (each plays every option to the end): at most about 1 s of CPU at the
median and 2-3 s at the 95th percentile on one core (bench/search_strength.py, 2026-12-01; Director's Cut at 32
samples took 0.24 s median / 0.81 s p95, Tall Oaks 0.47 s / 2.64 s, so they were set to 64 and 24). Tall Oaks'
24 come after its screen (HARD_SCREEN), for three options at most."""
HARD_STEPS: dict[str, int] = {
    "final-girl": 40_000,
    "slaughterhouse": 32_000,
    "mixtape-massacre": 38_000,
    "escape-from-tall-oaks": 45_000,
}
"""The most engine decisions hard's rollouts may play in one decision, summed over its samples: the deterministic
cost cap (engines.core.search.Budget.steps) that stops a decision with many options or long games ahead from
adding samples. Measured on one core (2026-12-01, 24+ positions a game at the shipped samples, before the cap):
a rollout step costs about 23 us in Final Girl, 30 in Slaughterhouse, 42 in Director's Cut and 35 in Tall Oaks;
the median decision took 57,000 steps (1.3 s) in Final Girl and 37,000 (1.1 s) in Slaughterhouse, the 95th
percentile 150,000 and 128,000 (3.6 s and 3.9 s). So Final Girl's and Slaughterhouse's caps are about 0.95 s of
CPU (under the 1 s median), the Mixtape games' about 1.6 s (their medians, 0.5-0.7 s, are below it)."""
HINT_STEPS: dict[str, int] = {
    "final-girl": 26_000,
    "slaughterhouse": 20_000,
    "mixtape-massacre": 15_000,
    "escape-from-tall-oaks": 17_000,
}
"""The hint's cap, about 0.6 s of CPU at the step costs above: under issue 17's one second for a hint even at
its 95th percentile (at about 0.85 s of steps, Final Girl's hint took 1.2 s there). Those costs are the
machine's of 2026-12-01 (117 heuristic Tall Oaks games a CPU second); a step has since got 10-18% cheaper, and
in the run of record the hint's median was 0.47-0.59 s, its 95th percentile 0.70-0.84 s (bench/RESULTS.md,
"Automa levels, read against issue 17's targets")."""
HARD_SCREEN: dict[str, int] = {"escape-from-tall-oaks": 6}
"""Games whose hard level screens (engines.core.search `_contest`): every option is played out on this many
samples, then only the heuristic's pick and the two best of the screen go on, to HARD_ITERATIONS samples more,
and the departure test reads those alone. A Tall Oaks move has nine options on average, and testing the best of
nine on the samples that chose it favoured the luckiest (bench/RESULTS.md, "Automa levels": a Tall Oaks rival at
hard won 19 of 48 seeded games without the screen, 21 with it). The other games keep the plain search, where the
screen was not measured."""
HARD_MARGIN: dict[str, float] = {"escape-from-tall-oaks": 1.2815515655446004}
"""The departure test's threshold after a screen, in standard deviations (engines.core.search `beats`): 1.28 is
90% one-sided, where the plain search asks 1.96. The fresh samples after the screen judge the departure without
the screen's luck, so a lower bar lets through more good departures than bad ones. Measured on six seeded
Tall Oaks games (survivor2 at hard, each departure weighed again on 300 fresh samples, paired): at 1.96 it
departed 12 times for +0.76 of a win in all, at 1.28 74 times for +1.91, at 0 170 times for +0.64."""
_HARD_DEFAULT = 8


def _easy(heuristic: Policy) -> Policy:
    """The heuristic's key half the time, else any legal key, both drawn from the policy's own RNG."""

    def easy(view: Any, decision: Decision, rng: Rng) -> str:
        if rng.below(2) == 0:
            return heuristic(view, decision, rng)
        return decision.options[rng.below(len(decision.options))].key

    return easy


def hard_budget(game_id: str) -> Budget:
    """The hard level's search budget for a game: its samples, its cap on rollout steps, its screen and its
    departure test's margin."""
    return Budget(
        iterations=HARD_ITERATIONS.get(game_id, _HARD_DEFAULT),
        steps=HARD_STEPS.get(game_id),
        screen=HARD_SCREEN.get(game_id, 0),
        margin=HARD_MARGIN.get(game_id, Budget().margin),
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
