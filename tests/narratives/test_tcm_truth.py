"""Slaughterhouse tells the truth: the harness of test_truth.py over hundreds of seeded games, and the
issue's examples for this game, each of which the checks here would catch."""

from __future__ import annotations

import re

import pytest

from engines.registry import get
from narratives import for_game, truth

GAME = "slaughterhouse"
DICE_KINDS = ("attack", "hunted", "searched", "noise_rolled", "sawyer_hit", "reroll", "sweet_talk", "fire_burns")
FACE = re.compile(r"\b(?:blank|slash|skull)\b")


@pytest.fixture(scope="module")
def played():
    game = get(GAME)
    return [(truth.play(game, seed), for_game(GAME, seed)) for seed in range(200)]


def test_slaughterhouse_tells_the_truth_over_hundreds_of_games(played):
    problems = []
    for game, teller in played:
        problems += truth.check_story(teller, game.events, str(game.seed))
    assert problems == [], problems[:10]
    kinds = {e.kind for game, _ in played for e in game.events}
    assert {"attack", "injured", "injury_wasted", "noise_rolled", "hunted", "game_over", "cards_bought"} <= kinds


def test_slaughterhouse_writes_no_number_of_its_own():
    assert truth.literal_numbers(for_game(GAME, 1).templates) == []


def test_slaughterhouse_never_folds_across_a_decision(played):
    for game, teller in played:
        assert truth.fold_spans(teller, game) == []


def test_every_roll_shows_its_faces(played):
    for game, teller in played[:40]:
        for event in game.events:
            if event.kind in DICE_KINDS:
                summary = teller.summary(event)
                assert len(FACE.findall(summary)) >= len(event.facts["dice"]), (event.kind, summary)


def test_the_issues_examples_are_gone(played):
    for game, teller in played[:80]:
        for telling in teller.story(game.events):
            event = game.events[telling.start]
            text = telling.prose + " " + telling.summary
            assert "Your fear is feeding them" not in text
            assert "moves on" not in text
            assert "Someone must have heard" not in text
            assert "there for you" not in text and "You cannot see it" not in text
            assert not re.search(r"wounds? opened", text)
            if event.kind == "horror_revealed":
                assert "catches" not in text
            if event.kind == "sawyer_moves" and event.facts.get("carried"):
                assert str(event.facts["carried"]).capitalize() in telling.prose, telling.prose
            if event.kind == "noise_rolled" and event.facts["calmed"] == 0:
                assert "half works" not in text
            if event.kind == "game_over":
                assert "objective" in telling.summary
                for who in (*event.facts["escaped"], *event.facts["killed"]):
                    assert str(who).capitalize() in telling.summary


def test_the_same_seed_and_log_give_the_same_text_byte_for_byte(played):
    for game, _ in played[:5]:
        first = [(t.prose, t.summary) for t in for_game(GAME, game.seed).story(game.events)]
        again = [(t.prose, t.summary) for t in for_game(GAME, game.seed).story(game.events)]
        assert first == again


def test_no_line_addresses_the_listening_seat_as_a_trespasser(played):
    """The narrator is not told which seat listens, so every line is told from outside: neither side is
    'you' (the family seat heard 'it is there for you' of tiles it had just placed)."""
    you = re.compile(r"\b(?:you|your|yours|yourselves)\b", re.IGNORECASE)
    for game, teller in played[:40]:
        for telling in teller.story(game.events):
            text = telling.prose
            for name in game.events[telling.start].facts.values():  # card names ('Hold Your Breath') as printed
                if isinstance(name, str) and name:
                    text = text.replace(name, "")
            assert not you.search(text), telling.prose
