"""solo/screen_story.py: the story between two decisions cut by whose turn it is, the others' turns in a line
or two each with the kills, souvenirs, injuries and deaths kept first (issue 14).
"""

from __future__ import annotations

import itertools
import textwrap

import pytest

from engines import registry
from narratives import for_game
from solo import narration, screen_story
from solo.games import ui_for
from solo.run import Run

WIDTH = 76  # inside a panel at 80 columns


@pytest.fixture(scope="module")
def played():
    """Director's Cut with three rivals, the person taking choice 1 each time: (run, where each choice began)."""
    game = registry.get("mixtape-massacre")
    run = Run(game, 7, {"rivals": "3"}, game.person_seats[0])
    run.step_automa()
    starts = []
    for _ in range(6):
        d = run.decision()
        starts.append(len(run.log))
        run.choose(d.options[0].key, d)
        run.step_automa()
    return run, starts


def test_chapters_cut_the_log_where_the_turn_passes_and_cover_it_whole(played):
    run, starts = played
    owner = ui_for(run.game.id).owner
    log = run.log[: starts[4]]
    cut = screen_story.chapters(log, starts[3], owner)
    assert cut[0][0] == starts[3] and cut[-1][1] == len(log)
    assert all(b == c for (_, b, _), (c, _, _) in itertools.pairwise(cut))
    for a, _, seat in cut[1:]:
        assert log[a].kind == "turn_started" and log[a].facts["seat"] == seat
    assert [seat for _, _, seat in cut] == [run.seat, "slasher2", "slasher3", "slasher4", run.seat]


def test_each_other_turn_takes_a_line_or_two_of_whole_sentences_and_keeps_its_kills_souvenirs_and_injuries(played):
    run, starts = played
    ui, narrator = ui_for(run.game.id), for_game(run.game.id, run.seed, run.seat)
    log, start = run.log[: starts[4]], starts[3]  # the story between the person's 4th and 5th choices
    told = screen_story.shortened(log, narrator, start, ui.owner, run.seat, WIDTH)
    brief = [line for is_brief, (_, lines, _) in told if is_brief for line in lines]
    assert len(brief) == 3  # one line a rival
    assert all(len(textwrap.wrap(line, WIDTH)) <= screen_story.LINES for line in brief)
    cut = screen_story.chapters(log, start, ui.owner)
    tellings = narrator.tellings(log, start)
    for (a, b, _), line in zip(cut[1:-1], brief, strict=True):  # what a rival's turn came to, kept first
        mine = [t for t in tellings if a <= t.start < b]
        weighty = [t for t in mine if screen_story._weight(log[t.start : t.stop]) < 2]
        assert not weighty or weighty[-1].prose in line or weighty[-1].summary in line
        rest = line
        for t in mine:  # every sentence kept is a telling's own words, whole: its prose or its summary
            for text in (t.prose, t.summary):
                if text and text in rest:
                    rest = rest.replace(text, "", 1)
                    break
        name = log[a].facts["name"]
        assert rest.strip() in ("", f"{name}' turn.", f"{name}'s turn."), rest
        assert "…" not in line
    full = [g for is_brief, g in told if not is_brief]  # the person's own, as the whole story tells it
    a, b, _ = cut[0]
    assert full[0] == next(narration.groups(log, narrator, a, stop=b))
    assert full[-1] == next(narration.groups(log, narrator, cut[-1][0]))
    assert told[1][1][0].endswith("('log 4' tells them whole)")


def test_a_fight_that_hurt_you_stays_beside_the_loss_in_the_brief():
    """Tall Oaks seed 21 at hard: Star's turn in brief kept 'You lose 1 health (3 left). You go back to the
    starting point' and dropped 'Star scuffles with you', the only line that says why. A scuffle or a brawl
    weighs as harm done, so the turn's moves give way before it."""
    from engines.core.events import Event
    from narratives.story import Telling

    log = [
        Event("turn_started", 10, "turn", {"seat": "survivor3"}),
        Event("moved_roll", 10, "move", {"seat": "survivor3", "dice": [5, 4]}),
        Event("moved", 10, "move", {"seat": "survivor3"}),
        Event("scuffle", 10, "scuffle", {"seat": "survivor3", "other": "survivor1", "dice": []}),
        Event("hurt", 10, "scuffle", {"seat": "survivor1"}),
        Event("sent_to_start", 10, "scuffle", {"seat": "survivor1"}),
    ]
    lines = [
        "Turn 10: Star (6 health).",
        "Star rolls 5 and 4 (9).",
        "Star moves to Tall Oaks Rec Center.",
        "Star scuffles with you: Star's Action, Escape, Shield against yours Escape, Shield, Shield; Star wins.",
        "You lose 1 health (3 left).",
        "You go back to the starting point south of Fill 'Em All Gas Station.",
    ]
    tellings = [Telling(i, i + 1, "Turn 10", line, line) for i, line in enumerate(lines)]
    assert screen_story._weight(log[3:4]) == 1
    brief = screen_story._one_turn(tellings, log, 78, 2)
    assert "Star scuffles with you" in brief and "You lose 1 health (3 left)." in brief, brief


def test_a_brief_turn_keeps_whole_sentences_and_names_whose_turn_it_is():
    """'The Drowned Girl misses Ouija Board Party (fist, pentagram, pentagram: 0 …' ended on a bare number, and
    lines were cut mid-sentence with '…' (issue 45): a brief turn now keeps whole tellings or none, a last one
    too long alone kept whole; where what is kept does not name the rival (its turn's start gave way), their
    turn is named first."""
    from engines.core.events import Event
    from narratives.story import Telling

    log = [
        Event("turn_started", 4, "turn", {"seat": "slasher3", "name": "The Drowned Girl"}),
        Event("kill_failed", 4, "scene", {"seat": "slasher3"}),
        Event("marker_ran", 4, "scene", {"seat": "slasher3"}),
    ]
    said = [
        ("The tape jumps to The Drowned Girl.", "Turn 4: The Drowned Girl."),
        ("The blade hits the doorframe (fist, pentagram, pentagram).", "The Drowned Girl misses Ouija Board Party (fist, pentagram, pentagram: 0 knives; needs 2)."),
        ("The victim runs for The Wishing Well and makes it.", "The victim runs to The Wishing Well."),
    ]
    tellings = [Telling(i, i + 1, "Turn 4", p, s) for i, (p, s) in enumerate(said)]
    one = screen_story._one_turn(tellings, log, 78, 1, actor="The Drowned Girl")
    assert one == "The Drowned Girl's turn. The blade hits the doorframe (fist, pentagram, pentagram)."
    two = screen_story._one_turn(tellings, log, 78, 2, actor="The Drowned Girl")
    assert two == " ".join(p for p, _ in said)  # the turn's start fits in two lines: it names her itself
    narrow = screen_story._one_turn(tellings, log, 30, 1, actor="The Drowned Girl")
    assert narrow.endswith("(fist, pentagram, pentagram).") and "…" not in narrow  # too long alone: whole
    assert screen_story._possessive("Stitches") == "Stitches'"


def test_what_follows_a_choice_in_another_seats_phase_is_ones_own_until_a_turn_begins_there():
    """The family's interrupt in a Trespasser's turn: its effect is the person's own, but the next Trespasser's
    turn in the same phase is the other side's again (it was told whole as the person's own, and at 80x24 the
    family seat's screen was the Trespassers' whole phase in summary lines)."""
    from engines.core.events import Event

    log = [
        Event("turn_started", 2, "trespassers", {"trespasser": "green"}),
        Event("card_interrupt", 2, "trespassers", {"trespasser": "green", "card": "Slam!"}),
        Event("moved", 2, "trespassers", {"trespasser": "green"}),
        Event("turn_started", 2, "trespassers", {"trespasser": "yellow"}),
        Event("moved", 2, "trespassers", {"trespasser": "yellow"}),
        Event("sawyer_turn", 2, "sawyer", {}),
    ]
    owner = ui_for("slaughterhouse").owner
    assert screen_story.stretches(log, 1, owner, "sawyer") == [
        (1, 3, "trespassers", True), (3, 5, "trespassers", False), (5, 6, "sawyer", True)
    ]
    assert screen_story.own_stretches(log, 1, owner, "trespassers") == [(1, 5)]  # theirs: all of it


@pytest.mark.parametrize(
    ("game_id", "seat", "label"),
    [
        ("final-girl", "final_girl", "The Killer's phase"),
        ("slaughterhouse", "trespassers", "The family's turn"),
        ("slaughterhouse", "sawyer", "The Trespassers' turns"),
        ("mixtape-massacre", "slasher1", "Others' turns"),
    ],
)
def test_the_others_panel_is_called_what_the_game_calls_it(game_id, seat, label):
    """Final Girl's Killer phase is no one's 'turns' (issue 45): the panel that tells it in brief is named by
    the game's `others_heading` phrase, in the listener's voice."""
    from engines.core.autoplay import play

    game = registry.get(game_id)
    log = play(game, 3, None, {}).events[:400]
    narrator = for_game(game_id, 3, seat)
    told = screen_story.shortened(log, narrator, 0, ui_for(game_id).owner, seat, WIDTH)
    briefs = [title for brief, (title, _, _) in told if brief and "tells them whole" in title]
    assert briefs and all(t.startswith(f"{label}, in brief") for t in briefs), briefs[:3]
