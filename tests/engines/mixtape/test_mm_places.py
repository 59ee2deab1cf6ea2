"""Director's Cut names every space by a landmark, never by its column and row (issue 7), as Tall Oaks does."""

from __future__ import annotations

import re

import pytest
from mm_positions import GAME

from engines.core.autoplay import policy_rng
from engines.core.contract import IllegalMove
from engines.mixtape.directors_cut import places
from engines.mixtape.directors_cut import rules_data as R

B = R.BOARD
COORDINATES = re.compile(r"\d+\s*,\s*\d+")


@pytest.fixture(scope="module")
def played() -> list[tuple[list, list]]:
    """Six seeded games of one to five rivals (the heuristic and the random policy): each one's decisions
    and its events."""
    games = []
    for seed in range(6):
        policy = GAME.policies[("heuristic", "random")[seed % 2]]
        state, events = GAME.setup(
            seed, {"rivals": str(1 + seed % 5), "hero": ("linda", "kirk", "sheriff")[seed % 3]}
        )
        decisions = []
        for i in range(3000):
            d = GAME.decision(state)
            if d is None:
                break
            decisions.append(d)
            events += GAME.apply(state, policy(GAME.view(state, d.seat), d, policy_rng(seed, i)), d)
        games.append((decisions, events))
    return games


def test_every_space_has_a_unique_name_without_coordinates():
    names = [B.place(node) for node in B.adjacent]
    assert len(set(names)) == len(names)
    assert not [n for n in names if COORDINATES.search(n) or any(ch.isdigit() for ch in n.split(" of ")[-1])]


def test_road_spaces_are_named_by_the_nearest_entrance_the_steps_and_the_way_from_it():
    assert B.place("0-8") == "the road 2 steps north-west of Galaxy Comics"
    assert B.place("16-0") == "the road 2 steps north-east of WKIL Radio Station"
    assert B.place("20-10") == "the road 1 step east of the east entrance of Tall Oaks Town Square"
    assert B.place("10-4") == "the road 4 steps north-east of the south entrance of Tall Oaks High School"
    assert B.road_way("10-4") == (4, "north-east", B.locations["school"].entrances[1])


def test_the_events_keep_a_road_by_its_cell_and_the_story_says_it_by_its_landmark():
    """Rules 5's stored facts (a save's log is checked against its replay) and the name a player reads."""
    assert places.logged("0-8") == "the road at 0,8"
    assert places.logged("0-6") == B.place("0-6") == "the starting point north of Galaxy Comics"
    assert places.spoken("the road at 0,8") == "the road 2 steps north-west of Galaxy Comics"
    assert all(places.spoken(places.logged(node)) == B.place(node) for node in B.adjacent)
    assert places.spoken("Johnson's Farm") == "Johnson's Farm" and places.spoken("") == ""


def test_the_first_move_of_seed_1_names_its_road_stops_by_landmark():
    state, _ = GAME.setup(1, {"rivals": "2"})
    for i in range(200):
        d = GAME.decision(state)
        if d.kind == "move" and d.seat == "slasher1":
            break
        GAME.apply(state, GAME.policies["heuristic"](GAME.view(state, d.seat), d, policy_rng(1, i)), d)
    labels = [o.label for o in d.options]
    assert "the road 2 steps north-west of Galaxy Comics (4 steps)" in labels  # was 'the road at 0,8 (...)'
    assert "the road 2 steps north-east of WKIL Radio Station (4 steps)" in labels
    with pytest.raises(IllegalMove, match=r"^You cannot end your move on the road \d+ steps? [a-z-]+ of "):
        GAME.apply(state, next(f"go:{n}" for n, k in B.kind.items() if k == "road" and n not in state.stops))


def test_no_choice_or_prompt_or_spoken_event_fact_in_played_games_names_a_space_by_coordinates(played):
    facts = 0
    for decisions, events in played:
        for d in decisions:
            assert not COORDINATES.search(d.prompt), d.prompt
            for o in d.options:
                assert not COORDINATES.search(o.label), o.label
        for e in events:
            for name, value in e.facts.items():
                if not isinstance(value, str):
                    continue
                if name in places.PLACE_FACTS:
                    facts += 1
                    value = places.spoken(value)
                assert not COORDINATES.search(value), (e.kind, name, value)
    assert facts > 500  # the games named many places
