"""Every roll shows its dice: each round of a Tall Oaks scuffle, both sides' faces, in the bracket after its prose
(rules 5 put the faces in the event), and the Actions that decided it where no triple did."""

from __future__ import annotations

import re

import pytest

from engines.registry import get
from narratives import for_game
from solo import narration
from tests.tools import truth

GAME = "escape-from-tall-oaks"
FACE = re.compile(r"\b(?:Action|Shield|Escape)\b")


@pytest.fixture(scope="module")
def scuffles():
    """(narrator, log, index) of every scuffle in a few seeded games, ties re-rolled among them."""
    game = get(GAME)
    found = []
    for seed in range(20):
        played = truth.play(game, seed)
        teller = for_game(GAME, seed, "survivor1")
        found += [(teller, played.events, i) for i, e in enumerate(played.events) if e.kind == "scuffle"]
    return found


def test_every_round_of_a_scuffle_shows_both_sides_faces(scuffles):
    assert any(log[i].facts["rounds"] > 1 for _, log, i in scuffles)  # a tie was rolled again
    for teller, log, i in scuffles:
        event = log[i]
        summary = teller.summary(event)
        shown = FACE.findall(summary.split(":", 1)[1].rsplit(";", 1)[0])
        rolled = [f.capitalize() for mine, theirs in event.facts["dice"] for f in (*mine, *theirs)]
        assert shown == rolled, (event.facts, summary)
        assert summary.count("a tie, then") == event.facts["rounds"] - 1
        if event.facts["how"] == "actions":
            won, lost = sorted(event.facts["actions"], reverse=True)
            assert f"{won} Action{'' if won == 1 else 's'} to {lost}" in summary


def test_the_dice_come_in_the_bracket_after_the_prose(scuffles):
    teller, log, i = next(s for s in scuffles if s[1][s[2]].facts["rounds"] > 1)
    paragraphs = [p for _, ps, _ in narration.groups(log, teller) for p in ps]
    summary = teller.summary(log[i]).rstrip(".")
    assert any(p.endswith(f"[{summary}]") for p in paragraphs)


def test_the_scuffle_lines_tell_the_truth(scuffles):
    for teller, log, i in scuffles:
        told = next(t for t in teller.story(log) if t.start == i)
        fields = teller.values(log[i])
        for text in (told.prose, told.summary):
            assert truth.check(text, fields, teller.templates.truth, teller.templates.nouns()) == [], text


def test_the_persons_own_scuffle_says_you_and_never_their_survivors_name(scuffles):
    """issue 13: the brief line calls the person's survivor "you" (it said "Kirk rolls" for your own survivor)."""
    mine = [(t, log[i]) for t, log, i in scuffles if "survivor1" in (log[i].facts["seat"], log[i].facts["other"])]
    assert mine
    for teller, event in mine:
        summary = teller.summary(event)
        me = event.facts["name"] if event.facts["seat"] == "survivor1" else event.facts["other_name"]
        assert me not in summary and "yours" in summary, summary
        assert summary.startswith("You scuffle with ") or " scuffles with you: " in summary, summary
        if event.facts["winner"] == "survivor1":
            assert "; you win" in summary, summary
