"""Between two of the person's decisions, at 80x24 (issue 14): the end of the person's own turn, the other
seats' turns in brief and the prompt share one screen, in every game where another seat takes turns (the
Mixtape rivals, Final Girl's Killer phase, the Sawyer family); the whole story stays in `log`, and plain or
piped output is never shortened. A real pseudo-terminal, read back through pty_harness's screen model."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from pty_harness import ROWS, Pty, spawn

from narratives import for_game
from saves import SaveStore
from solo import narration, screen_story
from solo.games import ui_for
from solo.run import Run

ROOT = Path(__file__).resolve().parents[2]
BRIEF = "Others' turns, in brief"
MERGED = "in brief ('log "
"""The others' turns in brief in one panel with the person's own (the frames between panels given up)."""
SHORT = "in short ('log "
"""In one panel with the person's own turn, itself too tall: its earlier paragraphs by their summaries."""

GAMES = {
    "mixtape-massacre": (["--seed", "7", "-o", "rivals=3"], 4),
    "escape-from-tall-oaks": (["--seed", "7", "-o", "rivals=3"], 5),
    "final-girl": (["--seed", "2"], 8),
    "slaughterhouse": (["--seed", "7"], 13),
}
"""Each game's run and how many first choices to type, up to one after others' turns too tall to tell whole."""


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def _run(save_dir: Path) -> Run:
    return Run.from_record(SaveStore(save_dir).read("pty"))


def _own_end(run: Run, since: int) -> tuple[str, str]:
    """The last paragraph of what the person's last choice did before another seat's turn began, and its
    summary (what a screen too short for the person's own turn shows of it)."""
    owner = ui_for(run.game.id).owner
    narrator = for_game(run.game.id, run.seed, run.seat)
    a, b, _ = screen_story.chapters(run.log, since, owner)[0]
    told = list(narration.groups(run.log, narrator, a, stop=b))
    last = [t for t in narrator.tellings(run.log, a) if a <= t.start < b and t.prose][-1]
    return _flat(told[-1][1][-1]), _flat(last.summary)


@pytest.fixture(scope="module", params=sorted(GAMES))
def played(request, tmp_path_factory):
    """(run, the screen at the prompt after the last choice, the log's length before it, the transcript),
    choosing 1 each time."""
    game = request.param
    args, choices = GAMES[game]
    save_dir = tmp_path_factory.mktemp(game)
    pty = Pty(spawn(save_dir, "new", game, "--slot", "pty", *args))
    pty.prompt()
    for _ in range(choices - 1):
        pty.typed("1")
    pty.typed("transcript")  # on before the last choice: it must hold the whole story
    since = len(_run(save_dir).log)
    screen = "\n".join(pty.typed("1"))
    pty.quit()
    return _run(save_dir), screen, since, (save_dir / "pty.transcript.txt").read_text(encoding="utf-8")


def test_the_end_of_the_own_turn_and_the_others_in_brief_share_the_screen_with_the_prompt(played):
    run, screen, since, _ = played
    rows = screen.split("\n")
    assert any(title in screen for title in (BRIEF, MERGED, SHORT))  # the others' turns: too tall whole
    prose, summary = _own_end(run, since)
    assert prose in _flat(screen) or summary in _flat(screen)  # what the person's choice did last
    assert rows.index(">") == ROWS - 2  # the prompt, then the toolbar
    assert "Since your last choice:" in screen


def test_the_transcript_keeps_the_whole_story_of_the_turns_shown_in_brief(played):
    run, _, since, transcript = played
    told = narration.groups(run.log, for_game(run.game.id, run.seed, run.seat), since)
    assert BRIEF not in transcript and MERGED not in transcript and SHORT not in transcript
    assert all(_flat(p) in _flat(transcript) for _, paragraphs, _ in told for p in paragraphs)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_piped_output_keeps_every_turn_whole(game, tmp_path):
    """Not a terminal (a file, a screen reader): the same choices tell every other seat's turn in full."""
    args, choices = GAMES[game]
    out = subprocess.run(
        [sys.executable, "-m", "solo", "--save-dir", str(tmp_path), "new", game, "--slot", "pipe", *args],
        cwd=ROOT,
        input="1\n" * choices + "quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8", "COLUMNS": "80", "LINES": "24"},
    )
    run = Run.from_record(SaveStore(tmp_path).read("pipe"))
    told = narration.groups(run.log, for_game(run.game.id, run.seed, run.seat))
    assert BRIEF not in out.stdout
    assert all(p in out.stdout for _, paragraphs, _ in told for p in paragraphs)  # every line, whole


def test_plain_at_a_terminal_keeps_every_turn_whole(tmp_path):
    """--plain at a terminal (a screen reader's choice) is never shortened: the rivals' turns in full."""
    args, choices = GAMES["mixtape-massacre"]
    child = spawn(tmp_path, "new", "mixtape-massacre", "--slot", "pty", "--plain", *args)
    child.sendline("\n".join(["1"] * choices))
    child.expect("What now?")  # the person's next turn, after the rivals'
    shown = child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    run = _run(tmp_path)
    told = narration.groups(run.log, for_game(run.game.id, run.seed, run.seat), 1)
    assert BRIEF not in shown and "╭" not in shown  # plain: no panels, nothing shortened
    assert all(_flat(p) in _flat(shown) for _, paragraphs, _ in told for p in paragraphs)
