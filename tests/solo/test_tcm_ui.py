"""Slaughterhouse screens: exact odds where dice are about to roll, and maps that keep face-down things hidden."""

from __future__ import annotations

from fractions import Fraction

from engines.registry import get
from solo.games.slaughterhouse import UI, bone_odds

GAME = get("slaughterhouse")


def _green_turn():
    state, _ = GAME.setup(0, {})
    while GAME.decision(state).kind != "order":
        GAME.apply(state, GAME.hint(state).key)
    GAME.apply(state, "turn:green")
    return state


def test_search_odds_are_the_exact_two_bone_dice_distribution():
    state = _green_turn()
    state.trespassers[0].space = "KILL"
    state.trespassers[0].personal = []
    tables = UI.odds(state, "search")
    rows = tables[0][2]
    assert rows[0][1] == "2"
    expected = [f"{float(p) * 100:.1f}%" for p in bone_odds(2).values()]
    assert rows[0][2:7] == expected and rows[0][-1] == "75.0%"
    assert sum(bone_odds(3).values()) == Fraction(1)


def test_no_odds_when_nothing_is_rolled():
    state = _green_turn()
    state.trespassers[0].noise = 0
    assert UI.odds(state, "move:LIV1") is None


def test_the_trespassers_map_shows_face_down_tiles_without_their_names():
    state = _green_turn()
    text = "\n".join(body for _, body in UI.cards(GAME.view(state, "trespassers"), plain=True))
    assert "horror: face down" in text
    from engines.slaughterhouse import data as D

    assert all(D.name(tile) not in text for tile in state.horror.values())
    family = "\n".join(body for _, body in UI.cards(GAME.view(state, "sawyer"), plain=False))
    assert any(D.name(tile) in family for tile in state.horror.values())
    assert UI.toolbar(GAME.view(state, "trespassers")).startswith("Round 1")
    assert UI.parse("anything", GAME.decision(state)) is None
