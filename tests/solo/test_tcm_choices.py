"""Slaughterhouse's long menus fit 80x24: actions grouped a line or two per kind, each within 80 columns and a
dozen lines; item picks say what each item does; plain text keeps one choice a line."""

from __future__ import annotations

import random

from rich.cells import cell_len

from engines.registry import get
from solo.games.slaughterhouse import UI

GAME = get("slaughterhouse")


def _decisions(seeds=range(3), players="3"):
    for seed in seeds:
        state, _ = GAME.setup(seed, {"trespassers": players})
        pick = random.Random(seed)
        for _ in range(1500):
            d = GAME.decision(state)
            if d is None:
                break
            yield d, GAME.view(state, d.seat)
            GAME.apply(state, pick.choice(d.options).key)


def test_every_long_menu_fits_80_columns_and_a_dozen_lines():
    seen = 0
    for d, view in _decisions():
        lines = UI.choice_lines(d, view, 80, False)
        if len(d.options) > 9 and d.kind in ("action", "sawyer_action"):
            assert lines is not None
            seen += 1
        if lines is None:
            continue
        assert all(cell_len(line) <= 80 for line in lines), lines
        assert len(lines) <= 12, lines
        numbers = [
            int(w.rstrip(".")) for line in lines for w in line.split() if w.endswith(".") and w[:-1].isdigit()
        ]
        assert sorted(numbers) == list(range(1, len(d.options) + 1)), lines  # every choice once
        assert not any("with: " in line.split(":  ", 1)[-1] for line in lines), lines
    assert seen > 20


def test_the_personal_item_pick_says_what_each_item_does():
    state, _ = GAME.setup(0, {})
    while (d := GAME.decision(state)).kind != "personal":
        GAME.apply(state, d.options[0].key)
    for plain in (False, True):
        lines = UI.choice_lines(d, GAME.view(state, d.seat), 80, plain)
        assert len(lines) == len(d.options)
        for i, (line, o) in enumerate(zip(lines, d.options, strict=True), 1):
            assert line.startswith(f"{i}. {o.label}: ") and len(line) > len(f"{i}. {o.label}: ") + 8


def test_plain_action_menus_keep_one_choice_a_line():
    for d, view in _decisions(range(1)):
        if d.kind in ("action", "sawyer_action"):
            assert UI.choice_lines(d, view, 78, True) is None
            return


def test_every_decision_kind_has_a_one_line_coach():
    from solo.games.slaughterhouse_choices import COACH

    kinds = {d.kind for d, _ in _decisions(range(4))}
    assert kinds - {"action", "sawyer_action"}
    for kind in kinds:
        line = UI.coach(next(d for d, _ in _decisions(range(4)) if d.kind == kind))
        assert line and len(line) <= 80, kind
    assert all(len(line) <= 80 for line in COACH.values())


def test_the_toolbar_leads_with_what_matters_and_fits_whole():
    from solo.screen import fit_fields

    first = UI.toolbar(next(_decisions(range(1)))[1])
    assert "Scenario A. Who Will Survive?" in first and "Panic 0/7" in first
    for _, view in _decisions(range(2)):
        bar = UI.toolbar(view)
        assert bar.startswith(f"Round {view.round} · In the house ")
        for width in (80, 110):
            kept = fit_fields(bar, width)
            assert kept and len(kept) <= width and bar.startswith(kept)
            assert all(field in bar.split(" · ") for field in kept.split(" · "))  # whole fields only


def test_long_menus_read_in_number_order_and_name_every_space_whole():
    """Issue 49: '6. search ... 10. end' was printed after 7-9, and runs read 'Liv back via Liv front' (the map's
    short labels). Every menu now reads 1, 2, 3... top to bottom, and names each space as the map's key does."""
    from engines.slaughterhouse import data as D

    names = [D.name(s) for s in D.SPACES]
    short = [label for sid, label in D.LABELS.items() if not any(label in name for name in names)]
    assert "Liv back" in short and "FW corner" in short
    seen = 0
    for d, view in _decisions():
        lines = UI.choice_lines(d, view, 80, False)
        if lines is None or d.kind not in ("action", "sawyer_action", "place_grandpa"):
            continue
        seen += 1
        numbers = [int(w[:-1]) for line in lines for w in line.split() if w.endswith(".") and w[:-1].isdigit()]
        assert numbers == list(range(1, len(d.options) + 1)), lines
        text = "\n".join(lines)
        assert not any(label in text for label in short), lines
    assert seen > 50


def test_the_familys_turn_order_question_has_the_familys_own_line():
    from engines.core.contract import Decision, Option

    family = Decision("sawyer", "order", "Which Sawyer takes a turn now?", (Option("sawyer:old_man", "x"),))
    trespassers = Decision("trespassers", "order", "Which Trespasser takes a turn now?", (Option("turn:green", "x"),))
    assert "Sawyer" in UI.coach(family) and "Trespasser" not in UI.coach(family)
    assert UI.coach(trespassers).startswith("Each Trespasser goes once a round")


def test_a_long_action_menu_in_short_names_a_two_space_move_by_where_it_ends():
    """At 80x24 the whole menu (every run 'X via Y') pushed the Trespasser's own turn off the screen; in short a
    run is named by where it ends, every choice still there by its number (`look` keeps the whole list)."""
    from engines.core.autoplay import play
    from engines.core.contract import resolve_options
    from engines.registry import get
    from solo.games.slaughterhouse_choices import choice_lines, compact_lines
    from solo.run import Run

    game = get("slaughterhouse")
    run = Run(game, 7, resolve_options(game, {}), "trespassers")
    for key in play(game, 7).keys:
        d = run.decision()
        if d.seat == "trespassers" and d.kind == "action" and any(o.key.startswith("run") for o in d.options):
            break
        run.choose(key, d)
    short = compact_lines(d, run.view(), 80)
    whole = choice_lines(d, run.view(), 80, False)
    assert short is not None and whole is not None and len(short) < len(whole)
    text = " ".join(short)
    assert " via " not in text and all(f"{n}. " in text for n in range(1, len(d.options) + 1))
    assert all(len(line) <= 80 for line in short)


def _carrying_menus():
    """The family's action menus that offer to carry a hogtied Trespasser, from heuristic games (the family
    hogties whoever it can)."""
    from engines.core.autoplay import policy_rng

    for seed in range(6):
        state, _ = GAME.setup(seed, {})
        for n in range(600):
            d = GAME.decision(state)
            if d is None:
                break
            if d.kind == "sawyer_action" and any(" carrying " in o.label for o in d.options):
                yield d, GAME.view(state, d.seat)
            GAME.apply(state, GAME.policies["heuristic"](GAME.view(state, d.seat), d, policy_rng(seed, n)), d)


def test_a_family_members_moves_with_someone_to_carry_are_grouped_by_where_they_go():
    """The Old Man with two hogtied Trespassers beside him was offered 28 choices, twelve of them moves on a line
    each, and the menu pushed the story off an 80x24 screen: each destination is one line now."""
    from engines.slaughterhouse import data as D
    from engines.slaughterhouse.keys import Key

    menus = list(_carrying_menus())
    assert menus
    for d, view in menus:
        lines = UI.choice_lines(d, view, 80, False)
        if len(d.options) <= 6:
            continue  # a short menu is listed whole, a choice a line
        assert lines is not None and all(cell_len(line) <= 80 for line in lines), lines
        moves = [o for o in d.options if Key.parse(o.key).verb == "move"]
        places = {Key.parse(o.key).space for o in moves}
        for space in places:
            numbers = [n for n, o in enumerate(d.options, 1) if o in moves and Key.parse(o.key).space == space]
            if len(numbers) > 1:
                line = next(line for line in lines if line.startswith(f"Move to {D.name(space)}:"))
                assert all(f"{n}. " in line for n in numbers), line
                assert "carrying " in line, line
        said = [int(w.rstrip(".")) for line in lines for w in line.split() if w.endswith(".") and w[:-1].isdigit()]
        assert sorted(said) == list(range(1, len(d.options) + 1)), lines
