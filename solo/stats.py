"""A player's record across nights: every finished run kept in the save folder's keep files, counted once.

A run is recorded when it ends (by its id, so loading, undoing or replaying it never counts it again) with its
result, turns, seat, options and the character played. `solo stats` adds them up by game and by what the
player chose. `--fresh` starts a new box for a game's carried things, never a new history.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, Literal

from saves import SaveError, SaveStore
from saves.keep import Finished, Keepsakes
from solo.run import Run, RunError
from solo.sim import wilson

CHOICES: dict[str, tuple[str, ...]] = {
    "escape-of-the-dead": ("barricade",),
    "final-girl": ("girl", "mode"),
    "slaughterhouse": ("scenario", "trespassers", "automa"),
    "mixtape-massacre": ("character", "hero", "automa"),
    "escape-from-tall-oaks": ("character", "automa"),
}
"""What each game's record is broken down by: the options that change the night, the character played (a
Mixtape slasher or survivor dealt at random is recorded by name) and the automa's level where a seat plays
against the person."""


ENDED: Literal["ended"] = "ended"
"""The result kept for a run of a game whose rulebook names no winner (Slaughterhouse): neither won nor lost;
its record is the night's counts, kept beside the options as 'night escaped', 'night killed', 'night of' and
'night objective'."""


def tally(run: Run) -> dict[str, str]:
    """A finished run's counts where its game's rulebook names no winner (the game's `tally`), else {}."""
    count = getattr(run.game, "tally", None)
    if not getattr(run.game, "no_winner", "") or count is None:
        return {}
    return count(run.state) or {}


_RESULTS: dict[str, Literal["won", "lost", "draw"]] = {"won": "won", "lost": "lost", "draw": "draw"}
"""A finished run's status as the keep file's `result` (nothing else is one)."""


def run_key(run: Run, slot: str) -> str:
    return run.id or f"{slot}@{run.created}"


def character(run: Run) -> str:
    """The person's character by name, where the game deals one."""
    view = run.view()
    people = getattr(view, "slashers", None) or getattr(view, "survivors", None) or ()
    return next((p.name for p in people if p.seat == run.seat), "")


def record(keep: Keepsakes, run: Run, slot: str) -> tuple[Finished | None, list[Finished], bool]:
    """Record a finished run once. Returns (this run's record, every record of the game, whether it was added
    now): a run loaded, undone or replayed after it was counted keeps its first record (None while running)."""
    if run.outcome() is None:
        return None, [], False
    with keep.locked(run.game.id):
        data = keep.read(run.game.id)
        key = run_key(run, slot)
        if key in data.finished:
            return data.finished[key], list(data.finished.values()), False
        options = dict(run.options)
        who = character(run)
        if who:
            options["character"] = who
        counts = tally(run)
        options |= {f"night {name}": value for name, value in counts.items()}
        from solo import automa

        if automa.offered(run.game):
            options["automa"] = run.automa
        entry = Finished(
            slot=slot,
            result=ENDED if counts else _RESULTS[run.status()],
            turns=run.game.turn(run.state),
            seat=run.seat,
            options=options,
            seed=run.seed,
            ironman=run.ironman,
            started=run.created,
            ended=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        data.finished[key] = entry
        keep.write(run.game.id, data)
    return entry, list(data.finished.values()), True


def nights(runs: Iterable[Finished]) -> dict[str, dict[str, int]]:
    """For a game whose rulebook names no winner, each seat's nights and counts: escaped, killed and Trespassers
    in all, the nights its scenario's objective was met, and the nights recorded before the counts were kept."""
    by: dict[str, dict[str, int]] = {}
    for r in runs:
        seat = by.setdefault(r.seat, dict.fromkeys(("nights", "escaped", "killed", "of", "met", "uncounted"), 0))
        seat["nights"] += 1
        if "night of" not in r.options:
            seat["uncounted"] += 1
            continue
        for name in ("escaped", "killed", "of"):
            seat[name] += int(r.options.get(f"night {name}", "0"))
        seat["met"] += r.options.get("night objective") == "met"
    return by


def record_missed(store: SaveStore, keep: Keepsakes) -> int:
    """Record every finished run in the save folder whose end could not record it (its keep file was damaged
    or the disk full then), so it counts from the next start of any run, not only if it is opened again.
    Returns how many were recorded now. A save or keep file that cannot be read is left to its own messages."""
    recorded = 0
    known: dict[str, set[str]] = {}
    try:
        found = store.list()
    except SaveError:
        return 0
    for item in found:
        saved = item.record
        if saved is None or saved.latest()[1] == "running":
            continue
        try:
            if saved.game not in known:
                known[saved.game] = set(keep.read(saved.game).finished)
            if (saved.run or f"{item.slot}@{saved.created}") in known[saved.game]:
                continue
            _, _, fresh = record(keep, Run.from_record(saved), item.slot)
        except (SaveError, OSError, ValueError, RunError):
            continue
        recorded += fresh
    return recorded


def summary(game_id: str, runs: Iterable[Finished]) -> dict[str, Any]:
    """Plays, wins and rates, by choice; streaks; the fastest and the longest win; the last ten results; and for
    a game whose rulebook names no winner, each seat's nights in counts (`nights`)."""
    ordered = sorted(runs, key=lambda r: (r.ended, r.started))
    plays = len(ordered)
    results = Counter(r.result for r in ordered)
    low, high = wilson(results["won"], plays)
    by: dict[str, dict[str, dict[str, int]]] = defaultdict(lambda: defaultdict(lambda: {"plays": 0, "wins": 0}))
    for r in ordered:
        facets = [("seat", r.seat)] if game_id == "slaughterhouse" else []
        facets += [(name, r.options[name]) for name in CHOICES.get(game_id, ()) if name in r.options]
        for name, value in facets:
            cell = by[name][value]
            cell["plays"] += 1
            cell["wins"] += r.result == "won"
    wins = [r for r in ordered if r.result == "won"]
    return {
        "game": game_id,
        "plays": plays,
        "wins": results["won"],
        "losses": results["lost"],
        "draws": results["draw"],
        "win_rate": results["won"] / plays if plays else 0.0,
        "win_rate_95": [low, high],
        "by": {name: dict(values) for name, values in by.items()},
        "streak": _streak(ordered),
        "best_streak": _best_streak(ordered),
        "fastest_win": min((r.turns for r in wins), default=None),
        "longest_win": max((r.turns for r in wins), default=None),
        "last_ten": [r.result for r in ordered[-10:]],
        "nights": nights(ordered) if _no_winner(game_id) else {},
    }


def _streak(ordered: list[Finished]) -> int:
    """Wins in a row up to the latest run (0 when the latest was not a win)."""
    count = 0
    for r in reversed(ordered):
        if r.result != "won":
            break
        count += 1
    return count


def _best_streak(ordered: list[Finished]) -> int:
    best = run = 0
    for r in ordered:
        run = run + 1 if r.result == "won" else 0
        best = max(best, run)
    return best


def told(game_id: str, entry: Finished, runs: list[Finished]) -> str:
    """What this run changed in the record, in a few words: 'your third win as Cassie; a new best of 14 turns'."""
    from narratives.words import ordinal_word

    if entry.result == ENDED:
        return _nights_said(game_id, entry, runs)
    if entry.result != "won":
        s = summary(game_id, runs)
        return f"Your record in this game: {s['wins']} won of {s['plays']} played."
    as_what = _as_what(game_id, entry)
    same = [r for r in runs if r.result == "won" and _as_what(game_id, r) == as_what]
    parts = [f"your {ordinal_word(len(same))} win{f' as {as_what}' if as_what else ''}"]
    earlier = [r.turns for r in runs if r.result == "won" and r is not entry]
    if earlier and entry.turns < min(earlier):
        parts.append(f"a new best of {entry.turns} turns")
    streak = _streak(sorted(runs, key=lambda r: (r.ended, r.started)))
    if streak > 1:
        parts.append(f"{streak} wins in a row")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


SEATS = {"trespassers": "the Trespassers", "sawyer": "the family"}


def _no_winner(game_id: str) -> bool:
    """Whether the game's rulebook names no winner (its engine's `no_winner`, known without importing it)."""
    from engines import registry

    return registry.no_winner(game_id)


def _nights_said(game_id: str, entry: Finished, runs: list[Finished]) -> str:
    """The record of a game that names no winner, for the seat played: 'Your nights as the Trespassers: 3; 4 of 6
    Trespassers escaped, 2 killed; the objective met in 2.'"""
    mine = nights(r for r in runs if r.seat == entry.seat).get(entry.seat)
    if mine is None:
        return ""
    who = SEATS.get(entry.seat, entry.seat)
    counted = mine["nights"] - mine["uncounted"]
    said = (
        f"Your nights as {who}: {mine['nights']}; {mine['escaped']} of {mine['of']} Trespassers escaped, "
        f"{mine['killed']} killed; the objective met in {mine['met']}"
    )
    if mine["uncounted"]:
        said += f" (of the {counted} nights counted)"
    return said + "."


def again(game_id: str, entry: Finished, runs: list[Finished]) -> str:
    """One line for a run shown finished again (loaded, or undone and ended again): it was counted once, as it
    first ended, and nothing in the record changed now."""
    if entry.result == ENDED:
        return f"Already counted in your record ({entry.turns} rounds); nothing changed. {_nights_said(game_id, entry, runs)}"
    s = summary(game_id, runs)
    return (
        f"Already counted in your record ({entry.result}, {entry.turns} turns); nothing changed. "
        f"In this game: {s['wins']} won of {s['plays']} played."
    )


def _as_what(game_id: str, entry: Finished) -> str:
    name = entry.options.get("character") or entry.options.get("girl", "")
    return name[:1].upper() + name[1:] if name else ""


def standing(game_id: str, entry: Finished, runs: list[Finished]) -> str:
    """`told`, and where a win ranks by turns among the player's wins of the game ('the 3rd-fastest of 7
    wins'), unless it is a new best, which `told` says already."""
    text = told(game_id, entry, runs)
    if entry.result != "won":
        return text
    wins = [r.turns for r in runs if r.result == "won"]
    earlier = [r.turns for r in runs if r.result == "won" and r is not entry]
    if not earlier or entry.turns < min(earlier):
        return text
    faster = sum(1 for t in wins if t < entry.turns)
    rank = "the joint fastest" if faster == 0 else f"the {_numeral(faster + 1)}-fastest"
    return f"{text} {rank[:1].upper()}{rank[1:]} of {len(wins)} wins ({entry.turns} turns)."


def _numeral(n: int) -> str:
    """2nd, 3rd, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
