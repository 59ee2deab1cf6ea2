"""What colour means, the same in every game: danger in red, what you gain in green, hidden things dim.

Screens name a meaning, never a colour, so a game cannot paint its own danger blue. Plain text (--plain,
NO_COLOR, a pipe) drops every style, so nothing here may carry meaning that the words do not.
"""

from __future__ import annotations

DANGER = "bold red"
"""The barricade at or below the zombies on the lawn, one or two health left, a meter about to fill."""
GAIN = "green"
"""What the person gains: a kill, a rescue, a souvenir, repairs."""
HIDDEN = "dim"
"""Face-down cards and tiles, what a seat cannot see, and asides such as the digest and the coach."""
WARNING = "bold yellow"
"""A refusal or a failure to save: the person must read it, but nothing in the game went wrong."""
COACH = "cyan"
"""The frame of the coach's words in a lesson: a voice beside the game's, never one of its pieces."""
HEADING = "bold"
"""Titles of panels and prompts."""


def danger_if(condition: bool) -> str:
    """DANGER where the condition holds, else no style: for a number that is only alarming when low."""
    return DANGER if condition else ""
