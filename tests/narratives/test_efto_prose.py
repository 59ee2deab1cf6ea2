"""Escape From Tall Oaks' templates: every event kind the engine emits reads cleanly in every variant."""

from __future__ import annotations

import re
from functools import cache

from voice import check_summary_voice

from engines.core.autoplay import play
from engines.core.events import Event
from engines.registry import get
from narratives import for_game
from narratives.formatting import render
from tests.narratives.rendered import Told, alike, tell, unchosen
from tests.tools.breadth import breadth

GAME = get("escape-from-tall-oaks")
NARRATOR = for_game("escape-from-tall-oaks", 7)
LEFTOVER = re.compile(r"[{}\[\]]")


@cache
def events_of_games() -> list[Event]:
    """Twenty seeded games' events (each rival count four times, half of them at random play; thirty, some
    88,000 events, under the full breadth; fifty took this module a tenth of the suite), played on first use
    (not at import: collecting the suite in every xdist worker paid for them), then shared by every test of the
    module that reads them. Twenty choose every variant thirty do (UNCHOSEN)."""
    events: list[Event] = []
    for seed in range(breadth(20, 30)):
        policy = "random" if seed % 2 else "heuristic"
        events += play(GAME, seed, policy, {"rivals": str(1 + seed % 5)}).events
    return events


@cache
def distinct() -> list[Event]:
    """The games' events, each of those alike (rendered.alike) once, for the checks that do not depend on a
    position (its case, fields and summary): a third of them."""
    return alike(events_of_games())


@cache
def told_lines() -> tuple[Told, ...]:
    """Every event's prose and summary at its position, told once for the module."""
    return tuple(tell(NARRATOR, ((e, i) for i, e in enumerate(events_of_games()))))


UNCHOSEN = {("fight.escape", 3), ("fight.unarmed", 1), *(("noise.called", i) for i in (3, 4, 5))}
UNCHOSEN |= {("noise.default", i) for i in (3, 4, 5)}
"""Variants no event of thirty games chooses at its position (each needs a fact those games never hold)."""


def test_every_emitted_kind_has_templates_and_every_variant_renders():
    seen: dict[tuple[str, str], Event] = {}
    for e in distinct():
        seen.setdefault((e.kind, NARRATOR.case(e)), e)
    for (kind, case), e in seen.items():
        assert kind in NARRATOR.templates.kinds, kind
        chosen = NARRATOR.templates.kinds[kind].pick(case)
        assert chosen.prose or chosen.summary == "", f"{kind}.{case} has no prose"  # or is silent by design
        values = NARRATOR.values(e)
        for variant in chosen.prose:
            if "#" in variant:  # built from [grammar] parts: told below, through the narrator
                continue
            text = render(variant, values)
            assert text, f"{kind}.{case} cannot fill: {variant}"
            assert not LEFTOVER.search(text), text
            assert text[0].isupper() and text[-1] in '.!?"', text
        if _silent(e):
            continue
        for position in range(12):
            text = NARRATOR.prose(e, position)
            assert text and not LEFTOVER.search(text) and not re.search(r"#[a-z_]", text), text
            assert text[0].isupper() and text[-1] in '.!?"', text
        summary = NARRATOR.summary(e)
        assert summary and not LEFTOVER.search(summary), summary


def test_every_ending_and_main_case_was_seen():
    seen = {(e.kind, NARRATOR.case(e)) for e in distinct()}
    for wanted in [
        ("game_over", "won"),
        ("game_over", "default"),
        ("game_over", "dead"),
        ("fight", "defeat"),
        ("fight", "escape"),
        ("fight", "fail"),
        ("rescue", "ok"),
        ("task_done", "default"),
        ("final_rescue", "default"),
        ("scuffle", "actions"),
        ("traitor", "rescue"),
        ("traitor", "start"),
        ("lost", "slasher"),
        ("supply_found", "full"),
    ]:
        assert wanted in seen, wanted


def _silent(e: Event) -> bool:
    """An event its case tells with nothing by design (a supply spent on a roll: the roll says so)."""
    case = NARRATOR.templates.kinds[e.kind].pick(NARRATOR.case(e))
    return not case.prose and case.summary == ""


def test_the_log_of_many_games_has_no_leftover_braces():
    for t in told_lines():  # each event's prose, told once for the module
        assert (t.prose or _silent(t.event)) and not LEFTOVER.search(t.prose), (t.event.kind, t.prose)
        assert ".." not in t.prose, t.prose
    assert unchosen(NARRATOR, told_lines()) <= UNCHOSEN  # the fewer games still tell every variant thirty did


def test_the_person_is_you_and_rivals_are_named():
    e = Event(
        "moved", 3, "", {"seat": "survivor1", "name": "Ivy", "from": "a", "to": "b", "place": "Jones Asylum"}
    )
    for i in range(12):  # every way of telling it, 'you' and never the name
        text = NARRATOR.prose(e, i)
        assert re.search(r"\b[Yy]ou\b", text) and "Ivy" not in text, text
    e2 = Event(
        "moved", 3, "", {"seat": "survivor2", "name": "Kirk", "from": "a", "to": "b", "place": "Jones Asylum"}
    )
    assert "Kirk" in NARRATOR.prose(e2, 0)


def test_rules_reference_has_the_main_topics():
    assert {"goal", "movement", "scenes", "supplies", "slasher", "tasks"} <= set(NARRATOR.rules_topics())


def _render_all(e: Event) -> None:
    kind = NARRATOR.templates.kinds[e.kind]
    chosen = kind.pick(NARRATOR.case(e))
    assert chosen.prose, e
    values = NARRATOR.values(e)
    for variant in chosen.prose:
        text = render(variant, values)
        assert text and not LEFTOVER.search(text) and text[0].isupper() and text[-1] in '.!?"', text
    summary = NARRATOR.summary(e)
    assert summary and not LEFTOVER.search(summary), summary


def test_abilities_combos_and_escapes_read_cleanly_for_you_and_for_rivals():
    for seat, name in (("survivor1", "Ivy"), ("survivor2", "Kirk")):
        who = {"seat": seat, "name": name}
        for ability, extra in (
            ("revive", {"n": 1, "health": 3}),
            ("cheat_death", {}),
            ("search_denied", {}),
            ("quiet", {"n": 2, "made": 1}),
            ("tough", {"n": 1}),
        ):
            e = Event("ability", 4, "turn", {**who, "ability": ability, **extra})
            assert NARRATOR.case(e) == ability
            _render_all(e)
        for purpose, effect in (
            ("rescue", "double"),
            ("rescue", "stay"),
            ("rescue", "flee_draw"),
            ("defend", "nothing"),
            ("defend", "redraw"),
            ("defend", "flee_draw"),
        ):
            e = Event("combo", 4, "turn", {**who, "purpose": purpose, "effect": effect})
            assert NARRATOR.case(e) == f"{purpose}_{effect}"
            _render_all(e)
        for result in ("slay", "repel", "flee"):
            e = Event(
                "fight",
                4,
                "turn",
                {**who, "slasher": "Sarah", "result": result, "kind": "normal", "armed": True, "meter": 3},
            )
            assert NARRATOR.case(e) == result
            _render_all(e)
        _render_all(Event("fled", 4, "turn", {**who, "place": "Jones Asylum"}))
        dropped = Event("supply_dropped", 4, "keep", {**who, "card": "Task #3", "task": 3, "kept": "Knife", "pile": 2})
        assert NARRATOR.case(dropped) == "task"
        _render_all(dropped)
    _render_all(
        Event(
            "slasher_returns",
            4,
            "turn",
            {"slasher": "Smiley", "from": "Tall Oaks Church", "place": "Tall Oaks Police Department"},
        )
    )


def test_rules_reference_explains_survivors_and_combos():
    assert {"survivors", "combos"} <= set(NARRATOR.rules_topics())


# -- issue 7 audit: wording -----------------------------------------------------------------------------------

BAD_ARTICLE = re.compile(r"\b[Aa] (8|11|18|[AEIOUaeiou]\w*)\b")
ONE_PLURAL = re.compile(r"(?<![\w-])(one|One|1) (Actions|Shields|Escapes|rescues|rescue tokens|steps)\b")
PLURAL_ITEM = re.compile(r"\b[Aa] (Car Keys|Hockey Pads|Cold Pizza)\b")
SOMEONES_OWN = re.compile(r"\b(under|catch) [A-Z][a-z]+'s (feet|breath)\b")


def test_numbers_and_items_take_the_right_article_and_plural():
    for t in told_lines():
        for bad in (BAD_ARTICLE, ONE_PLURAL, PLURAL_ITEM, SOMEONES_OWN):
            assert not bad.search(t.prose), t.prose
        assert not ONE_PLURAL.search(t.summary) and not PLURAL_ITEM.search(t.summary), t.summary


AT_A_START = re.compile(r"\bat the starting point\b")

PLACES_A_SPACE = {
    "moved",
    "fled",
    "start_chosen",
    "sent_to_start",
}  # these may name a starting point as a place


def test_no_phrase_is_said_twice_in_a_row():
    """Going back to a starting point is said once, by its own line: the failed rescue, lost fight, escape or
    scuffle before it does not say it too. A full-handed find does not say 'takes it' before the drop."""
    events = events_of_games()

    @cache
    def told(i: int) -> str:  # only the lines this test reads, each at its own position in the games
        return NARRATOR.prose(events[i], i)

    for i, e1 in enumerate(events):
        if e1.kind == "sent_to_start":
            for j in range(max(0, i - 4), i):
                e0, before = events[j], told(j)
                if e0.turn == e1.turn and e0.kind not in PLACES_A_SPACE:
                    # Where a line happens may be a starting point ("Smiley is here, at the starting point
                    # east of ..."); going there is the sent_to_start line's alone.
                    assert "starting point" not in AT_A_START.sub("", before), (before, told(i))
        if e1.kind == "supply_found" and i + 1 < len(events) and events[i + 1].kind == "supply_dropped":
            assert "take" not in told(i), told(i)


def test_losses_the_traitor_and_full_hands_read_cleanly_for_you_and_for_rivals():
    for seat, name in (("survivor1", "Ivy"), ("survivor2", "Kirk"), ("survivor3", "Pat")):
        who = {"seat": seat, "name": name}
        for by in ("slasher", "invaders", "bonus"):
            for items, rescues in ((["Knife"], 0), ([], 1), (["Car Keys"], 2)):
                e = Event("lost", 5, "turn", {**who, "items": items, "rescues": rescues, "by": by})
                assert NARRATOR.case(e) == by
                _render_all(e)
                text = " ".join(
                    render(v, NARRATOR.values(e)) for v in NARRATOR.templates.kinds["lost"].pick(by).prose
                )
                assert ("the Knife" in text) == (items == ["Knife"]) and ("rescue token" in text) == bool(
                    rescues
                )
        for room in (True, False):
            e = Event(
                "supply_found", 5, "turn", {**who, "card": "Hockey Pads", "a": "a pair of", "room": room}
            )
            assert NARRATOR.case(e) == ("default" if room else "full")
            _render_all(e)
        for token in (True, False):
            e = Event(
                "scuffle",
                5,
                "scuffle",
                {
                    **who,
                    "other": "survivor4",
                    "other_name": "Sam",
                    "rounds": 1,
                    "dice": [[["action"] * 3, ["shield", "escape", "action"]]],
                    "actions": [3, 1],
                    "how": "triple",
                    "winner": seat,
                    "winner_name": name,
                    "loser": "survivor4",
                    "loser_name": "Sam",
                    "token": token,
                    **({"taken": 1, "winner_total": 3, "loser_total": 0} if token else {}),
                },
            )
            assert NARRATOR.case(e) == ("triple_token" if token else "triple")
            _render_all(e)
            assert "if " not in NARRATOR.prose(e, 0)
        e = Event(
            "traitor",
            5,
            "traitor",
            {
                **who,
                "other": "survivor4",
                "other_name": "Sam",
                "act": "start",
                "item": "the starting point north of Tall Oaks Church",
            },
        )
        _render_all(e)
        assert "north of Tall Oaks Church" in NARRATOR.prose(e, 0)
    e = Event("sent_to_start", 5, "turn", {"seat": "survivor2", "name": "Kimmy", "space": "0-0"})
    for v in NARRATOR.templates.kinds["sent_to_start"].pick("default").prose:
        text = render(v, NARRATOR.values(e))
        if text is None or "#" in v:  # names a fact this event lacks (the place), or built from parts
            continue
        assert "Kimmy's" not in text and ("her " in text or "Kimmy" in text)


# -- issue 15: why a Task waits, and an empty bank ------------------------------------------------------------


def test_a_task_that_waits_says_why_for_you_and_for_rivals():
    for seat, name in (("survivor1", "Ivy"), ("survivor2", "Kirk")):
        who = {"seat": seat, "name": name, "place": "WKIL Radio Station", "task": 3}
        order = Event("task_waits", 6, "turn", {**who, "first": 2, "why": "order"})
        marker = Event("task_waits", 6, "turn", {**who, "first": 3, "why": "marker"})
        assert NARRATOR.case(order) == "order" and NARRATOR.case(marker) == "marker"
        for e in (order, marker):
            _render_all(e)
        for v in NARRATOR.templates.kinds["task_waits"].pick("order").prose:
            assert "Task #2" in render(v, NARRATOR.values(order)), v  # the Task that comes first is named
        assert "Task #2 comes first" in NARRATOR.summary(order)
        assert "not cleared" in NARRATOR.summary(marker)


def test_the_task_waits_line_is_told_in_played_games():
    waits = [e for e in events_of_games() if e.kind == "task_waits"]
    assert waits and all(NARRATOR.prose(e, i) for i, e in enumerate(waits))


def test_an_empty_bank_is_said_for_rescues_and_bonus_tracks():
    for seat, name in (("survivor1", "Ivy"), ("survivor2", "Kirk")):
        who = {"seat": seat, "name": name}
        rescued = {**who, "ok": True, "title": "Twins", "total": 4, "place": "Sucko Power Plant"}
        short = Event("rescue", 6, "turn", {**rescued, "n": 1, "short": 1})
        assert NARRATOR.case(short) == "short"
        _render_all(short)
        assert "1 short" in NARRATOR.summary(short)
        full = Event("rescue", 6, "turn", {**rescued, "n": 2, "short": 0})
        assert NARRATOR.case(full) == "ok"
        facts = {**who, "card": "bt19", "title": "Dedication on the Radio", "effect": "rescue", "n": 1}
        empty = Event("bonus", 6, "turn", {**facts, "got": 0})
        assert NARRATOR.case(empty) == "rescue_empty"
        _render_all(empty)
        assert NARRATOR.case(Event("bonus", 6, "turn", {**facts, "got": 1})) == "rescue"


def test_summaries_call_the_person_you_and_rivals_by_name():
    """The brief lines (brackets, 'in short' panels, exports) speak as the prose does: the person's own turn once
    read 'You roll Action, Escape, Shield. / Kirk fails against The Invaders.' when the person was Kirk."""
    check_summary_voice(NARRATOR, distinct(), "survivor1", ("other", "winner", "loser"))


def test_the_persons_summaries_read_in_the_second_person():
    you = {"seat": "survivor1", "name": "Kirk"}
    assert NARRATOR.summary(Event("invaders", 4, "turn", {**you, "ok": False})) == "You fail against The Invaders."
    hurt = {**you, "amount": 2, "health": 4, "lost": 2}
    assert NARRATOR.summary(Event("hurt", 4, "turn", hurt)) == "You lose 2 health (4 left)."
    rival = NARRATOR.summary(Event("hurt", 4, "turn", {**hurt, "seat": "survivor2"}))
    assert rival == "Kirk loses 2 health (4 left)."
    steal = {**you, "act": "supply", "other": "survivor2", "other_name": "Linda", "item": "Baseball Bat"}
    assert NARRATOR.summary(Event("traitor", 5, "turn", steal)) == (
        "You play a Traitor card: steal Linda's Baseball Bat."
    )


def test_a_starting_point_is_named_in_words_not_by_its_space_id():
    """The summary once read 'You start at 10-0.'"""
    start = Event("start_chosen", 0, "setup", {"seat": "survivor1", "name": "Kirk", "space": "10-0"})
    assert NARRATOR.summary(start) == "You start at the starting point east of Johnson's Farm."


def test_a_noise_says_what_made_it_so_the_spent_supplies_noise_is_not_read_as_the_find_before_it():
    """The spent supplies' noise is made once the roll is resolved: after 'you find a Knife', a bare 'the meter
    climbs to 2' read as the find's noise. Each noise now names its maker (`by`, rules 11); an older log's, without
    it, is told as before, claiming no cause."""
    for by, words in (
        ("supplies", ("spent supplies", "supplies just spent")),
        ("scene", ("scene itself", "in there")),
        ("search", ("search", "Search Die")),
        ("bonus", ("Bonus Track",)),
    ):
        for called in (False, True):
            e = Event("noise", 4, "turn", {"amount": 2, "meter": 4 if called else 2, "called": called, "by": by})
            for i in range(12):
                text = NARRATOR.prose(e, i)
                assert any(w in text for w in words), (by, text)
            assert by in NARRATOR.summary(e) or "Bonus Track" in NARRATOR.summary(e)
    old = Event("noise", 4, "turn", {"amount": 2, "meter": 2, "called": False})
    for i in range(12):
        text = NARRATOR.prose(old, i)
        assert "2" in text and not any(w in text for w in ("supplies", "scene", "search", "Bonus")), text
    assert NARRATOR.summary(old) == "Noise 2: the Slasher Meter is at 2."
