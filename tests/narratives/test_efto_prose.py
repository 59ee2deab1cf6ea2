"""Escape From Tall Oaks' templates: every event kind the engine emits reads cleanly in every variant."""

from __future__ import annotations

import re

from engines.core.autoplay import play
from engines.core.events import Event
from engines.registry import get
from narratives import for_game
from narratives.formatting import render

GAME = get("escape-from-tall-oaks")
NARRATOR = for_game("escape-from-tall-oaks", 7)
LEFTOVER = re.compile(r"[{}\[\]]")


def _games() -> list[Event]:
    events: list[Event] = []
    for seed in range(50):
        policy = "random" if seed % 2 else "heuristic"
        events += play(GAME, seed, policy, {"rivals": str(1 + seed % 5)}).events
    return events


EVENTS = _games()


def test_every_emitted_kind_has_templates_and_every_variant_renders():
    seen: dict[tuple[str, str], Event] = {}
    for e in EVENTS:
        seen.setdefault((e.kind, NARRATOR.case(e)), e)
    for (kind, case), e in seen.items():
        assert kind in NARRATOR.templates.kinds, kind
        chosen = NARRATOR.templates.kinds[kind].pick(case)
        assert chosen.prose, f"{kind}.{case} has no prose"
        values = NARRATOR.values(e)
        for variant in chosen.prose:
            text = render(variant, values)
            assert text, f"{kind}.{case} cannot fill: {variant}"
            assert not LEFTOVER.search(text), text
            assert text[0].isupper() and text[-1] in '.!?"', text
        summary = NARRATOR.summary(e)
        assert summary and not LEFTOVER.search(summary), summary


def test_every_ending_and_main_case_was_seen():
    seen = {(e.kind, NARRATOR.case(e)) for e in EVENTS}
    for wanted in [
        ("game_over", "won"),
        ("game_over", "default"),
        ("game_over", "dead"),
        ("game_over", "cap"),
        ("fight", "defeat"),
        ("fight", "escape"),
        ("fight", "fail"),
        ("rescue", "ok"),
        ("task_done", "default"),
        ("final_rescue", "default"),
        ("scuffle", "actions"),
        ("traitor", "rescue"),
        ("traitor", "start"),
    ]:
        assert wanted in seen, wanted


def test_the_log_of_many_games_has_no_leftover_braces():
    for i, e in enumerate(EVENTS):
        text = NARRATOR.prose(e, i)
        assert text and not LEFTOVER.search(text), (e.kind, text)
        assert ".." not in text, text


def test_the_person_is_you_and_rivals_are_named():
    e = Event(
        "moved", 3, "", {"seat": "survivor1", "name": "Ivy", "from": "a", "to": "b", "place": "Jones Asylum"}
    )
    assert NARRATOR.prose(e, 0).startswith(("You", "Footsteps"))
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
            e = Event("fight", 4, "turn", {**who, "slasher": "Sarah", "result": result, "kind": "normal"})
            assert NARRATOR.case(e) == result
            _render_all(e)
        _render_all(Event("fled", 4, "turn", {**who, "place": "Jones Asylum"}))
        dropped = Event("supply_dropped", 4, "keep", {**who, "item": "Task #3", "task": 3})
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
