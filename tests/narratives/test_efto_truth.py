"""Escape From Tall Oaks tells the truth: check_story over seeded games (default options and
policy; every case the templates tell), no number written into the templates' own words, no fold across a
decision, and the same seed and log always read the same, byte for byte."""

from __future__ import annotations

import pytest

from engines.registry import get
from narratives import for_game
from tests.narratives.cover import Play, check_told, chosen
from tests.tools import truth
from tests.tools.breadth import breadth

GAME = "escape-from-tall-oaks"
RANGE = tuple(Play(seed) for seed in range(60))
"""Sixty seeds with the default options and policy tell every case two hundred did (the last first told at seed
50: a Cheat Death); bench/truth.py checks the same truth over 1,000 games."""
TYPICAL = (Play(0), Play(1))
"""Ordinary games, so the truth is checked on typical play and not only on the cover's rarities."""
COVER = (
    Play(26),  # 13: ability.quiet, ability.tough, bonus.drop_rescue, bonus.heal, bonus.hurt, bonus.hush,  ...
    Play(3),  # 4: combo.defend_nothing, combo.defend_redraw, invaders.ok, traitor.start
    Play(9),  # 3: combo.defend_flee_draw, power_out.default, slasher_returns.default
    Play(54),  # 2: ability.cheat_death, ability.revive
)
"""The fewest further plays of RANGE that tell every case it tells (scripts/story_cover.py escape-from-tall-oaks)."""
PLAYS = chosen(TYPICAL, COVER, RANGE)
"""The quick breadth plays TYPICAL and COVER (a dozen or so games); SOLO_TEST_BREADTH=full plays all 60."""
UNTOLD = {
    *(("ability", "default"), ("bonus", "default"), ("combo", "default"), ("lost", "default")),
    *(("scene_drawn", "default"), ("searched", "default"), ("stuck", "default"), ("traitor", "default")),
    *(("turn_started", "default"), ("undo", "default"), ("bonus", "rescue_empty"), ("rescue", "short")),
    *(("scuffle", "triple"), ("traitor", "supply"), ("moved", "default")),
    *(("combo", "defend_flee_caught"), ("combo", "rescue_flee_caught"), ("fight", "default")),
}
"""The cases two hundred seeds of the default play never told either: fallbacks, and rarities (a flight the
noise cuts short is told in tests/narratives/test_consequences.py)."""


def tell(play: Play) -> list[tuple]:
    """The play's game and its narrator (which keeps its story for the next test)."""
    return [(for_game(GAME, play.seed), truth.play(get(GAME), play.seed, play.settings(), play.policy))]


@pytest.fixture(scope="module")
def played():
    """(game, narrator) of each of PLAYS."""
    return [(game, teller) for play in PLAYS for teller, game in tell(play)]


def test_escape_from_tall_oaks_tells_the_truth_over_many_seeded_games(played):
    problems = []
    for game, teller in played:
        problems += truth.check_story(teller, game.events, str(game.seed))
    assert problems == [], problems[:10]
    kinds = {e.kind for game, _ in played for e in game.events}
    assert {"rescue", "defended", "fight", "action_roll", "opening_roll", "scuffle", "hurt"} <= kinds
    check_told(((teller, game.events) for game, teller in played), played[0][1], UNTOLD, GAME)


def test_escape_from_tall_oaks_writes_no_number_of_its_own():
    assert truth.literal_numbers(for_game(GAME, 1).templates) == []


def test_escape_from_tall_oaks_never_folds_across_a_decision(played):
    for game, teller in played:
        assert truth.fold_spans(teller, game) == []


def test_the_same_seed_and_log_read_byte_for_byte_the_same(played):
    for game, _ in played[: breadth(3, 5)]:
        one = [(t.prose, t.summary) for t in for_game(GAME, game.seed).story(game.events)]
        two = [(t.prose, t.summary) for t in for_game(GAME, game.seed).story(game.events)]
        assert one == two


@pytest.mark.parametrize(
    ("text", "facts", "why"),
    [
        ("You will need 1 Actions to get them out.", {"need": 1}, "one before a plural"),
        ("All four Tasks are done.", {}, "says 4"),
        ("Only one gets a seat.", {}, "says 1"),
        ("Linda rolls Escape, Shield with +1 Actions on top.", {"n": 1}, "one before a plural"),
        ("The defence holds. Linda loses two health.", {"outcome": "failure", "health_lost": 0}, "health"),
        ("Kirk blocks it. Not tonight.", {"outcome": "failure"}, "success words"),
    ],
)
def test_the_checks_catch_this_games_old_mistakes(text, facts, why):
    templates = for_game(GAME, 1).templates
    found = truth.check(text, facts, templates.truth, templates.nouns())
    assert any(why in p for p in found), found


def test_the_opening_roll_says_whose_roll_is_whose():
    """'Opening roll: you 6; the others 9 then 5 and 9 then 8' left the reader to guess which rival rolled
    which; since rules 7 the event names every seat and so does the story. An older log keeps the old words."""
    from engines.core.events import Event

    n = for_game(GAME, 21)
    facts = {
        "rolls": {"survivor1": [6], "survivor2": [9, 5], "survivor3": [9, 8]},
        "first": "survivor3",
        "name": "Star",
    }
    named = Event(
        "opening_roll",
        0,
        "setup",
        {**facts, "names": {"survivor1": "Derrick", "survivor2": "Kimmy", "survivor3": "Star"}},
    )
    assert n.summary(named) == "Opening roll: you 6, Kimmy 9 then 5 and Star 9 then 8; Star goes first."
    old = Event("opening_roll", 0, "setup", facts)
    assert n.summary(old) == "Opening roll: you 6; the others 9 then 5 and 9 then 8; Star goes first."
    game = get(GAME)
    state, _ = game.setup(3, {})
    while (d := game.decision(state)) is not None and d.kind == "start":
        events = game.apply(state, d.options[0].key)
    opening = next(e for e in events if e.kind == "opening_roll")
    assert set(opening.facts["names"]) == set(opening.facts["rolls"]) == {x.seat for x in state.survivors}
