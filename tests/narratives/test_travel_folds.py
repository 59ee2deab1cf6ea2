"""A rival's turn that only travels is told in one short line, and rivals' such turns in a row in one line
(`[folds.travel]`, a fold of whole turns), in both Mixtape games; the bracket still gives every roll, and what
the screen showed before one of the person's decisions is never told again differently."""

from __future__ import annotations

import re

import pytest
from machinery import ev, narrator

from engines.registry import get
from narratives import for_game
from narratives.words import join
from solo import narration
from tests.tools import truth

TRAVEL = ("turn_started", "moved_roll", "moved")
GAMES = {"mixtape-massacre": "slasher1", "escape-from-tall-oaks": "survivor1"}

TURNS = """
[turn_started]
summary = "Turn {turn}: {name}."
prose = ["{name} wakes."]
[turn_started.rival]
fold = "travel"
fold_item = ""
[moved]
summary = "{name} moves to {place}."
prose = ["{name} walks to {place}."]
[moved.rival]
fold = "travel"
fold_item = "{name} to {place}"
[searched]
prose = ["{name} searches."]
[folds.travel]
turns = true
prose = [
    { text = "{name} just walks, to {place}.", tells = ["turns=1"] },
    { text = "The others walk: {items}.", tells = ["turns>1"] },
]
"""


def rival(event):
    return "rival" if event.facts.get("name") != "Me" and event.kind != "searched" else "default"


def tell(events):
    return [t.prose for t in narrator(TURNS, case=rival).story(events)]


def turn(n, name, place, *extra):
    return [ev("turn_started", n, name=name), ev("moved", n, name=name, place=place), *extra]


def test_whole_turns_of_travel_fold_into_one_line_and_a_turn_that_does_more_does_not():
    log = [
        *turn(1, "Jo", "the Lake"),
        *turn(2, "Al", "the Mall"),
        *turn(3, "Cy", "the Farm", ev("searched", 3, name="Cy")),
        *turn(4, "Me", "the Pier"),
        *turn(5, "Jo", "the Diner"),
        ev("turn_started", 6, name="Me"),
    ]
    assert tell(log) == [
        "The others walk: Jo to the Lake and Al to the Mall.",
        "Cy wakes.",
        "Cy walks to the Farm.",
        "Cy searches.",
        "Me wakes.",
        "Me walks to the Pier.",
        "Jo just walks, to the Diner.",
        "Me wakes.",
    ]


def test_a_turn_still_going_at_the_end_of_the_log_waits_to_be_folded():
    n = narrator(TURNS, case=rival)
    log = turn(1, "Jo", "the Lake")
    assert [t.prose for t in n.story(log)] == ["Jo wakes.", "Jo walks to the Lake."]
    log = [*log, *turn(2, "Al", "the Mall"), ev("turn_started", 3, name="Me")]
    assert [t.prose for t in n.story(log)] == [
        "The others walk: Jo to the Lake and Al to the Mall.",
        "Me wakes.",
    ]


@pytest.fixture(scope="module", params=list(GAMES))
def played(request):
    game = get(request.param)
    return [(truth.play(game, seed), for_game(game.id, seed, GAMES[game.id])) for seed in range(6)]


def test_every_travel_only_rival_turn_is_folded_and_its_rolls_shown(played):
    folded = 0
    for game, teller in played:
        log = game.events
        for telling in teller.story(log):
            events = log[telling.start : telling.stop]
            if not telling.folded or telling.fold != "travel":
                continue
            folded += 1
            turns = {}
            for e in events:
                turns.setdefault(e.turn, []).append(e)
            for group in turns.values():
                assert tuple(e.kind for e in group) == TRAVEL
                assert all(e.facts["seat"] != GAMES[teller.game_id] for e in group)
            for e in events:
                if e.kind == "moved_roll":
                    assert teller.summary(e) in telling.summary  # the dice, in the bracket and in brief
                    dice = teller.values(e)["dice_list"]
                    assert dice in telling.prose or "dice" in e.facts, (
                        telling.prose
                    )  # else no bracket shows them
            alone = " ".join(teller.prose(e, telling.start + k) for k, e in enumerate(events))
            assert (
                len(re.split(r"(?<!Dr)[.!?] ", telling.prose)) == 1 and len(telling.prose) < len(alone) * 0.8
            )
        by_turn = {}
        for e in log:
            by_turn.setdefault(e.turn, []).append(e)
        alone = [
            t
            for t in teller.story(log)
            if not t.folded
            and log[t.start].kind == "turn_started"
            and log[t.start].facts.get("seat") != GAMES[teller.game_id]
            and tuple(e.kind for e in by_turn[log[t.start].turn]) == TRAVEL
        ]
        assert alone == []  # no travel-only rival turn is told at length
    assert folded


def test_what_was_shown_before_a_decision_is_never_told_again_differently(played):
    """Told as the REPL tells it, up to each of the person's decisions, then as a whole: the same tellings."""
    for game, teller in played[:3]:
        whole = teller.story(game.events)
        step = for_game(teller.game_id, game.seed, teller.seat)
        for mark in game.decisions:
            shown = [t for t in step.story(game.events[:mark]) if t.stop <= mark]
            assert shown == whole[: len(shown)], mark
        assert truth.fold_spans(teller, game) == []


def test_the_fold_reads_in_every_export_with_every_roll_in_its_words_or_its_bracket(played):
    """A fold whose own words give every roll ('Kimmy (5 and 5) to ...') is not followed by a bracket telling the
    whole fold again; one that leaves a roll out keeps the bracket with the dice."""
    checked = 0
    for game, teller in played:
        paragraphs = [p for _, ps, _ in narration.groups(game.events, teller) for p in ps]
        for fold in (t for t in teller.story(game.events) if t.folded):
            events = game.events[fold.start : fold.stop]
            rolls = [e.facts["dice"] for e in events if "dice" in e.facts]
            if not rolls:
                assert fold.prose in paragraphs
                continue
            shown = all(join([str(d) for d in dice]) in fold.prose for dice in rolls)
            assert (fold.prose if shown else f"{fold.prose} [{fold.summary.rstrip('.')}]") in paragraphs
            assert f"{fold.prose} [" not in " ".join(paragraphs) or not shown
            checked += shown
    assert checked
