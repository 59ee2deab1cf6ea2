"""Escape From Tall Oaks: the unique dice combos, the Slasher's walk back to a Task, scuffles after an escape,
and the exact odds (named as in engines/mixtape/tall_oaks/RULES.md, "Unique dice combos")."""

from __future__ import annotations

from fractions import Fraction

from efto_positions import GAME, clear, drop_all, fresh, put, scene

from engines.mixtape.tall_oaks import movement, rescues, slasher, spending
from engines.mixtape.tall_oaks import odds as O
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.readings import combo, read
from solo.games import ui_for

B = R.BOARD
A, S, E = "action", "shield", "escape"
UI = ui_for("escape-from-tall-oaks")


def count(a: int = 0, s: int = 0, e: int = 0) -> dict[str, int]:
    return {A: a, S: s, E: e}


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def nearest_location(frm: str) -> str:
    return B.nearest(frm, [lid for lid in B.locations if lid != frm])


def test_the_combos_are_the_three_triples_only():
    assert [combo([A] * 3), combo([S] * 3), combo([E] * 3)] == [A, S, E]
    assert combo([A, E, S]) == "" and combo([A, A, S]) == ""
    assert set(R.COMBOS) == {"rescue", "fight", "defend"}
    assert all(set(table) == {A, S, E} for table in R.COMBOS.values())


def test_triples_come_only_from_the_dice_never_from_supplies():
    # Rulebook, Using A Supply Card: triples can only be achieved by rolling them.
    assert read("rescue", [A, A, S], count(a=5), 2) == "ok"
    assert read("fight", [A, A, E], count(a=3, e=1), 2, 2) == "defeat"
    assert read("defend", [S, S, E], count(s=3, e=1), 1) == "ok"


def test_a_combo_replaces_the_ordinary_reading():
    # Triple Shields on a rescue bury the card even when supplies would have carried it.
    assert read("rescue", [S] * 3, count(a=3, s=3), 2) == "stay"
    # Triple Actions in a defence are no defence, whatever the Shields from supplies.
    assert read("defend", [A] * 3, count(a=3, s=2), 1) == "nothing"


# -- rescues -------------------------------------------------------------------------------------------


def test_rescue_triple_actions_double_the_rescues():
    assert read("rescue", [A] * 3, count(a=3), 3) == "double"
    state = fresh(40)
    put(state, 0, "school")
    scene(state, "ks04")  # two rescues
    ev: list = []
    rescues.resolve_rescue(state, "double", ev)
    assert len(state.survivors[0].rescues) == 2 * R.SCENES["ks04"].rescues
    assert not state.markers["school"] and "combo" in kinds(ev)


def test_rescue_triple_shields_bury_the_card_and_you_stay_to_draw_next_turn():
    assert read("rescue", [S] * 3, count(s=3), 1) == "stay"
    state = fresh(41)
    put(state, 0, "school")
    scene(state, "ks04")
    rescues.resolve_rescue(state, "stay", [])
    x = state.survivors[0]
    assert x.at == "school" and state.markers["school"] and not x.rescues
    assert state.scenes.draw_pile[0] == "ks04" and "ks04" not in state.scenes.discard_pile  # buried
    state.current, state.phase = 0, "turn"
    keys = GAME.decision(state).keys()
    assert "draw" in keys


def test_rescue_triple_escapes_bury_the_card_and_run_to_the_nearest_location_to_deal_with_it():
    assert read("rescue", [E] * 3, count(e=3), 1) == "flee_draw"
    state = fresh(42)
    put(state, 0, "school")
    scene(state, "ks04")
    to = nearest_location("school")
    ev: list = []
    rescues.resolve_rescue(state, "flee_draw", ev)
    assert state.scenes.draw_pile[0] == "ks04"
    fled = next(e for e in ev if e.kind == "fled")
    assert fled["place"] == B.label(to)
    # At a location with a Scene Marker the next Killer Scene is drawn at once.
    drawn = [e for e in ev if e.kind == "scene_drawn"]
    assert drawn and drawn[0]["place"] == B.label(to)


# -- fights --------------------------------------------------------------------------------------------


def _fight(seed: int, where: str = "school", after: str = "end"):
    state = fresh(seed)
    put(state, 0, where)
    slasher.start_fight(state, 0, "normal", after, [])
    return state


def test_fight_triple_actions_defeat_the_slasher_with_a_free_supply():
    state = _fight(43)
    ev: list = []
    slasher.resolve_fight(state, [A] * 3, count(a=3), True, ev)
    assert not state.slasher_at and state.meter == 0
    assert next(e for e in ev if e.kind == "fight")["result"] == "slay"
    assert any(e.kind in ("supply_found", "card_pocketed") for e in ev)


def test_unarmed_triple_actions_do_not_defeat_a_slasher():
    assert read("fight", [A] * 3, count(a=3), 2, 2, armed=False) == "fail"
    state = _fight(44)
    drop_all(state, 0)
    slasher.resolve_fight(state, [A] * 3, count(a=3), False, [])
    assert state.slasher_at == "school" and state.survivors[0].health < 6


def test_fight_triple_shields_drive_the_slasher_to_the_woods_and_drop_the_meter_by_one():
    state = _fight(45)
    ev: list = []
    slasher.resolve_fight(state, [S] * 3, count(s=3), True, ev)
    x = state.survivors[0]
    assert not state.slasher_at and state.meter == 3 and x.at == "school" and x.health == 6  # 4, lowered by 1
    state = _fight(45)
    state.slasher, state.meter = R.LEGEND, R.METER
    slasher.resolve_fight(state, [S] * 3, count(s=3), True, [])
    assert not state.slasher_at and state.meter == R.METER  # The Legend's meter stays full


def test_a_slasher_driven_off_during_a_scene_lets_the_card_resolve():
    state = fresh(46)
    put(state, 0, "school")
    scene(state, "ks04")
    slasher.start_fight(state, 0, "normal", "card", [])
    slasher.resolve_fight(state, [S] * 3, count(s=3), True, [])
    assert state.card == "ks04" and state.purpose == "rescue"


def test_fight_triple_escapes_run_to_the_nearest_location_and_the_slasher_stays_active():
    state = _fight(47)
    to = nearest_location("school")
    ev: list = []
    slasher.resolve_fight(state, [E] * 3, count(e=3), True, ev)
    x = state.survivors[0]
    assert x.at == to and x.health == 6 and state.slasher_at == "school"
    assert state.current != 0  # the turn ended there: the card or search waits for the next turn
    assert "scene_drawn" not in kinds(ev) and "searched" not in kinds(ev)


def test_escaping_into_a_location_occupied_by_a_rival_offers_a_scuffle_then_the_turn_ends():
    state = _fight(48)
    to = nearest_location("school")
    put(state, 1, to)
    slasher.resolve_fight(state, [E] * 3, count(e=3), True, [])
    d = GAME.decision(state)
    keys = d.keys()
    assert state.phase == "scuffle" and d.seat == "survivor1" and "scuffle:survivor2" in keys
    ev = GAME.apply(state, "scuffle:no")
    assert state.current != 0 and "scene_drawn" not in kinds(ev)


def test_a_won_scuffle_after_an_escape_still_ends_the_turn():
    for seed in range(30):
        state = _fight(seed)
        to = nearest_location("school")
        put(state, 1, to)
        slasher.resolve_fight(state, [E] * 3, count(e=3), True, [])
        ev = GAME.apply(state, "scuffle:survivor2")
        s = next(e for e in ev if e.kind == "scuffle")
        if s["winner"] == "survivor1":
            assert state.current != 0 and "scene_drawn" not in kinds(ev) and not state.todo
            return
    raise AssertionError("survivor1 never won a scuffle in 30 seeds")


# -- defence -------------------------------------------------------------------------------------------


def test_defend_triple_actions_are_no_defence():
    state = fresh(49)
    put(state, 0, "school")
    scene(state, "ks25")
    rescues.resolve_defend(state, "nothing", [])
    assert state.survivors[0].health == 6 - R.SCENES["ks25"].damage


def _beaten_by_triple_shields(seed: int):
    state = fresh(seed)
    put(state, 0, "school")
    scene(state, "ks25")
    ev: list = []
    rescues.resolve_defend(state, "redraw", ev)
    return state, ev


def test_defend_triple_shields_beat_the_card_and_offer_a_redraw():
    """RB Unique Combos (defence): "The player defeats the card and can redraw another": a choice."""
    assert read("defend", [S] * 3, count(s=3), 2) == "redraw"
    state, ev = _beaten_by_triple_shields(50)
    d = GAME.decision(state)
    assert state.survivors[0].health == 6 and "scene_drawn" not in kinds(ev)
    assert d.kind == "redraw" and d.seat == "survivor1" and d.keys() == ["redraw", "redraw:no"]
    assert [o.label for o in d.options] == ["draw another Killer Scenes card now", "stay, and draw next turn"]
    ev = GAME.apply(state, "redraw")
    assert kinds(ev)[0] == "scene_drawn" and ev[0]["place"] == B.label("school")


def test_declining_the_redraw_ends_the_turn_and_the_marker_waits():
    state, _ = _beaten_by_triple_shields(56)
    ev = GAME.apply(state, "redraw:no")
    assert "scene_drawn" not in kinds(ev) and state.current != 0
    assert state.survivors[0].at == "school" and state.markers["school"]
    assert "ks25" in state.scenes.discard_pile  # beaten: discarded, not buried


def test_a_redraw_is_not_offered_when_the_spent_noise_calls_the_slasher_first():
    state, _ = _beaten_by_triple_shields(57)
    assert state.phase == "redraw"
    state = fresh(57)
    put(state, 0, "school")
    scene(state, "ks25")
    state.meter, state.pending_noise = R.METER - 1, 1
    rescues.resolve_defend(state, "redraw", [])
    assert state.phase == "spend" and state.purpose == "fight" and state.todo == ["end"]


def test_the_heuristic_redraws_when_it_wants_a_rescue_and_stays_when_hurt():
    state, _ = _beaten_by_triple_shields(58)
    assert GAME.hint(state).key == "redraw"
    state, _ = _beaten_by_triple_shields(58)
    state.survivors[0].health = 3
    assert GAME.hint(state).key == "redraw"
    state, _ = _beaten_by_triple_shields(58)
    state.survivors[0].health = 2
    assert GAME.hint(state).key == "redraw:no"
    state, _ = _beaten_by_triple_shields(58)
    drop_all(state, 0)  # no weapon: no rescue to draw for
    assert GAME.hint(state).key == "redraw:no"


def test_defend_triple_escapes_bury_the_card_and_run_to_the_nearest_location():
    assert read("defend", [E] * 3, count(e=3), 1) == "flee_draw"
    state = fresh(51)
    put(state, 0, "school")
    scene(state, "ks25")
    ev: list = []
    rescues.resolve_defend(state, "flee_draw", ev)
    assert state.survivors[0].health == 6 and state.scenes.draw_pile[0] == "ks25"
    assert next(e for e in ev if e.kind == "fled")["place"] == B.label(nearest_location("school"))


def test_one_of_each_face_is_no_combo_and_a_defence_makes_no_noise():
    """The noise sentence under "Unique Combos For Defense" is the Search Die's Noise outcome, not a combo."""
    assert read("defend", [A, E, S], count(a=1, s=1, e=1), 1) == "ok"
    assert read("defend", [A, E, S], count(a=1, s=1, e=1), 2) == "fail"
    for seed in range(200):  # through the engine: find a seed whose defence roll is one of each face
        state = fresh(seed)
        put(state, 0, "school")
        scene(state, "ks25")
        state.purpose, state.spender, state.meter = "defend", 0, 0
        ev: list = []
        spending.roll_action(state, {}, ev)
        roll = next(e for e in ev if e.kind == "action_roll")
        if sorted(roll["dice"]) == sorted([A, E, S]):
            assert state.meter == 0 and "noise" not in kinds(ev) and "combo" not in kinds(ev)
            assert next(e for e in ev if e.kind == "defended")["ok"] is True
            return
    raise AssertionError("no mixed roll in 200 seeds")


def test_the_invaders_card_has_no_combos():
    assert read("invaders", [E] * 3, count(e=3), 3) == "fail"
    assert read("invaders", [A] * 3, count(a=3), 3) == "ok"


# -- the Slasher and the Task --------------------------------------------------------------------------


def test_after_a_failed_final_battle_the_slasher_waits_then_walks_back_to_the_task_location():
    state = fresh(52)
    state.done[0] = True
    state.center.remove(1)
    state.center.remove(2)
    state.survivors[0].tasks = [2]
    put(state, 0, "police")
    clear(state, "police")
    GAME.apply(state, "task")
    slasher.resolve_fight(state, [S, S, E], count(s=2, e=1), True, [])
    assert state.slasher_at == "police" and state.survivors[0].at != "police"  # it stays at the Task
    # Noise elsewhere calls it away ...
    state.current = 1
    put(state, 1, "school")
    slasher.start_fight(state, 1, "normal", "end", [])
    slasher.resolve_fight(state, [E, E, S], count(e=2, s=1), True, [])
    assert state.slasher_at == "school"
    # ... and the next attempt at the Task brings it back.
    state.current, state.phase = 0, "turn"
    put(state, 0, "police")
    ev = GAME.apply(state, "task")
    back = next(e for e in ev if e.kind == "slasher_returns")
    attack = next(e for e in ev if e.kind == "slasher_attacks")
    assert back["from"] == B.label("school") and attack["kind"] == "task"
    assert attack["place"] == B.label("police")


# -- odds ----------------------------------------------------------------------------------------------


def test_odds_are_exact_with_the_combos():
    f = Fraction
    assert O.outcomes("rescue", 2) == {
        "ok": f(6, 27),
        "double": f(1, 27),
        "stay": f(1, 27),
        "flee_draw": f(1, 27),
        "fail": f(18, 27),
    }
    assert O.fight(2, 2, True) == (f(7, 27), f(1, 27), f(7, 27), f(12, 27))
    assert O.fight(3, 0, True) == (f(1, 27), f(1, 27), f(1, 27), f(24, 27))  # The Legend: only combos
    d = O.outcomes("defend", 1)
    assert d == {
        "ok": f(18, 27),
        "nothing": f(1, 27),
        "redraw": f(1, 27),
        "flee_draw": f(1, 27),
        "fail": f(6, 27),
    }
    for need in range(1, 5):
        for purpose in ("rescue", "defend", "invaders", "fight"):
            o = O.outcomes(purpose, need, 2, True, (1, 0, 1))
            assert sum(o.values()) == 1


def test_scuffle_odds_are_exact_and_even():
    wt, wa, lt, la = O.scuffle()
    assert wt + wa + lt + la == 1 and wt == lt and wa == la
    # One round: a triple on one side only (3/27 * 24/27 each way) decides it at once.
    assert O.scuffle_round()[0] == Fraction(3, 27) * Fraction(24, 27)


def test_the_odds_table_covers_every_spend_and_every_scuffle_choice():
    state = _fight(53)
    tables = UI.odds(state)
    assert tables and len(tables[0][2]) == len(GAME.decision(state).options)
    assert tables[0][1] == ["Spend", "Defeat", "Drive off", "Escape", "Lose", "Noise"]
    state = fresh(54)
    put(state, 1, "school")
    put(state, 0, "school")
    movement.arrive(state, [])
    tables = UI.odds(state)
    assert tables and tables[0][0] == "Scuffle odds" and len(tables[0][2]) == 1


def test_fleeing_onto_the_helipad_with_the_final_rescue_token_wins():
    state = _fight(55, where="police")
    assert nearest_location("police") == "rec"
    state.done, state.center, state.helipad = [True] * 4, [], True
    x = state.survivors[0]
    x.revealed, x.final_token = True, True
    slasher.resolve_fight(state, [E] * 3, count(e=3), True, [])
    assert GAME.outcome(state).winners == ("survivor1",)


def test_a_task_won_by_triple_actions_cannot_be_let_go_for_the_free_supply():
    for seed in range(10):
        state = fresh(seed)
        state.done[0] = True
        state.center.remove(1)
        state.center.remove(2)
        x = state.survivors[0]
        x.tasks = [2]  # with the bat: both slots full
        put(state, 0, "police")
        clear(state, "police")
        GAME.apply(state, "task")
        slasher.resolve_fight(state, [A] * 3, count(a=3), True, [])
        if state.phase != "keep":
            continue  # the Traitor card was drawn: no slot needed
        keys = GAME.decision(state).keys()
        assert "drop:task:2" not in keys
        GAME.apply(state, keys[0])
        assert state.done[1] and GAME.invariants(state) == []
        return
    raise AssertionError("no keep decision in 10 seeds")
