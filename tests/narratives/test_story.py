"""A log is told from its start, once: the same words for a position however and whenever it is read."""

from __future__ import annotations

import time

import pytest

from engines.core.autoplay import play
from engines.core.events import UNDO, Event
from engines.registry import get
from narratives import for_game
from narratives.narrator import Narrator
from solo import narration
from tests.tools import truth

GAME = "escape-of-the-dead"


@pytest.fixture(scope="module")
def long_log() -> list[Event]:
    """About 350 events of a real game, with the grammar and the dusk fold at work."""
    return play(get(GAME), 4, None).events


def texts(n: Narrator, log: list[Event], start: int = 0, brief: bool = False) -> list[str]:
    return [p for _, paragraphs, _ in narration.groups(log, n, start, brief) for p in paragraphs]


def test_the_same_seed_and_log_give_byte_identical_narration(long_log):
    for brief in (False, True):
        assert texts(for_game(GAME, 4), long_log, 0, brief) == texts(for_game(GAME, 4), long_log, 0, brief)


def test_reading_from_any_turn_gives_the_words_the_whole_log_gives(long_log):
    whole = for_game(GAME, 4).story(long_log)
    for n_turns in (1, 2, 5, 17):
        start = narration.turns_back(long_log, n_turns)
        fresh = for_game(GAME, 4).tellings(long_log, start)
        assert fresh == [t for t in whole if t.stop > start]


@pytest.mark.parametrize("options", [{}, {"roll_order": "choose", "barricade": "6"}])
def test_narrating_as_the_log_grows_reads_as_narrating_it_whole(options):
    """The REPL narrates what is new after each of the person's decisions; an export narrates all at once."""
    played = truth.play(get(GAME), 4, options)
    live = for_game(GAME, 4)
    shown: list[str] = []
    cut = 0
    for step in [*played.decisions[1:], len(played.events)]:
        shown += texts(live, played.events[:step], cut)
        cut = step
    assert shown == texts(for_game(GAME, 4), played.events)
    assert len(played.decisions) > 20


def test_an_undo_drops_what_followed_and_tells_the_new_log_as_a_fresh_narrator_would(long_log):
    """Truncate at many points (either side of the memory's checkpoints) and go on differently."""
    n = for_game(GAME, 4)
    n.story(long_log)
    assert len(long_log) > 200
    for cut in (len(long_log) - 3, 200, 129, 128, 64, 33, 5, 0):
        redone = [
            *long_log[:cut],
            Event(UNDO, long_log[max(cut - 1, 0)].turn, "meta", {"turn": 1}),
            *long_log[cut:],
        ]
        assert n.story(redone) == for_game(GAME, 4).story(redone), cut
        assert n.story(long_log) == for_game(GAME, 4).story(long_log), cut


def test_an_equal_log_of_new_objects_is_the_same_log(long_log):
    n = for_game(GAME, 4)
    first = list(n.story(long_log))
    copied = [Event(e.kind, e.turn, e.phase, dict(e.facts)) for e in long_log]
    assert n.story(copied) == first


class Counting(Narrator):
    """Counts the tellings it makes, to show what a growing log costs."""

    __slots__ = ("told",)

    def __init__(self, *args):
        super().__init__(*args)
        self.told = 0

    def tell(self, *args, **kwargs):
        self.told += 1
        return super().tell(*args, **kwargs)


def test_each_decision_tells_only_what_is_new(long_log):
    n = Counting(GAME, 4, for_game(GAME, 4).templates)
    n.story(long_log[:300])
    before = n.told
    n.story(long_log[:306])
    assert n.told - before <= 7  # the six new events, and the last telling again (a fold it may extend)
    n.story(long_log[:306])
    assert n.told - before <= 7  # unchanged: nothing told


def test_the_cost_per_decision_stays_small_in_a_long_run():
    """A long run of Escape of the Dead (the most grammar per event): the last decisions cost about what
    the first ones did, far below telling the whole log again."""
    log = play(get(GAME), 11, None).events * 6  # ~2,000 events: a very long night
    n = for_game(GAME, 11)
    n.story(log[:20])
    costs = []
    for end in range(26, len(log), 6):
        start = time.perf_counter()
        n.story(log[:end])
        costs.append(time.perf_counter() - start)
    start = time.perf_counter()
    for_game(GAME, 11).story(log)
    whole = time.perf_counter() - start
    early, late = sorted(costs[:40])[20], sorted(costs[-40:])[20]
    assert late < whole / 20, (late, whole)
    assert late < max(early * 4, 0.002), (early, late)


def test_a_bracket_that_would_only_repeat_the_line_is_left_off():
    """'You roll 1 and 5: six steps through the dark. [You roll 1 and 5 (6)]' said the roll twice; a bracket
    goes where the line leaves out a die, a number or a word it holds (the card a Horror Roll was for)."""
    from narratives.story import Telling
    from solo import narration

    def told(prose: str, summary: str, dice: list, folded: bool = False) -> str:
        event = Event("moved_roll", 3, "move", {"dice": dice})
        return narration.told(Telling(0, 1, "Turn 3", prose, summary, folded=folded), [event], False)

    assert told("You roll 1 and 5: six steps.", "You roll 1 and 5 (6).", [1, 5]) == "You roll 1 and 5: six steps."
    assert told("You roll 1 and 5.", "You roll 1 and 5 (6).", [1, 5]).endswith("[You roll 1 and 5 (6)]")
    retaliate = told("Your hands shake: 2 and 6.", "Horror Roll for Retaliate: 2 and 6.", [2, 6])
    assert retaliate.endswith("[Horror Roll for Retaliate: 2 and 6]")
    assert told("The dice tumble: four steps.", "You roll 1 and 3 (4).", [1, 3]).endswith("[You roll 1 and 3 (4)]")
    fold = told("Kimmy (5 and 5) to the Lake.", "Turn 6: Kimmy (6 health). Kimmy rolls 5 and 5 (10).", [5, 5], True)
    assert fold == "Kimmy (5 and 5) to the Lake."
