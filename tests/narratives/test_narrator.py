"""The narrator's machinery, whatever the game: determinism, fallbacks, the formatter, words, rules."""

from __future__ import annotations

import ast
import zlib
from pathlib import Path

import pytest

import narratives
from engines.core.events import UNDO, Event
from narratives import for_game
from narratives.formatting import render
from narratives.narrator import Narrator
from narratives.templates import Case, Kind, Templates, load
from narratives.words import derive, join, number_word, ordinal_word

GAME = "escape-of-the-dead"
ATTACK = Event("zombies_attack", 4, "attack", {"zombies": 3, "damage": 3, "barricade": 6})


def test_unknown_game_is_a_key_error():
    with pytest.raises(KeyError, match="No narrative"):
        for_game("no-such-game", 1)
    with pytest.raises(KeyError):
        for_game("../escape_of_the_dead", 1)


def test_templates_are_parsed_once_per_game_not_per_seed():
    assert for_game(GAME, 1).templates is for_game(GAME, 2).templates
    assert for_game(GAME, 1).game_id == GAME and for_game(GAME, 9).seed == 9


def test_same_seed_and_index_give_the_same_text():
    a, b = for_game(GAME, 42), for_game(GAME, 42)
    for index in range(50):
        assert a.prose(ATTACK, index) == b.prose(ATTACK, index)


PLAIN = Kind(
    {
        "default": Case(
            ("{zombies} claw at the door.", "The door shakes.", "Boards crack: {damage}.", "Quiet.")
        )
    },
    "default",
)


def test_the_variant_follows_the_documented_formula():
    """A plain variant list (no #rules#) told alone reads as it always did: crc32 of seed, position and kind."""
    n = Narrator("test", 5, Templates("test", "Test", {"zombies_attack": PLAIN}, {}, {}, ()))
    variants = PLAIN.cases["default"].prose
    for index in range(30):
        pick = zlib.crc32(f"5:{index}:zombies_attack".encode()) % len(variants)
        assert n.prose(ATTACK, index) == render(variants[pick], n.values(ATTACK))
    assert n.story([ATTACK])[0].prose == n.prose(ATTACK, 0)


def test_a_variant_is_not_told_again_while_it_is_among_its_recent_uses():
    """In a log, the variants of a case avoid their last uses as grammar rules do (RECENT, fewer where the case
    has fewer to spare), by the same formula over the variants left: four in a row all differ."""
    n = Narrator("test", 5, Templates("test", "Test", {"zombies_attack": PLAIN}, {}, {}, ()))
    told = [t.prose for t in n.story([ATTACK] * 40)]
    for i in range(len(told) - 3):
        assert len(set(told[i : i + 4])) == 4, told[i : i + 4]
    variants = PLAIN.cases["default"].prose
    first = zlib.crc32(b"5:0:zombies_attack") % len(variants)
    assert told[0] == render(variants[first], n.values(ATTACK))


def test_the_undo_line_the_repl_tells_is_the_one_the_log_tells_after_other_undos():
    """Two undos in a row: the second's words, told as it is made (the story's last telling), are the words
    the whole log gives it later, although the first undo's variant is among its recent uses."""
    events = [*played(3)[:9], Event(UNDO, 2, "meta", {"turn": 2}), Event(UNDO, 2, "meta", {"turn": 2})]
    live = for_game(GAME, 3)
    live.story(events[:-1])
    as_made = live.story(events)[-1].prose
    assert as_made == for_game(GAME, 3).story(events)[-1].prose
    assert as_made != live.story(events)[-2].prose


def test_the_undo_line_reads_the_same_alone_and_in_a_log():
    """The REPL tells the undo marker alone as it is made; a log read later must give it the same words."""
    events = [*played(3)[:9], Event(UNDO, 2, "meta", {"turn": 2})]
    n = for_game(GAME, 3)
    assert n.story(events)[-1].prose == n.prose(events[-1], len(events) - 1)


def played(seed: int) -> list[Event]:
    from engines.core.autoplay import play
    from engines.registry import get

    return play(get(GAME), seed, None).events


def test_different_seeds_reach_different_variants():
    indices = range(40)
    runs = {tuple(for_game(GAME, seed).prose(ATTACK, i) for i in indices) for seed in range(5)}
    assert len(runs) == 5
    assert len({for_game(GAME, seed).prose(ATTACK, 0) for seed in range(40)}) > 1


def test_an_unknown_kind_falls_back_to_its_kind_and_facts():
    n = for_game(GAME, 1)
    event = Event("door_creaks", 2, "night", {"room": "cellar", "dice": [2, 5, 6]})
    for text in (n.prose(event, 3), n.summary(event)):
        assert text == "Door creaks: room cellar, dice 2, 5 and 6."
    assert n.summary(Event("odd")) == "Odd." and n.title(event) == "Turn 2"


def test_missing_facts_fall_back_without_error():
    n = for_game(GAME, 1)
    short = Event("zombies_attack", 2, "attack", {"zombies": 2, "damage": 2})
    assert n.case(short) == "default"
    assert n.prose(short, 0) == n.summary(short) == "Zombies attack: zombies 2, damage 2."


def test_a_template_naming_a_missing_fact_falls_back_to_the_summary():
    broken = Kind({"default": Case(("You see {ghost}.",), "Saw {what}.")}, "default")
    templates = Templates("test", "Test", {"seen": broken}, {}, {}, ())
    n = Narrator("test", 1, templates)
    assert n.prose(Event("seen", 1, "", {"what": "it"}), 0) == "Saw it."
    assert n.prose(Event("seen", 1, "", {}), 0) == "Seen."


def test_an_event_whose_file_says_nothing_stays_silent():
    """`summary = ""` and no prose: the event needs no line (bookkeeping), never its raw kind and facts."""
    quiet = Kind({"default": Case((), "")}, "default")
    n = Narrator("test", 1, Templates("test", "Test", {"tick": quiet}, {}, {}, ()))
    event = Event("tick", 1, "", {"time": 7})
    assert n.prose(event, 0) == "" and n.summary(event) == ""


def test_undo_renders_for_every_game():
    n = for_game(GAME, 3)
    event = Event(UNDO, 3, "", {"turn": 3})
    texts = {n.prose(event, i) for i in range(30)}
    assert len(texts) == 3 and all("three" in t and "{" not in t for t in texts)
    assert n.summary(event) == "Undo: back to turn 3."
    assert n.title(event) == "Taken back"


def test_titles():
    n = for_game(GAME, 1)
    assert n.title(Event("turn_started", 3, "spawn", {"turn": 3})) == "Turn 3"
    assert n.title(Event("game_lost", 9, "end", {})) == "The end"


def test_the_formatter_only_reads_named_fields():
    assert render("{x} and {x_word}", {"x": 2, "x_word": "two"}) == "2 and two"
    assert render("{x.__class__}", {"x": 1}) is None
    assert render("{0}", {}) is None
    assert render("{x[0]}", {"x": [1]}) is None
    assert render("{missing}", {}) is None
    assert render("{x:%}", {"x": "a"}) is None
    assert render("{{literal}}", {}) == "{literal}"


def test_number_words_and_lists():
    assert [number_word(n) for n in (0, 1, 13, 20, 42, 99, 100, -1)] == [
        "zero",
        "one",
        "thirteen",
        "twenty",
        "forty-two",
        "ninety-nine",
        "100",
        "-1",
    ]
    assert [ordinal_word(n) for n in (1, 2, 3, 5, 8, 9, 12, 20, 21, 100, 111, 102)] == [
        "first",
        "second",
        "third",
        "fifth",
        "eighth",
        "ninth",
        "twelfth",
        "twentieth",
        "twenty-first",
        "100th",
        "111th",
        "102nd",
    ]
    assert [join(x) for x in ([], [4], [2, 5], [2, 5, 6])] == ["", "4", "2 and 5", "2, 5 and 6"]
    d = derive({"placed": 1, "dice": [2, 5, 6], "flag": True})
    assert d["placed_word"] == "one" and d["placed_Word"] == "One" and d["placed_s"] == ""
    assert d["dice_list"] == "2, 5 and 6" and d["dice_count_word"] == "three" and "flag_word" not in d


def test_rules_overview_lists_every_topic():
    n = for_game(GAME, 1)
    title, text = n.rules()
    assert title and all(topic in text for topic in n.rules_topics())
    assert n.rules("overview") == (title, text)


def test_rules_topics_in_reading_order():
    assert for_game(GAME, 1).rules_topics() == [
        "overview",
        "setup",
        "turn",
        "spawn",
        "dice",
        "lawn",
        "barricade",
        "garage",
        "attack",
        "rewards",
        "winning",
        "losing",
        "faq",
    ]


def test_rules_lookup_by_name_alias_and_prefix():
    n = for_game(GAME, 1)
    assert "3" in n.rules("lawn")[1]
    assert n.rules(" LAWN ") == n.rules("lawn")
    assert n.rules("gar") == n.rules("garage")
    assert n.rules("win") == n.rules("winning")
    assert n.rules("reward") == n.rules("rewards")


@pytest.mark.parametrize(
    ("typo", "meant"), [("lawm", "lawn"), ("rewrds", "rewards"), ("barricde", "barricade")]
)
def test_an_unknown_topic_suggests_the_closest(typo, meant):
    with pytest.raises(KeyError) as caught:
        for_game(GAME, 1).rules(typo)
    assert f"Did you mean '{meant}'?" in caught.value.args[0]


def test_an_ambiguous_prefix_is_not_guessed():
    with pytest.raises(KeyError):
        for_game(GAME, 1).rules("s")  # setup or spawn


def test_the_package_stays_out_of_the_terminal():
    """narratives may know engines, never the REPL, the saves, printing or randomness."""
    forbidden = {"rich", "prompt_toolkit", "solo", "saves", "random"}
    for path in Path(narratives.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not {a.name.split(".")[0] for a in node.names} & forbidden, path
            elif isinstance(node, ast.ImportFrom):
                assert (node.module or "").split(".")[0] not in forbidden, path
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "print", path


def test_load_is_cached():
    assert load(GAME) is load(GAME)


def test_a_seats_voice_is_laid_over_the_file_and_the_listener_is_a_field():
    """`[voices.SEAT]` replaces only what it writes (a case it leaves out keeps the file's words), and
    every template may read the listening seat as `listener`."""
    from narratives.templates import from_data, voiced

    data = {
        "hit": {
            "summary": "The family hits {who}.",
            "prose": ["{who} is hit."],
            "miss": {"prose": ["A miss."]},
        },
        "seen": {"summary": "Seen by {listener}."},
        "voices": {"family": {"hit": {"summary": "You hit {who}."}}},
    }
    event = Event("hit", 1, "", {"who": "Green"})
    mine = Narrator("test", 1, from_data("test", voiced(data, data["voices"]["family"])), "family")
    theirs = Narrator("test", 1, from_data("test", data), "trespassers")
    assert mine.summary(event) == "You hit Green." and theirs.summary(event) == "The family hits Green."
    assert mine.prose(event, 0) == theirs.prose(event, 0) == "Green is hit."
    assert mine.templates.kinds["hit"].cases["miss"].prose == ("A miss.",)
    assert mine.summary(Event("seen", 1, "", {})) == "Seen by family."
    assert Narrator("test", 1, from_data("test", data)).values(Event("seen", 1, "", {}))["listener"] == ""


def test_every_game_takes_the_listening_seat():
    """A game that writes no voice for a seat tells it the file's own words (the same parsed templates)."""
    from engines.registry import get, ids

    for game_id in ids():
        for seat in get(game_id).person_seats:
            told = for_game(game_id, 1, seat)
            assert told.seat == seat and told.templates.game_id == game_id
    assert load(GAME, "player") is load(GAME)
