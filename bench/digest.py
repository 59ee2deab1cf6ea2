"""The refactor guard: a digest of everything the engines do, so a change to the house can prove no die moved.

For every game it plays seeded whole games under every option value (one at a time, the rest at their
defaults), every shipped policy at every seat, and the Slaughterhouse seats under different policies; it hashes
each game's decisions (seat, kind, prompt, options), the keys chosen, every event, the hint at each decision
and the final state. Beside each game's digest, the search's: at positions of seeded games, a determinized
sample and the search's estimates of every option, so a change that makes the rollouts cheaper can prove they
play as before. It also writes long saved runs (`--saves DIR`) and checks that they load (`--load DIR`).

    .venv/bin/python bench/digest.py                    # print the digest of each game
    .venv/bin/python bench/digest.py --check            # compare with bench/digests.json, exit 1 on a change
    .venv/bin/python bench/digest.py --write            # record bench/digests.json (only when rules change)
    .venv/bin/python bench/digest.py --game final-girl  # one game
    .venv/bin/python bench/digest.py --jobs 2           # use two cores (the same digests)

A rules change that is meant to change play raises the game's rules_version and records new digests with
`--write`; a refactor must leave every digest as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))  # the checkout this script is in, not whichever one is installed

import msgspec  # noqa: E402

from engines import registry  # noqa: E402
from engines.core.autoplay import policy_rng  # noqa: E402

DIGESTS = HERE / "digests.json"
SEEDS = 20
"""Seeds per configuration: about 3,300 games over the five games."""
MAX_DECISIONS = 20_000

_enc = msgspec.json.Encoder(order="deterministic")


def configs(game_id: str) -> Iterator[tuple[dict[str, str], dict[str, str]]]:
    """(options, policy per seat): every option value under every policy, and mixed policies per seat."""
    game = registry.get(game_id)
    settings: list[dict[str, str]] = [{}]
    for opt in game.options:
        settings += [{opt.name: value} for value in opt.choices if value != opt.default]
    seats = [s.id for s in game.seats]
    policies = list(game.policies)
    for options in settings:
        for name in policies:
            yield options, dict.fromkeys(seats, name)
    if len(seats) > 1:  # each seat under each policy while the others keep the default
        for seat in seats:
            for name in policies:
                if name != game.default_policy:
                    mixed = dict.fromkeys(seats, game.default_policy)
                    mixed[seat] = name
                    yield {}, mixed


def digest_game(game_id: str, options: dict[str, str], policy: dict[str, str], seed: int) -> str:
    """The hash of one whole game: its decisions, keys, events, hints and final state."""
    game = registry.get(game_id)
    h = hashlib.sha256()
    state, events = game.setup(seed, options)
    h.update(_enc.encode(events))
    for index in range(MAX_DECISIONS):
        decision = game.decision(state)
        if decision is None:
            break
        h.update(_enc.encode(decision))
        if index % 7 == 0:
            h.update(_enc.encode(game.hint(state)))
        pick = game.policies[policy.get(decision.seat, game.default_policy)]
        key = pick(game.view(state, decision.seat), decision, policy_rng(seed, index))
        h.update(key.encode())
        h.update(_enc.encode(game.apply(state, key, decision)))
    h.update(_enc.encode(game.outcome(state)))
    h.update(state_json(game_id, state))
    return h.hexdigest()


def state_json(game_id: str, state: object) -> bytes:
    """A final state as hashed: its JSON (bench/digest_shape.py hashes another shape of the same state)."""
    return _enc.encode(state)


def sample_msgpack(game_id: str, sample: object) -> bytes:
    """A determinized sample as hashed: its msgpack (bench/digest_shape.py, as `state_json`)."""
    return msgspec.msgpack.encode(sample)


SEARCH_SEEDS = 3
"""Heuristic games whose positions the search's digest reads (every 7th decision with a choice)."""


def search_digest(game_id: str) -> str:
    """The hash of what the search sees and finds: at every 7th decision with a choice of SEARCH_SEEDS heuristic
    games, a determinized sample of the position and `evaluate`'s estimates of every option (two samples each:
    wins, count goal, facts, the labels)."""
    from engines.core import search
    from engines.core.autoplay import play
    from engines.core.rng import Rng, splitmix64

    game = registry.get(game_id)
    h = hashlib.sha256()
    for seed in range(SEARCH_SEEDS):
        state, _ = game.setup(seed, {})
        for n, key in enumerate(play(game, seed, game.default_policy).keys):
            d = game.decision(state)
            if n % 7 == 3 and d is not None and len(d.options) > 1:
                h.update(sample_msgpack(game_id, game.determinize(state, d.seat, Rng(splitmix64(n)))))
                h.update(
                    _enc.encode(search.evaluate(game, state, d, search.Budget(iterations=2), seed * 1000 + n))
                )
            game.apply(state, key)
    return h.hexdigest()


def searched(game_id: str) -> bool:
    """Whether the search plays this game (it has a determinize, and its hint is not the exact one)."""
    return game_id != "escape-of-the-dead" and callable(getattr(registry.get(game_id), "determinize", None))


def _job(args: tuple[str, dict[str, str], dict[str, str]]) -> str:
    game_id, options, policy = args
    h = hashlib.sha256()
    for seed in range(SEEDS):
        h.update(digest_game(game_id, options, policy, seed).encode())
    return h.hexdigest()


def digest(game_id: str, jobs: int = 1) -> tuple[str, int]:
    """The digest of a game over every configuration, and how many games it played."""
    work = [(game_id, o, p) for o, p in configs(game_id)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_job, work))
    else:
        parts = [_job(w) for w in work]
    h = hashlib.sha256()
    for (_, options, policy), part in zip(work, parts, strict=True):
        h.update(json.dumps([options, policy], sort_keys=True).encode())
        h.update(part.encode())
    return h.hexdigest(), len(work) * SEEDS


def write_saves(folder: Path) -> None:
    """A long saved run of each game, played to its end by the default policy for every seat, and one stopped
    half way (its state mid-turn, with steps pending), in `folder`."""
    from saves.store import SaveStore
    from solo.run import Run

    folder.mkdir(parents=True, exist_ok=True)
    store = SaveStore(folder)
    for game_id in registry.ids():
        game = registry.get(game_id)
        for slot, stop in ((game_id, MAX_DECISIONS), (f"{game_id}-midway", 60)):
            run = Run(game, 101, {}, game.person_seats[0])
            policy = game.policies[game.default_policy]
            while (d := run.decision()) is not None and len(run.keys) < stop:
                run.choose(policy(game.view(run.state, d.seat), d, policy_rng(run.seed, len(run.keys))), d)
            store.write(slot, run.to_record())
            store.unlock_all()


def load_saves(folder: Path) -> list[str]:
    """Load every save in `folder` with the current code; the problems, one line each."""
    from saves.store import SaveStore
    from solo.run import Run

    store = SaveStore(folder)
    problems = []
    for listing in store.list():
        try:
            Run.from_record(store.read(listing.slot))
        except Exception as error:  # the guard reports every kind of failure
            problems.append(f"{listing.slot}: {error}")
    store.unlock_all()
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--check", action="store_true", help="compare with bench/digests.json")
    parser.add_argument("--write", action="store_true", help="record bench/digests.json")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--saves", type=Path, help="write a long saved run of each game here")
    parser.add_argument("--load", type=Path, help="check that every save here loads")
    args = parser.parse_args()
    if args.saves:
        write_saves(args.saves)
        return 0
    if args.load:
        problems = load_saves(args.load)
        print("\n".join(problems) or "every save loads")
        return 1 if problems else 0
    known = json.loads(DIGESTS.read_text()) if DIGESTS.exists() else {}
    changed = False
    chosen = args.game or registry.ids()
    for game_id in chosen:
        value, games = digest(game_id, args.jobs)
        changed |= _tell(known, game_id, f"{games:5} games", value, args.check)
    searches = [g for g in chosen if searched(g)]
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for game_id, value in zip(searches, pool.map(search_digest, searches), strict=True):
            changed |= _tell(known, f"search {game_id}", f"{SEARCH_SEEDS:5} games", value, args.check)
    if args.write:
        DIGESTS.write_text(json.dumps(known, indent=2, sort_keys=True) + "\n")
    return 1 if args.check and changed else 0


def _tell(known: dict[str, str], name: str, size: str, value: str, check: bool) -> bool:
    """Print one digest (against the recorded one with `check`) and record it: whether it changed."""
    same = known.get(name) == value
    mark = "" if not check else "  same" if same else "  CHANGED"
    print(f"{name:30} {size}  {value[:16]}{mark}", flush=True)
    known[name] = value
    return not same


if __name__ == "__main__":
    sys.exit(main())
