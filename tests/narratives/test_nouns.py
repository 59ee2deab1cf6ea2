"""Grammar words from data: plurals by count, articles, verb agreement, pronouns; inflect loaded only on need."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from machinery import ev, narrator

from narratives.formatting import render
from narratives.nouns import Noun

NOUNS = """
[nouns]
"Duct-Tape Bandages" = { number = "plural" }
"Cowboy Boots" = { number = "plural" }
"Duct Tape" = { number = "mass" }
"Grandpa's Room" = { proper = true }
"Laurie" = { pronouns = "she", proper = true }
"Bill" = { pronouns = "he/him/his/his/himself", proper = true }
"the twins" = { number = "plural" }
"""


def say(template: str, **facts) -> str | None:
    return render(template, narrator(NOUNS).values(ev("x", **facts)))


@pytest.mark.parametrize(
    ("template", "n", "said"),
    [
        ("{n_num:die}", 1, "1 die"),
        ("{n_num:die}", 2, "2 dice"),
        ("{n_words:die}", 0, "zero dice"),
        ("{n_Words:zombie}", 3, "Three zombies"),
        ("{n_noun:Task card}", 1, "Task card"),
        ("{n_noun:Task card}", 4, "Task cards"),
        ("{n_words:board} {n_verb:splinters}", 1, "one board splinters"),
        ("{n_words:board} {n_verb:splinters}", 2, "two boards splinter"),
        ("{n_word} {n_Word} {n_s} {n_ordinal}", 2, "two Two s second"),
    ],
)
def test_a_count_says_its_noun_and_verb_in_number(template, n, said):
    assert say(template, n=n) == said


@pytest.mark.parametrize(
    ("item", "a", "the"),
    [
        ("Axe", "an Axe", "the Axe"),
        ("Crowbar", "a Crowbar", "the Crowbar"),
        ("hour", "an hour", "the hour"),
        ("Duct-Tape Bandages", "Duct-Tape Bandages", "the Duct-Tape Bandages"),
        ("Duct Tape", "Duct Tape", "the Duct Tape"),
        ("Grandpa's Room", "Grandpa's Room", "Grandpa's Room"),
        ("The Pit", "a The Pit", "The Pit"),
    ],
)
def test_articles_follow_the_data(item, a, the):
    if item != "The Pit":
        assert say("{item_a}", item=item) == a
    assert say("{item_the}", item=item) == the
    assert say("{item_The}", item=item) == the[:1].upper() + the[1:]


def test_a_verb_agrees_with_the_names_number():
    assert (
        say("{item_The} {item_verb:changes} hands.", item="Cowboy Boots") == "The Cowboy Boots change hands."
    )
    assert say("{item_The} {item_verb:changes} hands.", item="Axe") == "The Axe changes hands."
    assert say("{who} {who_verb:limps} away.", who="you") == "you limp away."
    assert say("{who} {who_verb:has} won.", who="Jingles") == "Jingles has won."
    assert say("{item_plural}, {item_singular}", item="Cowboy Boots") == "Cowboy Boots, Cowboy Boot"
    assert say("{item_plural}", item="Axe") == "Axes"


def test_pronouns_come_from_the_data_and_are_never_guessed():
    assert say("{who} {who_verb:lifts} {who_their} head.", who="Laurie") == "Laurie lifts her head."
    assert (
        say("{who_They} {who_they_verb:runs}; {who_them}, {who_themself}.", who="Bill")
        == "He runs; him, himself."
    )
    assert say("{who_they} {who_they_verb:run}", who="the twins") == "they run"
    assert (
        say("{who_They} {who_they_verb:is} here, with {who_their} rifle.", who="you")
        == "You are here, with your rifle."
    )
    assert say("{who_their} head", who="Jingles") is None  # no pronouns in the data: the template gives way


def test_a_variant_naming_pronouns_the_data_lacks_gives_way_to_another():
    n = narrator(NOUNS + '\n[x]\nprose = ["{who} lifts {who_their} head.", "{who} looks up."]')
    assert {n.prose(ev("x", who="Jingles"), i) for i in range(20)} == {"Jingles looks up."}
    assert "Laurie lifts her head." in {n.prose(ev("x", who="Laurie"), i) for i in range(20)}


def test_a_noun_from_the_games_fields_carries_its_own_grammar():
    def fields(event, phrases):
        return {"item": Noun("Scissors", number="plural")}

    n = narrator("[x]\nsummary = '{item_A} {item_verb:is} gone.'", fields=fields)
    assert n.summary(ev("x")) == "Scissors are gone."


def test_the_games_nouns_hook_reads_its_card_data():
    from narratives.templates import from_data

    templates = from_data("test", {}, nouns=lambda: {"Cowboy Boots": {"number": "plural"}})
    assert templates.nouns() == {"Cowboy Boots": {"number": "plural"}}


def test_bad_grammar_data_is_refused():
    with pytest.raises(ValueError):
        Noun("X", number="dual")
    with pytest.raises(ValueError):
        Noun("X", pronouns="ze/zir")


def test_list_companions_are_made_on_use():
    assert say("{dice_list} ({dice_count_word} of them)", dice=[2, 5, 6]) == "2, 5 and 6 (three of them)"


def run(code: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def test_the_launch_narrates_every_games_opening_without_loading_inflect():
    """The first prompt narrates the opening: that path must not pay for inflect (about 50 ms at best)."""
    said = run(
        """
        import sys
        from engines.registry import ids, get
        from solo.run import Run
        from solo import narration
        from narratives import for_game
        for game_id in ids():
            game = get(game_id)
            for seed in range(12):
                run = Run(game, seed, {}, game.person_seats[0])
                run.step_automa()
                for brief in (False, True):
                    list(narration.groups(run.log, for_game(game_id, seed), 0, brief))
        print("inflect" in sys.modules, "typeguard" in sys.modules)
        """
    )
    assert said == "False False"


def test_inflect_loads_on_the_first_word_that_needs_it_and_quickly():
    """As published, importing inflect costs seconds (typeguard instruments it); loaded our way, a fraction."""
    said = run(
        """
        import sys, time
        from narratives.formatting import Fields, render
        fields = Fields({"n": 2, "m": 1})
        assert render("{m_num:die}", fields) == "1 die" and "inflect" not in sys.modules
        start = time.perf_counter()
        assert render("{n_num:die}", fields) == "2 dice"
        print("inflect" in sys.modules, time.perf_counter() - start)
        """
    )
    loaded, seconds = said.split()
    assert loaded == "True" and float(seconds) < 1.0, seconds
