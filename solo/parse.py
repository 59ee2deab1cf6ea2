"""From a typed line to a command or a legal option key, with a helpful message when it is neither."""

from __future__ import annotations

import re
import unicodedata

import msgspec

from engines.core.contract import Decision
from solo.commands import BY_WORD, COMMANDS, PAGER_STOP, PAGER_STOP_SAID
from solo.games import GameUI, InputError

MAX_LINE = 500
_NUMBER = re.compile(r"-?[0-9]+")


def number(token: str) -> int | None:
    """The typed token as an int when it is ASCII digits (with an optional leading '-'), else None.

    Why not `str.isdigit()`: it accepts '²', '①', '₀' and '❸', which `int()` refuses, and other scripts' digits
    that nobody means as a choice's number. Only 0-9 make a number; everything else is a word.
    """
    if not _NUMBER.fullmatch(token):
        return None
    try:
        return int(token)
    except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits): no choice is that big
        return None


class Resolved(msgspec.Struct, frozen=True):
    kind: str  # "command" or "option"
    name: str  # the command's name, or the option's key
    arg: str = ""


def clean(line: str) -> str:
    """Trim a typed line, refusing what no command can be (too long, control characters)."""
    if len(line) > MAX_LINE:
        raise InputError(
            f"That line is {len(line):,} characters long; commands are short. Type 'help' for the list."
        )
    bad = [ch for ch in line if unicodedata.category(ch) in ("Cc", "Cf") and ch != "\t"]
    if bad:
        raise InputError("That line holds control characters; type plain text. Type 'help' for the list.")
    return " ".join(line.split())


def resolve(text: str, decision: Decision | None, ui: GameUI) -> Resolved:
    """What a cleaned, non-empty line means now. Raises InputError with a suggestion when it means nothing."""
    low = text.lower()
    first = low.partition(" ")[0]
    if low == PAGER_STOP and not _named_exactly(low, decision):
        raise InputError(PAGER_STOP_SAID)
    if first in BY_WORD:
        if first == "save" and decision is not None and " " in low:
            key = _game_words(text, decision, ui)  # Final Girl's Victims are saved: 'save victim' is a move
            if key is not None:
                return Resolved("option", key)
        return Resolved("command", BY_WORD[first].name, text.partition(" ")[2].strip())
    if decision is None:
        close = _close(first, list(BY_WORD))
        tip = f" Did you mean '{close}'?" if close else ""
        raise InputError(
            f"The game is over, so there is nothing to choose.{tip} Try 'log', 'restart' or 'quit'."
        )
    options = decision.options
    n = number(low)
    if n is not None:
        if 1 <= n <= len(options):
            return Resolved("option", options[n - 1].key)
        try:
            key = ui.parse(text, decision)  # a game's shorthand may be all digits ('211')
        except InputError:
            key = None
        if key is not None and decision.option(key) is not None:
            return Resolved("option", key)
        raise InputError(f"There is no choice {n}; choose 1 to {len(options)}. {ui.example(decision)}")
    for o in options:
        if low == o.key.lower() or low == o.label.lower() or low in (a.lower() for a in o.aliases):
            return Resolved("option", o.key)
    key = ui.parse(text, decision)
    if key is not None:
        return Resolved("option", key)  # not legal now? the engine refuses it and says why
    found: dict[str, Resolved] = {}
    for o in options:
        if any(w.lower().startswith(low) for w in (o.key, o.label, *o.aliases)):
            found[o.label] = Resolved("option", o.key)
    if " " not in low:
        for c in COMMANDS:
            if not c.whole and any(w.startswith(low) for w in (c.name, *c.aliases)):
                found[c.name] = Resolved("command", c.name)
    if len(found) == 1:
        return next(iter(found.values()))
    if found:
        names = ", ".join(f"'{n}'" for n in list(found)[:6])
        raise InputError(f"'{text}' could mean {names}. Type more of it, or the choice's number.")
    words = [c.name for c in COMMANDS] + [o.label.lower() for o in options]
    close = _close(low, words)
    tip = f" Did you mean '{close}'?" if close else ""
    raise InputError(f"I don't know '{_shown(text)}'.{tip} {ui.example(decision)} 'help' lists the commands.")


def _named_exactly(low: str, decision: Decision | None) -> bool:
    """Whether a choice has exactly these words as its key, label or alias."""
    return decision is not None and any(
        low in (o.key.lower(), o.label.lower(), *(a.lower() for a in o.aliases)) for o in decision.options
    )


def _game_words(text: str, decision: Decision, ui: GameUI) -> str | None:
    """The key the game reads a line as, or None where the game does not claim it."""
    try:
        return ui.parse(text, decision)
    except InputError:
        return None


def _close(word: str, words: list[str]) -> str | None:
    import difflib

    found = difflib.get_close_matches(word, words, n=1, cutoff=0.6)
    return found[0] if found else None


def _shown(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
