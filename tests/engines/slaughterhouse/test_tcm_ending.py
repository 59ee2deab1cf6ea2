"""The end of a Slaughterhouse run reports what happened: each Trespasser's fate and the scenario objective's
standing, never a bare count ("0 of 2 Trespassers escaped") the rulebook does not give as a verdict."""

from __future__ import annotations

import pytest

from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.slaughterhouse import data as D
from engines.slaughterhouse.ending import reason
from engines.slaughterhouse.game import GAME


def finished(scenario: str, seed: int, count: int = 2):
    return play(
        GAME, seed, None, resolve_options(GAME, {"scenario": scenario, "trespassers": str(count)})
    ).state


@pytest.mark.parametrize("scenario", "abcde")
def test_the_reason_names_every_trespassers_fate_and_the_objective(scenario):
    for seed in range(12):
        state = finished(scenario, seed, 1 + seed % 4)
        told = GAME.outcome(state).reason
        assert "Trespassers escaped" not in told
        assert f"{D.SCENARIOS[scenario]['name']}: " in told
        assert ": met," in told or ": not met," in told
        for t in state.trespassers:
            assert t.id.capitalize() in told
            if t.dead:
                assert (
                    f"killed in {'' if chr(39) + 's ' in D.name(t.space) else 'the '}{D.name(t.space)}"
                    in told
                )
            elif t.escaped:
                assert "drove off in the " in told or "fled into the night" in told


def test_a_drive_off_names_the_vehicle_and_meets_scenario_a():
    for seed in range(60):
        state = finished("a", seed)
        if state.driven:
            vehicle = D.name(state.driven[0])
            assert f"drove off in the {vehicle}" in reason(state)
            assert f"Who Will Survive?: met, the {vehicle} repaired and driven off." in reason(state)
            return
    pytest.fail("no drive off in 60 seeds")


def test_killed_trespassers_share_one_sentence_with_a_plural_verb():
    for seed in range(60):
        state = finished("a", seed)
        places = [t.space for t in state.trespassers if t.dead]
        if len(places) == 2 and places[0] == places[1]:
            assert f"Green and Yellow were killed in the {D.name(places[0])}." in reason(state)
            return
    pytest.fail("no shared death in 60 seeds")


def test_the_objectives_count_comes_from_the_state():
    state = finished("c", 5)
    state.loaded = 2
    assert "2 of 4 Loot aboard the Blue Truck" in reason(state)
    state = finished("b", 8, 1)
    state.ignited = ["Kitchen"]
    assert "Burn It Down: not met, 1 of 3 rooms set alight" in reason(state)
