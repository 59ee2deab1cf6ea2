"""Mixtape saves from before the queue (issue 47, 2) load and play on: data/before_queue/ holds runs written by
the program as it stood then (heuristic seats, default options), each stopped where a tag was pending in the
state, or one was left behind, so the upgrade (engines/mixtape/before_queue.py) is met on every tag it reads:

- dc-keep (seed 2, 60 decisions): a keep choice after a supply drawn on a start-of-turn search, "turn" after it;
- dc-hero-door (seed 66, 178): a Hero's spend after a lock broken on a move, the door and "end" behind it;
- dc-door (seed 0, 17): the door of a lock broken at the start of a turn, "turn" behind it;
- dc-brawl (seed 0, 28): a brawl's spend, the mover's "arrive_place" behind it;
- dc-stale (seed 1, 23): a start-of-turn choice with a tag a Hero who won left behind (nothing waits on it);
- dc-ended (seed 23, 108): a finished run that ended mid-brawl, its tag left behind;
- to-keep-won (seed 3, 146): a keep choice after the free supply of a fight won by Triple Actions;
- to-fight-card (seed 0, 61): a fight's spend, the Killer Scene that called it behind it;
- to-escaped (seed 1, 55): a scuffle after an escape into a location, which then ends the turn."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec
import pytest

from engines import registry
from engines.core.autoplay import policy_rng
from saves.store import SaveStore
from solo.run import Run, RunError

DATA = Path(__file__).parent / "data" / "before_queue"
QUEUED = {
    "dc-keep": ["turn"],
    "dc-hero-door": ["door", "end"],
    "dc-door": ["turn"],
    "dc-brawl": ["arrive_place"],
    "dc-stale": [],
    "dc-ended": [],
    "to-keep-won": ["won:final:end"],
    "to-fight-card": ["card"],
    "to-escaped": ["escaped"],
}
"""What each save's state waits on, in the queue's shape: the steps it goes on with, next first."""


def _load(tmp_path: Path, slot: str) -> tuple[SaveStore, Run]:
    shutil.copy(DATA / f"{slot}.json", tmp_path / f"{slot}.json")
    store = SaveStore(tmp_path)
    run = Run.from_record(store.read(slot))
    store.unlock_all()
    return store, run


@pytest.mark.parametrize("slot", sorted(QUEUED))
def test_an_old_shape_mixtape_save_loads_upgraded_and_plays_on_to_its_end(tmp_path: Path, slot: str):
    store, run = _load(tmp_path, slot)
    record = store.read(slot)
    store.unlock_all()
    saved = json.loads((DATA / f"{slot}.json").read_text())["state"]
    assert "todo" not in saved and "after" in saved  # written before the queue
    assert run.keys == record.keys and run.state.todo == QUEUED[slot]
    upgraded = msgspec.convert(run.game.upgrade_state(saved), run.game.state_type)  # type: ignore[attr-defined]
    assert msgspec.json.encode(upgraded) == msgspec.json.encode(run.state)  # the whole state, the queue too
    game = run.game
    policy = game.policies[game.default_policy]
    if slot == "dc-ended":
        assert run.decision() is None
        return
    while (d := run.decision()) is not None and len(run.keys) < 3000:
        run.choose(policy(game.view(run.state, d.seat), d, policy_rng(run.seed, len(run.keys))), d)
    assert game.outcome(run.state) is not None and run.state.todo == []


@pytest.mark.parametrize(("slot", "edit"), [("dc-door", {"door": "end"}), ("to-keep-won", {"after": "end"})])
def test_an_old_shape_save_whose_tag_was_edited_is_refused(tmp_path: Path, slot: str, edit: dict[str, str]):
    """The upgrade reads the tags the state waits on into the queue, so the replay checks them as it checks every
    other field: a tag changed by hand no longer matches the run its keys replay to."""
    shutil.copy(DATA / f"{slot}.json", tmp_path / f"{slot}.json")
    store = SaveStore(tmp_path)
    record = store.read(slot)
    store.unlock_all()
    record.state.update(edit)  # as a hand's edit would read once past the seal
    with pytest.raises(RunError, match="saved state"):
        Run.from_record(record)


@pytest.mark.parametrize("game_id", ["mixtape-massacre", "escape-from-tall-oaks"])
def test_a_state_of_the_queues_shape_is_left_as_it_is(game_id: str):
    game = registry.get(game_id)
    state, _ = game.setup(4, {})
    doc = msgspec.to_builtins(state)
    assert game.upgrade_state(doc) is doc  # type: ignore[attr-defined]
