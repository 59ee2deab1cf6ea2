"""A save of older rules loads where the newer rules only added event facts (Slaughterhouse 4 names the family's
drawn cards): its log is compared with those facts left out, then told with them from the replay.

data/rules_v3/family-midway is a rules-version-3 run on the family seat, stopped mid-game, with one undo in its
snapshot and another in its journal (written by the program as it stood before rules 4)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec
import pytest

from engines import registry
from engines.core.events import UNDO, Event
from narratives.narrator import for_game
from saves.record import Record
from saves.store import SaveStore
from solo import export
from solo.run import Run, RunError, added_since, changes_since, without
from solo.summary import summarize

DATA = Path(__file__).parent / "data" / "rules_v3"
SLOT = "family-midway"


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    for path in DATA.iterdir():
        shutil.copy(path, tmp_path / path.name)
    return SaveStore(tmp_path)


def test_a_mid_game_save_of_rules_3_loads_with_its_journal_and_undos(store: SaveStore):
    record = store.read(SLOT)
    assert record.rules_version == "3" and record.journal and any(s.key is None for s in record.journal)
    run = Run.from_record(record)
    store.unlock_all()
    assert run.decision() is not None and run.keys[: len(record.keys)] == record.keys
    added = added_since(run.game, "3")
    assert set(added) == {"game_started", "sawyer_turn", "cards_bought", "relentless", "moved"} | set(
        run.game.facts_added["7"]  # rules 7 (issue 45): the facts each consequence's number needs
    )
    saved = without(run.log, added)[: len(record.log)]
    assert saved == record.log  # the snapshot's part of the log, but for the added facts
    assert [e.kind == UNDO for e in run.log].count(True) == 2
    draws = [e for e in run.log if e.kind in added and "drew" in added[e.kind]]
    assert draws and all(e.facts["drew"] for e in draws if e.kind != "sawyer_turn" or e.facts["drawn"])


def test_the_old_save_reads_the_drawn_cards_to_the_family_and_never_to_the_trespassers(store: SaveStore):
    run = Run.from_record(store.read(SLOT))
    store.unlock_all()
    names = {n for e in run.log for n in e.facts.get("drew", [])}
    family = export.render(run, "text")
    assert run.seat == "sawyer" and "In your hand:" in family
    assert all(n in family for n in names)
    other = Run(run.game, run.seed, run.options, "trespassers")
    for key in run.keys:
        other.choose(key)
    public = " ".join(
        str(v) for e in other.log if e.kind not in run.game.facts_added["4"] for v in e.facts.values()
    )
    secret = {n for n in names if n not in public}  # drawn and never played: only the family may hear them
    assert secret
    for kind in ("text", "markdown", "html"):
        for brief in (False, True):
            told = export.render(other, kind, brief)
            assert not [n for n in secret if n in told], (kind, brief)


def test_once_loaded_it_is_saved_under_the_current_rules_and_loads_again(store: SaveStore):
    run = Run.from_record(store.read(SLOT))
    store.write(SLOT, run.to_record())
    again = store.read(SLOT)
    assert again.rules_version == run.game.rules_version and again.log == run.log
    assert Run.from_record(again).log == run.log
    store.unlock_all()


def test_an_old_log_that_differs_beyond_the_added_facts_is_refused(store: SaveStore):
    path = store.path(SLOT)
    doc = json.loads(path.read_bytes())
    turn = next(e for e in doc["log"] if e["kind"] == "sawyer_turn")
    turn["facts"]["hand"] += 1  # a fact the old rules wrote too
    record = store.read(SLOT)
    edited = msgspec.structs.replace(record, log=msgspec.convert(doc["log"], list[Event]))
    with pytest.raises(RunError, match=r"rules version 3 .* plays it differently"):
        Run.from_record(edited)
    claimed = [msgspec.structs.replace(e, facts={**e.facts, "drew": ["Slam!"]}) for e in record.log]
    with pytest.raises(RunError):  # an old log that claims the new facts is not one the old rules wrote
        Run.from_record(msgspec.structs.replace(record, log=claimed))
    store.unlock_all()


def _rules_4(tmp_path: Path, slot: str) -> tuple[SaveStore, Record, Run]:
    """A rules-4 save of data/rules_v4 copied and loaded: its log is the replay's under the rules it was saved by."""
    shutil.copy(Path(__file__).parent / "data" / "rules_v4" / f"{slot}.json", tmp_path)
    store = SaveStore(tmp_path)
    record = store.read(slot)
    run = Run.from_record(record)
    store.unlock_all()
    assert record.rules_version == "4" and changes_since(run.game, "4").older(run.log) == record.log
    return store, record, run


def test_a_slaughterhouse_save_of_rules_4_loads_and_tells_a_tile_found_on_a_move_once(tmp_path: Path):
    """data/rules_v4/tiles-midway: a rules-4 Slaughterhouse run (seed 0, 80 heuristic decisions, written by the
    program before rules 5) whose moves turned up Horror tiles; rules 5 add the tile to the move's `moved` event,
    filled in from the replay, so the arrival is not told as a second entry."""
    store, record, run = _rules_4(tmp_path, "tiles-midway")
    assert not any("found" in e.facts for e in record.log if e.kind == "moved")
    found = [e for e in run.log if e.kind == "moved" and e.facts.get("found")]
    assert found and "{" not in export.render(run, "text")
    store.write("tiles-midway", run.to_record())
    again = store.read("tiles-midway")
    assert again.rules_version == run.game.rules_version and again.log == run.log
    store.unlock_all()


def test_a_tall_oaks_save_of_rules_4_loads_and_shows_every_scuffle_rounds_dice(tmp_path: Path):
    """data/rules_v4/scuffles-midway: a rules-4 run of Escape From Tall Oaks with four scuffles, whose events
    had no dice; rules 5 add each round's faces, filled in from the replay."""
    _, _, run = _rules_4(tmp_path, "scuffles-midway")
    scuffles = [e for e in run.log if e.kind == "scuffle"]
    assert len(scuffles) == 4 and all(len(e.facts["dice"]) == e.facts["rounds"] for e in scuffles)
    told = export.render(run, "text")
    for e in scuffles:
        whose = "yours" if e.facts["seat"] == run.seat else f"{e.facts['name']}'s"
        assert f"{whose} {', '.join(f.capitalize() for f in e.facts['dice'][-1][0])} against" in told


RENAMED = [  # (folder, slot, the save's rules version): written by the program before the renames (issue 16)
    ("rules_v4", "directors-cut-midway", "4"),
    ("rules_v5", "tall-oaks-midway", "5"),
]


def _renamed_store(tmp_path: Path, folder: str, slot: str) -> SaveStore:
    for path in (Path(__file__).parent / "data" / folder).glob(f"{slot}.*"):
        shutil.copy(path, tmp_path / path.name)
    return SaveStore(tmp_path)


@pytest.mark.parametrize(("folder", "slot", "version"), RENAMED)
def test_a_mixtape_save_from_before_the_renames_loads_reads_the_new_names_and_saves_under_the_new_rules(
    tmp_path: Path, folder: str, slot: str, version: str
):
    """The snapshot and its journal (ten decisions and an undo) replay; the log is compared under the old names,
    then kept under the new ones; saved again, it loads as a save of the current rules."""
    store = _renamed_store(tmp_path, folder, slot)
    record = store.read(slot)
    run = Run.from_record(record)
    store.unlock_all()
    renames = run.game.facts_renamed[str(int(version) + 1)]
    assert record.rules_version == version and record.journal and any(s.key is None for s in record.journal)
    assert run.keys[: len(record.keys)] == record.keys and len(run.keys) > len(record.keys)
    old = [(e.kind, k) for e in record.log if e.kind in renames for k in e.facts if k in renames[e.kind]]
    assert len({kind for kind, _ in old}) >= 4  # the old log names several renamed facts the old way
    for e in run.log:
        if e.kind in renames:
            assert not set(renames[e.kind]) & set(e.facts), e  # none left under its old name
    new = {(e.kind, renames[kind][k]) for kind, k in old for e in run.log if e.kind == kind}
    assert all(any(e.kind == kind and name in e.facts for e in run.log) for kind, name in new)
    assert changes_since(run.game, version).older(run.log)[: len(record.log)] == record.log
    openings = [e for e in run.log if e.kind == "opening_roll"]  # the seats' names, added since, from the replay
    assert openings and all(set(e.facts["names"]) == set(e.facts["rolls"]) for e in openings)
    assert not any("names" in e.facts for e in record.log if e.kind == "opening_roll")
    told = export.render(run, "text")
    assert told and "{" not in told
    store.write(slot, run.to_record())
    again = store.read(slot)
    assert again.rules_version == run.game.rules_version and again.log == run.log and not again.journal
    assert Run.from_record(again).log == run.log
    store.unlock_all()


@pytest.mark.parametrize(("folder", "slot", "version"), RENAMED)
def test_an_old_mixtape_log_under_a_new_name_is_refused(tmp_path: Path, folder: str, slot: str, version: str):
    """The old log is compared strictly: one fact already under its new name is not what the old rules wrote."""
    store = _renamed_store(tmp_path, folder, slot)
    record = store.read(slot)
    store.unlock_all()
    renames = registry.get(record.game).facts_renamed[str(int(version) + 1)]
    at = next(i for i, e in enumerate(record.log) if e.kind in renames and set(renames[e.kind]) & set(e.facts))
    e = record.log[at]
    facts = {renames[e.kind].get(k, k): v for k, v in e.facts.items()}
    log = [*record.log[:at], msgspec.structs.replace(e, facts=facts), *record.log[at + 1 :]]
    with pytest.raises(RunError, match=rf"rules version {version} .* plays it differently"):
        Run.from_record(msgspec.structs.replace(record, log=log, journal=[]))


def _loaded(tmp_path: Path, folder: str, slot: str, version: str) -> tuple[SaveStore, Record, Run]:
    """A save of data/FOLDER copied and loaded: it was written under rules `version`, and its log is the
    replay's as those rules wrote it."""
    shutil.copy(Path(__file__).parent / "data" / folder / f"{slot}.json", tmp_path)
    store = SaveStore(tmp_path)
    record = store.read(slot)
    run = Run.from_record(record)
    store.unlock_all()
    assert record.rules_version == version and changes_since(run.game, version).older(run.log) == record.log
    return store, record, run


def test_an_escape_of_the_dead_save_of_rules_1_loads_and_counts_only_the_boards_there_were(tmp_path: Path):
    """data/rules_v1/overrun: a lost rules-1 run (seed 11, written by the program before rules 2) whose last
    attack was two zombies against one board. Rules 2 add the boards an attack really tore off (`lost`), filled
    in from the replay, so the line says 1 damage and the summary 10 points lost, not 11 from 10."""
    store, _, run = _loaded(tmp_path, "rules_v1", "overrun", "1")
    last = [e for e in run.log if e.kind == "zombies_attack"][-1]
    assert (last.facts["damage"], last.facts["lost"], last.facts["barricade"]) == (2, 1, 0)
    assert for_game(run.game.id, run.seed).summary(last) == "Attack: 2 zombies, 1 damage (barricade 0/10)."
    lost = dict(summarize(run).lines())["Lost"]
    assert lost == "10 Barricade points in 5 attacks (0 rebuilt; 0 left)"
    store.write("overrun", run.to_record())
    assert store.read("overrun").rules_version == run.game.rules_version
    store.unlock_all()


@pytest.mark.parametrize(
    ("folder", "slot", "version"), [("rules_v6", "opening-dc", "6"), ("rules_v7", "opening-to", "7")]
)
def test_a_mixtape_save_from_before_the_opening_rolls_faces_loads_and_shows_every_die(
    tmp_path: Path, folder: str, slot: str, version: str
):
    """data/rules_v6/opening-dc and data/rules_v7/opening-to: runs of four seats (seed 5, 30 decisions, Tall
    Oaks' with a tie for the top roll) written by the program before the opening roll kept its dice; the faces
    are filled in from the replay and told, and they add up to the sums the old log kept."""
    store, record, run = _loaded(tmp_path, folder, slot, version)
    opening = next(e for e in run.log if e.kind == "opening_roll")
    old = next(e for e in record.log if e.kind == "opening_roll")
    assert "faces" not in old.facts and {s: [sum(r) for r in f] for s, f in opening.facts["faces"].items()} == old.facts["rolls"]
    told = export.render(run, "text")
    for rolls in opening.facts["faces"].values():
        assert " then ".join("+".join(map(str, r)) for r in rolls) in told
    store.write(slot, run.to_record())
    assert store.read(slot).rules_version == run.game.rules_version
    store.unlock_all()


def test_a_directors_cut_save_of_rules_7_loads_and_tells_the_supply_a_hero_took(tmp_path: Path):
    """data/rules_v7/hero-dc: a rules-7 run (seed 7, Sheriff Hollis, three rivals, 110 heuristic decisions,
    written by the program before rules 8) in which a Hero who won took a slasher's supply without a word;
    rules 8 name it in the `hero_won` event (`dropped`), filled in from the replay."""
    _, record, run = _loaded(tmp_path, "rules_v7", "hero-dc", "7")
    took = [e for e in run.log if e.kind == "hero_won" and e.facts["dropped"]]
    assert took and all("dropped" not in e.facts for e in record.log if e.kind == "hero_won")
    told = export.render(run, "text")
    assert all(f"the {e.facts['dropped']}" in told for e in took)
