"""Final Girl's templates: every event kind the engine emits has words, and they render cleanly."""

from __future__ import annotations

import re
from functools import cache

from engines.core.autoplay import play
from engines.registry import get
from narratives import for_game
from narratives.formatting import render
from tests.narratives.rendered import Told, alike, tell, unchosen

GAME = get("final-girl")
NARRATOR = for_game("final-girl", 13)
BRACES = re.compile(r"[{}]")


def _games():
    for policy in ("random", "heuristic"):
        for seed in range(60):
            yield play(GAME, seed, policy).events
    for seed in range(20):
        yield play(
            GAME, seed, "heuristic", options={"mode": "extreme", "dark_power": "epic", "girl": "cassie"}
        ).events


@cache
def events_of_games() -> list:
    """The seeded games' events, played on first use (not at import, which every xdist worker paid for while
    collecting), then shared by the module's tests."""
    return [e for events in _games() for e in events]


def test_every_emitted_kind_has_a_template():
    missing = {e.kind for e in events_of_games()} - set(NARRATOR.templates.kinds)
    assert missing == set()


UNCHOSEN = {("item_returned.default", 0), ("item_returned.default", 1), ("items_arranged.default", 0)}
UNCHOSEN |= {("items_arranged.default", 1)}
"""Variants no event of the module's games chooses at its position (the guard that fewer games would need)."""


def test_every_event_renders_prose_and_summary_without_braces():
    assert len(_texts()) >= len(events_of_games())  # every event's prose at least (a summary may be empty)
    assert unchosen(NARRATOR, _tellings()) <= UNCHOSEN
    for kind, text in _texts():
        assert not BRACES.search(text), (kind, text)


def test_every_template_used_fills_all_its_fields():
    """No fallback to the generic line: each template names only fields the event has."""
    for e in alike(events_of_games()):  # each of the events alike in kind, turn, phase and facts once
        case = NARRATOR._pick(e)
        values = NARRATOR.values(e)
        if case.summary is not None:
            assert render(case.summary, values) is not None, (e.kind, case.summary)
        for prose in case.prose:
            assert render(prose, values) is not None, (e.kind, prose)


def test_frequent_kinds_have_several_variants_and_endings_exist_per_outcome():
    kinds = NARRATOR.templates.kinds
    for kind in (
        "turn_started",
        "card_played",
        "horror_roll",
        "fg_moves",
        "terror_drawn",
        "fg_hurt",
        "killer_moves",
    ):
        assert len(kinds[kind].pick("default").prose) >= 2, kind
    for case in ("default", "trap", "endless"):
        assert kinds["game_lost"].pick(case).prose
    assert kinds["game_won"].pick("default").prose and kinds["game_won"].pick("armed").prose


def test_rules_reference_has_the_main_topics():
    topics = NARRATOR.rules_topics()
    for topic in ("overview", "turn", "time", "horror", "cards", "victims", "traps", "killer", "warehouse"):
        assert topic in topics
    _title, text = NARRATOR.rules("traps")
    assert "Escape Tasks" in text


def test_setup_events_sit_under_the_opening_heading_and_names_take_articles_once():
    for i, e in enumerate(events_of_games()):
        if e.turn == 0:
            assert NARRATOR.title(e) == "Night shift"
        else:
            assert NARRATOR.title(e) in ("Credits", f"Turn {e.turn}")
        text = _told()[i][0]  # NARRATOR.prose(e, i), told once for the module
        assert "the The " not in text and "the Rack " not in text, text


def test_choice_and_minor_power_events_render_in_every_case():
    from engines.core.events import Event

    samples = [
        Event("tie_settled", 3, "killer", {"victim": 4, "about": "trap"}),
        Event("tie_settled", 3, "killer", {"victim": 4, "about": "attack"}),
        Event(
            "item_returned",
            3,
            "action",
            {"item": "wrench", "title": "Pipe Wrench", "bottom": True, "name": "Supply Cage"},
        ),
        Event(
            "item_returned",
            3,
            "action",
            {"item": "wrench", "title": "Pipe Wrench", "bottom": False, "name": "Supply Cage"},
        ),
        Event("items_arranged", 3, "upkeep", {"hands": ["fire_axe"]}),
        Event("items_arranged", 3, "upkeep", {"hands": []}),
        Event("armour_absorbs", 3, "killer", {"item": "hard_hat", "title": "Hard Hat", "left": 2}),
        Event("minor_power", 3, "killer", {"card": "c-1", "title": "T", "health": 2, "adds": {"attack": 1}}),
        Event("minor_power", 3, "killer", {"card": "c-1", "title": "T", "health": 2, "adds": {"move": 1}}),
        Event("minor_power_hurt", 3, "action", {"card": "c-1", "title": "T", "amount": 1, "health": 1}),
        Event("minor_power_broken", 3, "action", {"card": "c-1", "title": "T"}),
        Event("panic_order", 3, "panic", {"group_first": True}),
        Event("pit_dice", 3, "panic", {"count": 1, "roll": [], "rule": "ask", "chosen": True}),
        Event("pit_dice", 3, "panic", {"count": 2, "roll": [], "rule": "infinite-evil", "chosen": False}),
        Event(
            "pit_dice",
            3,
            "panic",
            {"count": 2, "roll": [5], "rule": "never-ending-hilarity", "chosen": False},
        ),
        Event("reward_lost", 3, "action", {"reward": "move", "why": "trapped"}),
    ]
    for i, e in enumerate(samples):
        case = NARRATOR._pick(e)
        values = NARRATOR.values(e)
        assert case.summary is not None and render(case.summary, values) is not None, e.kind
        for prose in case.prose:
            assert render(prose, values) is not None, (e.kind, prose)
        assert not BRACES.search(NARRATOR.prose(e, i) + NARRATOR.summary(e))
    assert "face down" in NARRATOR.summary(samples[2]) and "face up" in NARRATOR.summary(samples[3])
    pit = [NARRATOR.summary(e) for e in samples if e.kind == "pit_dice"]
    assert "one die" in pit[0] and "two dice" in pit[1] and "(5)" in pit[2]


@cache
def _told() -> list[tuple[str, str]]:
    """Every event's (prose, summary), told once for the module's checks, in the order of events_of_games."""
    return [(t.prose, t.summary) for t in _tellings()]


@cache
def _tellings() -> list[Told]:
    return tell(NARRATOR, ((e, i) for i, e in enumerate(events_of_games())))


def _texts() -> list[tuple[str, str]]:
    """(kind, text) for every event's prose and summary that says something."""
    told = zip(events_of_games(), _told(), strict=True)
    return [(e.kind, text) for e, pair in told for text in pair if text]


DOUBLED_PUNCTUATION = re.compile(r"[!?]\.|\.\.\.\.|(?<!\.)\.\.(?!\.)")  # "!.", "....", ".."
DOUBLED_WORD = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)
NO_ARTICLE = re.compile(
    r"\b(in|at|to|into|from|toward) (Main Entrance|Lobby|West Aisle|East Aisle|Loading|Break Room|Supply Cage|"
    r"Packing Line|Service Corridor|Manager's Office|Fire Exit)\b"
)
PLURAL_TRAP_AGREEMENT = re.compile(r"\bThe (Hanging Chains|Swinging Blades)( around you)? \w+s\b")


def test_no_doubled_punctuation_after_a_title_that_ends_its_own_sentence():
    for kind, text in _texts():
        assert not DOUBLED_PUNCTUATION.search(text), (kind, text)


def test_no_word_is_doubled():
    for kind, text in _texts():
        assert not DOUBLED_WORD.search(text), (kind, text)


def test_spaces_take_their_article():
    for kind, text in _texts():
        assert not NO_ARTICLE.search(text), (kind, text)


def test_plural_trap_names_take_plural_verbs():
    for kind, text in _texts():
        assert not PLURAL_TRAP_AGREEMENT.search(text), (kind, text)


def test_followers_and_full_blocks_read_as_prose():
    from engines.core.events import Event

    follow = Event(
        "victim_moved",
        3,
        "action",
        {"victim": 10, "src": "pit", "dst": "bays", "why": "follow", "name": "Loading Bays"},
    )
    assert "Victim 10" not in NARRATOR.prose(follow, 0) and "the Loading Bays" in NARRATOR.prose(follow, 0)
    full = Event("reaction", 3, "killer", {"blocked": 4, "left": 0})
    assert "none of it" in NARRATOR.prose(full, 0) or "completely" in NARRATOR.prose(full, 0)
