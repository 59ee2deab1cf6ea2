"""Every grouped choice list reads in number order (issue 49: Slaughterhouse printed '6. search ... 10. end'
after 7-9, Final Girl a trap's play before the plays numbered under it, Director's Cut a locked door before the
stops numbered ahead of it). Lists set down in columns read down each column (Escape of the Dead's splits, Final
Girl's purchases); Tall Oaks lists the stops where something waits first, each with what waits, by design."""

from __future__ import annotations

import random
import re

import pytest

from engines.registry import get
from solo.games import ui_for

NUMBER = re.compile(r"(?:^|\s)(\d+)\. ")
COLUMNS = {("final-girl", "planning")}


@pytest.mark.parametrize("game_id", ["final-girl", "slaughterhouse", "mixtape-massacre"])
def test_grouped_choice_lists_read_in_number_order(game_id):
    game, ui = get(game_id), ui_for(game_id)
    laid = 0
    for seed in range(3):
        state, _ = game.setup(seed, {})
        pick = random.Random(seed)
        for _ in range(400):
            d = game.decision(state)
            if d is None:
                break
            lines = ui.choice_lines(d, game.view(state, d.seat), 80, False)
            if lines and (game_id, d.kind) not in COLUMNS:
                laid += 1
                numbers = [int(n) for line in lines for n in NUMBER.findall(line) if int(n) <= len(d.options)]
                assert numbers == list(range(1, len(d.options) + 1)), (d.kind, lines)
            game.apply(state, pick.choice(d.options).key)
    assert laid > 20
