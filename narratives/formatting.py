"""A str.format that only reads plain named fields, and says 'no' instead of raising."""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any


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
        return _FORMATTER.vformat(template, (), dict(fields))
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return None
