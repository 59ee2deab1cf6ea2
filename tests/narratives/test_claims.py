"""Templates that cannot lie (issue 45, point 1).

Each template declares the facts it asserts (`tells`: templates.py's docstring), and each game's `[claims]`
table names the words that assert a fact ('storm drains' a sewer move, 'draws again' a draw that follows, a
heal its figure above zero). Three checks: every line whose own words make a claim declares the claim's facts
(truth.undeclared, over every line, summary, fold and rule option of every game, in every voice); every
declared fact is enforced, the narrator never choosing a line for an event that lacks or contradicts it
(over every declared condition of every variant and case); and `truth.check` catches a sentence claiming a
fact its event does not carry, whatever made the sentence."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from engines.core.events import Event
from engines.registry import get, ids
from narratives import for_game
from narratives.formatting import Fields
from narratives.grammar import Option, fits
from narratives.tells import holds
from narratives.templates import Case, Templates
from tests.tools import truth

_COMPARE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*(<=|>=|!=|=|<|>)\s*(.+)")


def _voices() -> Iterator[tuple[str, str | None]]:
    for game_id in ids():
        yield game_id, None
        for seat in get(game_id).person_seats:
            yield game_id, seat


VOICES = sorted(set(_voices()), key=lambda v: (v[0], v[1] or ""))


def _templates(game_id: str, seat: str | None) -> Templates:
    return for_game(game_id, 1, seat).templates


@pytest.mark.parametrize(("game_id", "seat"), VOICES)
def test_every_line_declares_what_its_words_claim(game_id, seat):
    templates = _templates(game_id, seat)
    assert templates.claims, f"{game_id} names no claims"
    found = truth.undeclared(templates)
    assert found == [], "\n".join(f"{p.where}: {p.why}: {p.text}" for p in found[:10])


def test_a_line_that_claims_without_declaring_is_caught():
    """The check fails where it should: the Director's Cut storm drains, its `tells` taken away."""
    from narratives.templates import from_data

    data = {
        "claims": {"sewer": {"says": "storm drains?", "tells": ["sewer"]}},
        "grammar": {"stalk": ["walks to {place}", "follows the storm drains to {place}"]},
        "moved": {
            "prose": ["{who} #stalk#.", {"text": "{who} drops into the storm drains.", "tells": ["sewer"]}]
        },
    }
    found = [(p.where, p.text) for p in truth.undeclared(from_data("test", data))]
    assert found == [("grammar.stalk", "follows the storm drains to {place}")]


# -- every declared fact is enforced --------------------------------------------------------------------------


class _Any:
    """A field value that formats under any spec: the fields a line reads, where only its `tells` matter."""

    def __format__(self, spec: str) -> str:
        return "x"


def _value(condition: str, keep: bool) -> tuple[str, Any]:
    """(field, a value that satisfies the condition, or with keep=False one that breaks it); None: leave the
    field out."""
    negated = condition.startswith("!")
    body = condition.lstrip("!")
    if body.startswith("count:"):
        name, good, bad = body[len("count:") :], 1, "many"
    elif (found := _COMPARE.fullmatch(body)) is not None:
        name, op, raw = found[1], found[2], found[3].strip()
        number = float(raw) if re.fullmatch(r"-?\d+(?:\.\d+)?", raw) else None
        if number is None:
            good, bad = (raw, f"not-{raw}") if op == "=" else (f"not-{raw}", raw)
        else:
            n = int(number)
            good, bad = {
                ">": (n + 1, n),
                ">=": (n, n - 1),
                "<": (n - 1, n),
                "<=": (n, n + 1),
                "=": (n, n + 1),
                "!=": (n + 1, n),
            }[op]
    else:
        name, good, bad = body, 1, None
    if negated:
        good, bad = bad, good
    return name, good if keep else bad


def _fields(conditions: tuple[str, ...], reads: tuple[str, ...], broken: str | None = None) -> Fields:
    """Fields that satisfy every condition but `broken`, which they contradict or lack."""
    values: dict[str, Any] = dict.fromkeys(reads, _Any())
    for condition in conditions:
        name, value = _value(condition, keep=condition != broken)
        if value is None:
            values.pop(name, None)
        else:
            values[name] = value
    return Fields(values, {})


def _declared_lines(templates: Templates) -> Iterator[tuple[str, Option, tuple[str, ...]]]:
    """(where, the line as an option, the case's conditions) for every prose variant and rule option that
    declares a fact, and every case that does."""
    cases: list[tuple[str, Case]] = [
        (f"{kind}.{name}", case) for kind, k in templates.kinds.items() for name, case in k.cases.items()
    ]
    cases += [(f"folds.{name}", fold.case) for name, fold in templates.folds.items()]
    for where, case in cases:
        for v in case.variants():
            if v.tells or case.tells:
                yield where, v, case.tells
    for rule in templates.grammar.raw:
        for opt in templates.grammar.options(rule):
            if opt.tells:
                yield f"grammar.{rule}", opt, ()


def _consistent(conditions: tuple[str, ...]) -> bool:
    """Whether one set of fields can satisfy them all (a case's and its variant's may not agree)."""
    return holds(conditions, _fields(conditions, ()))


@pytest.mark.parametrize(("game_id", "seat"), VOICES)
def test_no_line_is_chosen_for_an_event_without_the_facts_it_declares(game_id, seat):
    """For each declared condition of each line: fields that satisfy every other let the line be chosen (so
    the check can fail), and fields that lack or contradict that one never do."""
    checked, problems = 0, []
    for where, line, case_tells in _declared_lines(_templates(game_id, seat)):
        conditions = tuple(dict.fromkeys((*case_tells, *line.tells)))
        if not _consistent(conditions):
            problems.append(f"{where}: its conditions cannot all hold: {conditions} ({line.text})")
            continue
        if not (fits(line, _fields(conditions, line.reads)) and holds(case_tells, _fields(conditions, ()))):
            problems.append(f"{where}: not chosen even with all it declares: {line.text}")
        for condition in conditions:
            lacking = _fields(conditions, line.reads, broken=condition)
            if fits(line, lacking) and holds(case_tells, lacking):
                problems.append(f"{where}: chosen without {condition!r}: {line.text}")
            checked += 1
    assert problems == [], "\n".join(problems[:10])
    assert checked > 10, f"{game_id} declares almost nothing"


def test_a_case_whose_facts_fail_is_not_told():
    """The narrator's own choice, end to end: the Director's Cut Full Moon whose noise brings the Wolf first
    never says the draw follows, and a move that ends off the sewers never follows the storm drains."""
    n = for_game("mixtape-massacre", 3, "slasher1")
    moon = Event("full_moon", 4, "scene", {"seat": "slasher2", "name": "Patches", "draws": False})
    assert not any(
        "again" in t or "another card" in t for t in [n.summary(moon), *(n.prose(moon, i) for i in range(8))]
    )
    walk = {"seat": "slasher2", "name": "Patches", "steps": 3, "from": "Galaxy Comics", "place": "x"}
    for i in range(60):
        assert "storm drain" not in n.prose(Event("moved", 4, "move", {**walk, "to": "1-9"}), i)


# -- the truth check reads claims ----------------------------------------------------------------------------


def test_the_truth_check_catches_a_claim_its_event_does_not_carry():
    claims = for_game("mixtape-massacre", 1).templates.claims
    truth_words = for_game("mixtape-massacre", 1).templates.truth
    text = "Patches follows the storm drains to Galaxy Comics."
    reading = truth.read(text, truth_words, {}, truth.claims_of(claims, "moved"))
    assert any(
        "claims sewer" in why for why in truth.check(text, {"sewer": False}, truth_words, reading=reading)
    )
    assert truth.check(text, {"sewer": True}, truth_words, reading=reading) == []
    scoped = truth.read("The hex goes looking.", truth_words, {}, truth.claims_of(claims, "kill_made"))
    assert any(
        "claims hex" in w
        for w in truth.check("The hex goes looking.", {"combo": "knife"}, truth_words, reading=scoped)
    )
