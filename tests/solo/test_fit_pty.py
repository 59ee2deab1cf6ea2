"""The story between two of the person's decisions fits an 80x24 terminal at every level (issue 14), read back
from a real pseudo-terminal through pty_harness's screen model:

- at the hard level the story is held while the automa searches and laid out at the next prompt exactly as at
  the others (the other seats' turns in brief where the whole would not fit), with the spinner's line naming
  who thinks meanwhile; Ctrl-C while it thinks stops it, the person's choice already saved, and Enter lets
  it play on;
- a turn of the person's own too tall for the screen keeps its end: the earlier paragraphs by their summaries
  (every roll's dice in them) under a title naming the `log N` that tells it whole, the last in full.

The hard level runs through quick_hard.py: the same search at one sample a decision, so each test is quick."""

from __future__ import annotations

from pathlib import Path

import pytest
from pty_harness import ROWS, Pty, spawn

from engines.core.contract import resolve_options
from engines.registry import get
from narratives import Telling, for_game
from saves import SaveStore
from solo import narration, screen_story
from solo.games import ui_for
from solo.run import Run

QUICK_HARD = Path(__file__).with_name("quick_hard.py")
BRIEF = "Others' turns, in brief"
MERGED = "in brief ('log "
"""The others' turns in brief in one panel with the person's own (the frames between panels given up)."""
SHORT = "in short ('log "

HARD = {
    "mixtape-massacre": (["--seed", "6", "-o", "rivals=3"], 1),
    "escape-from-tall-oaks": (["--seed", "0", "-o", "rivals=3"], 3),
}
"""Runs whose last of so many choices (1 each) is followed by the rivals' turns at hard, too tall to tell
whole at 80x24."""

LONG = {
    "escape-of-the-dead": (["--seed", "1"], ["2 1 1"]),
}
"""Runs whose last typed choice leads to a turn of the person's own too tall to tell whole at 80x24 even with the
others' turns in brief, the choices in short and no blank line or frame to spare (Escape of the Dead: the dice
on all three cards, the attack and the spawn)."""


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def _played(
    save_dir: Path, game: str, args: list[str], typed: list[str], *, hard: bool
) -> tuple[Run, str, int, str]:
    """(the run as saved, the screen at the prompt after the last line typed, the log's length before it, the
    transcript, on for that last line)."""
    level = ["--automa", "hard"] if hard else []
    pty = Pty(spawn(save_dir, "new", game, "--slot", "pty", *level, *args, script=QUICK_HARD if hard else None))
    try:
        pty.prompt()
        for line in typed[:-1]:
            pty.typed(line)
        pty.typed("transcript")  # on before the last choice: it must hold the whole story
        since = len(Run.from_record(SaveStore(save_dir).read("pty")).log)
        screen = "\n".join(pty.typed(typed[-1]))
    except BaseException:
        pty.child.close(force=True)
        raise
    pty.quit()
    transcript = (save_dir / "pty.transcript.txt").read_text(encoding="utf-8")
    return Run.from_record(SaveStore(save_dir).read("pty")), screen, since, transcript


def _tellings(run: Run, since: int) -> list[Telling]:
    return [t for t in for_game(run.game.id, run.seed, run.seat).tellings(run.log, since) if t.prose]


def _own_end(run: Run, since: int) -> Telling | None:
    """The last telling of what the person's choice did before another seat's turn began; None where all it
    did was part of the setup (a starting point), which gives way as the others' turns do."""
    owner = ui_for(run.game.id).owner
    a, b, _ = screen_story.chapters(run.log, since, owner)[0]
    setup = screen_story.setup_end(run.log, for_game(run.game.id, run.seed, run.seat))
    mine = [t for t in _tellings(run, since) if a <= t.start < b and t.start >= setup]
    return mine[-1] if mine else None


def _at_the_prompt(screen: str) -> None:
    rows = screen.split("\n")
    assert rows.index(">") == ROWS - 2, screen  # the prompt, then the toolbar
    assert "Since your last choice:" in screen  # the digest, just above it


@pytest.fixture(scope="module", params=sorted(HARD))
def hard(request, tmp_path_factory):
    game = request.param
    args, choices = HARD[game]
    return _played(tmp_path_factory.mktemp(game), game, args, ["1"] * choices, hard=True)


def test_at_hard_the_others_turns_are_in_brief_beside_the_end_of_the_persons_turn_and_the_prompt(hard):
    run, screen, since, _ = hard
    assert run.automa == "hard"
    assert BRIEF in screen or MERGED in screen  # held while the automa searched, then fitted as at normal
    last = _own_end(run, since)
    assert last is None or _flat(last.summary) in _flat(screen) or _flat(last.prose) in _flat(screen)
    _at_the_prompt(screen)


@pytest.fixture(scope="module", params=sorted(LONG))
def long_turn(request, tmp_path_factory):
    game = request.param
    args, typed = LONG[game]
    return _played(tmp_path_factory.mktemp(game), game, args, typed, hard=False)


def test_a_long_turn_of_ones_own_keeps_its_end_and_every_roll_on_screen(long_turn):
    run, screen, since, _ = long_turn
    flat = _flat(screen)
    assert SHORT in screen and "tells it whole)" in screen
    told = _tellings(run, since)
    last = told[-1]
    assert _flat(narration.told(last, run.log[last.start : last.stop], False)) in flat  # the last in full
    for t in told:  # every paragraph on screen whole or by its summary: no roll's dice dropped, no word cut
        whole = _flat(narration.told(t, run.log[t.start : t.stop], False))
        assert whole in flat or _flat(t.summary) in flat, t.summary
    end = _own_end(run, since)
    assert end is not None and (_flat(end.summary) in flat or _flat(end.prose) in flat)
    _at_the_prompt(screen)


def test_the_transcript_keeps_the_long_turn_whole(long_turn):
    run, _, since, transcript = long_turn
    assert SHORT not in transcript
    for t in _tellings(run, since):
        assert _flat(narration.told(t, run.log[t.start : t.stop], False)) in _flat(transcript)


def test_the_log_named_in_the_title_tells_the_shortened_turn_whole(long_turn):
    run, screen, since, _ = long_turn
    title = next(row for row in screen.split("\n") if SHORT in row)
    n = int(title.split(SHORT)[1].split("'")[0])
    assert narration.turns_back(run.log, n) <= since  # `log N` begins at or before the story shown in short


def test_ctrl_c_while_the_automa_thinks_stops_it_and_keeps_the_persons_choice(tmp_path):
    """Issue 46, 3: the person's choice is saved before the automa starts thinking; Ctrl-C there stops it (as
    the README says Ctrl-C does at the table) rather than ending solo and losing that choice: the story so far is
    told, Enter lets the automa play on, and the run goes on to be saved whole (it used to exit with status 130,
    the choice already told gone)."""
    game = get("mixtape-massacre")
    args = HARD["mixtape-massacre"][0]
    hold = tmp_path / "hold"
    pty = Pty(
        spawn(tmp_path, "new", game.id, "--slot", "pty", "--automa", "hard", *args, script=QUICK_HARD,
              env={"SOLO_TEST_HOLD": str(hold)})
    )
    child = pty.child
    try:
        pty.prompt()
        hold.touch()  # the automa's next decision waits until the file is gone: Ctrl-C finds it thinking
        child.sendline("1")
        child.expect(r"is thinking \([^)]+\)\.\.\.")
        pty.term.feed(child.before + child.after)
        saved = SaveStore(tmp_path).read("pty")  # before Ctrl-C: the choice is already in the slot
        child.sendintr()
        child.expect("The automa stopped thinking")
        pty.term.feed(child.before + child.after)
        stopped = SaveStore(tmp_path).read("pty")
        hold.unlink()
        screen = pty.typed("")  # Enter: the automa plays on, to the person's next prompt
        pty.quit()
    finally:
        child.close(force=True)
    run = Run(game, int(args[1]), resolve_options(game, {"rivals": "3"}), game.person_seats[0])
    run.step_automa()
    mine = len(run.keys)
    assert [s.key for s in saved.journal][-1:] == [run.decision().options[0].key]  # the person's choice
    assert [s.key for s in stopped.journal][: mine + 1] == [s.key for s in saved.journal][: mine + 1]
    assert "\n>" in "\n" + "\n".join(screen) and child.exitstatus == 0
    again = Run.from_record(SaveStore(tmp_path).read("pty"))
    assert len(again.keys) > mine + 1 and again.decision().seat == game.person_seats[0]
