"""Rules pinned for the mutation run (bench/mutation.py): each test names the RULES.md row it pins."""

from __future__ import annotations

import pytest
from eotd_positions import position

from engines.escape_of_the_dead import GAME
from engines.escape_of_the_dead.state import ASSIGN, REWARD


def test_the_setup_is_logged_before_turn_one():
    """S5: the setup's event is turn 0; the first turn, its spawn included, is turn 1."""
    _, events = GAME.setup(1)
    assert [(e.kind, e.turn) for e in events] == [
        ("game_started", 0),
        ("turn_started", 1),
        ("zombies_spawn", 1),
    ]


def test_no_die_is_on_a_card_before_phase_two_or_after_phase_three():
    """P2.3: each turn's 4 dice are placed in Phase 2 and leave the cards once rolled (at the reward too)."""
    state, _ = GAME.setup(1)
    assert state.phase == ASSIGN and GAME.view(state).dice == (0, 0, 0)
    state = position(zombies=2, barricade=10, dice=[1, 1, 1, 1])
    GAME.apply(state, "alloc:1-2-1")
    assert state.phase == ASSIGN and state.turn == 2 and GAME.view(state).dice == (0, 0, 0)
    state = position(zombies=3, barricade=10, kills=8, dice=[6, 6, 6, 1])
    GAME.apply(state, "alloc:2-1-1")
    assert state.phase == REWARD and GAME.view(state).dice == (0, 0, 0)


def test_the_dice_placed_are_logged_per_card():
    """P2.3: the log names how many dice went on the Lawn, the Barricade and the Garage."""
    state = position(zombies=2, barricade=10, dice=[1, 1, 1, 1])
    events = GAME.apply(state, "alloc:1-2-1")
    placed = next(e for e in events if e.kind == "dice_assigned")
    assert placed.facts == {"lawn": 1, "barricade": 2, "garage": 1}
    state = position(zombies=2, barricade=10, dice=[1, 1, 1, 1])
    placed = next(e for e in GAME.apply(state, "alloc:0-1-3") if e.kind == "dice_assigned")
    assert placed.facts == {"lawn": 0, "barricade": 1, "garage": 3}


def test_the_barricade_option_runs_from_the_cards_ten_down_to_one():
    """S2: the starting barricade may be 1 to 10 boards, and no fewer: a game cannot start with its barricade
    already fallen (the mutation run with N-1: a choice of 0 was unpinned)."""
    choices = next(o.choices for o in GAME.options if o.name == "barricade")
    assert choices == tuple(str(n) for n in range(10, 0, -1))
    with pytest.raises(ValueError, match="barricade"):
        GAME.setup(1, {"barricade": "0"})
    state, _ = GAME.setup(1, {"barricade": "1"})
    assert state.barricade == 1
