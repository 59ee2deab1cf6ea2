"""Slaughterhouse's templates: every event kind the engine emits has prose and a summary, with no leftovers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from engines.core.autoplay import play
from engines.core.events import Event
from engines.registry import get
from narratives import for_game
from narratives.templates import load

GAME = get("slaughterhouse")
LEFTOVER = re.compile(r"[{}\[\]]")


@cache
def _games() -> tuple:
    """(seed, events) of the module's seeded games, played once for all its tests."""
    return tuple(_play_games())


def _play_games():
    for seed in range(20):
        for policy in ("heuristic", "random", {"trespassers": "heuristic", "sawyer": "random"}):
            yield seed, play(GAME, seed, policy).events
    for count in ("1", "3", "4"):
        yield 99, play(GAME, 99, "heuristic", {"trespassers": count}).events
    for scenario in "bcde":
        for seed in range(4):
            for policy in ("heuristic", {"trespassers": "heuristic", "sawyer": "random"}):
                yield seed, play(GAME, seed, policy, {"scenario": scenario}).events


NARRATOR = for_game("slaughterhouse", 7)


@cache
def _told() -> tuple[tuple[Event, str, str], ...]:
    """(event, prose, summary) of every event of the module's games, told once for the tests that read it."""
    return tuple(
        (event, NARRATOR.prose(event, i), NARRATOR.summary(event))
        for _, events in _games()
        for i, event in enumerate(events)
    )


def test_every_emitted_kind_renders_cleanly_in_prose_summary_and_title():
    kinds = load("slaughterhouse").kinds
    seen: set[str] = set()
    for event, prose, summary in _told():
        seen.add(event.kind)
        assert event.kind in kinds, event.kind
        assert prose and not LEFTOVER.search(prose), (event.kind, prose)
        generic = event.kind.replace("_", " ").capitalize() + ":"
        assert not prose.startswith(generic), (event.kind, event.facts)
        assert not LEFTOVER.search(summary), (event.kind, summary)
        assert not LEFTOVER.search(NARRATOR.title(event))
    assert {"game_started", "moved", "attack", "injured", "killed", "game_over", "searched"} <= seen
    scenario_kinds = {"siphoned", "ignited", "fire_spread", "loot_taken", "loot_loaded", "photo_taken"}
    assert scenario_kinds | {"documented", "vehicle_placed", "token_placed"} <= seen


def test_frequent_kinds_have_several_variants_and_every_outcome_an_ending():
    kinds = load("slaughterhouse").kinds
    for kind in ("round_started", "noise", "attack", "injured", "noise_rolled", "searched", "game_started"):
        assert len(kinds[kind].pick("default").prose) >= 2, kind
    for result in ("escaped", "killed", "mixed"):
        assert kinds["game_over"].cases[result].prose


def test_rules_topics_cover_the_main_rules():
    narrator = for_game("slaughterhouse", 1)
    topics = set(narrator.rules_topics())
    assert {
        "overview",
        "setup",
        "actions",
        "noise",
        "dice",
        "hiding",
        "sawyers",
        "injuries",
        "panic",
        "escape",
        "scenarios",
        "fire",
    } <= topics


BAD_WORDING = [
    (re.compile(r"\(s\)|\(es\)"), "a '(s)' plural"),
    (re.compile(r"[!?]\."), "'!.'"),
    (re.compile(r"\b(\w+) \1\b", re.IGNORECASE), "a doubled word"),
    (re.compile(r"\ba (cracked ribs|broken fingers|mangled\b(?! limb))"), "'a' before a plural"),
    (re.compile(r"\b[Oo]ne of the sounds die|\b[Zz]ero of"), "number agreement"),
    (
        re.compile(
            r"\bwoundes\b|(?<![\w-])(1|[Oo]ne) (cards|actions|Items|shots|wounds|rooms|things|Trespassers|successes|dice)\b"
        ),
        "a wrong plural",
    ),
    (re.compile(r"\bthe Grandpa's\b"), "'the' before a possessive"),
]


def _wording_lines() -> Iterator[tuple[Event, str, str]]:
    """(event, prose, summary): the module's games as told above, then random play of every scenario with
    every card unlocked."""
    yield from _told()
    every = ",".join(GAME.achievements)
    for scenario in "abcde":
        for seed in range(6):
            events = play(GAME, seed, "random", {"scenario": scenario, "unlocked": every}).events
            yield from ((e, NARRATOR.prose(e, i), NARRATOR.summary(e)) for i, e in enumerate(events))


def test_prose_and_summaries_read_as_english_over_many_seeded_games():
    seen_kinds: set[str] = set()
    for event, prose, summary in _wording_lines():
        for text in (prose, summary):
            for pattern, what in BAD_WORDING:
                assert not pattern.search(text), (what, event.kind, text)
        seen_kinds.add(event.kind)
    assert {"injured", "card_interrupt", "card_free", "noise_rolled", "searched"} <= seen_kinds


def test_noise_prose_follows_its_cause():
    narrator = for_game("slaughterhouse", 5)
    causes: set[str] = set()
    for _, events in _games():
        for i, event in enumerate(events):
            if event.kind != "noise":
                continue
            cause = event.facts["cause"]
            causes.add(cause)
            for variant in range(4):
                text = narrator.prose(event, i + variant).lower()
                if cause != "stairs":
                    assert "stairs" not in text, (cause, text)
                if cause != "door":
                    assert "hinge" not in text and "door" not in text, (cause, text)
                if cause not in ("search", "tile"):
                    assert "knocks something over" not in text and "drawer" not in text, (cause, text)
    assert {"door", "stairs", "run", "search"} <= causes


def test_a_move_that_turned_up_a_horror_tile_does_not_tell_the_entry_twice():
    """The tile's line already walks the Trespasser into the room ('Green steps into the Living Room and onto
    a pile of bones'); the arrival after it was told as a second, quiet entry ('Eyes on every shadow, Green
    creeps into the Living Room'). A move that found a tile now arrives in other words."""
    arrivals = missed = 0
    for _, events in _games():
        for i, event in enumerate(events):
            if event.kind != "moved" or event.facts["how"] != "move":
                continue
            who = event.facts["trespasser"]
            at = next(
                (
                    j
                    for j in range(i - 1, -1, -1)
                    if events[j].facts.get("trespasser") == who
                    and events[j].kind in ("moved", "horror_revealed")
                ),
                None,
            )
            last = events[at] if at is not None else None
            between = {e.kind for e in events[at:i]} if at is not None else set()
            revealed = (  # turned up on the way: in this turn, not by a Sawyer's card in the family's
                last is not None
                and last.kind == "horror_revealed"
                and last.phase == "trespassers"
                and not between & {"turn_started", "turn_ended", "round_started"}
            )
            if event.facts.get("found"):
                assert revealed and event.facts["found"] == last.facts["tile"], (event.facts, last)
                arrivals += 1
                prose = NARRATOR.prose(event, i)
                assert "creep" not in prose and any(w in prose for w in ("hammering", "shaking", "now")), (
                    prose
                )
            missed += revealed and not event.facts.get("found")
    assert arrivals >= 20 and missed == 0, (arrivals, missed)


def test_a_sawyer_is_told_by_his_own_pronouns():
    """The [nouns] give each Sawyer 'he': 'the Old Man rolls his shoulders', never 'their'."""
    for sawyer in ("the Old Man", "the Hitchhiker", "Leatherface"):
        event = Event("sawyer_acts", 3, "sawyer", {"sawyer": sawyer, "space": "Foyer", "actions": 3})
        told = {NARRATOR.prose(event, i) for i in range(200)}
        assert any(" his shoulders" in line for line in told), told
        assert not any(re.search(r"\b(their|them)\b", line) for line in told), told
