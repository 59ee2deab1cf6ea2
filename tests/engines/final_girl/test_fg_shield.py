"""K12b: which Minor Dark Power takes damage first once two are in play, a Game Ambiguity tie."""

from __future__ import annotations

import pytest
from fg_positions import clear_board, draw_terror, fresh

from engines.core.autoplay import play
from engines.final_girl.game import GAME
from engines.final_girl.policies import POLICIES
from engines.final_girl.tracks import hurt_killer
from narratives import for_game

SHARP, SHORTCUT = "sharpened_tools-1", "every_shortcut-1"  # her attacks +1; her movement +1


def _both(ties: str):
    s = clear_board(fresh(ties=ties))
    draw_terror(s, SHARP)
    assert s.ask.get("kind") != "shield"  # one power: nothing to settle
    return s, draw_terror(s, SHORTCUT)


def test_with_ties_ask_the_person_chooses_which_power_takes_damage_first():
    s, _ = _both("ask")
    d = GAME.decision(s)
    assert d.kind == "shield"
    assert [o.key for o in d.options] == [f"shield:{SHARP}", f"shield:{SHORTCUT}"]
    events = GAME.apply(s, f"shield:{SHORTCUT}", d)
    assert [m.card for m in s.minor_powers] == [SHORTCUT, SHARP]
    assert any(e.kind == "shield_order" and e.facts["chosen"] for e in events)
    s.finale_revealed, s.killer_space = True, s.fg_space
    hurt_killer(s, 2, [])
    assert [m.card for m in s.minor_powers] == [SHARP]  # the chosen one broke first
    assert not GAME.invariants(s)


@pytest.mark.parametrize(
    ("ties", "first"),
    [("infinite-evil", SHORTCUT), ("abject-realism", SHARP)],
    ids=["infinite-evil keeps her extra damage longest", "abject-realism breaks the oldest first"],
)
def test_a_fixed_ambiguity_rule_settles_it_without_asking(ties, first):
    s, events = _both(ties)
    assert s.ask.get("kind") != "shield"
    assert s.minor_powers[0].card == first
    assert any(e.kind == "shield_order" and not e.facts["chosen"] for e in events)


def test_never_ending_hilarity_leaves_it_to_a_die_the_same_way_every_time():
    firsts = set()
    for seed in range(12):
        s = clear_board(fresh(seed, ties="never-ending-hilarity"))
        draw_terror(s, SHARP)
        draw_terror(s, SHORTCUT)
        again = clear_board(fresh(seed, ties="never-ending-hilarity"))
        draw_terror(again, SHARP)
        draw_terror(again, SHORTCUT)
        assert s.minor_powers[0].card == again.minor_powers[0].card
        firsts.add(s.minor_powers[0].card)
    assert firsts == {SHARP, SHORTCUT}


def test_the_heuristic_breaks_her_extra_damage_first():
    s, _ = _both("ask")
    d = GAME.decision(s)
    key = POLICIES["heuristic"](GAME.view(s), d, None)
    assert key == f"shield:{SHARP}"


def test_the_choice_is_told():
    narrator = for_game("final-girl", 1)
    s, _ = _both("ask")
    events = GAME.apply(s, f"shield:{SHARP}")
    told = [narrator.summary(e) for e in events if e.kind == "shield_order"]
    assert told == ["You settle it: Sharpened Tools takes the next damage."]


def test_whole_games_meet_the_choice_and_stay_sound():
    seen = 0
    for seed in range(60):
        result = play(GAME, seed, "heuristic", {"ties": "ask"})
        seen += sum(1 for e in result.events if e.kind == "shield_order")
        assert not GAME.invariants(result.state)
    assert seen > 0
