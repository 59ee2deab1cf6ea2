"""Slaughterhouse's `examine`: Trespassers, Sawyers, Items with what they do, Horror tiles (face down: hidden
from the Trespassers, named to the family), the family's hand only to the family, rooms, vehicles, the Panic
Meter and the scenario's objective."""

from __future__ import annotations

from repl_harness import Session

from engines.registry import get
from engines.slaughterhouse import data as D
from solo.games.slaughterhouse import UI
from tests.solo.test_tcm_drawn_map import _seeded

GAME = get("slaughterhouse")


def _state():
    state = _seeded()
    state.trespassers[0].items = ["item/crowbar"]
    state.trespassers[0].personal = ["personal/rosary"]
    state.horror["Attic"] = "bone_pile"
    return state


def test_trespassers_see_a_face_down_tile_as_hidden_and_never_its_name():
    known = UI.things(GAME.view(_state(), "trespassers"))
    assert known["Horror tile in the Barn"].startswith("Hidden")
    # what a tile does is printed on it (the box's to know: 'x Bone Pile'), but where a face-down one lies never
    assert "Horror tile: two Noise" in known[D.name("bone_pile")]
    assert not any("Attic" in v and D.name("bone_pile") in v for v in known.values())
    assert "Face down" not in known[D.name("bone_pile")]
    assert "Horror tile in the Kitchen" in known and D.name("stench") in known["Horror tile in the Kitchen"]
    assert "hidden from the Trespassers" in known["The family's hand"]
    assert not any(D.name(c) in known for c in GAME.view(_state(), "sawyer").hand)


def test_the_family_sees_its_tiles_and_its_hand():
    view = GAME.view(_state(), "sawyer")
    known = UI.things(view)
    assert D.name("stench") in known["Horror tile in the Barn"]
    assert D.name("bone_pile") in known["Horror tile in the Attic"]
    for card in view.hand:
        assert "In the family's hand" in known[D.name(card)]


def test_people_items_rooms_and_the_table_can_be_read():
    known = UI.things(GAME.view(_state(), "trespassers"))
    for name in (
        "Green",
        "Yellow",
        "The Old Man",
        "Leatherface",
        "The Hitchhiker",
        "Grandpa",
        "Kitchen",
        "Barn",
        "Panic Meter",
        "Scenario: Who Will Survive?",
        "Crowbar",
        "Rosary",
    ):
        assert name in known, name
    assert "weapon: 2 dice" in known["Crowbar"] and "Held by Green" in known["Crowbar"]
    assert "Personal Item" in known["Rosary"]
    assert "door to" in known["Kitchen"] and "OLD MAN" in known["Kitchen"]
    assert "repair a vehicle" in known["Scenario: Who Will Survive?"]
    assert any(k.startswith("Vehicle at") for k in known) or any("Vehicle at" in v for v in known.values())


def test_examine_at_the_prompt(tmp_path):
    from engines.core.contract import resolve_options
    from solo.run import Run

    run = Run(GAME, 5, resolve_options(GAME, {}), "trespassers")
    run.step_automa()
    s = Session(tmp_path, run=run).lines("x panic", "examine old man", "look kitchen", "x leather")
    assert "Now on space 0" in s.out and "Wallop" in s.out and "door to" in s.out and "chainsaw" in s.out


def test_a_trespassers_own_desperation_cards_are_named_and_the_familys_view_only_counts_them():
    """`look green` showed only 'Desperation cards: 1.' to the Trespassers' own seat, whose view holds the
    cards; the family sees how many, never which."""
    from engines.core.autoplay import play
    from engines.registry import get
    from engines.slaughterhouse import data as D
    from solo.games.slaughterhouse_things import _trespasser

    game = get("slaughterhouse")
    state, _ = game.setup(3, {})
    for key in play(game, 3).keys:
        game.apply(state, key)
        mine = game.view(state, "trespassers").trespassers
        held = [i for i, t in enumerate(mine) if t.desperation]
        if held:
            break
    i = held[0]
    names = ", ".join(D.name(c) for c in mine[i].desperation)
    assert _trespasser(mine[i]).endswith(f"Desperation cards: {names}.")
    theirs = game.view(state, "sawyer").trespassers[i]
    assert _trespasser(theirs).endswith(f"Desperation cards: {len(mine[i].desperation)}.")


def test_every_horror_tile_can_be_examined_by_name_and_the_family_sees_where_it_lies():
    """Issue 49: the family seat is asked to place "Grandpa's Stare" and `x grandpa's stare` found nothing."""
    state, _ = GAME.setup(3, {})
    placing = state.todo[0].cards[0]
    assert state.todo[0].kind == "place_horror" and placing == "grandpas_stare"
    family = UI.things(GAME.view(state, "sawyer"))
    assert "Panic Meter rises one space" in family["Grandpa's Stare"]
    assert "placing it now" in family["Grandpa's Stare"]
    trespassers = UI.things(GAME.view(state, "trespassers"))
    assert "Panic Meter rises" in trespassers["Grandpa's Stare"] and "placing" not in trespassers["Grandpa's Stare"]
    for tile in D.HORROR:
        assert D.name(tile) in family and D.name(tile) in trespassers
    GAME.apply(state, GAME.decision(state).options[0].key)  # placed in the first room offered
    room = next(iter(state.horror))
    assert room in GAME.view(state, "sawyer").horror_known
    where = UI.things(GAME.view(state, "sawyer"))["Grandpa's Stare"]
    assert "Face down in" in where and room in where
    assert room not in UI.things(GAME.view(state, "trespassers"))["Grandpa's Stare"]


def test_examine_a_horror_tile_at_the_prompt_while_the_family_places_it(tmp_path):
    from engines.core.contract import resolve_options
    from solo.run import Run

    run = Run(GAME, 3, resolve_options(GAME, {}), "sawyer")
    s = Session(tmp_path, run=run).lines("x grandpa's stare")
    assert "on entering the room the Panic Meter rises one space" in s.out
    assert "I don't know" not in s.out and "No thing" not in s.out
