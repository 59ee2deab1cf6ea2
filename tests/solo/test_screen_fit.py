"""The story at the default 80x24 (issue 45, points 3 and 4, and the killer beside you at the prompt), drawn
in-process by the REPL into a terminal console of that size; what the terminal shows at a prompt is the last 22
rows printed (the prompt and the toolbar take the other two):

- the opening of every game shows its scene-setting prose on the first screen, the rest of the setup folded
  into short prose (Final Girl's Scatter!: "Scatter! Seven workers bolt: two to the Lobby, ...");
- the person's own latest turn is told in prose at the prompt (in brief where they chose brief), the others'
  turns giving way in whole sentences, never a sentence cut with '…';
- Escape of the Dead's turns stay in prose after `verbose`, its choices laid out in short beside them;
- the digest names in words what changed and never prints empty, at 80 columns or 30;
- a killer standing in the person's space is said at the prompt.

bench/screen_prose.py measures the same share over 300 prompts a game at a real pseudo-terminal."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from engines.core.autoplay import decide, policy_rng
from engines.core.contract import resolve_options
from engines.registry import get, ids
from narratives import digest, for_game, shortening
from saves import SaveStore
from solo import automa, narration, screen_story
from solo.games import ui_for
from solo.reader import PlainReader
from solo.repl import Repl
from solo.run import Run
from solo.screen import Screen, fit_digest
from tests.tools import truth

ROWS, COLUMNS = 24, 80


def _flat(text: str) -> str:
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


class Terminal:
    """The REPL over a run at an 80x24 terminal, in-process: what it prints goes to a string; `screen` is what
    the terminal shows at the prompt (the last rows printed above the prompt and the toolbar)."""

    def __init__(self, run: Run, root: Path, rows: int = ROWS, columns: int = COLUMNS):
        self.buffer = io.StringIO()
        console = Console(
            file=self.buffer, force_terminal=True, width=columns, height=rows, color_system=None,
            highlight=False, emoji=False, markup=False, record=True,
        )
        self.rows = rows
        self.repl = Repl(run, SaveStore(root), "t", Screen(console, False), PlainReader(io.StringIO(""), print))
        self.repl.save_pending = False
        self.repl._step_automa()
        self.repl.narrate_new()
        self.repl.prompt_if_needed()
        self.since = 0

    @property
    def run(self) -> Run:
        return self.repl.run

    def screen(self) -> str:
        return "\n".join(self.buffer.getvalue().splitlines()[-(self.rows - 2) :])

    def printed(self) -> str:
        """Everything printed since the last choice (the story, then the prompt's part)."""
        return self.buffer.getvalue()[self.since :]

    def type(self, line: str) -> str:
        self.since = len(self.buffer.getvalue())
        self.repl.handle(line)
        self.repl.prompt_if_needed()
        return self.screen()

    def choose(self) -> tuple[str, int]:
        """The person's choice by the game's normal policy; (the screen at the next prompt, where it began)."""
        run = self.run
        d = run.decision()
        key = decide(run.game, automa.policy(run.game, "normal"), run.state, d, policy_rng(run.seed, len(run.keys)))
        start = len(run.log)
        self.since = len(self.buffer.getvalue())
        self.repl.choose(key)
        self.repl.prompt_if_needed()
        return self.screen(), start


def _terminal(tmp_path: Path, game_id: str, seed: int, **options: str) -> Terminal:
    game = get(game_id)
    return Terminal(Run(game, seed, resolve_options(game, options), game.person_seats[0]), tmp_path)


def _own_texts(run: Run, since: int, brief: bool = False) -> list[str]:
    """The person's own tellings in log[since:] with words, as chosen (prose, or summaries in brief), the
    setup after its scene left out (it gives way as the others' turns do)."""
    narrator = for_game(run.game.id, run.seed, run.seat)
    owner = ui_for(run.game.id).owner
    own = screen_story.own_stretches(run.log, since, owner, run.seat)
    scene = narrator.tellings(run.log, 0)[0].stop
    setup = screen_story.setup_end(run.log, narrator)
    out = []
    for t in narrator.tellings(run.log, since):
        if any(a <= t.start < b for a, b in own) and not scene <= t.start < setup:
            text = narration.told(t, run.log[t.start : t.stop], brief)
            out += [text] if text else []
    return out


# -- point 3: the story on screen ---------------------------------------------------------------------------

OPENINGS = {
    "escape-of-the-dead": 0,
    "final-girl": 10,  # a Scatter! Event in the setup: 28 summary lines at 80x24 before issue 45
    "slaughterhouse": 0,
    "mixtape-massacre": 0,
    "escape-from-tall-oaks": 0,
}


@pytest.mark.parametrize("game_id", sorted(OPENINGS))
def test_the_opening_shows_its_scene_setting_prose_on_the_first_screen(tmp_path, game_id):
    term = _terminal(tmp_path, game_id, OPENINGS[game_id])
    screen = term.screen()
    narrator = for_game(game_id, term.run.seed, term.run.seat)
    scene = narrator.tellings(term.run.log, 0)[0]
    assert _flat(scene.prose) in _flat(screen), screen
    assert len(term.buffer.getvalue().splitlines()) <= ROWS - 2, screen  # nothing scrolled away
    assert "…" not in screen
    for text in _own_texts(term.run, 0):  # what follows the setup, in prose
        assert _flat(text) in _flat(screen), (text, screen)


def test_final_girls_scatter_in_the_setup_is_one_sentence_of_where_the_workers_ran(tmp_path):
    """Issue 45's example: the first screen was 28 summary lines ('Victim 3 panics in the Supply Cage: 1. /
    Victim 3 to the Break Room. / ...') for one Scatter! Event, the opening prose hidden behind `log 2`."""
    screen = _flat(_terminal(tmp_path, "final-girl", 10).screen())
    assert "Scatter! Seven workers bolt: two to the Lobby, one to the Break Room, one to the West Aisle, two to " \
           "the Manager's Office and one to the Main Entrance." in screen
    assert "panics in" not in screen and "Victim 3 to" not in screen


GAMES = {
    "final-girl": (2, {}),
    "slaughterhouse": (7, {}),
    "mixtape-massacre": (7, {"rivals": "3"}),
    "escape-from-tall-oaks": (7, {"rivals": "3"}),
}
"""Runs whose others' turns are often too tall to tell whole beside the prompt at 80x24."""


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_persons_own_turn_stays_in_prose_and_the_others_give_way_in_whole_sentences(tmp_path, game_id):
    seed, options = GAMES[game_id]
    term = _terminal(tmp_path, game_id, seed, **options)
    gave_way = prompts = 0
    while gave_way < 2 and prompts < 60 and term.run.decision() is not None:
        screen, start = term.choose()
        prompts += 1
        for text in _own_texts(term.run, start):  # at every prompt, the person's own turn in prose
            assert _flat(text) in _flat(screen), (text, screen)
        gave_way += "in brief ('log " in screen
        assert "…" not in screen and "in short ('log " not in screen, screen
    assert gave_way >= 2  # the others' turns too tall beside it, shortened


def test_escape_of_the_dead_stays_in_prose_after_verbose_with_its_choices_in_short(tmp_path):
    """Issue 45: 'every Escape of the Dead turn is shown as a summary ("in short"), even after verbose'. The
    fifteen splits go to the dice shorthand ('4 0 0') where the whole list would push the turn away."""
    term = _terminal(tmp_path, "escape-of-the-dead", 3)
    term.type("verbose")
    compact = 0
    for _ in range(12):
        screen, start = term.choose()
        assert "in short" not in screen and "in brief" not in screen, screen
        assert all(_flat(text) in _flat(screen) for text in _own_texts(term.run, start)), screen
        if term.run.decision().kind != "assign":
            continue  # a reward's four letters: short already
        shown = term.printed()
        if " 1. 4 0 0" in shown:
            assert "15. 0 0 4" in shown and " 1. lawn 4" not in shown  # every choice, in short
            compact += 1
        else:
            assert " 1. lawn 4" in shown and "15. garage 4" in shown
    assert compact >= 3
    term.type("look")  # the list asked for again: whole
    assert " 1. lawn 4" in term.printed() and "15. garage 4" in term.printed()


def test_in_brief_the_own_turn_is_told_by_its_summaries_and_fits(tmp_path):
    """Brief as chosen: the person's own turn by its summaries, at the prompt, the others' turns giving way."""
    seed, options = GAMES["mixtape-massacre"]
    term = _terminal(tmp_path, "mixtape-massacre", seed, **options)
    term.type("brief")
    for _ in range(6):
        screen, start = term.choose()
        for text in _own_texts(term.run, start, brief=True):
            assert _flat(text) in _flat(screen), (text, screen)
        assert len(term.printed().splitlines()) <= ROWS - 2, term.printed()


def test_a_short_run_of_one_kind_tells_the_truth_with_the_events_numbers():
    """narratives/_short.toml: every run the setup or the others' turns fold over seeded games of each title
    says only its events' numbers (sums, counts, the events' own words), and reads as a sentence."""
    told = 0
    for game_id in ids():
        game = get(game_id)
        narrator = for_game(game_id, 0, game.person_seats[0])
        for seed in range(3):
            run = Run(game, seed, resolve_options(game, {}), game.person_seats[0])
            run.step_automa()
            policy = automa.policy(game, "normal")
            for _ in range(30):
                d = run.decision()
                if d is None:
                    break
                run.choose(decide(game, policy, run.state, d, policy_rng(seed, len(run.keys))), d)
                run.step_automa()
            narrator = for_game(game_id, seed, run.seat)
            tellings = narrator.tellings(run.log, 0)
            for first, last in shortening.runs(narrator, run.log, tellings):
                if first is last:
                    continue
                events = run.log[first.start : last.stop]
                prose, summary = shortening.told(narrator, run.log, first, last)
                fields = shortening.fields(narrator, events)
                assert fields is not None
                known = truth.event_numbers(fields)
                for event in events:
                    known |= truth.event_numbers(narrator.values(event))
                for text in (prose, summary):
                    assert "{" not in text and (text[:1].isupper() or text[:1].isdigit()), text
                    assert text.endswith("."), text
                    problems = truth.check(text, fields, narrator.templates.truth, narrator.templates.nouns(),
                                           known)
                    assert not problems, (text, problems)
                told += 1
    assert told >= 10


def test_every_short_run_and_digest_line_names_a_kind_the_game_tells():
    for game_id in ids():
        kinds = set(for_game(game_id, 0).templates.kinds)
        for run in shortening.runs_of(game_id):
            assert set(run.kinds) <= kinds, (game_id, run.name)
        assert set(digest.lines_of(game_id)) <= kinds, game_id


# -- point 4: the digest -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ids())
def test_the_digest_speaks_in_words_tells_the_truth_and_is_never_empty_at_30_columns(game_id):
    game = get(game_id)
    policy = automa.policy(game, "normal")
    ui = ui_for(game_id)
    extra = ui.digest_fields
    said = 0
    for seed in range(2):
        run = Run(game, seed, resolve_options(game, {}), game.person_seats[0])
        run.step_automa()
        narrator = for_game(game_id, seed, run.seat)
        while (d := run.decision()) is not None and len(run.keys) < 400:
            start = len(run.log)
            run.choose(decide(game, policy, run.state, d, policy_rng(seed, len(run.keys))), d)
            run.step_automa()
            items = digest.items(narrator, run.log[start:], extra(run.view()))
            if not items:
                continue
            said += 1
            for width in (30, 80):
                line = fit_digest(items, width)
                assert line and (len(line) <= width or line in {i.text for i in items}), (width, line)
            for item in items:
                assert "{" not in item.text and "->" not in item.text and item.text[:1].isalpha(), item
                assert not re.search(r"\b(?:Token supply|Phase)\b", item.text), item
    assert said >= 5


def test_every_digest_item_says_only_its_events_numbers():
    for game_id in ids():
        game = get(game_id)
        for seed in range(2):
            run = Run(game, seed, resolve_options(game, {}), game.person_seats[0])
            policy = automa.policy(game, "normal")
            while (d := run.decision()) is not None and len(run.keys) < 300:
                run.choose(decide(game, policy, run.state, d, policy_rng(seed, len(run.keys))), d)
            narrator = for_game(game_id, seed, run.seat)
            lines = digest.lines_of(game_id)
            for event in run.log:
                for item in digest.items(narrator, [event], {"slasher": "Smiley"}):
                    fields = narrator.values(event)
                    problems = [
                        p for p in truth.check(item.text, fields, narrator.templates.truth, narrator.templates.nouns())
                        if "number" in p
                    ]
                    assert not problems, (event.kind, item.text, problems, lines[event.kind])


# -- a killer in your space, at the prompt -----------------------------------------------------------------


def test_a_sawyer_standing_in_the_trespassers_space_is_said_at_the_prompt(tmp_path):
    """Issue 45: 'Yellow, in the Foyer, 4 actions left' while `look` showed the Old Man in the Foyer."""
    game = get("slaughterhouse")
    run = Run(game, 0, resolve_options(game, {}), "trespassers")
    run.step_automa()
    while run.state.current < 0:  # past the setup's Personal Items, into the first Trespasser's turn
        run.choose(run.decision().options[0].key)
        run.step_automa()
    assert "actions left" in run.decision().prompt
    t = run.state.trespassers[run.state.current]
    old_man = next(s for s in run.state.sawyers if s.id == "old_man")
    old_man.space = t.space
    term = Terminal(run, tmp_path)
    assert f"The Old Man is here with {t.id.capitalize()}, in the Foyer." in _flat(term.screen())
    old_man.space = ""
    assert ui_for("slaughterhouse").company(run.view()) == ""


def test_the_tormentor_the_slasher_and_the_hero_in_your_space_are_said():
    fg = get("final-girl")
    run = Run(fg, 0, resolve_options(fg, {}), "final_girl")
    run.state.killer_space = run.state.fg_space
    assert ui_for("final-girl").company(run.view()).startswith("The Tormentor is here with you, in ")
    run.state.killer_space = ""
    assert ui_for("final-girl").company(run.view()) == ""
    dc = get("mixtape-massacre")
    run = Run(dc, 0, resolve_options(dc, {}), "slasher1")
    run.step_automa()
    me = next(s for s in run.state.slashers if s.seat == "slasher1")
    if not me.at:
        run.choose(run.decision().options[0].key)
    me = next(s for s in run.state.slashers if s.seat == "slasher1")
    run.state.hero_at = me.at
    assert ui_for("mixtape-massacre").company(run.view()).startswith("Linda is here with you, at ")
    efto = get("escape-from-tall-oaks")
    run = Run(efto, 0, resolve_options(efto, {"survivor": "ivy"}), "survivor1")
    run.step_automa()
    run.choose(run.decision().options[0].key)
    x = next(s for s in run.state.survivors if s.seat == "survivor1")
    run.state.slasher_at = x.at
    assert ui_for("escape-from-tall-oaks").company(run.view()).startswith("Smiley is here with you, at ")
