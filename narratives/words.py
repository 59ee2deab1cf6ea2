"""Number words, plurals and lists, so templates read as prose rather than as a table of numbers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

# fmt: off
_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
          "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
# fmt: on
_ORDINALS = {
    "one": "first",
    "two": "second",
    "three": "third",
    "five": "fifth",
    "eight": "eighth",
    "nine": "ninth",
    "twelve": "twelfth",
}


def number_word(n: int) -> str:
    """'three', 'twenty-one'; digits from 100 up (or below 0), where words stop helping a reader."""
    if not 0 <= n < 100:
        return str(n)
    if n < 20:
        return _UNITS[n]
    tens, unit = divmod(n, 10)
    return _TENS[tens - 2] + (f"-{_UNITS[unit]}" if unit else "")


def ordinal_word(n: int) -> str:
    """'third', 'twenty-first'; '101st'-style digits outside 1..99."""
    if not 0 < n < 100:
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    head, _, last = number_word(n).rpartition("-")
    if last in _ORDINALS:
        last = _ORDINALS[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return f"{head}-{last}" if head else last


def join(items: Iterable[Any]) -> str:
    """'2, 5 and 6': how a person lists things aloud."""
    parts = [str(item) for item in items]
    if len(parts) < 2:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def derive(values: Mapping[str, Any]) -> dict[str, Any]:
    """Companion fields for every number and list, so any template can say 'two zombies' or '2, 5 and 6'.

    For a number `x`: x_word ('two'), x_Word ('Two'), x_s ('' for one, else 's'), x_ordinal ('second').
    For a list `x`: x_list ('2, 5 and 6') and x_count, with the number companions of x_count.
    """
    out: dict[str, Any] = {}
    for name, value in values.items():
        if isinstance(value, list | tuple):
            out[f"{name}_list"] = join(value)
            out[f"{name}_count"] = len(value)
            out.update(_number_fields(f"{name}_count", len(value)))
        elif isinstance(value, int) and not isinstance(value, bool):
            out.update(_number_fields(name, value))
    return out


def _number_fields(name: str, n: int) -> dict[str, str]:
    word = number_word(n)
    return {
        f"{name}_word": word,
        f"{name}_Word": word[:1].upper() + word[1:],
        f"{name}_s": "" if n == 1 else "s",
        f"{name}_ordinal": ordinal_word(n),
    }
