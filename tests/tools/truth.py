"""Checks that narrated text agrees with its event: the harness of the truth tests.

Given an event's fields and a sentence told of it: every number in the sentence (digits, number words,
ordinals from 'third', 'twice') is one of the event's numbers (its numbers, list members and lengths, and
numbers inside its text fields, such as 'Victim 7'); success words only where the outcome is a success and
failure words only where it is a failure; a loss of health only where health was lost; no article before a
name the data calls plural, mass or proper; no 'one' before the plural of a counted noun, nor another count
before its singular; no clause opening 'You' with a verb in its singular form. Over templates: no number in a template's own words, only from placeholders.
And over played games: no fold spans one of the person's decisions. The word lists are each game's
`[truth]` table (see templates.py); the checks load inflect, so they are for tests, not for play.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

import msgspec

from engines.core.autoplay import policy_rng
from engines.core.contract import Game
from engines.core.events import Event
from narratives.narrator import Narrator
from narratives.tells import holds
from narratives.templates import Case, Claim, Templates, Truth
from narratives.words import number_word, ordinal_word

_NOT_COUNTS = frozenset({"first", "second"})  # 'at first', 'a second': more often idiom than count
_TOKEN = re.compile(r"\d+|[a-z]+(?:-[a-z]+)?")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|#[A-Za-z_][A-Za-z0-9_]*(?:\.cap)?#")


class Problem(msgspec.Struct, frozen=True):
    """One false or ill-made sentence: where it was told, what it says, and why it is wrong."""

    where: str
    text: str
    why: str


@cache
def _number_words() -> dict[str, int]:
    words = {number_word(n): n for n in range(100)}
    words |= {ordinal_word(n): n for n in range(1, 100) if ordinal_word(n) not in _NOT_COUNTS}
    return words | {"twice": 2, "thrice": 3, "dozen": 12}


def numbers_in(text: str, idioms: Iterable[str] = ()) -> list[int]:
    """The numbers a sentence states, in order, in digits or words ('two', 'twenty-one', 'third', 'one
    hundred'), leaving out the idioms' words ('no one')."""
    words = _number_words()
    found: list[int] = []
    last: int | None = None
    for token in _TOKEN.findall(_without(text, tuple(idioms)).lower()):
        if token.isdigit():
            found.append(int(token))
            last = None
        elif token == "hundred":
            if last is not None and last < 10:
                found[-1] = last * 100
            else:
                found.append(100)
            last = None
        else:
            last = words.get(token)
            if last is not None:
                found.append(last)
    return found


@lru_cache(maxsize=4096)
def _named_numbers(value: str) -> tuple[int, ...]:
    """The numbers in a string field: the same few names recur in every event of a game."""
    return tuple(numbers_in(value))


def event_numbers(fields: Mapping[str, Any]) -> set[int]:
    """Every number the event's fields hold: numbers, the members and lengths of lists, nested ones."""
    out: set[int] = set()

    def walk(value: Any) -> None:
        if (
            type(value) is str
        ):  # the commonest field, so tested first: a name ('the road 2 steps north of X', 'Victim 7')
            if value:
                out.update(_named_numbers(value))
        elif isinstance(value, bool):
            return
        elif isinstance(value, int):
            out.update((value, abs(value)))
        elif isinstance(value, float) and value.is_integer():
            out.add(abs(int(value)))
        elif isinstance(value, list | tuple):
            out.add(len(value))
            for v in value:
                walk(v)
        elif isinstance(value, Mapping):
            for v in value.values():
                walk(v)
        elif isinstance(value, str) and value:
            out.update(_named_numbers(value))

    for value in dict(fields).values():
        walk(value)
    return out


class Reading(NamedTuple):
    """What a sentence says whatever its event: its numbers, the success, failure and health words it uses,
    the facts its words claim, and what is wrong with its own grammar (articles, agreement)."""

    numbers: tuple[int, ...]
    success: list[str]
    failure: list[str]
    health: list[str]
    grammar: list[str]
    claims: tuple[Claim, ...] = ()


def read(
    text: str,
    truth: Truth,
    nouns: Mapping[str, Mapping[str, Any]] | None = None,
    claims: Sequence[Claim] = (),
) -> Reading:
    """The part of `check` that reads the sentence alone (most of its cost), for a caller to keep; `claims`
    are those that may apply to it (its event's kind's)."""
    return Reading(
        tuple(numbers_in(text, truth.idioms)),
        _matches(truth.success_words, text),
        _matches(truth.failure_words, text),
        _matches(truth.health_words, text),
        _articles(text, nouns or {}) + agreement(text, truth),
        tuple(c for c in claims if _pattern((c.says,)).search(text)),  # type: ignore[union-attr]
    )


def claimed(text: str, claims: Sequence[Claim], kind: str | None = None) -> tuple[Claim, ...]:
    """The claims whose words the text uses, of those of every kind and of `kind`'s own (None: a rule's option,
    which lines of any kind use: the claims of every kind alone)."""
    return tuple(
        c
        for c in claims
        if (not c.kinds or kind in c.kinds) and _pattern((c.says,)).search(text)  # type: ignore[union-attr]
    )


def claims_of(claims: Sequence[Claim], kind: str) -> tuple[Claim, ...]:
    """The claims that apply to the lines of one event kind."""
    return tuple(c for c in claims if not c.kinds or kind in c.kinds)


def check(
    text: str,
    fields: Mapping[str, Any],
    truth: Truth,
    nouns: Mapping[str, Mapping[str, Any]] | None = None,
    known: set[int] | None = None,
    reading: Reading | None = None,
) -> list[str]:
    """What is wrong with a sentence told of an event with these fields (empty: nothing found). `known`:
    the event's numbers, where the caller has counted them already; `reading`: `read` of the text, where the
    caller has it already (the same sentence recurs across a game's logs)."""
    why: list[str] = []
    known = event_numbers(fields) if known is None else known
    said = read(text, truth, nouns) if reading is None else reading
    for n in said.numbers:
        if n not in known:
            why.append(f"says {n}, which is none of the event's numbers")
    outcome = str(fields.get(truth.outcome, "")).lower()
    if said.success and outcome != "success":
        why.append(f"success words {said.success} where the outcome is {outcome or 'neither'}")
    if said.failure and outcome != "failure":
        why.append(f"failure words {said.failure} where the outcome is {outcome or 'neither'}")
    lost = fields.get(truth.health, 0)
    if said.health and not (lost is True or (isinstance(lost, int) and lost > 0)):
        why.append(f"health words {said.health} where no health was lost")
    for claim in said.claims:
        if not holds(claim.tells, fields):
            why.append(f"claims {claim.name} ({', '.join(claim.tells)}), which the event does not tell")
    return why + said.grammar


@cache
def _pattern(words: tuple[str, ...]) -> re.Pattern[str] | None:
    return re.compile(rf"\b(?:{'|'.join(words)})\b", re.IGNORECASE) if words else None


def _matches(words: tuple[str, ...], text: str) -> list[str]:
    """Which of the words (regular expressions) the text says, as whole words."""
    pattern = _pattern(words)
    if pattern is None or not pattern.search(text):
        return []
    return [w for w in words if _pattern((w,)).search(text)]  # type: ignore[union-attr]


@cache
def _idioms(idioms: tuple[str, ...]) -> re.Pattern[str] | None:
    if not idioms:
        return None
    longest = sorted(idioms, key=len, reverse=True)
    return re.compile(rf"\b(?:{'|'.join(re.escape(i) for i in longest)})\b", re.IGNORECASE)


def _without(text: str, idioms: tuple[str, ...]) -> str:
    pattern = _idioms(idioms)
    return text if pattern is None else pattern.sub(" ", text)


def _articles(text: str, nouns: Mapping[str, Mapping[str, Any]]) -> list[str]:
    why = []
    for name, data in nouns.items():
        if name not in text:
            continue
        if data.get("proper"):
            if re.search(rf"\b(?:[Tt]he|[Aa]n?) {re.escape(name)}\b", text):
                why.append(f"an article before the proper name {name!r}")
        elif data.get("number", "singular") != "singular" and re.search(
            rf"\b[Aa]n? {re.escape(name)}\b", text
        ):
            why.append(f"'a' before {name!r}, which the data calls {data['number']}")
    return why


_YOU_DOES = re.compile(r"(?:^|[.!?;:]\s+|\band\s+)You ([a-z]+)\b")
_NOT_VERBS = frozenset({"this", "us", "his", "its", "less", "across", "always", "as", "yours", "was", "is"})


def agreement(text: str, truth: Truth, also: tuple[str, ...] = ()) -> list[str]:
    """What disagrees in number in a line of this game ('1 dice', 'two board', 'You limps'): its counted nouns
    and `also` (the screens count a few more), its idioms aside. For any line, not only narration."""
    return _agreement(_without(text, truth.idioms), tuple(dict.fromkeys((*truth.counted, *also))))


def _agreement(text: str, counted: tuple[str, ...]) -> list[str]:
    """'1 dice', 'two board', 'You limps': number agreement, judged by inflect for the game's counted nouns
    (and for 'You' opening a clause, which must not take a verb in its singular form)."""
    why = []
    folded = text.casefold()
    for noun in counted:
        one, other, words = _agreeing(noun)
        if not any(word in folded for word in words):
            continue  # neither pattern can match without the noun or its plural: skip the slow searches
        if (found := one.search(text)) is not None:
            why.append(f"one before a plural: {found[0]!r}")
        for found in other.finditer(text):  # every word before the noun, leftmost first
            if _COUNT.fullmatch(found[1]) or found[1].casefold() in _OTHER_COUNTS:
                why.append(f"a count other than one before a singular: {found[1] + ' ' + found[2]!r}")
                break
    for found in _YOU_DOES.finditer(text):
        word = found[1]
        if word.endswith("s") and not word.endswith("ss") and word not in _NOT_VERBS:
            from narratives.nouns import _plural_verb

            if _plural_verb(word) != word:
                why.append(f"'You' with a verb in its singular form: {found[0].strip()!r}")
    return why


_COUNT = re.compile(r"\d*[02-9]|\d+\d")
"""A count other than one in digits."""
_OTHER_COUNTS = frozenset(number_word(n) for n in range(100) if n != 1)


@cache
def _agreeing(noun: str) -> tuple[re.Pattern[str], re.Pattern[str], tuple[str, str]]:
    """The pattern for 'one NOUNS'; the one that finds each whole word before NOUN (overlapping, so none is
    missed), which `_agreement` tells a count from (searching for all hundred count words at once is slow);
    and the two words (casefolded) one of which either needs."""
    from narratives.nouns import count_plural

    plural = count_plural(noun)
    one = re.compile(rf"(?<![\w,.-])(?:1|one) {re.escape(plural)}\b", re.IGNORECASE)
    before = re.compile(rf"(?<![\w,./-])(?=([\w-]+) ({re.escape(noun)})\b)", re.IGNORECASE)
    return one, before, (noun.casefold(), plural.casefold())


# -- over a whole log ------------------------------------------------------------------------------------


_READINGS_KEPT = 200_000
"""Distinct sentences whose readings a game's templates keep (a few hundred games tell some 30,000)."""


def check_story(narrator: Narrator, log: Sequence[Event], where: str = "") -> list[Problem]:
    """Every telling of a log, prose and summary, checked against its own event (or fold)."""
    problems = []
    truth, nouns = narrator.templates.truth, narrator.templates.nouns()
    readings: dict[tuple[str, str], Reading] = narrator.templates.memo.setdefault("truth.readings", {})
    if len(readings) > _READINGS_KEPT:
        readings.clear()  # bench/truth.py tells thousands of games: the memory stays bounded
    for telling in narrator.story(log):
        events = log[telling.start : telling.stop]
        fields = narrator.fold_values(events) if telling.folded else narrator.values(events[0])
        known = event_numbers(fields)
        if telling.folded:  # a fold may say what each of its events' own fields hold (each one's roll total)
            for event in events:
                known |= event_numbers(narrator.values(event))
        kind = f"fold:{telling.fold}" if telling.folded else events[0].kind
        claims = claims_of(narrator.templates.claims, kind)
        for text in {telling.prose, telling.summary}:
            if (reading := readings.get((kind, text))) is None:
                reading = readings[(kind, text)] = read(text, truth, nouns, claims)
            for why in check(text, fields, truth, nouns, known, reading):
                problems.append(Problem(f"{where}@{telling.start} {events[0].kind}", text, why))
    return problems


# -- over the templates themselves -------------------------------------------------------------------------


def template_texts(templates: Templates) -> Iterator[tuple[str, str]]:
    """(where, text) for every prose variant, summary, rule option and fold line a game's file holds."""
    for kind, k in templates.kinds.items():
        for name, case in k.cases.items():
            yield from _case_texts(f"{kind}.{name}", case)
    for name, fold in templates.folds.items():
        yield from _case_texts(f"folds.{name}", fold.case)
    for rule in templates.grammar.raw:
        for opt in templates.grammar.options(rule):
            yield f"grammar.{rule}", opt.text
    lesson = templates.lesson()
    if lesson is not None:
        from narratives.lesson import texts

        yield from texts(lesson)


def _case_texts(where: str, case: Case) -> Iterator[tuple[str, str]]:
    for text in case.prose:
        yield where, text
    if case.summary:
        yield f"{where} (summary)", case.summary
    if case.fold_item:
        yield f"{where} (fold_item)", case.fold_item


def declared(templates: Templates) -> Iterator[tuple[str, str, tuple[str, ...], str | None]]:
    """(where, text, tells, kind) for every line a game's file holds, with the conditions under which it is
    told (a prose variant its own and its case's, a summary or fold item its case's, a rule option its own)
    and the event kind it tells (None for a rule's option, which any kind's line may use)."""
    for kind, k in templates.kinds.items():
        for name, case in k.cases.items():
            for where, text, tells in _case_declared(f"{kind}.{name}", case):
                yield where, text, tells, kind
    for name, fold in templates.folds.items():
        for where, text, tells in _case_declared(f"folds.{name}", fold.case):
            yield where, text, tells, f"fold:{name}"
    for rule in templates.grammar.raw:
        for opt in templates.grammar.options(rule):
            yield f"grammar.{rule}", opt.text, opt.tells, None


def _case_declared(where: str, case: Case) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    for v in case.variants():
        yield where, v.text, (*case.tells, *v.tells)
    if case.summary:
        yield f"{where} (summary)", case.summary, case.tells
    if case.fold_item:
        yield f"{where} (fold_item)", case.fold_item, case.tells


def placeholders_out(text: str) -> str:
    """A line's own words, its placeholders (whose words are the event's) blanked."""
    return _PLACEHOLDER.sub(" ", text)


def undeclared(templates: Templates) -> list[Problem]:
    """Lines whose own words make a claim (`[claims]`) without telling what it needs: such a line could be
    chosen for an event that lacks the fact. The words a placeholder brings are the event's, checked in play."""
    problems = []
    for where, text, tells, kind in declared(templates):
        literal = _PLACEHOLDER.sub(" ", text)
        for claim in claimed(literal, templates.claims, kind):
            missing = [t for t in claim.tells if t not in tells]
            if missing:
                problems.append(Problem(where, text, f"claims {claim.name} but does not tell {missing}"))
    return problems


def literal_numbers(templates: Templates) -> list[Problem]:
    """Numbers written into a template's own words: a number must come from the event, by a placeholder."""
    problems = []
    for where, text in template_texts(templates):
        literal = _PLACEHOLDER.sub(" ", text)
        for n in numbers_in(literal, templates.truth.idioms):
            problems.append(Problem(where, text, f"the template itself says {n}"))
    return problems


# -- over played games -------------------------------------------------------------------------------------


class Played(msgspec.Struct, frozen=True):
    """A game played headless, with where each of the person's decisions began in its log."""

    seed: int
    events: list[Event]
    decisions: list[int]


def play(
    game: Game, seed: int, options: Mapping[str, str] | None = None, policy: str | None = None
) -> Played:
    """As `engines.core.autoplay.play`, keeping where the person seats decided (what the REPL shows apart)."""
    state, events = game.setup(seed, options or {})
    decisions: list[int] = []
    n = 0
    while (decision := game.decision(state)) is not None and n < 100_000:
        pick = game.policies[policy or game.default_policy]
        key = pick(game.view(state, decision.seat), decision, policy_rng(seed, n))
        if decision.seat in game.person_seats:
            decisions.append(len(events))
        events.extend(game.apply(state, key, decision))
        n += 1
    return Played(seed, events, decisions)


def fold_spans(narrator: Narrator, played: Played) -> list[Problem]:
    """Tellings that span one of the person's decisions: the REPL showed their first part already."""
    problems = []
    marks = set(played.decisions)
    for telling in narrator.story(played.events):
        if any(m in marks for m in range(telling.start + 1, telling.stop)):
            problems.append(
                Problem(f"{played.seed}@{telling.start}", telling.prose, "a fold spans a decision")
            )
    return problems
