"""Mixtape Massacre tells the truth: every sentence agrees with its event over seeded games (the
default options, and every option value with random play; every case the templates tell), the numbers come
from the events, every roll shows its dice, and the same seed and log give the same text."""

from __future__ import annotations

import pytest

from engines.core.events import Event
from engines.registry import get
from narratives import for_game
from tests.narratives.cover import Play, check_told, chosen
from tests.tools import truth
from tests.tools.breadth import breadth

GAME = "mixtape-massacre"
RANGE = (
    *(Play(seed) for seed in range(50)),
    *(
        Play(seed, f"rivals={1 + seed % 5},hero={('linda', 'kirk', 'sheriff')[seed % 3]},goal={goal}", "random")
        for seed in range(30)
        for goal in [("10", "auto", "5", "8", "12", "15")[seed % 6]]
    ),
    Play(7, "hero=sheriff,rivals=3"),  # a Hero who wins and takes the loser's supply (hero_won.dropped)
)
"""Fifty seeds with the default options and policy, and thirty with random play and every value of every option
in turn (each table size with each goal once): they tell every case a hundred and fifty and sixty did;
bench/truth.py checks the same truth over 1,000 games."""
TYPICAL = (Play(0), Play(1), Play(2))
"""Ordinary games, so the truth is checked on typical play and not only on the cover's rarities."""
COVER = (
    Play(18, "rivals=4,hero=linda,goal=10", "random"),  # 22: ability_used.legend, ability_used.mother, ab ...
    Play(28, "rivals=4,hero=kirk,goal=12", "random"),  # 7: ability_used.prom, ability_used.ravenous, bonu ...
    Play(19, "rivals=5,hero=kirk,goal=auto", "random"),  # 4: ability_used.thorne_none, game_over.lost_sou ...
    Play(1, "rivals=2,hero=kirk,goal=auto", "random"),  # 2: bonus_drawn.drop_supply_none, bonus_drawn.hea ...
    Play(3),  # 1: bonus_drawn.drop_supply
    Play(10),  # 1: game_over.won_last
    Play(7, "hero=sheriff,rivals=3"),  # 1: hero_won.dropped
)
"""The fewest further plays of RANGE that tell every case it tells (scripts/story_cover.py mixtape-massacre)."""
PLAYS = chosen(TYPICAL, COVER, RANGE)
"""The quick breadth plays TYPICAL and COVER (a dozen or so games); SOLO_TEST_BREADTH=full plays all 81."""
UNTOLD = {
    *(("ability_used", "default"), ("bonus_drawn", "default"), ("game_over", "default")),
    *(("game_over", "none"), ("stuck", "default"), ("turn_started", "default"), ("undo", "default")),
    *(("ability_used", "prom_none"), ("bonus_drawn", "souvenir_none"), ("lock_placed", "replaced")),
    ("survivor_escaped", "dropped"),
}
"""The cases a hundred and fifty seeds and sixty with the options never told either: fallbacks, and the rare
ends of rules 9's facts (an empty bank, a red lock over a yellow one, a supply the Survivor takes), told in
tests/narratives/test_consequences.py."""


def tell(play: Play) -> list[tuple]:
    """The play's game and its narrator (which keeps its story for the next test)."""
    return [(for_game(GAME, play.seed), truth.play(get(GAME), play.seed, play.settings(), play.policy))]


@pytest.fixture(scope="module")
def played():
    """(game, narrator) of each of PLAYS."""
    return [(game, teller) for play in PLAYS for teller, game in tell(play)]


def test_mixtape_massacre_tells_the_truth_over_many_seeded_games(played):
    problems = []
    for game, teller in played:
        problems += truth.check_story(teller, game.events, str(game.seed))
    assert problems == [], problems[:10]
    kinds = {e.kind for game, _ in played for e in game.events}
    assert {
        "victim_escaped",
        "brawl_won",
        "brawl_tied",
        "opening_roll",
        "kill_made",
        "souvenirs_taken",
    } <= kinds
    check_told(((teller, game.events) for game, teller in played), played[0][1], UNTOLD, GAME)


def test_mixtape_massacre_writes_no_number_of_its_own():
    assert truth.literal_numbers(for_game(GAME, 1).templates) == []


def test_mixtape_massacre_never_folds_across_a_decision(played):
    for game, teller in played:
        assert truth.fold_spans(teller, game) == []


def test_the_same_seed_and_log_read_byte_for_byte_the_same(played):
    for game, _ in played[: breadth(5, 20)]:
        once = [(t.prose, t.summary) for t in for_game(GAME, game.seed).story(game.events)]
        again = [(t.prose, t.summary) for t in for_game(GAME, game.seed).story(game.events)]
        assert once == again


def _ev(kind: str, **facts) -> Event:
    return Event(kind, 3, "", facts)


DEFENDED = _ev(
    "victim_escaped",
    seat="slasher2",
    name="Stitches",
    card="Final Girl With a Rake",
    dice=["fist", "fist", "knife"],
    fists=2,
    need=1,
    damage=1,
    combo="",
    defended=True,
)
HURT = _ev(
    "victim_escaped",
    seat="slasher2",
    name="Stitches",
    card="Final Girl With a Rake",
    dice=["knife", "knife", "pentagram"],
    fists=0,
    need=1,
    damage=1,
    combo="",
    defended=False,
)


def test_a_defended_scene_costs_no_health_in_prose_or_summary():
    n = for_game(GAME, 5)
    summary = n.summary(DEFENDED)
    assert "no harm done" in summary and "loses" not in summary and "fist, fist, knife" in summary
    for i in range(12):
        assert "stagger" not in n.prose(DEFENDED, i)
    hurt = n.summary(HURT)  # the failed defence names its dice; the `hurt` event after it says the loss
    assert "fails to defend" in hurt and "knife, knife, pentagram" in hurt and "health" not in hurt
    for i in range(12):
        assert "No harm done" not in n.prose(HURT, i) and "block" not in n.prose(HURT, i)


@pytest.mark.parametrize("winner", ["slasher1", "slasher2"])
def test_brawl_verbs_agree_with_the_winner_and_loser_and_both_sides_show_their_dice(winner):
    loser = "slasher2" if winner == "slasher1" else "slasher1"
    names = {"slasher1": "Nightmare", "slasher2": "Jingles"}
    e = _ev(
        "brawl_won",
        seat="slasher1",
        name="Nightmare",
        other="slasher2",
        other_name="Jingles",
        dice=["fist", "knife", "knife"],
        other_dice=["fist", "pentagram", "pentagram"],
        knives=2,
        other_knives=0,
        round=1,
        winner=winner,
        winner_name=names[winner],
        loser=loser,
        loser_name=names[loser],
        how="knives",
    )
    n = for_game(GAME, 3)
    texts = {n.prose(e, i) for i in range(20)}
    for text in texts:
        for bad in ("You comes", "You limps", "You wins", "Jingles win ", "Jingles limp "):
            assert bad not in text, text
    summary = n.summary(e)
    assert "fist, knife, knife" in summary and "fist, pentagram, pentagram" in summary


def test_the_opening_roll_and_a_tied_brawl_round_show_every_die():
    n = for_game(GAME, 1)
    opening = _ev(
        "opening_roll",
        rolls={"slasher1": [7, 9], "slasher2": [7, 5]},
        first="slasher1",
        name="Stitches",
        locks=3,
    )
    assert "you roll 7 then 9; the other rolls 7 then 5)" in n.summary(opening)
    three = _ev(
        "opening_roll",
        rolls={"slasher1": [4], "slasher2": [9], "slasher3": [12]},
        first="slasher3",
        name="Jingles",
        locks=2,
    )
    assert n.summary(three).startswith(
        "Opening roll (you roll 4; the others roll 9 and 12): Jingles goes first"
    )
    assert "seat" not in n.summary(three)  # no seat numbers: the player never sees them elsewhere
    named = _ev(  # rules 6: the event names every seat, so the story says whose roll is whose
        "opening_roll",
        rolls={"slasher1": [4], "slasher2": [9], "slasher3": [12]},
        first="slasher3",
        name="Jingles",
        locks=2,
        names={"slasher1": "Stitches", "slasher2": "Patches", "slasher3": "Jingles"},
    )
    assert n.summary(named).startswith(
        "Opening roll (you roll 4, Patches 9 and Jingles 12): Jingles goes first"
    )
    assert n.summary(opening).split(": ", 1)[1].startswith("You go first and roll 3")
    tied = _ev(
        "brawl_tied",
        seat="slasher2",
        name="Patches",
        other="slasher1",
        other_name="Stitches",
        dice=["fist", "knife", "pentagram"],
        other_dice=["knife", "fist", "fist"],
        knives=1,
        other_knives=1,
        round=1,
    )
    assert "fist, knife, pentagram" in n.summary(tied) and "knife, fist, fist" in n.summary(tied)


def test_a_runner_still_shows_the_souvenirs_the_bank_paid():
    e = _ev(
        "souvenirs_taken",
        seat="slasher1",
        name="Jingles",
        runner=True,
        gained=2,
        total=5,
        goal=10,
        place="X",
    )
    n = for_game(GAME, 2)
    for i in range(12):
        text = n.prose(e, i)
        assert "no souvenir" not in text and "two souvenirs" in text
    assert "2 souvenirs" in n.summary(e)


def test_supply_names_take_their_articles_and_verbs_from_the_data():
    n = for_game(GAME, 4)
    drawn = _ev("supply_drawn", seat="slasher2", name="Jingles", card="Duct-Tape Bandages", type="heal")
    assert n.summary(drawn) == "Jingles finds Duct-Tape Bandages."
    mine = _ev("supply_drawn", seat="slasher1", name="Jingles", card="Duct-Tape Bandages", type="heal")
    assert n.summary(mine) == "You find Duct-Tape Bandages."
    spent = _ev("supply_spent", seat="slasher2", name="Patches", card="Brass Knuckles")
    assert n.summary(spent) == "Patches's Brass Knuckles are used up."


def test_the_survivors_escape_names_the_supply_it_took_and_none_where_none_was_held():
    """The event names the supply the Survivor takes (`dropped`, rules 9; '' with none held), so its line says
    which, or nothing of a supply; the health it costs is left to the `hurt` event after it."""
    n = for_game(GAME, 5)
    facts = {
        "seat": "slasher2",
        "name": "Patches",
        "dice": ["knife", "fist", "pentagram"],
        "fists": 1,
        "damage": 2,
    }
    line = n.summary(_ev("survivor_escaped", **facts, dropped="Drill"))
    assert line.startswith("The Survivor gets away (knife, fist, pentagram)")
    assert "loses the Drill from his hand" in line and "health" not in line
    empty = _ev("survivor_escaped", **facts, dropped="")
    told = [n.summary(empty), *(n.prose(empty, i) for i in range(8))]
    assert not any("supply" in t or "Drill" in t or "hand" in t for t in told), told


@pytest.mark.parametrize(
    ("seat", "name", "want"),
    [
        ("slasher2", "Jingles", "his"),
        ("slasher3", "Mother Grimm", "her"),
        ("slasher2", "The Drowned Girl", "her"),
        ("slasher1", "Stitches", "your"),
    ],
)
def test_a_slasher_is_told_by_the_pronouns_of_the_game_data(seat, name, want):
    """Each slasher's pronouns are the [nouns] table's (Jingles 'he', Mother Grimm 'she'), never a blanket
    'their' for every rival; the person's slasher is 'you'."""
    n = for_game(GAME, 5)
    back = _ev("sent_to_start", seat=seat, name=name, place="the starting point north of Galaxy Comics")
    told = " ".join(n.prose(back, i) for i in range(12))
    assert f"lick {want} wounds" in told
    assert "their" not in told and "them" not in told.split()
    escaped = _ev(
        "survivor_escaped",
        seat=seat,
        name=name,
        dice=["knife", "fist", "fist"],
        fists=2,
        damage=1,
        dropped="Drill",
    )
    assert f"the Drill from {want} hand" in n.summary(escaped)


@pytest.mark.parametrize("game_id", ["mixtape-massacre", "escape-from-tall-oaks"])
def test_the_opening_rolls_prose_shows_every_seats_dice(game_id):
    """Every roll shows its dice: the opening roll keeps its dice under `faces` (and their sums under `rolls`),
    not `dice`, so no bracket follows its line: the line itself shows each die of each seat's every roll
    ('3+5 then 4+3'; it showed only the sums), and Director's Cut's prose once told 'You roll highest' alone."""
    from engines.core.autoplay import play

    for seed in range(8):
        log = play(get(game_id), seed, "heuristic").events
        i, opening = next((i, e) for i, e in enumerate(log) if e.kind == "opening_roll")
        n = for_game(game_id, seed, get(game_id).person_seats[0])
        for k in range(6):
            prose = n.prose(opening, i + k)
            for seat, rolls in opening.facts["faces"].items():
                assert [sum(r) for r in rolls] == opening.facts["rolls"][seat] and all(
                    len(r) == 2 for r in rolls
                )
                shown = " then ".join("+".join(str(d) for d in r) for r in rolls)
                assert shown in prose, (prose, seat)
