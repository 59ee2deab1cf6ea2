"""Final Girl tells the truth: over hundreds of seeded games (default options and policy, and every option value), every sentence,
prose and `brief` alike, agrees with its event; the file writes no number of its own; no fold spans one of
the person's decisions; and the same seed and log give the same text, byte for byte."""

from __future__ import annotations

import pytest

from engines.registry import get
from narratives import for_game, truth

GAME = "final-girl"


# Every option value at least once, with random play: Cassie, Extreme, the Epic cards, bonus items, each tie rule.
OPTIONS = (
    {"girl": "cassie", "mode": "extreme", "dark_power": "epic", "ties": "abject-realism"},
    {"finale": "epic", "bonus_items": "on", "ties": "infinite-evil"},
    {"girl": "cassie", "bonus_items": "on", "ties": "never-ending-hilarity", "mode": "extreme"},
)


@pytest.fixture(scope="module")
def played():
    """Two hundred seeds with the default options and policy, and a few dozen more of each option set."""
    game = get(GAME)
    out = [(truth.play(game, seed), for_game(GAME, seed)) for seed in range(200)]
    for options in OPTIONS:
        out += [(truth.play(game, seed, options, "random"), for_game(GAME, seed)) for seed in range(25)]
    return out


def test_final_girl_tells_the_truth_over_hundreds_of_games(played):
    problems = []
    for game, teller in played:
        problems += truth.check_story(teller, game.events, str(game.seed))
    assert problems == [], problems[:10]


def test_final_girl_writes_no_number_of_its_own():
    assert truth.literal_numbers(for_game(GAME, 1).templates) == []


def test_final_girl_never_folds_across_a_decision(played):
    for game, teller in played[:60]:
        assert truth.fold_spans(teller, game) == []


def test_final_girl_story_is_byte_identical_for_the_same_seed_and_log(played):
    for game, _ in played[:10]:
        once = [(t.prose, t.summary) for t in for_game(GAME, game.seed).story(game.events)]
        again = [(t.prose, t.summary) for t in for_game(GAME, game.seed).story(game.events)]
        assert once == again
