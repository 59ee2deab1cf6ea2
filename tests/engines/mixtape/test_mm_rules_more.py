"""More Director's Cut rules: brawls in locations and with noise, the Hero nearby, Bonus Tracks, the search die,
two-entrance locks, Kirk, advice, and whole seeded games under every option."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mm_positions import (
    FIST,
    KNIFE,
    PENT,
    LoadedRng,
    give,
    kinds,
    put_marker,
    ready,
    started,
    top_scene,
    turn_of,
)

from engines.core.autoplay import play
from engines.mixtape.directors_cut import GAME
from engines.mixtape.directors_cut import rules_data as R

B = R.BOARD


def test_a_brawl_in_an_occupied_location_comes_before_the_scene_and_the_winner_draws():
    state = ready()
    put_marker(state, "farm")
    state.slashers[1].at = "farm"
    turn_of(state, 0, "5-0")
    top_scene(state, "k01")
    # roll 1+1: 5-0 -> 4-0 -> 3-0 -> 3-1 -> farm is 4 steps, so roll 2+2; then brawl dice, then the kill
    state.rng = LoadedRng([1, 1, KNIFE, KNIFE, FIST, FIST, PENT, FIST, KNIFE, FIST, PENT])
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:farm")
    k = kinds(events)
    assert k.index("brawl_won") < k.index("scene_drawn") and "kill_made" in k


def test_losing_the_brawl_in_a_location_means_waiting_for_the_next_turn():
    state = ready()
    put_marker(state, "farm")
    state.slashers[1].at = "farm"
    turn_of(state, 0, "5-0")
    state.rng = LoadedRng([1, 1, FIST, FIST, PENT, KNIFE, KNIFE, FIST])
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:farm")
    assert "scene_drawn" not in kinds(events) and state.current != 0
    assert B.kind[state.slashers[0].at] == "start" and state.slashers[0].health == 5


def test_six_knives_with_supplies_cost_the_loser_two_health():
    state = ready()
    put_marker(state, "well")
    turn_of(state, 0, "8-0")
    state.slashers[1].at = "5-0"
    give(state, 0, "chainsaw.1")
    state.rng = LoadedRng([1, 1])
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    assert GAME.decision(state).kind == "spend"
    state.rng = LoadedRng([KNIFE, KNIFE, FIST, FIST, FIST, PENT])
    events = GAME.apply(state, "spend:2")  # 2 rolled + 6 from the chainsaw = 8 knives
    won = next(e for e in events if e.kind == "brawl_won")
    assert won["how"] == "six" and state.slashers[1].health == 4


def test_brawl_noise_calls_the_hero_for_the_winner():
    state = ready()
    put_marker(state, "well")
    turn_of(state, 0, "8-0")
    state.slashers[1].at = "5-0"
    state.meter = 3
    give(state, 0, "drill.1")
    state.rng = LoadedRng([1, 1])
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    state.rng = LoadedRng([KNIFE, KNIFE, FIST, FIST, FIST, PENT, KNIFE, KNIFE, FIST])
    events = GAME.apply(state, "spend:1")
    k = kinds(events)
    assert k.index("brawl_won") < k.index("noise") < k.index("hero_arrives")
    assert next(e for e in events if e.kind == "hero_arrives")["seat"] == "slasher1"


def test_landing_next_to_an_active_hero_starts_a_fight():
    state = ready()
    put_marker(state, "well")
    state.hero_at = "3-0"
    state.meter = 4
    turn_of(state, 0, "8-0")
    state.rng = LoadedRng([1, 1, KNIFE, KNIFE, FIST])
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:4-0")
    assert "hero_nearby" in kinds(events) and "hero_defeated" in kinds(events) and state.hero_at == ""


def test_any_noise_while_the_hero_is_active_brings_the_hero():
    state = ready()
    put_marker(state, "farm")
    state.hero_at = "20-12"
    state.meter = 4
    top_scene(state, "k05")  # one noise
    state.rng = LoadedRng([KNIFE, KNIFE, FIST, KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert "hero_arrives" in kinds(events)


def test_a_two_entrance_location_stays_open_while_one_entrance_is_unlocked():
    stops = B.stops("7-6", 2, locked={"7-5"})
    assert "school" not in stops and stops["7-5"] == 1
    assert B.stops("7-0", 2, locked={"7-5"})["school"] == 2


def test_the_search_die_noise_raises_the_meter_and_denied_ends_the_turn():
    state = ready()
    turn_of(state, 0, "3-0")
    state.rng = LoadedRng([0, 0, 5])  # into the farm, then the Noise face
    GAME.apply(state, "roll")
    GAME.apply(state, "go:farm")
    events = GAME.apply(state, "search")
    assert state.meter == 1 and "supply_drawn" not in kinds(events)
    state = ready()
    turn_of(state, 0, "3-0")
    state.rng = LoadedRng([0, 0, 3])  # Denied
    GAME.apply(state, "roll")
    GAME.apply(state, "go:farm")
    events = GAME.apply(state, "search")
    assert state.meter == 0 and state.current != 0


@pytest.mark.parametrize(
    ("card", "check"),
    [
        ("b01", lambda s: s.slashers[0].health == 4),  # heal 1 from 3
        ("b09", lambda s: s.slashers[0].health == 1),  # hurt 2 from 3
        ("b14", lambda s: s.meter == 2),
        ("b19", lambda s: len(s.slashers[0].souvenirs) == 1),
        ("b26", lambda s: s.locks.get("16-7") == "red"),
        ("b28", lambda s: [x.health for x in s.slashers[1:]] == [5, 5]),
    ],
)
def test_bonus_tracks_cards_do_what_they_say(card, check):
    state = ready()
    put_marker(state, "well")
    state.slashers[0].health = 3
    turn_of(state, 0, "8-0")
    state.bonus.draw_pile.remove(card)
    state.bonus.draw_pile.append(card)
    state.rng = LoadedRng([0, 2])  # 4 steps: 12-0 is 4 away... 13-0 is the Bonus space at 5
    state.rng = LoadedRng([1, 2])  # 5 steps: 13-0
    GAME.apply(state, "roll")
    GAME.apply(state, "go:13-0")
    assert check(state)


def test_kirk_takes_a_souvenir_and_a_yellow_lock_when_he_wins():
    state = ready(hero="kirk")
    put_marker(state, "farm")
    state.slashers[0].souvenirs.append(next(t for t in state.bank if t[0] == "s"))
    state.bank.remove(state.slashers[0].souvenirs[0])
    state.meter = 3
    top_scene(state, "k05")
    state.rng = LoadedRng([PENT, PENT, KNIFE])
    GAME.apply(state, "scene")
    assert state.slashers[0].souvenirs == [] and state.locks.get("3-1") == "yellow"
    assert state.slashers[0].health == 5


def test_hints_are_legal_with_a_reason():
    for seed in range(5):
        state = started(seed)
        for _ in range(60):
            d = GAME.decision(state)
            if d is None:
                break
            h = GAME.hint(state)
            assert h.key in d.keys() and h.reason  # noqa: SIM118 (Decision.keys is a method)
            GAME.apply(state, h.key)


@pytest.mark.parametrize("rivals", ["1", "3", "5"])
@pytest.mark.parametrize("hero", ["linda", "kirk", "sheriff"])
def test_every_option_plays_to_an_end(rivals, hero):
    for seed in range(4):
        for policy in ("random", "heuristic"):
            played = play(GAME, seed, policy, {"rivals": rivals, "hero": hero})
            assert GAME.outcome(played.state) is not None and GAME.invariants(played.state) == []


def test_the_heuristic_collects_souvenirs_far_faster_than_random_rivals():
    mine = theirs = 0
    for seed in range(40):
        played = play(GAME, seed, {"slasher1": "heuristic", "slasher2": "random", "slasher3": "random"})
        s = played.state.slashers
        mine += len(s[0].souvenirs)
        theirs += (len(s[1].souvenirs) + len(s[2].souvenirs)) / 2
    assert mine > 2 * theirs


# -- Special Abilities (once per game) -------------------------------------------------------------------


def with_ability(ability: str):
    state = ready()
    put_marker(state, "farm")
    s = state.slashers[0]
    s.ability, s.used = ability, False
    return state


@pytest.mark.parametrize(
    ("ability", "prepare", "check"),
    [
        ("mother", lambda s: setattr(s.slashers[0], "health", 2), lambda s: s.slashers[0].health == 6),
        ("jingles", lambda s: setattr(s, "meter", 3), lambda s: s.meter == 0),
        ("nightmare", lambda s: None, lambda s: [x.health for x in s.slashers[1:]] == [5, 5]),
        ("prom", lambda s: None, lambda s: len(s.slashers[0].souvenirs) == 1),
        ("legend", lambda s: None, lambda s: s.slashers[0].edge == 3),
        ("patches", lambda s: None, lambda s: s.slashers[0].supply or s.slashers[0].key or s.phase != "turn"),
    ],
)
def test_a_special_ability_works_once_per_game(ability, prepare, check):
    state = with_ability(ability)
    prepare(state)
    GAME.apply(state, "ability")
    assert check(state) and state.slashers[0].used
    if state.phase == "turn" and state.current == 0:
        assert "ability" not in GAME.decision(state).keys()  # noqa: SIM118 (Decision.keys is a method)


def test_ravenous_maims_the_rival_with_the_most_souvenirs():
    state = with_ability("ravenous")
    token = next(t for t in state.bank if t[0] == "s")
    state.bank.remove(token)
    state.slashers[2].souvenirs.append(token)
    GAME.apply(state, "ability")
    assert state.slashers[2].health == 4 and state.slashers[1].health == 6


def test_thorne_strips_every_rival_of_their_supply():
    state = with_ability("thorne")
    give(state, 1, "drill.1")
    give(state, 2, "machete.1")
    GAME.apply(state, "ability")
    assert state.slashers[1].supply == "" and state.slashers[2].supply == ""


def test_the_legends_knives_count_on_the_next_attack():
    state = with_ability("legend")
    top_scene(state, "k28")  # 3 knives
    GAME.apply(state, "ability")
    state.rng = LoadedRng([FIST, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert "kill_made" in kinds(events) and state.slashers[0].edge == 0


def test_the_drowned_girl_rises_in_a_location_with_a_marker():
    state = with_ability("drowned")
    put_marker(state, "well")
    turn_of(state, 0, "20-6")
    top_scene(state, "k01")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    assert sum(k.startswith("ability") for k in GAME.decision(state).keys()) == 1  # noqa: SIM118 (Decision.keys)
    GAME.apply(state, "ability")
    d = GAME.decision(state)
    assert d.kind == "rise" and d.keys() == ["rise:farm", "rise:well"] and not state.slashers[0].used
    events = GAME.apply(state, "rise:well")
    assert state.slashers[0].at == "well" and "scene_drawn" in kinds(events) and state.slashers[0].used


def test_stitches_comes_back_once_from_death():
    state = ready()
    s1 = state.slashers[1]
    s1.ability, s1.used, s1.health = "stitches", False, 1
    top_scene(state, "k11")
    put_marker(state, "farm")
    state.rng = LoadedRng([PENT, PENT, PENT])
    events = GAME.apply(state, "scene")
    assert s1.alive and s1.health == 3 and s1.used and "ability_used" in kinds(events)


# -- Linda's Wolf form and the Full Moon cards -----------------------------------------------------------


def test_full_moon_cards_are_in_the_deck_only_with_linda():
    linda, _ = GAME.setup(1, {"hero": "linda", "deal": "1"})  # the box's own cards (the first content edition)
    kirk, _ = GAME.setup(1, {"hero": "kirk", "deal": "1"})
    assert set(linda.scenes.cards()) >= R.FULL_MOON and len(linda.scenes.cards()) == 50
    assert not R.FULL_MOON & set(kirk.scenes.cards()) and len(kirk.scenes.cards()) == 47


def test_a_full_moon_turns_linda_into_the_wolf_and_the_drawer_draws_again():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k01")
    top_scene(state, "k08")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    k = kinds(events)
    assert k.index("full_moon") < k.index("kill_made") and k.count("scene_drawn") == 2
    assert state.wolf and state.meter == 1


def test_the_wolf_is_harder_and_lasts_one_fight():
    state = ready()
    put_marker(state, "farm")
    state.wolf = True
    state.meter = 3
    top_scene(state, "k05")
    state.rng = LoadedRng([KNIFE, KNIFE, FIST])  # two knives beat Linda, not the Wolf; one fist does not fend
    events = GAME.apply(state, "scene")
    assert "hero_won" in kinds(events) and state.slashers[0].health == 6 - R.WOLF.health_loss == 4
    assert not state.wolf
    state = ready()
    put_marker(state, "farm")
    state.wolf, state.meter = True, 3
    top_scene(state, "k05")
    state.rng = LoadedRng([KNIFE, KNIFE, KNIFE])
    GAME.apply(state, "scene")
    assert not state.wolf and state.meter == 0


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rivals=st.sampled_from(["1", "2", "3", "4", "5"]),
    hero=st.sampled_from(["linda", "kirk", "sheriff"]),
    picks=st.lists(st.integers(0, 10_000), max_size=150),
)
def test_any_legal_choices_under_any_options_keep_every_invariant(seed, rivals, hero, picks):
    state, _ = GAME.setup(seed, {"rivals": rivals, "hero": hero})
    for pick in picks:
        d = GAME.decision(state)
        if d is None:
            break
        GAME.apply(state, d.options[pick % len(d.options)].key)
        assert GAME.invariants(state) == []


def test_a_brawl_on_a_bonus_tracks_space_comes_first_and_a_loser_draws_nothing():
    state = ready()
    put_marker(state, "well")
    turn_of(state, 0, "8-0")
    state.slashers[1].at = "12-0"  # next to the Bonus Tracks space at 13-0
    state.rng = LoadedRng([1, 2, FIST, FIST, PENT, KNIFE, KNIFE, FIST])  # 5 steps; the mover loses
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:13-0")
    assert "brawl_won" in kinds(events) and "bonus_drawn" not in kinds(events)
    state = ready()
    put_marker(state, "well")
    turn_of(state, 0, "8-0")
    state.slashers[1].at = "12-0"
    state.rng = LoadedRng([1, 2, KNIFE, KNIFE, FIST, FIST, PENT, FIST])  # the mover wins
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:13-0")
    k = kinds(events)
    assert k.index("brawl_won") < k.index("bonus_drawn")
