"""The prompt's history file (<save dir>/.history): a symlink there is never read or appended through, and a
failed append loses a line of history, never the prompt (issue 12, item 10)."""

from __future__ import annotations

import shutil
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from solo.reader import PromptReader

SECRET = "\n# 2024-01-01 00:00:00\n+a line from someone else's history\n"


def typed(history: Path, *lines: str, before=None) -> tuple[list[str], PromptReader]:
    """Lines typed at a prompt that keeps its history at the given path; `before` runs once it is built."""
    with create_pipe_input() as pipe:
        reader = PromptReader(history=history, input=pipe, output=DummyOutput())
        if before is not None:
            before()
        got = []
        for line in lines:
            pipe.send_text(line + "\n")
            got.append(reader.read("> "))
    return got, reader


def loaded(reader: PromptReader) -> list[str]:
    return list(reader.session.history.load_history_strings())


def outside_and_link(tmp_path: Path, name: str = ".history") -> tuple[Path, Path]:
    outside = tmp_path / "elsewhere" / "notes.txt"
    outside.parent.mkdir()
    outside.write_text(SECRET)
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / name).symlink_to(outside)
    return outside, saves / name


def test_a_symlinked_history_file_is_neither_read_nor_appended_to(tmp_path):
    outside, link = outside_and_link(tmp_path)
    got, reader = typed(link, "look", "2 1 1")
    assert got == ["look", "2 1 1"]  # the prompt works, with this session's history only
    assert outside.read_text() == SECRET
    assert link.is_symlink()
    assert "a line from someone else's history" not in loaded(reader)


def test_a_history_file_swapped_for_a_symlink_mid_session_is_not_appended_through(tmp_path):
    saves = tmp_path / "saves"
    history = saves / ".history"
    outside = tmp_path / "notes.txt"
    outside.write_text(SECRET)

    def swap() -> None:
        history.write_text("")
        history.unlink()
        history.symlink_to(outside)

    got, reader = typed(history, "look", before=swap)
    assert got == ["look"]
    assert outside.read_text() == SECRET
    assert loaded(reader) == []  # nor read through it


def test_a_dangling_symlink_makes_no_file_where_it_points(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    target = tmp_path / "made-by-solo.txt"
    (saves / ".history").symlink_to(target)
    typed(saves / ".history", "look")
    assert not target.exists()


def test_a_plain_history_file_still_keeps_lines_across_sessions(tmp_path):
    history = tmp_path / "saves" / ".history"
    typed(history, "look", "2 1 1")
    _, reader = typed(history)
    assert loaded(reader) == ["2 1 1", "look"]  # newest first, as prompt_toolkit wants
    assert "+2 1 1" in history.read_text()


def test_a_history_append_that_fails_does_not_interrupt_the_prompt(tmp_path, capfd):
    """prompt_toolkit would show its 'Unhandled exception in event loop' and wait for Enter at every line."""
    saves = tmp_path / "saves"
    got, _ = typed(saves / ".history", "look", "map", before=lambda: shutil.rmtree(saves))
    out, err = capfd.readouterr()
    assert got == ["look", "map"]
    assert "exception" not in (out + err).lower() and "Press ENTER" not in out + err
    assert not saves.exists()


def test_at_a_real_terminal_a_symlinked_history_file_is_left_alone(tmp_path):
    """End to end: the program at a pseudo-terminal, its history a link to a file outside the save folder."""
    import pexpect

    from tests.solo.test_encodings import PROMPT, spawn_solo

    outside, link = outside_and_link(tmp_path, ".history-escape-of-the-dead")  # each game keeps its own
    child = spawn_solo(tmp_path, "--save-dir", str(link.parent), "new", "escape-of-the-dead", "--seed", "1")
    child.expect(PROMPT)
    child.sendline("look")
    child.expect("Strength Points")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert outside.read_text() == SECRET and link.is_symlink()
