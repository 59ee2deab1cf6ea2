"""Small templates written inline, for the machinery's tests: a game that exists only in a test."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from typing import Any

from engines.core.events import Event
from narratives.narrator import Narrator
from narratives.templates import from_data


def narrator(
    toml: str,
    seed: int = 1,
    common: str = "",
    fields: Callable[[Event, Mapping[str, str]], Mapping[str, Any]] | None = None,
    case: Callable[[Event], str] | None = None,
) -> Narrator:
    """A narrator for a made-up game whose templates are the given TOML text."""
    hooks: dict[str, Any] = {}
    if fields is not None:
        hooks["fields"] = fields
    if case is not None:
        hooks["case"] = case
    templates = from_data("test", tomllib.loads(toml), tomllib.loads(common) if common else {}, **hooks)
    return Narrator("test", seed, templates)


def ev(kind: str, turn: int = 1, /, **facts: Any) -> Event:
    return Event(kind, turn, "", facts)
