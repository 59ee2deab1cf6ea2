"""The screens count in agreement too: `look`, `map`, `odds`, the digest line and the choices never say
'1 actions left', '1 souvenirs' or '2 die' (the narration's truth checks catch it in prose; this reads the rest).

Each game's REPL is driven in-process at its plain width through a few seeded decisions, asking for every
screen at each, and every printed line is judged by the narration's own agreement check (inflect) over the
game's counted nouns and the nouns the screens count besides."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.core.contract import resolve_options
from engines.registry import get, ids
from narratives.narrator import for_game
from narratives.truth import _agreement, _without
from solo.run import Run
from tests.solo.repl_harness import Session

_COMPOUNDS = re.compile(r"\b(zombie|action|rescue)(?= (heads|dice|tokens)\b)", re.IGNORECASE)
"""A noun used as an adjective before the counted one ('10 zombie heads', '3 Action Dice'): not a count of it."""

_SCREENS_COUNT = ("souvenir", "card", "die", "token", "success", "injury", "knife")


def _disagrees(game_id: str):
    """The narration's own judge: its counted nouns and the screens', the game's idioms ('Action Dice') aside."""
    truth = for_game(game_id, 0).templates.truth
    counted = tuple(dict.fromkeys((*truth.counted, *_SCREENS_COUNT)))
    return lambda line: _agreement(_without(_COMPOUNDS.sub("", line), truth.idioms), counted)


def test_the_check_catches_a_count_that_disagrees() -> None:
    disagrees = _disagrees("slaughterhouse")
    assert disagrees("Green: 1 actions left, Noise 2")
    assert _disagrees("mixtape-massacre")("Jingles: 1 souvenirs")
    assert not disagrees("Green: 1 action left; 2 souvenirs")


@pytest.mark.parametrize("game_id", ids())
def test_no_screen_line_counts_with_a_noun_of_the_wrong_number(game_id: str, tmp_path: Path) -> None:
    game = get(game_id)
    disagrees = _disagrees(game_id)
    wrong: set[str] = set()
    for seed in (1, 2):
        run = Run(game, seed, resolve_options(game, {}), game.person_seats[0])
        lines = [typed for _ in range(15) for typed in ("look", "map", "odds", "1")]
        out = Session(tmp_path / f"{seed}", run=run).lines(*lines).out
        wrong |= {line.strip() for line in out.splitlines() if disagrees(line)}
    assert not wrong, "\n".join(sorted(wrong)[:12])
