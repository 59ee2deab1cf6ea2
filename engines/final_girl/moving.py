"""Moving the Final Girl: Walk, Climb and Leap, and who follows her."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engines.core import memo
from engines.core.contract import Option
from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl.board import EXIT_SET, move_victim, victims_at
from engines.final_girl.keys import Key
from engines.final_girl.machine import CHOICES, OPTIONS, STEPS, emit, push
from engines.final_girl.state import State, Victim
from engines.final_girl.traps import current_task, toward_task, trap_label, workable_traps
from engines.final_girl.victims import SAVE, save_victim

_STOP = Option("stop", "stop moving", ("done",))


def climb_targets(state: State) -> list[str]:
    if state.fg_space in D.RACKS:
        return []
    return [n for n in D.WALK_LINES[state.fg_space] if n in D.RACKS]


def leap_targets(state: State) -> list[str]:
    return D.GAP_LINES[state.fg_space] if state.fg_space in D.RACKS else []


@OPTIONS.step("move")
def move_options(state: State) -> list[Option]:
    ask = state.ask
    here = state.fg_space
    present = sorted(victims_at(state, here), key=lambda v: v.id)
    to = ask["to"]
    killer = state.killer_space if state.killer_space in to else ""
    if any(v.special for v in present):
        people = tuple((v.id, v.special) for v in present)
    else:  # alike Victims: the options name no one, so only how many matters (and far fewer entries are cached)
        people = _ALIKE[len(present)]
    opts = list(_move_choices(tuple(to), killer, people))
    if (
        present and here in EXIT_SET and here not in state.locked and ask.get("mode") == "move"
    ):  # as `save_options`
        opts.append(SAVE)
    if ask.get("reward"):
        # "any effects (regardless of the source) can be used towards completing Escape Tasks" (V2b)
        for trap in workable_traps(state):
            if current_task(trap)[0] == "move":
                opts.append(
                    Option(str(Key("trap", number=trap.id)), f"put the move toward the {trap_label(trap)}")
                )
    opts.append(_STOP)
    return opts


_ALIKE = [((0, ""),) * n for n in range(D.RULES["victims_total"] + 1)]
"""n -> n plain Victims as `_move_choices` takes them: their numbers do not matter, as no option names them."""


@memo.positions(4096)
def _move_choices(
    to: tuple[str, ...], killer: str, present: tuple[tuple[int, str], ...]
) -> tuple[Option, ...]:
    """Where she may go and who may follow: a pure function of the spaces, the Tormentor's space among them,
    and the (id, special) of the Victims with her in id order."""
    victims = [Victim(vid, "", special) for vid, special in present]
    follow = len(victims)
    opts = []
    for there in sorted(to, key=D.ORDER.index):
        most = 0 if there == killer else min(D.RULES["follow"], follow)
        label = D.SPACES[there]["name"]
        for k in range(most, -1, -1):
            groups = follower_choices(victims, k)
            with_ = f" with {k} Victim{'s' if k != 1 else ''}" if k else ""
            if len(groups) > 1:
                with_ = f" with {_followers_label(groups[0])}"
            opts.append(Option(str(Key("to", space=there, number=k)), f"go to {label}{with_}"))
            for group in groups[1:]:
                key = Key("to", space=there, number=k, ids=tuple(v.id for v in group))
                opts.append(Option(str(key), f"go to {label} with {_followers_label(group)}"))
    return tuple(opts)


def follower_choices(present: list[Victim], k: int) -> list[list[Victim]]:
    """The different groups of k Victims that may follow (special Victims are told apart, the others are
    alike). The first is the default: the lowest-numbered."""
    if k == 0 or k >= len(present) or not any(v.special for v in present):
        return [present[:k]]
    plain = [v for v in present if not v.special]
    specials = [v for v in present if v.special]
    out = [present[:k]]
    for j in range(0, min(k, len(specials)) + 1):
        if k - j > len(plain):
            continue
        for chosen in combinations(specials, j):
            group = sorted(list(chosen) + plain[: k - j], key=lambda v: v.id)
            if group not in out:
                out.append(group)
    return out


def _followers_label(group: list[Victim]) -> str:
    named = [D.EVENTS[v.special]["name"] for v in group if v.special]
    plain = sum(1 for v in group if not v.special)
    if plain:
        named.append(f"{plain} Victim{'s' if plain != 1 else ''}")
    return " and ".join(named)


def move_targets(state: State, mode: str) -> list[str]:
    here = state.fg_space
    if mode == "climb":
        return climb_targets(state)
    if mode == "leap":
        return leap_targets(state)
    return [n for n in D.WALK_LINES[here] if n not in D.RACKS]


@STEPS.step("move")
def _move(state: State, op: dict[str, Any], events: list[Event]) -> None:
    if op["steps"] <= 0 or state.result:
        return
    targets = move_targets(state, op["mode"])
    state.ask = {"kind": "move", "steps": op["steps"], "mode": op["mode"], "to": targets}
    if op.get("reward"):
        state.ask["reward"] = True  # a rescue's move: it may go toward a move Escape Task here (V2b)


@CHOICES.step("move")
def do_move(state: State, key: Key, events: list[Event]) -> None:
    ask = state.ask
    state.ask = {}
    if key.verb == "stop":
        return
    if key.verb == "save":
        rest = {"op": "move", "steps": ask["steps"], "mode": ask["mode"]}
        if ask.get("reward"):
            rest["reward"] = True  # still the rescue's move (V2b)
        push(state, rest)
        save_victim(state, events)
        return
    if key.verb == "trap":  # a rescue's move spent on a move Escape Task instead of a step (V2b)
        trap = next(t for t in state.traps if t.id == key.trap)
        toward_task(state, trap, 1, events)
        return
    there = key.space
    src = state.fg_space
    present = sorted(victims_at(state, src), key=lambda v: v.id)
    followers = [v for v in present if v.id in key.ids] if key.ids else present[: key.number]
    state.fg_space = there
    if (
        state.forklift == src
        and "forklift_keys" in state.backpack
        and there not in D.RACKS
        and there not in D.EXITS
    ):
        state.forklift = there
    emit(
        state,
        events,
        "fg_moves",
        {
            "src": src,
            "dst": there,
            "name": D.SPACES[there]["name"],
            "followers": len(followers),
            "mode": ask["mode"],
        },
    )
    for v in followers:
        move_victim(state, v, there, events, "follow")
    push(
        state, {"op": "move", "steps": ask["steps"] - 1, "mode": "move" if ask["mode"] == "move" else "done"}
    )
