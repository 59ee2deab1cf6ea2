"""Saves written before the engines were split by mechanic (issue 16) still load, replayed to the same log and
state: bench/digest.py wrote them, one finished run and one stopped mid-turn per game. Where newer rules added
event facts (Slaughterhouse 4: the family's drawn cards), the replay's log has them and is otherwise the saved one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engines import registry
from saves.store import SaveStore
from solo.run import Run, changes_since

DATA = Path(__file__).parent / "data" / "before_house"


@pytest.mark.parametrize("slot", [g for gid in registry.ids() for g in (gid, f"{gid}-midway")])
def test_a_save_from_before_the_house_loads(tmp_path: Path, slot: str):
    shutil.copy(DATA / f"{slot}.json", tmp_path / f"{slot}.json")
    store = SaveStore(tmp_path)
    record = store.read(slot)
    run = Run.from_record(record)
    store.unlock_all()
    assert (
        run.keys == record.keys
        and changes_since(run.game, record.rules_version).older(run.log) == record.log
    )
    assert (run.decision() is None) == (not slot.endswith("midway"))
