"""Escape From Tall Oaks: choosing a survivor and each survivor's special ability (named as in
engines/mixtape/tall_oaks/RULES.md, "Survivors and their abilities")."""

from __future__ import annotations

import pytest
from efto_positions import GAME, drop_all, fresh, give, put, scene

from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import (
    checks,
    health,
    movement,
    scenes,
    searching,
    slasher,
    spending,
    turns,
)
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.movement import board_stops as _stops


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def test_every_survivor_has_an_ability_with_a_source():
    assert set(R.ABILITIES) == set(R.SURVIVOR_NAMES)
    assert all(a.source in ("rulebook", "research", "designed") and a.text for a in R.ABILITIES.values())
    assert R.ABILITIES["Derrick"].source == "research"  # +1 Defense on every roll (research E1)


def test_the_person_chooses_a_survivor_and_rivals_are_dealt_from_the_rest():
    for name in R.SURVIVOR_NAMES:
        state, events = GAME.setup(3, {"survivor": name.lower(), "rivals": "5"})
        names = [x.name for x in state.survivors]
        assert names[0] == name and len(set(names)) == 6
        assert events[0]["names"][0] == name
    with pytest.raises(ValueError):
        GAME.setup(3, {"survivor": "freddy"})


def test_the_default_survivor_is_dealt_at_random():
    firsts = {GAME.setup(seed, {})[0].survivors[0].name for seed in range(40)}
    assert len(firsts) > 5


def _roll(state, purpose: str, ev: list) -> dict:
    state.purpose, state.spender = purpose, 0
    spending.roll_action(state, {}, ev)
    return next(e for e in ev if e.kind == "action_roll")


def test_derrick_adds_a_shield_to_every_action_roll():
    state = fresh(60, names=["Derrick", "Pat", "Sam"])
    put(state, 0, "school")
    scene(state, "ks25")
    assert _roll(state, "defend", [])["bonus"] == [0, 1, 0]


def test_kimmy_adds_an_escape_to_every_action_roll():
    state = fresh(61, names=["Kimmy", "Pat", "Sam"])
    put(state, 0, "school")
    state.fight = "normal"
    assert _roll(state, "fight", [])["bonus"] == [0, 0, 1]


def test_ivy_turns_a_denied_search_into_a_search():
    for seed in range(60):
        state = fresh(seed, names=["Ivy", "Pat", "Sam"])
        put(state, 0, "school")
        ev: list = []
        searching.search(state, ev)
        if ev[0]["face"] == "denied":
            assert "ability" in kinds(ev) and any(e.kind in ("supply_found", "card_pocketed") for e in ev)
            return
    raise AssertionError("no Denied in 60 seeds")


def test_without_ivy_a_denied_search_finds_nothing():
    for seed in range(60):
        state = fresh(seed)
        put(state, 0, "school")
        ev: list = []
        searching.search(state, ev)
        if ev[0]["face"] == "denied":
            assert not any(e.kind in ("supply_found", "card_pocketed") for e in ev)
            return
    raise AssertionError("no Denied in 60 seeds")


def test_star_makes_one_less_noise_each_time():
    state = fresh(62, names=["Star", "Pat", "Sam"])
    assert slasher.noise(state, 1, 0, [], "scene") is False and state.meter == 0
    slasher.noise(state, 2, 0, [], "scene")
    assert state.meter == 1
    slasher.noise(state, 2, 1, [], "scene")  # a rival makes full noise
    assert state.meter == 3


def test_mario_has_three_inventory_slots():
    state = fresh(63, names=["Mario", "Pat", "Sam"])
    give(state, 0, "knife.1")
    x = state.survivors[0]
    assert checks.free_slots(x) == 1 and checks.free_slots(state.survivors[1]) == 1
    put(state, 0, "rec")
    movement.arrive_place(state, [])
    keys = GAME.decision(state).keys()
    assert "task:take" in keys


def test_christine_rescues_and_fights_without_a_weapon():
    state = fresh(64, names=["Christine", "Pat", "Sam"])
    drop_all(state, 0)
    put(state, 0, "school")
    scene(state, "ks04")
    ev: list = []
    scenes.play_card(state, ev)
    assert "unarmed" not in kinds(ev) and ("rescue" in kinds(ev) or "combo" in kinds(ev))
    state = fresh(64, names=["Christine", "Pat", "Sam"])
    drop_all(state, 0)
    assert checks.armed(state.survivors[0])
    put(state, 0, "school")
    slasher.start_fight(state, 0, "normal", "end", [])
    slasher.resolve_fight(
        state, ["action", "action", "shield"], {"action": 2, "shield": 1, "escape": 0}, True, []
    )
    assert not state.slasher_at


def test_specs_heals_one_at_the_start_of_his_turn_when_injured():
    state = fresh(65, names=["Specs", "Pat", "Sam"])
    x = state.survivors[0]
    x.health = 2
    state.current = 2
    ev: list = []
    turns.end_turn(state, ev)
    assert state.current == 0 and x.health == 3 and "ability" in kinds(ev)
    turns.end_turn(state, [])
    turns.end_turn(state, [])
    turns.end_turn(state, [])
    assert x.health == 3  # not injured any more: no healing


def test_johnny_cheats_death_once():
    state = fresh(66, names=["Johnny", "Pat", "Sam"])
    x = state.survivors[0]
    health.hurt(state, 0, 6, "scene", [])
    assert x.alive and x.health == 1 and x.cheated
    health.hurt(state, 0, 1, "scene", [])
    assert not x.alive and x.health == 0


def test_kirk_loses_one_health_less_to_a_slasher():
    state = fresh(67, names=["Kirk", "Pat", "Sam"])
    state.slasher = 1  # Sarah: 2 health
    put(state, 0, "school")
    slasher.start_fight(state, 0, "normal", "end", [])
    slasher.resolve_fight(
        state, ["shield", "shield", "escape"], {"action": 0, "shield": 2, "escape": 1}, True, []
    )
    assert state.survivors[0].health == 5  # Sarah takes 2; Kirk loses 1 less


def test_linda_may_stop_one_step_short():
    for seed in range(20):
        state = fresh(seed, names=["Linda", "Pat", "Sam"])
        frm = state.survivors[0].at
        GAME.apply(state, "roll")
        total = sum(state.roll)
        if state.phase != "move" or total < 2:
            continue
        through = tuple(sorted(movement.shortcuts_open(state)))
        short = set(_stops(frm, total - 1, through)) - set(_stops(frm, total, through))
        short = {n for n in short if not checks.on_start(state, n, 0)}
        if short:
            assert short <= set(state.stops)
            return
    raise AssertionError("no roll gave Linda a shorter stop in 20 seeds")


def test_abilities_are_asked_by_name_and_plain_names_have_none():
    assert A.slots("Mario") == 3 and A.slots("Pat") == 2
    assert A.roll_bonus("Derrick") == ("shield", 1) and A.roll_bonus("Pat") == ("", 0)
    assert A.quieter("Star", 1) == 0 and A.quieter("Pat", 1) == 1


def test_johnny_does_not_cheat_death_when_he_loses_a_scuffle(monkeypatch):
    """RB Scuffles: "weapons and special abilities cannot be used to assist in scuffles"; a scuffle lost at 1
    health kills Johnny though his once-a-game escape is unused (issue 49)."""
    from engines.mixtape.tall_oaks import scuffles

    state = fresh(66, names=["Johnny", "Pat", "Sam"])
    johnny = state.survivors[0]
    johnny.health = 1
    put(state, 1, "school")
    put(state, 0, "school")
    faces = iter([[R.SHIELD, R.SHIELD, R.ESCAPE], [R.ACTION, R.ACTION, R.SHIELD]])  # Pat has more Actions
    monkeypatch.setattr(scuffles.spending, "action_dice", lambda rng: next(faces))
    movement.arrive(state, [])
    events = GAME.apply(state, "scuffle:survivor2")
    fight = next(e for e in events if e.kind == "scuffle")
    assert fight["loser"] == johnny.seat
    assert not johnny.alive and not johnny.cheated
    assert "ability_used" not in kinds(events)
