"""The readers: the launch's first autosave waits until the prompt is on screen, and never goes missing."""

from __future__ import annotations

import io
import re
import threading
from pathlib import Path

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from saves import SaveStore
from solo.reader import PlainReader, PromptReader
from solo.repl import Repl
from solo.screen import Screen, make_console
from tests.solo.repl_harness import new_run


def _terminal() -> tuple[Vt100_Output, io.StringIO]:
    screen = io.StringIO()
    return Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm"), screen


def test_soon_runs_while_the_prompt_waits_for_input():
    output, drawn = _terminal()
    seen: list[str] = []
    with create_pipe_input() as pipe:
        late = threading.Timer(3, pipe.send_text, ["late\n"])  # only if soon never ran while waiting
        late.start()

        def soon() -> None:
            seen.append(drawn.getvalue())
            pipe.send_text("look\n")  # nothing was typed before: the prompt was up and waiting

        reader = PromptReader(input=pipe, output=output)
        line = reader.read("> ", soon=soon)
        late.cancel()
    assert line == "look"
    assert len(seen) == 1
    assert ">" in re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]|\x08", "", seen[0])


def test_on_a_dumb_terminal_soon_runs_before_the_prompt(monkeypatch):
    monkeypatch.setenv("TERM", "dumb")
    order: list[str] = []
    reader = PromptReader(input=None, output=None)

    class Dumb:
        def prompt(self, message, pre_run=None):
            order.append("prompt")
            return "look"

    reader.session = Dumb()
    assert reader.read("> ", soon=lambda: order.append("soon")) == "look"
    assert order == ["soon", "prompt"]


def test_a_failure_in_soon_is_raised_once_the_prompt_is_gone():
    output, _ = _terminal()

    def soon() -> None:
        raise RuntimeError("disk on fire")

    with create_pipe_input() as pipe:
        pipe.send_text("look\n")
        reader = PromptReader(input=pipe, output=output)
        with pytest.raises(RuntimeError, match="disk on fire"):
            reader.read("> ", soon=soon)


def test_soon_runs_even_when_the_prompt_ends_before_the_loop_turns():
    reader = PromptReader(input=None, output=None)
    ran: list[bool] = []

    class Ended:
        def prompt(self, message, pre_run=None):
            raise EOFError  # as Ctrl-D typed ahead would, before pre_run's callback had its turn

    reader.session = Ended()
    with pytest.raises(EOFError):
        reader.read("> ", soon=lambda: ran.append(True))
    assert ran == [True]


def test_the_launch_save_is_made_once_not_at_every_prompt(tmp_path: Path):
    writes: list[str] = []

    class Counting(SaveStore):
        def write(self, slot, record, **how):
            writes.append(slot)
            return super().write(slot, record, **how)

    reader = PlainReader(io.StringIO("look\nlook\nquit\n"), echo=lambda text: None)
    screen = Screen(make_console(True, file=io.StringIO()), True)
    Repl(new_run(), Counting(tmp_path), "once", screen, reader).play()
    assert writes == ["once", "once"]  # at the first prompt, and on quitting; 'look' saves nothing


def test_plain_reader_runs_soon_before_reading():
    order: list[str] = []

    class Lines(io.StringIO):
        def readline(self, *args):
            order.append("read")
            return super().readline(*args)

    reader = PlainReader(Lines("look\n"), echo=lambda text: None)
    reader.read("> ", soon=lambda: order.append("soon"))
    assert order == ["soon", "read"]


class _Recorder:
    """A reader that notes whether the slot was on disk at each prompt, then ends the input."""

    echoes = True

    def __init__(self, store: SaveStore, slot: str):
        self.store, self.slot, self.saved_at_prompt = store, slot, []

    def read(self, prompt, soon=None):
        if soon is not None:
            soon()
        self.saved_at_prompt.append(self.store.path(self.slot).exists())
        raise EOFError


def test_the_first_prompt_has_the_run_saved(tmp_path: Path):
    store = SaveStore(tmp_path)
    reader = _Recorder(store, "first")
    repl = Repl(new_run(), store, "first", Screen(make_console(True, file=io.StringIO()), True), reader)
    assert repl.play() == 0
    assert reader.saved_at_prompt[0] is True


def test_a_failed_first_save_is_said_once_the_line_is_read(tmp_path: Path):
    blocked = tmp_path / "saves"
    blocked.write_text("a file where the save folder should be")
    out = io.StringIO()
    store = SaveStore(blocked)
    reader = PlainReader(io.StringIO("look\nquit\n"), echo=lambda text: None)
    Repl(new_run(), store, "x", Screen(make_console(True, file=out), True), reader).play()
    text = out.getvalue()
    assert "Autosave failed" in text
    assert text.index("Autosave failed") < text.index("Turn: 1")  # said before 'look' is answered
