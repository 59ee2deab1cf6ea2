"""A str.format that only reads plain named fields, and says 'no' instead of raising.

Fields are a `Fields` mapping: the event's own values, plus companions (`{item_a}`, `{dice_count_num:die}`)
made only when a template names them, so a word that needs inflect costs nothing until it is read.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from narratives import nouns

NounData = Mapping[str, Mapping[str, Any]] | Callable[[], Mapping[str, Mapping[str, Any]]]
"""Each name's grammar, or a function that gives it (read only when a companion is first named)."""


class Fields(dict[str, Any]):
    """A template's fields: what the event gives, and its companions (number words, list words, grammar
    words; see nouns.companion) made on first use."""

    __slots__ = ("_nouns",)

    def __init__(self, values: Mapping[str, Any], noun_data: NounData | None = None):
        super().__init__(values)
        self._nouns = noun_data

    def __missing__(self, name: str) -> Any:
        data = self._nouns() if callable(self._nouns) else self._nouns
        value = nouns.companion(name, self, data or {})
        self[name] = value
        return value

    def has(self, name: str) -> bool:
        """Whether a template may name this field: it is here, or a companion can be made for it (made now
        and kept; a word that needs inflect is only made when rendered, so asking loads nothing)."""
        try:
            self[name]
        except (KeyError, ValueError):
            return False
        return True


class _NamedOnly(string.Formatter):
    """Refuses positional, attribute and index lookups: templates are data and may only name fields."""

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> tuple[Any, str]:
        if not field_name.isidentifier():
            raise KeyError(field_name)
        return kwargs[field_name], field_name


_FORMATTER = _NamedOnly()


def render(template: str, fields: Mapping[str, Any]) -> str | None:
    """The filled template, or None when it names a field we do not have (the caller falls back)."""
    try:
        return _FORMATTER.vformat(template, (), fields if isinstance(fields, Fields) else dict(fields))
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return None


def names(template: str) -> Iterator[str]:
    """The field names a template reads ('{x_num:die}' reads x_num); ValueError for broken braces."""
    for _, name, _, _ in _FORMATTER.parse(template):
        if name is not None:
            yield name
