"""Death Traps: which Victim Let's Play a Game takes, the tracks that close on the trapped, the Escape
Tasks that free them, and Endless Traps."""

from __future__ import annotations

from typing import Any

from engines.core import memo
from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import ambiguity as amb
from engines.final_girl import data as D
from engines.final_girl.board import fg_trap, free_victims, kill_victim, settle_victim_tie, victims_at
from engines.final_girl.items import use_item, uses_after
from engines.final_girl.keys import Key
from engines.final_girl.machine import ACTS, CHOICES, STEPS, emit, ev, push
from engines.final_girl.state import State, Trap, Victim
from engines.final_girl.tracks import change_horror, change_time, end_game, hurt_fg


def workable_traps(state: State) -> list[Trap]:
    """Traps whose Escape Tasks she may work on now: her own, or (when free) Victims' traps in her space."""
    own = fg_trap(state)
    if own is not None:
        return [own]
    return [t for t in state.traps if not t.done and t.subject != "fg" and t.space == state.fg_space]


def current_task(trap: Trap) -> tuple[str, int]:
    return _TASKS[trap.card][trap.task]


_TASKS: dict[str, list[tuple[str, int]]] = {
    card: [(kind, int(n)) for kind, n in (task.split(":") for task in spec["tasks"])]
    for card, spec in D.TRAPS.items()
}
"""Death Trap card -> its Escape Tasks as (kind, amount), parsed once (read at every Action decision)."""


@memo.positions(4096)
def _task_option(trap: int, card: str, subject: str, task: int) -> Option:
    """The option to do a trap's Time, health or Horror Escape Task: a pure function of its arguments."""
    what, n = _TASKS[card][task]
    label = trap_title(card, subject)
    key = str(Key("task", number=trap))
    if what == "time":
        return Option(key, f"spend {n} Time on the {label}")
    if what == "health":
        return Option(key, f"lose {n} health on the {label}")
    return Option(key, f"raise Horror {n} on the {label}")


def task_options(state: State, traps: list[Trap]) -> list[Option]:
    """The Escape Tasks of these traps done without a card: Time (never below 0), health or Horror."""
    opts = []
    for trap in traps:
        task, n = current_task(trap)
        if task == "time" and state.time - n < 0:
            continue
        if task in ("time", "health", "horror"):
            opts.append(_task_option(trap.id, trap.card, trap.subject, trap.task))
    return opts


@ACTS.step("task")
def _work_task(state: State, key: Key, events: list[Event]) -> None:
    trap = next(t for t in state.traps if t.id == key.trap)
    task, n = current_task(trap)
    if task == "time":
        change_time(state, -n, events)
    elif task == "health":
        hurt_fg(state, n, events, "task")
    else:
        change_horror(state, n, events)
    if not state.result and trap in state.traps:
        finish_task(state, trap, events)


def why_not_task(state: State, key: Key) -> str:
    """Why a task key is refused."""
    trap = next((t for t in state.traps if t.id == key.trap), None)
    if trap is None or trap not in workable_traps(state):
        return "There is no Death Trap of that number in your space to work on."
    task, n = current_task(trap)
    if task == "time":
        return f"Not enough Time: this Escape Task costs {n} and Time may not go below 0."
    return "That Escape Task is done with cards: play a card toward it."


def trap_label(trap: Trap) -> str:
    return trap_title(trap.card, trap.subject)


def trap_title(card: str, subject: str) -> str:
    who = "your" if subject == "fg" else f"Victim {subject}'s"
    return f"{D.TRAPS[card]['name']} ({who} trap)"


def finish_task(state: State, trap: Trap, events: list[Event]) -> None:
    trap.task += 1
    trap.progress = 0
    ev(
        state,
        events,
        "task_done",
        trap=trap.id,
        title=D.TRAPS[trap.card]["name"],
        task=trap.task,
        of=len(D.TRAPS[trap.card]["tasks"]),
    )
    if trap.task >= len(D.TRAPS[trap.card]["tasks"]):
        free_subject(state, trap, events)


def trap_weapon(state: State, trap: Trap, damage: int, events: list[Event]) -> tuple[int, dict[str, Any]]:
    """A weapon's modifier on damage toward an Escape Task ("any effects, regardless of the source", rulebook).

    The trap is in her space, so a weapon reaching range 0 serves; the best one is used, and only when the
    card's damage alone leaves the task short (a use is never spent on excess that would be lost). With the
    modifier, the facts the task's next event adds: the weapon worn and the uses it has left (none: {})."""
    need = current_task(trap)[1] - trap.progress
    if damage >= need:
        return 0, {}
    usable = [w for w in state.hands if D.ITEMS[w]["kind"] == "weapon" and D.ITEMS[w]["range"][0] == 0]
    if not usable:
        return 0, {}
    weapon = min(usable, key=lambda w: (-D.ITEMS[w]["mod"], w in state.item_uses, w))
    worn: dict[str, Any] = {}
    if weapon in state.item_uses:
        left = uses_after(state, weapon)
        use_item(state, weapon, events)
        worn = {"worn": D.ITEMS[weapon]["name"], **left} if left else {}
    return D.ITEMS[weapon]["mod"], worn


def toward_task(state: State, trap: Trap, amount: int, events: list[Event]) -> None:
    _, n = current_task(trap)
    trap.progress = min(n, trap.progress + amount)
    ev(
        state,
        events,
        "task_progress",
        trap=trap.id,
        title=D.TRAPS[trap.card]["name"],
        progress=trap.progress,
        need=n,
    )
    if trap.progress >= n:
        finish_task(state, trap, events)


@CHOICES.step("trap_tie")
def do_trap_tie(state: State, key: Key, events: list[Event]) -> None:
    trap_this(state, settle_victim_tie(state, key, events, "trap"), events)


@STEPS.step("trap_victim")
def trap_victim(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """Let's Play a Game: the first Victim matching, in order: on a Rack furthest from you, in a Search space,
    next to an Exit, furthest from you (the last three icons are designed readings). Equals that differ (other
    spaces, or a special Victim) are a tie for Game Ambiguity."""
    if op.get("endless") and not state.victim_trap_deck:
        # K11: "You lose if there are no Victims [Death Trap cards] to resolve" (the chosen reading).
        ev(state, events, "trap_no_card")
        end_game(state, "lost", "Endless Traps has no Victim Death Trap left to set", events)
        return
    free = free_victims(state)
    tied: list[Victim] = []
    if op.get("newest") and free:
        tied = [max(free, key=lambda v: v.id)]
    elif op.get("furthest"):
        tied = _furthest(state, free)
    else:
        for spaces, furthest in _LETS_PLAY:
            matching = [v for v in free if v.space in spaces]
            if matching:
                # The 2nd and 3rd conditions say nothing of distance: every match is tied.
                tied = _furthest(state, matching) if furthest else _in_board_order(matching)
                break
    if not tied:
        ev(state, events, "trap_no_victim")
        return
    if not state.victim_trap_deck:
        ev(state, events, "trap_no_card")
        return
    if amb.alike(tied):
        trap_this(state, tied[0], events)
    elif amb.asks(state):
        state.ask = {"kind": "trap_tie", "victims": [v.id for v in amb.distinct(tied)]}
    else:
        trap_this(state, amb.trap_victim(state, tied), events)


def trap_this(state: State, target: Victim, events: list[Event]) -> None:
    card = state.victim_trap_deck.pop()
    set_trap(state, card, str(target.id), target.space, events)
    target.trapped = True


_LETS_PLAY: list[tuple[frozenset[str], bool]] = [
    (frozenset(D.RACKS), True),  # on the Rack furthest from you
    (frozenset(s for s in D.ORDER if D.SPACES[s].get("search", False)), False),  # in a Search space
    (frozenset(s for s in D.ORDER if any(n in D.EXITS for n in D.NEIGHBOURS[s])), False),  # next to an Exit
    (frozenset(D.ORDER), True),  # furthest from you
]
"""Let's Play a Game's conditions in order, each as the spaces that meet it, and whether the first match is
the furthest from you."""


def _in_board_order(victims: list[Victim]) -> list[Victim]:
    return sorted(victims, key=lambda v: (D.ORDER.index(v.space), v.id))


def _furthest(state: State, victims: list[Victim]) -> list[Victim]:
    """The Victims furthest from you, in board order and then by number."""
    if not victims:
        return []
    dist = D.DIST[state.fg_space]
    far = max(dist[v.space] for v in victims)
    return sorted((v for v in victims if dist[v.space] == far), key=lambda v: (D.ORDER.index(v.space), v.id))


def trap_fg(state: State, events: list[Event]) -> None:
    if fg_trap(state) is not None:
        ev(state, events, "trap_fg_already")
        return
    if not state.fg_trap_deck:
        ev(state, events, "trap_no_card")
        return
    set_trap(state, state.fg_trap_deck.pop(), "fg", state.fg_space, events)


def set_trap(state: State, card: str, subject: str, space: str, events: list[Event]) -> None:
    trap = Trap(state.next_trap, card, subject, space, turn=state.turn)
    state.next_trap += 1
    state.traps.append(trap)
    ev(
        state,
        events,
        "trap_set",
        trap=trap.id,
        card=card,
        title=D.TRAPS[card]["name"],
        subject=subject,
        space=space,
        name=D.SPACES[space]["name"],
        tasks=list(D.TRAPS[card]["tasks"]),
    )


def progress_traps(state: State, events: list[Event]) -> None:
    active = [t for t in state.traps if not t.done]
    emit(state, events, "traps_progress", {"count": len(active)})
    for trap in active:
        if state.result:
            return
        track = D.TRAPS[trap.card]["track"]
        trap.step = min(trap.step + 1, len(track) - 1)
        what = track[trap.step]
        emit(
            state,
            events,
            "trap_advances",
            {
                "trap": trap.id,
                "title": D.TRAPS[trap.card]["name"],
                "step": trap.step,
                "effect": what,
                "subject": trap.subject,
            },
        )
        if what == "horror":
            change_horror(state, 1, events)
        elif what == "time":
            change_time(state, -2, events)
        elif what == "health":
            hurt_fg(state, 1, events, "trap")
        elif what == "final":
            complete_trap(state, trap, events)


def complete_trap(state: State, trap: Trap, events: list[Event]) -> None:
    if trap.subject == "fg":
        end_game(state, "lost", f"the {D.TRAPS[trap.card]['name']} closes on you", events, trap=trap.card)
        return
    trap.done = True
    victim = next(v for v in state.victims if str(v.id) == trap.subject)
    state.trap_dead += 1
    kill_victim(state, victim, events, "trap")
    fail = D.TRAPS[trap.card].get("fail", {})
    change_horror(state, fail.get("horror", 0), events)
    change_time(state, fail.get("time", 0), events)
    if state.dark_power == "overkill_traps" and state.dark_power_revealed:
        ev(state, events, "overkill", space=trap.space)
        for v in victims_at(state, trap.space):
            kill_victim(state, v, events, "overkill")
        if state.fg_space == trap.space and fg_trap(state) is None:  # Trapped, she is off the board (D9)
            hurt_fg(state, 1, events, "overkill")


def free_subject(state: State, trap: Trap, events: list[Event]) -> None:
    state.traps.remove(trap)
    state.traps_out.append(trap.card)
    if trap.subject == "fg":
        state.fg_escapes += 1
        ev(state, events, "fg_escapes", trap=trap.id, title=D.TRAPS[trap.card]["name"])
        return
    victim = next(v for v in state.victims if str(v.id) == trap.subject)
    victim.trapped = False
    victim.space = trap.space
    state.freed += 1
    ev(
        state,
        events,
        "victim_freed",
        trap=trap.id,
        title=D.TRAPS[trap.card]["name"],
        victim=victim.id,
        same_turn=trap.turn == state.turn,
    )
    if state.epic:
        push(state, {"op": "trap_victim", "furthest": True, "endless": True})


@STEPS.step("trap_fg")
def _trap_fg_step(state: State, op: dict[str, Any], events: list[Event]) -> None:
    trap_fg(state, events)


@STEPS.step("progress")
def _progress_step(state: State, op: dict[str, Any], events: list[Event]) -> None:
    progress_traps(state, events)


def remove_completed_traps(state: State) -> None:
    """Completed Death Traps leave the game in Upkeep (their Victims died when they completed)."""
    for t in [t for t in state.traps if t.done]:
        state.traps.remove(t)
        state.traps_out.append(t.card)
