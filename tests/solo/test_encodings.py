"""Streams that cannot carry every character (PYTHONIOENCODING=ascii, LANG=C, LC_ALL=C): the program degrades
to what they can carry (plain text, lookalikes, '?', backslash escapes) and never ends in a traceback (issue
12, item 9). The end-to-end cases run the program in a subprocess, where a traceback is seen and can fail."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from solo.reader import PromptReader
from solo.screen import tolerate_encodings, wants_plain

ROOT = Path(__file__).resolve().parents[2]
"""The tree under test: the subprocesses import solo from here, whatever is installed."""

ENVIRONMENTS = {
    "PYTHONIOENCODING=ascii": {"PYTHONIOENCODING": "ascii"},
    "LANG=C LC_ALL=C": {"LANG": "C", "LC_ALL": "C"},
    "LC_ALL=C without UTF-8 mode": {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"},
}
ASCII_ONLY = {"PYTHONIOENCODING=ascii", "LC_ALL=C without UTF-8 mode"}
"""The environments whose output stream is ASCII: what they print must be ASCII."""

FOLDER = "sauvegardés"  # a save folder whose name the stream cannot carry, shown by 'transcript' and 'list'

MOVES = b"".join(
    [
        b"2 1 1\n",
        "café\n".encode(),  # a word the ASCII stream cannot decode
        b"\xff\xfe\n",  # bytes no encoding decodes
        b"load " + b"a" * 80 + b"\n",  # refused with an ellipsis
        b"transcript\n",  # names the save folder
        b"look\n",
        b"1 1 2\n",
        b"quit\n",
    ]
)


def run_solo(tmp_path: Path, environment: str, *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        **ENVIRONMENTS[environment],
    }
    return subprocess.run(
        [sys.executable, "-m", "solo", "--save-dir", os.fsdecode(tmp_path / FOLDER), *args],
        input=stdin,
        capture_output=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )


def no_traceback(result: subprocess.CompletedProcess, environment: str) -> str:
    """The output as text, once it is known to hold no traceback and only what the stream carries."""
    assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")
    assert b"Traceback" not in result.stdout
    if environment in ASCII_ONLY:
        result.stdout.decode("ascii")
        result.stderr.decode("ascii")
    return result.stdout.decode("utf-8", errors="replace")


@pytest.mark.parametrize("environment", ENVIRONMENTS)
def test_a_piped_game_plays_on_through_what_the_streams_cannot_carry(tmp_path, environment):
    result = run_solo(
        tmp_path, environment, "new", "escape-of-the-dead", "--seed", "1", "--slot", "x", stdin=MOVES
    )
    out = no_traceback(result, environment)
    assert result.returncode == 0
    assert "Nightfall" in out and "You kill the lights and listen." in out  # the opening narration
    assert "-- Turn 2 --" in out and "-- Turn 3 --" in out  # moves after the odd lines were played
    assert len([line for line in out.splitlines() if line.startswith("I don't know '")]) == 2
    assert "characters long" in out
    assert "Transcript on: everything shown is copied to" in out
    assert (tmp_path / FOLDER / "x.transcript.txt").exists()


@pytest.mark.parametrize("environment", ENVIRONMENTS)
def test_listing_a_folder_whose_name_the_stream_cannot_carry(tmp_path, environment):
    result = run_solo(tmp_path, environment, "list")
    out = no_traceback(result, environment)
    assert result.returncode == 0 and "No saves yet in" in out and "sauvegard" in out


@pytest.mark.parametrize("environment", ENVIRONMENTS)
@pytest.mark.parametrize(
    "args, status",
    [
        (("--help",), 0),
        (("new", "café"), 2),  # one line on stderr naming what was typed
        (("bogus-é",), 2),  # argparse's own error
    ],
    ids=["help", "unknown-game", "unknown-command"],
)
def test_help_and_errors_through_what_the_streams_cannot_carry(tmp_path, environment, args, status):
    result = run_solo(tmp_path, environment, *args)
    out = no_traceback(result, environment)
    assert result.returncode == status
    if status == 0:
        assert "usage: solo" in out
    else:
        assert b"caf" in result.stderr or b"bogus" in result.stderr


PROMPT = r"\n(\x1b\[[0-9;?]*[a-zA-Z])*>"  # prompt_toolkit draws '> ' with cursor moves, after its modes


def spawn_solo(home: Path, *args: str, **env: str) -> pexpect.spawn:
    """The program of this tree (not whatever is installed) at a pseudo-terminal, run in home."""
    return pexpect.spawn(
        sys.executable,
        ["-m", "solo", *args],
        encoding="utf-8",
        codec_errors="replace",
        timeout=30,
        dimensions=(40, 120),
        cwd=str(home),
        env={
            "TERM": "xterm-256color",
            "PATH": "/usr/bin:/bin",
            "HOME": str(home),
            "LANG": "C.UTF-8",
            "PYTHONPATH": str(ROOT),
            "PROMPT_TOOLKIT_NO_CPR": "1",
            **env,
        },
    )


def test_a_terminal_that_takes_only_ascii_gets_plain_text_and_no_traceback(tmp_path):
    seen = io.StringIO()
    args = ("--save-dir", str(tmp_path / FOLDER), "new", "escape-of-the-dead", "--seed", "1")
    child = spawn_solo(tmp_path, *args, PYTHONIOENCODING="ascii")
    child.logfile_read = seen
    try:
        child.expect("Nightfall")
        child.expect(PROMPT)
        child.sendline("café")  # UTF-8 bytes the ASCII terminal cannot decode
        child.expect("I don't know")
        child.expect(PROMPT)
        child.sendline("2 1 1")
        child.expect("Turn 2")
        child.expect(PROMPT)
        child.sendline("transcript")  # names the save folder
        child.expect("Transcript on")
        child.expect(PROMPT)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    shown = seen.getvalue()
    assert "Traceback" not in shown, shown
    assert child.exitstatus == 0
    assert shown.isascii()  # everything drawn fits the stream, the toolbar's middle dots included
    assert "╭" not in shown and "-- Turn 2 --" in shown  # the plain renderer


# -- the pieces, in-process ------------------------------------------------------------------------------------


class _Terminal(io.StringIO):
    def __init__(self, encoding: str):
        super().__init__()
        self._encoding = encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return True


def test_a_terminal_whose_encoding_cannot_draw_boxes_gets_the_plain_renderer(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert wants_plain(False, _Terminal("ascii")) is True
    assert wants_plain(False, _Terminal("utf-8")) is False


def test_what_ascii_cannot_carry_is_shown_as_its_lookalike_or_a_replacement():
    text = "Barricade 10/10 \u00b7 \u2018wait\u2019 \u2014 then\u2026 caf\u00e9 \ufffd"
    assert text.encode("ascii", "solo-replace") == b"Barricade 10/10 - 'wait' -- then... caf? ?"
    assert text.encode("ascii", "solo-backslashreplace") == b"Barricade 10/10 - 'wait' -- then... caf\\xe9 ?"
    assert "\udcc3".encode("utf-8", "solo-replace") == b"?"  # a lone surrogate, from a file name


def test_the_standard_streams_are_made_tolerant(monkeypatch):
    out, err = io.BytesIO(), io.BytesIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"caf\xc3\xa9\n"), encoding="ascii"))
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="ascii", write_through=True))
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(err, encoding="ascii", write_through=True))
    tolerate_encodings()
    line = sys.stdin.readline()
    sys.stdout.write(f"I don't know '{line.strip()}' \u2026\n")
    sys.stderr.write("solo: Cannot use /saves/caf\u00e9.json\n")
    assert line == "caf\ufffd\ufffd\n"
    assert out.getvalue() == b"I don't know 'caf??' ...\n"
    assert err.getvalue() == b"solo: Cannot use /saves/caf\\xe9.json\n"


def test_undecodable_bytes_typed_at_the_prompt_arrive_replaced():
    """prompt_toolkit hands on bytes the terminal's encoding cannot decode as lone surrogates, which no stream
    or file can carry; the reader passes them on as U+FFFD."""
    with create_pipe_input() as pipe:
        reader = PromptReader(input=pipe, output=DummyOutput())
        pipe.send_bytes(b"caf\xff\xfe\n")
        line = reader.read("> ")
    assert line == "caf\ufffd\ufffd"
    assert line.encode("utf-8") == "caf\ufffd\ufffd".encode()
