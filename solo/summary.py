"""The end of a run in one panel (issue 14): the turns, what was saved, lost and spent, the closest call, the
decisive roll, and where the run stands among the player's earlier runs of the game.

Each game has a small module (solo/games/<game>_summary.py) that knows its own event kinds and fields. A summary
is made from the run's log, its outcome and its turn alone: the log is what the REPL told the person's seat,
so the summary never names what the seat's view hides, and every number in it is counted from events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from importlib import import_module
from typing import Any

import msgspec

from engines.core.events import Event, engine_events
from solo.run import Run


class Part(msgspec.Struct, frozen=True):
    """What a game's module finds in a log: its rows, and the two moments ("" when there is none)."""

    rows: list[tuple[str, str]]
    closest: str = ""
    decisive: str = ""


class Summary(msgspec.Struct, frozen=True):
    title: str
    rows: list[tuple[str, str]]
    """(label, text): the ending, the turns, what was saved, lost and spent, the seats' counts."""
    closest: str = ""
    """The moment the person came nearest to losing, with its number; "" when nothing was close."""
    decisive: str = ""
    """The roll with the biggest effect on the person's goal (its dice shown); "" when no roll mattered."""
    decisive_label: str = "Biggest roll"
    """'Decisive roll' where it is the review's (the roll that moved the chance of winning most, past the
    figures' error: Escape of the Dead's exact review, or a review kept beside the save); 'Biggest roll' where it
    is the game's own pick from the log (the roll that did most to the count goal), so the summary never names a
    decisive roll the review does not."""
    standing: str = ""
    """Where the run stands among the player's earlier runs of the game (solo/stats.py)."""
    won: bool | None = None
    """True or False for the person's result; None for a draw or an unfinished run."""

    def lines(self) -> list[tuple[str, str]]:
        """Every row shown, in order."""
        extra = [("Closest call", self.closest), (self.decisive_label, self.decisive), ("Record", self.standing)]
        return self.rows + [(label, text) for label, text in extra if text]


MODULES = {
    "escape-of-the-dead": "escape_of_the_dead_summary",
    "final-girl": "final_girl_summary",
    "slaughterhouse": "slaughterhouse_summary",
    "mixtape-massacre": "mixtape_massacre_summary",
    "escape-from-tall-oaks": "tall_oaks_summary",
}

VERDICTS = {"won": "You won", "lost": "You lost", "draw": "A draw"}


def summarize(run: Run, standing: str = "", reviewed: Any = None) -> Summary:
    """The run's summary, from its log, outcome and turn (and, for Escape of the Dead, its exact review; for
    another game, `reviewed`: its review where one is kept, which then names the decisive roll)."""
    status = run.status()
    outcome = run.outcome()
    no_winner = getattr(run.game, "no_winner", "")  # the rulebook names none (Slaughterhouse): tell, never judge
    title = f"{'The night is over' if no_winner else VERDICTS.get(status, 'It ends')}: {run.game.title}"
    rows = [("Ending", outcome.reason)] if outcome is not None else []
    name = MODULES.get(run.game.id)  # each module: tell(log, seat, turn) -> Part; optional decisive(run) -> str
    part = Part(rows=[])
    label = "Biggest roll"
    if name is not None:
        module = import_module(f"solo.games.{name}")
        part = module.tell(engine_events(run.log), run.seat, run.game.turn(run.state))
        decisive = getattr(module, "decisive", None)
        if decisive is not None:  # the game's exact review's
            part = msgspec.structs.replace(part, decisive=decisive(run))
            label = "Decisive roll"
    if reviewed is not None:
        from solo import review

        roll = review.decisive_roll(reviewed)
        part = msgspec.structs.replace(part, decisive=_swing(roll) if roll is not None else "")
        label = "Decisive roll"
    won = None if no_winner else {"won": True, "lost": False}.get(status)
    return Summary(title, rows + part.rows, part.closest, part.decisive, label, standing, won)


def _swing(roll: Any) -> str:
    """The review's decisive roll in the summary's words (as Escape of the Dead's says its own)."""
    before, after = roll.expected.win, roll.after.win
    word = "rose" if after > before else "fell"
    return f"turn {roll.turn}, {roll.dice}: the chance of winning {word} from {before:.0%} to {after:.0%}"


# -- helpers the games' modules share -------------------------------------------------------------------


def plural(n: int, word: str, words: str = "") -> str:
    """'1 board', '3 boards' ('1 Injury', '2 Injuries' with the plural given)."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def dice(faces: Iterable[object]) -> str:
    """A roll's faces as shown: '6 6 1', 'knife knife fist'."""
    return " ".join(str(f) for f in faces)


def listed(parts: Sequence[str], empty: str = "nothing") -> str:
    """'a', 'a and b', 'a, b and c'."""
    parts = [p for p in parts if p]
    if not parts:
        return empty
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def rolls(log: list[Event], is_roll: Callable[[Event], bool]) -> Iterator[tuple[int, Event, list[Event]]]:
    """Each roll (its index and event) with the events that follow it up to the next roll: what it did."""
    at = [i for i, e in enumerate(log) if is_roll(e)]
    ends = [*at[1:], len(log)] if at else []  # a run can end before the seat ever rolls
    for i, j in zip(at, ends, strict=True):
        yield i, log[i], log[i + 1 : j]


def biggest(scored: Iterable[tuple[int, str]]) -> str:
    """The text of the highest score above 0; the later of equal scores (nearer the ending)."""
    best: tuple[int, str] | None = None
    for score, text in scored:
        if score > 0 and (best is None or score >= best[0]):
            best = (score, text)
    return best[1] if best else ""


def seat_names(log: list[Event]) -> dict[str, str]:
    """Seat -> character name, from the opening (the Mixtape games)."""
    start = next((e for e in log if e.kind == "game_started"), None)
    if start is None:
        return {}
    names = start.facts.get("names", [])
    return dict(zip(start.facts.get("seats", []), names, strict=False))
