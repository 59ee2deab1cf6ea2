"""The transcript: a write that fails (full disk, removed folder) stops it in one line and play goes on; a
symlink at its name is refused, and nothing is ever written through one (issue 12, items 6 and 10).

Faults are injected (no reliance on permissions), so these run as root too."""

from __future__ import annotations

import builtins
import errno
import io
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from saves import SaveStore
from solo.reader import PlainReader
from solo.repl import Repl
from solo.screen import Screen, make_console
from tests.solo.repl_harness import Session, new_run

SLOT = "test"


def transcript_of(root: Path) -> Path:
    return root / f"{SLOT}.transcript.txt"


def lines_with(text: str, words: str) -> list[str]:
    return [line for line in text.splitlines() if words in line]


class _FullDisk:
    """A file whose every write of something fails as a full disk does; everything else is the real file."""

    def __init__(self, real: io.IOBase, refused: list[str]):
        self.real = real
        self.refused = refused

    def write(self, text: str) -> int:
        if text:
            self.refused.append(text)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return 0

    def __enter__(self) -> _FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.real.close()

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)


def fill_the_disk_under(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Writes to the file at path fail with ENOSPC however it is opened (by name or descriptor, io.open or
    open); every other file is untouched. Returns the texts whose writes were refused."""
    real_open = io.open
    refused: list[str] = []

    def opening(file, *args, **kwargs):
        f = real_open(file, *args, **kwargs)
        try:
            same = path.exists() and os.path.samestat(os.fstat(f.fileno()), os.stat(path))
        except (OSError, ValueError):
            same = False
        if not same:
            return f
        return _FullDisk(f, refused)

    monkeypatch.setattr(io, "open", opening)
    monkeypatch.setattr(builtins, "open", opening)
    return refused


class _Script:
    """A reader that types lines as at a terminal (not echoed, so the screen records them as typed), and runs
    an action just before handing over a given line."""

    echoes = False

    def __init__(self, lines: list[str], before: dict[int, Callable[[], object]]):
        self.lines = lines
        self.before = before
        self.at = 0

    def read(self, prompt: str, soon: Callable[[], None] | None = None) -> str:
        if soon is not None:
            soon()
        if self.at >= len(self.lines):
            raise EOFError
        if self.at in self.before:
            self.before[self.at]()
        self.at += 1
        return self.lines[self.at - 1]


def play_script(
    root: Path, lines: list[str], before: dict[int, Callable[[], object]]
) -> tuple[Repl, str, int]:
    out = io.StringIO()
    repl = Repl(
        new_run(), SaveStore(root), SLOT, Screen(make_console(True, file=out), True), _Script(lines, before)
    )
    code = repl.play()  # an exception escaping here fails the test: that is the crash being fixed
    return repl, out.getvalue(), code


@pytest.mark.parametrize("reader", ["lines", "plain_lines"])
def test_a_full_disk_stops_the_transcript_in_one_line_and_play_goes_on(tmp_path, monkeypatch, reader):
    path = transcript_of(tmp_path)
    refused = fill_the_disk_under(path, monkeypatch)
    path.touch()  # there, so the fault knows it; 'transcript' appends to it
    s = getattr(Session(tmp_path), reader)("transcript", "2 1 1", "look", "1 1 2")
    assert s.code == 0
    said = lines_with(s.out, "Transcript stopped")
    assert len(said) == 1, s.out
    assert str(path) in said[0] and os.strerror(errno.ENOSPC) in said[0]
    assert s.run.keys == ["alloc:2-1-1", "alloc:1-1-2"]  # the moves after the failure were played
    assert "-- Turn 3 --" in s.out.split(said[0])[1]
    assert s.repl.screen.transcript is None
    assert len(refused) == 1  # turned off: never tried again
    assert path.read_text() == ""


@pytest.mark.parametrize("when", [1, 2], ids=["before-a-move", "before-look"])
def test_a_removed_save_folder_stops_the_transcript_in_one_line_and_play_goes_on(tmp_path, when):
    root = tmp_path / "saves"
    lines = ["transcript", "2 1 1", "look", "1 1 2"]
    repl, out, code = play_script(root, lines, {when: lambda: shutil.rmtree(root)})
    assert code == 0
    said = lines_with(out, "Transcript stopped")
    assert len(said) == 1, out
    assert str(transcript_of(root)) in said[0] and os.strerror(errno.ENOENT) in said[0]
    assert repl.run.keys == ["alloc:2-1-1", "alloc:1-1-2"]
    assert repl.screen.transcript is None
    assert not transcript_of(root).exists()  # the folder the autosave made again gets no new transcript


@pytest.mark.parametrize("target_exists", [True, False], ids=["to-a-file", "dangling"])
def test_a_symlink_at_the_transcript_is_refused_in_one_line(tmp_path, target_exists):
    root, outside = tmp_path / "saves", tmp_path / "elsewhere.txt"
    root.mkdir()
    if target_exists:
        outside.write_text("not the game's\n")
    transcript_of(root).symlink_to(outside)
    s = Session(root).lines("transcript", "2 1 1", "look")
    said = lines_with(s.out, "transcript")
    assert len(said) == 1, s.out
    assert str(transcript_of(root)) in said[0] and "symbolic link" in said[0]
    assert s.repl.screen.transcript is None and s.code == 0
    assert transcript_of(root).is_symlink()
    if target_exists:
        assert outside.read_text() == "not the game's\n"
    else:
        assert not outside.exists()


def test_a_symlink_put_in_place_while_the_transcript_is_on_is_never_written_through(tmp_path):
    root, outside = tmp_path / "saves", tmp_path / "elsewhere.txt"
    outside.write_text("not the game's\n")

    def swap() -> None:
        transcript_of(root).unlink()
        transcript_of(root).symlink_to(outside)

    repl, out, code = play_script(root, ["transcript", "2 1 1", "look"], {2: swap})
    assert outside.read_text() == "not the game's\n"
    said = lines_with(out, "Transcript stopped")
    assert len(said) == 1 and "symbolic link" in said[0]
    assert code == 0 and repl.screen.transcript is None


def test_the_transcript_still_copies_a_piped_session(tmp_path):
    Session(tmp_path).plain_lines("transcript", "2 1 1", "transcript off")
    text = transcript_of(tmp_path).read_text()
    assert "> 2 1 1" in text and "-- Turn 2 --" in text and "Transcript closed" in text


def test_the_plain_reader_session_with_a_full_disk_ends_normally(tmp_path, monkeypatch):
    """The same fault, through the reader used for pipes, at the end of input: nothing escapes `leave`."""
    path = transcript_of(tmp_path)
    fill_the_disk_under(path, monkeypatch)
    path.touch()
    out = io.StringIO()
    screen = Screen(make_console(True, file=out), True)
    reader = PlainReader(io.StringIO("transcript\n"), screen.echo)
    code = Repl(new_run(), SaveStore(tmp_path), SLOT, screen, reader).play()
    assert code == 0
    assert len(lines_with(out.getvalue(), "Transcript stopped")) == 1
