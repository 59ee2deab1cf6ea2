"""The story fitted to a short terminal, in-process (issue 14): screen_story.fitted shortens no more than it
must (the others' turns first, then the person's own earlier paragraphs to their summaries, every roll's dice
kept and no word cut, the last in full); at the hard level the story is held at a terminal while the automa
searches, a spinner line naming who thinks; piped and plain output keep every paragraph whole and in order."""

from __future__ import annotations

import io
import re
import textwrap
from contextlib import contextmanager

import pytest
from repl_harness import Session
from rich.console import Console

from engines.core.autoplay import decide
from engines.core.contract import resolve_options
from engines.registry import get
from narratives import for_game
from solo import automa, narration, screen_story
from solo.games import ui_for
from solo.run import Run
from solo.screen import Screen
from solo.screen_story import LINES

DC = get("mixtape-massacre")
WIDTH = 76  # inside a panel at 80 columns
SCREEN = Screen(Console(file=io.StringIO(), width=80), False)


@pytest.fixture(scope="module")
def long_turn():
    """Director's Cut, three rivals, choice 1 four times: the fourth leads to a kill, the Hero Meter and a
    Killing Spree, a turn of the person's own too tall for 80x24 beside its prompt. (run, where it began)."""
    run = Run(DC, 0, resolve_options(DC, {"rivals": "3"}), DC.person_seats[0])
    run.step_automa()
    for _ in range(4):
        start = len(run.log)
        run.choose(run.decision().options[0].key)
        run.step_automa()
    return run, start


def _fit(run: Run, start: int, room: int) -> screen_story.Told:
    narrator = for_game(run.game.id, run.seed, run.seat)
    owner = ui_for(run.game.id).owner
    return screen_story.fitted(run.log, narrator, start, owner, run.seat, WIDTH, room, SCREEN.story_height)


def _lines(told: screen_story.Told) -> list[str]:
    return [line for _, (_, paragraphs, _) in told for p in paragraphs for line in p.split("\n")]


def test_a_long_own_turn_keeps_its_last_paragraph_whole_and_the_rest_by_whole_summaries(long_turn):
    run, start = long_turn
    narrator = for_game(run.game.id, run.seed, run.seat)
    tellings = [t for t in narrator.tellings(run.log, start) if t.prose]
    whole = [narration.told(t, run.log[t.start : t.stop], False) for t in tellings]
    assert SCREEN.story_height([(False, g) for g in narration.groups(run.log, narrator, start)]) > 15
    told = _fit(run, start, 15)  # the room beside its prompt at 80x24
    assert SCREEN.story_height(told) <= 15
    title, paragraphs, _ = told[-1][1]
    assert paragraphs[-1] == whole[-1]  # the last, nearest the prompt, in full
    lines = _lines(told)
    summaries = {t.summary for t in tellings}
    shortened = [line for line in lines if line not in whole]
    assert shortened and all(line in summaries for line in shortened)  # whole summaries: no word or number cut
    for t, text in zip(tellings, whole, strict=True):  # every roll's dice on screen, in its summary or in full
        if any("dice" in e.facts for e in run.log[t.start : t.stop]):
            assert t.summary in lines or text in lines, t.summary
    n = int(re.search(r"in short \('log (\d+)' tells it whole\)", title).group(1))
    assert narration.turns_back(run.log, n) <= start  # `log N` tells all of it


def test_the_story_is_shortened_no_more_than_it_must_be(long_turn):
    run, start = long_turn
    roomy = _fit(run, start, 200)
    assert not any("in short" in title for _, (title, _, _) in roomy)  # fits with the person's turn whole
    rooms = (21, 19, 17, 15)
    told = [_fit(run, start, room) for room in rooms]
    heights = [SCREEN.story_height(t) for t in told]
    assert heights == sorted(heights, reverse=True) and all(h <= r for h, r in zip(heights, rooms, strict=True))
    summed = [sum(line not in _lines(roomy) for line in _lines(t)) for t in told]
    assert summed == sorted(summed)  # the shorter the room, the more paragraphs by their summaries


def test_where_nothing_else_fits_everything_is_in_one_panel_in_short(long_turn):
    run, start = long_turn
    told = _fit(run, start, 3)
    assert len(told) == 1 and told[0][1][0].startswith("Since your last choice, in short ('log ")
    narrator = for_game(run.game.id, run.seed, run.seat)
    lines = _lines(told)
    for t in narrator.tellings(run.log, start):
        if t.summary and any("dice" in e.facts for e in run.log[t.start : t.stop]):
            assert t.summary in lines


def test_the_spinner_line_names_who_thinks_the_story_heading_and_the_latest_line_in_whole_words():
    run = Run(DC, 6, resolve_options(DC, {"rivals": "3"}), DC.person_seats[0])
    run.step_automa()
    run.choose(run.decision().options[0].key)
    seat = run.decision().seat
    name = next(e.facts for e in run.log if e.kind == "game_started")["names"][1]
    latest = "You step out of the shadows onto a corner of town marked with a bloody knife, again and again."
    line = automa.thinking(DC, run.log, seat, "Turn 0", latest, 60)
    assert line.startswith(f"{name} is thinking (turn 0)... You step out") and len(line) <= 60
    assert all(word in latest.split() for word in line.split("... ", 1)[1].removesuffix(" ...").split())
    tcm = get("slaughterhouse")
    assert automa.thinking(tcm, [], "sawyer", "Round 3", "", 60) == "The Sawyer family is thinking (round 3)..."


class Thinking:
    """A searching automa at the normal level's pace: it says it searches (so the REPL treats it as the hard
    level) and records how much was shown each time it decides."""

    searches = True

    def __init__(self, shown):
        self.shown = shown
        self.seen: list[int] = []

    def choose(self, game, state, decision, rng) -> str:
        self.seen.append(len(self.shown()))
        return decide(game, game.policies[game.default_policy], state, decision, rng)


def _hard(seed: int = 6) -> Run:
    return Run(DC, seed, resolve_options(DC, {"rivals": "3"}), DC.person_seats[0], automa="hard")


def test_at_a_terminal_the_hard_story_is_held_behind_the_spinner_and_fitted_at_the_prompt(tmp_path, monkeypatch):
    said: list[str] = []

    @contextmanager
    def busy(console, text, delay=0.3, plain=False):
        said.append(text)
        yield said.append

    monkeypatch.setattr("solo.busy.busy", busy)
    buffer = io.StringIO()
    session = Session(tmp_path, _hard(), plain=False)
    session.buffer = buffer
    session.screen = Screen(Console(file=buffer, force_terminal=True, width=80, height=24, record=True), False)
    thinking = Thinking(buffer.getvalue)
    session.run._policy = thinking
    session.lines("1", "quit")  # the person chooses first; then the rivals place themselves and play
    assert len(thinking.seen) > 3 and len(set(thinking.seen)) == 1, "nothing shown while the automa searched"
    out = buffer.getvalue()
    assert len(out) > thinking.seen[0]
    assert "in brief ('log " in out  # fitted at the prompt, as at the normal level
    names = next(e.facts for e in session.run.log if e.kind == "game_started")["names"]
    thought = [line for line in said if " is thinking (" in line]
    assert thought and {line.split(" is thinking")[0] for line in thought} <= set(names[1:])
    assert any(line.split("... ", 1)[1:] for line in thought)  # the story's latest line beside it


@pytest.mark.parametrize("plain", [True, False], ids=["plain", "piped"])
def test_plain_and_piped_output_at_hard_keep_every_paragraph_whole_and_in_order(tmp_path, plain):
    session = Session(tmp_path, _hard(), plain=plain)  # output to a string: not a terminal
    thinking = Thinking(session.buffer.getvalue)
    session.run._policy = thinking
    session.lines("1", "1", "quit")
    assert len(set(thinking.seen)) > 2, "told as it goes: the story grew between the automa's decisions"
    out = " ".join(re.sub(r"[│╭╮╰╯─]", " ", session.buffer.getvalue()).split())
    assert "in brief" not in out and "in short" not in out
    at = 0
    narrator = for_game(DC.id, session.run.seed, session.run.seat)
    for _, paragraphs, _ in narration.groups(session.run.log, narrator):
        for p in paragraphs:
            at = out.index(" ".join(p.split()), at)  # whole, and after the one before it


def test_a_telling_of_several_quiet_turns_gets_the_lines_of_as_many_turns():
    """The narration folds quiet turns (a roll and a move each) into one telling: in brief it may take a line
    (or two) for each of the turns it tells, not one for them all."""
    game = get("escape-from-tall-oaks")
    run = Run(game, 4, resolve_options(game, {"rivals": "3"}), game.person_seats[0])
    run.step_automa()
    start = len(run.log)
    run.choose(run.decision().options[0].key)
    run.step_automa()
    narrator, owner = for_game(game.id, run.seed, run.seat), ui_for(game.id).owner
    cut = screen_story.chapters(run.log, start, owner)
    fold = next(t for t in narrator.tellings(run.log, start) if sum(t.start <= a < t.stop for a, _, _ in cut) == 3)
    told = screen_story.shortened(run.log, narrator, start, owner, run.seat, WIDTH, 2)
    line = next(line for brief, (_, ls, _) in told if brief for line in ls if fold.prose in line)
    assert LINES < len(textwrap.wrap(line, WIDTH)) <= 3 * LINES  # more than one turn's lines: three turns' whole


def test_a_panel_of_several_turns_in_short_is_titled_by_their_span():
    from solo.screen_story import _span

    assert _span(["Turn 4"]) == "Turn 4"
    assert _span(["Turn 4", "Turn 5", "Turn 6"]) == "Turns 4 to 6"
    assert _span(["Setting the scene", "Turn 0"]) == "Setting the scene, then Turn 0"


def test_the_opening_in_short_is_not_titled_since_a_choice_never_made(long_turn):
    """A first screen too tall for the opening said 'Since your last choice' before any choice was made."""
    run, _ = long_turn
    told = _fit(run, 0, 3)
    assert len(told) == 1 and told[0][1][0].startswith("From the start, in short ('log ")


def test_the_blank_lines_and_frames_give_way_before_the_others_words():
    """Issue 45: the others' turns were cut mid-sentence while blank lines stayed on screen. Between the room the
    story needs with the others in two lines a turn and the room it needs with them in one, the blank lines go
    first, then the frames; the others keep their second lines until nothing else is left to give."""
    run = Run(DC, 7, resolve_options(DC, {"rivals": "3"}), DC.person_seats[0])
    run.step_automa()
    for _ in range(4):
        start = len(run.log)
        run.choose(run.decision().options[0].key)
        run.step_automa()
    narrator, owner = for_game(DC.id, run.seed, run.seat), ui_for(DC.id).owner

    def way(w: screen_story.Way) -> screen_story.Told:
        return screen_story.shortened(run.log, narrator, start, owner, run.seat, WIDTH, w.lines, w.cut, way=w)

    heights = [SCREEN.story_height(way(w)) for w in screen_story.WAYS]
    assert heights == sorted(heights, reverse=True) and len(set(heights)) == len(heights), heights
    for w, height in zip(screen_story.WAYS, heights, strict=True):
        told = _fit(run, start, height)
        assert told == way(w)  # the first way that fits, in the order they give way
    tight = _fit(run, start, heights[1])
    assert all(brief for brief, _ in tight)  # the person's paragraphs one a line: no blank line left
    others = [p for _, (title, ps, _) in tight if title.startswith("Others'") for p in ps]
    assert any(len(textwrap.wrap(p, WIDTH)) == 2 for p in others)  # while the others keep two lines
