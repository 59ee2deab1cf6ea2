"""Every consequence told, with its number (issue 45, point 2).

Over seeded games of every title, step by step: every change of a counted quantity the state records (health
on every side, items held, tokens, victims, meters: tests/tools/counted.py) is named by some telling of the step
that made it, with its number, in the REPL's words (prose with its dice in a bracket) and in `brief` alike.
bench/truth.py --consequences runs the same over 500 games a title; the harness's own checks come first."""

from __future__ import annotations

import re

import pytest

from engines.core.events import Event
from engines.registry import get
from narratives import for_game
from solo import narration
from tests.tools.consequences import Change, Played, Quantity, Step, changes, misses, play, says_number, told
from tests.tools.counted import GAMES

CONFIGS: dict[str, tuple[tuple[dict[str, str], str | None], ...]] = {
    "escape-of-the-dead": (({}, None), ({"barricade": "5", "roll_order": "choose"}, "random")),
    "mixtape-massacre": (
        ({}, None),
        ({"rivals": "5", "hero": "sheriff"}, "random"),
        ({"slasher": "legend", "rivals": "3"}, "random"),
        ({"slasher": "thorne", "hero": "kirk"}, None),
    ),
    "final-girl": (
        ({}, None),
        ({"girl": "cassie", "dark_power": "epic", "bonus_items": "on"}, "random"),
        ({"mode": "extreme", "finale": "epic"}, None),
    ),
    "slaughterhouse": (
        ({}, None),
        ({"trespassers": "3", "scenario": "d"}, None),
    ),
    "escape-from-tall-oaks": (
        ({}, None),
        ({"rivals": "5"}, None),
        ({"survivor": "specs", "rivals": "3"}, None),
        ({"survivor": "johnny", "rivals": "1"}, None),
    ),
}
"""Each title's configurations (options, policy), each played on the seeds below: the default game, random play
with the most rivals, and the abilities whose effects have no event of their own."""
SEEDS = {"slaughterhouse": range(2), "escape-from-tall-oaks": range(2)}
"""Seeds per configuration (three, where a title's games are long: two); bench/truth.py --consequences plays
500 games a title."""


def _verbose(telling, events):
    return narration.told(telling, events, False)


def _brief(telling, events):
    return narration.told(telling, events, True)


@pytest.mark.parametrize("game_id", sorted(CONFIGS))
def test_every_change_a_step_makes_is_told_with_its_number(game_id):
    game, counted = get(game_id), GAMES[game_id]
    found, changed = [], 0
    for options, policy in CONFIGS[game_id]:
        for seed in SEEDS.get(game_id, range(3)):
            played = play(game, counted, seed, options, policy)
            changed += sum(len(s.changes) for s in played.steps)
            for seat in game.person_seats:  # Slaughterhouse tells both sides, each in its own voice
                narrator = for_game(game_id, seed, seat)
                for mode, text_of in (("prose", _verbose), ("brief", _brief)):
                    where = f"{seed} {options} {policy} {seat} {mode}"
                    found += misses(narrator, counted, played, text_of, where)
    assert changed > 100, "the seeds changed almost nothing: the test would prove nothing"
    assert found == [], "\n".join(f"{m.where}: {m.change}\n  " + "\n  ".join(m.told[:8]) for m in found[:5])


# -- the harness ---------------------------------------------------------------------------------------------

HEALTH = Quantity("health", r"health", "both")
POCKETS = Quantity("supply", "", "items")
METER = Quantity("meter", r"meter", "after", held=False)


def test_a_change_is_found_between_two_readings_and_a_holder_that_comes_and_goes_counts_from_nothing():
    q = {"health": HEALTH, "supply": POCKETS}
    before = {("health", "a"): 6, ("supply", "a"): ("Drill",), ("health", "b"): 3}
    after = {("health", "a"): 4, ("supply", "a"): (), ("supply", "b"): ("Machete",), ("health", "b"): 3}
    assert changes(before, after, q) == [
        Change("health", "a", 6, 4),
        Change("supply", "a", ("Drill",), ()),
        Change("supply", "b", (), ("Machete",)),
    ]
    tokens = {"trackers": Quantity("trackers", "tokens?", appears=False)}
    assert changes({("trackers", "a:drill"): 2}, {}, tokens) == []  # they go with the card, told as the card
    fresh = {"trackers": Quantity("trackers", "tokens?", appears=False, rises=False)}
    # a Cordless Drill spent to nothing and a fresh copy found in one step (bench/truth.py, Tall Oaks seed
    # 100399): each is told as a card; a fall is still a change
    assert changes({("trackers", "a:drill.2"): 2}, {("trackers", "a:drill.2"): 3}, fresh) == []
    assert changes({("trackers", "a:drill.2"): 3}, {("trackers", "a:drill.2"): 1}, fresh) != []


@pytest.mark.parametrize(
    ("text", "is_told"),
    [
        ("Patches loses two health: four left.", True),
        ("Patches loses two health.", False),  # what is left unsaid
        ("Blood on the pavement, and Patches is down to four.", False),  # no word of health, no figure lost
        ("Stitches loses two health: four left.", False),  # somebody else
        ("You lose two health: four left.", False),  # the person is not Patches here
    ],
)
def test_a_wound_is_told_with_the_holder_the_figure_and_what_is_left(text, is_told):
    assert told(Change("health", "slasher2", 6, 4), HEALTH, text, ("Patches",)) is is_told


def test_the_person_is_you_and_a_thing_is_told_by_its_name():
    assert told(
        Change("health", "slasher1", 6, 4), HEALTH, "You lose two health: four left.", ("Stitches", "you")
    )
    lost = Change("supply", "slasher1", ("Drill",), ())
    assert told(lost, POCKETS, "The Drill is spent.", ("you",), before="You swing.")
    assert not told(lost, POCKETS, "Your supply is spent.", ("you",))


@pytest.mark.parametrize(
    ("text", "n", "said"),
    [
        ("to zero", 0, True),
        ("none left", 0, True),
        ("one left", 0, False),
        ("a souvenir", 1, True),
        ("twelve of them", 12, True),
        ("12 of them", 12, True),
        ("two", 12, False),
    ],
)
def test_a_number_is_read_in_digits_or_words(text, n, said):
    assert says_number(text, n) is said


def test_a_meter_the_table_holds_needs_no_holder_but_its_figure():
    assert told(Change("meter", "", 2, 3), METER, "The Hero Meter reads three.", ())
    assert not told(Change("meter", "", 2, 3), METER, "The meter climbs.", ())


def test_a_step_whose_change_no_telling_names_is_a_miss():
    """The check itself fails on a silent consequence: the Director's Cut supply a Hero took without a word
    (rules 8's fix), told by the game's own words and then by a narrator whose `hero_won` says nothing."""
    won = _mm(
        "hero_won",
        seat="slasher1",
        name="Stitches",
        hero="Linda",
        dice=["fist", "fist", "pentagram"],
        knives=0,
        fists=2,
        defeat=2,
        defend=1,
        combo="",
        loss=1,
        dropped="Drill",
    )
    played = Played(
        [won], [Step(0, 1, [Change("supply", "slasher1", ("Drill",), ())])], lambda holder, listener: ("you",)
    )
    counted = GAMES["mixtape-massacre"]
    narrator = for_game("mixtape-massacre", 1, "slasher1")
    assert misses(narrator, counted, played, _verbose) == []
    found = misses(_silencing(narrator, "hero_won"), counted, played, _verbose)
    assert [m.change for m in found] == ["supply of slasher1: +[] -['Drill']"]


def _silencing(narrator, kind):
    """The narrator with every line of one event kind saying nothing of its facts."""
    import msgspec

    from narratives.narrator import Narrator
    from narratives.templates import Case, Kind

    templates = narrator.templates
    quiet = Case(prose=("Something happens.",), summary="Something happens.")
    kinds = {**templates.kinds, kind: Kind({"default": quiet}, "default")}
    return Narrator(
        narrator.game_id, narrator.seed, msgspec.structs.replace(templates, kinds=kinds), narrator.seat
    )


# -- the rare ends of the Director's Cut's facts (rules 9) ---------------------------------------------------


def _mm(kind: str, **facts) -> Event:
    return Event(kind, 3, "", facts)


@pytest.mark.parametrize(
    ("event", "says"),
    [
        (
            _mm(
                "ability_used",
                seat="slasher2",
                name="Prom Queen",
                ability="prom",
                health=4,
                gained=0,
                total=3,
            ),
            ("still has three", "no souvenir left"),
        ),
        (
            _mm(
                "bonus_drawn",
                seat="slasher1",
                name="Stitches",
                card="Trophy From the Attic",
                effect="souvenir",
                amount=1,
                place="",
                changed=0,
                total=2,
            ),
            ("still have two", "no souvenir left"),
        ),
        (
            _mm("lock_placed", entrance="1-9", place="Galaxy Comics", colour="red", replaced="yellow"),
            ("yellow lock", "red lock"),
        ),
        (
            _mm(
                "survivor_escaped",
                seat="slasher1",
                name="Stitches",
                dice=["fist", "fist", "knife"],
                fists=2,
                damage=1,
                dropped="Drill",
            ),
            ("the Drill", "the Drill from your hand"),
        ),
    ],
)
def test_the_rare_cases_of_rules_9_say_what_happened(event, says):
    n = for_game("mixtape-massacre", 3, "slasher1")
    prose = " ".join(n.prose(event, i) for i in range(6))
    assert says[0] in prose, prose
    assert says[1] in n.summary(event), n.summary(event)


# -- Tall Oaks: the examples, built (rules 9) --------------------------------------------------------


def _to(what: str, /, **facts) -> Event:
    return Event(what, 7, "turn", {"seat": "survivor2", "name": "Derrick", **facts})


def _tall_oaks(event: Event) -> list[str]:
    n = for_game("escape-from-tall-oaks", 5, "survivor1")
    return [n.summary(event), *(n.prose(event, i) for i in range(8))]


def test_a_flight_the_noise_cuts_short_is_never_told_as_a_flight():
    """'Derrick bolts out the back door and straight into the next building' when the spent supplies' noise
    called the Slasher first and he fought where he stood: the combo says whether the flight happened."""
    caught = _tall_oaks(_to("combo", purpose="rescue", effect="flee_draw", flees=False))
    assert not any("bolts" in t or "next building" in t or "runs for" in t for t in caught), caught
    assert any("Slasher" in t for t in caught)
    fled = _tall_oaks(_to("combo", purpose="rescue", effect="flee_draw", flees=True))
    assert any("next building" in t or "next place" in t for t in fled)


def test_a_lost_fight_gives_its_true_cause():
    """'Smiley is too strong' after a roll with enough Actions, when the real cause was having no weapon."""
    base = {
        "slasher": "Smiley",
        "result": "fail",
        "kind": "normal",
        "actions": 2,
        "escapes": 0,
        "defeat": 2,
        "escape": 2,
        "meter": 4,
    }
    unarmed = _tall_oaks(_to("fight", **base, armed=False))
    assert all("too strong" not in t for t in unarmed) and all("weapon" in t for t in unarmed), unarmed
    armed = _tall_oaks(_to("fight", **{**base, "actions": 1}, armed=True))
    assert any("one Action" in t or "1 Action" in t for t in armed), armed


def test_a_heal_at_full_health_heals_nothing():
    full = _tall_oaks(
        _to("bonus", card="bt03", title="Slow Dance", effect="heal", n=1, got=0, healed=0, health=6)
    )
    assert not any(re_heals(t) for t in full), full
    assert all("six" in t.lower() or "6" in t for t in full), full


def re_heals(text: str) -> bool:
    import re

    return re.search(r"\bheal(?:s|ed)? (?:one|1|two|2)\b|health back", text) is not None


def test_a_supply_given_up_for_a_task_is_named():
    """'You grab Task #3', the First Aid Kit never mentioned."""
    told = _tall_oaks(_to("task_taken", task=3, left=1, dropped="First Aid Kit"))
    assert all("First Aid Kit" in t and "Task #3" in t for t in told), told


def test_a_survivor_sent_to_a_starting_point_is_told_which():
    told = _tall_oaks(
        _to("sent_to_start", space="20-0", place="the starting point north of Tall Oaks Church")
    )
    assert all("north of Tall Oaks Church" in t for t in told), told


@pytest.mark.parametrize(("face", "word"), [("search", "Search"), ("denied", "Denied"), ("noise", "Noise")])
def test_the_search_dies_face_is_said(face, word):
    assert all(word in t for t in _tall_oaks(_to("searched", face=face))), face


# -- Final Girl: the examples, built (rules 5) -------------------------------------------------------


def test_a_bonus_rescue_names_whose_it_is():
    """bench/truth.py over 500 games (seed 100488): 'A Bonus Track: Hero's Anthem. A straggler runs to her for
    help' right after a line about the scuffle's loser: 'her' read as the loser, not the drawer."""
    told = _tall_oaks(_to("bonus", card="bt21", title="Hero's Anthem", effect="rescue", n=1, got=1, total=6))
    assert all("Derrick" in t for t in told), told


def _fg(what: str, /, **facts) -> list[str]:
    n = for_game("final-girl", 5, "final_girl")
    event = Event(what, 6, "killer", facts)
    return [n.summary(event), *(n.prose(event, i) for i in range(8))]


def test_a_victim_a_forklift_kills_is_said_to_die():
    """'Nobody in the West Aisle has time to move', then Bloodlust rises: the death never said."""
    told = _fg("victim_killed", victim=4, special="", cause="accident", space="aisle_w", name="West Aisle")
    assert all("dies" in t or "killed" in t for t in told), told


def test_damage_to_the_tormentor_and_her_final_health_have_their_numbers():
    """'You hurt her. She can be hurt.' and 'She falls, and does not rise' with no figures."""
    hurt = _fg("killer_hurt", amount=2, health=5, weapon="")
    assert all(("two" in t or "2" in t) and ("five" in t or "5" in t) for t in hurt), hurt
    back = _fg("killer_token", value=3, health=3, weapon="", lost=1)
    assert all(("three" in t or "3" in t) and ("one" in t or "1" in t) for t in back), back
    dead = _fg("killer_token", value=0, weapon="", lost=2)
    assert all("two" in t or "2" in t for t in dead), dead


def test_a_heal_says_its_figure():
    """'The bleeding slows.' with no figure."""
    told = _fg("fg_healed", amount=2, health=5)
    assert all(("two" in t or "2" in t) and ("five" in t or "5" in t) for t in told), told


def test_a_stand_in_setup_card_is_named():
    """'Voices in The Pit' when a Setup card stood in for her space, the card never named."""
    told = _fg("victims_placed", count=2, short=0, space="pit", name="The Pit", stand_in="Units Per Hour")
    assert all("Units Per Hour" in t for t in told), told


# -- Slaughterhouse: the examples, built (rules 6) ---------------------------------------------------


def _tcm(what: str, seat: str = "trespassers", /, **facts) -> list[str]:
    n = for_game("slaughterhouse", 5, seat)
    event = Event(what, 4, "sawyer", facts)
    return [n.summary(event), *(n.prose(event, i) for i in range(8))]


def test_a_blow_that_opens_no_wound_is_not_also_said_to_land():
    """'... and the blow lands. [2 successes]' then 'The blow glances off Green without doing anything new':
    the attack says its successes and nothing of their effect; the Injuries that do not fit say the rest."""
    told = _tcm("injury_wasted", trespasser="green", revealed=2)
    assert all("lands" not in t and "glances" not in t for t in told), told
    assert any("two Injury cards" in t for t in told), told


def test_a_reroll_names_the_roll_it_throws_again():
    """A reroll told before the attack it rerolls read as a reroll of the attack before."""
    facts = {
        "card": "I Got Ya",
        "before": [0, 0],
        "dice": [1, 2],
        "roll": "attack",
        "hand": 3,
        "trespasser": "green",
        "attacker": "the Hitchhiker",
    }
    for seat in ("trespassers", "sawyer"):
        told = _tcm("reroll", seat, **facts)
        assert all("the Hitchhiker's attack on Green" in t.replace("The H", "the H") for t in told), told
        # told before the attack's result, the line gives the first throw itself: it is no reroll of the
        # attack told before it (issue 45's example)
        assert all("blank and blank" in t or "blank, blank" in t for t in told[1:]), told


def test_evidence_another_held_is_told_leaving_their_hands_in_brief_too():
    """bench/truth.py over 500 games (scenario e): 'Yellow documents the Evidence: the Attic' in brief, the
    Evidence gone from Green's items without a word of Green."""
    facts = {"trespasser": "yellow", "item": "Evidence: the Attic", "holder": "green", "room": "Attic"}
    facts |= {"space": "Attic", "documented": 1, "needed": 3, "film": 2}
    for seat in ("trespassers", "sawyer"):
        told = _tcm("documented", seat, **facts)
        assert all("Green's Evidence: the Attic" in t for t in told), told


def test_a_run_with_no_noise_is_not_told_as_loud():
    """'Feet pounding ...' for a Cowboy Boots run that made no Noise: the move says no noise of its own."""
    told = _tcm("moved", trespasser="green", space="Kitchen (sink)", how="run")
    assert not any(re.search(r"pound|thunder|slap|crash|loud|noise", t, re.IGNORECASE) for t in told), told


def test_every_noise_is_counted_and_a_card_that_clears_it_says_so():
    told = _tcm("noise", trespasser="green", made=2, noise=3, cause="door")
    assert all(("two" in t or "2" in t) and ("three" in t or "3" in t) for t in told), told
    cleared = _tcm("desperation_played", trespasser="green", card="Dig Deep", hushed=3)
    assert all("three" in t or "3" in t for t in cleared), cleared
    assert all("none" in t for t in cleared), cleared


# -- Escape of the Dead: the examples, built ---------------------------------------------------------


def _eotd(what: str, turn: int, /, **facts) -> list[str]:
    n = for_game("escape-of-the-dead", 5, "survivor")
    event = Event(what, turn, "", facts)
    return [n.summary(event), *(n.prose(event, i) for i in range(12))]


def test_the_first_hour_has_no_last_hour_and_a_long_night_ends_without_a_dawn():
    """The rifle 'still warm from the last hour' on turn 1; a night of 44 hours that ends 'at dawn'."""
    first = _eotd("dice_assigned", 1, lawn=4, barricade=0, garage=0)
    assert not any("last hour" in t for t in first), first
    won = {"turn": 44, "repairs": 10, "barricade": 6, "total_kills": 40}
    assert not any("Dawn" in t or "dawn" in t for t in _eotd("game_won", 44, **won))
    assert any("Dawn" in t for t in _eotd("game_won", 7, **{**won, "turn": 7}))


def test_a_reward_says_the_kills_it_carries_over():
    told = _eotd("reward_taken", 9, reward="c", carried=2, repairs=3)
    assert all("two" in t.lower() or "2" in t for t in told), told
