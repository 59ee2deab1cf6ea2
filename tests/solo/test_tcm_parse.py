"""Slaughterhouse's words at the prompt: the game's own verbs reach the engine, which says why when they are illegal."""

from __future__ import annotations

from repl_harness import Session

from engines.core.contract import resolve_options
from engines.registry import get
from engines.slaughterhouse.keys import Key
from solo.games.slaughterhouse import UI
from solo.run import Run

GAME = get("slaughterhouse")


def _green_in_foyer(tmp_path) -> Run:
    run = Run(GAME, 5, resolve_options(GAME, {}), "trespassers")
    run.step_automa()
    while run.decision().kind != "order":
        run.choose(GAME.hint(run.state).key)
        run.step_automa()
    run.choose("turn:green")
    run.step_automa()
    assert run.state.trespassers[0].space == "FOY"
    return run


def test_search_hide_run_and_swap_get_the_engines_reason_not_i_dont_know(tmp_path):
    run = _green_in_foyer(tmp_path)
    before = list(run.keys)
    s = Session(tmp_path, run=run).lines("search", "hide", "run to Attic", "move to Attic", "repair", "hunt")
    assert "I don't know" not in s.out
    assert "There is no uncovered Search symbol in this space." in s.out
    assert "Hiding is not an action" in s.out
    assert "You cannot run there" in s.out
    assert "You can only move to an adjacent space" in s.out
    assert "No revealed vehicle here" in s.out
    assert s.run.keys == before and s.run.state.trespassers[0].space == "FOY"  # each word refused: no move


def test_move_to_a_named_space_and_the_family_names_its_sawyers(tmp_path):
    run = _green_in_foyer(tmp_path)
    d = run.decision()
    assert UI.parse("move to Living Room (front)", d) == "move:LIV1"
    assert UI.parse("go to living room front", d) == "move:LIV1"
    assert UI.parse("search", d) == "search"  # not legal here: the engine says why
    assert UI.parse("anything at all", d) is None
    before = len(run.keys)
    s = Session(tmp_path, run=run).lines("move to Living Room (front)")
    assert run.state.trespassers[0].space == "LIV1" and s.run.keys[before] == "move:LIV1"


def test_the_family_types_a_sawyers_name_and_its_actions(tmp_path):
    run = Run(GAME, 3, resolve_options(GAME, {"trespassers": "1"}), "sawyer")
    seen = set()
    for _ in range(400):
        if run.step_automa() is None or (d := run.decision()) is None:
            break
        if d.kind == "order":
            key = UI.parse("old man", d)
            assert key is None or key == "sawyer:old_man"
            seen.add("order")
        if d.kind == "sawyer_action":
            assert UI.parse("creep", d) in (None, "creep") or UI.parse("creep", d).startswith("creep:")
            if not any(o.key.startswith("hunt") for o in d.options):
                assert UI.parse("hunt", d) == "hunt"
                reason = _refusal(run, "hunt")
                assert "Nobody is hiding" in reason or "has no action left" in reason
                seen.add("hunt" if "hiding" in reason else "tired")
        run.choose(GAME.hint(run.state).key)
    assert {"order", "hunt"} <= seen


def _refusal(run: Run, key: str) -> str:
    from engines.core.contract import IllegalMove

    try:
        GAME.apply(run.state, key)
    except IllegalMove as e:
        return str(e)
    return ""


def test_the_example_line_suggests_only_legal_things(tmp_path):
    run = _green_in_foyer(tmp_path)
    line = UI.example(run.decision())
    assert "'search'" not in line and "move to Foyer" not in line and "'end'" in line
    run2 = Run(GAME, 3, resolve_options(GAME, {"trespassers": "1"}), "sawyer")
    for _ in range(400):
        if run2.step_automa() is None or (d := run2.decision()) is None:
            break
        if d.kind == "order":
            assert "green" not in UI.example(d)
            assert (
                "old man" in UI.example(d) or "leatherface" in UI.example(d) or "hitchhiker" in UI.example(d)
            )
            return
        run2.choose(GAME.hint(run2.state).key)
    raise AssertionError("the family never chose a Sawyer")


def test_a_verb_with_a_name_narrows_to_that_choice():
    from engines.core.contract import Decision, Option

    d = Decision(
        "trespassers",
        "action",
        "Green, in the Foyer.",
        (
            Option("swap:1", "swap Items with Yellow"),
            Option("swap:2", "swap Items with Grey"),
            Option("use:item/crowbar/1:old_man", "attack the Old Man with the Crowbar (2 dice)"),
            Option("end", "end your turn"),
        ),
    )
    assert UI.parse("swap with grey", d) == "swap:2"
    assert UI.parse("swap", d) is None  # two Trespassers here: the REPL asks which
    assert UI.parse("use crowbar", d) == "use:item/crowbar/1:old_man"
    assert UI.parse("use the crowbar", d) == "use:item/crowbar/1:old_man"
    assert UI.parse("attack", d) == "use:item/crowbar/1:old_man"
    assert UI.parse("swap with nobody", d) is None
    assert UI.parse("repair", d) == "repair"  # not on offer: the engine gives the reason


def test_the_family_names_a_sawyer_with_or_without_the():
    from engines.core.contract import Decision, Option
    from engines.slaughterhouse import data as D

    ids = ("old_man", "leatherface", "hitchhiker")
    d = Decision(
        "sawyer",
        "order",
        "Which Sawyer takes a turn now?",
        tuple(Option(f"sawyer:{s}", f"{D.name(s)} takes a turn", (s,)) for s in ids),
    )
    for s in ids:
        spoken = D.name(s)
        for text in (spoken, spoken.removeprefix("the "), s, s.replace("_", " "), f"{spoken} takes a turn"):
            assert UI.parse(text, d) == f"sawyer:{s}", text
    assert UI.parse("grandpa", d) is None


def _family_order(seed: int) -> Run:
    run = Run(GAME, seed, resolve_options(GAME, {}), "sawyer")
    for _ in range(600):
        run.step_automa()
        d = run.decision()
        if d is None:
            break
        if d.kind == "order" and d.seat == "sawyer" and len(d.options) > 1:
            return run
        run.choose(GAME.hint(run.state).key)
    raise AssertionError("no family order with two Sawyers")


def test_at_the_prompt_the_family_names_a_later_sawyer_either_way(tmp_path):
    from engines.slaughterhouse import data as D

    run = _family_order(3)
    last = run.decision().keys()[-1]
    spoken = D.name(Key.parse(last).sawyer)
    for text in (spoken, spoken.removeprefix("the "), spoken.lower()):
        run = _family_order(3)
        before = len(run.keys)
        s = Session(tmp_path, run=run).lines(text)
        assert s.run.keys[before] == last, (text, s.out[-400:])


def test_moving_and_running_to_a_named_place_give_the_key_that_goes_there():
    """'move to'/'run to' match the options by where they end (several ways to one space are one choice,
    a room of two spaces is ambiguous, a place out of reach gives the bare key the engine refuses); a verb
    word then picks among the options by their labels."""
    from engines.core.contract import Decision, Option

    d = Decision(
        "trespassers",
        "action",
        "Green, in the Foyer.",
        (
            Option("move:LIV1", "move to Living Room (front)"),
            Option("move:LIV2", "move to Living Room (back)"),
            Option("run:FOY:KIT1", "run to Kitchen (stove)"),
            Option("run:LIV1:KIT1", "run to Kitchen (stove) through the Living Room"),
            Option("hide", "hide here"),
            Option("end", "end your turn"),
        ),
    )
    assert UI.parse("move to living room", d) is None  # front or back: the REPL asks which
    assert UI.parse("move to Living Room (back)", d) == "move:LIV2"
    assert UI.parse("run to kitchen", d) == "run:FOY:KIT1"  # both runs end at the stove
    assert UI.parse("run to barn", d) == "run:BARN1"  # not on offer: the engine gives the reason
    assert UI.parse("walk to nowhere", d) is None
    assert UI.parse("hide", d) == "hide"
    assert UI.parse("search", d) == "search"
