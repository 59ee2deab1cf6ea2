"""A run saved before content was added still loads and plays on exactly as it would have (issue 46, A).

Each test saves a run midway, adds a card (or a character) to the game's data as a later content edition would
(`since = 2`), loads the save and plays on with the same choices: the same story, move for move. A new run of
the same seed is dealt from the new edition, and differs only where the new card goes: no die and no other deck
moves (engines/core/decks.py).
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engines.core.autoplay import policy_rng
from engines.core.decks import DEAL
from engines.registry import get
from saves import SaveStore
from solo.run import Run


def advance(run: Run, steps: int) -> None:
    """`steps` decisions of whoever decides, each by the game's shipped policy with its decision's own RNG."""
    game = run.game
    for _ in range(steps):
        d = run.decision()
        if d is None:
            return
        policy = game.policies[game.default_policy]
        run.choose(policy(game.view(run.state, d.seat), d, policy_rng(run.seed, len(run.keys))), d)


def _final_girl(monkeypatch: pytest.MonkeyPatch) -> str:
    from engines.final_girl import data as D
    from engines.final_girl import dealing

    card = {"name": "Probe", "owner": "killer", "copies": 1, "since": 2, "source": "designed"}
    monkeypatch.setitem(D.TERROR, "zz_probe", {**card, "effects": [{"op": "horror", "n": 1}]})
    monkeypatch.setitem(D.KIND, "zz_probe-1", "zz_probe")
    dealing.refresh()
    return "zz_probe-1"


def _slaughterhouse(monkeypatch: pytest.MonkeyPatch) -> str:
    from engines.slaughterhouse import data as D
    from engines.slaughterhouse import dealing

    card = {**D.DESPERATION["desp/adrenaline/1"], "id": "zz_probe", "since": 2}
    for table in (D.DESPERATION, D.ALL_DESPERATION):
        monkeypatch.setitem(table, "desp/zz_probe", card)
    dealing.refresh()
    return "desp/zz_probe"


def _directors_cut(monkeypatch: pytest.MonkeyPatch) -> str:
    from engines.mixtape.directors_cut import dealing
    from engines.mixtape.directors_cut import rules_data as R

    rows = R._DATA["killer_scenes"]["cards"]
    row = {**rows[0], "id": "k99", "title": "Probe in the Fog", "since": 2}
    monkeypatch.setitem(R._DATA["killer_scenes"], "cards", [*rows, row])
    monkeypatch.setitem(R.SCENES, "k99", dataclasses.replace(R.SCENES[rows[0]["id"]], id="k99"))
    dealing.refresh()
    return "k99"


def _tall_oaks(monkeypatch: pytest.MonkeyPatch) -> str:
    from engines.mixtape.tall_oaks import dealing
    from engines.mixtape.tall_oaks import rules_data as R

    names = R._DATA["survivors"]["names"]
    monkeypatch.setitem(R._DATA["survivors"], "names", [*names, {"name": "Zed", "since": 2}])
    monkeypatch.setitem(R.ABILITIES, "Zed", dataclasses.replace(R.ABILITIES[names[0]], name="Zed"))
    dealing.refresh()
    return "Zed"


ADDS: dict[str, Callable[[pytest.MonkeyPatch], str]] = {
    "final-girl": _final_girl,
    "slaughterhouse": _slaughterhouse,
    "mixtape-massacre": _directors_cut,
    "escape-from-tall-oaks": _tall_oaks,
}
"""Each dealing game -> what adds one card (or character) of edition 2 to its data, and names it."""

DEALING = {
    "final-girl": "engines.final_girl.dealing",
    "slaughterhouse": "engines.slaughterhouse.dealing",
    "mixtape-massacre": "engines.mixtape.directors_cut.dealing",
    "escape-from-tall-oaks": "engines.mixtape.tall_oaks.dealing",
}
"""Each dealing game -> its module of pools, whose editions are read again once the data changes back."""


@contextmanager
def added(game_id: str) -> Iterator[str]:
    """The game's data with one card of edition 2 added, as a later release would ship it."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        try:
            yield ADDS[game_id](monkeypatch)
        finally:
            monkeypatch.undo()
            importlib.import_module(DEALING[game_id]).refresh()


def _saved(tmp_path: Path, game_id: str, recorded: bool) -> tuple[SaveStore, Run]:
    """A run saved 40 decisions in (its edition recorded, or not, as runs saved before this release were)."""
    game = get(game_id)
    run = Run(game, 11, {}, game.person_seats[0])
    assert run.options[DEAL] == "1"
    advance(run, 40)
    if not recorded:
        del run.options[DEAL]
    store = SaveStore(tmp_path)
    store.write("run", run.to_record())
    return store, run


def _told(run: Run) -> bytes:
    return msgspec.json.encode([run.keys, run.log, run.state])


@pytest.mark.parametrize("recorded", [True, False], ids=["edition-recorded", "saved-before-editions"])
@pytest.mark.parametrize("game_id", list(ADDS))
def test_a_run_saved_before_a_card_was_added_loads_and_plays_on_exactly_as_it_would_have(
    tmp_path, game_id, recorded
):
    store, _ = _saved(tmp_path, game_id, recorded)
    before = Run.from_record(store.read("run"))
    advance(before, 60)
    with added(game_id) as card:
        assert get(game_id).newest_deal == "2" and card in _pools(get(game_id).content(2))
        after = Run.from_record(store.read("run"))
        assert after.options[DEAL] == "1"
        advance(after, 60)
        assert _told(after) == _told(before)
        assert card not in _pools(get(game_id).content(1))


def _pools(pools: dict[str, tuple[str, ...]]) -> set[str]:
    return {c for cards in pools.values() for c in cards}


@pytest.mark.parametrize("game_id", list(ADDS))
def test_a_new_run_is_dealt_the_new_card_and_no_die_or_other_deck_moves(game_id):
    game = get(game_id)
    with added(game_id) as card:
        old = [game.setup(seed, {DEAL: "1"})[0] for seed in range(40)]
        new = [game.setup(seed, {})[0] for seed in range(40)]
        assert Run(game, 3, {}, game.person_seats[0]).options[DEAL] == "2"
    assert all(o.rng == n.rng for o, n in zip(old, new, strict=True))  # the dice to come are the same
    assert any(_places(n, card) for n in new), f"the new card {card} is dealt in runs of the new edition"
    for o, n in zip(old, new, strict=True):
        changed = {name for name, value in _fields(n).items() if _fields(o).get(name) != value}
        assert changed <= {*_places(n, card), "deal", *_SAME_DECK.get(game_id, ())}, changed


_SAME_DECK = {
    "final-girl": ("terror", "terror_out"),  # ten of the Terror cards are dealt: the new one may displace one
    "mixtape-massacre": ("scenes",),
    "escape-from-tall-oaks": ("survivors",),
}
"""The parts of the state that hold the deck the new card joined, besides the one it lies in."""


def _fields(state: Any) -> dict[str, Any]:
    return msgspec.to_builtins(state)


def _places(state: Any, card: str) -> set[str]:
    """The state's top-level fields that hold the card (in a list, a deck or a survivor's name)."""
    return {name for name, value in _fields(state).items() if card in msgspec.json.encode(value).decode()}


def test_escape_of_the_dead_deals_no_cards_and_a_new_achievement_leaves_an_old_run_as_it_was(tmp_path, monkeypatch):
    """Escape of the Dead has no deck to deal: what it grows by is its achievements, which play never reads."""
    from engines.escape_of_the_dead import achievements

    store, _ = _saved_plain(tmp_path)
    before = Run.from_record(store.read("run"))
    advance(before, 30)
    monkeypatch.setitem(achievements.TEXT, "zz_probe", "Probe: a new achievement.")
    after = Run.from_record(store.read("run"))
    advance(after, 30)
    assert _told(after) == _told(before) and DEAL not in after.options
    assert "zz_probe" in get("escape-of-the-dead").achievements


def _saved_plain(tmp_path: Path) -> tuple[SaveStore, Run]:
    game = get("escape-of-the-dead")
    run = Run(game, 11, {}, game.person_seats[0])
    advance(run, 6)
    store = SaveStore(tmp_path)
    store.write("run", run.to_record())
    return store, run
