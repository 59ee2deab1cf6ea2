"""Director's Cut balance, by seeded simulation: hunting pays and the souvenir goal decides most games.

These pin the rules version 2 rebalance of designed values (RULES.md, measured figures): if a change to the
cards makes hiding beat hunting again, or attrition decide most games, these fail.
"""

from __future__ import annotations

from engines.core.autoplay import play
from engines.mixtape.directors_cut import GAME
from engines.mixtape.directors_cut.policies import heuristic_with
from tests.tools.breadth import breadth


def _wins(policy, seeds) -> float:
    won = 0.0
    for seed in seeds:
        st = play(GAME, seed, {"slasher1": policy, "slasher2": "random", "slasher3": "random"}).state
        if "slasher1" in st.winners:
            won += 1 / len(st.winners)
    return won / len(seeds)


def test_a_heuristic_that_hunts_beats_one_that_hides():
    """Against two random rivals over seeds 2000-2119 (the full breadth) the hunter won 72% and the hider 33%;
    over the quick breadth's first 60, 70% (95% interval 58-80%) and 33%: the difference, 37 points (95%
    interval 20-53), clears the 10 the test asks, and the hunter's rate clears a half."""
    seeds = range(2000, 2000 + breadth(60, 120))
    hunter = _wins("heuristic", seeds)
    hider = _wins(heuristic_with(7), seeds)  # 7: never starts a scene, lies low on starting points
    assert hunter > hider + 0.1, (hunter, hider)
    assert hunter > 0.5


def test_the_souvenir_goal_decides_most_games_between_heuristics():
    by_goal = 0
    seeds = range(3000, 3100)
    for seed in seeds:
        st = play(GAME, seed, "heuristic").state
        if any(len(s.souvenirs) >= st.goal for s in st.slashers if s.seat in st.winners):
            by_goal += 1
    assert by_goal / len(seeds) > 0.6, by_goal
