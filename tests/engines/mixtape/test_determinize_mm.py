"""determinize, facts and value for both Mixtape games: a sample keeps every seat's view, plays on legally,
redraws each hidden thing, and never depends on the hidden order it was drawn from."""

from __future__ import annotations

import random
from functools import cache

import msgspec
import pytest

from engines.core.autoplay import play, policy_rng
from engines.core.rng import Rng
from engines.mixtape.directors_cut import determinize as dc_hidden
from engines.mixtape.directors_cut import rules_data as DR
from engines.mixtape.tall_oaks import determinize as to_hidden
from engines.mixtape.tall_oaks import rules_data as TR
from engines.registry import get
from tests.tools.breadth import FULL

DC, TO = "mixtape-massacre", "escape-from-tall-oaks"
HIDDEN = {DC: dc_hidden, TO: to_hidden}
SEEDS = range(14)


def people(state) -> list:
    return state.slashers if hasattr(state, "slashers") else state.survivors


def seats(state) -> list[str]:
    return [x.seat for x in people(state)]


def frozen(state) -> bytes:
    return msgspec.msgpack.encode(state)


def copied(game_id: str, state):
    return msgspec.msgpack.decode(frozen(state), type=get(game_id).state_type)


@cache
def positions(game_id: str) -> tuple:
    """States reached by seeded play with the shipped policies (heuristic, and random on every third seed),
    one every seven decisions (the first 400 of a random game) and every keep or aid choice (where a drawn card is hidden from the others)."""
    game = get(game_id)
    out = []
    for seed in SEEDS:
        randomly = seed % 3 == 2
        policy = game.policies["random" if randomly else "heuristic"]
        state, _ = game.setup(seed, {"rivals": str(1 + seed % 5)})
        k = 0
        while (d := game.decision(state)) is not None and k < (400 if randomly else 3000):
            if k % 7 == 3 or state.phase in ("keep", "aid"):
                out.append(copied(game_id, state))
            game.apply(state, policy(game.view(state, d.seat), d, policy_rng(seed, k)), d)
            k += 1
        assert randomly or game.decision(state) is None, f"seed {seed} did not finish"
    return tuple(out)


def midgame(game_id: str, seed: int = 3, decisions: int = 60):
    game = get(game_id)
    state, _ = game.setup(seed, {"rivals": "3"})
    for k in range(decisions):
        d = game.decision(state)
        game.apply(state, game.policies["heuristic"](game.view(state, d.seat), d, policy_rng(seed, k)), d)
    return state


def samples(game_id: str, state, seat: str, n: int = 50) -> list:
    return [HIDDEN[game_id].determinize(state, seat, Rng.from_seed(1000 + i)) for i in range(n)]


@pytest.mark.parametrize("game_id", [DC, TO])
def test_positions_cover_the_hidden_choices(game_id):
    phases = {s.phase for s in positions(game_id)}
    assert "keep" in phases and len(positions(game_id)) > 200
    if game_id == DC:
        assert "aid" in phases


@pytest.mark.parametrize("game_id", [DC, TO])
def test_every_seat_sees_the_sample_as_the_real_state_and_no_rule_is_broken(game_id):
    game = get(game_id)
    for n, state in enumerate(positions(game_id)):
        before = frozen(state)
        for seat in seats(state):
            sample = HIDDEN[game_id].determinize(state, seat, Rng.from_seed(n))
            assert game.view(sample, seat) == game.view(state, seat), (n, seat)
            d, real = game.decision(sample), game.decision(state)
            if seat == real.seat:  # the decider's own choice, labels and all; another seat may not see them
                assert d == real
            assert (d.seat, d.kind) == (real.seat, real.kind)
            assert game.invariants(sample) == [], (n, seat)
        assert frozen(state) == before, "determinize changed the real state"


@pytest.mark.parametrize("game_id", [DC, TO])
def test_a_sample_plays_on_legally_to_the_end_with_the_heuristic(game_id):
    """Every ninth position; under the full breadth each seat's sample plays on, under the quick one a seat a
    position, the seats in turn (a half to a sixth of the samples, every seat still among them)."""
    game = get(game_id)
    heuristic = game.policies["heuristic"]
    for n, state in enumerate(positions(game_id)[::9]):
        everyone = seats(state)
        for seat in everyone if FULL else [everyone[n % len(everyone)]]:
            sample = HIDDEN[game_id].determinize(state, seat, Rng.from_seed(n))
            for k in range(3000):
                d = game.decision(sample)
                if d is None:
                    break
                game.apply(sample, heuristic(game.view(sample, d.seat), d, policy_rng(n, k)), d)
            assert game.decision(sample) is None and game.outcome(sample) is not None
            assert game.invariants(sample) == []


@pytest.mark.parametrize("game_id", [DC, TO])
def test_the_same_rng_gives_the_same_sample(game_id):
    state = midgame(game_id)
    a = HIDDEN[game_id].determinize(state, seats(state)[1], Rng.from_seed(9))
    b = HIDDEN[game_id].determinize(state, seats(state)[1], Rng.from_seed(9))
    assert a == b and a is not b


@pytest.mark.parametrize("game_id", [DC, TO])
def test_deck_orders_and_the_future_dice_vary_and_the_discards_stay(game_id):
    state = midgame(game_id)
    got = samples(game_id, state, get(game_id).decision(state).seat)  # who decides sees any card drawn
    for deck in ("scenes", "supplies", "bonus"):
        real = getattr(state, deck)
        assert len(real.draw_pile) > 5
        assert len({getattr(s, deck).draw_pile[-1] for s in got}) > 5, deck
        assert all(sorted(getattr(s, deck).draw_pile) == sorted(real.draw_pile) for s in got)
        assert all(getattr(s, deck).discard_pile == real.discard_pile for s in got)
    assert len({s.rng.state for s in got}) == 50
    assert state.rng.state not in {s.rng.state for s in got}
    assert len({tuple(s.rng.d6s(4)) for s in got}) > 40


def test_director_s_cut_markers_are_dealt_again_from_the_markers_and_the_bank():
    state = midgame(DC)
    got = samples(DC, state, "slasher2")
    hidden = sorted(state.bank + [t for held in state.markers.values() for t in held])
    for s in got:
        assert {loc: len(t) for loc, t in s.markers.items()} == {
            loc: len(t) for loc, t in state.markers.items()
        }
        assert sorted(s.bank + [t for held in s.markers.values() for t in held]) == hidden
        assert [x.souvenirs for x in s.slashers] == [x.souvenirs for x in state.slashers]
    for loc, held in state.markers.items():
        if held:
            assert len({tuple(s.markers[loc]) for s in got}) > 5, loc
    runner_tops = {sum(DR.is_runner(t[-1]) for t in s.markers.values() if t) for s in got}
    assert len(runner_tops) > 1, "how many locations hide a Runner should vary"


def test_tall_oaks_tokens_and_every_face_down_final_scene_are_dealt_again():
    state = midgame(TO)
    got = samples(TO, state, "survivor1")
    down = [i for i, x in enumerate(state.survivors) if not x.revealed]
    assert len(down) == len(state.survivors)
    for s in got:
        assert {loc: bool(t) for loc, t in s.markers.items()} == {
            loc: bool(t) for loc, t in state.markers.items()
        }
        assert sorted(s.finals + [x.final for x in s.survivors]) == sorted(TR.FINAL_SCENES)
    for i in down:  # the seat's own card too: nobody looks at it
        assert len({s.survivors[i].final for s in got}) > 4, i
    assert len({tuple(s.markers.values()) for s in got}) > 5


def test_a_face_up_final_scene_and_the_traitor_cards_stay():
    state = midgame(TO)
    x = state.survivors[1]
    x.revealed = True
    traitor = next(c for c in state.supplies.draw_pile if TR.supply(c).kind == TR.TRAITOR)
    state.supplies.draw_pile.remove(traitor)
    state.survivors[2].traitors.append(traitor)
    got = samples(TO, state, "survivor1")
    assert {s.survivors[1].final for s in got} == {x.final}
    assert x.final not in {c for s in got for c in s.finals + [o.final for o in s.survivors[:1]]}
    assert all(s.survivors[2].traitors == [traitor] for s in got)
    assert all(traitor not in s.supplies.draw_pile for s in got)


def keep_positions(game_id: str, phase: str = "keep") -> list:
    """Positions where a drawn card waits and the draw pile holds several cards that could be it."""
    return [s for s in positions(game_id) if s.phase == phase and len(s.supplies.draw_pile) > 5][:6]


@pytest.mark.parametrize(("game_id", "phase"), [(DC, "keep"), (DC, "aid"), (TO, "keep")])
def test_a_drawn_card_is_kept_for_its_drawer_and_drawn_again_for_the_others(game_id, phase):
    found = keep_positions(game_id, phase)
    assert found
    for state in found:
        keeper = people(state)[state.keeper].seat
        assert {s.drawn for s in samples(game_id, state, keeper, 10)} == {state.drawn}
        other = next(seat for seat in seats(state) if seat != keeper)
        got = samples(game_id, state, other)
        assert len({s.drawn for s in got}) > 1
        for s in got:
            if game_id == TO:
                assert TR.supply(s.drawn).kind != TR.TRAITOR
            elif phase == "aid":
                assert DR.supply(s.drawn).kind == "heal"
            else:
                assert DR.supply(s.drawn).kind not in ("key", "hero")
                if s.slashers[s.keeper].health < DR.HEALTH:  # no aid choice came, so it is no healing card
                    assert DR.supply(s.drawn).kind != "heal"
            assert sorted([*s.supplies.draw_pile, s.drawn]) == sorted(
                [*state.supplies.draw_pile, state.drawn]
            )


# -- the sample depends on the view alone ----------------------------------------------------------


def scramble(game_id: str, state, seat: str, seed: int):
    """Another state `seat` cannot tell from this one: every hidden order changed by a different shuffler."""
    r = random.Random(seed)
    out = copied(game_id, state)
    for deck in (out.scenes, out.supplies, out.bonus):
        r.shuffle(deck.draw_pile)
    keeper = people(out)[out.keeper].seat if out.drawn and out.keeper >= 0 else seat
    if keeper != seat:
        pile = out.supplies.draw_pile
        same = [i for i, c in enumerate(pile) if _kind(game_id, c) == _kind(game_id, out.drawn)]
        if same:
            i = r.choice(same)
            pile[i], out.drawn = out.drawn, pile[i]
    if game_id == DC:
        pool = out.bank + [t for held in out.markers.values() for t in held]
        r.shuffle(pool)
        for loc in reversed(list(out.markers)):
            n = len(out.markers[loc])
            out.markers[loc] = [pool.pop() for _ in range(n)]
        out.bank = pool
    else:
        pool = out.bank + [t for t in out.markers.values() if t]
        r.shuffle(pool)
        out.markers = {loc: pool.pop() if t else "" for loc, t in out.markers.items()}
        out.bank = pool
        down = [x for x in out.survivors if not x.revealed]
        finals = out.finals + [x.final for x in down]
        r.shuffle(finals)
        for x in down:
            x.final = finals.pop()
        out.finals = finals
    out.rng = Rng.from_seed(r.getrandbits(64))
    return out


def _kind(game_id: str, card: str) -> str:
    return (DR if game_id == DC else TR).supply(card).kind


@pytest.mark.parametrize("game_id", [DC, TO])
def test_the_sample_does_not_depend_on_the_hidden_order(game_id):
    game = get(game_id)
    changed = 0
    for n, state in enumerate(positions(game_id)[::3]):
        for seat in seats(state):
            other = scramble(game_id, state, seat, n)
            assert game.view(other, seat) == game.view(state, seat)
            assert game.invariants(other) == []
            changed += other != state
            a = HIDDEN[game_id].determinize(state, seat, Rng.from_seed(n))
            b = HIDDEN[game_id].determinize(other, seat, Rng.from_seed(n))
            assert a == b, (n, seat)
    assert changed > 100


@pytest.mark.parametrize("game_id", [DC, TO])
def test_a_sample_of_a_sample_is_the_same_as_a_sample_of_the_real_state(game_id):
    """What a search's no-cheating check does: another sample taken as the real state changes nothing."""
    for n, state in enumerate(positions(game_id)[::11]):
        for seat in seats(state):
            other = HIDDEN[game_id].determinize(state, seat, Rng.from_seed(n + 77))
            a = HIDDEN[game_id].determinize(state, seat, Rng.from_seed(n))
            assert HIDDEN[game_id].determinize(other, seat, Rng.from_seed(n)) == a


# -- facts and value ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 4, 8])
def test_director_s_cut_facts_and_value_at_a_game_s_end(seed):
    state = play(get(DC), seed, options={"rivals": "3"}).state
    assert state.result
    for x in state.slashers:
        f = dc_hidden.facts(state, x.seat)
        assert f["souvenirs"] == len(x.souvenirs) == dc_hidden.value(state, x.seat)
        assert f["health left"] == (x.health if x.alive else 0)
        assert f["rivals dead"] == sum(not o.alive for o in state.slashers if o is not x)
    assert any(dc_hidden.value(state, seat) >= state.goal for seat in state.winners) or not state.winners
    with pytest.raises(ValueError, match="slasher6"):
        dc_hidden.facts(state, "slasher6")


def test_tall_oaks_facts_and_value():
    state = midgame(TO, decisions=150)
    for x in state.survivors:
        f = to_hidden.facts(state, x.seat)
        assert f["rescue tokens"] == len(x.rescues) == to_hidden.value(state, x.seat)
        assert f["tasks done"] == sum(state.done)
        assert f["health left"] == (x.health if x.alive else 0)
        assert f["Final Rescue token"] == float(x.final_token)
    assert any(to_hidden.value(state, x.seat) for x in state.survivors)
    with pytest.raises(ValueError, match="survivor6"):
        to_hidden.value(state, "survivor6")
