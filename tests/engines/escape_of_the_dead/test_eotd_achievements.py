"""Escape of the Dead's designed achievements (RULES.md, "Achievements"): each earned exactly where it says."""

from __future__ import annotations

import pytest

from engines.core.events import Event
from engines.escape_of_the_dead.achievements import TEXT, earned
from engines.registry import get


def log(*, start: int = 10, won: bool = True, turn: int = 30, barricade: int = 5, kills: int = 30, rewards=(), attacks=()):
    events = [Event("game_started", 0, "setup", {"barricade": start, "max_barricade": 10, "zombies": 1})]
    events += [Event("reward_taken", 5, "reward", {"reward": r, "carried": 0, "repairs": 0}) for r in rewards]
    events += [Event("zombies_attack", 6, "attack", {"zombies": 1, "damage": 1, "barricade": b}) for b in attacks]
    end = {"turn": turn, "repairs": 10 if won else 5, "barricade": barricade, "total_kills": kills}
    events.append(Event("game_won" if won else "game_lost", turn, "end", end))
    return events


def test_the_sheet_is_designed_and_in_its_order():
    assert list(TEXT) == [
        "first_light", "short_handed", "untouched", "quick_fix", "one_board", "exterminator", "full_set", "no_help"
    ]  # fmt: skip
    assert get("escape-of-the-dead").achievements == TEXT


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        (log(), {"first_light", "no_help"}),
        (log(won=False), set()),
        (log(start=7), {"first_light", "short_handed", "no_help"}),
        (log(start=8), {"first_light", "no_help"}),  # 7 boards or fewer
        (log(barricade=10, rewards=["a"]), {"first_light", "untouched"}),
        (log(barricade=9, rewards=["a"]), {"first_light"}),
        (log(turn=20, rewards=["a"]), {"first_light", "quick_fix"}),
        (log(turn=21, rewards=["a"]), {"first_light"}),
        (log(attacks=[3, 1, 4], rewards=["a"]), {"first_light", "one_board"}),
        (log(attacks=[2], rewards=["a"]), {"first_light"}),
        (log(won=False, attacks=[1]), set()),
        (log(won=False, kills=50), {"exterminator"}),
        (log(won=False, kills=49), set()),
        (log(won=False, rewards=["a", "b", "c", "d"]), {"full_set"}),
        (log(won=False, rewards=["a", "b", "c", "c"]), set()),
    ],
)
def test_each_achievement_is_earned_where_it_says_and_nowhere_else(events, expected):
    assert set(earned(events)) == expected


def test_a_real_run_earns_what_its_events_say():
    from engines.core.autoplay import play

    game = get("escape-of-the-dead")
    won = next(p for seed in range(50) if (p := play(game, seed, "optimal")).state.result == "won")
    assert "first_light" in game.earned(won.events)
