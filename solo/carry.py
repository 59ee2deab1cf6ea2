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

from saves.store import SaveError
from saves.text import shorten, show
from solo.run import Run

if TYPE_CHECKING:
    from engines.core.contract import Game
    from saves.keep import Keepsakes  # the callers make one: a launch that needs none never imports it


def offered(game: Game) -> bool:
    return hasattr(game, "carry_out") or bool(getattr(game, "achievement_option", None))


def carried(keep: Keepsakes, game: Game) -> dict[str, str]:
    """The options earlier runs left for this game; {} if none (or the game carries nothing).

    SaveError, naming the keep file, when they do not fit the game: the launch then says so in one line and
    that --fresh plays without them, instead of a bare option error that points nowhere.
    """
    if not offered(game):
        return {}
    data = keep.read(game.id)
    out = dict(data.carry.options) if data.carry is not None and hasattr(game, "carry_out") else {}
    option = getattr(game, "achievement_option", None)
    # only ids this rules version knows: one it dropped, or a hand-typed "a,b", would stop every new run
    known = sorted(a for a in data.achievements if a in (getattr(game, "achievements", None) or {}))
    if option and known:
        out[option] = ",".join(known)
    if out:
        _check_fits(keep, game, out)
    return out


def _check_fits(keep: Keepsakes, game: Game, out: Mapping[str, str]) -> None:
    """Refuse a carry that would override a `-o` option, or that the game's own setup refuses."""
    from engines.core.contract import resolve_options

    path = keep.path(game.id)
    taken = sorted(set(out) & {o.name for o in game.options})
    if taken:
        raise SaveError(path, f"what it carries sets the option {show(taken[0])}, which only -o may set")
    try:
        game.setup(0, resolve_options(game, {}) | dict(out))
    except ValueError as error:
        raise SaveError(
            path, f"what earlier runs left does not fit this game ({shorten(str(error), 200)})"
        ) from None


def store(keep: Keepsakes, run: Run, slot: str) -> dict[str, str]:
    """Keep what a finished run carries over; the same run stored twice changes nothing. Returns what is kept."""
    if not hasattr(run.game, "carry_out") or run.outcome() is None:
        return {}
    from saves.keep import Carry

    with keep.locked(run.game.id):
        data = keep.read(run.game.id)
        name = f"{slot}@{run.created}"
        if name in data.carried_from:
            return dict(data.carry.options) if data.carry is not None else {}
        options = {k: str(v) for k, v in run.game.carry_out(run.state).items()}
        data.carry = Carry(from_=name, options=options)
        data.carried_from.append(name)
        keep.write(run.game.id, data)
    return options


def renewed(keep: Keepsakes, game: Game, options: Mapping[str, str]) -> dict[str, str]:
    """A restart's options: what the run chose with `-o`, and what the box holds now (as a table would). How
    the run was dealt is not kept: a new run is dealt the game's newest cards."""
    names = {o.name for o in game.options}
    chosen = {k: v for k, v in options.items() if k in names}
    if not offered(game):
        return chosen
    return chosen | carried(keep, game)
