"""Proof that the Mixtape games' queue (issue 47, 2) changed the state's shape and nothing else.

Before it, each Mixtape game kept the step a decision interrupted as tags in its state (`after`; Director's Cut
also `brawl_after` and `door`); now they wait in one list, `todo`. bench/digest.py hashes the final states and
the search's determinized samples whole, so the shape alone changes the digests. Two ways to see that it alone
did:

    # the current code's states folded back into the tags, against the digest recorded before the queue
    .venv/bin/python bench/digest_shape.py --game escape-from-tall-oaks --as tags --expect 0a4ba9309e68ebb0

    # an older checkout's states (before the queue) brought to the queue's shape by the very upgrade a save
    # gets (engines/mixtape/before_queue.py), against the current code's own digest
    .venv/bin/python bench/digest_shape.py --game mixtape-massacre --as queue --tree /tmp/before --expect 4c0f...

The fold (`--as tags`) can only give back the tags a state still waits on: Director's Cut's code before the
queue left a tag behind where a flow was cut short (a Hero who won ends the turn, the end of the game), which the
queue never holds, so its digests are reproduced the other way (`--as queue`): the old code plays every seeded
game, and its states, upgraded, must hash as the new code's do. Every decision, key, event and hint is hashed
as bench/digest.py hashes them, untouched.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
UPGRADE = HERE.parent / "engines" / "mixtape" / "before_queue.py"
GAMES = ("mixtape-massacre", "escape-from-tall-oaks")

Shape = Callable[[dict[str, Any]], dict[str, Any]]


def dc_tags(state: dict[str, Any]) -> dict[str, Any]:
    """A Director's Cut state of the queue's shape with its queue folded back into `after`, `brawl_after` and
    `door` (in the struct's field order before the queue), each tag from the state's own waiting."""
    todo = list(state["todo"])
    brawl_after = todo.pop(0) if state["brawl"] and todo else ""
    waits = state["fighter"] >= 0 or state["keeper"] >= 0
    after = todo.pop(0) if waits and todo else ""
    door = todo.pop(0) if todo else ""
    out: dict[str, Any] = {}
    for name, value in state.items():
        if name == "brawl_noise":
            out.update(brawl_noise=value, brawl_after=brawl_after)
        elif name == "todo":
            out["after"] = after
        elif name == "pending_noise":
            out.update(pending_noise=value, door=door)
        else:
            out[name] = value
    return out


def to_tags(state: dict[str, Any]) -> dict[str, Any]:
    """A Tall Oaks state of the queue's shape with its one queued step back in `after`."""
    return {("after" if k == "todo" else k): ((v[0] if v else "") if k == "todo" else v) for k, v in state.items()}


def _upgrades() -> dict[str, Shape]:
    """The save's upgrade of each game (read from this checkout's file, whichever checkout plays)."""
    spec = importlib.util.spec_from_file_location("before_queue", UPGRADE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {"mixtape-massacre": module.directors_cut, "escape-from-tall-oaks": module.tall_oaks}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=GAMES)
    parser.add_argument("--as", dest="shape", required=True, choices=("tags", "queue"))
    parser.add_argument("--tree", type=Path, help="with --as queue: the checkout whose code plays (default: this)")
    parser.add_argument("--expect", help="the games' digest to compare with (its first characters)")
    parser.add_argument("--expect-search", help="the search's digest to compare with (its first characters)")
    args = parser.parse_args()
    if args.tree:  # its engines are imported first, so bench/digest.py (from here) plays them
        sys.path.insert(0, str(args.tree.resolve()))
        import engines.registry  # noqa: F401
    sys.path.insert(0, str(HERE))
    import digest
    import msgspec

    shape = (_upgrades() if args.shape == "queue" else {"mixtape-massacre": dc_tags, "escape-from-tall-oaks": to_tags})[
        args.game
    ]
    enc = digest._enc

    def state_json(game_id: str, state: object) -> bytes:
        # the deterministic encoding read back in its order, reshaped, and written again in that order
        return msgspec.json.encode(shape(msgspec.json.decode(enc.encode(state))))

    def sample_msgpack(game_id: str, sample: object) -> bytes:
        return msgspec.msgpack.encode(shape(msgspec.msgpack.decode(msgspec.msgpack.encode(sample))))

    digest.state_json, digest.sample_msgpack = state_json, sample_msgpack
    from engines import registry

    print(f"playing {Path(registry.__file__).parent.parent}'s code, its states as {args.shape}", flush=True)
    value, games = digest.digest(args.game)
    found = _tell(args.game, f"{games:5} games", value, args.expect)
    search = digest.search_digest(args.game)
    found &= _tell(f"search {args.game}", f"{digest.SEARCH_SEEDS:5} games", search, args.expect_search)
    return 0 if found else 1


def _tell(name: str, size: str, value: str, expect: str | None) -> bool:
    same = expect is None or value.startswith(expect)
    mark = "" if expect is None else "  same" if same else "  DIFFERENT"
    print(f"{name:30} {size}  {value[:16]}{mark}", flush=True)
    return same


if __name__ == "__main__":
    sys.exit(main())
