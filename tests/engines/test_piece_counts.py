"""The invariants that count pieces (every card and token in exactly one place) report a lost or a doubled one:
Director's Cut's `integrity.problems` and Final Girl's `checks.invariants`, which compare sorted lists."""

from __future__ import annotations

from engines import registry
from engines.final_girl import checks
from engines.mixtape.directors_cut import integrity


def test_director_s_cut_reports_a_doubled_or_lost_token_and_card():
    state, _ = registry.get("mixtape-massacre").setup(1, {})
    assert integrity.problems(state) == []
    token = state.bank.pop()
    assert "the Scene Marker / Souvenir tokens are not each in exactly one place" in integrity.problems(state)
    state.bank += [token, token]
    assert "the Scene Marker / Souvenir tokens are not each in exactly one place" in integrity.problems(state)
    state.bank.pop()
    assert integrity.problems(state) == []
    state.slashers[0].supply = state.slashers[1].supply or state.supplies.cards()[0]
    assert "the Supply cards are not each in exactly one place" in integrity.problems(state)


def test_final_girl_reports_a_doubled_or_lost_card():
    state, _ = registry.get("final-girl").setup(1, {})
    assert checks.invariants(state) == []
    state.hand.append(state.hand[0])
    assert "Action cards are lost or doubled" in checks.invariants(state)
    state.hand[-1:] = []
    state.event_deck.pop()
    assert checks.invariants(state) == ["Event cards are lost or doubled"]
