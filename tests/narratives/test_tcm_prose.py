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
from tests.narratives.rendered import Told, positions, tell, unchosen

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
UNCHOSEN = {("brutal_side.default", 0), ("game_started.default", 0), ("game_started.default", 1)}
UNCHOSEN |= {("killed.loot", 0)}
"""Variants no event of the module's games chooses, every event told at its own position (rare events, whose few
positions all pick another variant)."""


@cache
def _told() -> tuple[Told, ...]:
    """Every distinct event of the module's games told once (rendered.py: under the quick breadth, some 13,000
    of the 79,000 events, which choose every variant and rule option all of them do; all 79,000 under the full
    one), for the tests that read them."""
    return tuple(tell(NARRATOR, positions(events for _, events in _games())))


def test_every_emitted_kind_renders_cleanly_in_prose_summary_and_title():
    kinds = load("slaughterhouse").kinds
    seen: set[str] = set()
    for event, _, prose, summary, title, _ in _told():
        seen.add(event.kind)
        assert event.kind in kinds, event.kind
        assert prose and not LEFTOVER.search(prose), (event.kind, prose)
        generic = event.kind.replace("_", " ").capitalize() + ":"
        assert not prose.startswith(generic), (event.kind, event.facts)
        assert not LEFTOVER.search(summary), (event.kind, summary)
        assert not LEFTOVER.search(title)
    assert {"game_started", "moved", "attack", "injured", "killed", "game_over", "searched"} <= seen
    scenario_kinds = {"siphoned", "ignited", "fire_spread", "loot_taken", "loot_loaded", "photo_taken"}
    assert scenario_kinds | {"documented", "vehicle_placed", "token_placed"} <= seen
    assert unchosen(NARRATOR, _told()) <= UNCHOSEN


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


def _wording_lines() -> Iterator[Told]:
    """The module's games as told above, then random play of every scenario with every card unlocked (its
    distinct events, as above)."""
    yield from _told()
    every = ",".join(GAME.achievements)
    logs = (
        play(GAME, seed, "random", {"scenario": scenario, "unlocked": every}).events
        for scenario in "abcde"
        for seed in range(6)
    )
    yield from tell(NARRATOR, positions(logs))


def test_prose_and_summaries_read_as_english_over_many_seeded_games():
    seen_kinds: set[str] = set()
    texts: dict[str, str] = {}  # each distinct line read once, with the kind of the first event that said it
    for told in _wording_lines():
        texts.setdefault(told.prose, told.event.kind)
        texts.setdefault(told.summary, told.event.kind)
        seen_kinds.add(told.event.kind)
    for text, kind in texts.items():
        for pattern, what in BAD_WORDING:
            assert not pattern.search(text), (what, kind, text)
    assert {"injured", "card_interrupt", "card_free", "noise_rolled", "searched"} <= seen_kinds


def test_noise_prose_follows_its_cause():
    """Each distinct noise event (under the quick breadth: some 180 of the games' 8,000), told at four
    positions in turn; together they choose every variant of every noise case they tell."""
    narrator = for_game("slaughterhouse", 5)
    causes: set[str] = set()
    noises = [(e, i) for e, i in positions(events for _, events in _games()) if e.kind == "noise"]
    told = tell(narrator, ((e, i + variant) for e, i in noises for variant in range(4)))
    for event, _, prose, _, _, _ in told:
        cause = event.facts["cause"]
        causes.add(cause)
        text = prose.lower()
        if cause != "stairs":
            assert "stairs" not in text, (cause, text)
        if cause != "door":
            assert "hinge" not in text and "door" not in text, (cause, text)
        if cause not in ("search", "tile"):
            assert "knocks something over" not in text and "drawer" not in text, (cause, text)
    assert {"door", "stairs", "run", "search"} <= causes
    assert not {case for case, _ in unchosen(narrator, told)}, unchosen(narrator, told)


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
