"""The automa's levels measured: `hard` against `normal` at each game's opposing seats, the search against the
heuristic at the person's seat, how well the hint's win chances are calibrated, and what a decision costs.

Both sides of a comparison play the same seeds (paired), each game seeded by its number as in `solo sim`, so a
difference is the policies', not the dice's. Writes the section "Automa levels" of bench/RESULTS.md, and a
calibration curve (bench/calibration.png) beside it when matplotlib can be imported (the `plot` extra).

    nice -n 10 .venv/bin/python bench/automa.py --quick                       # a minute or two
    nice -n 10 .venv/bin/python bench/automa.py --games 12 --decisions 400 --jobs 2
    nice -n 10 .venv/bin/python bench/automa.py --decisions 0 --only 'Final Girl' --first-seed 4 --games 8
    nice -n 10 .venv/bin/python bench/automa.py --only none --dump cal.json   # the calibration, raw tallies kept
    .venv/bin/python bench/automa.py --only none --decisions 0 --records cal.json  # its tables again, at once

Every game is played on its own (a seed, a side), so `--jobs N` spreads them over N processes and gives the
same figures for any N; only the wall time differs.

A game whose determinize has not landed is listed as not measured.

A whole run at the sizes issue 17 asks (hundreds of Tall Oaks games, 10,000 calibration decisions) takes longer
than a sitting, so `--keep FILE` keeps every finished game's result there as it ends, and the same command run
again goes on from them. A result is kept with the fingerprint of the code that played it (engines/, solo/ and
this script's playing functions) and is used only by the same code: the games are seeded, so what it finds is
exactly what it would play again. Only the CPU times were measured in the sitting that played them.

    nice -n 5 .venv/bin/python bench/automa.py --games 48 --decisions 2000 --jobs 2 --keep bench/run.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))  # the checkout this script is in, not whichever one is installed

from engines.core import levels  # noqa: E402
from engines.core.autoplay import decide, policy_rng  # noqa: E402
from engines.core.contract import resolve_options  # noqa: E402
from engines.core.rng import Rng, derive_seed  # noqa: E402
from engines.registry import get  # noqa: E402
from solo import advice  # noqa: E402
from solo.sim import MAX_DECISIONS, wilson  # noqa: E402

RESULTS = HERE / "RESULTS.md"
PNG = HERE / "calibration.png"
HEADING = "## Automa levels"
SEED = 0
CALIBRATION_SEED = 10_000


def searchable(game_id: str) -> bool:
    from solo.automa import searchable as can

    return can(get(game_id))


# -- playing, timed --------------------------------------------------------------------------------------------


class Timed:
    """A searching policy that notes the CPU time of each of its decisions."""

    searches = True

    def __init__(self, inner, costs: list[float]):
        self.inner = inner
        self.costs = costs

    def choose(self, game, state, decision, rng) -> str:
        start = time.process_time()
        key = self.inner.choose(game, state, decision, rng)
        if len(decision.options) > 1:
            self.costs.append(round(time.process_time() - start, 4))
        return key


SAMPLES: int | None = None
"""--samples: hard's samples per decision in the comparisons, where the shipped budget is beyond this run."""


def resolve(game, name: str):
    if name == "hard" and SAMPLES is not None:
        import msgspec

        from engines.core.search import Searcher

        return Searcher(msgspec.structs.replace(levels.hard_budget(game.id), most=SAMPLES, steps=None))
    return levels.resolve(game, name)


def play(game_id: str, seed: int, policies: dict[str, str], options: dict[str, str]):
    """One game as `solo sim` plays it (the same keys), the searching seats' decisions timed: its winners and
    those times."""
    game = get(game_id)
    costs: list[float] = []
    chosen = {}
    for seat, name in policies.items():
        policy = resolve(game, name)
        chosen[seat] = Timed(policy, costs) if getattr(policy, "searches", False) else policy
    state, _ = game.setup(seed, resolve_options(game, options))
    for n in range(MAX_DECISIONS):
        d = game.decision(state)
        if d is None:
            break
        game.apply(state, decide(game, chosen[d.seat], state, d, policy_rng(seed, n)), d)
    outcome = game.outcome(state)
    return (tuple(outcome.winners) if outcome is not None else ()), costs


JOBS = 1
"""--jobs: processes playing the games; the figures are the same for any number."""


def spread(work: Callable[..., Any], calls: Iterable[tuple]) -> list[Any]:
    """`work(*call)` for every call, in JOBS processes when more than one, results in the calls' order (as JSON
    gives them back, tuples as lists, whether played now or kept from an earlier sitting)."""
    calls = list(calls)
    kept = KEPT.found if KEPT else {}
    keys = [_key(work, c) for c in calls]
    todo = [(c, k) for c, k in zip(calls, keys, strict=True) if k not in kept]
    got: dict[str, Any] = {}
    if JOBS <= 1 or len(todo) < 2:
        results: Iterable[Any] = (work(*c) for c, _ in todo)
        pool = None
    else:
        pool = ProcessPoolExecutor(JOBS)
        results = pool.map(_call, [(work, c) for c, _ in todo])
    try:
        for (_, k), result in zip(todo, results, strict=True):
            got[k] = json.loads(json.dumps(result))
            if KEPT:
                KEPT.add(k, got[k])
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return [kept[k] if k in kept else got[k] for k in keys]


def _key(work: Callable[..., Any], call: tuple) -> str:
    return json.dumps([work.__name__, list(call)], sort_keys=True)


def _call(job: tuple[Callable[..., Any], tuple]) -> Any:
    work, args = job
    return work(*args)


PLAYING = ("Timed", "resolve", "play", "calibrate_game")
"""This script's functions whose code decides a kept result, beside engines/ and solo/."""


def fingerprint() -> str:
    """What decides a game's result: the code of engines/ and solo/ and their data (not their Markdown, which
    only describes them), this script's playing functions, and the settings they read."""
    digest = hashlib.sha256()
    root = HERE.parent
    for folder in ("engines", "solo"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".md":
                digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    for name in PLAYING:
        digest.update(inspect.getsource(globals()[name]).encode())
    digest.update(repr((SAMPLES, PER_GAME, PICK_ONE_IN)).encode())
    return digest.hexdigest()[:16]


class Kept:
    """Finished games' results in a JSON-lines file, each with the fingerprint of the code that played it."""

    def __init__(self, path: Path):
        self.path, self.code, self.started = path, fingerprint(), time.time()
        self.found: dict[str, Any] = {}
        self.other = 0
        self.sittings: dict[float, list[float]] = {}
        self.speeds: dict[float, float] = {}
        text = path.read_text() if path.exists() else ""
        self.cut = bool(text) and not text.endswith("\n")  # the next row starts a line of its own
        for line in text.splitlines():
            try:
                row = json.loads(line)
            except ValueError:  # a line cut short when a sitting was stopped
                continue
            if not isinstance(row, dict) or row.get("code") != self.code:
                self.other += 1
                continue
            if "speed" in row:
                self.speeds[row["sitting"]] = row["speed"]
                continue
            self.found[row["key"]] = row["result"]
            self.sittings.setdefault(row["sitting"], []).append(row["at"])

    def add(self, key: str, result: Any) -> None:
        self.found[key] = result
        now = time.time()
        self.sittings.setdefault(self.started, []).append(now)
        self._write({"code": self.code, "sitting": self.started, "at": now, "key": key, "result": result})

    def note_speed(self, speed: float, sitting: float | None = None) -> None:
        """The machine's speed (`speed()`) in a sitting, this one unless named."""
        at = self.started if sitting is None else sitting
        self.speeds[at] = speed
        self._write({"code": self.code, "sitting": at, "speed": speed})

    def _write(self, row: dict[str, Any]) -> None:
        with self.path.open("a") as out:
            out.write("\n" * self.cut + json.dumps(row, separators=(",", ":")) + "\n")
        self.cut = False

    def told(self) -> str:
        """The sittings that played this run's kept results, in words."""
        spans = []
        for start, ats in sorted(self.sittings.items()):
            begun, ended = time.gmtime(start), time.gmtime(max(ats))
            fast = f"; the machine at {self.speeds[start]:.0f} {SPEED_UNIT}" if start in self.speeds else ""
            spans.append(
                f"{time.strftime('%Y-%m-%d %H:%M', begun)}-{time.strftime('%H:%M', ended)} UTC "
                f"({len(ats)} result{'' if len(ats) == 1 else 's'}{fast})"
            )
        return ", ".join(spans)


YARDSTICK = ("escape-from-tall-oaks", 100, 117)
"""The machine's speed, measured with each sitting: heuristic Tall Oaks games (three survivors, seeds 0-99) a
CPU second. bench/throughput_all.py measured 117 on 2026-12-01 (bench/RESULTS.md, "Every game"), the machine
the CPU figures of issue 17's earlier runs came from; the machines differ from sitting to sitting, and a CPU
figure reads against its sitting's speed."""
SPEED_UNIT = "heuristic Tall Oaks games a CPU second"
SPEED = 0.0
"""This sitting's speed."""


YARDSTICK_CODE = "9471141"
"""The engines the yardstick plays: the 2026-12-03 run's (commit 9471141), whatever the checkout holds, so an
engine made faster since reads as the same machine, not as a faster one (the rollout steps of 2026-12-06 take
10-18% fewer instructions). Without git or that commit, the checkout's own engines play it, and `speed` says
so."""


def speed() -> float:
    """The yardstick measured as bench/throughput_all.py measured its 117, the median of three rounds (a first
    round has run a third slower than the next two), played by the engines of YARDSTICK_CODE."""
    gid, games, _ = YARDSTICK
    probe = (
        "import statistics, sys; sys.path.insert(0, 'bench'); from throughput_all import rate; "
        f"print(statistics.median(rate({gid!r}, {{}}, {games})[0] for _ in range(3)))"
    )
    with tempfile.TemporaryDirectory() as tmp:
        tree = subprocess.run(
            ["git", "-C", str(HERE.parent), "archive", YARDSTICK_CODE, "engines", "bench/throughput_all.py"],
            capture_output=True,
            check=False,
        )
        if tree.returncode == 0:
            with tarfile.open(fileobj=io.BytesIO(tree.stdout)) as tar:
                tar.extractall(tmp, filter="data")
            found = subprocess.run([sys.executable, "-c", probe], cwd=tmp, capture_output=True, text=True)
            if found.returncode == 0:
                return float(found.stdout.split()[-1])
    print(
        f"the yardstick's engines (commit {YARDSTICK_CODE}) are not at hand: this checkout's play it, and a "
        "faster engine reads as a faster machine",
        file=sys.stderr,
    )
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    from throughput_all import rate

    return statistics.median(rate(gid, {}, games)[0] for _ in range(3))


KEPT: Kept | None = None
"""--keep: where finished games' results are kept, to go on from in a later sitting."""


# -- comparisons -----------------------------------------------------------------------------------------------


class Match:
    """One row: a seat's (or seats') win rate under two policies over the same seeds."""

    def __init__(self, title: str, game_id: str, options: dict[str, str], counted: list[str], fair: str = ""):
        self.title, self.game_id, self.options, self.counted, self.fair = (
            title,
            game_id,
            options,
            counted,
            fair,
        )

    def rate(self, winners: list[tuple[str, ...]]) -> tuple[float, float, float, int]:
        """Share of the counted seats' wins: (rate, low, high, wins) over len(winners) * len(counted)."""
        wins = sum(seat in w for w in winners for seat in self.counted)
        n = len(winners) * len(self.counted)
        low, high = wilson(wins, n)
        return wins / n, low, high, wins


def comparisons() -> list[tuple[Match, dict[str, str], dict[str, str], str, str]]:
    """(what, policies A, policies B, name of A, name of B): B is the searching side."""
    out = []
    tcm = Match("Slaughterhouse: the family's win rate (kills)", "slaughterhouse", {}, ["sawyer"])
    out.append(
        (tcm, {"trespassers": "normal", "sawyer": "normal"}, {"trespassers": "normal", "sawyer": "hard"})
    )
    tcm = Match(
        "Slaughterhouse: the Trespassers' escapes (the automa's when the person plays the family; "
        "or the person's seat by search)",
        "slaughterhouse",
        {},
        ["trespassers"],
    )
    out.append(
        (tcm, {"trespassers": "normal", "sawyer": "normal"}, {"trespassers": "hard", "sawyer": "normal"})
    )
    for gid, kind, person in (
        ("mixtape-massacre", "slasher", "slasher1"),
        ("escape-from-tall-oaks", "survivor", "survivor1"),
    ):
        rival, other = f"{kind}2", f"{kind}3"
        m = Match(
            f"{get(gid).title}: one rival {kind} ({rival}) at the level, 3 seats, the others normal: its wins",
            gid,
            {"rivals": "2"},
            [rival],
            "fair share 33%",
        )
        base = {person: "normal", rival: "normal", other: "normal"}
        out.append((m, base, {**base, rival: "hard"}))
    fg = Match(
        "Final Girl: the person's seat, search (as hard) against the heuristic",
        "final-girl",
        {},
        ["final_girl"],
    )
    out.append((fg, {"final_girl": "normal"}, {"final_girl": "hard"}))
    return [(m, a, b, "normal", "hard") for m, a, b in out]


ONLY: list[str] = []
"""--only: the comparisons to play (by a piece of their title); all when empty."""
GAMES_FOR: dict[str, int] = {}
"""--games-for GAME=N: paired games for one game's comparisons, where --games is more than it can afford."""


def compare(
    games: int,
    costs: dict[str, list[float]],
    say: Callable[[str], None],
    done: Callable[[list[str]], None] = lambda rows: None,
) -> list[str]:
    """The comparisons' rows; `done` gets the rows so far after each (the bench writes them as it goes)."""
    every = games
    rows = [
        "| What | Games (paired seeds) | normal | hard | Seeds hard won, normal lost / the reverse |",
        "|---|---|---|---|---|",
    ]
    for match, a, b, _, _ in comparisons():
        if ONLY and not any(t in match.title.lower() for t in ONLY):
            continue
        if not searchable(match.game_id):
            rows.append(f"| {match.title} | not measured: no determinize yet | | | |")
            continue
        games = GAMES_FOR.get(match.game_id, every)
        seeds = range(SEED, SEED + games)
        spent = costs.setdefault(match.game_id, [])
        start = time.time()
        played = spread(play, [(match.game_id, s, side, match.options) for side in (a, b) for s in seeds])
        won_a = [w for w, _ in played[:games]]
        won_b = [w for w, _ in played[games:]]
        spent += [c for _, found in played[games:] for c in found]
        say(f"{match.title}: {games} paired games in {time.time() - start:.0f} s")
        ra, rb = match.rate(won_a), match.rate(won_b)
        better = sum(
            any(c in wb for c in match.counted) and not any(c in wa for c in match.counted)
            for wa, wb in zip(won_a, won_b, strict=True)
        )
        worse = sum(
            any(c in wa for c in match.counted) and not any(c in wb for c in match.counted)
            for wa, wb in zip(won_a, won_b, strict=True)
        )
        note = f" ({match.fair})" if match.fair else ""
        seen = f"{games} ({SEED}-{SEED + games - 1})"
        rows.append(f"| {match.title}{note} | {seen} | {_rate(ra)} | {_rate(rb)} | {better} / {worse} |")
        done(rows)
    return rows


def _rate(r: tuple[float, float, float, int]) -> str:
    return f"{r[0]:.0%} ({r[1]:.0%}-{r[2]:.0%})"


# -- calibration -----------------------------------------------------------------------------------------------


PER_GAME = 2
"""Decisions sampled from one game at most: one game's outcome is one coin, however many decisions it holds."""
PICK_ONE_IN = 8
"""Each of the person's decisions is sampled with this chance (1 in 8), so the samples spread over the game."""
CALIBRATED = (
    ("final-girl", "final_girl"),
    ("slaughterhouse", "trespassers"),
    ("slaughterhouse", "sawyer"),
    ("mixtape-massacre", "slasher1"),
    ("escape-from-tall-oaks", "survivor1"),
)


def calibrate_game(gid: str, seat: str, seed: int, timed: bool) -> tuple[list[dict], list, list]:
    """One seeded game of heuristic play: a record at up to PER_GAME of `seat`'s decisions (the hint's raw
    playout tallies, its own budget and seed, every option's wins; the choice the heuristic made; and whether the
    seat won the game that followed, as in the hint's playouts), the hints' CPU times, and, when `timed`, the
    shipped hard level's."""
    from solo.run import Run

    game = get(gid)
    heuristic = game.policies[game.default_policy]
    hard = Timed(levels.policy_for(game, "hard"), [])
    hints: list[float] = []
    run = Run(game, seed, resolve_options(game, {}), seat)
    mine: list[dict] = []
    pick = Rng.from_seed(derive_seed(seed, "calibration"))
    while (d := run.decision()) is not None:
        key = decide(game, heuristic, run.state, d, policy_rng(seed, len(run.keys)))
        if d.seat == seat and len(d.options) > 1 and len(mine) < PER_GAME and pick.below(PICK_ONE_IN) == 0:
            t = time.process_time()
            verdict = advice.raced(run, d)
            advice.from_verdict(verdict, d, gid)  # the hint's whole cost: the race and the figures shown
            hints.append(round(time.process_time() - t, 4))
            tallies = [[s.estimate.key, s.estimate.plays, round(s.estimate.win * s.estimate.plays)] for s in verdict.standings]
            mine.append({"game": gid, "seat": seat, "seed": seed, "options": tallies, "chosen": key})
            if timed:
                hard.choose(game, run.state, d, policy_rng(seed, len(run.keys)))
        run.choose(key, d)
    outcome = run.outcome()
    won = outcome is not None and seat in outcome.winners
    return [{**r, "won": won} for r in mine], hints, hard.costs


TIMED_GAMES = 0
"""--timed-games: calibration games per seat whose sampled decisions the shipped hard level is timed at too
(0 by default: the comparisons time hard at every decision it makes)."""


def calibration(
    decisions: int,
    hint_costs: dict[str, list[float]],
    hard_costs: dict[str, list[float]],
    say: Callable[[str], None],
) -> list[dict]:
    """Records (calibrate_game's) for `decisions` of the person's decisions per seat, seeded games from
    CALIBRATION_SEED taken in order (a batch of games at a time; what a game adds does not depend on the batch)."""
    pairs: list[dict] = []
    for gid, seat in CALIBRATED:
        if not searchable(gid):
            continue
        found: list[dict] = []
        start = time.time()
        seed = CALIBRATION_SEED
        while len(found) < decisions:
            batch = max(JOBS * 4, 8)
            calls = [(gid, seat, s, s - CALIBRATION_SEED < TIMED_GAMES) for s in range(seed, seed + batch)]
            for got, hints, hard in spread(calibrate_game, calls):
                if len(found) >= decisions:
                    break
                found += got[: decisions - len(found)]
                hint_costs.setdefault(gid, []).extend(hints)
                hard_costs.setdefault(gid, []).extend(hard)
                seed += 1
        say(
            f"calibration, {get(gid).title} ({seat}): {len(found)} decisions from {seed - CALIBRATION_SEED} games "
            f"in {time.time() - start:.0f} s"
        )
        pairs += found
    return pairs


def figure(record: dict, shown: bool = True, strength: advice.Shrink | None = None) -> float:
    """The hint's win chance for the choice made at a record: the figure shown (advice.figures of the raw
    playouts, at the game's strengths or `strength`) or, not `shown`, the raw playouts' own rate."""
    from engines.core import search

    raw = [
        search.Estimate(k, k, n, w / n if n else 0.0, *search.wilson(w, n), None, {})
        for k, n, w in record["options"]
    ]
    found = advice.figures(raw, record["game"], strength) if shown else raw
    return next(e.win for e in found if e.key == record["chosen"])


def predictions(records: list[dict], shown: bool = True) -> list[tuple[float, bool]]:
    return [(figure(r, shown), r["won"]) for r in records]


def calibration_rows(pairs: list[tuple[float, bool]]) -> list[str]:
    rows = [
        "| Predicted | Decisions | Mean predicted | Realized (95% interval) | Realized - predicted |",
        "|---|---|---|---|---|",
    ]
    for b in range(10):
        inside = [(p, w) for p, w in pairs if min(9, int(p * 10)) == b]
        if not inside:
            continue
        wins = sum(w for _, w in inside)
        low, high = wilson(wins, len(inside))
        mean = statistics.fmean(p for p, _ in inside)
        rows.append(
            f"| {b * 10}-{b * 10 + 10}% | {len(inside)} | {mean:.0%} | {wins / len(inside):.0%} "
            f"({low:.0%}-{high:.0%}) | {(wins / len(inside) - mean) * 100:+.0f} points |"
        )
    return rows


def seat_rows(records: list[dict]) -> list[str]:
    """The calibration seat by seat: its bias overall, and its bins' misses (issue 44: every seat's bins within 5
    points; a bin of 30 decisions strays about 9 points by chance alone, so thinner ones are not judged)."""
    rows = ["| Seat | Decisions | Mean figure | Realized (95%) | Bins (30+): realized - predicted |", "|---|---|---|---|---|"]
    for gid, seat in CALIBRATED:
        mine = [r for r in records if r["game"] == gid and r["seat"] == seat]
        if not mine:
            continue
        pairs = predictions(mine)
        wins = sum(w for _, w in pairs)
        low, high = wilson(wins, len(pairs))
        bins = "; ".join(
            f"{mean:.0%} {100 * (real - mean):+.0f} ({n})" for mean, real, _, _, n in _bins(pairs) if n >= 30
        )
        rows.append(
            f"| {get(gid).title}, {seat} | {len(pairs)} | {statistics.fmean(p for p, _ in pairs):.0%} | "
            f"{wins / len(pairs):.0%} ({low:.0%}-{high:.0%}) | {bins or 'none with 30'} |"
        )
    return rows


LUCK_TRIALS = 400


def all_within(pairs: list[tuple[float, bool]], points: float = 5.0) -> float:
    """How often a perfectly calibrated figure would put every bin within `points` of its mean: each decision's
    outcome drawn at its own figure, LUCK_TRIALS times (seeded). The yardstick for the bins' misses: a bin of
    30 decisions strays 5 points by chance alone."""
    rng = Rng.from_seed(derive_seed(0, "calibration luck"))
    hits = 0
    for _ in range(LUCK_TRIALS):
        drawn = [(p, rng.below(1_000_000) < p * 1_000_000) for p, _ in pairs]
        hits += all(abs(real - mean) * 100 <= points for mean, real, *_ in _bins(drawn))
    return hits / LUCK_TRIALS


def _bins(pairs: list[tuple[float, bool]]) -> list[tuple[float, float, float, float, int]]:
    """Per bin of ten points: (mean predicted, realized, realized - low, high - realized, count)."""
    out = []
    for b in range(10):
        inside = [(p, w) for p, w in pairs if min(9, int(p * 10)) == b]
        if inside:
            wins = sum(w for _, w in inside)
            low, high = wilson(wins, len(inside))
            real = wins / len(inside)
            out.append((statistics.fmean(p for p, _ in inside), real, real - low, high - real, len(inside)))
    return out


def plot(records: list[dict]) -> bool:
    """The calibration curve of the figures the hint shows, and of the raw playout rates on the same decisions."""
    if not records:
        return False
    try:
        import matplotlib  # type: ignore[import-not-found]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found]
    except ImportError:
        return False
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.plot([0, 1], [0, 1], ":", color="grey", label="perfect")
    for shown, style, label in ((False, "s--", "raw playout rate"), (True, "o-", "the hint's figure")):
        xs, ys, lows, highs, counts = zip(*_bins(predictions(records, shown)), strict=True)
        colour = "C0" if shown else "silver"
        ax.errorbar(xs, ys, yerr=[lows, highs], fmt=style, capsize=3, color=colour, label=label)
        if shown:
            for x, y, n in zip(xs, ys, counts, strict=True):
                ax.annotate(str(n), (x, y), textcoords="offset points", xytext=(6, -12), fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("predicted win chance (bins of ten points; the hint's count of decisions beside each)")
    ax.set_ylabel("realized win rate (95% interval)")
    ax.set_title(f"The hint's calibration, {len(records)} decisions")
    ax.legend(loc="upper left")
    fig.savefig(PNG, dpi=100, bbox_inches="tight")
    return True


# -- cost ------------------------------------------------------------------------------------------------------


def cost_rows(kinds: dict[str, dict[str, list[float]]]) -> list[str]:
    rows = ["| Game | What | Decisions | Median CPU | 95th percentile |", "|---|---|---|---|---|"]
    for what, found in kinds.items():
        for gid, costs in found.items():
            if len(costs) < 2:
                continue
            p95 = statistics.quantiles(costs, n=20)[-1]
            rows.append(
                f"| {get(gid).title} | {what} | {len(costs)} | {statistics.median(costs):.2f} s | "
                f"{p95:.2f} s |"
            )
    return rows


# -- the report ------------------------------------------------------------------------------------------------


def write(section: str) -> None:
    text = RESULTS.read_text()
    if HEADING in text:
        start = text.index(HEADING)
        after = text.find("\n## ", start + len(HEADING))
        text = text[:start] + section + ("" if after < 0 else text[after:])
    else:
        text = text.rstrip("\n") + "\n\n" + section
    RESULTS.write_text(text if text.endswith("\n") else text + "\n")


def _budgets() -> tuple[str, str]:
    """The shipped hard level's and the hint's budgets, in words."""
    hard = ", ".join(
        f"{get(g).title} up to {n}"
        + (f" (at most {levels.HARD_STEPS[g]:,} rollout steps)" if g in levels.HARD_STEPS else "")
        for g, n in levels.HARD_SAMPLES.items()
    ) + f", every option on the first {levels.HARD_FIRST}, then only those still ahead of the heuristic's pick"
    hint = ", ".join(
        f"{get(g).title} up to {advice.RACE.most}"
        + (f" (at most {levels.HINT_STEPS[g]:,} steps)" if g in levels.HINT_STEPS else "")
        for g in levels.HARD_SAMPLES
        if g not in advice.EXACT
    )
    return hard, hint


def section(given: str, games: int, elapsed: float, compared, pairs, drawn, costs, finished: bool) -> str:
    """The section "Automa levels" from what has been measured so far."""
    budgets, hints = _budgets()
    played_as = (
        f"In the comparisons `hard` searched with {SAMPLES} samples per decision, not its shipped budget"
        if SAMPLES
        else "The comparisons play the shipped `hard`"
    )
    fewer = " and ".join(f"{SEED}-{SEED + n - 1} for {get(g).title}" for g, n in GAMES_FOR.items())
    fewer = f", but {fewer}" if fewer else ""
    when = (
        f"one run of the code with fingerprint {KEPT.code}, in sittings {KEPT.told()}"
        if KEPT
        else f"one run, {time.strftime('%Y-%m-%d')}, {elapsed:.0f} s of wall time (the machine at {SPEED:.0f} "
        f"{SPEED_UNIT})"
    )
    lines = [
        HEADING,
        "",
        f"`.venv/bin/python bench/automa.py{given}`, {when}"
        f"{'' if finished else ' so far (the run is still going)'} on a shared "
        f"two-core machine. Seeds {SEED}-{SEED + games - 1} for every comparison{fewer}, paired: both sides "
        "play the same seeds. Win rates with Wilson 95% intervals. The shipped `hard` searches with these samples "
        f"per decision: {budgets}; the hint with {hints}. {played_as}. The person's seat plays the heuristic "
        "(`normal`) unless named.",
        "",
        *compared,
        "",
    ]
    if pairs:
        lines += [
            f"Calibration of the hint: {len(pairs)} of the person's decisions (one in {PICK_ONE_IN} drawn, at most "
            f"{PER_GAME} a game, of seeded games from seed {CALIBRATION_SEED}, heuristic play, seats: "
            + ", ".join(f"{g} {s}" for g, s in CALIBRATED if searchable(g))
            + "): the hint's win chance for the choice made, against how often that game was won. The figure the "
            "hint shows (solo/advice.py `figures`: each choice's playouts plus pseudo-playouts at the decision's "
            "pooled rate, itself drawn toward even odds; per game, (choice, pool): "
            + ", ".join(f"{g} ({s.choice:g}, {s.pool:g})" for g, s in advice.SHRINKS.items())
            + "):",
            "",
            *calibration_rows(predictions(pairs)),
            "",
            f"Chance that a perfectly calibrated figure puts every bin within 5 points on these decisions (each "
            f"decision's outcome drawn at its figure, {LUCK_TRIALS} draws): {all_within(predictions(pairs)):.0%}. "
            "Per game, mean figure against realized: "
            + "; ".join(
                f"{g} {statistics.fmean(p for p, _ in got):.0%} / {statistics.fmean(w for _, w in got):.0%}"
                for g in dict.fromkeys(r["game"] for r in pairs)
                if (got := predictions([r for r in pairs if r["game"] == g]))
            )
            + ".",
            "",
            "Per seat (pooling a game's two sides hides a lean of either): decisions, mean figure against realized "
            "with its 95% interval, and each bin of ten points with 30 decisions or more, realized minus predicted:",
            "",
            *seat_rows(pairs),
            "",
            "The raw playout rate on the same decisions (the hint's figure before the shrink):",
            "",
            *calibration_rows(predictions(pairs, shown=False)),
            "",
            "The curve: [calibration.png](calibration.png)."
            if drawn
            else "(No PNG: matplotlib is not installed.)",
            "",
        ]
    lines += [
        "Cost: CPU time per decision that had more than one option (the shipped `hard` and the hint, timed at "
        "the calibration's decisions; the comparisons' searching seats as they played). CPU time is the "
        f"machine's: read it against the speed above ({YARDSTICK[2]} {SPEED_UNIT} on the machine of issue 17's "
        "earlier runs).",
        "",
        *cost_rows(costs),
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="a small run: 2 paired games, 6 decisions per seat")
    p.add_argument("--games", type=int, default=12, help="paired games per comparison (default 12)")
    p.add_argument(
        "--games-for", action="append", default=[], metavar="GAME=N", help="paired games for one game's rows"
    )
    p.add_argument("--decisions", type=int, default=40, help="calibration decisions per seat (default 40)")
    p.add_argument(
        "--samples", type=int, help="hard's samples per decision in the comparisons (default: its own)"
    )
    p.add_argument(
        "--jobs", type=int, default=1, help="processes playing the games (the figures do not change)"
    )
    p.add_argument("--timed-games", type=int, default=0, help="calibration games per seat timing hard too")
    p.add_argument("--no-write", action="store_true", help="print the section instead of writing RESULTS.md")
    p.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="TEXT",
        help="only the comparisons whose title has TEXT",
    )
    p.add_argument("--first-seed", type=int, default=0, help="the comparisons' first seed (default 0)")
    p.add_argument("--calibration-seed", type=int, default=10_000, help="the calibration's first seed")
    p.add_argument("--dump", type=Path, help="write the calibration's records (JSON) to this file")
    p.add_argument("--records", type=Path, help="take the calibration's records from this file (a --dump)")
    p.add_argument(
        "--keep", type=Path, help="keep finished games' results in this file, and go on from those it holds"
    )
    args = p.parse_args()
    ONLY.extend(t.lower() for t in args.only)
    global SEED, CALIBRATION_SEED
    SEED, CALIBRATION_SEED = args.first_seed, args.calibration_seed
    games, decisions = (2, 6) if args.quick else (args.games, args.decisions)
    global SAMPLES, JOBS, TIMED_GAMES
    SAMPLES, JOBS, TIMED_GAMES = args.samples, args.jobs, args.timed_games
    for item in args.games_for:
        gid, _, n = item.partition("=")
        GAMES_FOR[gid] = int(n)
    given = " --quick" if args.quick else f" --games {games} --decisions {decisions}"
    given += "".join(f" --games-for {g}" for g in args.games_for)
    given += f" --samples {SAMPLES}" if SAMPLES else ""
    given += f" --jobs {JOBS}" if JOBS > 1 else ""
    given += f" --timed-games {TIMED_GAMES}" if TIMED_GAMES else ""
    given += "".join(f" --only '{t}'" for t in args.only)
    given += f" --records {args.records}" if args.records else ""
    given += f" --first-seed {SEED}" if SEED else ""
    given += f" --calibration-seed {CALIBRATION_SEED}" if args.calibration_seed != 10_000 else ""
    given += f" --keep {args.keep}" if args.keep else ""
    global KEPT
    global SPEED
    SPEED = speed()
    if args.keep:
        KEPT = Kept(args.keep)
        KEPT.note_speed(SPEED)
        print(
            f"{args.keep}: {len(KEPT.found)} results of this code (fingerprint {KEPT.code}) to go on from"
            + (f"; {KEPT.other} of other code, not used" if KEPT.other else ""),
            file=sys.stderr,
            flush=True,
        )

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    start = time.time()
    played: dict[str, list[float]] = {}
    hard: dict[str, list[float]] = {}
    hint: dict[str, list[float]] = {}
    costs = {
        "hard automa decision": hard,
        "hint": hint,
        f"comparisons' search ({SAMPLES or 'shipped'})": played,
    }

    def report(compared, pairs, drawn: bool, finished: bool) -> None:
        text = section(given, games, time.time() - start, compared, pairs, drawn, costs, finished)
        if args.no_write:
            if finished:
                print(text)
        else:
            write(text)

    # first the calibration: the comparisons are written as each ends
    records = (
        json.loads(args.records.read_text()) if args.records else calibration(decisions, hint, hard, say)
    )
    if args.dump:
        args.dump.write_text(json.dumps(records))
    pairs = records
    drawn = plot(records)
    if (
        records and not drawn
    ):  # no calibration (--decisions 0) draws nothing, and that is not matplotlib's fault
        say("matplotlib is not installed (the `plot` extra): no bench/calibration.png")
    report([], pairs, drawn, False)
    compared = compare(games, played, say, lambda rows: report(rows, pairs, drawn, False))
    report(compared, pairs, drawn, True)
    if not args.no_write:
        say(f"wrote the section '{HEADING[3:]}' of {RESULTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
