"""Escape From Tall Oaks speed paths give exactly what the plain computations give."""

from __future__ import annotations

import msgspec
import pytest
from efto_positions import GAME, fresh, give, put, scene

from engines.core.contract import IllegalMove
from engines.core.rng import Rng
from engines.mixtape.tall_oaks import movement, scenes, spending
from engines.mixtape.tall_oaks import policies as P
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.spending import action_dice as _action_dice
from engines.mixtape.tall_oaks.state import State

B = R.BOARD


def test_nearest_target_distances_from_cached_rows_equal_one_search_from_all_targets():
    rng = Rng.from_seed(7)
    places = [*R.MARKER_LOCATIONS, *P.BONUS_SPACES, R.REC]
    for through in ((), ("farm",), ("rec",), ("farm", "rec")):
        for _ in range(60):
            targets = tuple(sorted({places[rng.below(len(places))] for _ in range(1 + rng.below(8))}))
            plain = B.distances(list(targets), through=through)
            fast = P._distances(targets, through)
            assert all(fast.get(n, P.FAR) == plain.get(n, P.FAR) for n in B.adjacent)


def test_action_dice_drawn_through_d6s_are_the_faces_choice_would_draw():
    a, b = Rng.from_seed(11), Rng.from_seed(11)
    for _ in range(500):
        assert _action_dice(a) == sorted(b.choice(R.ACTION_FACES) for _ in range(R.ACTION_DICE))
    assert a.state == b.state


def test_cached_spend_choices_match_every_legal_spend():
    state = fresh(5)
    give(state, 0, "chainsaw.1")
    put(state, 0, "school")
    scene(state, "ks10")
    scenes.play_card(state, [])
    d = GAME.decision(state)
    keys = [k for k, _ in spending.spend_keys(state, 0, state.purpose)]
    assert d.kind == "spend" and len(keys) > 1 and d.keys() == [f"spend:{k}" for k in keys]


def test_move_options_are_the_stops_also_after_a_save_round_trip():
    state = fresh(6)
    movement.roll_move(state, [])
    before = GAME.decision(state).keys()
    loaded = msgspec.json.decode(msgspec.json.encode(state), type=State)
    assert GAME.decision(loaded).keys() == before
    assert sorted(k[3:] for k in before) == sorted(loaded.stops)
    with pytest.raises(IllegalMove):
        GAME.apply(loaded, "go:nowhere")
