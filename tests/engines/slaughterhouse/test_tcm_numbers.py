"""Every designed number of RULES.md ("Designed values") pinned by play: a tile, card or Item that changed its
number in cards.toml fails here. The numbers are written out, never read back from the data."""

from __future__ import annotations

from collections import Counter

import pytest
from tcm_helpers import GAME, advance, clear_horror, give_cards, green_turn, injury, item, legal, to_family

from engines.slaughterhouse import data as D
from engines.slaughterhouse.machine import run
from engines.slaughterhouse.panic import raise_panic
from engines.slaughterhouse.state import Step

BOX = GAME.content(1)
"""The box's own cards (the first content edition): a card added later joins a later edition and changes none of
these numbers (engines/core/decks.py)."""

# -- the House ------------------------------------------------------------------------------------------


def test_the_house_has_38_spaces_16_search_symbols_6_hide_symbols_and_5_vehicle_spaces():
    by_board = Counter((sp["board"], bool(sp.get("search"))) for sp in D.SPACES.values())
    assert len(D.SPACES) == 38 and by_board[("down", True)] == 11 and by_board[("up", True)] == 5
    assert sum(bool(sp.get("hide")) for sp in D.SPACES.values()) == 6 and len(D.VEHICLE_SPACES) == 5


# -- Horror tiles ------------------------------------------------------------------------------------------


def _enter_tile(tile: str, seed: int = 0):
    """Green, in the Foyer, walks into the Living Room holding this tile face down; no Sawyer card in hand."""
    state = green_turn(seed)
    clear_horror(state)
    state.horror_box.remove(tile)
    state.horror["Living Room"] = tile
    t = state.trespassers[0]
    t.personal = []
    return state, t, GAME.apply(state, "move:LIV1")  # through a door: one Noise of its own


def test_bone_pile_makes_two_noise_and_chicken_in_a_cage_three():
    assert _enter_tile("bone_pile")[1].noise == 1 + 2
    assert _enter_tile("chicken_cage")[1].noise == 1 + 3


def test_meat_hook_attacks_with_one_die_and_grandpas_stare_raises_the_meter_one_space():
    _, _, events = _enter_tile("meat_hook")
    attack = next(e for e in events if e.kind == "attack")
    assert attack["attacker"] == "the House" and len(attack["dice"]) == 1
    state, _, _ = _enter_tile("grandpas_stare")
    assert state.panic == 1


def test_human_furniture_costs_one_action():
    _, t, _ = _enter_tile("human_furniture")
    assert t.actions == 4 - 1 - 1  # the move, then the tile


def test_locked_door_doors_make_two_noise():
    state, t, _ = _enter_tile("locked_door")
    assert state.horror_up == {"Living Room": "locked_door"} and t.noise == 1  # revealed after the door
    GAME.apply(state, "move:FOY")
    assert t.noise == 1 + 2


@pytest.mark.parametrize(
    ("light", "stench", "concussion", "dice"),
    [
        (False, False, False, 2),
        (True, False, False, 3),
        (False, True, False, 1),
        (False, True, True, 0),
        (True, True, True, 1),
    ],
)
def test_search_dice_two_plus_one_for_a_light_minus_one_for_stench_and_for_a_concussion(
    light, stench, concussion, dice
):
    state = green_turn()
    clear_horror(state)
    t = state.trespassers[0]
    t.space = "KILL"
    t.personal = [item(state, "flashlight")] if light else []
    if stench:
        state.horror_box.remove("stench")
        state.horror_up["Killing Room"] = "stench"
    if concussion:
        t.injuries = [injury(state, "head", "search_minus")]
    searched = next(e for e in GAME.apply(state, "search") if e.kind == "searched")
    assert len(searched["dice"]) == dice and t.noise == 1  # a search makes its Noise even with no dice


# -- Sawyer cards -------------------------------------------------------------------------------------------


def test_the_sawyer_deck_holds_twenty_cards_in_these_numbers():
    counts = Counter(D.SAWYER_CARDS[c]["id"] for c in BOX["sawyer-cards"])
    assert counts == {
        "i_got_ya": 4,
        "slam": 3,
        "heard_that": 3,
        "red_handed": 3,
        "nowhere": 3,
        "unexpected_horrors": 2,
        "family_dinner": 2,
    }


def _door_offer(card: str, fear: int):
    """Green about to go through the Foyer's door with this card in hand and this much Fear."""
    state = green_turn()
    clear_horror(state)
    state.hand = [card]
    state.sawyer_deck = [c for c in state.sawyer_deck if c != card]
    state.fear = fear
    GAME.apply(state, "move:LIV1")
    return state


@pytest.mark.parametrize(("card", "cost"), [("sawyer/slam/1", 2), ("sawyer/not_so_fast/1", 1)])
def test_door_cards_cost_their_fear_and_stop_the_move(card, cost):
    state = _door_offer(card, cost - 1)
    assert GAME.decision(state).kind == "action" and state.trespassers[0].space == "LIV1"  # not enough Fear
    state = _door_offer(card, cost)
    assert GAME.decision(state).kind == "offer"
    GAME.apply(state, f"play:{card}")
    assert state.fear == 0 and state.trespassers[0].space == "FOY"


def test_heard_that_costs_one_fear_and_caught_red_handed_two_fear_for_two_more_noise():
    state = green_turn()
    clear_horror(state)
    give_cards(state, "heard_that")
    state.fear = 1
    GAME.apply(state, "move:LIV1")  # a door: Noise
    GAME.apply(state, next(k for k in legal(state) if k.startswith("play:")))
    assert state.fear == 0
    state = green_turn()
    clear_horror(state)
    give_cards(state, "red_handed")
    state.fear = 2
    t = state.trespassers[0]
    t.space = "KILL"
    GAME.apply(state, "search")
    GAME.apply(state, next(k for k in legal(state) if k.startswith("play:")))
    assert state.fear == 0 and t.noise == 1 + 2


def test_nowhere_to_hide_costs_two_fear():
    state = green_turn()
    give_cards(state, "nowhere")
    state.fear = 2
    t = state.trespassers[0]
    t.space, t.noise = "ATTIC", 0
    GAME.apply(state, "end")
    GAME.apply(state, next(k for k in legal(state) if k.startswith("play:")))
    assert state.fear == 0 and not t.hidden


def _free(card: str, seed: int = 0, hidden: bool = False):
    """The Old Man's turn in the Foyer with Green there, one card in hand; play it on Green."""
    state = green_turn(seed)
    to_family(state)
    advance(state, "sawyer_action", seed)
    state.sawyer_deck += state.hand
    state.hand = [card]
    if card in state.sawyer_deck:
        state.sawyer_deck.remove(card)
    state.sawyers[0].space = state.trespassers[0].space = "FOY"
    state.trespassers[0].hidden = hidden
    return state, GAME.apply(state, f"free:{card}:0")


def test_free_hunts_roll_two_dice_and_free_attacks_one_or_two():
    for card, kind, dice in (
        ("sawyer/heard_that/1", "hunted", 2),
        ("sawyer/nowhere/1", "hunted", 2),
        ("sawyer/family_dinner/1", "attack", 1),
        ("sawyer/best_there_ever_was/1", "attack", 2),
    ):
        _, events = _free(card, hidden=kind == "hunted")
        assert len(next(e for e in events if e.kind == kind)["dice"]) == dice, card


# -- Desperation ------------------------------------------------------------------------------------------


def test_the_desperation_deck_holds_twenty_cards_in_these_numbers():
    counts = Counter(D.DESPERATION[c]["id"] for c in BOX["desperation"])
    assert counts == {
        "adrenaline": 4,
        "fight_back": 3,
        "hold_breath": 3,
        "second_wind": 3,
        "patch_up": 3,
        "play_dead": 2,
        "out_the_window": 2,
    }


def _desperate(state, effect: str) -> str:
    card = next(c for c in state.desperation_deck if D.ALL_DESPERATION[c]["effect"] == effect)
    state.desperation_deck.remove(card)
    state.trespassers[0].desperation.append(card)
    return card


def test_fight_back_rolls_two_dice_and_second_wind_gives_one_action_never_past_four():
    state = green_turn()
    state.sawyers[0].space = "FOY"
    card = _desperate(state, "attack2")
    hit = next(e for e in GAME.apply(state, f"desp:{card}:old_man") if e.kind == "sawyer_hit")
    assert len(hit["dice"]) == 2
    card = _desperate(state, "extra_action")
    t = state.trespassers[0]
    assert not any(k.startswith(f"desp:{card}") for k in legal(state))  # four actions: nothing to gain
    t.actions = 2
    GAME.apply(state, f"desp:{card}")
    assert t.actions == 3


def test_dig_deep_gives_one_action_never_past_four_and_hushes():
    state = green_turn()
    t = state.trespassers[0]
    state.desperation_deck.append("desp/dig_deep")
    card = _desperate(state, "dig_deep")
    t.actions, t.noise = 2, 3
    GAME.apply(state, f"desp:{card}")
    assert t.actions == 3 and t.noise == 0


# -- Injuries and Items -----------------------------------------------------------------------------------


def test_the_injury_deck_holds_six_of_each_type_four_plain_and_two_harsh():
    by_type = Counter(D.INJURIES[c]["type"] for c in BOX["injuries"])
    harsh = Counter(D.INJURIES[c]["effect"] for c in BOX["injuries"] if D.INJURIES[c]["effect"] != "none")
    assert by_type == {"hand": 6, "foot": 6, "head": 6, "heart": 6}
    assert harsh == {"limit3": 2, "no_run": 2, "search_minus": 2, "action_minus": 2}


def test_a_shattered_ankle_forbids_running():
    state = green_turn()
    clear_horror(state)
    state.trespassers[0].injuries = [injury(state, "foot", "no_run")]
    assert not any(k.startswith("run:") for k in legal(state))


def test_the_fourteen_items_and_their_numbers():
    counts = Counter(D.ITEMS[c]["effect"] for c in BOX["items"])
    assert counts == {"backpack": 1, "weapon": 5, "search_plus": 2, "calm": 2, "heal": 2, "run_quiet": 2}
    dice = {D.ITEMS[c]["id"]: D.ITEMS[c]["dice"] for c in BOX["items"] if D.ITEMS[c]["effect"] == "weapon"}
    assert dice == {"crowbar": 2, "hammer": 1, "kitchen_knife": 1, "shovel": 2, "cleaver": 2}
    personal = Counter(D.PERSONAL[c]["effect"] for c in BOX["personal"])
    assert personal == {"weapon": 2, "calm": 4, "search_plus": 3, "run_quiet": 2, "heal": 1}
    assert {D.PERSONAL[c]["id"]: D.PERSONAL[c]["dice"] for c in BOX["personal"] if "dice" in D.PERSONAL[c]} == {
        "pocket_knife": 1,
        "switchblade": 1,
    }


@pytest.mark.parametrize(
    ("weapon", "dice"), [("hammer", 1), ("shovel", 2), ("chainsaw", 3), ("tire_iron", 2), ("bolt_cutters", 1)]
)
def test_a_weapon_rolls_its_dice_at_a_sawyer(weapon, dice):
    state = green_turn()
    state.sawyers[0].space = "FOY"
    t = state.trespassers[0]
    t.items = [item(state, weapon)]  # the Chainsaw and the Tire Iron wait in the box
    hit = next(e for e in GAME.apply(state, f"use:{t.items[0]}:old_man") if e.kind == "sawyer_hit")
    assert len(hit["dice"]) == dice


def test_footwear_makes_a_run_silent_but_for_its_doors():
    state = green_turn()
    clear_horror(state)
    t = state.trespassers[0]
    t.personal = [item(state, "sneakers")]
    GAME.apply(state, "run:PORCH1:PORCH2")
    assert t.noise == 1  # the front door only


def test_a_healing_item_buries_one_injury_and_itself():
    state = green_turn()
    t = state.trespassers[0]
    kit = item(state, "first_aid")
    t.items = [kit]
    t.injuries = [injury(state, "hand"), injury(state, "foot")]
    GAME.apply(state, f"use:{kit}:hand")
    assert [D.INJURIES[c]["type"] for c in t.injuries] == ["foot"] and kit not in t.items
    assert state.item_decks["down"][0] == kit and t.actions == 3


def test_the_butchers_apron_adds_one_die_to_the_noise_roll():
    state = green_turn()
    t = state.trespassers[0]
    t.personal = []
    t.items = [item(state, "butchers_apron")]  # from the box
    t.noise = 2
    roll = next(e for e in GAME.apply(state, "end") if e.kind == "noise_rolled")
    assert len(roll["dice"]) == 3


# -- what happens on a vehicle ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "card", ["pile_of_parts", "human_remains", "secret_stash", "hidden_symbol", "search_symbol"]
)
def test_each_vehicle_card_does_what_its_row_says(card):
    state = green_turn()
    clear_horror(state)
    t = state.trespassers[0]
    t.space = "PORCH2"
    old = state.vehicles["DRIVE"]
    other = next((s for s, c in state.vehicles.items() if c == card), None)
    if other is not None:
        state.vehicles[other] = old
    elif card not in state.vehicles.values():
        state.vehicle_box = [c for c in state.vehicle_box if c != card] + [old]
    state.vehicles["DRIVE"] = card
    personal = len(t.personal)
    GAME.apply(state, "move:DRIVE")
    assert "DRIVE" in state.vehicles_up
    if card == "pile_of_parts":
        assert t.noise == 3
    if card == "human_remains":
        assert state.panic == 1
    if card == "secret_stash":
        assert len(t.personal) == personal + 1
    if card == "hidden_symbol":
        t.noise = 0
        GAME.apply(state, "end")
        assert t.hidden
    if card == "search_symbol":
        assert "search" in legal(state)


def test_a_repair_needs_these_two_parts_and_a_gas_can():
    needs = {
        "orange_car": ("battery", "spark_plugs"),
        "blue_truck": ("fan_belt", "battery"),
        "green_van": ("radiator_hose", "spark_plugs"),
    }
    for vehicle, parts in needs.items():
        for missing in (None, *parts, "gas_can_1"):
            state = green_turn()
            state.vehicles[next(s for s, c in state.vehicles.items() if c == vehicle)] = state.vehicles[
                "DRIVE"
            ]
            state.vehicles["DRIVE"] = vehicle
            state.vehicles_up.append("DRIVE")
            t = state.trespassers[0]
            t.space = "DRIVE"
            t.items = [item(state, p) for p in (*parts, "gas_can_1") if p != missing]
            assert ("repair" in legal(state)) == (missing is None), (vehicle, missing)


def test_wallop_buries_a_revealed_fourth_injury():
    """Wallop's "(Bury it instead.)": the fourth Injury revealed goes under the deck, none is given."""
    state = green_turn()
    t = state.trespassers[0]
    t.injuries = [injury(state, k) for k in ("hand", "foot", "head")]
    heart = injury(state, "heart")
    state.todo.insert(0, Step("attack", who=0, sawyer="old_man", dice=[1], flag="wallop", n=1))
    state.injury_deck.append(heart)
    run(state, [])
    assert state.injury_deck[0] == heart and len(t.injuries) == 3


# -- the Panic Meter (P1) ---------------------------------------------------------------------------------


def test_the_panic_meter_track_labels_and_free_cards():
    state = green_turn()
    raised = []
    for _ in range(len(D.PANIC) - 1):
        events: list = []
        raise_panic(state, events)
        raised += [(e["label"], e["cards"]) for e in events if e.kind == "panic_raised"]
        while state.todo and state.todo[0].kind in ("place_hitchhiker", "place_grandpa"):
            GAME.apply(state, legal(state)[0])
    assert raised == [
        ("desperation", 1),
        ("hitchhiker", 1),
        ("desperation", 2),
        ("grandpa", 2),
        ("desperation", 2),
        ("leatherface", 3),
        ("desperation", 3),
    ]
    assert (D.PANIC[0]["label"], D.PANIC[0]["cards"]) == ("start", 1) and len(D.PANIC) == 8
    assert all(len(t.desperation) == 4 for t in state.trespassers)  # four Desperation spaces
    assert [s.space != "" for s in state.sawyers] == [True, True, True] and state.grandpa
    hand = len(state.hand)
    to_family(state)
    assert len(state.hand) == hand + 3  # the last space: three free cards


@pytest.mark.parametrize(("scenario", "tokens"), [("a", 0), ("b", 0), ("c", 7), ("d", 6), ("e", 0)])
def test_scenario_tokens_seven_loot_in_c_six_photos_in_d_none_elsewhere(scenario, tokens):
    state, _ = GAME.setup(0, {"scenario": scenario})
    advance(state, "order")
    assert len(state.tokens) == tokens
