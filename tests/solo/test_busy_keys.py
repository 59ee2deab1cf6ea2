"""Keys typed while the automa or a hint thinks are neither echoed over the table nor kept for a question not
yet shown (solo/busy.py keys_unseen), on a real pseudo-terminal; Ctrl-C still interrupts."""

from __future__ import annotations

import io
import os
import select

import pytest

termios = pytest.importorskip("termios")

from solo.busy import keys_unseen  # noqa: E402


@pytest.fixture
def terminal():
    """(the person's keyboard: the pty's master end, the program's stdin: its slave end as a file)."""
    master, slave = os.openpty()
    stdin = os.fdopen(slave, "r")
    yield master, stdin
    stdin.close()
    os.close(master)


def _waiting(fd: int) -> bool:
    return bool(select.select([fd], [], [], 0.05)[0])


def test_keys_typed_while_thinking_are_not_echoed_and_are_dropped(terminal):
    master, stdin = terminal
    before = termios.tcgetattr(stdin.fileno())
    assert before[3] & termios.ECHO
    with keys_unseen(stdin):
        flags = termios.tcgetattr(stdin.fileno())[3]
        assert not flags & termios.ECHO and not flags & termios.ICANON
        assert flags & termios.ISIG  # Ctrl-C still raises KeyboardInterrupt
        os.write(master, b"1\r")
        assert _waiting(stdin.fileno())  # typed, held by the terminal...
        assert not _waiting(master)  # ...and nothing drawn back over the screen
    assert not _waiting(stdin.fileno())  # dropped: it would have answered a question not yet shown
    assert termios.tcgetattr(stdin.fileno()) == before


def test_off_a_terminal_nothing_changes():
    with keys_unseen(io.StringIO()):
        pass
