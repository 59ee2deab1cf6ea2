"""Escape From Tall Oaks names every space by a landmark, never by its column and row."""

from __future__ import annotations

import re

from efto_positions import GAME

from engines.core.autoplay import play, policy_rng
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place

COORDINATES = re.compile(r"\d+\s*,\s*\d+")


def test_every_space_has_a_unique_name_without_coordinates():
    names = [place(node) for node in R.BOARD.kind]
    assert len(set(names)) == len(names)
    assert not [n for n in names if COORDINATES.search(n)]


def test_road_spaces_are_named_by_the_nearest_entrance_and_the_way_from_it():
    assert place("7-0") == "the road 1 step north of the north entrance of Johnson's Farm"
    assert place("2-0") == "the road 2 steps north-west of Sucko Power Plant"
    assert "east entrance of Tall Oaks Rec Center" in place("14-6")
    assert "west entrance of Tall Oaks Rec Center" in place("10-8")


def test_starting_points_are_named_by_the_nearest_location():
    assert place("20-0") == "the starting point north of Tall Oaks Church"
    assert place("0-12") == "the starting point south of Tall Oaks High School"


def test_no_event_or_choice_in_played_games_names_a_space_by_coordinates():
    for seed in range(12):
        played = play(GAME, seed, "heuristic", {"rivals": str(1 + seed % 5)})
        for e in played.events:
            for value in e.facts.values():
                if isinstance(value, str):
                    assert not COORDINATES.search(value), (e.kind, value)
    state, _ = GAME.setup(4, {"rivals": "5"})
    for i in range(400):
        d = GAME.decision(state)
        if d is None:
            break
        for o in d.options:
            assert not COORDINATES.search(o.label), o.label
        GAME.apply(state, GAME.policies["heuristic"](GAME.view(state, d.seat), d, policy_rng(4, i)))
