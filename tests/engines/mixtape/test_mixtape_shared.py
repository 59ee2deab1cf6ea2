"""The mechanics both Mixtape games share (engines/mixtape/movement.py, meter.py, spending.py, dice.py,
searching.py), each with the game's hooks."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engines.core.contract import IllegalMove
from engines.core.events import Event
from engines.core.rng import Rng
from engines.mixtape import dice as mixtape_dice
from engines.mixtape import meter, movement, searching, spending
from engines.registry import get


@pytest.mark.parametrize(
    ("level", "noise", "after", "full"),
    [(0, 1, 1, False), (2, 1, 3, False), (3, 1, 4, True), (3, 3, 4, True), (4, 2, 4, True), (1, 0, 1, False)],
)
def test_noise_raises_the_meter_to_its_top_and_no_further_and_the_top_calls_the_foe(
    level, noise, after, full
):
    assert meter.raised(level, noise, 4) == (after, full)


@dataclass
class _Piece:
    seat: str = "seat1"
    name: str = "Someone"


@dataclass
class _State:
    rng: Rng = field(default_factory=lambda: Rng(7))
    roll: list[int] = field(default_factory=list)
    stops: dict[str, int] = field(default_factory=dict)
    phase: str = "turn"
    turn_no: int = 3
    ended: bool = False


def _end(state: _State, events: list[Event]) -> None:
    state.ended = True


def test_a_roll_that_reaches_stops_waits_for_the_move_with_the_games_own_facts_after_the_dice():
    state, events, asked = _State(), [], []

    def reach(total: int) -> dict[str, int]:
        asked.append(total)
        return {"a": total, "b": total - 1}

    movement.roll_move(state, _Piece(), 2, reach, _end, events, lambda: {"total": sum(state.roll)})
    assert len(state.roll) == 2 and asked == [sum(state.roll)] and state.stops == reach(sum(state.roll))
    assert state.phase == movement.MOVE and not state.ended
    assert [e.kind for e in events] == ["moved_roll"]
    assert list(events[0].facts) == ["seat", "name", "dice", "total"]  # the order a journal's digest reads
    assert events[0].facts["dice"] == state.roll and events[0].turn == 3 and events[0].phase == movement.MOVE


def test_a_roll_that_reaches_no_stop_leaves_the_mover_stuck_and_ends_the_turn():
    state, events = _State(), []
    movement.roll_move(state, _Piece(), 1, lambda total: {}, _end, events)
    assert state.ended and state.phase == "turn" and len(state.roll) == 1
    assert [e.kind for e in events] == ["moved_roll", "stuck"]
    assert events[1].facts == {"seat": "seat1", "name": "Someone"}


@pytest.mark.parametrize("gid", ["mixtape-massacre", "escape-from-tall-oaks"])
def test_both_games_roll_through_the_shared_move_and_name_the_dice_alike(gid):
    game = get(gid)
    state, _ = game.setup(5, {})
    rolls = []
    for _ in range(200):
        d = game.decision(state)
        if d is None:
            break
        rolls += [e for e in game.apply(state, d.options[0].key, d) if e.kind == "moved_roll"]
    assert rolls and all(isinstance(e.facts["dice"], list) and e.facts["dice"] for e in rolls)
    assert all(list(e.facts)[:3] == ["seat", "name", "dice"] for e in rolls)


@dataclass
class _Roller:
    purpose: str = ""
    spender: int = -1
    phase: str = "turn"
    rolled: list[str] = field(default_factory=list)


@pytest.mark.parametrize("holds", [True, False])
def test_the_spend_waits_for_a_roller_who_holds_tokens_and_rolls_bare_handed_for_one_who_does_not(holds):
    state, seen = _Roller(), []

    def asked() -> bool:
        seen.append((state.purpose, state.spender))  # the purpose and roller are set before the question
        return holds

    spending.ask_spend(state, 2, "kill", asked, lambda: state.rolled.append("bare"))
    assert seen == [("kill", 2)] and (state.purpose, state.spender) == ("kill", 2)
    assert (state.phase, state.rolled) == ((spending.SPEND, []) if holds else ("turn", ["bare"]))


def test_the_action_roll_is_sorted_and_draws_as_one_choice_a_die():
    faces = ("knife", "knife", "fist", "fist", "pentagram", "pentagram")
    for seed in range(20):
        a, b = Rng(seed), Rng(seed)
        assert mixtape_dice.roll_action(a, faces, 3) == sorted(b.choice(faces) for _ in range(3))
        assert a.next_u32() == b.next_u32()  # the same draws consumed
    five, rng = ("a", "b", "c", "d", "e"), Rng(3)
    assert mixtape_dice.roll_action(Rng(3), five, 4) == sorted(rng.choice(five) for _ in range(4))


@dataclass
class _Searcher:
    seat: str = "seat2"
    name: str = "Ivy"
    at: str = "farm"
    searched: str = ""


def test_a_search_marks_the_location_rolls_one_face_and_tells_it_before_the_games_own_facts():
    faces = ("search", "search", "noise", "denied")
    state, x, events = _State(), _Searcher(), []
    face = searching.roll_search(state, x, faces, "search", events, {"place": "Johnson's Farm"})
    assert face == Rng(7).choice(faces) and x.searched == "farm"
    assert [(e.kind, e.phase, list(e.facts)) for e in events] == [
        ("searched", "search", ["seat", "name", "face", "place"])
    ]
    assert events[0].facts["face"] == face


@pytest.mark.parametrize("gid", ["mixtape-massacre", "escape-from-tall-oaks"])
def test_both_games_check_a_key_alike_a_stop_of_the_move_is_legal_another_space_is_not(gid):
    game = get(gid)
    state, _ = game.setup(11, {})
    for _ in range(300):
        d = game.decision(state)
        if d.kind == "move":
            break
        game.apply(state, d.options[0].key, d)
    assert d.kind == "move"
    with pytest.raises(IllegalMove):
        game.apply(state, "go:nowhere")
    with pytest.raises(IllegalMove):
        game.apply(state, "spend:1")
    stop = next(iter(state.stops))
    moved = [e for e in game.apply(state, f"go:{stop}") if e.kind == "moved"]
    assert moved and moved[0].facts["to"] == stop
