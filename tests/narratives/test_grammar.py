"""The grammar: #rules# expand from the TOML, recursively, with the event's fields, never among recent uses."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from machinery import ev, narrator

from narratives.grammar import RECENT, History
from narratives.templates import validate

GAME = """
[grammar]
opener = ["The clock ticks", "A board creaks", "The wind drops", "A dog barks", "The fridge hums", "Rain starts"]
count = ["{zombies_word} of them", "#number# on the grass"]
number = ["{zombies_word}"]
loop = ["#loop#"]
gated = [{ text = "a kill", tells = ["killed"] }, { text = "a miss", tells = ["!killed"] }]
needs = ["{ghost} waits", "nothing waits"]

[tick]
prose = ["#opener#; #count#."]

[shot]
prose = ["It is #gated#."]

[odd]
prose = ["#loop#.", "#needs.cap#."]

[unknown_rule]
prose = ["#nowhere#.", "Plain."]

[capital]
prose = ["#count.cap#, then."]
"""


def told(n, events):
    return [t.prose for t in n.story(events)]


def test_a_rule_expands_recursively_with_the_events_fields():
    n = narrator(GAME)
    texts = told(n, [ev("tick", 1, zombies=3)] * 30)
    assert all(t.endswith(("three of them.", "three on the grass.")) for t in texts)
    assert {t.split(";")[0] for t in texts} <= {
        "The clock ticks",
        "A board creaks",
        "The wind drops",
        "A dog barks",
        "The fridge hums",
        "Rain starts",
    }


def test_cap_capitalizes_what_the_fields_fill_in():
    assert all(
        t.startswith(("Two of them", "Two on the grass"))
        for t in told(narrator(GAME), [ev("capital", zombies=2)] * 8)
    )


def test_an_option_is_chosen_only_where_what_it_tells_holds():
    n = narrator(GAME)
    assert {t for t in told(n, [ev("shot", killed=2)] * 10)} == {"It is a kill."}
    assert {t for t in told(n, [ev("shot", killed=0)] * 10)} == {"It is a miss."}


def test_an_option_naming_a_missing_field_gives_way_to_one_that_fits():
    assert set(told(narrator(GAME), [ev("odd")] * 10)) == {"Nothing waits."}
    assert "Someone waits." in set(told(narrator(GAME), [ev("odd", ghost="someone")] * 20))


def test_a_rule_that_names_itself_or_an_unknown_rule_is_refused_not_looped():
    """#loop# never ends: the variant is refused at the depth limit and another variant speaks."""
    assert set(told(narrator(GAME), [ev("unknown_rule")] * 10)) == {"Plain."}


def test_no_option_repeats_among_the_last_uses_of_its_rule():
    texts = told(narrator(GAME, seed=7), [ev("tick", zombies=2)] * 200)
    openers = [t.split(";")[0] for t in texts]
    for i in range(len(openers)):
        window = openers[max(0, i - RECENT) : i]
        assert openers[i] not in window, (i, openers[i], window)
    assert len(Counter(openers)) == 6  # every option is used


def test_the_window_shrinks_for_a_rule_with_few_options():
    """A rule of two options alternates (and one of one option always gives it)."""
    texts = told(narrator(GAME), [ev("tick", zombies=2)] * 40)
    ends = [t.split("; ")[1] for t in texts]
    assert all(a != b for a, b in pairwise(ends))


def test_the_same_seed_and_log_give_the_same_text_and_seeds_differ():
    log = [ev("tick", i, zombies=i % 5) for i in range(60)]
    assert told(narrator(GAME, 3), log) == told(narrator(GAME, 3), log)
    assert told(narrator(GAME, 3), log) != told(narrator(GAME, 4), log)


def test_shared_rules_serve_every_game_and_a_games_rule_replaces_one():
    common = '[grammar]\nopener = ["Shared."]\nextra = ["Common part"]'
    n = narrator('[tick]\nprose = ["#extra#: #opener#"]', common=common)
    assert n.prose(ev("tick"), 0) == "Common part: Shared."
    n = narrator('[grammar]\nopener = ["Own."]\n[tick]\nprose = ["#extra#: #opener#"]', common=common)
    assert n.prose(ev("tick"), 0) == "Common part: Own."


def test_history_forgets_what_a_failed_expansion_chose():
    history = History({"a": (1,)})
    mark = len(history.choices)
    history.use("a", 2)
    history.use("b", 0)
    history.back_to(mark)
    assert history.recent == {"a": (1,)} and history.choices == []


@pytest.mark.parametrize(
    ("toml", "problem"),
    [
        ('[grammar]\nx = [{ text = "a", tells = ["wh at"] }]', "not a condition"),
        ('[k]\nprose = ["#nope#"]', "unknown rule #nope#"),
        ('[k]\nfold = "nowhere"\nprose = ["x"]', "no [folds.nowhere] table"),
        ('[grammar]\nx = ["{broken"]', "x"),
    ],
)
def test_validate_names_what_a_file_gets_wrong(toml, problem):
    found = validate(narrator(toml).templates)
    assert any(problem in p for p in found), found


def test_every_games_file_validates():
    from narratives import for_game
    from narratives.templates import available

    for game in available():
        assert validate(for_game(game, 1).templates) == [], game


def test_no_template_glues_a_bare_s_to_a_word_that_takes_es():
    """`success{n_s}` reads 'successs'; such a word needs `{n_noun:success}` ('successes'). Every game's data."""
    import re
    from pathlib import Path

    data = Path(__file__).resolve().parents[2] / "narratives"
    glued = re.compile(r"[A-Za-z]*(?:s|x|z|ch|sh)\{[a-z_]+_s\}")
    found = {p.name: glued.findall(p.read_text()) for p in sorted(data.glob("*.toml"))}
    assert not any(found.values()), found


@pytest.mark.parametrize(
    "game_id",
    ["escape-of-the-dead", "final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"],
)
def test_every_sentence_of_the_story_begins_with_a_capital(game_id):
    """'It is ugly and fast. you win the scuffle' (Tall Oaks) put the person's lowercase 'you' at the start of a
    sentence: a field that can open one must be its capitalized form ({winner_Who}). Checked in prose and
    summaries told to every person seat over seeded games ('!' ends card names such as Slam!, so it is not
    read as a sentence's end)."""
    import re

    from engines.registry import get
    from narratives import for_game
    from tests.tools import truth

    game = get(game_id)
    opens = re.compile(r"(?:^|[.?] )([a-z]\S*)")
    for seat in game.person_seats:
        for seed in range(6):
            played = truth.play(game, seed, {}, game.default_policy)
            for t in for_game(game_id, seed, seat).story(played.events):
                for text in (t.prose, t.summary):
                    assert not opens.search(text), (seed, text)
