"""For every registered game: a run saved, loaded and continued is the same as one played straight through."""

from __future__ import annotations

import io

import msgspec
import pytest

from engines import registry
from engines.core.autoplay import play
from engines.core.contract import resolve_options
from saves import SaveStore
from solo.run import Run, RunError, changes_since
from solo.screen import make_console, wants_plain


@pytest.mark.parametrize("gid", registry.ids())
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_save_load_continue_equals_uninterrupted_play(tmp_path, gid, seed):
    game = registry.get(gid)
    keys = play(game, seed, "heuristic" if "heuristic" in game.policies else game.default_policy).keys
    options = resolve_options(game, {})
    straight = Run(game, seed, options, game.person_seats[0])
    for key in keys:
        straight.choose(key)
    half = len(keys) // 2
    first = Run(game, seed, options, game.person_seats[0])
    for key in keys[:half]:
        first.choose(key)
    store = SaveStore(tmp_path)
    store.write("s", first.to_record())
    second = Run.from_record(store.read("s"))
    for key in keys[half:]:
        second.choose(key)
    assert msgspec.json.encode(second.state) == msgspec.json.encode(straight.state)
    assert second.log == straight.log and second.keys == straight.keys


@pytest.mark.parametrize("gid", registry.ids())
def test_a_record_whose_replay_differs_is_refused(gid):
    game = registry.get(gid)
    run = Run(game, 4, resolve_options(game, {}), game.person_seats[0])
    for key in play(game, 4, "random").keys[:3]:
        run.choose(key)
    record = run.to_record()
    for bad in (
        msgspec.structs.replace(record, seed=record.seed + 1),
        msgspec.structs.replace(record, keys=[*record.keys, "nonsense"]),
        msgspec.structs.replace(record, log=record.log[:-1]),
        msgspec.structs.replace(record, game="no-such-game"),
        msgspec.structs.replace(record, rules_version="999"),
        msgspec.structs.replace(record, seat="nobody"),
    ):
        with pytest.raises(RunError):
            Run.from_record(bad)


def _record(game, seed: int = 4, choices: int = 3):
    run = Run(game, seed, resolve_options(game, {}), game.person_seats[0])
    for key in play(game, seed, "random").keys[:choices]:
        run.choose(key)
    return run, run.to_record()


@pytest.mark.parametrize("gid", registry.ids())
def test_a_save_from_older_rules_that_replays_the_same_still_loads(gid):
    game = registry.get(gid)
    run, record = _record(game)
    older = str(int(game.rules_version) - 1)
    old_log = changes_since(game, older).older(record.log)  # as older rules wrote it
    loaded = Run.from_record(msgspec.structs.replace(record, rules_version=older, log=old_log))
    assert loaded.keys == run.keys and loaded.log == run.log  # the added facts filled in from the replay
    assert loaded.to_record().rules_version == game.rules_version  # saved again under these rules


def test_a_save_from_older_rules_that_plays_differently_says_both_versions():
    game = registry.get("final-girl")
    _, record = _record(game, choices=6)
    tampered = msgspec.structs.replace(record, rules_version="1", log=record.log[:-1])
    expected = f"rules version 1 of Final Girl.*rules version {game.rules_version} plays it differently"
    with pytest.raises(RunError, match=expected):
        Run.from_record(tampered)


def test_undo_markers_survive_a_save_and_load(tmp_path):
    game = registry.get("escape-of-the-dead")
    run = Run(game, 9, resolve_options(game, {}), "survivor")
    run.choose("alloc:2-1-1")
    run.undo()
    run.choose("alloc:1-1-2")
    store = SaveStore(tmp_path)
    store.write("u", run.to_record())
    loaded = Run.from_record(store.read("u"))
    assert [e.kind for e in loaded.log] == [e.kind for e in run.log] and "undo" in [
        e.kind for e in loaded.log
    ]
    assert loaded.undo() and loaded.keys == []


@pytest.mark.parametrize(
    ("flag", "no_color", "tty", "plain"),
    [(False, "", True, False), (True, "", True, True), (False, "1", True, True), (False, "", False, True)],
)
def test_plain_when_asked_when_no_color_or_when_not_a_terminal(monkeypatch, flag, no_color, tty, plain):
    class Stream(io.StringIO):
        def isatty(self):
            return tty

    monkeypatch.setenv("NO_COLOR", no_color)
    assert wants_plain(flag, Stream()) is plain


def test_plain_console_writes_no_escape_codes():
    out = io.StringIO()
    console = make_console(True, file=out)
    console.print("[bold]hello[/bold]")
    assert out.getvalue() == "[bold]hello[/bold]\n"


@pytest.mark.parametrize("gid", registry.ids())
def test_status_is_from_the_persons_seat(gid):
    game = registry.get(gid)
    played = play(game, 5, game.default_policy)
    outcome = game.outcome(played.state)
    for seat in game.person_seats:
        run = Run(game, 5, resolve_options(game, {}), seat)
        for key in played.keys:
            run.choose(key)
        expected = "won" if seat in outcome.winners else ("draw" if outcome.result == "draw" else "lost")
        assert run.status() == expected
