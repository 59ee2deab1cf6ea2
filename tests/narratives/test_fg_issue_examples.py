"""Final Girl: the false or bare sentences issue 13 lists are gone, each checked on its own event."""

from __future__ import annotations

from machinery import ev

from narratives import for_game

NARRATOR = for_game("final-girl", 13)


def tellings(event, n=60):
    return {NARRATOR.prose(event, i) for i in range(n)} | {NARRATOR.summary(event)}


def test_a_single_clean_success_is_not_told_as_messy():
    lines = tellings(ev("roll_result", card="focus", title="Focus", successes=1, line="one"))
    assert not any("messy" in t or "cost" in t for t in lines), lines


def test_a_victim_dying_in_a_trap_is_told_as_a_death():
    event = ev("victim_killed", victim=3, special=False, cause="trap", space="lobby", name="Lobby")
    for text in {NARRATOR.prose(event, i) for i in range(60)}:
        assert "dead" in text or "dies" in text, text


def test_a_partly_blocked_blow_reads_as_damage():
    lines = tellings(ev("reaction", blocked=1, left=3))
    assert not any("of the blow" in t for t in lines), lines
    assert all("glances off completely" not in t and "whole blow" not in t for t in lines), lines


def test_cards_in_hand_agree_with_their_count():
    lines = tellings(ev("planning_done", time=6, hand=1))
    assert any("one card " in t or "one card;" in t or "1 card " in t for t in lines), lines
    assert not any("1 cards" in t or "One cards" in t or "one cards" in t for t in lines), lines


def test_bloodlust_names_the_row_it_reaches():
    lines = tellings(ev("bloodlust_rises", row=4, attack=2, move=1, effect="horror"))
    assert not any("row three" in t for t in lines)
    assert any("row four" in t for t in lines), lines


def test_her_target_is_not_told_as_where_she_arrives():
    moves = tellings(ev("killer_moves", src="lobby", dst="pit", name="The Pit"))
    assert not any("arrives at" in t for t in moves), moves


def test_time_and_horror_give_the_mechanics_in_brackets_after_the_prose():
    for event, bracket in (
        (ev("time_changed", amount=-1, time=5), "[Time -1: 5]"),
        (ev("time_changed", amount=2, time=8), "[Time +2: 8]"),
        (ev("horror_changed", amount=1, horror=5), "[Horror +1: 5]"),
        (ev("horror_changed", amount=-1, horror=4), "[Horror -1: 4]"),
    ):
        for i in range(20):
            text = NARRATOR.prose(event, i)
            assert text.endswith(bracket) and len(text) > len(bracket) + 5, text


def test_a_roll_result_counts_its_successes_in_good_english():
    """The summary once read 'Focus: 0 successs.' (a bare 's' glued to 'success')."""
    said = {
        n: NARRATOR.summary(ev("roll_result", card="focus", title="Focus", successes=n, line=line))
        for n, line in ((0, "fail"), (1, "one"), (2, "two"))
    }
    assert said == {0: "Focus: 0 successes.", 1: "Focus: 1 success.", 2: "Focus: 2 successes."}


def test_a_heal_reward_does_not_claim_health_before_the_heal_says_how_much():
    """Issue 45: 'their gratitude gives you a moment to catch your breath (a little health back)', then 'There
    is nothing to mend: you are already at six health'. The reward names the chance; the heal after it gives
    the figure. A victim_saved line that claims health back is caught by the truth check."""
    from tests.tools import truth

    event = ev("victim_saved", victim=2, reward="heal", space="main_entrance", name="Main Entrance")
    lines = tellings(event)
    assert not any("health back" in t or "you heal" in t for t in lines), lines
    templates = NARRATOR.templates
    claims = truth.claims_of(templates.claims, "victim_saved")
    text = "A worker stumbles out, saved; their gratitude gives you a little health back."
    reading = truth.read(text, templates.truth, {}, claims)
    assert any("claims heals" in why for why in truth.check(text, event.facts, templates.truth, reading=reading))


def test_workers_who_get_out_alone_are_not_told_in_one_sentence_over_and_over():
    event = ev("victim_escapes_alone", victim=4, space="loading_dock", name="Loading Dock")
    assert len({NARRATOR.prose(event, i) for i in range(400)}) >= 3
