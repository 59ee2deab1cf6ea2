"""Schema versions of the save file and the ordered chain that brings an old document up to date.

Each step is a plain function on the decoded JSON object, so old saves keep loading after the
Record changes shape, without ever keeping old classes around.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from saves.text import show

SCHEMA = 2
"""The schema this version of the program writes and the newest it can read."""

SEALED = 2
"""From this schema on every save carries a seal (saves/record.py); an older one is checked by its replay."""


def _to_sealed(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 added the run's id and the seal: a save from before has neither, and says so by their absence."""
    doc.pop("seal", None)
    return doc


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _to_sealed}
"""Key N turns a document of schema N into one of schema N+1 (upgrade stamps the new number)."""


def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """Run the migration chain from the document's schema up to SCHEMA, on a copy.

    Raises ValueError, with a message fit for the person, when the document is newer than this
    program, when its schema is not a positive integer, or when a step is missing or fails.
    """
    if not isinstance(doc, dict):
        raise ValueError("not a JSON object")
    schema = doc.get("schema")
    if type(schema) is not int or schema < 1:
        found = "missing" if "schema" not in doc else f"found {show(schema)}"
        raise ValueError(f"the schema version is not a positive integer ({found})")
    if schema > SCHEMA:
        raise ValueError(f"saved by a newer version of solo (schema {schema}; this one reads up to {SCHEMA})")
    doc = dict(doc)
    for number in range(schema, SCHEMA):
        step = MIGRATIONS.get(number)
        if step is None:
            raise ValueError(f"no migration from schema {number} to {number + 1} in this version")
        try:
            doc = step(doc)
        except Exception as error:
            raise ValueError(
                f"migrating from schema {number} to {number + 1} failed ({type(error).__name__}: {error})"
            ) from error
        if not isinstance(doc, dict):
            raise ValueError(f"migrating from schema {number} to {number + 1} did not give an object")
        doc["schema"] = number + 1
    return doc
