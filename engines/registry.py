"""The registry of games: id -> module, imported only when a game is used (startup stays fast)."""

from __future__ import annotations

import importlib

from engines.core.contract import Game

_MODULES: dict[str, str] = {
    "escape-of-the-dead": "engines.escape_of_the_dead",
    "final-girl": "engines.final_girl",
    "slaughterhouse": "engines.slaughterhouse",
    "mixtape-massacre": "engines.mixtape.directors_cut",
    "escape-from-tall-oaks": "engines.mixtape.tall_oaks",
}
"""In the README's order, which the menu and `solo games` follow."""
_TITLES: dict[str, str] = {
    "escape-of-the-dead": "Escape of the Dead",
    "final-girl": "Final Girl: The Marrek Murders",
    "slaughterhouse": "The Texas Chainsaw Massacre: Slaughterhouse",
    "mixtape-massacre": "Mixtape Massacre: Director's Cut",
    "escape-from-tall-oaks": "Mixtape Massacre: Escape From Tall Oaks",
}
"""Each game's title without importing its engine, for what only names a game (`solo stats` over many runs;
tests/engines/test_registry.py keeps it equal to each GAME.title)."""


def ids() -> list[str]:
    return list(_MODULES)


def get(game_id: str) -> Game:
    """The game object for an id; KeyError with a suggestion for an unknown one."""
    if game_id not in _MODULES:
        raise KeyError(unknown_game_message(game_id))
    return importlib.import_module(_MODULES[game_id]).GAME


_NO_WINNER = frozenset({"slaughterhouse"})
"""The games whose rulebook names no winner (their GAME's `no_winner`), known without importing them."""


def title(game_id: str) -> str:
    """A game's title, its engine left unimported."""
    return _TITLES[game_id]


def no_winner(game_id: str) -> bool:
    """Whether a game's rulebook names no winner (its engine's `no_winner`), its engine left unimported."""
    return game_id in _NO_WINNER


def closest(game_id: str) -> str | None:
    import difflib

    found = difflib.get_close_matches(game_id.lower(), ids(), n=1, cutoff=0.3)
    if found:
        return found[0]
    for gid in ids():
        if gid.startswith(game_id.lower()) or game_id.lower() in gid:
            return gid
    return None


def unknown_game_message(game_id: str) -> str:
    guess = closest(game_id)
    hint = f" Did you mean '{guess}'?" if guess else ""
    return f"No game called '{game_id}'.{hint} Games: {', '.join(ids())}."
