"""The designed achievements of both Mixtape games (their RULES.md, "Achievements"): each earned where it says,
for the person's seat only."""

from __future__ import annotations

import pytest

from engines.core.events import Event
from engines.mixtape.directors_cut import achievements as dc
from engines.mixtape.tall_oaks import achievements as to


def ev(kind: str, seat: str = "p1", **facts) -> Event:
    return Event(kind, 1, "main", {"seat": seat, **facts})


def over(result: str = "won") -> Event:
    return Event("game_over", 9, "end", {"winners": [], "names": [], "why": "x", "result": result, "person": "p1"})


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([over()], {"final_cut", "untouchable"}),
        ([over("lost")], set()),
        ([ev("hurt"), over()], {"final_cut"}),
        ([ev("hurt", seat="p2"), over()], {"final_cut", "untouchable"}),  # a rival's wound is not yours
        ([ev("kill_made", dice=["knife", "knife", "knife"]), over("lost")], {"three_knives"}),
        ([ev("kill_made", dice=["knife", "knife", "fist"]), over("lost")], set()),
        ([ev("kill_made", seat="p2", dice=["knife"] * 3), over("lost")], set()),
        ([ev("hero_defeated"), over("lost")], {"hero_slayer"}),
        ([ev("brawl_won")] * 3 + [over("lost")], {"brawler"}),
        ([ev("brawl_won")] * 2 + [over("lost")], set()),
        ([ev("spree"), over("lost")], {"on_a_spree"}),
        ([ev("spree")], set()),  # not finished: nothing earned
    ],
)
def test_directors_cut_sheet(events, expected):
    assert set(dc.earned(events)) == expected


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([over()], {"airlifted", "not_a_scratch"}),
        ([over("lost")], set()),
        ([ev("hurt"), over()], {"airlifted"}),
        ([ev("rescue", ok=True)] * 5 + [over("lost")], {"lifesaver"}),
        ([ev("rescue", ok=True)] * 4 + [ev("rescue", ok=False), over("lost")], set()),
        ([ev("task_done")] * 2 + [over("lost")], {"task_force"}),
        ([ev("task_done"), ev("task_done", seat="p2"), over("lost")], set()),
        ([ev("final_rescue"), over("lost")], {"final_rescue"}),
        ([ev("traitor"), over("lost")], {"traitor"}),
    ],
)
def test_tall_oaks_sheet(events, expected):
    assert set(to.earned(events)) == expected


def test_both_sheets_are_designed_and_offered_by_the_games():
    from engines.registry import get

    assert get("mixtape-massacre").achievements == dc.TEXT and len(dc.TEXT) == 6
    assert get("escape-from-tall-oaks").achievements == to.TEXT and len(to.TEXT) == 6
