"""Slaughterhouse told to the person's seat: the REPL, the exports and the replay build the narrator for
`run.seat`, so the family seat hears the family as 'you' and the Trespassers' seat hears it from outside."""

from __future__ import annotations

import re

import pytest
from repl_harness import Session

from engines.core.contract import resolve_options
from engines.registry import get
from solo import export
from solo.run import Run

GAME = get("slaughterhouse")
FAMILY = re.compile(r"You (?:set|ready) (?:a Horror tile|the |Grandpa's)")
OUTSIDE = re.compile(r"A Horror tile goes face down|The family readies")


def finished(seat: str) -> Run:
    run = Run(GAME, 4, resolve_options(GAME, {"trespassers": "1"}), seat)
    while run.step_automa() is not None and (d := run.decision()) is not None:
        run.choose(d.options[0].key)
    return run


@pytest.mark.parametrize(
    ("seat", "voice", "other"), [("sawyer", FAMILY, OUTSIDE), ("trespassers", OUTSIDE, FAMILY)]
)
def test_the_export_is_told_to_the_runs_seat(seat, voice, other):
    text = export.render(finished(seat), "text")
    assert voice.search(text) and not other.search(text)


def test_the_repl_tells_the_family_seat_its_own_placements(tmp_path):
    run = Run(GAME, 4, resolve_options(GAME, {"trespassers": "1"}), "sawyer")
    s = Session(tmp_path, run=run).lines("1", "1", "quit")
    assert FAMILY.search(s.out) and not OUTSIDE.search(s.out)
