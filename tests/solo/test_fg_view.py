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


def _until_she_appears(seed: int):
    """A seeded game (the heuristic) played until the Tormentor has appeared from a Setup card."""
    policy = GAME.policies["heuristic"]
    state, _ = GAME.setup(seed, {})
    n = 0
    while (d := GAME.decision(state)) is not None and not state.killer_space:
        events = GAME.apply(state, policy(GAME.view(state), d, policy_rng(seed, n)), d)
        n += 1
    appeared = next(e for e in events if e.kind == "killer_appears")
    return state, appeared


def test_every_setup_card_revealed_later_is_kept_in_order_with_the_space_it_named():
    """Rulebook, The Tormentor: a random Setup card places her when she appears (and stands in for her space
    while she is unseen); each one revealed is kept, in order, and the view shows them."""
    state, _ = GAME.setup(3, {})
    assert GAME.view(state).setups_revealed == []  # only the Setup card in use, at the start
    state, appeared = _until_she_appears(3)
    view = GAME.view(state)
    assert view.setups_revealed and view.setups_revealed == state.setups_revealed
    assert view.setups_revealed is not state.setups_revealed
    assert all(s in D.SETUPS and s != state.setup_card for s in view.setups_revealed)
    assert D.SETUPS[view.setups_revealed[-1]]["killer"] == appeared["space"]  # the card that placed her


def test_the_default_map_look_and_examine_show_the_setup_card_in_use_and_every_one_revealed_since():
    from solo.games.final_girl import UI

    state, _ = _until_she_appears(3)
    view = GAME.view(state)
    names = [D.SETUPS[s]["name"] for s in view.setups_revealed]
    shown = f"{D.SETUPS[view.setup_card]['name']} · revealed since: {', '.join(names)}"
    board = str(dict(UI.cards(view, False))["Marrek Warehouse"])
    assert f"Setup: {shown}" in board and len(board.splitlines()) <= 20  # the map still fits 80x24
    assert f"Setup card: {shown}." in dict(UI.cards(view, True))["Marrek Warehouse"].splitlines()[1]
    assert dict(UI.status(view))["Setup"] == shown
    told = UI.things(view)["Setup cards"]
    assert "Revealed since the game began: " + names[0] in told
    opening, _ = GAME.setup(3, {})
    assert "None has been revealed" in UI.things(GAME.view(opening))["Setup cards"]
    assert dict(UI.status(GAME.view(opening)))["Setup"] == D.SETUPS[opening.setup_card]["name"]
