"""The opposing seats' level (easy, normal, hard): which games offer one, and the policy each level plays.

The levels themselves live in engines.core.levels; this module only says them in the application's words and
keeps that import (and the search behind `hard`) away from a launch that never needs it.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Game

LEVELS = ("easy", "normal", "hard")
"""engines.core.levels.LEVELS, repeated so that checking a level at launch imports no search."""
DEFAULT = "normal"
SAYS = {
    "easy": "random-leaning",
    "normal": "the game's own heuristic",
    "hard": "searches ahead by playing each choice out",
}


def offered(game: Game) -> bool:
    """Whether the game has an opposing seat for the automa to play (Slaughterhouse, the Mixtape games)."""
    return len(game.seats) > 1


def absent(game: Game) -> str:
    """The one line for `--automa` on a game with no opposing seat."""
    return f"{game.title} has no automa to set: no seat plays against you."


def searchable(game: Game) -> bool:
    """Whether the search can play this game: it needs the game's determinize (engines/<game>/determinize.py).
    (It asked search.hidden_of, which never fails, so it said yes of any game.)"""
    return callable(getattr(game, "determinize", None))


def unsearchable(game: Game) -> str:
    return f"The search cannot play {game.title} yet (it has no determinize); pick easy or normal."


def check(game: Game, level: str) -> None:
    """ValueError, in one line, for a level that is not one of LEVELS (a close one is suggested), or that this
    game cannot play yet."""
    if level in LEVELS:
        if level == "hard" and not searchable(game):
            raise ValueError(unsearchable(game))
        return
    import difflib  # only for the refusal: launch does not pay for it

    close = difflib.get_close_matches(level.lower(), LEVELS, n=1, cutoff=0.5)
    guess = f" Did you mean '{close[0]}'?" if close else ""
    raise ValueError(f"No automa level '{level}'.{guess} Levels: {', '.join(LEVELS)} (default {DEFAULT}).")


def policy(game: Game, level: str) -> Any:
    """The policy the automa plays at `level`, for engines.core.autoplay.decide."""
    from engines.core import levels

    return levels.policy_for(game, level)


def listing(game: Game) -> str:
    """`solo games`' line on the automa."""
    if not offered(game):
        return "none: no seat plays against you"
    return ", ".join(f"{name} ({SAYS[name]})" for name in LEVELS) + f"; default {DEFAULT}"


def policy_listing(game: Game) -> str:
    """`solo games`' line on what `solo sim --policy` takes for a seat: the game's own policies, the search, and
    the levels (engines.core.levels.resolve accepts all three)."""
    own = ", ".join(game.policies)
    return f"{own}, search (as hard searches); or a level: {', '.join(LEVELS)} (solo sim --policy [SEAT=]NAME)"


def thinking(game: Game, log: list[Any], seat: str, heading: str, latest: str, width: int) -> str:
    """The spinner's line while a searching automa decides for `seat`: 'The Wolf is thinking (turn 6)...' (the
    story's own heading), then its latest line as far as whole words fit the width (the rest shows at the
    prompt)."""
    from solo.summary import seat_names

    name = seat_names(log).get(seat) or next((s.name for s in game.seats if s.id == seat), seat)
    head = f"{name[:1].upper()}{name[1:]} is thinking ({heading[:1].lower()}{heading[1:]})..."
    if not latest or len(head) + 12 > width:
        return head
    import textwrap

    return textwrap.shorten(f"{head} {latest}", width, placeholder=" ...")
