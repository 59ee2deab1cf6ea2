"""The truth harness: each check fails on a false sentence, and Escape of the Dead passes all of them over
seeded games (both option sets, two policies; every case the templates tell), in prose and in `brief`
alike."""

from __future__ import annotations

import pytest
from machinery import ev, narrator

from engines.registry import get
from narratives import for_game
from narratives.templates import Truth
from tests.narratives.cover import Play, check_told, chosen
from tests.tools import truth

GAME = "escape-of-the-dead"
WEAK = "barricade=5,roll_order=choose"
"""A weak barricade and the rolls in the person's order (every roll its own decision), played at random."""
RANGE = tuple(play for seed in (*range(75), 95) for play in (Play(seed), Play(seed, WEAK, "random")))
"""Seeds 0-74 and 95 (the first whose lawn roll comes up empty, under the weak barricade), each with the default
policy and rules and with WEAK: they tell every case the 150 seeds did; bench/truth.py checks the same truth over
1,000 games."""
TYPICAL = (Play(0), Play(1), Play(0, WEAK, "random"), Play(1, WEAK, "random"))
"""Ordinary games, so the truth is checked on typical play and not only on the cover's rarities."""
COVER = (
    Play(33),  # 4: barricade_rolled.overflow, game_won.narrow, garage_rolled.done, reward_taken.a_none
    Play(2),  # 1: game_won.default
    Play(54, "barricade=5,roll_order=choose", "random"),  # 1: barricade_rolled.full
    Play(95, "barricade=5,roll_order=choose", "random"),  # 1: lawn_rolled.empty
)
"""The fewest further plays of RANGE that tell every case it tells (scripts/story_cover.py escape-of-the-dead)."""
PLAYS = chosen(TYPICAL, COVER, RANGE)
"""The quick breadth plays TYPICAL and COVER (a dozen or so games); SOLO_TEST_BREADTH=full plays all 152."""
UNTOLD = {("reward_taken", "b_done"), ("reward_taken", "d_full"), ("undo", "default")}
"""The cases 150 seeds of both option sets never told either."""
RULES = Truth(
    success_words=("drops?", "clean shot"),
    failure_words=("miss(?:es)?", "wide"),
    health_words=("splinters?",),
    idioms=("no one",),
    counted=("die", "card", "board"),
)


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("Two of them, then 3 more.", [2, 3]),
        ("The twenty-first hour, twice over, 10/10 and +20%.", [21, 2, 10, 10, 20]),
        ("One hundred percent; a hundred more.", [100, 100]),
        ("No one comes, at first, for a second.", []),
        ("Walk x2.", [2]),
    ],
)
def test_numbers_are_read_in_digits_and_words(text, numbers):
    assert truth.numbers_in(text, ("no one",)) == numbers


def problems(text, **facts):
    return truth.check(text, facts, RULES, {"Cowboy Boots": {"number": "plural"}, "Laurie": {"proper": True}})


def test_a_true_sentence_passes():
    assert (
        problems("A clean shot: two drop, and the lawn holds three.", killed=2, zombies=3, outcome="success")
        == []
    )


@pytest.mark.parametrize(
    ("text", "facts", "why"),
    [
        ("Thirteen so far.", {"souvenirs": 12}, "says 13"),
        ("You drop two of them.", {"killed": 0, "outcome": "failure"}, "success words"),
        ("Every shot goes wide.", {"killed": 2, "outcome": "success"}, "failure words"),
        ("A board splinters.", {"damage": 0}, "health words"),
        ("A board splinters.", {}, "health words"),
        ("No harm done. Stitches loses 1 health.", {"health_lost": 0}, "says 1"),
        ("You find a Cowboy Boots.", {}, "'a' before 'Cowboy Boots'"),
        ("You reach the Laurie.", {}, "proper name"),
        ("Horror 7 (1 dice).", {"horror": 7, "count": 1}, "one before a plural"),
        ("You draw 1 cards.", {"count": 1}, "one before a plural"),
        ("You nail two board up.", {"built": 2}, "a count other than one before a singular"),
        ("You limps away.", {}, "'You' with a verb"),
        ("Rain falls, and You sees it.", {}, "'You' with a verb"),
    ],
)
def test_each_check_fails_on_a_false_sentence(text, facts, why):
    found = problems(text, **facts)
    assert any(why in p for p in found), found


def test_no_number_may_be_written_into_a_templates_own_words():
    n = narrator('[x]\nprose = ["{n} of them, and three more."]\nsummary = "Took {n_num:die} of 2."')
    found = [(p.where, p.why) for p in truth.literal_numbers(n.templates)]
    assert found == [
        ("x.default", "the template itself says 3"),
        ("x.default (summary)", "the template itself says 2"),
    ]


def test_a_template_is_chosen_only_where_what_it_tells_holds():
    """The Director's Cut example: one summary served both outcomes. With `tells` it cannot."""
    n = narrator(
        """
[scene]
summary = "No harm done."
tells = ["!health_lost"]
prose = ["No harm done."]

[scene.hurt]
summary = "{who} loses {health_lost}."
tells = ["health_lost"]
prose = [{ text = "{who} bleeds.", tells = ["health_lost>0"] }, { text = "{who} staggers.", tells = ["health_lost>1"] }]
""",
        case=lambda e: "hurt" if e.facts.get("defended") else "default",
    )
    hurt = ev("scene", who="Stitches", defended=True, health_lost=1)
    assert n.summary(hurt) == "Stitches loses 1." and n.prose(hurt, 0) == "Stitches bleeds."
    wrongly = ev(
        "scene", who="Stitches", defended=False, health_lost=1
    )  # the chooser errs: the case is refused
    assert n.summary(wrongly) == n.prose(wrongly, 0) == "Scene: who Stitches, defended False, health lost 1."


def tell(play: Play) -> list[tuple]:
    """The play's game and its narrator (which keeps its story for the next test)."""
    return [(for_game(GAME, play.seed), truth.play(get(GAME), play.seed, play.settings(), play.policy))]


@pytest.fixture(scope="module")
def played():
    """(game, narrator) of each of PLAYS."""
    return [(game, teller) for play in PLAYS for teller, game in tell(play)]


def test_escape_of_the_dead_tells_the_truth_over_many_seeded_games(played):
    problems = []
    for game, teller in played:
        problems += truth.check_story(teller, game.events, str(game.seed))
    assert problems == [], problems[:10]
    check_told(((teller, game.events) for game, teller in played), played[0][1], UNTOLD, GAME)
    kinds = {e.kind for game, _ in played for e in game.events}
    assert {
        "game_won",
        "game_lost",
        "reward_taken",
        "zombies_attack",
        "spawn_skipped",
        "barricade_rolled",
    } <= kinds


def test_escape_of_the_dead_writes_no_number_of_its_own():
    assert truth.literal_numbers(for_game(GAME, 1).templates) == []


def test_escape_of_the_dead_never_folds_across_a_decision(played):
    for game, teller in played:
        assert truth.fold_spans(teller, game) == []
