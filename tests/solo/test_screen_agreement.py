"""The screens count in agreement too: `look`, `map`, `odds`, the digest line and the choices never say
'1 actions left', '1 souvenirs' or '2 die' (the narration's truth checks catch it in prose; this reads the rest).

Each game's REPL is driven in-process at its plain width through a few seeded decisions, asking for every
screen at each, and every printed line is judged by the narration's own agreement check (inflect) over the
game's counted nouns and the nouns the screens count besides."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core.contract import resolve_options
from engines.registry import get, ids
from solo.run import Run
from tests.agreement import disagrees
from tests.solo.repl_harness import Session
from tests.tools.breadth import breadth


def test_the_check_catches_a_count_that_disagrees() -> None:
    judge = disagrees("slaughterhouse")
    assert judge("Green: 1 actions left, Noise 2")
    assert disagrees("mixtape-massacre")("Jingles: 1 souvenirs")
    assert not judge("Green: 1 action left; 2 souvenirs")


@pytest.mark.parametrize("game_id", ids())
def test_no_screen_line_counts_with_a_noun_of_the_wrong_number(game_id: str, tmp_path: Path) -> None:
    game = get(game_id)
    judge = disagrees(game_id)
    wrong: set[str] = set()
    for seed in (1, 2)[: breadth(1, 2)]:  # fifteen decisions of one seed; of two under SOLO_TEST_BREADTH=full
        run = Run(game, seed, resolve_options(game, {}), game.person_seats[0])
        lines = [typed for _ in range(15) for typed in ("look", "map", "odds", "1")]
        out = Session(tmp_path / f"{seed}", run=run).lines(*lines).out
        wrong |= {line.strip() for line in out.splitlines() if judge(line)}
    assert not wrong, "\n".join(sorted(wrong)[:12])
