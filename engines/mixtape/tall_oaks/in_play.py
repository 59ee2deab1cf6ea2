"""The Killer Scenes card in play, put away: discarded, or buried under the deck."""

from __future__ import annotations

from engines.mixtape.tall_oaks.state import State


def discard_scene(state: State) -> None:
    if state.card:
        state.scenes.discard(state.card)
        state.card = ""


def bury_scene(state: State) -> None:
    if state.card:
        state.scenes.bury(state.card)
        state.card = ""
