"""Per-game screens and input forms: what the REPL shows for a game beyond its narration."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from engines.core.contract import Decision

if TYPE_CHECKING:
    from fractions import Fraction  # odds only: not paid at launch

    from rich.text import Text

Table: TypeAlias = "tuple[str, list[str], Sequence[Sequence[str | Text]], str]"
"""An odds table: (title, header, rows, note); a cell is plain words or rich Text styled from solo.theme."""


def pct(p: Fraction | float) -> str:
    """A chance as a whole percentage, never rounding a possible outcome to 0% or 100%."""
    v = float(p) * 100
    if 0 < v < 0.5:
        return "<1%"
    if 99.5 <= v < 100:
        return ">99%"
    return f"{v:.0f}%"


class InputError(ValueError):
    """Typed input that cannot be a legal choice; the message says why and what to try."""


class GameUI(Protocol):
    def toolbar(self, view: Any) -> str: ...
    def status(self, view: Any) -> list[tuple[str, str]]: ...
    def cards(self, view: Any, plain: bool) -> list[tuple[str, str | Text]]:
        """(title, body) panels for `map`; a body may be rich Text styled from solo.theme."""
        ...

    def parse(self, text: str, decision: Decision) -> str | None: ...
    def odds(
        self, state: Any, key: str | None = None
    ) -> list[Table] | None:
        """Tables of (title, header, rows, note); with a key, the odds of that choice alone."""
        ...

    def example(self, decision: Decision) -> str: ...


# Optional on a GameUI: `shows_map(decision) -> bool`, True where the map belongs beside the choices (a move
# after a roll); the REPL then draws it before listing them, on a screen with boxes.


_MODULES = {
    "escape-of-the-dead": "solo.games.escape_of_the_dead",
    "mixtape-massacre": "solo.games.mixtape_massacre",
    "slaughterhouse": "solo.games.slaughterhouse",
    "final-girl": "solo.games.final_girl",
    "escape-from-tall-oaks": "solo.games.escape_from_tall_oaks",
}


def ui_for(game_id: str) -> GameUI:
    return importlib.import_module(_MODULES[game_id]).UI
