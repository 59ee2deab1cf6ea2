"""Rules pinned for the mutation run (bench/mutation.py): each test names the RULES.md row it pins."""

from __future__ import annotations

import pytest
from tcm_helpers import GAME, advance, clear_horror, give_cards, green_turn, legal, to_family

from engines.core.contract import IllegalMove
from engines.slaughterhouse import data as D
from engines.slaughterhouse.machine import run
from engines.slaughterhouse.rules import sawyer_of
from engines.slaughterhouse.state import Step


def test_an_item_over_the_limit_is_buried_at_once_before_the_rest_of_a_search():
    """RULES.md M1: "If you ever take more Items, you must immediately choose Items to bury to get down to
    the limit": taking a fifth Item from three found asks for the Item to bury first, then the order of the
    other two found."""
    state = green_turn()
    green = state.trespassers[0]
    deck = state.item_decks["down"]
    green.items = [deck.pop() for _ in range(4)]
    found = [deck.pop() for _ in range(3)]
    state.todo.insert(0, Step("take", who=0, cards=found))
    GAME.apply(state, f"take:{found[0]}")
    assert GAME.decision(state).kind == "bury"
    GAME.apply(state, GAME.decision(state).options[0].key)
    assert len(green.items) == 4 and GAME.decision(state).kind == "bury_order"


def test_a_sawyer_with_no_action_and_no_card_ends_his_turn_without_asking():
    """RULES.md M2: a Sawyer with no action left and nothing in the family's hand has nothing to decide: his
    turn ends at once (designed: a question with one answer is not asked)."""
    state = green_turn()
    to_family(state)
    advance(state, "sawyer_action")
    sid = state.cur_sawyer
    state.sawyer_deck += state.hand
    state.hand = []
    sawyer_of(state, sid).actions = 1
    move = next(k for k in legal(state) if k.startswith("move:"))
    GAME.apply(state, move)
    d = GAME.decision(state)
    assert sawyer_of(state, sid).acted
    assert d is None or not (d.kind == "sawyer_action" and state.cur_sawyer == sid), legal(state)


def test_a_horror_tiles_attack_comes_at_once_before_grandpas():
    """RULES.md M3: "Some Horror tiles have an immediate effect": entering a room whose face-down tile
    attacks (the Meat Hook), on Grandpa's space, the tile's attack is rolled before Grandpa's."""
    state = green_turn()
    clear_horror(state)
    green = state.trespassers[0]
    taken = {s.space for s in state.sawyers}
    here, there = next(
        (a, b)
        for a in D.SPACES
        for b in D.steps(a)
        if D.room_of(b) and D.room_of(b) != D.room_of(a) and not {a, b} & taken
    )
    green.space = here
    if "meat_hook" in state.horror_box:
        state.horror_box.remove("meat_hook")
    state.horror = {D.room_of(there): "meat_hook"}
    state.grandpa = there
    events = GAME.apply(state, f"move:{there}")
    while (d := GAME.decision(state)) is not None and d.kind != "action":
        events += GAME.apply(state, d.options[0].key)
    assert [e["attacker"] for e in events if e.kind == "attack"][:2] == ["the House", "Grandpa"]


def test_the_family_may_draw_a_card_with_exactly_two_fear():
    """RULES.md M4: a card drawn on the family's turn costs 2 Fear: with exactly 2 it is offered and leaves 0;
    with 1 it is not asked."""
    state = green_turn()
    state.fear = 2
    hand = len(state.hand)
    to_family(state)
    assert GAME.decision(state).kind == "buy"
    GAME.apply(state, "buy")
    assert state.fear == 0 and len(state.hand) == hand + 2  # the free card of the Start space, and this one
    state = green_turn()
    state.fear = 1
    to_family(state)
    assert GAME.decision(state).kind != "buy"


def _dig_deep(state) -> str:
    """Dig Deep (an achievement card, unlocked) in Green's hand."""
    card = "desp/dig_deep"
    state.trespassers[0].desperation.append(card)
    return card


def test_dig_deep_gives_one_action_never_past_four(monkeypatch):
    """RULES.md M5 (N11's cap): Dig Deep adds its one action and never takes a Trespasser past four: at three it
    makes four; played at four it is not offered; and were its card to give two, three would still make four."""
    state = green_turn()
    t = state.trespassers[0]
    card = _dig_deep(state)
    t.actions, t.noise = D.ACTIONS - 1, 2
    GAME.apply(state, f"desp:{card}")
    assert (t.actions, t.noise) == (D.ACTIONS, 0)
    state = green_turn()
    t = state.trespassers[0]
    card = _dig_deep(state)
    assert t.actions == D.ACTIONS and f"desp:{card}" not in legal(state)
    monkeypatch.setitem(D.ALL_DESPERATION[card], "actions", 2)
    t.actions = D.ACTIONS - 1
    GAME.apply(state, f"desp:{card}")
    assert t.actions == D.ACTIONS


def test_i_got_ya_uses_the_sawyer_with_the_most_attack_dice():
    """RULES.md M6 (F14): with two Sawyers in the space a Trespasser enters, I Got Ya has the one with the most
    attack dice attack (Leatherface's 3, not the Old Man's 2), whichever stands first in the family's list."""
    strongest = max(D.SAWYERS, key=lambda s: D.SAWYERS[s]["attack_dice"])
    for order in (1, -1):
        state = green_turn()
        clear_horror(state)
        give_cards(state, "i_got_ya")
        state.fear = 5
        state.sawyers = sorted(state.sawyers, key=lambda s: order * D.SAWYERS[s.id]["attack_dice"])
        here = [s for s in state.sawyers if s.id in ("old_man", strongest)]
        assert len(here) == 2 and D.SAWYERS[here[0].id]["attack_dice"] != D.SAWYERS[here[1].id]["attack_dice"]
        for s in here:
            s.space = "PORCH1"
        events = GAME.apply(state, "move:PORCH1")
        for _ in range(10):
            if GAME.decision(state).kind == "offer":
                break
            events += GAME.apply(state, GAME.decision(state).options[0].key)
        more = GAME.apply(state, next(k for k in legal(state) if k.startswith("play:")))
        attack = next(e for e in more if e.kind == "attack")
        assert (
            attack["attacker"] == D.name(strongest)
            and len(attack["dice"]) == D.SAWYERS[strongest]["attack_dice"]
        )


# -- the mutation run with issue 47's operators (RULES.md M7-M12) ---------------------------------------------


def test_a_face_up_vehicle_hides_only_when_it_is_the_hidden_symbol():
    """RULES.md M7: ending a turn on a face-up Vehicle card hides a Trespasser only when the card is the Hidden
    Symbol (a Hide symbol); the Search Symbol there hides nobody."""
    hid = {}
    for card in ("hidden_symbol", "search_symbol"):
        state = green_turn()
        clear_horror(state)
        green = state.trespassers[0]
        space = next(s for s in D.VEHICLE_SPACES if not D.SPACES[s].get("hide"))
        state.vehicles[space], green.space, green.noise = card, space, 0
        state.vehicles_up.append(space)
        for s in state.sawyers:
            s.space = "KILL" if s.space == space else s.space
        GAME.apply(state, "end")
        hid[card] = green.hidden
    assert hid == {"hidden_symbol": True, "search_symbol": False}


def test_a_refusal_says_no_action_is_left_only_of_an_action():
    """RULES.md M8 (words): with no action left, an action is refused for that reason; a Desperation card (it
    costs no action) that cannot be played now is not told so, nor is a swap named at another question."""
    state = green_turn()
    t = state.trespassers[0]
    t.actions, t.noise = 0, 0
    card = next(c for c in state.desperation_deck if D.DESPERATION[c]["effect"] == "hush")
    state.desperation_deck.remove(card)
    t.desperation.append(card)
    assert "no action left" in _refusal(state, "search")
    assert "no action left" not in _refusal(state, f"desp:{card}")
    state.todo.insert(0, Step("take", who=0, cards=[state.item_decks["down"].pop()]))
    assert "That swap" not in _refusal(state, "swap:yellow:x:y")


def _refusal(state, key: str) -> str:
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, key)
    return str(refused.value)


def test_an_offer_is_not_made_to_a_trespasser_no_longer_in_play():
    """RULES.md M9: an interrupt offered on a Trespasser's move (I Got Ya) is skipped when the Trespasser died or
    escaped before it came up (Grandpa's attack on entering may kill first)."""
    state = green_turn()
    give_cards(state, "i_got_ya")
    state.fear = 5
    green = state.trespassers[0]
    green.dead = True
    state.todo.insert(0, Step("offer", who=0, flag="enter", sawyer=state.sawyers[0].id))
    run(state, [])
    d = GAME.decision(state)
    assert d is None or d.kind != "offer"


def test_i_got_ya_is_offered_only_on_entering_a_sawyers_or_grandpas_space():
    """RULES.md M10 (F14): entering a space with no Sawyer and no Grandpa brings no I Got Ya offer, whatever Fear
    the family holds."""
    state = green_turn()
    clear_horror(state)
    give_cards(state, "i_got_ya")
    state.fear = 5
    state.grandpa = "KILL"
    for s in state.sawyers:
        s.space = "KILL"
    GAME.apply(state, "move:PORCH1")
    d = GAME.decision(state)
    assert d.kind != "offer"


def test_evidence_cannot_be_documented_with_no_film_left():
    """RULES.md M11 (scenario E): with the Camera and the Evidence in its own room but no film left, nothing can be
    documented."""
    state, _ = GAME.setup(0, {"scenario": "e"})
    advance(state, "order")
    GAME.apply(state, "turn:green")
    clear_horror(state)
    g, y = state.trespassers
    card = next(
        c for deck in state.item_decks.values() for c in deck if D.ALL_ITEMS[c]["effect"] == "evidence"
    )
    for deck in state.item_decks.values():
        if card in deck:
            deck.remove(card)
    y.items.append(card)
    g.space = y.space = D.ROOMS[D.ALL_ITEMS[card]["room"]][0]
    assert f"document:{card}" in legal(state)
    state.film = 0
    assert not any(k.startswith("document:") for k in legal(state))


def test_a_card_bought_with_fear_comes_from_the_top_never_the_buried_bottom():
    """RULES.md M12: the family draws from the top of the Sawyer deck; a card it has buried (at the bottom) is not
    the one a purchase brings."""
    state = green_turn()
    to_family(state)
    advance(state, "buy")
    buried = state.sawyer_deck[0]
    top = state.sawyer_deck[-1]
    state.fear = D.RULES["fear_per_card"]
    GAME.apply(state, next(k for k in legal(state) if k != "done"))
    assert top in state.hand and buried in state.sawyer_deck


def test_a_free_run_that_goes_its_two_spaces_is_told_as_a_run():
    """RULES.md M13 (story): a Desperation free run over two spaces ends where it was meant to and is told as a
    run, not as a move cut short."""
    state = green_turn()
    clear_horror(state)
    t = state.trespassers[0]
    card = next(c for c in state.desperation_deck if D.DESPERATION[c]["effect"] == "free_run")
    state.desperation_deck.remove(card)
    t.desperation.append(card)
    key = next(k for k in legal(state) if k.startswith(f"desp:{card}:"))
    events = GAME.apply(state, key)
    moved = [e for e in events if e.kind == "moved"]
    assert moved and moved[-1]["how"] == "run", key
