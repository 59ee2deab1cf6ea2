"""Rules pinned for the mutation run (bench/mutation.py): each test names the RULES.md row it pins."""

from __future__ import annotations

from tcm_helpers import GAME, advance, clear_horror, give_cards, green_turn, legal, to_family

from engines.slaughterhouse import data as D
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
