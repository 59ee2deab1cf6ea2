"""Final Girl's screens within 80x24 (issue 14): the map and its key, `look`, `examine` of everything the
Final Girl can know (and nothing she cannot), the choices in a few words, a coach line per decision, odds
with their stakes wherever dice roll, a toolbar of whole fields, and colour that means something."""

from __future__ import annotations

import io
from functools import cache

import pytest
from rich.text import Text

from engines.core.autoplay import policy_rng
from engines.core.contract import resolve_options
from engines.final_girl import data as D
from engines.final_girl.board import victims_at
from engines.final_girl.game import GAME, PROMPTS
from engines.final_girl.state import Victim
from engines.final_girl.victims import panic_all
from saves import SaveStore
from solo import theme
from solo.games.final_girl import UI
from solo.repl import Repl
from solo.run import Run
from solo.screen import Screen, fit_fields, make_console

ROWS, COLUMNS = 24, 80
ANSWER = ROWS - 2  # an answer leaves the prompt line and the toolbar on an 80x24 screen


def fg_run(seed: int, **options: str) -> Run:
    """The seed's run, dealt from the box's cards (the first content edition): a card added later moves nothing
    these screens show."""
    return Run(GAME, seed, resolve_options(GAME, {"ties": "ask", **options}) | {"deal": "1"}, "final_girl")


@cache
def _keys_along(seed: int) -> tuple[str, ...]:
    """The heuristic's choices through one whole game (replayed to reach any of its positions)."""
    run = fg_run(seed)
    policy = GAME.policies["heuristic"]
    while (d := run.decision()) is not None:
        run.choose(policy(run.view(), d, policy_rng(seed, len(run.keys))))
    return tuple(run.keys)


def at(seed: int, steps: int) -> Run:
    run = fg_run(seed)
    for key in _keys_along(seed)[:steps]:
        run.choose(key)
    return run


def positions(seeds=range(6), every: int = 11):
    """Runs at every `every`-th decision of seeded heuristic games: the Action phase, Planning, rolls,
    moves, reactions, the Finale and after."""
    for seed in seeds:
        for steps in range(0, len(_keys_along(seed)), every):
            yield at(seed, steps)


def walked(seeds=range(6), every: int = 11):
    """The runs of `positions`, for a caller that only reads them: one run per game, walked on from each
    position to the next (a replay from the start for each was quadratic in the game's length)."""
    for seed in seeds:
        walk = fg_run(seed)
        for steps, key in enumerate(_keys_along(seed)):
            if steps % every == 0:
                yield walk
            walk.choose(key)


def first_at(kind: str, seeds=range(60)) -> Run:
    """A fresh run at the first decision of `kind` along the seeds' heuristic games (one walk per game, not a
    replay from the start for every position)."""
    for seed in seeds:
        walk = fg_run(seed)
        for steps, key in enumerate(_keys_along(seed)):
            if walk.decision().kind == kind:
                return at(seed, steps)
            walk.choose(key)
    raise AssertionError(f"no {kind} decision in the seeds tried")


def answer(run: Run, line: str, plain: bool = False, width: int = COLUMNS) -> list[str]:
    """What typing `line` prints on a terminal `width` columns wide (plain text wrapped between words)."""
    out = io.StringIO()
    screen = Screen(make_console(plain, file=out, width=width, wrap=plain), plain)
    Repl(run, SaveStore(io_dir()), "fg", screen, None).handle(line)
    return out.getvalue().splitlines()


@cache
def io_dir():
    import tempfile
    from pathlib import Path

    return Path(tempfile.mkdtemp())


def fits(lines: list[str]) -> bool:
    return len(lines) <= ANSWER and all(len(line.rstrip()) <= COLUMNS for line in lines)


# -- the map ------------------------------------------------------------------------------------------------


def test_the_map_fits_80x24_in_colour_and_in_plain_text_wherever_the_game_stands():
    for run in positions():
        for plain in (False, True):
            lines = answer(run, "map", plain)
            assert fits(lines), (plain, len(lines), "\n".join(lines))


def test_the_map_draws_every_space_and_its_key_says_what_each_mark_is():
    run = fg_run(2)
    state = run.state
    state.killer_space = "lobby"
    state.victims.append(Victim(99, "cage", special="supervisor"))
    board = "\n".join(answer(run, "map"))
    for space in D.ORDER:
        assert D.SPACES[space]["name"] in board
    for key in ("YOU you", "K the Tormentor", "2v two Victims", "Tn Victim n trap", "F the Forklift"):
        assert key in board
    assert "# locked Exit" in board and "O open Exit" in board and "S4 4 Items here" in board
    assert "Sv The Supervisor" in board  # a special Victim has a mark of its own, and the key names it
    assert "Traps (step reached/last): T9 Swinging Blades 0/3" in board
    # every Search pile's top Item is on the default map, as the plain one names it
    for space, item in GAME.view(state).item_tops.items():
        assert f"{D.ITEMS[item]['name']} ({D.SPACES[space]['name']})" in board.replace("\n│ ", " ")


def test_the_plain_map_says_where_the_tormentor_is_and_each_space_that_matters_whole():
    run = fg_run(2)
    run.state.killer_space = "lobby"
    lines = answer(run, "map", plain=True)
    assert lines[0] == "Marrek Warehouse: The Tormentor is in Lobby."
    text = " ".join(lines)
    assert "Lobby: The Tormentor, 2 Victims; to Main Entrance, Manager's Office, Break Room, West Aisle." in text
    assert "Nobody in " in text  # the quiet spaces by name, so every space is said


# -- look ---------------------------------------------------------------------------------------------------


def test_look_fits_80x24_at_the_opening_and_says_where_things_stand_in_few_lines():
    run = fg_run(2)
    lines = answer(run, "look")
    assert fits(lines), "\n".join(lines)
    text = "\n".join(lines)
    for words in ("Health 6 of 6", "Final Health face down", "Time 6", "Horror 7 of 7, 1 die",
                  "not on the board", "Dark Power: face down", "Finale: face down", "Terror 13"):
        assert words in text
    for run in positions(every=17):
        pairs = UI.status(run.view())
        assert len(pairs) == 8 + bool(run.view().events_active)
        for key, value in pairs:  # within what the table leaves a value at 80 columns: one line each
            assert key in ("Hand", "Items", "Events") or len(str(value)) <= 61, (key, str(value))


# -- examine ------------------------------------------------------------------------------------------------


def test_examine_knows_every_card_item_place_group_deck_and_rule_the_final_girl_can():
    run = fg_run(2)
    view = run.view()
    known = UI.things(view)
    for spec in D.ACTIONS.values():
        assert spec["name"] in known
    assert "Costs 4 Time in Planning" in known["Retaliate"] and "2+ successes: block all, 2 damage back" in known["Retaliate"]
    for space, item in view.item_tops.items():
        assert D.SPACES[space]["name"] in known[D.ITEMS[item]["name"]]
    for space in D.ORDER:
        assert D.SPACES[space]["name"] in known
    assert "Panic here rolls two dice" in known["The Pit"] and "Panic here rolls a die: 1-2 Main Entrance" in known["Lobby"]
    assert "Victim" in known["Victims in the Lobby"] and "Victims in the Fire Exit" not in known
    assert known["Dark Power"].startswith("Face down") and known["Finale"].startswith("Face down")
    assert "face down, hidden" in known["Final Health tokens"] and "The Tormentor's: face down" in known["Final Health tokens"]
    assert f"{view.victim_traps_left} Victim Death Trap cards left" in known["Death Trap decks"]
    assert f"{view.fg_traps_left} of your own left" in known["Death Trap decks"]
    assert "In play: Shift Change" in known["Setup cards"] and "Units Per Hour (The Pit)" in known["Setup cards"]
    assert "+2 Horror" in known["Tumbling Boxes"] and "Resolved." in known["Tumbling Boxes"]  # the Event drawn
    assert "In force: Ask (you settle each tie)" in known["Game Ambiguity"]
    assert "row 1 of 11: attack 2, move 1" in known["Bloodlust"] and "6: 3/2 Dark Power" in known["Bloodlust"]
    assert "Swinging Blades (Victim 9)" in known and "Hand" in known and "Tableau" in known


def test_examine_tells_items_uses_left_and_what_is_revealed_later():
    run = fg_run(2)
    state = run.state
    state.hands, state.item_uses = ["nail_gun"], {"nail_gun": 1}
    state.backpack = ["pain_pills"]
    state.item_uses["pain_pills"] = 2
    state.dark_power, state.dark_power_revealed = "iron_will", True
    state.finale, state.finale_revealed = "game_over", True
    known = UI.things(run.view())
    assert "1 of 3 uses left. In your hands." in known["Nail Gun"] and "+1 damage" in known["Nail Gun"]
    assert "2 of 2 uses left. In your backpack." in known["Pain Pills"] and "-1 Horror" in known["Pain Pills"]
    assert known["Dark Power"] == "Iron Will (revealed): When it is revealed, the Tormentor heals 2."
    assert "she goes for you, moving 2 times her Movement Value" in known["Finale"]
    assert "In each Upkeep after the one that revealed it: a Death Trap takes a Victim." in known["Finale"]


def test_examine_never_tells_what_is_face_down():
    run = fg_run(2)
    state = run.state
    hidden_top = state.item_decks["cage"][-1]
    state.items_down = [hidden_top]
    text = "\n".join(UI.things(run.view()).values())
    assert D.DARK_POWERS[state.dark_power]["name"] not in text
    assert D.FINALES[state.finale]["name"] not in text
    assert D.ITEMS[hidden_top]["name"] not in text  # under the pile, face down
    for card in state.victim_trap_deck + state.fg_trap_deck:
        assert D.TRAPS[card]["name"] not in text


def test_every_examine_answer_and_the_list_fit_80x24():
    for run in positions(seeds=range(3), every=23):
        assert fits(answer(run, "examine"))
        for name in UI.things(run.view()):
            lines = answer(run, f"x {name}")
            assert fits(lines), (name, "\n".join(lines))


# -- the choices ----------------------------------------------------------------------------------------------


def _numbers(lines: list[str]) -> list[int]:
    import re

    return [int(n) for n in re.findall(r"(?:^|\s)(\d+)\. ", " ".join(lines))]


@pytest.mark.parametrize("kind", ["planning", "move", "convert", "action"])
def test_long_choice_lists_are_grouped_every_number_once_within_the_width(kind):
    for run in walked(seeds=range(10), every=3):
        d = run.decision()
        if d.kind != kind:
            continue
        lines = UI.choice_lines(d, run.view(), COLUMNS)
        assert lines is not None and all(len(line) <= COLUMNS for line in lines)
        assert sorted(_numbers(lines)) == list(range(1, len(d.options) + 1))
        if len(d.options) > 8:
            assert len(lines) < len(d.options)


def test_plain_text_runs_the_purchases_on_in_number_order_never_in_columns():
    run = fg_run(2)
    run.state.ask, run.state.phase, run.state.time = {"kind": "planning"}, "planning", 6
    d = run.decision()
    lines = UI.choice_lines(d, run.view(), COLUMNS, plain=True)
    assert _numbers(lines) == list(range(1, len(d.options) + 1))  # read across, they come in order
    assert all(len(line) <= COLUMNS for line in lines) and len(lines) < len(d.options)


def test_planning_purchases_say_their_cost_and_what_they_do():
    run = fg_run(2)
    run.state.ask, run.state.phase, run.state.time = {"kind": "planning"}, "planning", 6
    d = run.decision()
    lines = UI.choice_lines(d, run.view(), COLUMNS)
    text = " ".join(lines)
    buys = [o.key.split(":")[1] for o in d.options if o.key.startswith("buy:") and o.key != "buy:free"]
    assert len(buys) > 8
    for kind in buys:
        assert f"{D.ACTIONS[kind]['name']} ({D.ACTIONS[kind]['cost']}): " in text
    for words in ("Sprint (2): move 3", "Guard (2): block all", "Search (2): draw 2 Items", "Close Call (1): re-roll"):
        assert words in text
    assert len(lines) <= len(d.options) // 2 + 2


# -- coach and help -------------------------------------------------------------------------------------------


def test_every_kind_of_decision_has_a_coach_line_of_one_screen_line():
    from engines.core.contract import Decision

    for kind in PROMPTS:
        line = UI.coach(Decision("final_girl", kind, PROMPTS[kind], ()))
        assert line and len(line) < COLUMNS, kind
    planning = UI.coach(Decision("final_girl", "planning", "", ()))
    assert "back to the Tableau" in planning
    for kind in PROMPTS:  # and what to type, in one line too
        assert len(UI.example(Decision("final_girl", kind, PROMPTS[kind], ()))) < COLUMNS, kind


def test_the_coach_line_comes_with_the_first_action_decision(tmp_path):
    out = io.StringIO()
    screen = Screen(make_console(True, file=out), True)
    from solo.reader import PlainReader

    Repl(fg_run(2), SaveStore(tmp_path), "c", screen, PlainReader(io.StringIO(""), screen.echo)).play()
    assert "Each card played rolls Horror dice, 5-6 succeed" in out.getvalue()


def test_the_pit_dice_question_has_its_own_help_line_and_odds():
    run = _pit_dice_run()
    d = run.decision()
    assert d.kind == "pit_dice"
    assert UI.example(d) == "Game Ambiguity: type 1 (his one die) or 2 (The Pit's two); 'odds' shows where."
    (_title, head, rows, _note), = UI.odds(run.state)
    assert head[:2] == ["Choice", "stay"] and "a Rack" in head
    one, two = rows
    assert one[0] == "1. 1 die" and one[1] == "-" and two[0] == "2. 2 dice" and two[1] == "17%"


def _pit_dice_run() -> Run:
    run = fg_run(0)
    state = run.state
    state.victims = [Victim(90, D.PIT, special="supervisor"), Victim(91, D.PIT)]
    state.traps = []
    state.ask = {}
    panic_all(state, victims_at(state, D.PIT), [])
    return run


# -- odds and stakes ----------------------------------------------------------------------------------------


def test_odds_answer_at_every_kind_of_decision_that_rolls_dice():
    for kind in ("action", "react", "roll", "convert", "panic_order"):
        run = first_at(kind)
        tables = UI.odds(run.state)
        assert tables, kind
        assert fits(answer(run, "odds")), kind
    assert UI.odds(_pit_dice_run().state)
    assert UI.odds(first_at("planning").state) is None  # buying rolls nothing


def test_action_odds_say_what_a_fail_costs_and_where_a_card_cannot_help():
    run = fg_run(2)
    (_title, head, rows, note), = UI.odds(run.state)
    assert head == ["Choice", "Dice", "2+", "1", "Fail"] and rows[0][0] == "1. Walk"
    assert "A fail: Walk: move 1, -1 health, -2 Time, or -2 Time; Focus: -2 Time" in note
    assert "Short Rest: you are at full health, so its healing is lost." in note


def test_a_fail_that_can_take_the_last_health_is_shown_as_danger():
    run = fg_run(2)
    run.state.fg_health = 1
    (_title, _head, rows, _note), = UI.odds(run.state)
    walk = rows[0]
    assert isinstance(walk[4], Text) and walk[4].style == theme.DANGER  # Walk may fail for 1 health
    focus = next(r for r in rows if r[0].endswith("Focus"))
    assert focus[4].style == ""  # Focus fails for Time only


def test_reaction_odds_say_how_much_of_the_blow_gets_through():
    run = first_at("react")
    d = run.decision()
    (_title, head, rows, note), = UI.odds(run.state)
    assert head[-1] == "You take" and "of her" in note
    damage = run.state.ask["damage"]
    labels = [r[0] for r in rows]
    assert any(label.endswith(f"take the {damage} damage") for label in labels)
    assert len(rows) == len(d.options)
    guard = next((r for r in rows if "Guard" in r[0]), None)
    if guard is not None:
        assert str(guard[5]).startswith("0 / ")  # 2+ successes block it all


# -- toolbar and colour -------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [80, 110])
def test_the_toolbar_keeps_health_time_and_horror_first_and_every_number_whole(width):
    for run in positions(seeds=range(3), every=29):
        bar = UI.toolbar(run.view())
        fitted = fit_fields(bar, width - 1)
        assert fitted.startswith(f"Health {run.view().fg_health}") and " · Time " in fitted and " · Horror " in fitted
        assert bar.startswith(fitted) and (bar == fitted or bar[len(fitted):].startswith(" · "))
    bar = UI.toolbar(fg_run(2).view())
    assert "Terror 13" in fit_fields(bar, 109) and "Terror 1 " not in fit_fields(bar, 109) + " "


def test_health_at_two_and_the_tormentor_next_door_are_in_the_danger_style():
    run = fg_run(2)
    run.state.fg_health = 2
    run.state.killer_space = "pit"  # next to the Packing Line, where she stands
    status = dict(UI.status(run.view()))
    you = status["You"]
    assert any(span.style == theme.DANGER for span in you.spans)
    assert status["Tormentor"].style == theme.DANGER
    run.state.fg_health = 5
    run.state.killer_space = "office"
    status = dict(UI.status(run.view()))
    assert not any(span.style == theme.DANGER for span in status["You"].spans)
    assert status["Tormentor"].style == ""


def test_plain_text_carries_the_words_and_no_colour():
    run = fg_run(2)
    run.state.fg_health = 2
    lines = answer(run, "look", plain=True)
    assert "You: Packing Line · Health 2 of 6 · Final Health face down" in lines
    assert not any("\x1b" in line for line in lines)


def test_picks_that_name_only_a_card_or_an_item_say_what_it_does():
    run = first_at("take_card")
    lines = UI.choice_lines(run.decision(), run.view(), COLUMNS)
    assert any(o.key == "take:walk" for o in run.decision().options) and "take Walk (move 2)" in " ".join(lines)
    assert sorted(_numbers(lines)) == list(range(1, len(run.decision().options) + 1))
    run = first_at("keep")
    d = run.decision()
    lines = UI.choice_lines(d, run.view(), COLUMNS)
    text = " ".join(lines)
    for item in run.state.ask["items"]:
        assert f"Keep the {D.ITEMS[item]['name']} (" in text
    assert "1. on top, face up" in text and "2. under the pile, face down" in text
    assert sorted(_numbers(lines)) == list(range(1, len(d.options) + 1)) and all(len(x) <= COLUMNS for x in lines)


def test_taking_a_blow_says_the_health_it_leaves_or_that_the_final_health_token_flips():
    run = first_at("react")
    state = run.state
    damage = state.ask["damage"]
    state.victims = [v for v in state.victims if v.special != "best_friend"]
    state.fg_health = damage + 1
    take = next(r for r in UI.odds(state)[0][2] if r[0].endswith(f"take the {damage} damage"))
    assert str(take[5]) == f"{damage}, health 1" and take[5].style == theme.DANGER
    state.fg_health = damage - 1
    (_title, _head, rows, note), = UI.odds(state)
    take = next(r for r in rows if r[0].endswith(f"take the {damage} damage"))
    assert str(take[5]) == f"{damage}, below 0" and "Final Health token flips" in note
    assert GAME.view(state).fg_health == damage - 1  # worked out on a copy: the game is untouched


def test_help_with_a_card_name_tells_what_the_card_does_as_examine_does():
    """Issue 14: 'x walk', 'look walk' and 'help walk' all read the card."""
    run = fg_run(2)
    told = answer(run, "help walk")
    assert told == answer(run, "x walk") == answer(run, "look walk") and any("Horror Roll" in x for x in told)
    assert any("No command or thing called 'zzz'" in x for x in answer(run, "help zzz"))
    assert any("undo" in x for x in answer(run, "help undo"))  # a command's own help comes first


def test_no_purchase_is_cut_and_no_two_cards_read_the_same():
    """Issue 49: at 80 columns in colour 'Guard (2): block all' and 'Retaliate (4): block all' read the same
    (Retaliate's text goes on: '2 damage back'); nothing may be cut without a mark."""
    run = fg_run(2)
    run.state.ask, run.state.phase, run.state.time = {"kind": "planning"}, "planning", 6
    d = run.decision()
    for plain in (False, True):
        lines = UI.choice_lines(d, run.view(), COLUMNS - (2 if plain else 0), plain)
        text = "  ".join(lines)
        assert "Retaliate (4): block all, 2 damage back" in text and "Guard (2): block all" in text
        assert "Critical Strike (6): 3 damage, -1 Horror" in text and "Furious Strike (4): 2 damage, -1 Horror" in text
        assert all(len(line) <= COLUMNS for line in lines) and len(lines) <= len(d.options) // 2 + 2
    from solo.games.final_girl_choices import few_words
    from solo.games.final_girl_words import SHORT

    for kind in D.ACTIONS:
        said, best = few_words(kind), D.ACTIONS[kind].get("two", {})
        shown = [SHORT[k](v) for k, v in best.items() if k in SHORT and k != "end_phase" and not (k == "time" and v < 0)]
        assert all(part in said for part in shown), kind  # every effect, none dropped
