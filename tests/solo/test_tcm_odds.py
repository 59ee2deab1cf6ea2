"""Slaughterhouse odds: never a crash (unlocked cards included), and the rolls a move, an interrupt or a reroll brings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engines.core.rng import Rng
from engines.registry import get
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.odds import bone_odds
from engines.slaughterhouse.state import Step
from solo.games.slaughterhouse import UI
from tests.engines.slaughterhouse.tcm_helpers import green_turn
from tests.tools.breadth import breadth

GAME = get("slaughterhouse")
ALL = ",".join(GAME.achievements)


@pytest.mark.parametrize("scenario", "abcde")
def test_odds_never_raise_at_any_decision_with_every_achievement_unlocked(scenario):
    """Random play of each scenario with every achievement unlocked, the odds of every option at every decision
    (two games a scenario; three under SOLO_TEST_BREADTH=full)."""
    seen: set[str] = set()
    for seed in range(breadth(2, 3)):
        state, _ = GAME.setup(seed, {"scenario": scenario, "unlocked": ALL})
        rng = Rng(seed)
        for _ in range(3000):
            d = GAME.decision(state)
            if d is None:
                break
            UI.odds(state)
            for o in d.options:
                tables = UI.odds(state, o.key)
                if o.key.startswith("free:sawyer/best_there_ever_was"):  # The Best There Ever Was: two dice
                    assert tables[0][2][0][1] == "2"
                    seen.add(Key.parse(o.key).verb)
            GAME.apply(state, d.options[rng.below(len(d.options))].key)


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def test_moving_onto_grandpa_shows_his_one_die_and_into_fire_the_fire_two_dice():
    state = green_turn()
    state.trespassers[0].noise = 0
    state.grandpa = "LIV1"
    rows = UI.odds(state, "move:LIV1")[0][2]
    assert "Grandpa attacks" in rows[0][0] and rows[0][1] == "1"
    state.grandpa = ""
    state.fire = ["LIV1"]
    rows = UI.odds(state, "move:LIV1")[0][2]
    assert "Fire" in rows[0][0] and rows[0][1] == "2"


def test_i_got_ya_shows_the_attack_that_follows():
    state = green_turn()
    state.hand = ["sawyer/i_got_ya/1"]
    state.fear = 5
    state.todo.insert(0, Step("offer", who=0, sawyer="leatherface", flag="enter"))
    rows = UI.odds(state, "play:sawyer/i_got_ya/1")[0][2]
    assert "Leatherface attacks" in rows[0][0] and rows[0][1] == "3"


def test_a_picked_reroll_shows_the_total_after_it():
    state = green_turn()
    state.todo[:0] = [Step("reroll_pick", cards=["sawyer/i_got_ya/1"]), Step("attack", who=0, dice=[2, 0, 1])]
    rows = UI.odds(state, "dice:1")[0][2]  # the blank again: the kept 2 + 1 = 3, plus 0, 1 or 2
    dist = bone_odds(1)
    assert rows[0][1] == "1"
    assert rows[0][2:5] == ["-", "-", "-"]
    assert rows[0][5:8] == [_pct(dist[0]), _pct(dist[1]), _pct(dist[2])]


def test_the_family_reroll_question_shows_the_faces_and_the_chance_to_beat_them():
    state = green_turn()
    state.hand = ["sawyer/i_got_ya/1", "sawyer/slam/1"]
    state.todo[:0] = [Step("reroll", dice=[0, 0, 2]), Step("attack", who=0, dice=[0, 0, 2])]
    assert len(GAME.decision(state).options) == 5  # two cards, each two ways, and keep
    _title, head, rows, note = UI.odds(state)[0]
    assert rows[0][0] == "reroll the blanks (any card)" and rows[0][1] == "2"
    assert head[-1] == "more than 2" and rows[0][-1] == "75.0%"  # both blanks again: worse than 2 never
    assert "die 1 blank, die 2 blank, die 3 skull: 2 successes" in note
    # choosing the dice: each distinct choice once (both blanks is the plain reroll's row, above)
    assert [(r[0], r[1]) for r in rows[1:]] == [
        ("choose: reroll die 1 (blank) (any card)", "1"),
        ("choose: reroll die 3 (skull) (any card)", "1"),
        ("choose: reroll die 1 (blank), die 3 (skull) (any card)", "2"),
        ("choose: reroll die 1 (blank), die 2 (blank), die 3 (skull) (any card)", "3"),
    ]
    assert rows[2][-1] == "0.0%"  # the skull again: at most 2, never more


def test_with_no_blanks_the_reroll_question_still_shows_the_odds_of_choosing_the_dice():
    """Rulebook: a reroll throws any dice again. With no blanks the plain reroll throws none, but choosing the
    dice still can, so `odds` shows those and never says no roll is pending."""
    state = green_turn()
    state.hand = ["sawyer/i_got_ya/1"]
    state.todo[:0] = [Step("reroll", dice=[2, 1]), Step("attack", who=0, dice=[2, 1])]
    tables = UI.odds(state)
    assert tables is not None
    _title, head, rows, _note = tables[0]
    assert [r[0] for r in rows] == [
        "choose: reroll die 1 (skull) (any card)",
        "choose: reroll die 2 (slash) (any card)",
        "choose: reroll die 1 (skull), die 2 (slash) (any card)",
    ]
    one = bone_odds(1)
    assert head[-1] == "more than 3" and rows[1][-1] == _pct(one[2])  # the slash again: a skull beats 3
    assert rows[0][2:] == ["-", _pct(one[0]), _pct(one[1]), _pct(one[2]), "-", "0.0%"]  # kept 1, plus 0-2
    assert UI.odds(state, "pick:sawyer/i_got_ya/1") is not None
    assert UI.odds(state, "reroll:sawyer/i_got_ya/1") is None  # the blanks: there are none to throw
