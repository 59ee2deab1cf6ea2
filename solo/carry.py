"""What a finished run hands to the next one (the Slaughterhouse Freezer Box), kept in the keep file.

A game offers it with `carry_out(state)`: the options (name -> text) the next run starts with. They are stored
when a run ends, once per run, and added to a new run's options unless the person asks for a fresh start. A game
whose achievements unlock cards names the option that takes them (`achievement_option`): it receives the ids
of every achievement earned so far. Neither is a `-o` option: the person cannot type a deck, only keep or drop
what earlier runs left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from solo.run import Run

if TYPE_CHECKING:
    from saves.keep import Keepsakes  # the callers make one: a launch that needs none never imports it


def offered(game) -> bool:
    return hasattr(game, "carry_out") or bool(getattr(game, "achievement_option", None))


def carried(keep: Keepsakes, game) -> dict[str, str]:
    """The options earlier runs left for this game; {} if none (or the game carries nothing)."""
    if not offered(game):
        return {}
    data = keep.read(game.id)
    out = dict(data.get("carry", {}).get("options", {})) if hasattr(game, "carry_out") else {}
    option = getattr(game, "achievement_option", None)
    if option and data.get("achievements"):
        out[option] = ",".join(sorted(data["achievements"]))
    return out


def store(keep: Keepsakes, run: Run, slot: str) -> dict[str, str]:
    """Keep what a finished run carries over; the same run stored twice changes nothing. Returns what is kept."""
    if not hasattr(run.game, "carry_out") or run.outcome() is None:
        return {}
    data = keep.read(run.game.id)
    name = f"{slot}@{run.created}"
    done = data.setdefault("carried_from", [])
    if name in done:
        return dict(data.get("carry", {}).get("options", {}))
    options = {k: str(v) for k, v in run.game.carry_out(run.state).items()}
    data["carry"] = {"from": name, "options": options}
    done.append(name)
    keep.write(run.game.id, data)
    return options


def renewed(keep: Keepsakes, game, options: Mapping[str, str]) -> dict[str, str]:
    """A restart's options: what the run chose with `-o`, and what the box holds now (as a table would)."""
    if not offered(game):
        return dict(options)
    names = {o.name for o in game.options}
    return {k: v for k, v in options.items() if k in names} | carried(keep, game)
