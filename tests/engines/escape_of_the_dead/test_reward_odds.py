"""The odds of the reward choice (issue 14): each reward's exact win chance, the solver's, and the position it
leaves for the next turn's dice, found by the engine's own rules."""

from __future__ import annotations

import pytest
from eotd_positions import position

from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.odds import reward_odds
from engines.escape_of_the_dead.solver import load_table
from engines.escape_of_the_dead.state import REWARD


def at_reward(*, zombies: int, barricade: int, repairs: int, kills: int):
    state = position(zombies=zombies, barricade=barricade, repairs=repairs, kills=kills)
    state.phase = REWARD
    return state


def test_each_reward_has_the_solvers_win_chance_and_the_position_it_leaves():
    state = at_reward(zombies=2, barricade=5, repairs=2, kills=11)
    found = {r.key: r for r in reward_odds(state)}
    values = load_table().reward_values(5, 2, 2, 11)
    assert list(found) == ["reward:a", "reward:b", "reward:c", "reward:d"]
    assert {k: r.win for k, r in found.items()} == values
    spawn = R.spawn_level(2)
    a, b, c, d = found.values()
    assert (a.zombies, a.barricade, a.repairs) == (spawn, 5, 2)  # the lawn cleared, then the spawn
    assert (b.zombies, b.repairs) == (2 + R.spawn_level(3), 3)  # the 3rd repair raises the spawn level
    assert (c.zombies, c.barricade) == (2, 5)  # no spawn
    assert (d.zombies, d.barricade) == (2 + spawn, 5 + R.REWARD_BARRICADES)
    assert not any(r.fixed for r in found.values())
    assert a.label == "destroy all zombies on the lawn"


def test_the_reward_that_fixes_the_car_wins_at_once_and_the_state_is_left_alone():
    state = at_reward(zombies=6, barricade=1, repairs=R.REPAIRS_TO_WIN - 1, kills=10)
    found = {r.key: r for r in reward_odds(state)}
    assert found["reward:b"].fixed and found["reward:b"].win == 1.0
    assert not found["reward:d"].fixed and found["reward:d"].barricade == 1 + R.REWARD_BARRICADES
    assert state.phase == REWARD and state.kills == 10 and state.repairs == R.REPAIRS_TO_WIN - 1


@pytest.mark.parametrize("phase", ["assign", "roll", "over"])
def test_no_reward_odds_away_from_a_reward(phase):
    state = position(zombies=2, barricade=5)
    state.phase = phase
    assert reward_odds(state) is None
