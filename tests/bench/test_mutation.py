"""bench/mutation.py: the mutation operators make the mutants they name, and every mutant is still Python."""

from __future__ import annotations

import ast

import pytest

SOURCE = '''def rule(x, cards, hand):
    """A rule's docstring: 'and' or 'or' here is no clause."""
    if x.alive and (x.armed or x.fists):
        return min(cards[0], hand[-1])
    return max(hand.pop(), cards.pop(0), 3)
'''


@pytest.fixture
def mutation(bench_script, tmp_path, monkeypatch):
    module = bench_script("mutation")
    monkeypatch.setattr(module, "ROOT", tmp_path)
    return module


def _made(mutation, tmp_path, source: str = SOURCE, kind: str = "") -> list[str]:
    (tmp_path / "rules.py").write_text(source)
    (tmp_path / "cards.toml").write_text("health = 6\n")
    mutants = mutation.code_mutants("rules.py") + mutation.data_mutants("cards.toml")
    return [m.apply((tmp_path / m.path).read_text()) for m in mutants if not kind or m.kind == kind]


def test_a_clause_of_an_and_or_an_or_is_deleted_one_at_a_time(mutation, tmp_path):
    made = _made(mutation, tmp_path, kind="clause deleted")
    clause = "x.alive and (x.armed or x.fists)"
    assert sorted(made) == sorted(
        SOURCE.replace(clause, new)
        for new in [
            "(x.alive)",
            "(x.armed or x.fists)",
            "x.alive and ((x.fists))",
            "x.alive and ((x.armed))",
        ]
    )  # the docstring's words are not clauses


def test_min_and_max_swap_first_and_last_elements_swap(mutation, tmp_path):
    assert sorted(_made(mutation, tmp_path, kind="min <-> max")) == sorted(
        [SOURCE.replace("min(", "max("), SOURCE.replace("max(", "min(")]
    )
    ends = _made(mutation, tmp_path, kind="first <-> last")
    assert SOURCE.replace("cards[0]", "cards[-1]") in ends and SOURCE.replace("hand[-1]", "hand[0]") in ends
    assert (
        SOURCE.replace("hand.pop()", "hand.pop(0)") in ends
        and SOURCE.replace("cards.pop(0)", "cards.pop()") in ends
    )
    assert len(ends) == 4


def test_numbers_go_one_down_as_well_as_one_up_in_code_and_data(mutation, tmp_path):
    down = _made(mutation, tmp_path, kind="constant - 1")
    assert SOURCE.replace("pop(0)", "pop(-1)") in down and SOURCE.replace(", 3)", ", 2)") in down
    assert _made(mutation, tmp_path, kind="rule number - 1") == ["health = 5\n"]
    assert _made(mutation, tmp_path, kind="rule number") == ["health = 7\n"]


def test_a_column_past_a_non_ascii_character_is_counted_in_characters(mutation, tmp_path):
    source = 'def f(a, b):\n    return "—" if a and b else "–"\n'
    made = _made(mutation, tmp_path, source, kind="clause deleted")
    assert sorted(made) == [f'def f(a, b):\n    return "—" if ({x}) else "–"\n' for x in "ab"]


def test_the_first_operators_draw_the_sample_of_the_first_runs(bench_script):
    """`--ops compare,plus1` draws from the population of the 2026-12-01 runs alone, in its order, so a seed
    draws their samples again."""
    mutation = bench_script("mutation")
    first = mutation.population("escape-of-the-dead", mutation.FIRST_OPS)
    assert {m.kind for m in first} == {"rule number", "constant", "comparison"}
    every = mutation.population("escape-of-the-dead")
    assert [(m.path, m.line, m.start, m.new) for m in first] == [
        (m.path, m.line, m.start, m.new) for m in every if m.kind in ("rule number", "constant", "comparison")
    ]


def test_every_new_mutant_of_an_engine_is_python_and_changes_it(bench_script):
    mutation = bench_script("mutation")
    new_ops = tuple(o for o in mutation.OPS if o not in mutation.FIRST_OPS)
    found = mutation.sample_of("escape-from-tall-oaks", 120, 47, new_ops)
    assert {mutation.op_of(m) for m in found} == set(new_ops)
    texts: dict[str, str] = {}
    for m in found:
        text = texts.setdefault(m.path, (mutation.ROOT / m.path).read_text())
        changed = m.apply(text)
        assert changed != text, m.describe(text)
        if m.path.endswith(".py"):
            ast.parse(changed)


def test_every_hand_mutant_still_finds_its_text(bench_script):
    """bench/hand_mutation.py: each hand mutant names text its file still holds, and changes it."""
    hand = bench_script("hand_mutation")
    for engine, path, old, new in hand.HAND:
        assert engine in hand.M.ENGINES and old != new
        assert old in (hand.ROOT / path).read_text(), (path, old)
