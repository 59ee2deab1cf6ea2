"""What waits behind a choice, as the seat's own view tells it: the roll or the draw a move, a turn's choice, a
redraw or a scuffle leads to, in the engine's order. The business of a space is the engine's own answer
(`checks.arrival` and `checks.business`, asked of a `Spot` built from the view); the chances of each are in
`odds`. Nothing here reads a hidden card or the deck order."""

from __future__ import annotations

from typing import NamedTuple

from engines.mixtape.tall_oaks import checks, keys
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.odds import me
from engines.mixtape.tall_oaks.state import View


class Ahead(NamedTuple):
    """One thing a choice leads to."""

    kind: str
    """"fight" (the Slasher, out next to the space), "escape" (the Helipad, and the game won), "scuffle" (optional),
    "bonus" (a Bonus Tracks card), "tasks" (the Rec Center's pile: a card to take), "final" (the Final Scene's
    fight), "scene" (a Killer Scenes card), "task" (the next Task: a fight with the Slasher when `battle`),
    "search" (the Search Die)."""
    task: int = 0  # "task": the Task's number; "tasks": the card on top of the pile
    battle: bool = False  # "task": completing it means fighting the Slasher (rulebook, Slashers And Tasks)
    rivals: tuple[str, ...] = ()  # "scuffle": the seats of the rivals near enough


def spot(view: View, node: str) -> checks.Spot:
    """The engine's Spot of the seat's survivor ending a move on `node`, from the seat's view."""
    x = me(view)
    return checks.Spot(
        node,
        x.seat,
        view.slasher_at,
        view.helipad,
        x.final_token,
        bool(checks.rivals_near(view.survivors, x.seat, node)),
        bool(view.center),
        checks.free_slots_of(x.name, len(x.supplies), len(x.tasks)) > 0 or bool(x.supplies),
        view.final_tokens.get(node, ""),
        x.rescues,
        bool(view.markers.get(node)),
        checks.first_undone(view.done),
        x.tasks,
        x.searched,
    )


def arrival(view: View, node: str) -> list[Ahead]:
    """What ending the move on `node` brings, in the engine's order (movement.arrive): the Slasher next to the
    space or the Helipad (and nothing after), else a scuffle on offer, then the place's own business."""
    s = spot(view, node)
    first = checks.arrival(s)
    if first in ("fight", "escape"):
        return [Ahead(first)]
    out = []
    if first == "scuffle":
        x = me(view)
        out.append(
            Ahead(
                "scuffle",
                rivals=tuple(
                    view.survivors[i].seat for i in checks.rivals_near(view.survivors, x.seat, node)
                ),
            )
        )
    what = checks.business(s)
    return out if what == "end" else [*out, _business(view, what)]


def _business(view: View, what: str) -> Ahead:
    if what == "tasks":
        return Ahead("tasks", task=view.center[-1])
    if what == "task":
        return task(view)
    return Ahead(what)


def task(view: View) -> Ahead:
    """Completing the next Task: a battle with the Slasher for Tasks 2 and 4 (tasks.task_here)."""
    k = checks.first_undone(view.done)
    return Ahead("task", task=k, battle=k in R.TASK_BATTLES)


TURN = {"draw": "scene", "search": "search", "final": "final", "task": "task"}
"""A start-of-turn choice -> what it does (turns.TURN_CHOICES); rolling and healing lead to no roll of dice."""


def choice(view: View, kind: str, key: str) -> list[Ahead]:
    """What a choice of the seat's decision of this kind leads to (empty where no roll or draw follows)."""
    if kind == "move":
        go = keys.Key.parse(key)  # a verb and its one argument, by name
        return arrival(view, go.arg) if go.verb == "go" and go.arg else []
    if kind == "turn" and key in TURN:
        return [_business(view, TURN[key])]
    if kind == "redraw" and key == "redraw":
        return [Ahead("scene")]
    if kind == "scuffle" and key != keys.join("scuffle", keys.NO):
        return [Ahead("scuffle", rivals=(keys.Key.parse(key).arg,))]
    return []
