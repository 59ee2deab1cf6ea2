"""Per-game screens and input forms: what the REPL shows for a game beyond its narration."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from engines.core.contract import Decision
from engines.core.events import Event

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
    def cards(self, view: Any, plain: bool) -> Sequence[tuple[str, str | Text]]:
        """(title, body) panels for `map`; a body may be rich Text styled from solo.theme."""
        ...

    def parse(self, text: str, decision: Decision) -> str | None: ...
    def odds(
        self, state: Any, key: str | None = None
    ) -> Sequence[Table] | None:
        """Tables of (title, header, rows, note); with a key, the odds of that choice alone."""
        ...

    def example(self, decision: Decision) -> str: ...

    # The optional hooks: a screen inherits ScreenHooks' defaults for those it does not offer.
    def things(self, view: Any) -> dict[str, str]: ...
    def toolbar_fields(self, view: Any) -> list[tuple[str, str]] | None: ...
    def owner(self, event: Event) -> str | None: ...
    def company(self, view: Any) -> str: ...
    def coach(self, decision: Decision) -> str | None: ...
    def digest_fields(self, view: Any) -> dict[str, str] | None: ...
    def shows_map(self, decision: Decision) -> bool: ...
    def choice_lines(self, decision: Decision, view: Any, width: int, plain: bool) -> list[str] | None: ...
    def compact_lines(self, decision: Decision, view: Any, width: int) -> list[str] | None: ...
    def map_area(self, view: Any, plain: bool, area: str) -> Sequence[tuple[str, str | Text]] | None: ...


class ScreenHooks:
    """The optional screen hooks, with what a screen that does not offer one gets. Every game's UI inherits
    them, so the REPL calls each hook directly and mypy checks each game's against GameUI."""

    def things(self, view: Any) -> dict[str, str]:
        """Name -> text of everything `examine` can show; none."""
        return {}

    def toolbar_fields(self, view: Any) -> list[tuple[str, str]] | None:
        """The toolbar as (theme meaning, "Label value") fields, most important first; None: `toolbar` alone."""
        return None

    def owner(self, event: Event) -> str | None:
        """The seat whose turn an event belongs to (None: the person's own); with no other seat, all is theirs."""
        return None

    def company(self, view: Any) -> str:
        """Who stands in the person's space (a killer beside them); nobody."""
        return ""

    def coach(self, decision: Decision) -> str | None:
        """The first-time line on what a kind of decision is about; none."""
        return None

    def digest_fields(self, view: Any) -> dict[str, str] | None:
        """Words the digest reads from where things stand (the Slasher's name); none."""
        return None

    def shows_map(self, decision: Decision) -> bool:
        """Whether the map belongs beside these choices (a move after a roll), drawn before them on a screen with
        boxes; no."""
        return False

    def choice_lines(self, decision: Decision, view: Any, width: int, plain: bool) -> list[str] | None:
        """The game's own layout of a long list of choices; None: the plain numbered list."""
        return None

    def compact_lines(self, decision: Decision, view: Any, width: int) -> list[str] | None:
        """That list in short, where the whole would push the story off the screen; None: no short form."""
        return None

    def map_area(self, view: Any, plain: bool, area: str) -> Sequence[tuple[str, str | Text]] | None:
        """The panels of one area of the map (`map AREA`); None: the map has no areas."""
        return None




_MODULES = {
    "escape-of-the-dead": "solo.games.escape_of_the_dead",
    "mixtape-massacre": "solo.games.mixtape_massacre",
    "slaughterhouse": "solo.games.slaughterhouse",
    "final-girl": "solo.games.final_girl",
    "escape-from-tall-oaks": "solo.games.escape_from_tall_oaks",
}


def ui_for(game_id: str) -> GameUI:
    return importlib.import_module(_MODULES[game_id]).UI
