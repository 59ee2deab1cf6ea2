"""Escape From Tall Oaks' screens at 80x24 (issue 14): `map`, `look`, `odds` and `examine` fit; the map says which
mark is whom and numbers the choices as listed; every supply, Task, place, person, Slasher and Final Scene can be
examined, hidden cards as hidden; odds wherever dice follow, with what a loss costs and warnings beside them;
choices say what they do; typed place names reach their stops; the toolbar keeps whole fields."""

from __future__ import annotations

import io
from fractions import Fraction

import msgspec
import pytest
from rich.text import Text

from engines.core.contract import resolve_options
from engines.mixtape.tall_oaks import finals, rescues, searching, slasher, spending
from engines.mixtape.tall_oaks import odds as O
from engines.mixtape.tall_oaks import rules_data as R
from engines.registry import get
from solo import theme
from solo.games import InputError, pct, ui_for
from solo.games import tall_oaks_map as M
from solo.run import Run
from solo.screen import Screen, fit_fields, make_console

GAME = get("escape-from-tall-oaks")
UI = ui_for("escape-from-tall-oaks")
B = R.BOARD
ME = "survivor1"
ROOM = 24 - 3
"""What an answer may take at 80x24: the command typed above it, the prompt and the toolbar below it."""
PLAIN = ["Pat", "Sam", "Lee", "Max", "Ash", "Kit"]  # survivors with no special ability


# -- positions ------------------------------------------------------------------------------------------------


def new_run(seed: int, **options: str) -> Run:
    return Run(GAME, seed, resolve_options(GAME, options), ME)


def my_turn(seed: int, at: str, names: list[str] | None = PLAIN, **options: str) -> Run:
    """A run at the start of the person's turn, standing at `at` (plain names: no ability in the way)."""
    run = new_run(seed, **options)
    for x, name in zip(run.state.survivors, names or [], strict=False):
        x.name = name
    while run.decision().kind == "start":
        run.choose(run.decision().options[0].key)
    run.state.current, run.state.phase = 0, "turn"
    run.state.survivors[0].at = at
    return run


def give(run: Run, card: str, who: int = 0) -> None:
    run.state.supplies.draw_pile.remove(card)
    searching.take(run.state.survivors[who], card)


def drop_all(run: Run, who: int = 0) -> None:
    x = run.state.survivors[who]
    for c in list(x.supplies):
        run.state.supplies.discard(c)
    x.supplies, x.trackers = [], {}


def view(run: Run):
    return GAME.view(run.state, ME)


def render(draw, plain: bool = False) -> list[str]:
    """What a Screen prints at 80 columns (plain text wrapped between words, as at a terminal)."""
    out = io.StringIO()
    draw(Screen(make_console(plain, file=out, width=80, wrap=plain), plain))
    return out.getvalue().splitlines()


@pytest.fixture(scope="module")
def samples() -> list[tuple[None, object, object]]:
    """The person's decisions of every kind from a few heuristic games (two and five rivals): (None,
    decision, the person's view at that moment)."""
    found, kinds = [], {}
    policy = GAME.policies["heuristic"]
    for seed, rivals in [*((s, "2") for s in range(8)), (1, "5"), (4, "5")]:
        run = new_run(seed, rivals=rivals)
        for _ in range(420):
            d = run.decision()
            if d is None:
                break
            if d.seat == ME and kinds.get(d.kind, 0) < 60:
                kinds[d.kind] = kinds.get(d.kind, 0) + 1
                found.append((None, d, view(run)))
            run.choose(policy(GAME.view(run.state, d.seat), d, None))
    assert {"start", "turn", "move", "spend", "keep", "task", "scuffle"} <= set(kinds)
    return found


# -- 1. the map ---------------------------------------------------------------------------------------------------


def test_the_map_fits_80x24_and_its_legend_names_you_and_every_rival(samples):
    for _run, _d, v in samples[::3]:
        ((_, town),) = UI.cards(v, False)
        assert max(len(line) for line in town.splitlines()) <= 76  # inside the panel's border: never wrapped
        lines = render(lambda s, v=v: s.cards(UI.cards(v, False)))
        assert len(lines) <= ROOM and max(map(len, lines)) <= 80, "\n".join(lines)
        text = "\n".join(lines)
        me = next(x for x in v.survivors if x.seat == ME)
        assert f"@ you ({me.name})" in text
        signs = M.marks(v)
        for x in v.survivors:
            if x.seat != ME:
                assert f"{signs[x.seat]} {x.name}" in text
        assert f"! {R.SLASHERS[v.slasher].name}" in text


def test_the_map_numbers_the_stops_and_starting_points_as_the_choices_list_them(samples):
    checked = 0
    for _run, d, v in samples:
        if d.kind not in ("move", "start"):
            continue
        nodes = [o.key.partition(":")[2] for o in d.options]
        assert M.choosing(v) == nodes  # the map's order is the list's order
        drawn = M.cells(v)
        for i, node in enumerate(nodes[: len(M.STOP_MARKS)]):
            sign = M.STOP_MARKS[i]
            where = M.INSIDE[node] if node in B.locations else [f"{B.cell[node][0]}-{B.cell[node][1]}"]
            assert any(drawn.get(cell) == sign for cell in where), (i + 1, node)
        assert len([s for s in drawn.values() if s == M.STOP_MARKS[0]]) == 1
        checked += 1
    assert checked > 20


def test_no_mark_on_the_map_means_two_things():
    letters = {loc.letter for loc in B.locations.values()}
    board_signs = {".", " ", "S", "*", "o", "u", "@", "!", "+"}
    stops = set(M.STOP_MARKS)
    assert len(stops) == len(M.STOP_MARKS)  # no stop mark twice
    assert not stops & (letters | {c.upper() for c in letters} | board_signs | set(M.RIVAL_MARKS))
    assert not set(M.RIVAL_MARKS) & (letters | board_signs)
    run = new_run(3)  # at the start: the six starting points are the choices, numbered, none drawn as S
    rows = M.grid_rows(view(run))
    assert "S" not in "".join(rows) and {str(i) for i in range(1, 7)} <= set("".join(rows))


# -- 2. look ------------------------------------------------------------------------------------------------------


def _look(v, d, plain: bool):
    def draw(s: Screen) -> None:
        s.pairs(GAME.title, UI.status(v))
        s.options(d, UI.example(d), UI.choice_lines(d, v, s.console.width - (2 if plain else 0), plain))

    return draw


def test_look_fits_80x24_in_colour_and_in_plain_text(samples):
    for _run, d, v in samples:
        for plain in (False, True):
            lines = render(_look(v, d, plain), plain)
            assert max(map(len, lines)) <= 80
            assert len(lines) <= ROOM, (d.kind, plain, "\n".join(lines))


def test_the_standings_fit_the_columns_the_look_table_leaves():
    run = my_turn(5, "0-3", names=None, rivals="3")
    for _, value in UI.status(view(run)):
        assert len(str(value)) <= 61


# -- 3. examine ---------------------------------------------------------------------------------------------------


def test_examine_tells_every_supply_task_location_survivor_slasher_and_final_scene():
    run = my_turn(21, "school", names=None)
    give(run, "chainsaw.1")
    state = run.state
    state.done[0] = True
    state.center.remove(1)  # Task 1 done: its card discarded
    state.center.remove(2)
    state.survivors[1].tasks = [2]
    known = UI.things(view(run))
    me, kirk = state.survivors[0], state.survivors[1]
    chainsaw = known["Chainsaw"]
    assert "+2 Actions, 2 noise a token" in chainsaw and "Held by you (2 tokens left)" in chainsaw
    assert "+1 Action a token" in known["Baseball Bat"]
    assert known["Task 1"].startswith("Done") and "Sucko Power Plant" in known["Task 1"]
    assert f"{kirk.name} holds its card" in known["Task 2"] and "final battle with Smiley" in known["Task 2"]
    assert "in the Rec Center pile (on top)" in known["Task 3"]
    assert all(loc.name in known for loc in B.locations.values())
    assert "Special ability" in known[me.name] and me.name in known and kirk.name in known
    assert "public" in known[kirk.name]
    for sl in R.SLASHERS[:2]:
        assert f"costs {sl.health_loss} health" in known[sl.name] and "How it moves" in known[sl.name]
    assert "At 4 the Slasher comes" in known["Slasher Meter"].replace(str(R.METER), "4")
    assert "Face down: hidden" in known["Your Final Scene"]
    rival_card = R.FINAL_SCENES[kirk.final].title
    assert "hidden" in known[f"{kirk.name}'s Final Scene"]
    assert all(rival_card not in text for text in known.values())  # a face-down card never named


def test_a_face_up_final_scene_says_its_damage_and_where_the_final_rescue_waits():
    run = my_turn(8, "school", names=None)
    state = run.state
    state.done, state.center, state.helipad = [True] * 4, [], True
    state.slasher, state.meter = R.LEGEND, R.METER
    me = state.survivors[0]
    me.rescues = [state.bank.pop() for _ in range(R.RESCUES_NEEDED)]
    finals.flip_ready(state, [])
    fs = R.FINAL_SCENES[me.final]
    text = UI.things(view(run))["Your Final Scene"]
    assert text.startswith(f"Face up: {fs.title}, at {B.locations[fs.location].name}.")
    assert f"{fs.actions} Actions to win" in text and f"losing costs {fs.damage} health" in text
    assert f"The Final Rescue token waits at {B.locations[fs.location].name}" in text


def test_every_examine_answer_and_the_list_fit_80x24(samples):
    for _run, _d, v in samples[::25]:
        known = UI.things(v)
        lines = render(lambda s, known=known: s.story("What you can examine", [", ".join(known)], "blue"))
        assert len(lines) <= ROOM
        for name, text in known.items():
            lines = render(lambda s, name=name, text=text: s.story(name, text.split("\n\n"), "blue"))
            assert len(lines) <= ROOM and max(map(len, lines)) <= 80, name


# -- 4. odds wherever dice follow ------------------------------------------------------------------------------------


def _scene_chance(armed_bonus: int) -> Fraction:
    """A Killer Scenes card drawn at random goes the way of an armed survivor with no ability, no Shields or
    Escapes, and `armed_bonus` Actions from supplies in rescues and fights: counted here card by card."""
    total = Fraction(0)
    for sc in R.SCENES.values():
        if sc.kind == "rescue":
            o = O.outcomes("rescue", sc.actions, 0, True, (armed_bonus, 0, 0))
            total += o.get("ok", 0) + o.get("double", 0)
        elif sc.kind == "defend":
            o = O.outcomes("defend", sc.shields, 0, True, (0, 0, 0))
            total += 1 - o.get("fail", 0) - o.get("nothing", 0)
        elif sc.kind == "invaders":
            total += O.outcomes("invaders", sc.actions, 0, True, (armed_bonus, 0, 0)).get("ok", 0)
        elif sc.kind == "here":
            sl = R.SLASHERS[0]
            win, repel, _, _ = O.fight(sl.defeat, sl.escape, True, armed_bonus, 0, 0)
            total += win + repel
    return total / len(R.SCENES)


def test_odds_at_a_killer_scene_draw_give_the_exact_chance_bare_and_with_tokens():
    run = my_turn(31, "school")  # a Scene Marker here, a Baseball Bat with two tokens
    d = run.decision()
    assert d.kind == "turn" and d.option("draw")
    (_title, _head, rows, note), = UI.odds(run.state)
    row = next(r for r in rows if r[1] == "Killer Scene")
    bat = R.supply("bat.1")
    assert row[2] == pct(_scene_chance(0)) and row[3] == pct(_scene_chance(bat.amount * bat.uses))
    assert row[4] == "up to 2 health" and "'odds N'" in note
    n = d.options.index(d.option("draw")) + 1
    (title, _head, rows, _), = UI.odds(run.state, "draw")  # one choice in full: each kind of card
    assert title == f"Odds of {n}: a Killer Scenes card" and rows[-1][1] == pct(_scene_chance(0))


def test_the_redraw_after_triple_shields_has_odds():
    run = my_turn(7, "school")
    run.state.scenes.draw_pile.remove("ks25")
    run.state.card = "ks25"
    rescues.resolve_defend(run.state, "redraw", [])
    assert run.decision().kind == "redraw"
    (_, _, rows, _), = UI.odds(run.state)
    assert rows[0][0].startswith("1. draw again") and rows[0][2] == pct(_scene_chance(0))


def test_a_move_has_odds_for_each_stop_where_dice_wait():
    for seed in range(30):
        run = my_turn(seed, "0-3")
        run.choose("roll")
        d = run.decision()
        marked = [o for o in d.options if o.key[3:] in B.locations and run.state.markers.get(o.key[3:])]
        if d.kind != "move" or not marked:
            continue
        (_, _, rows, _), = UI.odds(run.state)
        number = d.options.index(marked[0]) + 1
        assert any(r[0].startswith(f"{number}. ") and r[1] == "Killer Scene" for r in rows)
        return
    raise AssertionError("no move reached a Scene Marker in 30 seeds")


# -- 5. the stakes beside the chances ----------------------------------------------------------------------------


def test_a_final_scene_that_would_kill_says_so_beside_its_chance():
    run = my_turn(8, "school")
    state = run.state
    state.done, state.center, state.helipad = [True] * 4, [], True
    state.slasher, state.meter = R.LEGEND, R.METER
    me = state.survivors[0]
    me.rescues = [state.bank.pop() for _ in range(R.RESCUES_NEEDED)]
    me.final = next(k for k, fs in R.FINAL_SCENES.items() if fs.damage == 3)
    me.health = 2
    finals.flip_ready(state, [])
    me.at = R.FINAL_SCENES[me.final].location
    d = run.decision()
    assert d.option("final")
    lines = UI.choice_lines(d, view(run), 80)
    line = next(x for x in lines if "face your Final Scene" in x)
    assert "lose 3 health (all you have)" in line and "%" in line
    (_, _, rows, _), = UI.odds(run.state)
    assert rows[0][4] == "3 health (all you have)"
    final = next(v for k, v in UI.status(view(run)) if k == "Final Scene")
    assert any(span.style == theme.DANGER for span in final.spans)  # the loss in the danger style


def test_walking_unarmed_into_a_scene_is_warned_in_the_choice_and_the_odds():
    for seed in range(40):
        run = my_turn(seed, "0-3")
        drop_all(run)
        run.choose("roll")
        d = run.decision()
        marked = [o for o in d.options if o.key[3:] in B.locations and run.state.markers.get(o.key[3:])]
        if d.kind != "move" or not marked:
            continue
        number = d.options.index(marked[0]) + 1
        lines = UI.choice_lines(d, view(run), 80)
        assert any(f"{number} " in x[:4] or x.startswith(f"{number}.") for x in lines)
        assert any("no weapon: rescues fail, no roll" in x for x in lines)
        (_, _, rows, note), = UI.odds(run.state)
        assert f"{number}: NO WEAPON: RESCUES FAIL, NO ROLL." in note or "NO WEAPON" in note
        assert next(r for r in rows if r[0].startswith(f"{number}. "))[2] == pct(_unarmed_scene_chance())
        return
    raise AssertionError("no unarmed move reached a Scene Marker in 40 seeds")


def _unarmed_scene_chance() -> Fraction:
    total = Fraction(0)
    for sc in R.SCENES.values():
        if sc.kind == "defend":
            o = O.outcomes("defend", sc.shields, 0, True, (0, 0, 0))
            total += 1 - o.get("fail", 0) - o.get("nothing", 0)
        elif sc.kind == "invaders":
            total += O.outcomes("invaders", sc.actions, 0, True, (0, 0, 0)).get("ok", 0)
        elif sc.kind == "here":
            sl = R.SLASHERS[0]
            win, repel, _, _ = O.fight(sl.defeat, sl.escape, False, 0, 0, 0)
            total += win + repel
    return total / len(R.SCENES)


def test_spends_that_cannot_help_are_not_offered_and_one_named_is_still_played():
    """RULES.md "Spends that cannot help": the Bat's two tokens against a 1-Action rescue, where the second
    token changes no chance of the roll, so only none or one is offered; named anyway, the rulebook's spend is
    played."""
    run = my_turn(12, "school")
    run.state.scenes.draw_pile.remove("ks01")
    run.state.card = "ks01"
    spending.ask_spend(run.state, 0, "rescue", [])
    d = run.decision()
    assert [o.label for o in d.options][1:] == ["Baseball Bat x1 (+1 Action)"]
    lines = UI.choice_lines(d, view(run), 80)
    assert len(lines) == 2 and lines[1].startswith("2. Baseball Bat x1 (+1 Action): rescue ")
    (_, _, rows, note), = UI.odds(run.state)
    assert len(rows) == len(d.options) and "Cannot help" not in note
    two = d.options[1].key.replace("x1", "x2")
    held = dict(run.state.survivors[0].trackers)
    GAME.apply(run.state, two)
    bat = next(c for c in held if c.startswith("bat"))
    assert run.state.survivors[0].trackers.get(bat, 0) == held[bat] - 2


def test_a_lost_fight_names_its_cost_and_the_spend_list_its_chances():
    run = my_turn(13, "0-3")
    slasher.start_fight(run.state, 0, "normal", "end", [])
    lines = UI.choice_lines(run.decision(), view(run), 80)
    assert lines[0].startswith("1. roll without supplies: defeat ")
    (_, head, _, note), = UI.odds(run.state)
    sl = R.SLASHERS[0]
    assert head == ["Spend", "Defeat", "Drive off", "Escape", "Lose", "Noise"]
    assert f"lose: {sl.health_loss} health, a supply, back to a start." in note


# -- 6. choices that say what they do, and a coach line for each kind ---------------------------------------------


def test_a_supply_found_with_full_hands_says_what_each_card_does():
    run = my_turn(14, "school")
    give(run, "machete.1")
    state = run.state
    state.supplies.draw_pile.remove("pads.1")
    state.drawn, state.keeper, state.phase, state.todo = "pads.1", 0, "keep", ["end"]
    lines = UI.choice_lines(run.decision(), view(run), 80)
    assert lines[0] == "1. let go of the Baseball Bat: +1 Action a token, 2 tokens left"
    assert lines[1] == "2. let go of the Machete: +2 Actions, 1 noise a token, 2 tokens left"
    assert lines[2] == "3. leave the Hockey Pads: +2 Shields a token, 2 tokens"


def test_every_kind_of_decision_has_a_coach_line_under_80_columns(samples):
    from engines.mixtape.tall_oaks import state as S

    kinds = {"start", "turn", "move", "spend", "keep", "task", "scuffle", "traitor", "redraw"}
    phases = {v for k, v in vars(S).items() if k.isupper() and isinstance(v, str)} - {"start_point", "over"}
    assert phases <= kinds | {"start"}  # a new kind of decision needs its line
    for kind in kinds:
        line = UI.coach(msgspec.structs.replace(samples[0][1], kind=kind))
        assert line and len(line) < 80, kind


# -- 7. typed names -------------------------------------------------------------------------------------------------


def test_a_location_name_reaches_its_entrance_when_only_the_entrance_is_a_stop():
    for seed in range(60):
        run = my_turn(seed, "0-3")
        run.choose("roll")
        d = run.decision()
        if d.kind != "move":
            continue
        for lid, loc in B.locations.items():
            entrances = [o for o in d.options if o.key[3:] in loc.entrances]
            if d.option(f"go:{lid}") is None and len(entrances) == 1:
                assert UI.parse(loc.name.lower(), d) == entrances[0].key
                return
    raise AssertionError("no move offered an entrance without its location in 60 seeds")


def test_a_location_name_at_the_start_reaches_the_starting_point_beside_it():
    d = new_run(2).decision()
    assert d.kind == "start"
    gas = [o.key for o in d.options if o.label.endswith("Fill 'Em All Gas Station")]
    assert len(gas) == 1 and UI.parse("gas station", d) == gas[0]
    school = [i for i, o in enumerate(d.options, 1) if o.label.endswith("Tall Oaks High School")]
    with pytest.raises(InputError) as e:  # two starts beside the High School: the message says which
        UI.parse("high school", d)
    assert len(school) == 2 and all(f"{i}. start" in str(e.value) for i in school)


def test_a_word_matching_several_choices_says_which_by_number():
    d = new_run(2).decision()
    with pytest.raises(InputError) as e:
        UI.parse("north", d)
    message = str(e.value)
    north = [i for i, o in enumerate(d.options, 1) if "north" in o.label]
    assert len(north) > 1 and all(f"{i}. " in message for i in north)
    assert UI.parse("fill", d) == next(o.key for o in d.options if "Fill" in o.label)


# -- 8. the toolbar and colour --------------------------------------------------------------------------------------


def test_the_toolbar_keeps_its_fields_whole_at_80_and_110_columns(samples):
    counts = set()
    for _run, _d, v in samples:
        bar = UI.toolbar(v)
        fields = bar.split(" · ")
        counts.add(len(fields))
        assert fields[0].startswith("Health ") and fields[1].startswith("Rescues ") and fields[2].startswith("Meter ")
        for width in (79, 109):
            shown = fit_fields(bar, width)
            assert len(shown) <= width and shown.split(" · ") == fields[: len(shown.split(" · "))]
        assert len(fit_fields(bar, 79).split(" · ")) >= 4  # health, rescues, the meter and the Slasher at 80
    assert len(counts) == 1  # always the same fields, so the digest can compare them


def test_danger_in_look_for_low_health_and_a_meter_about_to_fill():
    run = my_turn(15, "school")
    state = run.state
    rows = dict(UI.status(view(run)))
    assert not _styled(rows["You"]) and not _styled(rows["Slasher"])
    state.survivors[0].health, state.meter = R.INJURED, R.METER - 1
    rows = dict(UI.status(view(run)))
    assert _styled(rows["You"]) == [f"health {R.INJURED}/{R.HEALTH}"]
    assert _styled(rows["Slasher"]) and f"meter {R.METER - 1}/{R.METER}" in _styled(rows["Slasher"])[0]


def _styled(text: Text) -> list[str]:
    return [text.plain[s.start : s.end] for s in text.spans if s.style == theme.DANGER]


def test_the_screens_read_the_bonus_from_the_view_never_adding_it_up():
    run = my_turn(16, "school")
    run.state.scenes.draw_pile.remove("ks10")  # 3 Actions: the Bat's +2 is not enough on its own
    run.state.card = "ks10"
    spending.ask_spend(run.state, 0, "rescue", [])
    d = run.decision()
    v = view(run)
    real = UI.choice_lines(d, v, 80)
    rigged = msgspec.structs.replace(v, spends={k: (3, 0, 0, 0) for k in v.spends})
    lines = UI.choice_lines(d, rigged, 80)
    assert lines != real and all("fail" not in x for x in lines[:-1])  # +3 Actions: a 3-Action rescue never fails


# -- the seat's view: the bonus of each spend, as the engine rolls it ------------------------------------------------


def test_the_view_offers_each_spend_bonus_as_the_engine_then_rolls_it():
    checked = 0
    for seed in range(12):
        run = new_run(seed, survivor=("derrick", "kimmy", "star", "mario")[seed % 4])
        policy = GAME.policies["random"]
        from engines.core.rng import Rng

        rng = Rng.from_seed(seed)
        for _ in range(600):
            d = run.decision()
            if d is None:
                break
            if d.kind == "spend":
                seat_view = GAME.view(run.state, d.seat)
                assert set(seat_view.spends) == set(d.keys())
                most = seat_view.most[run.state.purpose]  # every token that helps the roll spent: no spend
                assert all(all(b <= m for b, m in zip(bonus[:3], most[:3], strict=True)) for bonus in seat_view.spends.values())
                others = [GAME.view(run.state, x.seat) for x in run.state.survivors if x.seat != d.seat]
                assert all(not o.spends for o in others)  # only the spender's own view
                key = policy(seat_view, d, rng)
                before = len(run.log)
                run.choose(key)
                roll = next(e for e in run.log[before:] if e.kind == "action_roll")
                assert list(seat_view.spends[key][:3]) == list(roll["bonus"])
                checked += 1
                continue
            run.choose(policy(GAME.view(run.state, d.seat), d, rng))
    assert checked > 50


def test_the_digest_names_your_own_rolls_and_weighs_them_over_a_rivals():
    """The rivals' turns told after your roll can push it off an 80x24 screen: the digest names it, and of two
    things of one weight yours is kept where only one fits."""
    from engines.core.events import Event
    from narratives import digest, for_game

    narrator = for_game(GAME.id, 0, "survivor1")
    mine = {"seat": "survivor1", "name": "Derrick", "title": "Dog in a Drain", "damage": 1, "slasher": "Smiley"}
    events = [
        Event("rescue", 1, "turn", {**mine, "ok": True, "n": 1, "short": 0}),
        Event("fight", 1, "turn", {**mine, "seat": "survivor2", "name": "Kimmy", "result": "fail"}),
        Event("fight", 1, "turn", {**mine, "result": "fail"}),
        Event("defended", 1, "turn", {**mine, "ok": False}),  # its wound is the `hurt` that follows: said there
        Event("hurt", 1, "turn", {**mine, "amount": 1, "health": 4, "by": "scene"}),
    ]
    items = digest.items(narrator, events)
    assert [i.text for i in items] == [
        "you rescued Dog in a Drain", "Smiley beat Kimmy", "Smiley beat you", "you lost 1 health (4 left)"
    ]
    assert items[2].weight < items[1].weight  # yours over Kimmy's, though the same kind of thing
    star = {"seat": "survivor3", "name": "Star", "other": "survivor1", "other_name": "Derrick"}
    lost = Event("scuffle", 10, "scuffle", {**star, "winner": "survivor3", "winner_name": "Star",
                                             "loser": "survivor1", "loser_name": "Derrick"})
    won = Event("scuffle", 10, "scuffle", {**star, "winner": "survivor1", "winner_name": "Derrick",
                                            "loser": "survivor3", "loser_name": "Star"})
    assert [i.text for i in digest.items(narrator, [lost, won])] == [
        "Star beat you in a scuffle", "you beat Star in a scuffle"  # in Star's turn: still about you
    ]


def test_what_waits_at_a_stop_is_never_cut_without_a_mark():
    """Issue 49 (nothing cut without a mark): a stop's line that leaves out what does not fit says so."""
    from solo.games.tall_oaks_choices import _fit

    words = ["scuffle Linda (optional) 50%", "lose 1 health", "Bonus Tracks card, 17 of 30 help"]
    line = _fit("9. Bonus Tracks N of Jones Asylum (10)", words, 80, False)
    assert line.endswith(" ...") and len(line) <= 80 and "scuffle Linda" in line
    assert _fit("1. Church (4)", words[:2], 80, False) == "1. Church (4): scuffle Linda (optional) 50%; lose 1 health"
    assert _fit("9. Bonus Tracks N of Jones Asylum (10)", words, 80, True).endswith("17 of 30 help")  # plain: all
