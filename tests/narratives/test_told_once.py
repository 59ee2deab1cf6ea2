"""What happened once is told once: a loss of health is not said by the event that caused it and again by the
`hurt` event after it; a slasher sent to a starting point twice by one death (revived, then sent back by the
brawl) goes back once; and consecutive tellings of one kind do not repeat their words. Checked over seeded
whole games of every title, in the full story and in brief."""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise

import pytest

from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.registry import get, ids
from narratives import for_game
from narratives.narrator import Narrator
from solo import narration

SEEDS = range(6)
_BRACKETS = re.compile(r"\[[^\]]*\]")
_LOSS = re.compile(r"\b(\w+) (?:lose|loses) (\w+) health\b")


@cache
def stories(game_id: str) -> list[tuple[list, list[tuple[int, int, str, str]], Narrator]]:
    """(log, [(start, turn, prose without brackets, summary)], narrator) per seeded game, told to the person's
    seat."""
    game = get(game_id)
    out = []
    for seed in SEEDS:
        log = play(game, seed, None, resolve_options(game, {})).events
        teller = for_game(game_id, seed, game.seats[0].id)
        told = []
        for t in teller.story(log):
            events = log[t.start : t.stop]
            prose = _BRACKETS.sub("", narration.told(t, events, False)).strip()
            told.append((t.start, log[t.start].turn, prose, narration.told(t, events, True)))
        out.append((log, told, teller))
    return out


@pytest.mark.parametrize("game_id", ids())
@pytest.mark.parametrize("mode", ["prose", "summary"])
def test_a_loss_of_health_is_told_once_not_by_its_cause_and_again_by_the_hurt_after_it(game_id, mode):
    column = 2 if mode == "prose" else 3
    for log, told, _ in stories(game_id):
        for before, after in pairwise(told):
            if before[1] != after[1] or not before[column] or not after[column]:
                continue
            both = set(_LOSS.findall(before[column])) & set(_LOSS.findall(after[column]))
            assert not both, (log[before[0]].kind, before[column], after[column])


@pytest.mark.parametrize("game_id", ["escape-from-tall-oaks", "mixtape-massacre"])
def test_a_failed_defence_is_always_followed_by_the_hurt_that_tells_its_cost(game_id):
    """Why the failed defence's summary may leave the number out: the engine's next event is the loss."""
    kind = {"escape-from-tall-oaks": "defended", "mixtape-massacre": "victim_escaped"}[game_id]
    failed = 0
    for log, _, _ in stories(game_id):
        for i, e in enumerate(log):
            if e.kind == kind and not e.facts.get("ok", e.facts.get("defended", True)):
                failed += 1
                later = [x for x in log[i + 1 :] if x.kind == "hurt" and x.facts["seat"] == e.facts["seat"]]
                assert later and later[0].facts["amount"] == e.facts["damage"], e
    assert failed, "no failed defence in these games: the check checked nothing"


def test_one_death_that_sends_a_slasher_back_twice_is_told_as_one_return():
    """Director's Cut: the Voodoo Doll (or Stitches) brings a slasher back at a starting point, and the brawl that
    killed them sends them there again; the two `sent_to_start` events are one telling."""
    doubles = 0
    for log, told, _ in stories("mixtape-massacre"):
        starts = {start for start, *_ in told}
        for i in range(1, len(log)):
            a, b = log[i - 1], log[i]
            if a.kind == b.kind == "sent_to_start" and a.facts == b.facts:
                doubles += 1
                assert i not in starts, (a, b)
    assert doubles, "no double return in these games: the check checked nothing"


@pytest.mark.parametrize("game_id", ids())
def test_consecutive_tellings_of_one_kind_do_not_repeat_their_words(game_id):
    """Three rivals taking their starts, two Trespassers drawing Desperation: each in other words, where the
    templates have other words to give (a case with a single variant may repeat)."""
    for log, told, teller in stories(game_id):
        for before, after in pairwise(told):
            a, b = log[before[0]], log[after[0]]
            if a.kind != b.kind or not before[2] or before[2] != after[2]:
                continue
            case = teller._case(b, teller.values(b))
            assert case is None or len(case.variants()) < 2, (a.kind, before[2])
