"""Slaughterhouse screens: exact odds where dice are about to roll, and maps that keep face-down things hidden."""

from __future__ import annotations

from fractions import Fraction

from engines.registry import get
from engines.slaughterhouse import data as D
from engines.slaughterhouse.odds import bone_odds
from solo.games.slaughterhouse import UI
from tests.engines.slaughterhouse.tcm_helpers import green_turn

GAME = get("slaughterhouse")


def test_search_odds_are_the_exact_two_bone_dice_distribution():
    state = green_turn()
    state.trespassers[0].space = "KILL"
    state.trespassers[0].personal = []
    tables = UI.odds(state, "search")
    rows = tables[0][2]
    assert rows[0][1] == "2"
    expected = [f"{float(p) * 100:.1f}%" for p in bone_odds(2).values()]
    assert rows[0][2:7] == expected and rows[0][-1] == "75.0%"
    assert sum(bone_odds(3).values()) == Fraction(1)


def test_no_odds_when_nothing_is_rolled():
    state = green_turn()
    state.trespassers[0].noise = 0
    assert UI.odds(state, "move:LIV1") is None


def test_the_trespassers_map_shows_face_down_tiles_without_their_names():
    state = green_turn()
    text = "\n".join(body for _, body in UI.full_cards(GAME.view(state, "trespassers"), plain=True))
    assert "horror: face down" in text
    from engines.slaughterhouse import data as D

    assert all(D.name(tile) not in text for tile in state.horror.values())
    family = "\n".join(body for _, body in UI.full_cards(GAME.view(state, "sawyer"), plain=False))
    assert any(D.name(tile) in family for tile in state.horror.values())
    assert UI.toolbar(GAME.view(state, "trespassers")).startswith("Round 1 · In the house 2/2")
    assert UI.parse("anything", GAME.decision(state)) is None


def _turn_in(scenario: str):
    state, _ = GAME.setup(0, {"scenario": scenario})
    while GAME.decision(state).kind != "order":
        GAME.apply(state, GAME.hint(state).key)
    GAME.apply(state, "turn:green")
    return state


def test_each_scenario_shows_its_progress_fire_and_tokens():
    state = _turn_in("b")
    state.fire = ["KIT1"]
    state.ignited = ["Kitchen"]
    view = GAME.view(state, "trespassers")
    rows = dict(UI.status(view))
    assert "rooms burning 1 of 3" in rows["Scenario"] and rows["Fire"] == "Kitchen (stove)"
    board = "\n".join(body for _, body in UI.full_cards(view, plain=True))
    assert "Kitchen (stove)" in board and "FIRE" in board
    assert UI.toolbar(view).startswith("Round 1 · In the house 2/2 · Burning 1/3 · Panic")
    assert UI.toolbar(view).endswith("Scenario B. Burn It Down")
    state = _turn_in("c")
    view = GAME.view(state, "trespassers")
    assert "Loot loaded 0 of 4, 7 on the board" in dict(UI.status(view))["Scenario"]
    assert "Loot token" in "\n".join(body for _, body in UI.full_cards(view, plain=True))
    assert "photos 0 of 4" in dict(UI.status(GAME.view(_turn_in("d"), "sawyer")))["Scenario"]
    assert "film left 3" in dict(UI.status(GAME.view(_turn_in("e"), "trespassers")))["Scenario"]


def test_the_family_chooses_which_dice_to_reroll_by_number():
    state = green_turn()
    from engines.slaughterhouse.state import Step

    state.todo = [Step("reroll_pick", cards=["sawyer/slam/1"]), Step("attack", who=0, dice=[0, 1, 2])]
    d = GAME.decision(state)
    assert [o.label for o in d.options][:3] == [
        "reroll die 1 (blank)",
        "reroll die 2 (slash)",
        "reroll die 1 (blank), die 2 (slash)",
    ]
    tables = UI.odds(state)
    rows = tables[0][2]
    assert [r[1] for r in rows] == ["1", "1", "2", "1", "2", "2", "3"]  # dice rolled again for each choice


def test_look_between_turns_shows_each_trespassers_cube_not_zero():
    """Issue 15: between turns every Trespasser read 'actions 0'. Those still to go show their full track."""
    from tests.engines.slaughterhouse.tcm_helpers import advance

    state = green_turn(count="3")
    for _ in range(3):
        state.trespassers[state.current].noise = 0
        GAME.apply(state, "end")
        if GAME.decision(state).kind == "order":
            GAME.apply(state, GAME.decision(state).options[0].key)
    advance(state, "order")  # the family's turn; round 2 waits for its first Trespasser
    rows = dict(UI.status(GAME.view(state, "trespassers")))
    assert state.round == 2
    assert all("; actions 4;" in rows[name] for name in ("Green", "Yellow", "Grey")), rows
    GAME.apply(state, "turn:yellow")
    state.trespassers[1].noise = 0
    GAME.apply(state, "end")
    rows = dict(UI.status(GAME.view(state, "trespassers")))
    assert "; actions 0;" in rows["Yellow"] and "; actions 4;" in rows["Green"]


def test_look_counts_the_items_without_the_personal_item_and_names_it_beside_them():
    """Issue 49: four Items and the Reading Glasses read "5 Items" where the names did not fit; the Personal
    Item is outside the limit of four, so it is named beside the count, never counted in it."""
    state = green_turn()
    green = state.trespassers[0]
    green.items = ["item/first_aid", "item/kitchen_knife", "item/flashlight", "item/bandages"]
    green.personal = ["personal/glasses"]
    green.injuries = list(D.ALL_INJURIES)[:3]  # long enough that the names give way to their count
    row = dict(UI.status(GAME.view(state, "trespassers")))["Green"]
    assert "4 Items and the Reading Glasses" in row and "5 Items" not in row
    green.items = ["item/crowbar"]
    green.injuries = []
    row = dict(UI.status(GAME.view(state, "trespassers")))["Green"]
    assert "has Crowbar, Reading Glasses" in row


def test_look_names_where_each_sawyer_and_grandpa_stand_by_the_spaces_whole_names():
    """Issue 49: the map's short labels ('Liv back', 'Kit stove') read like a code outside the map."""
    state = green_turn()
    state.sawyers[0].space, state.grandpa = "LIV2", "KIT1"
    row = dict(UI.status(GAME.view(state, "trespassers")))["Sawyers"]
    assert f"in {D.name('LIV2')}" in row and f"Grandpa in {D.name('KIT1')}" in row
    assert "Liv back" not in row and "Kit stove" not in row
