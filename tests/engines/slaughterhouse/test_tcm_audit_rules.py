"""Rules from the audit: Grandpa is a Sawyer for I Got Ya, the family may reroll the Fire's dice on its turn,
and real tests for carrying Grandpa (F7), Sawyers moving silently (F3) and the Trespassers' order (T1)."""

from __future__ import annotations

from tcm_helpers import GAME, advance, clear_horror, give_cards, green_turn, legal, to_family

from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Key


def _answer_until(state, kind: str, events: list) -> None:
    """Answer the family's other questions (the Injury to give) with their first option."""
    for _ in range(10):
        d = GAME.decision(state)
        if d.kind == kind:
            return
        events += GAME.apply(state, d.options[0].key)
    raise AssertionError(f"no {kind} question")


def test_i_got_ya_is_offered_on_entering_grandpas_space_and_he_attacks_again_with_one_die():
    state = green_turn()
    clear_horror(state)
    give_cards(state, "i_got_ya")
    state.fear = 5
    state.grandpa = "PORCH1"
    events = GAME.apply(state, "move:PORCH1")
    _answer_until(state, "offer", events)
    first = [e for e in events if e.kind == "attack"]
    assert len(first) == 1 and first[0]["attacker"] == "Grandpa" and len(first[0]["dice"]) == 1
    d = GAME.decision(state)
    assert d.seat == "sawyer" and "enters a Sawyer's space" in d.prompt
    more = GAME.apply(state, next(o.key for o in d.options if o.key.startswith("play:")))
    attack = [e for e in more if e.kind == "attack"]
    assert state.fear == 2 and len(attack) == 1
    assert attack[0]["attacker"] == "Grandpa" and len(attack[0]["dice"]) == 1
    assert state.trespassers[0].space == "PORCH1"


def test_with_a_sawyer_and_grandpa_in_the_space_i_got_ya_uses_the_sawyer():
    state = green_turn()
    clear_horror(state)
    give_cards(state, "i_got_ya")
    state.fear = 5
    state.grandpa = "PORCH1"
    state.sawyers[0].space = "PORCH1"
    events = GAME.apply(state, "move:PORCH1")
    _answer_until(state, "offer", events)
    more = GAME.apply(state, next(k for k in legal(state) if k.startswith("play:")))
    assert any(e.kind == "attack" and e["attacker"] == "the Old Man" and len(e["dice"]) == 2 for e in more)


def _sawyer_into_fire(seed: int, with_card: bool):
    state = green_turn(seed, scenario="b")
    to_family(state)
    advance(state, "sawyer_action", seed)
    state.hand = []
    if with_card:
        give_cards(state, "slam")
    s = next(x for x in state.sawyers if x.id == state.cur_sawyer)
    s.space = "KIT1"
    state.fire = ["KIT2"]
    return state, s


def test_the_family_may_reroll_the_fires_dice_on_its_turn_and_rerolls_the_successes():
    rerolled = 0
    for seed in range(40):
        state, s = _sawyer_into_fire(seed, with_card=True)
        before = s.actions
        GAME.apply(state, "move:KIT2")
        d = GAME.decision(state)
        assert d.kind == "reroll" and d.seat == "sawyer"
        shown = list(state.todo[1].dice)
        card = next(o for o in d.options if o.key.startswith("reroll:"))
        assert "reroll the successes" in card.label
        events = GAME.apply(state, card.key)
        reroll = next(e for e in events if e.kind == "reroll")
        assert reroll["before"] == shown
        assert all(a == b for a, b in zip(shown, reroll["dice"], strict=True) if a == 0)  # blanks are kept
        burn = next(e for e in events if e.kind == "fire_burns")
        assert burn["dice"] == reroll["dice"]
        assert burn["lost"] == min(before - 1, sum(reroll["dice"]))
        rerolled += any(shown)
        assert GAME.decision(state).kind != "reroll"  # never twice
    assert rerolled


def test_no_fire_reroll_question_without_a_card():
    state, _ = _sawyer_into_fire(0, with_card=False)
    events = GAME.apply(state, "move:KIT2")
    assert any(e.kind == "fire_burns" for e in events)
    assert GAME.decision(state).kind != "reroll"


# -- F7: carrying Grandpa, one thing at a time ----------------------------------------------------------


def test_any_sawyer_may_carry_grandpa_but_only_one_thing_at_a_time():
    state = green_turn()
    to_family(state)
    advance(state, "sawyer_action")
    old = next(x for x in state.sawyers if x.id == "old_man")
    old.space = "FOY"
    state.grandpa = "FOY"
    state.trespassers[1].hidden = False
    keys = legal(state)
    grandpa = [k for k in keys if k.endswith(":grandpa")]
    hogtie = [k for k in keys if k.startswith("move:") and k.count(":") == 2 and not k.endswith(":grandpa")]
    assert {Key.parse(k).space for k in grandpa} == set(D.steps("FOY"))
    assert hogtie  # the Old Man could carry the Trespasser instead
    assert all(k.count(":") <= 2 for k in keys if k.startswith("move:"))  # never both at once
    GAME.apply(state, "move:LIV1:grandpa")
    assert old.space == "LIV1" and state.grandpa == "LIV1"
    assert state.trespassers[1].space == "FOY"


def test_leatherface_carries_grandpa_too():
    state = green_turn()
    to_family(state)
    advance(state, "sawyer_action")
    state.grandpa = "PORCH1"
    state.cur_sawyer = "leatherface"  # brought out by hand, taking its turn now
    lf = next(x for x in state.sawyers if x.id == "leatherface")
    lf.space, lf.actions = "PORCH1", 3
    assert "move:PORCH2:grandpa" in legal(state)
    GAME.apply(state, "move:PORCH2:grandpa")
    assert lf.space == "PORCH2" and state.grandpa == "PORCH2"


# -- F3: Sawyers make no Noise, reveal no tiles or vehicles ----------------------------------------------


def test_sawyers_moving_make_no_noise_and_reveal_no_tile_or_vehicle():
    state = green_turn()
    to_family(state)
    advance(state, "sawyer_action")
    s = next(x for x in state.sawyers if x.id == state.cur_sawyer)
    state.horror["Living Room"] = state.horror.pop(next(iter(state.horror)), None) or state.horror_box.pop()
    s.space, s.actions = "FOY", 3
    noise = [t.noise for t in state.trespassers]
    supply_before = sum(t.noise for t in state.trespassers) + state.fear
    events = GAME.apply(state, "move:LIV1")  # through a door, into a room with a face-down tile
    assert "Living Room" in state.horror and "Living Room" not in state.horror_up
    assert not [e for e in events if e.kind in ("noise", "horror_revealed", "vehicle_revealed")]
    assert [t.noise for t in state.trespassers] == noise
    s.space = "CFE"
    up = list(state.vehicles_up)
    events = GAME.apply(state, "move:YE1")  # onto a face-down vehicle
    assert state.vehicles_up == up and not [e for e in events if e.kind == "vehicle_revealed"]
    assert sum(t.noise for t in state.trespassers) + state.fear == supply_before
    assert not any(k.startswith("run") for k in legal(state))  # Sawyers never run


# -- T1: the Trespassers' order ----------------------------------------------------------------------


def test_the_trespassers_seat_picks_who_goes_next_each_round_then_the_family():
    state, _ = GAME.setup(0, {"trespassers": "3"})
    advance(state, "order")
    d = GAME.decision(state)
    assert d.seat == "trespassers" and {o.key for o in d.options} == {
        "turn:green",
        "turn:yellow",
        "turn:grey",
    }
    GAME.apply(state, "turn:grey")
    assert state.trespassers[state.current].id == "grey"
    state.trespassers[state.current].noise = 0
    GAME.apply(state, "end")
    advance(state, "order")
    assert {o.key for o in GAME.decision(state).options} == {"turn:green", "turn:yellow"}
    GAME.apply(state, "turn:yellow")
    assert state.trespassers[state.current].id == "yellow"
    state.trespassers[state.current].noise = 0
    GAME.apply(state, "end")
    advance(state, "action")  # one Trespasser left: no order question, Green's turn starts
    assert state.trespassers[state.current].id == "green" and state.phase == "trespassers"
    state.trespassers[state.current].noise = 0
    GAME.apply(state, "end")
    advance(state, "sawyer_action")
    assert state.phase == "sawyer"


def test_dead_trespassers_are_never_offered_a_turn():
    state, _ = GAME.setup(0, {"trespassers": "3"})
    advance(state, "order")
    state.trespassers[1].dead = True
    assert {o.key for o in GAME.decision(state).options} == {"turn:green", "turn:grey"}
