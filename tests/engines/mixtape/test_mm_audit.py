"""Director's Cut rules fixed after the audit of issue 6: Runners on a stack, the Hero's triples, supply noise
during a scene, waiting knives in the odds, the spend labels, Drowned Girl's one option, First Aid on a draw."""

from __future__ import annotations

import dataclasses

import pytest
from mm_positions import FIST, KNIFE, PENT, LoadedRng, give, kinds, put_marker, ready, top_scene, top_supply

from engines.mixtape.directors_cut import GAME
from engines.mixtape.directors_cut import rules_data as R

# -- Runner tokens --------------------------------------------------------------------------------------------


def test_a_runner_on_a_stack_takes_the_rest_of_a_big_kill_from_the_bank_not_the_location():
    """RB Runner Tokens: 'returns the Runner token to the bank and can take the remaining souvenirs awarded
    from the bank'; the other marker stays in the location for a later kill."""
    state = ready()
    clear = state.markers["farm"]
    clear.clear()
    waiting = put_marker(state, "farm")  # a souvenir underneath
    put_marker(state, "farm", runner=True)  # the Runner on top: flipped first
    put_marker(state, "power")  # somewhere else holds a victim too, so nothing restocks
    top_scene(state, "k01")  # 1 knife, 2 souvenirs
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert "runner_escaped" in kinds(events)
    assert state.markers["farm"] == [waiting]
    got = state.slashers[0].souvenirs
    assert len(got) == R.SCENES["k01"].souvenirs - 1 and waiting not in got


def test_without_a_runner_the_extra_souvenirs_come_from_the_location_first():
    """RB Locations With Multiple Tokens: extra tokens from the current location, then the bank."""
    state = ready()
    state.markers["farm"].clear()
    under = put_marker(state, "farm")
    put_marker(state, "farm")
    put_marker(state, "power")
    top_scene(state, "k01")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "scene")
    assert under in state.slashers[0].souvenirs and state.markers["farm"] == []


# -- the Hero -------------------------------------------------------------------------------------------------


def _hero_fight(state, dice):
    put_marker(state, "farm")
    state.meter = 3
    top_scene(state, "k05")  # noise 1: the meter reaches 4 and Linda comes before the kill
    state.rng = LoadedRng(dice)
    return GAME.apply(state, "scene")


def test_triple_fists_always_fend_the_hero_off_even_past_her_fists(monkeypatch):
    """RB Dice Reference: three fists fend a Hero off whatever the profile needs."""
    tough = dataclasses.replace(R.HEROES["linda"], defend=4)
    monkeypatch.setitem(R.HEROES, "linda", tough)
    state = ready()
    events = _hero_fight(state, [FIST, FIST, FIST, KNIFE, FIST, PENT])
    assert "hero_fended" in kinds(events) and "hero_won" not in kinds(events)
    assert state.meter == 3 and state.hero_at == ""


def test_three_fists_short_of_a_tough_heros_fists_would_lose_without_the_triple(monkeypatch):
    """The control for the test above: two fists and a pentagram against four needed lose."""
    tough = dataclasses.replace(R.HEROES["linda"], defend=4)
    monkeypatch.setitem(R.HEROES, "linda", tough)
    state = ready()
    events = _hero_fight(state, [FIST, FIST, PENT])
    assert "hero_won" in kinds(events)


@pytest.mark.parametrize("face", [KNIFE, PENT])
def test_triple_knives_or_pentagrams_defeat_the_hero_and_give_a_free_supply(face):
    """RB Fighting Heroes / Dice Reference: a triple of knives or pentagrams defeats the Hero and the slasher
    draws a supply card."""
    state = ready()
    assert not state.slashers[0].supply
    events = _hero_fight(state, [face, face, face, KNIFE, FIST, PENT])
    k = kinds(events)
    assert k.index("hero_defeated") < k.index("supply_drawn")
    assert state.slashers[0].supply and state.meter == 0


def test_knives_enough_without_a_triple_defeat_the_hero_with_no_free_supply():
    state = ready()
    events = _hero_fight(state, [KNIFE, KNIFE, FIST, KNIFE, FIST, PENT])
    k = kinds(events)
    assert "hero_defeated" in k and "supply_drawn" not in k[: k.index("kill_made")]  # only the kill's search


def test_supply_noise_that_calls_the_hero_during_a_scene_pays_the_souvenirs_first_then_the_fight():
    """RB Using Supplies That Draw a Hero: the kill's souvenirs are taken, then the Hero fights."""
    state = ready()
    put_marker(state, "farm")
    put_marker(state, "power")
    give(state, 0, "chainsaw.1")  # +3 knives, 2 noise a token
    state.meter = 2
    top_scene(state, "k01")  # no noise of its own
    GAME.apply(state, "scene")
    state.rng = LoadedRng([FIST, FIST, PENT])
    events = GAME.apply(state, "spend:1")
    k = kinds(events)
    assert k.index("kill_made") < k.index("souvenirs_taken") < k.index("noise") < k.index("hero_arrives")
    assert len(state.slashers[0].souvenirs) == R.SCENES["k01"].souvenirs
    assert state.purpose == "hero" or "hero_defeated" in k or "hero_won" in k or "hero_fended" in k


# -- supply tokens and waiting knives -------------------------------------------------------------------------


def _drill_at_a_three_knife_scene(edge: int = 0):
    """A slasher with a Drill (+1 knife, 1 noise a token, 3 tokens) and `edge` knives waiting (The Legend's
    ability gives +3 on the next attack roll), before drawing a 3-knife attack scene."""
    state = ready()
    put_marker(state, "farm")
    put_marker(state, "power")
    give(state, 0, "drill.1")
    state.slashers[0].edge = edge
    top_scene(state, "k28")  # 3 knives
    return state


def test_the_view_shows_knives_waiting_for_the_next_attack_roll():
    state = _drill_at_a_three_knife_scene(R.LEGEND_KNIVES)
    assert GAME.view(state, "slasher2").slashers[0].edge == R.LEGEND_KNIVES


def test_waiting_knives_that_meet_the_scene_leave_no_spend_to_offer():
    """RULES.md "Spends that cannot help": with +3 knives waiting, a 3-knife kill fails only on triple fists
    (a redraw), so no token can change the roll: only bare hands are offered, the prompt says why, and the
    Drill keeps its tokens."""
    state = _drill_at_a_three_knife_scene(R.LEGEND_KNIVES)
    GAME.apply(state, "scene")
    d = GAME.decision(state)
    assert d.kind == "spend" and d.keys() == ["spend:0"]
    assert d.prompt == "Before you roll for the kill: no token of the Drill can change its chances."
    hint = GAME.hint(state)  # the waiting knives counted: with none waiting it spends two tokens (74%)
    assert hint.key == "spend:0" and hint.reason.startswith("96%")
    events = GAME.apply(state, "spend:0")
    assert not [e for e in events if e.kind == "supply_used"] and state.slashers[0].trackers == 3
    assert any(e.facts.get("need") == 3 and e.facts["knives"] >= R.LEGEND_KNIVES for e in events)  # rolled


def test_spend_choices_say_how_many_tokens_and_carry_no_numeric_aliases():
    """Typed numbers pick the list position, so an alias '2' meaning two tokens would contradict choice 2."""
    state = _drill_at_a_three_knife_scene()
    GAME.apply(state, "scene")
    d = GAME.decision(state)
    assert [o.label.split(":")[0] for o in d.options] == [
        "spend 0 tokens (bare-handed)",
        "spend 1 token of the Drill",
        "spend 2 tokens of the Drill",
        "spend 3 tokens of the Drill",
    ]
    assert "+2 knives, 2 noise" in d.options[2].label and "+1 knife," in d.options[1].label
    assert not any(a.isdigit() for o in d.options for a in o.aliases)


# -- The Drowned Girl, the First Aid Kit, the Full Moon's source ---------------------------------------------


def test_the_first_aid_kit_drawn_by_a_hurt_slasher_may_be_used_at_once_and_the_turn_goes_on():
    """RB First Aid Kit: 'use now or at the start of any turn to heal yourself ... then continue your turn'."""
    state = ready()
    state.slashers[0].health = 3
    top_supply(state, "first_aid.1")
    state.rng = LoadedRng([0])  # the Search face
    GAME.apply(state, "search")
    d = GAME.decision(state)
    assert d.kind == "aid" and d.seat == "slasher1" and d.keys() == ["aid:now", "aid:keep"]
    events = GAME.apply(state, "aid:now")
    s = state.slashers[0]
    assert "healed" in kinds(events) and s.health == 5 and s.supply == ""
    assert "first_aid.1" in state.supplies.discard_pile
    assert state.current == 0 and state.phase in ("turn", "move")  # the turn goes on


def test_a_first_aid_kit_kept_goes_into_the_inventory():
    state = ready()
    state.slashers[0].health = 3
    top_supply(state, "first_aid.1")
    state.rng = LoadedRng([0])
    GAME.apply(state, "search")
    GAME.apply(state, "aid:keep")
    assert state.slashers[0].supply == "first_aid.1" and state.slashers[0].health == 3


def test_a_first_aid_kit_drawn_at_full_health_is_simply_held():
    state = ready()
    top_supply(state, "first_aid.1")
    state.rng = LoadedRng([0])
    GAME.apply(state, "search")
    assert state.slashers[0].supply == "first_aid.1" and GAME.decision(state).kind != "aid"


def test_the_full_moon_cards_titles_count_and_effect_are_marked_designed():
    import tomllib
    from pathlib import Path

    import engines.mixtape.directors_cut as pkg

    data = tomllib.loads((Path(pkg.__file__).parent / "cards.toml").read_text())
    moons = [c for c in data["killer_scenes"]["cards"] if c["kind"] == "full_moon"]
    assert len(moons) == 3 and {c["source"] for c in moons} == {"designed"}
