"""Final Girl in the REPL: a whole game played to its end by typing option numbers."""

from __future__ import annotations

from repl_harness import Session

from engines.core.autoplay import policy_rng
from engines.core.contract import resolve_options
from engines.core.race import Race
from engines.final_girl.keys import Key
from engines.final_girl.rolling import roll_options
from engines.registry import get
from solo.run import Run

GAME = get("final-girl")


def fg_run(seed: int) -> Run:
    """The seed's run, dealt from the box's cards (the first content edition): a card added later moves nothing."""
    return Run(GAME, seed, resolve_options(GAME, {}) | {"deal": "1"}, "final_girl")


def numbers_for(seed: int) -> list[str]:
    """The heuristic's choices in one game, as the option numbers a person would type."""
    run = fg_run(seed)
    typed = []
    policy = GAME.policies["heuristic"]
    while (d := run.decision()) is not None:
        key = policy(run.view(), d, policy_rng(seed, len(run.keys)))
        typed.append(str(d.keys().index(key) + 1))
        run.choose(key)
    return typed


def test_a_whole_final_girl_game_by_numbers(tmp_path):
    typed = numbers_for(5)
    s = Session(tmp_path, run=fg_run(5)).lines(*typed, "1")
    assert s.run.outcome() is not None
    assert "The run is over" in s.out and s.code == 0
    assert "Marrek" in s.out or "warehouse" in s.out.lower()


def test_the_map_status_and_odds_commands_answer(tmp_path, monkeypatch):
    monkeypatch.setattr("solo.advice.RACE", Race(first=2, most=4))  # the hint answers; its figures: test_hint_search
    s = Session(tmp_path, run=fg_run(0)).lines("map", "status", "odds", "rules traps", "hint")  # Horror 5
    assert "Horror Roll odds" in s.out and "Choice: 1. Walk; Dice: 2" in s.out
    assert "Time 6" in s.out and s.run.keys == []
    said = " ".join(s.out.split())  # the search's figures, their levels said
    assert "Hint: " in s.out and "Victims saved" in s.out and "chances' ranges are 95%, differences' 99%" in said
    assert "Death Trap" in s.out


# -- typed card names reach the engine, which says why a play is refused (issue 4 audit) -------------------------


def test_a_card_named_but_not_playable_gets_the_engines_reason(tmp_path):
    s = Session(tmp_path, run=fg_run(2)).lines("weak attack", "discard leap", "use crowbar", "search")
    assert "I don't know" not in s.out
    assert "The Tormentor is not on the board yet" in s.out
    assert "Leap is not in your hand" in s.out
    assert "You do not carry the Crowbar" in s.out
    assert "Search is not in your hand" in s.out


def test_rescue_is_typed_to_lead_a_victim_out_and_save_still_saves_the_game(tmp_path):
    run = fg_run(2)
    state = run.state
    state.fg_space = "dock"
    state.locked = [e for e in state.locked if e != "dock"]
    here = next(v for v in state.victims if not v.trapped)
    here.space = "dock"
    labels = [o.label for o in run.decision().options]
    assert "rescue a Victim here" in labels and not any(x.startswith("save") for x in labels)
    saved = state.saved
    s = Session(tmp_path, run=run).lines("rescue", "save")
    assert s.run.state.saved == saved + 1
    assert "Saved in slot" in s.out


def test_the_example_line_names_rescue_when_a_rescue_is_offered():
    from solo.games.final_girl import UI

    run = fg_run(2)
    assert run.decision().option("save") is None and "'rescue'" not in UI.example(run.decision())
    state = run.state
    state.fg_space = "dock"
    state.locked = [e for e in state.locked if e != "dock"]
    next(v for v in state.victims if not v.trapped).space = "dock"
    assert "'rescue'" in UI.example(run.decision())


def test_a_card_played_this_turn_cannot_be_bought_and_the_reason_says_so(tmp_path):
    run = fg_run(2)
    state = run.state
    walks = [c for c in state.hand if c.startswith("walk")]
    for c in walks:
        state.hand.remove(c)
        state.used.append(c)
    state.ask = {"kind": "planning"}
    state.phase = "planning"
    s = Session(tmp_path, run=run).lines("buy walk")
    assert "Every Walk left was played or discarded this turn" in s.out
    assert "No walk" not in s.out


def test_buying_in_the_action_phase_says_when_cards_are_bought(tmp_path):
    """RULES.md X2b: 'buy walk' typed in the Action phase got "I don't know 'buy walk'", then a raw key."""
    s = Session(tmp_path, run=fg_run(1)).lines("buy walk")
    assert "Cards are bought in the Planning phase" in s.out
    assert "I don't know" not in s.out and "buy:walk" not in s.out


def _run_to(kind: str, seeds=range(40)) -> Run:
    policy = GAME.policies["heuristic"]
    for seed in seeds:
        run = fg_run(seed)
        while (d := run.decision()) is not None:
            if d.kind == kind and any(o.key.startswith("closecall:") for o in d.options):
                return run
            run.choose(policy(run.view(), d, policy_rng(seed, len(run.keys))))
    raise AssertionError(f"no {kind} decision with a Close Call in the seeds tried")


def test_odds_during_a_horror_roll_give_each_choice_its_chance(tmp_path):
    from fractions import Fraction

    from engines.final_girl.odds import choice_odds
    from solo.games.final_girl import UI

    run = _run_to("roll")
    d = run.decision()
    tables = UI.odds(run.state)
    assert tables is not None
    _title, head, rows, _note = tables[0]
    assert len(rows) == len(d.options) and head[0] == "Choice"
    for o in d.options:
        p = choice_odds(run.state, o.key)
        assert p is not None and sum(p) == 1
        if o.key == "accept" or o.key.startswith("convert:"):
            assert max(p) == 1  # certain
        if o.key.startswith("closecall:") and o.key != "closecall:all":
            assert Fraction(0) < max(p) < 1  # a re-roll is a chance
    s = Session(tmp_path, run=run).lines("odds")
    assert "No roll is pending" not in s.out and "Horror Roll: your choices" in s.out


def test_two_close_call_options_never_share_a_label():
    run = _run_to("roll")
    state = run.state
    state.roll["dice"] = [3, 3]
    state.roll["converted"] = []
    labels = [
        o.label for o in roll_options(state) if Key.parse(o.key) in (Key("closecall", number=0), Key("closecall", number=1))
    ]
    assert len(labels) == 2 and len(set(labels)) == 2


# -- the map and the trap panel ------------------------------------------------------------------------------


def test_the_map_names_every_space_whole_and_draws_only_real_lines():
    from engines.final_girl import data as D
    from solo.games.final_girl import UI
    from solo.games.final_girl_map import CELL, GAP, GRID, walks

    view = GAME.view(fg_run(2).state)
    board = str(dict(UI.cards(view, False))["Marrek Warehouse"])  # rich Text: its words
    for space in D.ORDER:
        assert D.SPACES[space]["name"] in board  # never cut ("Manager's Offi")
    assert all(s in D.ORDER for row in GRID for s in row if s) and sum(bool(s) for r in GRID for s in r) == 16
    # every walking line joins two cells that touch on the grid (so a line is drawn for each) ...
    where = {s: (r, c) for r, row in enumerate(GRID) for c, s in enumerate(row) if s}
    for a in D.ORDER:
        for b in D.WALK_LINES[a]:
            (r1, c1), (r2, c2) = where[a], where[b]
            assert max(abs(r1 - r2), abs(c1 - c2)) == 1, (a, b)
    # ... and Rack A, drawn under the Supply Cage, has no line to it
    assert not walks("cage", "rack_a") and where["rack_a"] == (where["cage"][0] + 1, where["cage"][1])
    lines = board.splitlines()
    cage_row = next(i for i, line in enumerate(lines) if "Supply Cage" in line)
    col = where["cage"][1] * (CELL + GAP) + 1  # where a line down from a cell is drawn
    assert lines[cage_row + 2].ljust(200)[col] == " "  # no "|" from the Cage down to Rack A
    assert lines[cage_row + 5].ljust(200)[col] == "|"  # but one from Rack A down to The Pit
    for mark in ("YOU you", "K the Tormentor", "Tn Victim n trap", "^ Rack: Climb up", "~ Leap", "# locked Exit"):
        assert mark in board


def test_the_plain_map_reads_in_words():
    from solo.games.final_girl import UI

    view = GAME.view(fg_run(2).state)
    board = dict(UI.cards(view, True))["Marrek Warehouse"]
    assert board.startswith("The Tormentor is not on the board yet.")
    assert "Packing Line (4 Items, top Crowbar): you; to The Pit, East Aisle, Loading Bays." in board
    assert "Rack B: Victim 9 trapped; down to The Pit; leap to Rack A, Rack C." in board
    assert "The Pit: the Forklift; to West Aisle, East Aisle, Packing Line; climb Racks A B C." in board
    assert "Nobody in " in board and "Fire Exit (locked Exit)" in board


def test_the_trap_panel_reads_like_the_narration():
    from solo.games.final_girl import UI

    view = GAME.view(fg_run(2).state)
    panel = UI.things(view)["Swinging Blades (Victim 9)"]
    assert "to escape: move 1, then spend 1 Time" in panel
    assert "next: -2 Time, then +1 Horror, then it completes" in panel
    assert ">" not in panel and "time:1" not in panel and "[" not in panel


def test_the_planning_help_mentions_free_only_when_it_is_offered():
    from engines.core.contract import Decision, Option
    from solo.games.final_girl import UI

    done = Option("done", "finish Planning")
    free = Option("buy:free", "take back every free card")
    assert "'free'" not in UI.example(Decision("final_girl", "planning", "Planning", (done,)))
    assert "'free'" in UI.example(Decision("final_girl", "planning", "Planning", (free, done)))


def test_save_victim_is_the_rulebooks_word_for_a_rescue_not_a_slot(tmp_path):
    run = fg_run(2)
    state = run.state
    state.fg_space = "dock"
    state.locked = [e for e in state.locked if e != "dock"]
    next(v for v in state.victims if not v.trapped).space = "dock"
    saved = state.saved
    s = Session(tmp_path, run=run).lines("save victim")
    assert s.run.state.saved == saved + 1
    assert not (tmp_path / "victim.json").exists()


def test_save_with_a_slot_name_still_saves_the_game(tmp_path):
    s = Session(tmp_path, run=fg_run(2)).lines("save backup")
    assert "backup" in s.out and (tmp_path / "backup.json").exists()


def test_save_victim_with_nobody_to_lead_out_says_why(tmp_path):
    run = fg_run(2)
    s = Session(tmp_path, run=run).lines("save victim")
    assert not (tmp_path / "victim.json").exists()
    assert s.run.state.saved == 0
    assert "You are not on an Exit" in s.out


def _at_a_walk_onto_an_exit_with_a_rescue(seed: int = 0) -> Run:
    """A run played by the heuristic up to a move decision that offers to lead Victims out."""
    run = fg_run(seed)
    policy = GAME.policies["heuristic"]
    while (d := run.decision()) is not None:
        if d.kind == "move" and d.option("save") is not None:
            return run
        run.choose(policy(run.view(), d, policy_rng(seed, len(run.keys))))
    raise AssertionError("no rescue offered while walking in this game")


def test_save_victim_while_walking_onto_an_exit_leads_them_out(tmp_path):
    run = _at_a_walk_onto_an_exit_with_a_rescue()
    saved = run.state.saved
    s = Session(tmp_path, run=run).lines("save victim")
    assert s.run.state.saved > saved
    assert not (tmp_path / "victim.json").exists()


def test_save_victim_when_no_rescue_can_be_offered_says_when_it_can(tmp_path):
    run = fg_run(2)
    while (d := run.decision()).kind == "action":
        run.choose("end")
    assert d.kind == "planning"
    s = Session(tmp_path, run=run).lines("save victim")
    assert "Victims are rescued in the Action phase or as you walk onto an Exit" in s.out
    assert not (tmp_path / "victim.json").exists()
