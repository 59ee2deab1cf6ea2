"""The bottom toolbar in colour: each field in the style of what it means (solo/theme.py: danger red, what you
gain green, hidden dim), fitted to the width by whole fields, most important first, never a number cut.

A game's screen may offer `toolbar_fields(view)`: the toolbar's fields in order, each with its meaning from
the theme ("" for none); its `toolbar(view)` is those fields' words joined, which the digest compares. Plain
text (--plain, NO_COLOR) keeps the words alone."""

from __future__ import annotations

from collections.abc import Sequence

from solo.screen import fit_fields

SEP = " · "

_ATTRIBUTES = frozenset({"bold", "dim", "italic", "underline", "reverse", "blink"})


def prompt_style(style: str) -> str:
    """A theme style (rich's words: 'bold red', 'green', 'dim') in prompt_toolkit's ('bold fg:ansired')."""
    words = [w if w in _ATTRIBUTES else f"fg:ansi{w}" for w in style.split()]
    return " ".join(words)


def joined(fields: Sequence[tuple[str, str]]) -> str:
    """The toolbar's words: the fields' texts between separators."""
    return SEP.join(text for text, _ in fields)


def fragments(fields: Sequence[tuple[str, str]], width: int) -> list[tuple[str, str]]:
    """prompt_toolkit's (style, text) fragments for the fields that fit the width: fitted exactly as the plain
    toolbar is (`fit_fields`), each kept field in its meaning's style, the separators unstyled."""
    kept = fit_fields(joined(fields), width, SEP)
    out: list[tuple[str, str]] = []
    shown = kept.split(SEP) if kept else []
    for i, text in enumerate(shown):
        if i:
            out.append(("", SEP))
        meaning = fields[i][1] if i < len(fields) else ""
        out.append((prompt_style(meaning), text))
    return out
