"""Slaughterhouse tells the truth: the harness of test_truth.py over seeded games (PLAYS), told to each
listening seat, and the issue's examples for this game, each of which the checks here would catch. Each seat
hears its own voice and nothing its view hides: the other side's hand, a face-down Horror tile or Vehicle."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import pytest

from engines.core.autoplay import policy_rng
from engines.core.events import Event
from engines.registry import get
from engines.slaughterhouse import data as D
from engines.slaughterhouse.state import State
from narratives import for_game
from narratives.templates import load
from tests.narratives.cover import Play, check_told, chosen
from tests.tools import truth

GAME = "slaughterhouse"
SEATS = ("trespassers", "sawyer")
RANGE = tuple(Play(seed, f"scenario={'abcde'[seed % 5]}") for seed in range(80))
"""Eighty seeds (the scenarios in turn) tell each seat every case two hundred did (sixty would); bench/truth.py
checks the same truth over 1,000 games, both seats."""
TYPICAL = tuple(RANGE[:5])
"""Ordinary games, one of each scenario, so the truth is checked on typical play and not only on the cover's
rarities."""
COVER = (
    Play(19, "scenario=e"),  # 12: sawyer.horror_revealed.lose_action, sawyer.horror_revealed.noise3, sawy ...
    Play(22, "scenario=c"),  # 6: sawyer.killed.loot, sawyer.moved.window, sawyer.noise.window, trespasser ...
    Play(66, "scenario=b"),  # 6: sawyer.escaped.corner, sawyer.noise.vehicle, sawyer.vehicle_revealed.noi ...
    Play(14, "scenario=e"),  # 2: sawyer.sawyer_hit.bare_miss, trespassers.sawyer_hit.bare_miss
)
"""The fewest further plays of RANGE that tell each seat every case it tells (scripts/story_cover.py
slaughterhouse)."""
PLAYS = chosen(TYPICAL, COVER, RANGE)
"""The quick breadth plays TYPICAL and COVER (a dozen or so games); SOLO_TEST_BREADTH=full plays all 80, and so
do the tests below that read the games' first 20 or 40."""
_FALLBACKS = {
    *(("brutal_side", "default"), ("card_interrupt", "default"), ("horror_revealed", "default")),
    *(("noise", "default"), ("panic_raised", "default"), ("undo", "default")),
    *(("vehicle_revealed", "default"), ("sawyer_moves", "carry")),
    ("desperation_played", "hushed"),  # Dig Deep on a Noisy Trespasser: built in test_consequences.py
}
UNTOLD = {
    "trespassers": _FALLBACKS,
    "sawyer": _FALLBACKS | {("cards_bought", "default"), ("relentless", "default"), ("sawyer_turn", "default")},
}
"""The cases two hundred seeds never told a seat either: fallbacks, and a carried Trespasser's line."""
DICE_KINDS = (
    "attack",
    "hunted",
    "searched",
    "noise_rolled",
    "sawyer_hit",
    "reroll",
    "sweet_talk",
    "fire_burns",
)
FACE = re.compile(r"\b(?:blank|slash|skull)\b")
YOU = re.compile(r"\b(?:you|your|yours|yourselves)\b", re.IGNORECASE)
FAMILY_DEEDS = (
    "sawyer_turn",
    "cards_bought",
    "card_interrupt",
    "reroll",
    "panic_bought",
    "relentless",
    "searched_moved",
)
FAMILY_SETUP = ("horror_placed", "token_placed", "game_started")
FAMILY_YOU = re.compile(
    r"\b(?:your (?:family|house|arms|eyes|walls|kitchen|hand|door|Foyer|farm|land|Loot)|"
    r"you (?:have|heard|hear)|is yours|comes to you|crawls home to you|(?:from|walked straight into) you)\b",
    re.IGNORECASE,
)
"""How the family seat's voice may say 'you' in a line of the Trespassers' deeds: the family, never them."""
ESCAPE_VEHICLES = frozenset(D.name(v) for v in D.SCENARIO_A_VEHICLES)
"""Named by the scenarios' own rules (which one is where is the secret)."""


def hidden(state: State, seat: str) -> frozenset[str]:
    """The names the seat's view hides (game.view): the other side's hand, face-down tiles and Vehicles."""
    down = [(D.name(c), D.name(s)) for s, c in state.vehicles.items() if s not in state.vehicles_up]
    up = {D.name(state.vehicles[s]) for s in state.vehicles_up}
    names = {f"{card}@{space}" for card, space in down}  # the card and where it lies, in one sentence
    names |= {card for card, _ in down if card not in ESCAPE_VEHICLES and card not in up}
    names |= {D.name(h) for h in state.horror_box}
    if seat == "trespassers":
        names |= {D.name(c) for c in state.hand}
        names |= {D.name(h) for h in (*state.horror.values(), *state.horror_placing)}
    else:
        names |= {D.name(c) for t in state.trespassers for c in t.desperation}
    return frozenset(names)


def play(one: Play) -> tuple[truth.Played, dict[str, list[frozenset[str]]]]:
    """As truth.play, and what each seat's view hides after each step, for every event of the log."""
    game, seed = get(GAME), one.seed
    state, events = game.setup(seed, one.settings())
    secrets = {seat: [hidden(state, seat)] * len(events) for seat in SEATS}
    decisions: list[int] = []
    n = 0
    while (decision := game.decision(state)) is not None:
        key = game.policies[game.default_policy](
            game.view(state, decision.seat), decision, policy_rng(seed, n)
        )
        decisions.append(len(events))
        made = game.apply(state, key, decision)
        events.extend(made)
        for seat in SEATS:
            secrets[seat] += [hidden(state, seat)] * len(made)
        n += 1
    return truth.Played(seed, events, decisions), secrets


def named(text: str, names: Iterable[str]) -> list[str]:
    """The names a sentence says, written as the data writes them (case and all); 'card@space' where one
    sentence says both."""
    present = [n for n in names if all(part in text for part in n.split("@"))]  # most names: not even a substring
    if not present:
        return []
    sentences = re.split(r"(?<=[.!?])\s+", text)
    return [n for n in present if any(all(_says(s, part) for part in n.split("@")) for s in sentences)]


def _says(sentence: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", sentence) is not None


def leaks(text: str, events: Sequence[Event], secret: frozenset[str]) -> list[str]:
    """Hidden names a telling says that its own events do not carry (a card played is named by its event)."""
    told = {str(v) for e in events for v in e.facts.values()}
    return [n for n in named(text, secret) if not set(n.split("@")) <= told]


def tell(one: Play) -> list[tuple]:
    """The play's game told to each seat: (narrator, game) per seat."""
    game, _ = play(one)
    return [(for_game(GAME, one.seed, seat), game) for seat in SEATS]


@pytest.fixture(scope="module")
def games():
    """(game, what each seat's view hides) of each of PLAYS."""
    return [play(one) for one in PLAYS]


@pytest.fixture(scope="module")
def tellers(games):
    """Each seat's narrator of each game (a narrator keeps its story: each log is told once per seat)."""
    return {seat: [for_game(GAME, game.seed, seat) for game, _ in games] for seat in SEATS}


@pytest.fixture(scope="module", params=SEATS)
def played(request, games, tellers):
    return [(game, teller) for (game, _), teller in zip(games, tellers[request.param], strict=True)]


def test_slaughterhouse_tells_the_truth_over_many_seeded_games(played):
    problems = []
    for game, teller in played:
        problems += truth.check_story(teller, game.events, str(game.seed))
    assert problems == [], problems[:10]
    seat = played[0][1].seat
    check_told(((teller, game.events) for game, teller in played), played[0][1], UNTOLD[seat], GAME)
    kinds = {e.kind for game, _ in played for e in game.events}
    assert {
        "attack",
        "injured",
        "injury_wasted",
        "noise_rolled",
        "hunted",
        "game_over",
        "cards_bought",
    } <= kinds


@pytest.mark.parametrize("seat", (None, *SEATS))
def test_slaughterhouse_writes_no_number_of_its_own(seat):
    assert truth.literal_numbers(load(GAME, seat)) == []


def test_slaughterhouse_never_folds_across_a_decision(played):
    for game, teller in played:
        assert truth.fold_spans(teller, game) == []


def test_every_roll_shows_its_faces(played):
    for game, teller in played[:40]:
        for event in game.events:
            if event.kind in DICE_KINDS:
                summary = teller.summary(event)
                assert len(FACE.findall(summary)) >= len(event.facts["dice"]), (event.kind, summary)


def test_the_issues_examples_are_gone(played):
    for game, teller in played[:80]:
        for telling in teller.story(game.events):
            event = game.events[telling.start]
            text = telling.prose + " " + telling.summary
            assert "Your fear is feeding them" not in text
            assert "moves on" not in text
            assert "Someone must have heard" not in text
            assert "there for you" not in text and "You cannot see it" not in text
            assert not re.search(r"wounds? opened", text)
            if event.kind == "horror_revealed":
                assert "catches" not in text
            if event.kind == "sawyer_moves" and event.facts.get("carried"):
                assert str(event.facts["carried"]).capitalize() in telling.prose, telling.prose
            if event.kind == "noise_rolled" and event.facts["calmed"] == 0:
                assert "half works" not in text
            if event.kind == "game_over":
                assert "objective" in telling.summary
                for who in (*event.facts["escaped"], *event.facts["killed"]):
                    assert str(who).capitalize() in telling.summary


def test_the_same_seed_and_log_give_the_same_text_byte_for_byte(played):
    for game, teller in played[:5]:
        first = [(t.prose, t.summary) for t in for_game(GAME, game.seed, teller.seat).story(game.events)]
        again = [(t.prose, t.summary) for t in for_game(GAME, game.seed, teller.seat).story(game.events)]
        assert first == again


def test_no_line_tells_a_seat_what_its_view_hides(games, tellers):
    """The Trespassers never hear the family's hand or a face-down tile; the family never hears their
    Desperation cards; nobody hears which face-down Vehicle lies where."""
    found = []
    for i, (game, secrets) in enumerate(games):
        for seat in SEATS:
            for telling in tellers[seat][i].story(game.events):
                events = game.events[telling.start : telling.stop]
                secret = secrets[seat][telling.stop - 1]
                for text in (telling.prose, telling.summary):
                    found += [(seat, game.seed, n, text) for n in leaks(text, events, secret)]
    assert found == [], found[:5]


def test_the_leak_check_catches_a_hidden_name():
    """The check above would catch a line that named the hand, a face-down tile or a Vehicle's place."""
    game, secrets = play(Play(3, "scenario=d"))
    start = next(i for i, e in enumerate(game.events) if e.kind == "sawyer_turn")
    secret = secrets["trespassers"][start]
    card = next(n for n in secret if n in {D.name(c) for c in D.ALL_SAWYER_CARDS})
    assert leaks(f"The family draws {card}.", game.events[start : start + 1], secret) == [card]
    placing = secrets["trespassers"][0] - secrets["sawyer"][0]  # the tiles the family is placing
    tile = next(n for n in placing if n in {D.name(h) for h in D.HORROR})
    assert leaks(f"It is there for you: {tile}.", game.events[:1], secrets["trespassers"][0]) == [tile]
    assert leaks(f"It is there for you: {tile}.", game.events[:1], secrets["sawyer"][0]) == []
    placed = next(n for n in secrets["sawyer"][0] if "@" in n)
    card, space = placed.split("@")
    assert placed in leaks(f"The {card} waits in the {space}.", game.events[:1], secrets["sawyer"][0])
    assert placed not in leaks(f"The {card}. The {space}.", game.events[:1], secrets["sawyer"][0])


def _mine(text: str, event: Event) -> str:
    """The text without the names it reads from its event or the scenarios' titles (card names such as
    'Hold Your Breath', 'I Dare You')."""
    names = [v for v in event.facts.values() if isinstance(v, str) and len(v) > 2]
    for name in (*names, *(sc["name"] for sc in D.SCENARIOS.values())):
        text = text.replace(name, "")
    return text


def test_the_trespassers_seat_is_never_addressed_as_the_family(games, tellers):
    """The Trespassers' seat keeps its voice, told from outside: neither side is 'you' (the family seat
    once heard 'it is there for you' of tiles it had just placed)."""
    for (game, _), teller in zip(games[:40], tellers["trespassers"], strict=False):
        for telling in teller.story(game.events):
            event = game.events[telling.start]
            assert not YOU.search(_mine(telling.prose + " " + telling.summary, event)), telling.prose


def test_the_family_seat_hears_its_own_voice(games, tellers):
    """To the family seat the family is 'you': its draws, buys, cards, rerolls and its setup are told to it,
    and the Trespassers are 'they': no line of their deeds addresses them as 'you'."""
    told = set()
    for (game, _), teller in zip(games[:40], tellers["sawyer"], strict=False):
        for telling in teller.story(game.events):
            event = game.events[telling.start]
            if event.kind in FAMILY_DEEDS + FAMILY_SETUP:
                assert YOU.search(telling.summary), telling.summary
                told.add(event.kind)
            if event.kind in ("horror_placed", "cards_bought", "panic_bought"):
                assert YOU.search(telling.prose), telling.prose
            if (
                "trespasser" in event.facts
                and event.phase == "trespassers"
                and event.kind not in FAMILY_DEEDS
            ):
                text = FAMILY_YOU.sub("", _mine(telling.prose + " " + telling.summary, event))
                assert not YOU.search(text), telling.prose
    assert {"sawyer_turn", "cards_bought", "card_interrupt", "horror_placed", "game_started"} <= told


def test_each_seat_hears_the_end_from_its_side(games, tellers):
    for i, (game, _) in enumerate(games[:20]):
        end = game.events[-1]
        family = tellers["sawyer"][i].story(game.events)[-1]
        trespassers = tellers["trespassers"][i].story(game.events)[-1]
        assert "Their objective" in family.summary and "The objective" in trespassers.summary
        assert YOU.search(family.prose) and not YOU.search(trespassers.prose), (end.facts, family.prose)


def test_a_seat_without_a_voice_of_its_own_hears_the_games_words():
    assert load(GAME, "trespassers") is load(GAME) and load(GAME, "sawyer") is not load(GAME)
    for other in ("escape-of-the-dead", "final-girl"):
        assert load(other, "player") is load(other)
