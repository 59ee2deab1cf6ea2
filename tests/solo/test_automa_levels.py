"""The opposing seats' level: chosen with `solo new --automa`, listed by `solo games`, kept in the save, and
replayed exactly by load and undo (issue 17)."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import msgspec
import pytest

from engines.core.contract import resolve_options
from engines.registry import get
from saves import SaveError, SaveStore
from saves.record import Record
from solo.cli import main
from solo.run import Run, changes_since

TCM = get("slaughterhouse")
OLD = Path(__file__).parents[1] / "saves" / "data" / "before_house"


def solo(capsys, monkeypatch, root, *args: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["--save-dir", str(root), *args])
    out, err = capsys.readouterr()
    return code, out, err


def played(level: str, seed: int = 5, answers: int = 6, seat: str = "trespassers") -> Run:
    """A Slaughterhouse run at `level`, the person always taking the first choice."""
    run = Run(TCM, seed, resolve_options(TCM, {}), seat, automa=level)
    run.step_automa()
    go_on(run, answers)
    return run


def reloaded(run: Run) -> Run:
    return Run.from_record(msgspec.json.decode(msgspec.json.encode(run.to_record()), type=Record))


def go_on(run: Run, answers: int = 4) -> list[str]:
    """The keys the automa and the person (first choice) add from here."""
    start = len(run.keys)
    for _ in range(answers):
        d = run.decision()
        if d is None:
            break
        run.choose(d.options[0].key)
        run.step_automa()
    return run.keys[start:]


def test_the_level_decides_how_the_family_plays():
    keys = {level: played(level, answers=12).keys for level in ("easy", "normal")}
    assert keys["easy"] != keys["normal"]
    assert played("easy", answers=12).keys == keys["easy"]  # and it is the same each time


def test_a_saved_level_loads_and_plays_on_exactly():
    run = played("easy")
    again = reloaded(run)
    assert again.automa == "easy" and again.keys == run.keys and again.state == run.state
    assert go_on(again) == go_on(run)


def test_undo_then_the_same_choice_gives_the_same_automa_choices():
    run = played("easy", answers=3)
    d = run.decision()
    assert d is not None and d.seat == "trespassers"
    before = list(run.keys)
    run.choose(d.options[-1].key)
    run.step_automa()
    first = run.keys[len(before) :]
    assert run.undo() and run.keys == before
    run.choose(d.options[-1].key)
    run.step_automa()
    assert run.keys[len(before) :] == first


def test_restart_keeps_the_level(tmp_path):
    from repl_harness import Session

    s = Session(tmp_path, run=played("easy", answers=1)).lines("restart", "y")
    assert s.run.automa == "easy" and "A new game begins" in s.out


def test_new_records_the_level_and_the_save_seals_it(capsys, monkeypatch, tmp_path):
    code, _, err = solo(
        capsys, monkeypatch, tmp_path, "new", "slaughterhouse", "--automa", "easy", "--slot", "e"
    )
    assert code == 0 and err == ""
    store = SaveStore(tmp_path)
    assert store.read("e").automa == "easy"
    path = tmp_path / "e.json"
    path.write_text(path.read_text().replace('"automa": "easy"', '"automa": "normal"'))
    with pytest.raises(SaveError):
        store.read("e")  # a hand-edited level is caught like any other edit


def test_new_without_a_level_plays_normal(capsys, monkeypatch, tmp_path):
    solo(capsys, monkeypatch, tmp_path, "new", "mixtape-massacre", "--slot", "m")
    assert SaveStore(tmp_path).read("m").automa == "normal"


@pytest.mark.parametrize("slot", ["slaughterhouse-midway", "mixtape-massacre", "escape-of-the-dead"])
def test_a_save_from_before_levels_reads_as_normal_and_replays(tmp_path, slot):
    shutil.copy(OLD / f"{slot}.json", tmp_path / f"{slot}.json")
    assert "automa" not in json.loads((tmp_path / f"{slot}.json").read_text())
    store = SaveStore(tmp_path)
    record = store.read(slot)
    run = Run.from_record(record)
    store.unlock_all()
    assert record.automa == "normal" and run.automa == "normal"
    # The same story, told with any facts newer rules added (Slaughterhouse 4's drawn cards) under the names
    # newer rules gave them (the Mixtape games' one name per fact): every saved fact is there, unchanged.
    assert [e.kind for e in run.log] == [e.kind for e in record.log]
    older = changes_since(run.game, record.rules_version).older(run.log)
    assert all(old.facts.items() <= new.facts.items() for old, new in zip(record.log, older, strict=True))


def test_a_bad_level_gets_one_line(capsys, monkeypatch, tmp_path):
    code, _, err = solo(capsys, monkeypatch, tmp_path, "new", "slaughterhouse", "--automa", "hrad")
    assert code == 2 and err.count("\n") == 1
    assert "No automa level 'hrad'. Did you mean 'hard'?" in err and "easy, normal, hard" in err
    assert not list(tmp_path.glob("*.json"))


@pytest.mark.parametrize("game", ["escape-of-the-dead", "final-girl"])
def test_a_game_with_no_opposing_seat_says_so_and_records_nothing(capsys, monkeypatch, tmp_path, game):
    code, _, err = solo(capsys, monkeypatch, tmp_path, "new", game, "--automa", "hard", "--slot", "g")
    title = get(game).title
    assert code == 0 and err == f"solo: {title} has no automa to set: no seat plays against you. The run starts without one.\n"
    assert SaveStore(tmp_path).read("g").automa == "normal"


def test_games_lists_the_levels_and_the_default(capsys, monkeypatch, tmp_path):
    code, out, _ = solo(capsys, monkeypatch, tmp_path, "--plain", "games")
    assert code == 0
    blocks = out.split("\n\n")
    for title in ("Slaughterhouse", "Mixtape Massacre", "Tall Oaks"):
        block = next(b for b in blocks if title in b)
        assert "--automa" in block and "easy" in block and "hard" in block and "default normal" in block
    eotd = next(b for b in blocks if "Escape of the Dead" in b)
    assert "no seat plays against you" in eotd


def test_hard_searches_and_replays_exactly(monkeypatch):
    from engines.core import levels

    monkeypatch.setitem(levels.HARD_SAMPLES, TCM.id, 1)  # the same search, at a test's pace
    run = played("hard", answers=1)
    assert go_on(reloaded(run), 1) == go_on(run, 1)


@pytest.mark.parametrize("game_id", ["slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"])
def test_hard_is_recorded_where_the_search_can_play_and_refused_in_one_line_where_not(
    capsys, monkeypatch, tmp_path, game_id
):
    from engines.core import levels

    game = get(game_id)
    monkeypatch.setitem(levels.HARD_SAMPLES, game_id, 1)  # the same search, at a test's pace
    code, _, err = solo(capsys, monkeypatch, tmp_path, "new", game_id, "--automa", "hard", "--slot", "h")
    assert code == 0 and SaveStore(tmp_path).read("h").automa == "hard"
    # every game has its determinize now; one added without it is refused in one line
    monkeypatch.setattr("solo.automa.searchable", lambda g: False)
    code, _, err = solo(capsys, monkeypatch, tmp_path, "new", game_id, "--automa", "hard", "--slot", "no")
    assert code == 2 and err == (
        f"solo: The search cannot play {game.title} yet (it has no determinize); pick easy or normal.\n"
    )


def test_the_levels_are_the_engines():
    from engines.core import levels
    from solo import automa

    assert automa.LEVELS == levels.LEVELS and automa.DEFAULT == levels.DEFAULT_LEVEL


def test_the_menu_asks_for_the_level_where_there_is_one(capsys, monkeypatch, tmp_path):
    code, out, _ = solo(capsys, monkeypatch, tmp_path, stdin="1\n3\n\n\n\nhardest\nea\nquit\n")
    assert code == 0 and "'hardest' is not one of easy, normal, hard" in out
    assert SaveStore(tmp_path).read("slaughterhouse").automa == "easy"  # a unique start is enough
    code, out, _ = solo(capsys, monkeypatch, tmp_path / "b", stdin="1\n1\n\n\nquit\n")
    assert "automa" not in out and SaveStore(tmp_path / "b").read("escape-of-the-dead").automa == "normal"


def test_an_automa_that_searches_has_what_it_did_told_before_it_thinks_again(tmp_path: Path):
    """At the hard level each automa decision takes about a second: in plain or piped output (never shortened,
    and with no spinner) the story so far is told before it thinks again, rather than the whole family turn
    appearing at once. A terminal holds it behind the spinner's line instead (tests/solo/test_fit_story.py)."""
    from engines.core.autoplay import decide
    from tests.solo.repl_harness import Session

    seen: list[str] = []

    class Thinking:
        searches = True

        def choose(self, game, state, decision, rng) -> str:
            seen.append(session.out)
            return decide(game, game.policies[game.default_policy], state, decision, rng)

    run = Run(TCM, 3, resolve_options(TCM, {}), "trespassers", automa="hard")
    run._policy = Thinking()
    session = Session(tmp_path, run)
    session.lines("quit")
    assert len(seen) >= 3, "the family places its Horror tiles at setup"
    assert "face down" not in seen[0]  # nothing placed before the first decision
    assert "Horror tile" in seen[2] and len(seen[2]) > len(seen[1]) > len(seen[0])
    assert session.out.count("Horror tile") >= 3


def test_searchable_asks_for_the_games_determinize():
    """Every game has one; a game without it is not searchable (the check once said yes of anything)."""
    from types import SimpleNamespace

    from solo import automa

    assert all(automa.searchable(get(g)) for g in ("slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks"))
    assert not automa.searchable(SimpleNamespace(id="no-determinize"))
