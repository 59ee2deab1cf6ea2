"""Reading a game's TOML of templates once, into cases the narrator can pick from.

A file holds one table per event kind. The table's own `prose` list and `summary` are its default case;
sub-tables (`[zombies_spawn.none]`) are named cases that override either. Which case fits an event is
decided by an optional Python module of the same name (`case(event)`), which may also add derived fields
(`fields(event, phrases)`). `_common.toml` holds what every game shares, such as the `undo` marker.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from engines.core.datafile import read_toml
from engines.core.events import Event

_HERE = Path(__file__).parent  # the TOML files sit beside this module

RESERVED = frozenset({"game", "titles", "phrases", "rules"})
"""Top-level tables that are not event kinds."""

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")

CaseFn = Callable[[Event], str]
FieldsFn = Callable[[Event, Mapping[str, str]], Mapping[str, Any]]


class Case(msgspec.Struct, frozen=True):
    """One way of telling an event: prose variants to choose from, and a terse summary line."""

    prose: tuple[str, ...] = ()
    summary: str | None = None


class Kind(msgspec.Struct, frozen=True):
    """Every case of one event kind; an unknown case name falls back to `default`."""

    cases: Mapping[str, Case]
    default: str

    def pick(self, name: str) -> Case:
        return self.cases.get(name) or self.cases[self.default]


class Topic(msgspec.Struct, frozen=True):
    name: str
    title: str
    text: str
    aliases: tuple[str, ...] = ()


def _no_case(event: Event) -> str:
    return "default"


def _no_fields(event: Event, phrases: Mapping[str, str]) -> Mapping[str, Any]:
    return {}


class Templates(msgspec.Struct, frozen=True):
    """A game's templates, parsed: shared by every Narrator of that game whatever its seed."""

    game_id: str
    title: str
    kinds: Mapping[str, Kind]
    titles: Mapping[str, str]
    phrases: Mapping[str, str]
    topics: tuple[Topic, ...]
    case: CaseFn = _no_case
    fields: FieldsFn = _no_fields


def module_name(game_id: str) -> str:
    """'escape-of-the-dead' -> 'escape_of_the_dead'; KeyError for a name that cannot be a game id."""
    if not _GAME_ID.fullmatch(game_id):
        raise KeyError(f"'{game_id}' is not a game id.")
    return game_id.replace("-", "_")


def available() -> list[str]:
    """Game ids that have a template file."""
    names = (p.name[: -len(".toml")] for p in _HERE.iterdir() if p.name.endswith(".toml"))
    return sorted(n.replace("_", "-") for n in names if not n.startswith("_"))


@cache
def load(game_id: str) -> Templates:
    """The parsed templates of a game (cached: parsed once per process); KeyError for an unknown game."""
    name = module_name(game_id)
    source = _HERE / f"{name}.toml"
    if not source.is_file():
        known = ", ".join(available()) or "none"
        raise KeyError(f"No narrative for game '{game_id}'. Narrated games: {known}.")
    common = _read("_common")
    data = read_toml(source)
    case, fields = _hooks(name)
    return Templates(
        game_id=game_id,
        title=data.get("game", {}).get("title", game_id),
        kinds={**_kinds(common), **_kinds(data)},
        titles={**common.get("titles", {}), **data.get("titles", {})},
        phrases=dict(data.get("phrases", {})),
        topics=tuple(_topics(data.get("rules", {}))),
        case=case,
        fields=fields,
    )


def _read(name: str) -> dict[str, Any]:
    source = _HERE / f"{name}.toml"
    return read_toml(source) if source.is_file() else {}


def _kinds(data: Mapping[str, Any]) -> dict[str, Kind]:
    return {k: _kind(table) for k, table in data.items() if k not in RESERVED and isinstance(table, dict)}


def _kind(table: Mapping[str, Any]) -> Kind:
    """The table's own prose/summary is the default case; sub-tables inherit what they leave out."""
    base = Case(tuple(table.get("prose", ())), table.get("summary"))
    cases = {
        name: Case(tuple(sub.get("prose", base.prose)), sub.get("summary", base.summary))
        for name, sub in table.items()
        if isinstance(sub, dict)
    }
    if "default" in cases:
        return Kind(cases, "default")
    if base.prose or not cases:
        return Kind({"default": base, **cases}, "default")
    return Kind(cases, next(iter(cases)))


def _topics(rules: Mapping[str, Any]) -> list[Topic]:
    return [
        Topic(name, t.get("title", name.capitalize()), t.get("text", "").strip(), tuple(t.get("aliases", ())))
        for name, t in rules.items()
        if isinstance(t, dict)
    ]


def _hooks(name: str) -> tuple[CaseFn, FieldsFn]:
    """The game's `case` and `fields` functions, if it has a module; plain defaults otherwise."""
    if importlib.util.find_spec(f"{__package__}.{name}") is None:
        return _no_case, _no_fields
    module = importlib.import_module(f"{__package__}.{name}")
    return getattr(module, "case", _no_case), getattr(module, "fields", _no_fields)
