"""The review's decisive rolls read as the story tells them to the person's seat, with every die shown."""

from __future__ import annotations

from engines.core.events import Event
from narratives import for_game
from solo.review_search import dice_of


def test_a_roll_is_named_by_the_storys_summary_with_its_dice():
    roll = Event("horror_roll", 5, "action", {"card": "focus", "title": "Focus", "dice": [6, 3], "improvised": False})
    quiet = Event("time_spent", 5, "action", {"amount": 1})
    narrator = for_game("final-girl", 3, "final_girl")
    assert dice_of([quiet, roll], narrator) == "Horror Roll for Focus: 6 and 3"
    assert dice_of([quiet, roll]) == "horror roll 6 3"  # no narrator: the kind and the faces
    assert dice_of([quiet], narrator) == "no dice"


def test_more_than_four_rolls_are_counted_not_listed():
    rolls = [Event("horror_roll", 1, "action", {"card": "focus", "title": "Focus", "dice": [n]}) for n in range(1, 7)]
    said = dice_of(rolls, for_game("final-girl", 3, "final_girl"))
    assert said.count("Horror Roll for Focus") == 4 and said.endswith("and 2 more"), said
