"""Every registered game keeps the engine contract: determinism, replay, views, invariants, legal keys only.

Under the default options, and under every value of every option (one at a time, plus the combinations whose
rules meet), since an option opens rule paths the defaults never reach (issue 12, item 13)."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import registry
from engines.core.autoplay import Played, play, policy_rng, replay
from engines.core.contract import Game, IllegalMove, resolve_options
from tests.tools.breadth import breadth, pairs

GAMES = registry.ids()

COMBINED: dict[str, list[dict[str, str]]] = {
    # The Trespassers' count changes the family (4 makes it brutal) and every scenario deals its own items.
    # Under the quick breadth, half of the twelve as a checkerboard: each count and each scenario still met.
    "slaughterhouse": [{"trespassers": n, "scenario": sc} for n, sc in pairs(["1", "3", "4"], list("bcde"))],
    # Bonus items belong to one girl: Cassie's only come out with both options set.
    "final-girl": [
        {"girl": "cassie", "bonus_items": "on"},
        {"girl": "cassie", "mode": "extreme", "dark_power": "epic", "finale": "epic", "bonus_items": "on"},
    ],
    # A fixed goal overrides the one the table size would give.
    "mixtape-massacre": [{"rivals": "5", "goal": "5"}, {"rivals": "1", "goal": "15"}],
}
"""Option combinations whose rules meet, played beside each option value alone."""

WALK_SEEDS: dict[str, int] = {"escape-of-the-dead": breadth(50, 150), "escape-from-tall-oaks": breadth(2, 4)}
REPLAY_SEEDS: dict[str, int] = {"escape-of-the-dead": 10}
"""Seeds per seat plan (walk) or policy (replay) and option case; other games take OTHER_WALK_SEEDS and
OTHER_REPLAY_SEEDS. An Escape of the Dead game costs a fraction of a millisecond (and the mid-roll reward of
item 13 first shows at seed 25: its option cases walk 50 seeds a plan in the quick breadth, 150 in the full
one); the others 10 to 100 ms at the heuristic, but a Tall Oaks game at random play
runs to some 2,000 decisions (a quarter of a second with the invariants after each), so its option cases walk 4
seeds a plan (its default options walk 75 and 25, and bench/digest.py plays 720 games a check). The counts
of the games other than Escape of the Dead's are halved in the quick breadth (tests/tools/breadth.py)."""
OTHER_WALK_SEEDS, OTHER_REPLAY_SEEDS = breadth(3, 6), 3
DEFAULT_WALK_SEEDS: dict[str, tuple[int, int]] = {"escape-of-the-dead": (150, 50)}
OTHER_DEFAULT_WALK_SEEDS = (breadth(24, 75), breadth(8, 25))
"""Seeds per seat plan under the default options: (each policy at every seat, mixed plans). The other games'
walks were the suite's longest tests at 150 and 50; the quick breadth's 24 and 8 still walk 48 to 64 whole
games a game, the 20 seeds a policy the checks of determinism read among them, beside the option cases, the
hypothesis walks and the digest's 3,320 games; the full breadth walks 75 and 25."""


def encode(x) -> bytes:
    return msgspec.json.encode(x)


def option_cases(gid: str) -> list[dict[str, str]]:
    """Full option sets for a game: each value of each option alone (the rest at their defaults, the defaults
    themselves left to the tests above), then the combinations in COMBINED."""
    game = registry.get(gid)
    given = [{o.name: value} for o in game.options for value in o.choices if value != o.default]
    return [resolve_options(game, g) for g in [*given, *COMBINED.get(gid, [])]]


def _case_id(gid: str, options: dict[str, str]) -> str:
    """'game:name=value,...' naming only what differs from the defaults."""
    defaults = resolve_options(registry.get(gid), {})
    return gid + ":" + ",".join(f"{k}={v}" for k, v in options.items() if v != defaults[k])


OPTION_CASES = [
    pytest.param(gid, opts, id=_case_id(gid, opts)) for gid in GAMES for opts in option_cases(gid)
]


def seat_plans(game: Game, mixed: bool = True) -> list[dict[str, str]]:
    """Who plays each seat: every policy at every seat, then (if `mixed`), where the person may take more than
    one seat (Slaughterhouse), each other policy at one person seat against the default automa at the rest."""
    plans = [{seat.id: policy for seat in game.seats} for policy in game.policies]
    if mixed and len(game.person_seats) > 1:
        for seat in game.person_seats:
            for policy in game.policies:
                if policy != game.default_policy:
                    plans.append({s.id: policy if s.id == seat else game.default_policy for s in game.seats})
    return plans


WALKED: dict[tuple[str, bytes, int, str], Played] = {}
"""The games walked with one policy at every seat, by (game, options, seed, policy): the same games as
autoplay.play gives, so the replay and same-seed checks below read them instead of playing them again (a
cache of this worker's own: a check whose walk ran on the other worker plays its game itself)."""


def walk_checking_invariants(game: Game, seed: int, options: dict[str, str], plan: dict[str, str]) -> None:
    """Play one game step by step: only legal keys, the invariants after setup and after every step, an end."""
    state, events = game.setup(seed, options)
    assert game.invariants(state) == [], (options, seed, 0)
    keys: list[str] = []
    n = 0
    while (d := game.decision(state)) is not None:
        policy = plan[d.seat]
        key = game.policies[policy](game.view(state, d.seat), d, policy_rng(seed, n))
        assert key in d.keys(), f"{policy} chose an illegal key {key}"  # noqa: SIM118 (Decision.keys)
        events += game.apply(state, key, d)  # as play does: the options just listed (replays check without)
        keys.append(key)
        n += 1
        assert game.invariants(state) == [], (options, plan, seed, n)
        assert n < 20_000, f"{plan} never ends seed {seed} with {options}"
    assert game.outcome(state) is not None
    if len(set(plan.values())) == 1 and seed < _reused_seeds(game, options):
        WALKED[(game.id, encode(options), seed, next(iter(plan.values())))] = Played(state, events, keys)


def _reused_seeds(game: Game, options: dict[str, str]) -> int:
    """How many seeds of a walk the checks below read: 20 under the defaults, the replay's under an option."""
    if options == resolve_options(game, {}):
        return 20
    return REPLAY_SEEDS.get(game.id, OTHER_REPLAY_SEEDS)


def played(game: Game, seed: int, policy: str, options: dict[str, str] | None = None) -> Played:
    """autoplay.play's game, from the walk of this worker that played it if there was one."""
    resolved = resolve_options(game, options or {})
    found = WALKED.get((game.id, encode(resolved), seed, policy))
    return found if found is not None else play(game, seed, policy, options)


WALK_BLOCK: dict[str, int] = {"escape-of-the-dead": 150}
OTHER_WALK_BLOCK = 25
"""Seeds per test of the walks under the defaults: 25 games of the others take 1 to 3 s (one test of a game's
150 to 200 walks was the suite's longest, and kept one worker busy while the other idled); Escape of the
Dead's 150 take a fraction of a second."""


def _plan_id(game: Game, plan: dict[str, str]) -> str:
    """'heuristic' for one policy at every seat, else the seats that differ from the default automa."""
    if len(set(plan.values())) == 1:
        return next(iter(plan.values()))
    return ",".join(f"{seat}={p}" for seat, p in plan.items() if p != game.default_policy)


def default_walks(gid: str) -> list[tuple[dict[str, str], range]]:
    """(seat plan, seeds) for a game's walks under the default options, each plan's seeds in blocks."""
    game = registry.get(gid)
    uniform = seat_plans(game, mixed=False)
    uniform_seeds, mixed_seeds = DEFAULT_WALK_SEEDS.get(gid, OTHER_DEFAULT_WALK_SEEDS)
    block = WALK_BLOCK.get(gid, OTHER_WALK_BLOCK)
    out = []
    for plan in seat_plans(game):
        n = uniform_seeds if plan in uniform else mixed_seeds
        out += [(plan, range(first, min(n, first + block))) for first in range(0, n, block)]
    return out


DEFAULT_WALKS = [
    pytest.param(gid, plan, seeds, id=f"{gid}-{_plan_id(registry.get(gid), plan)}-{seeds.start}")
    for gid in GAMES
    for plan, seeds in default_walks(gid)
]


@pytest.mark.parametrize(("gid", "plan", "seeds"), DEFAULT_WALKS)
def test_invariants_hold_after_every_step(gid: str, plan: dict[str, str], seeds: range) -> None:
    game = registry.get(gid)
    options = resolve_options(game, {})
    for seed in seeds:
        walk_checking_invariants(game, seed, options, plan)


@pytest.mark.parametrize("gid", GAMES)
def test_the_walks_blocks_hold_every_seed_of_every_plan(gid: str) -> None:
    game = registry.get(gid)
    uniform_seeds, mixed_seeds = DEFAULT_WALK_SEEDS.get(gid, OTHER_DEFAULT_WALK_SEEDS)
    for plan in seat_plans(game):
        n = uniform_seeds if plan in seat_plans(game, mixed=False) else mixed_seeds
        assert sorted(s for p, seeds in default_walks(gid) if p == plan for s in seeds) == list(range(n))


# The three checks below come after the walks above, whose games they read (pytest runs a file in order).


@pytest.mark.parametrize("gid", GAMES)
def test_state_decodes_from_its_json(gid):
    game = registry.get(gid)
    game_played = played(game, 3, "random")  # walked above, where this worker walked it
    copy = msgspec.json.decode(encode(game_played.state), type=game.state_type)
    assert encode(copy) == encode(game_played.state)


@pytest.mark.parametrize("gid", GAMES)
def test_same_seed_and_choices_give_the_same_log_byte_for_byte(gid):
    game = registry.get(gid)
    for seed in range(20):
        a = played(game, seed, "random")  # walked above, where this worker walked it
        b = play(game, seed, "random")
        assert encode(a.events) == encode(b.events) and encode(a.state) == encode(b.state)


@pytest.mark.parametrize("gid", GAMES)
def test_replaying_the_keys_rebuilds_state_and_log(gid):
    game = registry.get(gid)
    for seed in range(20):
        game_played = played(game, seed, game.default_policy)
        state, events = replay(game, seed, game_played.keys)
        assert encode(state) == encode(game_played.state) and encode(events) == encode(game_played.events)


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
@given(
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 10_000), max_size=80),
    case=st.integers(0, 10_000),
)
def test_any_sequence_of_legal_choices_keeps_the_rules(gid, seed, picks, case):
    """Under the defaults or any one option case (the same cost: the case is drawn, not multiplied)."""
    game = registry.get(gid)
    cases = [resolve_options(game, {}), *option_cases(gid)]
    state, events = game.setup(seed, cases[case % len(cases)])
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


# -- every option value, and the combinations that matter ---------------------------------------------------


@pytest.mark.parametrize("gid", GAMES)
def test_the_option_cases_cover_every_value_of_every_option(gid: str) -> None:
    game = registry.get(gid)
    seen = {(name, value) for opts in option_cases(gid) for name, value in opts.items()}
    assert seen == {(o.name, value) for o in game.options for value in o.choices}


@pytest.mark.parametrize(("gid", "options"), OPTION_CASES)
def test_invariants_hold_after_every_step_under_each_option(gid: str, options: dict[str, str]) -> None:
    """Each policy at every seat (the person at one seat against the automa, under the defaults only: each
    option changes the board or the cast, not who may sit where)."""
    game = registry.get(gid)
    for plan in seat_plans(game, mixed=False):
        for seed in range(WALK_SEEDS.get(gid, OTHER_WALK_SEEDS)):
            walk_checking_invariants(game, seed, options, plan)


@pytest.mark.parametrize(("gid", "options"), OPTION_CASES)
def test_replaying_the_keys_rebuilds_state_and_log_under_each_option(
    gid: str, options: dict[str, str]
) -> None:
    game = registry.get(gid)
    for seed in range(REPLAY_SEEDS.get(gid, OTHER_REPLAY_SEEDS)):
        for policy in (game.default_policy, "random"):
            game_played = played(game, seed, policy, options)
            state, events = replay(game, seed, game_played.keys, options)
            assert encode(state) == encode(game_played.state) and encode(events) == encode(game_played.events)


@pytest.mark.parametrize(("gid", "options"), OPTION_CASES)
def test_same_seed_and_choices_give_the_same_log_under_each_option(gid: str, options: dict[str, str]) -> None:
    """Two plays agree byte for byte, and the state survives its JSON (what a save holds). The first play is
    the walk's above where this worker walked it (the walks are autoplay's games, as the replays check)."""
    game = registry.get(gid)
    for seed, policy in ((0, game.default_policy), (1, "random")):
        a = played(game, seed, policy, options)
        b = play(game, seed, policy, options)
        assert encode(a.events) == encode(b.events) and encode(a.state) == encode(b.state)
        copy = msgspec.json.decode(encode(a.state), type=game.state_type)
        assert encode(copy) == encode(a.state)


@pytest.mark.parametrize(("gid", "options"), OPTION_CASES)
def test_the_seats_in_play_are_the_seats_that_decide(gid: str, options: dict[str, str]) -> None:
    """seats_in_play (what `solo sim` counts and accepts) names every seat a game so set up asks to decide, and
    in the Mixtape games no other: a third rival's seat is not in a game of two rivals."""
    from engines.core.contract import seats_in_play

    game = registry.get(gid)
    seats = seats_in_play(game, options)
    state, _ = game.setup(1, options)
    deciding: set[str] = set()
    for key in played(game, 1, game.default_policy, options).keys:  # the walk's, where this worker walked it
        deciding.add(game.decision(state).seat)
        game.apply(state, key)
    assert deciding <= set(seats)
    if "rivals" in options:
        assert seats == tuple(s.id for s in game.seats)[: 1 + int(options["rivals"])] and len(deciding) == len(seats)
