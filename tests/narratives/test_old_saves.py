"""A save written before the grammar, the folds and the truth checks still loads and reads in the new prose.

data/eotd_before_issue13.json was written by the program as it stood before (seed 7, a weak barricade, the
rolls in the person's order, two undos, played to a loss). The narration is made from the log, so the same
log must narrate, the same way every time.
"""

from __future__ import annotations

import re
from pathlib import Path

from saves.codec import decode_record
from solo import export
from solo.run import Run

SAVE = Path(__file__).parent / "data" / "eotd_before_issue13.json"


def load() -> Run:
    return Run.from_record(decode_record(SAVE.read_bytes()))


def test_an_old_save_loads_and_reads_in_every_export_and_mode():
    run = load()
    assert run.status() == "lost" and sum(e.kind == "undo" for e in run.log) == 2
    for kind in ("text", "markdown", "html"):
        for brief in (False, True):
            out = export.render(run, kind, brief)
            assert "Nightfall" in out and "Taken back" in out, kind
            assert not re.search(r"\{[a-z_]+\}|#[a-z_]+#", out), kind  # no field or rule left unfilled


def test_an_old_save_reads_the_same_words_every_time():
    first = export.render(load(), "text")
    assert export.render(load(), "text") == first
    assert "Braaaainnns" in first and "[Lawn: rolled" in first
