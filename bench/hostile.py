"""A hostile player's night, counted: fuzzed lines in every game, `kill -9` at random moments in every game,
journals damaged every way a disk or an editor can, and a full disk at every step of every kind of write.
Reports what was done and what broke (it must be nothing: no traceback, no run lost).

The suite runs small versions of each (tests/solo/test_fuzz_input.py, test_processes.py, test_never_lost.py,
tests/saves/test_journal.py); this runs them large, for the figures in the issue notes.
Run: .venv/bin/python bench/hostile.py [examples] [kills] [journals]
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "solo"))

import test_fuzz_input as fuzz

from engines.registry import get, ids
from saves import SaveStore
from solo.run import Run


def fuzzed(examples: int) -> tuple[int, int, int]:
    """(examples, lines typed, failures) over every game."""
    count = {"examples": 0, "lines": 0}
    failures = 0
    for game_id in ids():
        try:
            _fuzz_one(game_id, examples, count)()
        except Exception as error:  # hypothesis has shrunk it: show it and count it
            failures += 1
            print(f"FUZZ FAILURE in {game_id}: {error!r}"[:2000])
    return count["examples"], count["lines"], failures


def _fuzz_one(game_id: str, examples: int, count: dict[str, int]):
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(
        seed=st.integers(0, 10_000),
        seat_pick=st.integers(0, 5),
        picks=st.tuples(*[st.integers(0, 11)] * 8),
        typed=fuzz.items,
    )
    def one(seed, seat_pick, picks, typed):
        count["examples"] += 1
        count["lines"] += len(typed)
        with tempfile.TemporaryDirectory() as folder:
            repl, code = fuzz.session(game_id, seed, seat_pick, typed, Path(folder), picks)
            assert code == 0
            fuzz.check_refusals(repl)
            again = Run.from_record(SaveStore(Path(folder)).read(repl.slot))
            assert again.keys == repl.run.keys

    return one


def killed(kills: int) -> tuple[int, int, int]:
    """(kills, runs that failed to load, decisions lost beyond the last), spread over every game."""
    rng = random.Random(7)
    root = Path(tempfile.mkdtemp())
    bad = lost = before_save = 0
    games = ids()
    kept: dict[str, int] = {}
    for n in range(kills):
        game = games[n % len(games)]
        slot = f"k-{game}"
        args = ("continue", slot) if slot in kept else ("new", game, "--seed", str(n), "--slot", slot)
        proc = subprocess.Popen(
            [sys.executable, "-m", "solo", "--save-dir", str(root), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={"PYTHONUNBUFFERED": "1", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"},
        )
        seen: list[bytes] = []
        reader = threading.Thread(target=lambda p=proc, s=seen: s.extend(iter(p.stdout.readline, b"")))
        reader.start()
        proc.stdin.write(b"1\n" * 400)
        proc.stdin.flush()
        moment = rng.randint(0, 6)  # 0: while it launches; else once that many decisions have been shown
        if moment:
            _wait(lambda s=seen, p=proc, m=moment: _shown(s) >= m or p.poll() is not None)
        else:
            time.sleep(rng.uniform(0.0, 0.5))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        reader.join()
        proc.stdin.close()
        shown = 0
        for line in seen:
            if b"The run is over" in line:
                break
            shown += line.startswith(b"> 1")
        if slot not in kept and not SaveStore(root).exists(slot) and shown <= 1:
            before_save += 1  # killed while it launched, before its first save: nothing was played to lose
            continue
        try:
            run = Run.from_record(SaveStore(root).read(slot))
        except Exception as error:
            bad += 1
            print(f"KILL {n}: {slot} does not load: {error}")
            continue
        mine = sum(1 for s in run._seats_of_keys() if s == run.seat)
        before = kept.get(slot, 0)
        if mine < before + shown - 1:
            lost += before + shown - 1 - mine
            print(f"KILL {n}: {slot} kept {mine}, expected at least {before + shown - 1}")
        kept[slot] = mine
    if before_save:
        print(f"kill -9: {before_save} of the kills came while a new run launched, before its first save")
    return kills, bad, lost


DAMAGES = ("flip", "cut", "garbage", "blank", "bom", "drop", "twice", "zeros", "folder", "edited")
"""What a journal suffers: a byte flipped, a line cut short mid-journal, garbage added, blank lines, a byte
order mark, a line taken out, a line twice, zero bytes over a line, a folder in its place, a line edited by
hand with its seal made again."""


def damaged(rounds: int) -> tuple[int, int, int]:
    """(journals damaged, runs that did not load or could not be saved again, decisions lost before the damaged
    line), over every game and every kind of damage."""
    from engines.core.autoplay import policy_rng
    from saves.journal import Step
    from saves.journal import lines as sealed
    from solo.run import check_loadable
    from solo.saved import loaded

    rng = random.Random(46)
    bad = lost = 0
    for n in range(rounds):
        game = get(ids()[n % len(ids())])
        kind = DAMAGES[(n // len(ids())) % len(DAMAGES)]
        with tempfile.TemporaryDirectory() as folder:
            store = SaveStore(Path(folder))
            run = Run(game, n, {}, game.person_seats[0])
            store.write("j", run.to_record())
            for _ in range(rng.randint(4, 40)):
                d = run.decision()
                if d is None:
                    break
                policy = game.policies[game.default_policy]
                run.choose(policy(game.view(run.state, d.seat), d, policy_rng(n, len(run.keys))), d)
                store.append("j", run.steps[-1:])
            path = store.journal_path("j")
            rows = path.read_bytes().splitlines(keepends=True)
            at = rng.randrange(1, len(rows))  # a step's line (the header is line 1)
            last = at == len(rows) - 1
            _damage(path, rows, at, kind, rng, sealed, Step)
            try:
                again, note = loaded(SaveStore(Path(folder)), "j", keep=True)
                # blank lines and a byte order mark are nothing; a last line taken out is a crash's (the journal
                # just ends sooner, as when a decision never finished saving): none is a damage to tell
                silent = kind in ("blank", "bom") or (kind == "drop" and last)
                if bool(note) == silent:
                    raise AssertionError(f"the damage was {'not ' if not note else ''}said: {note!r}")
                store = SaveStore(Path(folder))
                store.write("j", again.to_record(), accept=check_loadable)
                final = Run.from_record(store.read("j"))
            except Exception as error:  # a run lost: show it and count it
                bad += 1
                print(f"JOURNAL {n} ({game.id}, {kind}): {error!r}"[:400])
                continue
            # the steps before the damage (a folder put in the journal's place took all of it with it)
            whole = 0 if kind == "folder" else len(run.keys) if kind in ("blank", "bom") else at - 1
            if final.keys[:whole] != run.keys[:whole] or len(final.keys) < min(whole, len(run.keys)):
                lost += 1
                print(f"JOURNAL {n} ({game.id}, {kind}): kept {len(final.keys)} of the {whole} before line {at + 1}")
    return rounds, bad, lost


def _damage(path: Path, rows: list[bytes], at: int, kind: str, rng: random.Random, sealed, step_type) -> None:
    import json

    import msgspec

    row = rows[at]
    if kind == "flip":
        i = rng.randrange(len(row) - 1)
        rows[at] = row[:i] + bytes([row[i] ^ 0x20]) + row[i + 1 :]
    elif kind == "cut":
        rows[at] = row[: len(row) // 2] + b"\n"
    elif kind == "garbage":
        rows.insert(at, b"\x00\xff garbage }{\n")
    elif kind == "blank":
        rows.insert(at, b"\n\n   \n")
        rows.append(b"\n")
    elif kind == "bom":
        rows[0] = b"\xef\xbb\xbf" + rows[0]
        rows.append(b"\xef\xbb\xbf\n")
    elif kind == "drop":
        del rows[at]
    elif kind == "twice":
        rows.insert(at, row)
    elif kind == "zeros":
        rows[at] = b"\x00" * (len(row) - 1) + b"\n"
    elif kind == "folder":
        path.unlink()
        path.mkdir()
        return
    elif kind == "edited":  # a careful editor: the turn changed, the seal made again from the line before
        doc = json.loads(row)
        doc["turn"] = doc["turn"] + 3
        previous = json.loads(rows[at - 1]).get("seal") or json.loads(rows[0])["base"]
        body, _ = sealed([msgspec.convert({k: v for k, v in doc.items() if k != "seal"}, step_type)], previous)
        rows[at] = body
    path.write_bytes(b"".join(rows))


def _shown(seen: list[bytes]) -> int:
    shown = 0
    for line in list(seen):
        if b"The run is over" in line:
            break
        shown += line.startswith(b"> 1")
    return shown + any(b"The run is over" in line for line in list(seen)) * 99


def _wait(ready, limit: float = 300.0) -> None:
    end = time.monotonic() + limit
    while not ready() and time.monotonic() < end:
        time.sleep(0.02)


def main() -> None:
    examples = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    kills = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    journals = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    t0 = time.time()
    done, lines, failures = fuzzed(examples)
    print(f"fuzz: {done:,} sessions, {lines:,} typed lines over {len(ids())} games, {failures} failures")
    n, bad, lost = killed(kills)
    print(f"kill -9: {n} kills over {len(ids())} games, {bad} runs that did not load, {lost} decisions lost")
    n, bad, lost = damaged(journals)
    print(f"journals: {n} damaged ({len(DAMAGES)} kinds), {bad} runs that did not load or save again, {lost} lost before the damage")
    faults = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", "tests/solo/test_never_lost.py", "-k", "fault"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    print("faults (every write step, whole save, journal begun, journal line):", faults.stdout.strip().splitlines()[-1])
    print(f"{time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
