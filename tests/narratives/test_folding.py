"""Folds: runs of one fold's events told as one line, on the screen and in every export alike."""

from __future__ import annotations

from machinery import ev, narrator

from engines.core.autoplay import play
from engines.registry import get
from narratives import for_game
from solo import narration

CARDS = """
[card_taken]
summary = "Took {title}."
prose = ["You take {title} back."]
fold = "taken"
fold_item = "{title}"

[folds.taken]
prose = ["You take back {items}."]
summary = "Took back {items}: {count_words:card}."

[moved_roll]
summary = "{name} rolls {dice_list} ({total})."
prose = ["{name} {name_verb:rolls} {total_word}."]

[moved_roll.rival]
fold = "travel"
fold_by = ["seat"]

[moved]
summary = "{name} moves to {place}."
prose = ["{name} {name_verb:walks} to {place}."]

[moved.rival]
fold = "travel"
fold_by = ["seat"]

[folds.travel]
prose = ["{name} rolls {total_word} and prowls from {first_place} to {place}."]

[waited]
prose = ["A pause."]
fold = "pause"

[folds.pause]
min = 3
prose = ["A long pause, {count_word} beats."]
"""


def rival(event):
    return "rival" if event.facts.get("seat", "you") != "you" else "default"


def tell(events, brief=False, toml=CARDS):
    n = narrator(toml, case=rival)
    return [p for _, paragraphs, _ in narration.groups(events, n, 0, brief) for p in paragraphs]


def card(title, turn=1):
    return ev("card_taken", turn, title=title)


def test_a_run_of_the_same_event_folds_into_one_sentence_with_repeats_counted():
    events = [card("Walk"), card("Walk"), card("Focus"), card("Short Rest")]
    assert tell(events) == ["You take back Walk x2, Focus and Short Rest."]
    assert tell(events, brief=True) == ["Took back Walk x2, Focus and Short Rest: four cards."]


def test_a_lone_event_is_told_by_its_own_template():
    assert tell([card("Walk")]) == ["You take Walk back."]


def test_a_fold_breaks_at_another_event_a_new_turn_or_heading():
    events = [card("Walk"), card("Hide"), ev("waited"), card("Focus"), card("Run", 2), card("Rest", 2)]
    assert tell(events) == [
        "You take back Walk and Hide.",
        "A pause.",
        "You take Focus back.",
        "You take back Run and Rest.",
    ]


def test_a_rivals_turn_that_only_travels_folds_into_one_line_and_yours_does_not():
    jingles = {"seat": "s2", "name": "Jingles"}
    stitches = {"seat": "s3", "name": "Stitches"}
    events = [
        ev("moved_roll", 3, dice=[4, 3], total=7, place="the Diner", **jingles),
        ev("moved", 3, place="the Cemetery", **jingles),
        ev("moved_roll", 3, dice=[1, 1], total=2, place="the Mall", **stitches),
        ev("moved", 3, place="the Lake", **stitches),
        ev("moved_roll", 3, seat="you", name="You", dice=[2], total=2),
        ev("moved", 3, seat="you", name="You", place="the Motel"),
    ]
    assert [t.split(" [")[0] for t in tell(events)] == [
        "Jingles rolls seven and prowls from the Diner to the Cemetery.",
        "Stitches rolls two and prowls from the Mall to the Lake.",
        "You roll two.",
        "You walk to the Motel.",
    ]


def test_a_fold_without_a_summary_says_each_events_summary_in_brief():
    events = [
        ev("moved_roll", 1, seat="s2", name="Jingles", dice=[4, 3], total=7, place="the Diner"),
        ev("moved", 1, seat="s2", name="Jingles", place="the Lake"),
    ]
    assert tell(events, brief=True) == ["Jingles rolls 4 and 3 (7). Jingles moves to the Lake."]


def test_a_fold_with_dice_shows_them_in_its_bracket():
    events = [
        ev("moved_roll", 1, seat="s2", name="Jingles", dice=[4, 3], total=7, place="the Diner"),
        ev("moved", 1, seat="s2", name="Jingles", place="the Lake"),
    ]
    assert tell(events) == [
        "Jingles rolls seven and prowls from the Diner to the Lake. [Jingles rolls 4 and 3 (7). Jingles moves to the Lake]"
    ]


def test_a_fold_needs_its_minimum_and_trailing_singles_join_when_the_log_grows():
    """`min = 3`: two pauses are told apart; when a third arrives, the story tells the three as one."""
    n = narrator(CARDS)
    two = [ev("waited"), ev("waited")]
    assert [t.prose for t in n.story(two)] == ["A pause.", "A pause."]
    assert [t.prose for t in n.story([*two, ev("waited")])] == ["A long pause, three beats."]
    grown = [card("Walk"), *two, ev("waited"), card("Hide"), card("Hide")]
    assert [t.prose for t in n.story(grown)] == [
        "You take Walk back.",
        "A long pause, three beats.",
        "You take back Hide x2.",
    ]


def test_a_fold_at_the_end_of_the_log_is_told_again_when_the_log_extends_it():
    n = narrator(CARDS)
    events = [card("Walk"), card("Hide"), card("Focus")]
    n.story(events[:2])
    assert [t.prose for t in n.story(events)] == ["You take back Walk, Hide and Focus."]


def test_escape_of_the_dead_folds_the_hour_and_what_it_brings():
    """One line for the hour and the arrivals; `brief` keeps the spawn's own summary line."""
    events = play(get("escape-of-the-dead"), 2, None).events
    n = for_game("escape-of-the-dead", 2)
    folded = [t for t in n.story(events) if t.folded]
    assert folded and all(events[t.start].kind == "turn_started" for t in folded)
    assert all(t.stop - t.start == 2 for t in folded)
    for t in folded:
        assert t.summary == n.summary(events[t.start + 1])
        assert f"{events[t.start + 1].facts['zombies']}" in t.summary


def test_a_fold_whose_lines_do_not_fit_tells_each_event_in_its_own_words():
    toml = CARDS.replace(
        'prose = ["You take back {items}."]',
        'prose = [{ text = "You take back {items}.", tells = ["count>5"] }]',
    )
    assert tell([card("Walk"), card("Hide")], toml=toml) == ["You take Walk back. You take Hide back."]
