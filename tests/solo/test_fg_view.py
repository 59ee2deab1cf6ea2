"""What Final Girl's view adds for the screens (issue 14): the table's open information, never a hidden card."""

from __future__ import annotations

from engines.core.autoplay import policy_rng
from engines.final_girl import data as D
from engines.final_girl.game import GAME
from engines.final_girl.tracks import attack_value, move_value


def test_the_view_shows_the_ties_rule_the_setup_card_the_events_done_and_the_trap_decks_counted():
    for ties in ("ask", "abject-realism"):
        state, _ = GAME.setup(4, {"ties": ties})
        view = GAME.view(state)
        assert view.ties == ties and view.setup_card == state.setup_card in D.SETUPS
        assert view.events_done == state.events_done and view.events_done is not state.events_done
        assert (view.victim_traps_left, view.fg_traps_left) == (len(state.victim_trap_deck), len(state.fg_trap_deck))
        # counted, never listed: the order of the face-down decks stays hidden
        assert not any(isinstance(getattr(view, f), list) and getattr(view, f) == state.victim_trap_deck
                       for f in view.__struct_fields__ if state.victim_trap_deck)


def test_the_views_attack_and_move_are_the_tormentors_own_with_her_powers():
    policy = GAME.policies["heuristic"]
    seen = set()
    for seed in range(8):
        state, _ = GAME.setup(seed, {})
        n = 0
        while (d := GAME.decision(state)) is not None:
            view = GAME.view(state)
            assert (view.killer_attack, view.killer_move) == (attack_value(state), move_value(state))
            seen.add((view.killer_attack - D.ROWS[state.bloodlust][0], view.killer_move - D.ROWS[state.bloodlust][1]))
            GAME.apply(state, policy(view, d, policy_rng(seed, n)), d)
            n += 1
    assert len(seen) > 1  # a Minor Dark Power or Tireless changed them in some game
