"""Rulebook lines found on a second reading (carrying, the Panic Meter, rerolls, indoors, Injuries), one test
per rule, named after it."""

from __future__ import annotations

from tcm_helpers import GAME, advance, clear_horror, give_cards, green_turn, injury, item, legal, to_family

from engines.slaughterhouse import data as D
from engines.slaughterhouse.state import Step


def test_a_dead_trespasser_cannot_be_carried():
    state = green_turn()
    to_family(state)
    advance(state, "sawyer_action")
    assert state.cur_sawyer == "old_man"
    g, y = state.trespassers
    state.sawyers[0].space = "FOY"
    g.hidden = y.hidden = False
    assert "move:LIV1:1" in legal(state)  # Hogtie: a living Trespasser may be carried
    y.dead = True
    keys = legal(state)
    assert "move:LIV1:0" in keys and not any(k.startswith("move:") and k.endswith(":1") for k in keys)


def test_a_hidden_trespasser_cannot_be_carried():
    state = green_turn()
    to_family(state)
    advance(state, "sawyer_action")
    state.sawyers[0].space = "FOY"
    state.trespassers[0].hidden = True
    state.trespassers[1].hidden = False
    keys = legal(state)
    assert "move:LIV1:1" in keys and "move:LIV1:0" not in keys


def test_a_sawyer_brought_out_by_the_meter_takes_a_turn_the_same_round():
    state = green_turn()
    to_family(state)
    advance(state, "sawyer_action")
    round_ = state.round
    state.fear = 12
    give_cards(state, "slam", 2)
    GAME.apply(state, next(k for k in legal(state) if k.startswith("panic:")))  # Desperation
    GAME.apply(state, next(k for k in legal(state) if k.startswith("panic:")))  # the Hitchhiker
    GAME.apply(state, "space:CFW")
    assert _sawyer(state, "hitchhiker").space == "CFW"
    GAME.apply(state, "end")  # the Old Man's turn ends
    d = GAME.decision(state)
    assert state.round == round_ and d.kind == "sawyer_action" and state.cur_sawyer == "hitchhiker"


def _sawyer(state, sid: str):
    return next(s for s in state.sawyers if s.id == sid)


def test_no_reroll_on_a_trespassers_turn():
    for seed in range(12):
        state = green_turn(seed)
        clear_horror(state)
        give_cards(state, "i_got_ya")
        give_cards(state, "family_dinner", 2)  # no interrupt on them: reroll cards only
        state.fear = 5
        state.sawyers[0].space = "PORCH1"
        GAME.apply(state, "move:PORCH1")
        assert GAME.decision(state).kind == "offer"
        events = GAME.apply(state, next(k for k in legal(state) if k.startswith("play:")))
        assert any(e.kind == "attack" for e in events)
        while (d := GAME.decision(state)).kind != "action":  # the Injury, if any, and Noise
            assert d.kind != "reroll"
            GAME.apply(state, d.options[0].key)
        assert len(state.hand) == 2  # the Family Dinner cards stay in hand


def test_indoors_is_only_the_upstairs_and_downstairs_regions():
    for space, info in D.SPACES.items():
        assert (space in D.INDOORS) == (info["region"] in ("upstairs", "downstairs")), space
    for room in ("Barn", "Sunflower Garden", "Junkyard"):
        assert D.ROOMS[room] and not any(s in D.INDOORS for s in D.ROOMS[room]), room
    assert D.SPACES["PORCH1"].get("room", "") == "" and "PORCH1" not in D.INDOORS  # the porch is no room
    state = green_turn(scenario="b")
    clear_horror(state)
    t = state.trespassers[0]
    t.items = [item(state, "fuel")]
    t.space = "BARN1"
    assert "ignite" not in legal(state)  # a room, but outdoors
    t.space = "KIT1"
    assert "ignite" in legal(state)


def test_cards_never_move_a_sawyer_not_yet_on_the_board():
    state = green_turn()
    clear_horror(state)
    give_cards(state, "heard_that")
    state.fear = 5
    state.sawyers[0].space = "ATTIC"  # the Old Man is far; Leatherface's start (RH2) is next door
    GAME.apply(state, "move:RH1")  # a door: Noise
    assert GAME.decision(state).kind == "offer"
    GAME.apply(state, next(k for k in legal(state) if k.startswith("play:")))
    assert state.sawyers[0].space != "ATTIC"  # the Old Man stepped toward the Noise
    assert all(s.space == "" for s in state.sawyers[1:])


def test_several_trespassers_may_hide_in_one_space():
    state = green_turn()
    g, y = state.trespassers
    g.space = y.space = "ATTIC"
    g.noise = y.noise = 0
    GAME.apply(state, "end")
    GAME.apply(state, "end")
    assert g.hidden and y.hidden


def _give(state, card: str) -> None:
    """The family is about to give this Injury to Green (as after a one-die attack)."""
    state.todo.insert(0, Step("give", who=0, sawyer="old_man", cards=[card], n=1, flag="plain"))


def test_an_injury_applies_at_once_a_hand_injury_makes_you_bury_down_to_three():
    state = green_turn()
    g = state.trespassers[0]
    g.items = [item(state, x) for x in ("backpack", "cleaver", "hammer", "flashlight")]
    g.items.remove(next(c for c in g.items if D.ALL_ITEMS[c]["effect"] == "backpack"))
    g.items.append(item(state, "crowbar"))
    card = injury(state, "hand", "limit3")
    _give(state, card)
    GAME.apply(state, f"give:{card}")
    d = GAME.decision(state)
    assert d.kind == "bury" and d.seat == "trespassers"
    GAME.apply(state, d.options[0].key)
    assert len(g.items) == 3 and GAME.decision(state).kind == "action"


def test_an_injury_applies_at_once_a_heart_injury_takes_an_action_this_turn():
    state = green_turn()
    g = state.trespassers[0]
    assert g.actions == 4
    card = injury(state, "heart", "action_minus")
    _give(state, card)
    GAME.apply(state, f"give:{card}")
    assert g.actions == 3 and GAME.decision(state).kind == "action"
