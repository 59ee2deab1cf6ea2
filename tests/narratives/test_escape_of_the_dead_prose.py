"""Escape of the Dead's templates: every case of every event reads cleanly, and all of it is reachable."""

from __future__ import annotations

import re

import pytest

from engines.core.autoplay import play
from engines.core.events import UNDO, Event
from engines.registry import get
from narratives import for_game
from narratives.formatting import render
from narratives.grammar import fits

GAME = "escape-of-the-dead"
NARRATOR = for_game(GAME, 2024)
INDICES = range(200)


def ev(kind: str, at: int = 3, /, **facts) -> Event:
    return Event(kind, at, "", facts)


# (expected case, event): one hand-made event for every case the templates declare.
SAMPLES: list[tuple[str, Event]] = [
    ("default", ev("game_started", 0, barricade=10, max_barricade=10, zombies=1)),
    ("weakened", ev("game_started", 0, barricade=6, max_barricade=10, zombies=1)),
    ("first", ev("turn_started", 1, turn=1)),
    ("default", ev("turn_started", 7, turn=7)),
    ("default", ev("spawn_skipped", zombies=2)),
    ("empty", ev("spawn_skipped", zombies=0)),
    ("one", ev("zombies_spawn", level=1, placed=1, short=0, zombies=3)),
    ("many", ev("zombies_spawn", level=3, placed=3, short=0, zombies=5)),
    ("short", ev("zombies_spawn", level=3, placed=1, short=2, zombies=6)),
    ("none", ev("zombies_spawn", level=2, placed=0, short=2, zombies=6)),
    ("default", ev("dice_assigned", lawn=2, barricade=1, garage=1)),
    ("all_in", ev("dice_assigned", lawn=0, barricade=0, garage=4)),
    ("miss", ev("lawn_rolled", dice=[1, 2], hits=0, killed=0, wasted=0, zombies=3, kills=4)),
    ("one", ev("lawn_rolled", dice=[1, 5], hits=1, killed=1, wasted=0, zombies=2, kills=5)),
    ("some", ev("lawn_rolled", dice=[3, 5, 2], hits=2, killed=2, wasted=0, zombies=2, kills=6)),
    ("all", ev("lawn_rolled", dice=[3, 5], hits=2, killed=2, wasted=0, zombies=0, kills=6)),
    ("overkill", ev("lawn_rolled", dice=[3, 5, 6, 6], hits=4, killed=1, wasted=3, zombies=0, kills=7)),
    ("empty", ev("lawn_rolled", dice=[4], hits=1, killed=0, wasted=1, zombies=0, kills=2)),
    ("default", ev("barricade_rolled", dice=[4, 1], hits=1, built=1, wasted=0, barricade=7)),
    ("miss", ev("barricade_rolled", dice=[1, 2], hits=0, built=0, wasted=0, barricade=7)),
    ("topped", ev("barricade_rolled", dice=[4, 3], hits=2, built=2, wasted=0, barricade=10)),
    ("overflow", ev("barricade_rolled", dice=[4, 3, 6], hits=3, built=1, wasted=2, barricade=10)),
    ("full", ev("barricade_rolled", dice=[4, 3], hits=2, built=0, wasted=2, barricade=10)),
    ("none", ev("garage_rolled", dice=[1, 4], hits=0, repaired=0, repairs=3)),
    ("one", ev("garage_rolled", dice=[5, 4], hits=1, repaired=1, repairs=4)),
    ("many", ev("garage_rolled", dice=[5, 6, 6], hits=3, repaired=3, repairs=7)),
    ("done", ev("garage_rolled", dice=[5, 6], hits=2, repaired=1, repairs=10)),
    ("default", ev("lawn_clear", barricade=8)),
    ("one", ev("zombies_attack", zombies=1, damage=1, lost=1, barricade=8)),
    ("many", ev("zombies_attack", zombies=3, damage=3, lost=3, barricade=5)),
    ("low", ev("zombies_attack", zombies=2, damage=2, lost=2, barricade=3)),
    ("breached", ev("zombies_attack", zombies=4, damage=4, lost=1, barricade=0)),
    ("default", ev("reward_earned", kills=11)),
    ("a", ev("reward_taken", reward="a", carried=1, destroyed=4)),
    ("a_none", ev("reward_taken", reward="a", carried=0, destroyed=0)),
    ("b", ev("reward_taken", reward="b", carried=2, repairs=6)),
    ("b_done", ev("reward_taken", reward="b", carried=0, repairs=10)),
    ("c", ev("reward_taken", reward="c", carried=3)),
    ("d", ev("reward_taken", reward="d", carried=0, built=3, barricade=9)),
    ("d_full", ev("reward_taken", reward="d", carried=0, built=0, barricade=10)),
    ("default", ev("game_won", 14, turn=14, repairs=10, barricade=6, total_kills=31)),
    ("narrow", ev("game_won", 14, turn=14, repairs=10, barricade=1, total_kills=31)),
    ("default", ev("game_lost", 9, turn=9, repairs=3, barricade=0, total_kills=12)),
    ("close", ev("game_lost", 9, turn=9, repairs=9, barricade=0, total_kills=12)),
    ("default", ev(UNDO, 5, turn=5)),
]
IDS = [f"{e.kind}.{case}" for case, e in SAMPLES]
LEFTOVER = re.compile(r"[{}\[\]]")  # unfilled placeholders, or brackets a terminal might take for markup


def assert_clean(text: str) -> None:
    assert not LEFTOVER.search(text), text
    assert text == text.strip()


def test_the_samples_cover_every_declared_case():
    declared = {(kind, case) for kind, k in NARRATOR.templates.kinds.items() for case in k.cases}
    assert {(e.kind, case) for case, e in SAMPLES} == declared


@pytest.mark.parametrize(("case", "event"), SAMPLES, ids=IDS)
def test_each_case_is_chosen_and_renders_every_variant(case, event):
    assert NARRATOR.case(event) == case
    chosen = NARRATOR.templates.kinds[event.kind].cases[case]
    values = NARRATOR.values(event)
    variants = [v.text for v in chosen.variants() if fits(v, values)]  # those whose `tells` hold here
    assert len(variants) >= 2
    texts = {NARRATOR.prose(event, i) for i in INDICES}
    if any("#" in v for v in variants):
        assert len(texts) >= 4 * len(variants), "built from parts, so more lines than variants"
    else:
        assert len(texts) == len(variants), "every variant is reachable"
    for variant in variants:
        assert render(variant, values), f"names a field {event.kind}.{case} does not have: {variant}"
    summary = NARRATOR.templates.kinds[event.kind].cases[case].summary
    assert summary is not None and render(summary, values) is not None, summary
    for text in texts:
        assert_clean(text)
        assert text[0].isupper() and text[-1] in ".!?"
    assert_clean(NARRATOR.summary(event))
    assert_clean(NARRATOR.title(event))


FREQUENT = (
    "turn_started",
    "zombies_spawn",
    "dice_assigned",
    "lawn_rolled",
    "barricade_rolled",
    "garage_rolled",
    "zombies_attack",
    "lawn_clear",
)


def test_frequent_kinds_have_at_least_three_variants_per_case():
    """Three whole variants, or lines built from the grammar's parts (many more than three)."""
    for kind in FREQUENT:
        for name, case in NARRATOR.templates.kinds[kind].cases.items():
            if any("#" in text for text in case.prose):
                continue  # counted by test_each_case_is_chosen_and_renders_every_variant
            assert len(case.prose) >= 3 or (kind, name) in {
                ("lawn_rolled", "empty"),
                ("barricade_rolled", "topped"),
                ("barricade_rolled", "overflow"),
                ("garage_rolled", "done"),
            }, (kind, name)


def test_the_prose_never_talks_about_the_machinery():
    for kind in NARRATOR.templates.kinds.values():
        for case in kind.cases.values():
            for text in case.prose:
                assert not re.search(r"\b(event|fact)s?\b", text, re.IGNORECASE), text


def test_the_opening_sets_up_the_three_cards():
    for case in NARRATOR.templates.kinds["game_started"].cases.values():
        for text in case.prose:
            lowered = text.lower()
            assert "lawn" in lowered and "barricade" in lowered and "garage" in lowered, text


def test_the_loss_says_brains():
    for case in NARRATOR.templates.kinds["game_lost"].cases.values():
        assert all("Braaaainnns" in text for text in case.prose)


@pytest.mark.parametrize(
    ("event", "numbers"),
    [
        (ev("zombies_attack", zombies=3, damage=3, lost=3, barricade=4), ["3 damage", "barricade 4"]),
        (ev("zombies_attack", zombies=4, damage=4, lost=1, barricade=0), ["4 zombies, 1 damage", "barricade 0"]),
        (ev("zombies_spawn", level=2, placed=2, short=0, zombies=5), ["2 zombies", "lawn 5"]),
        (ev("zombies_spawn", level=3, placed=1, short=2, zombies=6), ["1 of 3", "lawn 6"]),
        (ev("zombies_spawn", level=2, placed=0, short=2, zombies=6), ["none", "lawn 6"]),
        (
            ev("lawn_rolled", dice=[2, 5, 6], hits=2, killed=2, wasted=0, zombies=1, kills=8),
            ["2, 5 and 6", "2 killed", "lawn 1"],
        ),
        (
            ev("lawn_rolled", dice=[5, 6], hits=2, killed=1, wasted=1, zombies=0, kills=8),
            ["1 killed", "1 wasted"],
        ),
        (
            ev("barricade_rolled", dice=[3, 4, 6], hits=3, built=0, wasted=3, barricade=10),
            ["3 wasted", "10/10"],
        ),
        (ev("barricade_rolled", dice=[3, 4], hits=2, built=2, wasted=0, barricade=6), ["+2", "6/10"]),
        (ev("garage_rolled", dice=[5, 6], hits=2, repaired=2, repairs=5), ["+20%", "50%"]),
        (ev("lawn_clear", barricade=7), ["no damage", "7/10"]),
        (ev("dice_assigned", lawn=2, barricade=0, garage=2), ["lawn 2", "barricade 0", "garage 2"]),
        (ev("reward_earned", kills=12), ["12 kills"]),
        (ev("reward_taken", reward="a", carried=2, destroyed=5), ["Reward A", "5 zombies", "2 kills"]),
        (ev("reward_taken", reward="b", carried=1, repairs=8), ["Reward B", "80%", "1 kill carried"]),
        (ev("reward_taken", reward="c", carried=0), ["Reward C", "0 kills"]),
        (ev("reward_taken", reward="d", carried=0, built=2, barricade=10), ["Reward D", "+2", "10/10"]),
        (ev("game_won", 12, turn=12, repairs=10, barricade=3, total_kills=25), ["turn 12", "100%", "25"]),
        (ev("game_lost", 8, turn=8, repairs=4, barricade=0, total_kills=9), ["turn 8", "40%", "9 zombies"]),
        (ev("spawn_skipped", zombies=2), ["lawn 2"]),
        (ev("game_started", 0, barricade=7, max_barricade=10, zombies=1), ["7/10", "1 zombie"]),
    ],
    ids=lambda x: x.kind if isinstance(x, Event) else "",
)
def test_summaries_carry_the_numbers(event, numbers):
    summary = NARRATOR.summary(event)
    for number in numbers:
        assert number in summary, summary


def test_turn_started_has_no_summary_line():
    assert NARRATOR.summary(ev("turn_started", 4, turn=4)) == ""


def test_derived_fields():
    values = NARRATOR.values(ev("dice_assigned", lawn=2, barricade=1, garage=1))
    assert values["plan"] == "two on the lawn, one at the barricade and one in the garage"
    values = NARRATOR.values(ev("garage_rolled", dice=[5, 2], hits=1, repaired=1, repairs=7))
    assert values["percent"] == 70 and values["gained"] == 10 and values["dice_list"] == "5 and 2"


def played_games():
    game = get(GAME)
    for seed in range(200):
        yield seed, play(game, seed, "random").events
    for seed in range(20):
        yield seed, play(game, seed, "heuristic").events
    yield 0, play(game, 0, "random", {"barricade": "3", "roll_order": "choose"}).events


def test_every_event_of_many_played_games_renders():
    templates = NARRATOR.templates.kinds
    seen: set[str] = set()
    for seed, events in played_games():
        narrator = for_game(GAME, seed)
        for index, event in enumerate(events):
            assert event.kind in templates, event.kind
            seen.add(event.kind)
            prose = narrator.prose(event, index)
            assert prose
            assert_clean(prose)
            assert_clean(narrator.summary(event))
            assert_clean(narrator.title(event))
    assert {"game_won", "game_lost", "reward_taken", "zombies_attack", "lawn_clear"} <= seen
