"""A count and its noun agree everywhere a screen says them ('1 use', '1 card', '+1 knife', '1 step'; issue 49:
Final Girl's status read 'Bowling Ball (1 uses)'). Every game's status, things, toolbar and choices are read at
positions of seeded random games."""

from __future__ import annotations

import random
import re

import pytest

from engines.registry import get, ids
from solo import examine
from solo.games import ui_for

PLURAL_AFTER_ONE = re.compile(
    r"(?<![\d./-])1 (uses|tokens|dice|Victims|Items|cards|actions|steps|points|souvenirs|markers|times|Injuries"
    r"|rounds|turns|Trespassers|zombies|boards|rescues|spaces|victims|knives|fists|hits|successes)\b"
)


@pytest.mark.parametrize("game_id", ids())
def test_no_screen_says_one_with_a_plural(game_id):
    game, ui = get(game_id), ui_for(game_id)
    for seed in range(3):
        state, _ = game.setup(seed, {})
        pick = random.Random(seed)
        for n in range(600):
            d = game.decision(state)
            if d is None:
                break
            if n % 9 == 0:
                for seat in game.person_seats:
                    view = game.view(state, seat)
                    texts = [t for _, t in ui.status(view)] + list(examine.things(ui, view).values())
                    texts += [ui.toolbar(view), d.prompt, *(o.label for o in d.options)]
                    for text in texts:
                        assert not PLURAL_AFTER_ONE.search(str(text)), text
            game.apply(state, pick.choice(d.options).key)


def test_final_girls_status_says_one_use():
    from engines.final_girl.game import GAME
    from solo.games.final_girl import UI

    state, _ = GAME.setup(2, {})
    item = next(i for i in ("bowling_ball", *state.backpack, *state.hands) if i)
    state.backpack = [item]
    view = GAME.view(state)
    view.item_uses[item] = 1
    items = dict(UI.status(view)).get("Items", "")
    assert "(1 use)" in items and "(1 uses)" not in items
