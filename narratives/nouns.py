"""Grammar words for names and counts: articles, plurals, verb agreement and pronouns, from the game's data.

English morphology comes from `inflect` (plurals, a/an, plural verbs), never from hand rules. Importing it
costs about 2.3 s as published, because `typeguard` rewrites every decorated function at import; with that
decorator made a no-op for the import it costs 45-80 ms after rich and prompt_toolkit are loaded. Either is
too much for a launch whose whole budget is about 25 ms over the bare imports, so it is loaded on the first
word that needs it (a plural of a count other than one, an 'a'/'an', a plural verb), never at import, and
the words that need nothing (a count of one, a singular verb, a pronoun, a plural's missing article) are
answered without it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from narratives.words import join, number_word, ordinal_word

NUMBERS = ("singular", "plural", "mass")
"""A name's grammatical number; 'mass' reads like a singular that takes no indefinite article."""

# they, them, their, theirs, themself; and whether a verb after the pronoun takes the plural form.
_PRONOUNS: dict[str, tuple[tuple[str, str, str, str, str], bool]] = {
    "he": (("he", "him", "his", "his", "himself"), False),
    "she": (("she", "her", "her", "hers", "herself"), False),
    "it": (("it", "it", "its", "its", "itself"), False),
    "they": (("they", "them", "their", "theirs", "themself"), True),
    "you": (("you", "you", "your", "yours", "yourself"), True),
}
PRONOUN_FORMS = ("they", "them", "their", "theirs", "themself")


class Noun(str):
    """A name that knows its grammar. It reads as the plain name wherever a str would.

    number: 'singular', 'plural' or 'mass'; pronouns: 'he', 'she', 'it', 'they', 'you', or five forms
    'she/her/her/hers/herself'; proper: no article before it ('Grandpa's Room', 'Laurie').
    """

    number: str
    pronouns: str
    proper: bool
    plural_form: str
    a_form: str

    def __new__(
        cls,
        name: str,
        number: str = "singular",
        pronouns: str = "",
        proper: bool = False,
        plural: str = "",
        a: str = "",
    ) -> Noun:
        if number not in NUMBERS:
            raise ValueError(f"'{name}': number is one of {', '.join(NUMBERS)}, not '{number}'")
        self = super().__new__(cls, name)
        self.number, self.pronouns, self.proper = number, pronouns, proper
        self.plural_form, self.a_form = plural, a
        _forms(pronouns)  # refuses what cannot be a pronoun set, at load
        return self

    @property
    def plural_subject(self) -> bool:
        """Whether a verb after this name takes the plural form ('The Cowboy Boots change hands')."""
        return self.number == "plural" or self.lower() == "you"


def noun(name: str, data: Mapping[str, Any] | None) -> Noun:
    """The name with the grammar its data gives (a `[nouns]` entry or the game's `nouns()`); singular if none."""
    if isinstance(name, Noun):
        return name
    if not data:
        return Noun(name)
    return Noun(
        name,
        str(data.get("number", "singular")),
        str(data.get("pronouns", "")),
        bool(data.get("proper", False)),
        str(data.get("plural", "")),
        str(data.get("a", "")),
    )


def _forms(pronouns: str) -> tuple[tuple[str, ...], bool] | None:
    if not pronouns:
        return None
    if pronouns in _PRONOUNS:
        return _PRONOUNS[pronouns]
    forms = tuple(pronouns.split("/"))
    if len(forms) != len(PRONOUN_FORMS) or not all(forms):
        raise ValueError(
            f"pronouns are 'he', 'she', 'it', 'they', 'you' or five forms a/b/c/d/e: '{pronouns}'"
        )
    return forms, forms[0] in ("they", "you")


# -- the words --------------------------------------------------------------------------------------------


def a(name: Noun) -> str:
    """'an Axe', 'a Crowbar'; 'Duct-Tape Bandages' and 'Laurie' take no article."""
    if name.a_form:
        return name.a_form
    if name.proper or name.number != "singular" or name.lower() == "you":
        return str(name)
    return _a(str(name))


def the(name: Noun) -> str:
    """'the Lobby'; 'The Pit' as it is written; 'Grandpa's Room' (proper) without one."""
    if name.proper or name.startswith(("The ", "the ")) or name.lower() == "you":
        return str(name)
    return f"the {name}"


def plural(name: Noun) -> str:
    if name.number != "singular":
        return str(name)
    return name.plural_form or _plural(str(name))


def singular(name: Noun) -> str:
    if name.number != "plural":
        return str(name)
    return _singular(str(name)) or str(name)


def pronoun(name: Noun, form: str) -> str:
    """One of they/them/their/theirs/themself as the data writes this name ('she' -> 'her'); KeyError if
    the data gives the name no pronouns (a template must not guess a person's)."""
    found = _forms(name.pronouns)
    if found is None:
        if name.lower() == "you":
            found = _PRONOUNS["you"]
        elif name.number == "plural":
            found = _PRONOUNS["they"]
        else:
            raise KeyError(f"no pronouns for '{name}'")
    return found[0][PRONOUN_FORMS.index(form)]


def verb(singular_form: str, plural_subject: bool) -> str:
    """A verb written in its singular form ('changes', 'is', 'has'), agreeing with the subject."""
    return _plural_verb(singular_form) if plural_subject else singular_form


def counted(n: int, word: str) -> str:
    """'die' or 'dice' by the count."""
    return word if n == 1 else count_plural(word)


def count_plural(word: str) -> str:
    """The plural of a counted noun. A game term written with a capital ('Injury') is a common noun, not a
    name, so it takes the common plural ('Injuries'; inflect gives a name's 'Injurys')."""
    if word[:1].isupper() and word[1:].islower():
        return _plural(word.lower()).capitalize()
    return _plural(word)


def pronoun_plural(name: Noun) -> bool:
    """Whether a verb after this name's pronoun is plural ('they change', 'you change', 'she changes')."""
    found = _forms(name.pronouns)
    if found is not None:
        return found[1]
    return name.lower() == "you" or name.number == "plural"


# -- companions: what `{x_...}` names beside a field x ----------------------------------------------------


class Agreeing:
    """`{x_verb:changes}`: a verb written in its singular form, made to agree when the template is rendered."""

    __slots__ = ("plural_subject",)

    def __init__(self, plural_subject: bool):
        self.plural_subject = plural_subject

    def __format__(self, spec: str) -> str:
        if not spec:
            raise ValueError("a verb companion needs the verb: {x_verb:changes}")
        return verb(spec, self.plural_subject)


class Counted:
    """`{x_noun:die}` 'dice', `{x_num:die}` '2 dice', `{x_words:die}` 'two dice', `{x_Words:die}` 'Two dice'."""

    __slots__ = ("n", "style")

    def __init__(self, n: int, style: str):
        self.n, self.style = n, style

    def __format__(self, spec: str) -> str:
        if not spec:
            raise ValueError("a count companion needs the noun: {x_num:die}")
        word = counted(self.n, spec)
        if self.style == "noun":
            return word
        count = str(self.n) if self.style == "num" else number_word(self.n)
        text = f"{count} {word}"
        return text[:1].upper() + text[1:] if self.style == "Words" else text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Deferred:
    """A word made only when the template is rendered (`{item_a}` needs inflect; merely asking whether a
    template could name it must not load it)."""

    __slots__ = ("make", "name")

    def __init__(self, make: Callable[[Noun], str], name: Noun):
        self.make, self.name = make, name

    def __format__(self, spec: str) -> str:
        return format(self.make(self.name), spec)

    def __str__(self) -> str:
        return self.make(self.name)


def _deferred(make: Callable[[Noun], str]) -> Callable[[Noun], Deferred]:
    return lambda n: Deferred(make, n)


def _pronoun(form: str, capital: bool) -> Callable[[Noun], str]:
    return lambda n: _cap(pronoun(n, form)) if capital else pronoun(n, form)


_NAME_COMPANIONS: dict[str, Callable[[Noun], Any]] = {
    "a": _deferred(a),
    "A": _deferred(lambda n: _cap(a(n))),
    "the": the,
    "The": lambda n: _cap(the(n)),
    "plural": _deferred(plural),
    "singular": _deferred(singular),
    "verb": lambda n: Agreeing(n.plural_subject),
    "they_verb": lambda n: Agreeing(pronoun_plural(n)),
    **{form: _pronoun(form, False) for form in PRONOUN_FORMS},
    **{_cap(form): _pronoun(form, True) for form in PRONOUN_FORMS},
}
_COUNT_COMPANIONS: dict[str, Callable[[int], Any]] = {
    "word": number_word,
    "Word": lambda n: _cap(number_word(n)),
    "s": lambda n: "" if n == 1 else "s",
    "ordinal": ordinal_word,
    "noun": lambda n: Counted(n, "noun"),
    "num": lambda n: Counted(n, "num"),
    "words": lambda n: Counted(n, "words"),
    "Words": lambda n: Counted(n, "Words"),
    "verb": lambda n: Agreeing(n != 1),
}
_LIST_COMPANIONS: dict[str, Callable[[list[Any] | tuple[Any, ...]], Any]] = {"list": join, "count": len}
_SUFFIXES = frozenset({*_NAME_COMPANIONS, *_COUNT_COMPANIONS, *_LIST_COMPANIONS})


def _splits(name: str) -> list[tuple[str, str]]:
    """(base, suffix) readings of a companion's name, the longer suffix first ('x_they_verb': 'they_verb')."""
    head, _, last = name.rpartition("_")
    if not head:
        return []
    out = []
    inner, _, mid = head.rpartition("_")
    if inner and f"{mid}_{last}" in _SUFFIXES:
        out.append((inner, f"{mid}_{last}"))
    if last in _SUFFIXES:
        out.append((head, last))
    return out


def companion(name: str, values: Mapping[str, Any], nouns: Mapping[str, Mapping[str, Any]]) -> Any:
    """The value of a companion field such as `item_a`, `zombies_word` or `dice_count_num`, made from its base
    field (itself perhaps a companion: `dice_count`); KeyError if there is none."""
    for base, suffix in _splits(name):
        try:
            value = values[base]
        except KeyError:
            continue
        if isinstance(value, bool):
            continue
        if isinstance(value, int) and suffix in _COUNT_COMPANIONS:
            return _COUNT_COMPANIONS[suffix](value)
        if isinstance(value, list | tuple) and suffix in _LIST_COMPANIONS:
            return _LIST_COMPANIONS[suffix](value)
        if isinstance(value, str) and value and suffix in _NAME_COMPANIONS:
            return _NAME_COMPANIONS[suffix](noun(value, nouns.get(value)))
    raise KeyError(name)


# -- inflect, loaded on first need --------------------------------------------------------------------------


@cache
def _engine() -> Any:
    """inflect's engine. Its typeguard decorator only checks argument types at run time, and instrumenting
    it costs seconds at import; it is made a no-op while inflect loads (and put back), where typeguard is
    there to patch."""
    try:
        import typeguard
    except ImportError:  # a future inflect without typeguard: nothing to skip
        import inflect

        return inflect.engine()
    checked = typeguard.typechecked
    typeguard.typechecked = _unchecked  # type: ignore[assignment, unused-ignore]
    try:
        import inflect
    finally:
        typeguard.typechecked = checked
    return inflect.engine()


def _unchecked(target: Any = None, **_: Any) -> Any:
    return target if target is not None else (lambda f: f)


def loaded() -> bool:
    """Whether inflect has been imported in this process (the launch must not need it)."""
    return "inflect" in sys.modules


@cache
def _a(word: str) -> str:
    return str(_engine().a(word))


@cache
def _plural(word: str) -> str:
    return str(_engine().plural_noun(word))


@cache
def _singular(word: str) -> str:
    found = _engine().singular_noun(word)
    return str(found) if found else ""


@cache
def _plural_verb(word: str) -> str:
    return str(_engine().plural_verb(word))
