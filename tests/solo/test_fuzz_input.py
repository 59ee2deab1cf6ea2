"""Fuzzed typed lines for all five games: nothing typed ends the program with an exception, every refusal is one
line, and the run saved at the end loads again with the same keys.

The REPL runs in-process on the reader used when stdin is not a terminal (solo.reader.PlainReader), fed by a
stream that turns a drawn "legal move" into the number of a choice offered at that moment, so random words and
real play interleave. Each typed line's output is captured on its own (the Repl's `handle`), so a refusal can be
counted: a line that did not move the game on and was not a command is refused, and a refusal is one line.
"""

from __future__ import annotations

import io
import itertools
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core.contract import resolve_options
from engines.core.race import Race
from engines.registry import get, ids
from saves import SaveStore
from solo.commands import COMMANDS
from solo.games import InputError
from solo.parse import clean, resolve
from solo.reader import PlainReader
from solo.repl import Repl
from solo.run import Run
from solo.screen import Screen, make_console
from tests.tools.breadth import breadth


@dataclass(frozen=True)
class Move:
    """A legal move: the n-th of the choices offered when it is read (counted round, so any n fits)."""

    n: int


Item = Move | str

# -- what is typed ---------------------------------------------------------------------------------------------

ODD_NUMBERS = ["²", "①", "₀", "❸", "٣", "1²", "²1", "--5", "-1", "0", "00", "+1", "1.5", "9" * 30, "1 ²"]
ODD_ARGS = [
    *ODD_NUMBERS,
    "5",
    "me",
    "extra",
    "off",
    "on",
    "a b c",
    "/etc/passwd",
    "../x",
    "x" * 600,
    "?",
    "help",
]
WORDS = sorted({w for c in COMMANDS for w in (c.name, *c.aliases)} - {"quit", "q", "exit", "restart", "review"})
# Bare 'quit' would end most examples at once, and bare 'restart' reads the next line as its answer: both are
# typed with arguments below (refused), and 'restart' alone only now and then, followed by an answer. A bare
# 'review' plays out every option of every decision so far (two thirds of Director's Cut's fuzz, 17 of 24 s):
# it is typed with arguments here, and bare at a run's start, mid-run and after an undo in every game by
# tests/solo/test_review_typed.py.

unicode_words = st.text(st.characters(categories=("Nd", "No", "Nl", "Lu", "Ll", "Lo", "Zs")), max_size=12)
control = st.text(st.characters(categories=("Cc", "Cf"), exclude_characters="\n"), min_size=1, max_size=3)
with_control = st.tuples(unicode_words, control, unicode_words).map("".join)
long_lines = st.sampled_from(
    ["x" * 10_000, "1" * 10_000, "help " + "a" * 10_000, "² " * 5_000, "map " * 2_500]
)
meta_odd = st.tuples(
    st.sampled_from([*WORDS, "quit", "q", "exit", "restart", "review"]),
    st.one_of(st.sampled_from(ODD_ARGS), unicode_words.filter(str.strip)),
).map(" ".join)
restart = st.tuples(st.just("restart"), st.sampled_from(["y", "n", "", "yes", "²"]))
items: st.SearchStrategy[list[Item]] = st.lists(
    st.one_of(
        st.integers(1, 60).map(Move),
        st.integers(1, 60).map(Move),  # weighted: enough real play to reach other kinds of decision
        st.integers(1, 60).map(Move),
        st.sampled_from(ODD_NUMBERS),
        st.sampled_from(WORDS),
        unicode_words,
        with_control,
        long_lines,
        meta_odd,
        restart.map(list),
    ),
    min_size=20,
    max_size=80,
).map(lambda drawn: [x for d in drawn for x in (d if isinstance(d, list) else [d])])


# -- the harness -----------------------------------------------------------------------------------------------


class Lines(io.TextIOBase):
    """A stream of typed lines for PlainReader; a Move becomes a choice's number when it is read."""

    def __init__(self, items: list[Item]):
        self.items = list(items)
        self.repl: Repl | None = None

    def readline(self, size: int | None = -1) -> str:
        if not self.items:
            return ""
        item = self.items.pop(0)
        if isinstance(item, Move):
            d = self.repl.run.decision() if self.repl else None
            item = str((item.n - 1) % len(d.options) + 1) if d else "log 1"
        return item + "\n"


@dataclass
class Typed:
    """One line handled by the REPL: what it printed, the errors among that, and whether the game moved."""

    line: str
    kind: str | None  # "command", "option", or None where the line resolves to nothing
    out: str
    errors: list[str] = field(default_factory=list)
    moved: bool = False


class ProbeRepl(Repl):
    """The real REPL, with each typed line's output and errors kept apart so a refusal can be counted."""

    def __init__(self, *args: Any, buffer: io.StringIO, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.buffer = buffer
        self.typed_lines: list[Typed] = []
        self.errors: list[str] = []
        shown = self.screen.error

        def error(text: str) -> None:
            self.errors.append(text)
            shown(text)

        self.screen.error = error  # type: ignore[method-assign]

    def handle(self, line: str) -> None:
        kind = self._kind(line)
        before = (id(self.run), tuple(self.run.keys))
        start = len(self.buffer.getvalue())
        self.errors = []
        try:
            super().handle(line)
        finally:
            moved = (id(self.run), tuple(self.run.keys)) != before
            self.typed_lines.append(Typed(line, kind, self.buffer.getvalue()[start:], self.errors, moved))

    def _kind(self, line: str) -> str | None:
        try:
            text = clean(line)
            return resolve(text, self.run.decision(), self.ui).kind if text else None
        except InputError:
            return None


def session(
    game_id: str, seed: int, seat_pick: int, typed: list[Item], root: Path, picks: tuple[int, ...] = ()
) -> tuple[ProbeRepl, int]:
    """Play `typed` at a new run (its seat and options picked by number, counted round); the REPL and its exit."""
    game = get(game_id)
    seat = game.person_seats[seat_pick % len(game.person_seats)]
    chosen = {o.name: o.choices[p % len(o.choices)] for o, p in zip(game.options, picks, strict=False)}
    run = Run(game, seed, resolve_options(game, chosen), seat)
    buffer = io.StringIO()
    screen = Screen(make_console(True, file=buffer, width=100), True)  # plain: soft wrap, one Text one line
    stream = Lines(typed)
    repl = ProbeRepl(run, SaveStore(root), "fuzz", screen, PlainReader(stream, screen.echo), buffer=buffer)
    stream.repl = repl
    seeds = itertools.count(1000)
    with mock.patch("solo.repl.new_seed", lambda: next(seeds)):  # 'restart' deals the same dice every time
        code = repl.play()
    return repl, code


def check_refusals(repl: ProbeRepl) -> None:
    for t in repl.typed_lines:
        for e in t.errors:
            assert "\n" not in e.strip(), f"{t.line[:60]!r}: an error of more than one line: {e!r}"
        refused = not t.moved and (t.kind != "command" or t.errors)
        if not refused:
            continue
        lines = t.out.rstrip("\n").split("\n")
        if t.kind == "command" and lines[0].startswith("(again: "):
            lines = lines[1:]  # 'again' says what it repeats, then that line's own answer
        assert t.errors, f"{t.line[:60]!r} changed nothing and said nothing of why: {t.out[:300]!r}"
        assert len(lines) == 1, f"{t.line[:60]!r} was refused in {len(lines)} lines: {t.out[:500]!r}"


# -- the fuzz --------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module", autouse=True)
def quick_hints():
    """A typed `hint` searches (about a second a hint at its real budget), and a typed `review` searches every
    decision of the run so far (most of this file's time at its 16 samples); the fuzz is about what typing
    does, not about their figures (tests/solo/test_hint_search.py, tests/solo/test_review*), so hints and
    reviews play one sample (every option of every decision still played out; at two, the hints alone were
    half of this file's time), in this process (a review's worker processes, spawned afresh under pytest-xdist,
    were half of this file's time again; tests/solo/test_review_games.py and test_cores.py check them). Saves
    skip the disk's flush (os.fsync, thousands of them here): the run saved at the end still loads from the
    files written, and what a flush guards against, a crash, is tests/solo/test_processes.py's and
    tests/saves/'."""
    with (
        mock.patch("solo.advice.RACE", Race(first=1, most=1)),
        mock.patch("solo.review_search.RACE", Race(first=1, most=1)),
        mock.patch("solo.review_search.jobs_default", lambda: 1),
        mock.patch("os.fsync"),
    ):
        yield


@pytest.mark.parametrize("game_id", ids())
@settings(
    max_examples=breadth(15, 30),  # each a whole typed session (a large share of the suite); bench/hostile.py: 300
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(0, 10_000),
    seat_pick=st.integers(0, 5),
    picks=st.tuples(*[st.integers(0, 11)] * 8),  # every game's options, each value now and then
    typed=items,
)
def test_typed_lines_never_crash_refusals_are_one_line_and_the_run_reloads(
    game_id, seed, seat_pick, picks, typed
):
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        repl, code = session(game_id, seed, seat_pick, typed, root, picks)  # an exception fails the test
        assert code == 0
        check_refusals(repl)
        again = Run.from_record(SaveStore(root).read(repl.slot))
        assert again.game.id == repl.run.game.id and again.keys == repl.run.keys


# -- the pieces the fuzz relies on, checked ------------------------------------------------------------------


def test_the_line_counter_catches_a_refusal_of_two_lines(tmp_path):
    """The check above can fail: a refusal printed over two lines is caught."""
    repl, _ = session("escape-of-the-dead", 1, 0, ["²"], tmp_path)
    assert repl.typed_lines[0].errors and not repl.typed_lines[0].moved
    repl.typed_lines[0].out += "and a second line\n"
    with pytest.raises(AssertionError, match="refused in 2 lines"):
        check_refusals(repl)


def test_a_move_is_read_as_the_number_of_a_choice_offered_now(tmp_path):
    first = Run(get("escape-of-the-dead"), 1, resolve_options(get("escape-of-the-dead"), {}), "survivor")
    offered = first.decision().keys()
    repl, _ = session("escape-of-the-dead", 1, 0, [Move(len(offered) + 1), Move(15)], tmp_path)
    assert [t.line for t in repl.typed_lines] == ["1", "15"]  # counted round: one past the last is the first
    assert repl.run.keys[:2] == [offered[0], "alloc:0-0-4"]
