"""Director's Cut screens within 80x24 (issue 14): the map and a legend that names every mark, `look`, `odds`
with what is at stake, `examine` for every card, place and person, a coach line for every kind of decision, the
spends in a few words, names typed as the player means them, and the toolbar by importance."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.text import Text

from engines.core.contract import resolve_options
from engines.mixtape.directors_cut import hero as heroes
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.game import GAME
from engines.mixtape.directors_cut.state import MOVE
from saves import SaveStore
from solo import theme
from solo.examine import find
from solo.games import InputError, ui_for
from solo.games.mixtape_map import RIVAL_MARKS, STOP_MARKS, grid_rows, legend, short_place
from solo.reader import PlainReader
from solo.repl import Repl
from solo.run import Run
from solo.screen import Screen, fit_fields, make_console

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engines" / "mixtape"))  # mm_positions
from mm_positions import FIST, KNIFE, LoadedRng, give, put_marker, ready, top_scene, turn_of

UI = ui_for("mixtape-massacre")
B = R.BOARD
ROWS, COLUMNS = 24, 80
ROOM = ROWS - 3
"""What an answer may take: the typed line above it, the prompt and the toolbar below it."""
KINDS = {
    "start",
    "lock",
    "turn",
    "move",
    "spend",
    "keep",
    "run",
    "search",
    "bonus_move",
    "bonus_swap",
    "target",
    "aid",
    "rise",
    "door",
    "redraw",
    "at_lock",
}
"""Every kind of decision the engine asks (the test below fails on a kind not listed here)."""


def new_run(seed: int, **options: str) -> Run:
    return Run(GAME, seed, resolve_options(GAME, options), "slasher1")


def person_decisions(seeds: range, **options: str) -> Iterator[Run]:
    """Each decision of the person's seat in games the heuristic plays for every seat (look, do not touch)."""
    policy = GAME.policies["heuristic"]
    for seed in seeds:
        run = new_run(seed, **options)
        for _ in range(3000):
            d = run.decision()
            if d is None:
                break
            if d.seat == "slasher1":
                yield run
            run.choose(policy(run.view(), d, None))


def answer(run: Run, line: str, tmp_path: Path, plain: bool = False) -> list[str]:
    """What the REPL prints for a typed line on an 80-column screen (plain: wrapped as at a terminal)."""
    buffer = io.StringIO()
    screen = Screen(make_console(plain, file=buffer, width=COLUMNS, wrap=plain), plain)
    repl = Repl(run, SaveStore(tmp_path), "t", screen, PlainReader(io.StringIO(""), screen.echo))
    repl.handle(line)
    return buffer.getvalue().splitlines()


def fits(lines: list[str], what: str) -> None:
    assert len(lines) <= ROOM, f"{what}: {len(lines)} lines\n" + "\n".join(lines)
    assert max(len(x) for x in lines) <= COLUMNS, f"{what}: too wide\n" + "\n".join(lines)


# -- look, map, odds: within 80x24 wherever the person decides -----------------------------------------------------


@pytest.mark.parametrize(("rivals", "seeds"), [("2", range(4)), ("5", range(2))])
def test_look_map_and_odds_fit_80x24_at_every_kind_of_decision(tmp_path, rivals, seeds):
    seen: dict[str, int] = {}
    for run in person_decisions(seeds, rivals=rivals):
        d = run.decision()
        if seen.get(d.kind, 0) >= 3:
            continue
        seen[d.kind] = seen.get(d.kind, 0) + 1
        for plain in (False, True):
            where = f"{d.kind} (plain {plain}, turn {run.view().turn})"
            fits(answer(run, "look", tmp_path, plain), f"look at {where}")
            fits(answer(run, "map", tmp_path, plain), f"map at {where}")
            fits(answer(run, "odds", tmp_path, plain), f"odds at {where}")
    assert {"move", "turn", "spend", "door", "search"} <= set(seen)


def test_the_map_fits_beside_a_long_stop_list_and_its_legend_names_every_mark(tmp_path):
    run = next(
        r
        for r in person_decisions(range(40))
        if r.decision().kind == "move" and len(r.decision().options) >= 14
    )
    for e in (e for loc in B.locations.values() for e in loc.entrances):
        run.state.locks.setdefault(e, "red")  # every lock on: the longest key lines
    run.state.hero_at = "hospital"
    fits(answer(run, "map", tmp_path), "map with every lock")
    view = run.view()
    rows = grid_rows(view)
    shown = "".join(rows)
    stops = len(view.stops)
    for mark in STOP_MARKS[:stops]:
        assert shown.count(mark) <= 1, f"stop mark {mark!r} appears twice"
    lines = legend(view)
    assert "@ you" in lines[0] and "the stops as listed" in lines[-2] + lines[-1]
    for i, s in enumerate(s for s in view.slashers if s.seat != view.seat):
        assert f"{RIVAL_MARKS[i]} {s.name}" in " ".join(lines)


def test_no_sign_on_the_map_means_two_things():
    entrances = set("abcdefghijkl") | set("ABCDEFGHIJKL")
    others = set("xXouS*.!@") | set(RIVAL_MARKS)
    assert len(set(STOP_MARKS)) == len(STOP_MARKS)
    assert not set(STOP_MARKS) & (entrances | others)
    assert len(STOP_MARKS) >= 21  # the most stops seen in 60 seeded games


def test_a_rival_under_another_mark_is_named_in_the_legend():
    state = ready()
    state.slashers[1].at = state.slashers[0].at = B.starts[0]
    lines = legend(GAME.view(state, "slasher1"))
    assert f"& {state.slashers[1].name} (with you)" in lines[0]


def test_the_map_is_not_drawn_before_the_stop_choice_so_the_roll_stays_on_screen(tmp_path):
    run = next(r for r in person_decisions(range(3)) if r.decision().kind == "move")
    assert getattr(UI, "shows_map", lambda d: False)(run.decision()) is False


# -- examine ------------------------------------------------------------------------------------------------


def test_examine_knows_every_supply_scene_location_slasher_and_the_hero(tmp_path):
    view = GAME.view(ready(), "slasher1")
    known = UI.things(view)
    wanted = [kind.name for kind in R.SUPPLY_TYPES.values()]
    wanted += ["Killer Scenes, Dude", "Attack card", "Defence card", "The Survivor", "Full Moon card"]
    wanted += [loc.name for loc in B.locations.values()] + [s.name for s in view.slashers]
    wanted += ["The Hero", R.HEROES[view.hero].name, "Hero Meter", "Here Comes A Hero", "Bonus Tracks"]
    assert set(wanted) <= set(known)
    assert "fills the Hero Meter" in known["Here Comes A Hero"]
    assert f"{R.HEROES[view.hero].defeat} knives" in known["The Hero"]
    assert all(
        name in known["Bonus Tracks"] for name in ("lose your next turn", "heal 1", "draw a Supply card")
    )


def test_every_examine_answer_fits_80x24(tmp_path):
    state = ready()
    give(state, 0, "chainsaw.1")
    put_marker(state, "farm")
    top_scene(state, "k50")
    run = new_run(0)
    run.state = state
    fresh = new_run(1, rivals="5")  # before anyone stands on the board, six slashers to tell
    for r in (run, fresh):
        for name in UI.things(r.view()):
            fits(answer(r, f"examine {name}", tmp_path), f"examine {name}")
            fits(answer(r, f"examine {name}", tmp_path, plain=True), f"examine {name} (plain)")
        fits(answer(r, "examine", tmp_path), "examine alone")


def test_a_supply_says_what_it_does_its_noise_and_the_tokens_left_wherever_it_is():
    state = ready()
    give(state, 0, "drill.1")
    state.slashers[0].trackers = 2
    give(state, 1, "drill.2")
    drill = R.SUPPLY_TYPES["drill"]
    text = UI.things(GAME.view(state, "slasher1"))["Drill"]
    assert f"+{drill.amount} knife" in text and f"makes {drill.noise} noise" in text
    assert "You hold one (2 tokens left)" in text
    assert f"{state.slashers[1].name} holds one (3 tokens left)" in text


def test_a_location_tells_what_happens_there_its_locks_and_that_its_marker_is_hidden():
    state = ready()
    put_marker(state, "school")
    north = B.locations["school"].entrances[0]
    state.locks[north] = "red"
    text = UI.things(GAME.view(state, "slasher1"))[B.locations["school"].name]
    assert "1 Scene Marker inside, face down" in text and "hidden" in text
    assert f"red on {B.place(north)} ({R.UNLOCK_KNIVES['red']} knives)" in text
    assert "shortcut" in text and "runs to:" in text


def test_examine_names_resolve_as_the_player_means_them():
    known = UI.things(GAME.view(ready(), "slasher1"))
    assert find(known, "hero") == "The Hero"
    assert find(known, "hosp") == "Tall Oaks Hospital"
    assert find(known, "knuckles") == "Brass Knuckles"
    assert find(known, "survivor") == "The Survivor"


# -- coach lines, tips ------------------------------------------------------------------------------------------


def test_a_coach_line_and_a_tip_under_80_columns_for_every_kind_of_decision():
    from engines.core.contract import Decision

    for kind in KINDS:
        d = Decision("slasher1", kind, "?", ())
        line = UI.coach(d)
        assert line and len(line) < COLUMNS, (kind, line)
        assert len(UI.example(d)) < COLUMNS, (kind, UI.example(d))
    seen = {run.decision().kind for run in person_decisions(range(6))}
    assert seen <= KINDS, f"a kind of decision with no coach line: {seen - KINDS}"


def test_coach_lines_read_their_numbers_from_the_engine(monkeypatch):
    from engines.core.contract import Decision
    from solo.games import mixtape_massacre as M

    monkeypatch.setattr(M.R, "UNLOCK_KNIVES", {"yellow": 4, "red": 9})
    assert "yellow 4, red 9" in UI.coach(Decision("slasher1", "lock", "?", ()))


# -- spends in a few words; odds with their stakes -------------------------------------------------------------------


def _defending_with_knuckles():
    """The person draws a 1-fist defence card holding Brass Knuckles (3 tokens, +1 fist each)."""
    state = ready()
    put_marker(state, "farm")
    give(state, 0, "brass_knuckles.1")
    top_scene(state, "k36")
    GAME.apply(state, "scene")
    return state


def test_each_spend_says_its_chance_and_a_spend_that_cannot_help_is_not_offered():
    """RULES.md "Spends that cannot help": one fist meets the card's one, so the second and third Brass
    Knuckles tokens change no chance and are not offered; named anyway, the rulebook's spend is played (two
    tokens spent)."""
    state = _defending_with_knuckles()
    d = GAME.decision(state)
    assert d.kind == "spend" and [o.key for o in d.options] == ["spend:0", "spend:1"]
    lines = UI.choice_lines(d, GAME.view(state, "slasher1"), COLUMNS)
    assert lines[0].startswith("1. spend nothing: hold 70%")
    assert lines[1].startswith("2. 1 token, +1 fist: hold 93%") and len(lines) == 2
    rows = UI.odds(state)[0][2]
    assert [r[1] for r in rows] == ["70%", "93%"] and not any("no gain" in c for r in rows for c in r)
    held = state.slashers[0].trackers
    GAME.apply(state, "spend:2")
    assert state.slashers[0].trackers == held - 2


def test_spend_odds_say_what_the_noise_does_to_the_hero_meter():
    state = ready()
    put_marker(state, "farm")
    give(state, 0, "chainsaw.1")
    state.meter = R.METER - 2
    top_scene(state, "k11")
    GAME.apply(state, "scene")
    (_title, head, rows, note) = UI.odds(state)[0]
    hero = R.hero_now(state.hero, state.wolf).name
    assert head[-1] == "Noise" and rows[0][2] == f"meter stays {state.meter}/{R.METER}"
    assert rows[1][2] == f"meter {state.meter}/{R.METER} -> full: {hero} comes"  # a Chainsaw token: 2 noise
    assert f"A kill takes {R.SCENES['k11'].souvenirs} souvenirs" in note


def test_the_odds_of_a_draw_say_what_a_lost_defence_costs_and_what_the_noise_does():
    state = ready()
    put_marker(state, "farm")
    state.meter = R.METER - 1
    (_title, _head, rows, note) = UI.odds(state)[0]
    assert rows[0][1] == "Killer Scene"
    damage = {R.SCENES[c].damage for c in R.scene_deck(state.hero) if R.SCENES[c].kind == "defense"}
    assert f"a defence lost costs {min(damage)} health" in note
    assert f"meter {R.METER - 1}/{R.METER}: any noise brings" in note


def test_the_brawl_opponents_spend_odds_say_what_a_lost_brawl_costs():
    state = ready()
    put_marker(state, "well")
    turn_of(state, 1, "8-0")
    state.slashers[0].at = "5-0"
    give(state, 0, "drill.1")
    state.rng = LoadedRng([1, 1, 0, 0, 2])  # 4 steps onto 4-0; knife, knife, fist
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    note = UI.odds(state)[0][3]
    assert f"Brawl lost: -{R.BRAWL_LOSS} health (-{R.BRAWL_BIG_LOSS} to a triple" in note


def test_a_hero_fight_says_what_losing_it_costs():
    state = ready()
    give(state, 0, "machete.1")
    state.meter = R.METER
    heroes.fight(state, 0, "end", [])
    hero = R.hero_now(state.hero, state.wolf)
    (_title, head, _rows, note) = UI.odds(state)[0]
    assert head == ["Choice", "Defeat", "Fend off", "Lose"]  # no noise counts in a fight with the Hero
    assert f"else -{hero.health_loss} health, back to a start" in note


# -- typed names ----------------------------------------------------------------------------------------------


def _moving(stops: dict[str, int], locks: dict[str, str]):
    state = ready()
    turn_of(state, 0, B.starts[0])
    state.locks.update(locks)
    state.phase, state.roll, state.stops = MOVE, [3, 5], stops
    return state, GAME.decision(state)


def test_a_location_named_at_the_stop_choice_reaches_its_entrance_stop(tmp_path):
    north, south = B.locations["school"].entrances
    state, d = _moving({north: 4, "10-8": 8}, {north: "yellow", south: "yellow"})
    assert UI.parse("high school", d) == f"go:{north}"
    state, d = _moving({north: 4, south: 6, "10-8": 8}, {north: "yellow", south: "yellow"})
    with pytest.raises(InputError, match=r"out of reach; its entrances: 1 \(north\) or 2 \(south\)\.$"):
        UI.parse("high school", d)
    run = new_run(0)
    state, d = _moving({north: 4, "10-8": 8}, {north: "yellow", south: "yellow"})
    run.state = state
    assert answer(run, "high school", tmp_path) and run.state.slashers[0].at == north


def test_short_place_names_are_unique_and_name_a_road_by_its_landmark_in_letters():
    """The compact stop list, look and the map's key name a space in a few words, never by column and row."""
    names = [short_place(node) for node in B.adjacent]
    assert len(set(names)) == len(names) and not [n for n in names if re.search(r"\d+\s*,\s*\d+", n)]
    assert short_place("0-8") == "road 2 NW of Galaxy Comics"
    assert short_place("20-10") == "road 1 E of Town Square E"  # beside the east entrance
    assert short_place("11-6") == "road 3 SW of Police Dept"
    assert short_place("0-6") == "start N of Galaxy Comics"


def test_a_word_naming_several_choices_says_which():
    _state, d = _moving({"20-0": 8, B.locations["school"].entrances[0]: 4, "10-10": 8}, {})
    labels = [o.label for o in d.options]
    assert sum("north" in label for label in labels) >= 2, labels
    with pytest.raises(
        InputError, match=r"^'north' could be 1 \(High School\) or \d+ \(.+\): type the number\.$"
    ):
        UI.parse("north", d)
    assert UI.parse("road south-west of gas", d) == "go:10-10"  # the words of its landmark name
    assert UI.parse("10-10", d) == "go:10-10"  # and its space id, the option's alias
    assert UI.parse("tra", d) is None  # the start of 'transcript': the REPL's reading comes first
    assert UI.parse("12", d) is None


# -- the toolbar, colour ------------------------------------------------------------------------------------------


def test_the_toolbar_leads_with_health_souvenirs_and_the_meter_and_keeps_numbers_whole():
    state = ready()
    give(state, 0, "kitchen_knife.1")
    state.turn_no = 123
    bar = UI.toolbar(GAME.view(state, "slasher1"))
    fields = bar.split(" · ")
    assert [f.split(" ")[0] for f in fields[:3]] == ["health", "souvenirs", "Hero"]
    at80 = fit_fields(bar, COLUMNS - 1)
    assert at80.split(" · ")[:4] == fields[:4] and bar.startswith(at80)
    assert fit_fields(bar, 110 - 1) == bar and "turn 123" in bar
    state.slashers[0].health, state.meter = 2, R.METER - 1
    low = UI.toolbar(GAME.view(state, "slasher1"))
    assert "health 2/6 (low)" in low and f"Hero Meter {R.METER - 1}/{R.METER} (1 to go)" in low


def test_the_digest_tells_a_rivals_death_and_a_leader_closing_in():
    from engines.core.events import Event
    from narratives import digest, for_game

    narrator = for_game(GAME.id, 0, "slasher1")
    events = [
        Event("slasher_died", 6, "health", {"seat": "slasher2", "name": "Stitches", "souvenirs": 2, "by": "Linda"}),
        Event("souvenirs_taken", 7, "scene", {"seat": "slasher3", "name": "Patches", "runner": False, "gained": 3,
                                              "total": 8, "goal": 10, "place": "WKIL Radio Station"}),
    ]
    assert [i.text for i in digest.items(narrator, events)] == [
        "Stitches died", "Patches took three souvenirs (8/10)"
    ]


def test_look_paints_low_health_and_a_meter_about_to_fill_as_danger():
    state = ready()
    view = GAME.view(state, "slasher1")
    styles = [span.style for _, value in UI.status(view) if isinstance(value, Text) for span in value.spans]
    assert theme.DANGER not in styles
    state.slashers[0].health, state.meter = 1, R.METER - 1
    rows = UI.status(GAME.view(state, "slasher1"))
    styles = [span.style for _, value in rows if isinstance(value, Text) for span in value.spans]
    assert styles.count(theme.DANGER) == 2
    assert "(low)" in str(rows[1][1]) and "the next noise brings" in str(rows[0][1])


# -- the choices laid out ----------------------------------------------------------------------------------------


def test_long_stop_lists_are_grouped_within_the_width_every_number_once_in_order():
    checked = 0
    for run in person_decisions(range(8)):
        d = run.decision()
        if d.kind != "move" or len(d.options) < 8:
            continue
        for width in (COLUMNS, COLUMNS - 2):
            lines = UI.choice_lines(d, run.view(), width)
            assert all(len(line) <= width for line in lines)
            numbers = [
                int(w[:-1]) for line in lines for w in line.split() if w[:-1].isdigit() and w.endswith(".")
            ]
            assert sorted(numbers) == list(range(1, len(d.options) + 1)), lines
            assert len(lines) <= len(d.options) // 2 + 3
        checked += 1
    assert checked >= 5


def test_a_lost_turn_is_in_the_seats_view_and_on_screen():
    """A Bonus Tracks card that takes a turn is face up: the seat's view carries it, look and examine say it."""
    state = ready()
    state.slashers[1].skip = True
    view = GAME.view(state, "slasher1")
    assert view.slashers[1].skip and not view.slashers[0].skip
    assert "loses next turn" in str(UI.status(view)[2][1])
    assert "Loses the next turn" in UI.things(view)[state.slashers[1].name]


def test_the_door_choice_odds_name_what_waits_inside():
    state = ready()
    put_marker(state, "farm")
    entrance = B.locations["farm"].entrances[0]
    state.locks[entrance] = "yellow"
    turn_of(state, 0, entrance)
    state.rng = LoadedRng([KNIFE, FIST, FIST])
    GAME.apply(state, "unlock")
    assert GAME.decision(state).kind == "door"
    (_title, _head, rows, note) = UI.odds(state)[0]
    assert rows == [["1. go in", "Killer Scene", rows[0][2]]] and "Killer Scene: a kill takes" in note


def test_the_digest_names_the_rivals_gains_and_your_own_rolls_in_words(tmp_path):
    """Seed 3: the kill at Johnson's Farm misses, then two rivals' turns are told, each taking souvenirs: the
    digest names what changed in the race, the rivals' souvenirs with their counts (the miss is the person's
    own turn, which the story keeps on screen); of one weight, the person's own outcome is the weightier."""
    from repl_harness import Session

    from narratives import digest, for_game

    session = Session(tmp_path, run=new_run(3))
    session.plain_lines("1", "1", "1", "1", "1")
    out = session.buffer.getvalue()
    assert "[You miss Garage Band Drummer (fist, fist, pentagram: 0 knives; needs 2)]" in out
    line = "Since your last choice: Patches took three souvenirs (3/10); Mother Grimm took two souvenirs (2/10)"
    assert line in out.splitlines()
    from engines.core.events import Event

    narrator = for_game(GAME.id, 3, "slasher1")
    f = {"card": "Jock", "knives": 1, "need": 3, "damage": 2, "hero": "Linda", "defended": False, "loss": 2}
    kinds = ("kill_made", "kill_failed", "victim_escaped", "hero_won")
    events = [Event(kind, 1, "scene", {**f, "seat": "slasher1", "name": "Stitches"}) for kind in kinds]
    events.insert(1, Event("kill_made", 1, "scene", {**f, "seat": "slasher2", "name": "Jingles"}))
    assert [i.text for i in digest.items(narrator, events)] == [
        "you killed Jock", "Jingles killed Jock", "you missed Jock (1 of 3 knives)", "Jock got away and hurt you",
        "Linda beat you (2 health lost)",
    ]
    brawl = {"seat": "slasher2", "name": "Jingles", "other": "slasher1", "other_name": "Stitches"}
    lost = Event("brawl_won", 4, "brawl", {**brawl, "winner": "slasher2", "winner_name": "Jingles",
                                            "loser": "slasher1", "loser_name": "Stitches"})
    won = Event("brawl_won", 4, "brawl", {**brawl, "winner": "slasher1", "winner_name": "Stitches",
                                           "loser": "slasher2", "loser_name": "Jingles"})
    assert [i.text for i in digest.items(narrator, [lost, won])] == [
        "Jingles beat you in a brawl", "you beat Jingles in a brawl"  # in Jingles' turn: still about you
    ]


@pytest.mark.parametrize(("colour", "need"), [("yellow", "1 knife"), ("red", "2 knives")])
def test_the_spend_odds_at_a_lock_say_how_many_knives_break_it(colour, need):
    """The note under a lock's spend odds counts the lock's knives from the engine's data, one knife singular."""
    state = ready()
    put_marker(state, "farm")
    entrance = B.locations["farm"].entrances[0]
    state.locks[entrance] = colour
    state.lock_bank -= 1
    turn_of(state, 0, entrance)
    give(state, 0, "chainsaw.1")  # a knife supply, so the roll asks for a spend
    GAME.apply(state, "unlock")
    assert GAME.decision(state).kind == "spend" and state.purpose == "unlock"
    assert R.UNLOCK_KNIVES[colour] == int(need.split()[0])
    (_title, head, _rows, note) = UI.odds(state)[0]
    assert head[1] == "Break it" and note.startswith(f"A {colour} lock: {need} to break it.")


def test_examining_the_hospital_says_its_entrance_is_double_and_takes_one_lock():
    from engines.mixtape.directors_cut.game import GAME
    from solo.games.mixtape_things import location_text

    state, _ = GAME.setup(3, {})
    assert "one double entrance, two spaces wide: one lock covers both" in location_text(GAME.view(state, "slasher1"), "hospital")
