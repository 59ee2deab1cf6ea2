"""The installed `solo` command in a real pseudo-terminal: new game, turns, save, quit, relaunch, load, go on."""

from __future__ import annotations

from pathlib import Path

import pexpect
from pty_harness import PROMPT
from pty_harness import spawn as spawn_at

from saves import SaveStore


def spawn(*args: str, save_dir: Path) -> pexpect.spawn:
    """The installed command at a 120x40 terminal, read as a raw stream (so no cursor position questions)."""
    return spawn_at(save_dir, *args, rows=40, columns=120, installed=True, cpr=False, timeout=20)


def test_new_turns_save_quit_relaunch_load_continue(tmp_path):
    child = spawn("new", "escape-of-the-dead", "--seed", "1", "--slot", "pty", save_dir=tmp_path)
    child.expect("Nightfall")
    child.expect(PROMPT)
    child.sendline("2 1 1")
    child.expect("Turn 2")
    child.expect(PROMPT)
    child.sendline("lawn 2 garage 2")
    child.expect("Turn 3")
    child.expect(PROMPT)
    child.send("\t")  # completion must not crash the prompt
    child.sendline("\x15save")  # Ctrl-U clears whatever completion put on the line
    child.expect("Saved in slot 'pty'")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert SaveStore(tmp_path).read("pty").keys == ["alloc:2-1-1", "alloc:2-0-2"]

    child = spawn("load", "pty", save_dir=tmp_path)
    child.expect("Loaded|Turn 3")
    child.expect(PROMPT)
    child.sendline("1 1 2")
    child.expect("Turn 4")
    child.expect(PROMPT)
    child.sendcontrol("d")
    child.expect("Save and quit")
    child.sendline("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert SaveStore(tmp_path).read("pty").keys == ["alloc:2-1-1", "alloc:2-0-2", "alloc:1-1-2"]


def test_rich_panels_at_a_terminal(tmp_path):
    child = spawn("new", "escape-of-the-dead", "--seed", "1", save_dir=tmp_path)
    child.expect("╭")  # a terminal gets boxes and colour
    child.expect("\x1b\\[")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
