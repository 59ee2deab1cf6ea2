"""The family's drawn cards are named to the family seat and to nobody else (Slaughterhouse rules 4, `drew`).

The family seat hears every card it draws (the opening hand, each turn's draw, each card bought, Leatherface's
relentless draw), in its prose and in its summary; the Trespassers' seat, and a story told to nobody, never
hear a drawn card's name unless the telling's own public facts carry it (a card played). The check is shown to
catch a planted leak: the same file without its `[private]` table, and a line that names the draw."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence

import pytest

from engines.core.events import Event
from engines.registry import get
from engines.slaughterhouse import data as D
from narratives import for_game
from narratives.narrator import Narrator
from narratives.templates import _HERE, _hooks, _read, from_data, voiced
from tests.tools import truth

GAME = "slaughterhouse"
DRAWS = ("game_started", "sawyer_turn", "cards_bought", "relentless")
COUNT = {"game_started": "cards", "sawyer_turn": "drawn", "relentless": "drawn"}
"""The fact that says how many cards the draw took (a card bought is one)."""


@pytest.fixture(scope="module")
def games() -> list[truth.Played]:
    game = get(GAME)
    return [truth.play(game, seed, {"scenario": "abcde"[seed % 5]}) for seed in range(12)]


def said(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def leaks(narrator: Narrator, log: Sequence[Event]) -> list[tuple[int, str, str]]:
    """(position, name, text) where a telling names a card drawn in its own events that none of its other
    (public) facts name."""
    found = []
    for telling in narrator.story(log):
        events = log[telling.start : telling.stop]
        drawn = {n for e in events for n in e.facts.get("drew", ())}
        public = " ".join(str(v) for e in events for k, v in e.facts.items() if k != "drew")
        for name in drawn:
            for text in (telling.prose, telling.summary):
                if said(text, name) and not said(public, name):
                    found.append((telling.start, name, text))
    return found


def test_the_family_hears_every_card_it_draws(games):
    told = set()
    for game in games:
        teller = for_game(GAME, game.seed, "sawyer")
        for telling in teller.story(game.events):
            event = game.events[telling.start]
            if event.kind in DRAWS and event.facts["drew"]:
                for name in event.facts["drew"]:
                    assert said(telling.prose, name) and said(telling.summary, name), (name, telling)
                told.add(event.kind)
    assert told >= {"game_started", "sawyer_turn", "cards_bought"}


def test_the_draw_events_carry_the_names_of_the_cards_drawn(games):
    for game in games:
        for event in game.events:
            if event.kind in DRAWS:
                count = event.facts[COUNT[event.kind]] if event.kind in COUNT else 1
                assert len(event.facts["drew"]) == count
                assert set(event.facts["drew"]) <= {D.name(c) for c in D.ALL_SAWYER_CARDS}


@pytest.mark.parametrize("seat", ("trespassers", None))
def test_no_other_listener_hears_a_drawn_card(games, seat):
    for game in games:
        assert leaks(for_game(GAME, game.seed, seat), game.events) == []


def test_the_check_catches_a_planted_leak(games):
    """Without the `[private]` table, a Trespassers' line that names the draw is caught."""
    data = tomllib.loads((_HERE / "slaughterhouse.toml").read_text())
    data.pop("private")
    data["sawyer_turn"]["summary"] = "The family draws {drew_list}."
    case, fields, nouns = _hooks("slaughterhouse")
    planted = from_data(GAME, voiced(data, {}), _read("_common"), case, fields, nouns)
    game = games[0]
    found = leaks(Narrator(GAME, game.seed, planted, "trespassers"), game.events)
    assert found and all(text.startswith("The family draws") for _, _, text in found)


def test_the_private_facts_are_left_out_of_what_another_seat_hears(games):
    event = next(e for e in games[0].events if e.kind == "sawyer_turn")
    assert "drew" not in for_game(GAME, 0, "trespassers").heard(event).facts
    assert "drew" not in for_game(GAME, 0).values(event)
    assert for_game(GAME, 0, "sawyer").heard(event) is event
