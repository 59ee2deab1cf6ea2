"""Every registered game keeps the engine contract: determinism, replay, views, invariants, legal keys only."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import registry
from engines.core.autoplay import play, replay
from engines.core.contract import IllegalMove

GAMES = registry.ids()


def encode(x) -> bytes:
    return msgspec.json.encode(x)


@pytest.mark.parametrize("gid", GAMES)
def test_same_seed_and_choices_give_the_same_log_byte_for_byte(gid):
    game = registry.get(gid)
    for seed in range(20):
        a = play(game, seed, "random")
        b = play(game, seed, "random")
        assert encode(a.events) == encode(b.events) and encode(a.state) == encode(b.state)


@pytest.mark.parametrize("gid", GAMES)
def test_replaying_the_keys_rebuilds_state_and_log(gid):
    game = registry.get(gid)
    for seed in range(20):
        played = play(game, seed, game.default_policy)
        state, events = replay(game, seed, played.keys)
        assert encode(state) == encode(played.state) and encode(events) == encode(played.events)


@pytest.mark.parametrize("gid", GAMES)
def test_state_decodes_from_its_json(gid):
    game = registry.get(gid)
    played = play(game, 3, "random")
    copy = msgspec.json.decode(encode(played.state), type=game.state_type)
    assert encode(copy) == encode(played.state)


@pytest.mark.parametrize("gid", GAMES)
def test_invariants_hold_after_every_step(gid):
    game = registry.get(gid)
    for policy in game.policies:
        for seed in range(150):
            state, _ = game.setup(seed, {})
            assert game.invariants(state) == []
            from engines.core.autoplay import policy_rng

            n = 0
            while (d := game.decision(state)) is not None:
                key = game.policies[policy](game.view(state, d.seat), d, policy_rng(seed, n))
                assert key in d.keys(), f"{policy} chose an illegal key {key}"  # noqa: SIM118 (Decision.keys)
                game.apply(state, key)
                n += 1
                assert game.invariants(state) == [], (policy, seed, n)
                assert n < 20_000, f"{policy} never ends seed {seed}"
            assert game.outcome(state) is not None


@pytest.mark.parametrize("gid", GAMES)
def test_illegal_keys_are_refused_without_change(gid):
    game = registry.get(gid)
    state, _ = game.setup(0, {})
    before = encode(state)
    for key in ("", "nonsense", "alloc:9-9-9", "x" * 1000):
        with pytest.raises(IllegalMove):
            game.apply(state, key)
    assert encode(state) == before


@pytest.mark.parametrize("gid", GAMES)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10_000), max_size=80))
def test_any_sequence_of_legal_choices_keeps_the_rules(gid, seed, picks):
    game = registry.get(gid)
    state, events = game.setup(seed, {})
    for pick in picks:
        d = game.decision(state)
        if d is None:
            break
        events += game.apply(state, d.options[pick % len(d.options)].key)
        assert game.invariants(state) == []
    assert all(e.turn <= game.turn(state) for e in events)


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_declares_what_the_app_needs(gid):
    game = registry.get(gid)
    assert game.person_seats and set(game.person_seats) <= {s.id for s in game.seats}
    assert game.default_policy in game.policies and "random" in game.policies
    for opt in game.options:
        assert opt.default in opt.choices
