"""Saves from before the Mixtape engines stopped offering spends that cannot help (RULES.md "Spends that
cannot help"): a save that never chose such a spend loads (tests/saves/test_before_house.py), and so does one
that chose one: the rulebook lets a player spend any tokens held, so the engine still plays such a spend
though it no longer offers it, and the run is never lost."""

from __future__ import annotations

import msgspec
import pytest

from engines.core.autoplay import policy_rng
from engines.mixtape.directors_cut import spending
from engines.registry import get
from solo.run import Run, changes_since

GAME = get("mixtape-massacre")


def _every_count(state) -> list[int]:
    """Rules version 3: every count of tokens up to those held."""
    return list(range(spending.usable(state, state.spender, state.purpose) + 1))


def _old_save_with_a_spend_that_cannot_help(monkeypatch: pytest.MonkeyPatch) -> tuple[msgspec.Struct, str]:
    """A run played under rules version 3 up to its first spend that the current rules do not offer, which it
    takes; returned as its record (marked version 3) and the key."""
    for seed in range(20):
        run = Run(GAME, seed, {}, "slasher1")
        for index in range(400):
            d = run.decision()
            if d is None:
                break
            if d.kind == "spend":
                kept = set(spending.helpful(run.state))
                with monkeypatch.context() as m:
                    m.setattr(spending, "helpful", _every_count)
                    old = GAME.decision(run.state)
                    dropped = [o.key for o in old.options if int(o.key.split(":")[1]) not in kept]
                    if dropped:
                        run.choose(dropped[0], old)
                        old_log = changes_since(GAME, "3").older(run.log)  # as rules 3 named its facts
                        record = msgspec.structs.replace(run.to_record(), rules_version="3", log=old_log)
                        return record, dropped[0]
            run.choose(GAME.policies["heuristic"](GAME.view(run.state, d.seat), d, policy_rng(seed, index)), d)
    raise AssertionError("no spend that cannot help in 20 seeded games")


def test_an_old_save_that_chose_a_spend_that_cannot_help_loads_and_plays_as_it_did(monkeypatch):
    record, key = _old_save_with_a_spend_that_cannot_help(monkeypatch)
    run = Run.from_record(record)  # it replays to its very log and state, or from_record raises RunError
    assert run.keys[-1] == key and changes_since(GAME, "3").older(run.log) == record.log


def test_a_spend_that_cannot_help_is_not_offered_but_is_still_played_when_named(monkeypatch):
    record, key = _old_save_with_a_spend_that_cannot_help(monkeypatch)
    run = Run(GAME, record.seed, record.options, record.seat)
    for k in record.keys[:-1]:
        run.choose(k)
    assert key not in run.decision().keys()  # noqa: SIM118 (Decision.keys is a method): not offered
    run.choose(key)  # still the rulebook's to play
    assert changes_since(GAME, "3").older(run.log) == record.log
