"""The migration chain: old documents climb step by step; newer ones and gaps are refused."""

from __future__ import annotations

import json

import pytest

from saves import migrations
from saves.migrations import upgrade


def test_the_real_chain_is_complete():
    assert migrations.SCHEMA >= 1
    assert set(migrations.MIGRATIONS) == set(range(1, migrations.SCHEMA))


def test_current_document_is_returned_as_a_copy():
    doc = {"schema": migrations.SCHEMA, "x": 1}
    result = upgrade(doc)
    assert result == doc and result is not doc


@pytest.fixture
def three_steps(monkeypatch):
    calls: list[int] = []

    def step(number):
        def migrate(doc: dict) -> dict:
            calls.append(number)
            assert doc["schema"] == number  # each step sees the schema it migrates from
            doc[f"step{number}"] = True
            return doc

        return migrate

    monkeypatch.setattr(migrations, "SCHEMA", 4)
    monkeypatch.setattr(migrations, "MIGRATIONS", {3: step(3), 1: step(1), 2: step(2)})
    return calls


def test_chain_runs_in_order_from_an_old_document(three_steps):
    doc = {"schema": 1, "data": "x"}
    result = upgrade(doc)
    assert three_steps == [1, 2, 3]
    assert result == {"schema": 4, "data": "x", "step1": True, "step2": True, "step3": True}
    assert doc == {"schema": 1, "data": "x"}  # the caller's document is not changed


def test_chain_starts_at_the_documents_schema(three_steps):
    assert upgrade({"schema": 3})["schema"] == 4
    assert three_steps == [3]


def test_store_reads_an_old_save_through_the_chain(monkeypatch, store, good_doc):
    monkeypatch.setattr(migrations, "SCHEMA", 2)

    def rename_game(doc: dict) -> dict:
        doc["game"] = doc.pop("game_name")
        return doc

    monkeypatch.setattr(migrations, "MIGRATIONS", {1: rename_game})
    old = dict(good_doc, schema=1, game_name=good_doc["game"])
    del old["game"], old["seal"], old["run"]  # schema 1 had neither (one that does was relabelled: refused)
    path = store.path("old")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(old))
    record = store.read("old")
    assert (record.schema, record.game) == (2, "escape-of-the-dead")
    assert json.loads(path.read_text()) == old  # reading never rewrites the file


def test_newer_document_is_refused(monkeypatch):
    monkeypatch.setattr(migrations, "SCHEMA", 1)
    with pytest.raises(ValueError) as caught:
        upgrade({"schema": 3})
    assert str(caught.value) == "saved by a newer version of solo (schema 3; this one reads up to 1)"


def test_gap_in_the_chain_is_refused(monkeypatch):
    monkeypatch.setattr(migrations, "SCHEMA", 3)
    monkeypatch.setattr(migrations, "MIGRATIONS", {1: lambda doc: doc})
    with pytest.raises(ValueError, match="no migration from schema 2 to 3"):
        upgrade({"schema": 1})


@pytest.mark.parametrize("schema", ["1", 1.0, 0, -2, True, None, [1]])
def test_schema_must_be_a_positive_integer(schema):
    with pytest.raises(ValueError, match="not a positive integer"):
        upgrade({"schema": schema})


def test_missing_schema_is_refused():
    with pytest.raises(ValueError, match=r"not a positive integer \(missing\)"):
        upgrade({})


def test_a_failing_step_is_reported_as_a_value_error(monkeypatch):
    monkeypatch.setattr(migrations, "SCHEMA", 2)
    monkeypatch.setattr(migrations, "MIGRATIONS", {1: lambda doc: doc["absent"]})
    with pytest.raises(ValueError, match=r"migrating from schema 1 to 2 failed \(KeyError"):
        upgrade({"schema": 1})


def test_a_step_must_give_an_object(monkeypatch):
    monkeypatch.setattr(migrations, "SCHEMA", 2)
    monkeypatch.setattr(migrations, "MIGRATIONS", {1: lambda doc: [doc]})
    with pytest.raises(ValueError, match="did not give an object"):
        upgrade({"schema": 1})
