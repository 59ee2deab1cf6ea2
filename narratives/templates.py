"""Reading a game's TOML of templates once, into cases the narrator can pick from.

The language of a template file (`_common.toml` holds what every game shares; a game's own file overrides):

Kinds and cases. One table per event kind. The table's own `prose` list and `summary` are its default case;
sub-tables (`[zombies_spawn.none]`) are named cases that inherit what they leave out. Which case fits an
event is decided by an optional Python module of the same name (`case(event)`), which may also add derived
fields (`fields(event, phrases)`). A prose variant is chosen by the log position (a crc32 of seed, position
and kind) among the variants that fit the event and are not among the case's recent uses (as a rule's options
are, see grammar.py); `summary` is the terse line of `brief` mode and of the
bracket after a roll. `summary = ""` with no prose: the event needs no line.

Fields. `{name}` reads the event's facts, `turn`, the game's derived fields, and companions:
- of a number x: x_word 'two', x_Word 'Two', x_s ('' for one, else 's'), x_ordinal 'second';
  `{x_noun:die}` 'dice', `{x_num:die}` '2 dice', `{x_words:die}` 'two dice', `{x_Words:die}` 'Two dice',
  `{x_verb:falls}` 'fall' (agreeing with the count);
- of a list x: x_list '2, 5 and 6', x_count and its number companions;
- of a name x (any text field): x_a 'an Axe' (none before a plural, mass or proper name), x_A, x_the
  'the Lobby' ('The Pit' and proper names as written), x_The, x_plural, x_singular, `{x_verb:changes}`
  ('The Cowboy Boots change hands', 'You limp'), and the pronouns x_they x_them x_their x_theirs x_themself
  (x_They ... capitalized; `{x_they_verb:lifts}` agrees with the pronoun). A name's grammar is data: a
  `[nouns]` table (`"Cowboy Boots" = { number = "plural" }`, `"Laurie" = { pronouns = "she" }`,
  `"Grandpa's Room" = { proper = true }`; also `plural = "..."`, `a = "..."` to spell a form out), the game
  module's `nouns()` (the same, read from its card data), or a `Noun` its `fields()` returns. A pronoun is
  never guessed: a name with none in the data cannot fill `{x_they}` (the template gives way to another).
  Plurals, articles and plural verbs come from inflect, loaded on first need.

Variety from parts. A `[grammar]` table holds rules: `opener = ["The clock ticks on.", "#clock# stops."]`.
`#rule#` in any prose expands to one of its options, recursively, `#rule.cap#` capitalized (after the fields
are filled in); options read the event's fields like any template. A rule avoids its own options used lately
(see grammar.py), seeded by the run and the log position, so the same seed and log always give the same
text; that memory is why a log is told from its start (story.py). The prose list itself is still chosen by
position alone, so a file without rules reads exactly as before, and a line told outside the log (the undo
marker, which the REPL prints as the undo is made) must use no rules to read the same in both places. Rules
in `_common.toml` serve every game; a game's rule of the same name replaces the shared one. Rules and
conditions are parsed on first use (a launch tells few lines): `validate()` checks a whole file at once.

Facts told. Any prose variant or rule option may be a table `{ text = "...", tells = ["killed", "!wasted"] }`
and a case may carry `tells = [...]` for all its lines, summary included (see tells.py for the conditions).
A variant or option is chosen only where its conditions hold and every field it names exists; a case whose
conditions fail is not used (the kind's default case, or the plain kind-and-facts line, speaks instead).

Again. `[again]` maps an event kind to facts (`supply_drawn = ["seat", "card"]`): an event of that kind told in
the log after one of the same kind in the same turn with the same values of those facts gets the field `again`
(true), so a line can say 'another' (`tells = ["again"]`) where the same thing really happens a second time, and
not where it is the first. It is read from the log before the event, so the same log tells the same words; an
event told alone (`Narrator.prose`) has no log before it, and no `again`.

Folds. `fold = "name"` on a kind or case (with `fold_item = "{title}"` naming each event, and optionally
`fold_by = ["seat"]`, facts that must agree) lets consecutive events of that fold, under one heading and in
one turn, be told together by `[folds.name]` (its `prose`, `summary`, `tells`, and `min`, 2 by default).
With `turns = true` the run is of whole turns instead, one or several in a row, whatever their headings: every
event of each turn is of the fold, and the run begins where a turn begins and ends where one ends (a turn still
going at the end of the log is left out until it is over); `fold_by` does not apply, and each event's
`fold_item` also reads the facts of its turn's earlier events (a move names the roll before it).
`fold_item = ""` names no item for that event.
Its fields: the folded events' facts merged (later ones win), first_x (the first event's x), sum_x (numbers
added up), all_x (every event's x, a list), has_<kind> (true for each kind present), count (events), items
('Walk x2, Focus and Short Rest': each event's fold_item, repeats written by `[phrases] fold_repeat`,
'{item} x{n}' by default), each (the fold_items, a list), counts (how often each item came) and turns (how
many turns the fold spans). With no `summary`, `brief` gives each event's summary in turn; where no fold
line fits, each event is told in its own words. A fold must not span one of the person's decisions (the
REPL has shown what came before): put the fold on the case of the events that come together, and
tests/tools/truth.py's fold_spans checks it over played games.

Voices. The narrator is told which seat listens (None: nobody's, the file's own words). `[voices.SEAT]` holds
what that seat hears instead: kind tables, cases, `[grammar]` rules and `[phrases]`, laid over the file's own
key by key (`voiced`), so a voice writes only what differs, such as the side that is "you". Every template
also reads `listener`, the seat ('' for nobody), for a `tells = ["listener=sawyer"]` of its own.

Secrets. `[private]` names the facts only one seat may hear (`drew = "sawyer"`: the family's drawn cards):
the narrator leaves them out of every event told to anyone else (nobody in particular included), so no
template, case, fold or plain line can say them there (narrator.heard).

Claims. `[claims.NAME]` tables (the shared file's and the game's) name the words that assert a fact and the
conditions a line using them must tell: `says = "storm drains?"` (a regular expression, whole words, any case),
`tells = ["sewer"]`, and optionally `kinds = [...]`, the event kinds (or `fold:NAME`) the claim is limited to,
where each kind names its facts its own way. Every line whose own words make a claim declares its `tells`
(tests/tools/truth.py's undeclared, tests/narratives/test_claims.py); the words a placeholder brings are the event's, and
tests/tools/truth.py's check_story checks what every told sentence claims against its event.

Truth. `[truth]` names the field that says how an event went (`outcome`: 'success' or 'failure'), the one
that says how much health was lost (`health`), and the words that claim each (`success_words`,
`failure_words`, `health_words`, regular expressions matched as whole words); `idioms` are phrases whose
number words count nothing ('no one'); `counted` the nouns a count must agree with ('die': never '1 dice').
truth.py checks narrated sentences against them.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from engines.core.datafile import read_toml
from engines.core.events import Event
from narratives.grammar import RULE, Grammar, Option, option, split
from narratives.tells import check

if TYPE_CHECKING:
    from narratives.lesson import Lesson

_HERE = Path(__file__).parent  # the TOML files sit beside this module

RESERVED = frozenset(
    {
        "game",
        "titles",
        "phrases",
        "rules",
        "grammar",
        "folds",
        "nouns",
        "truth",
        "voices",
        "private",
        "claims",
        "lesson",
        "again",
    }
)
"""Top-level tables that are not event kinds."""

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")

CaseFn = Callable[[Event], str]
FieldsFn = Callable[[Event, Mapping[str, str]], Mapping[str, Any]]
NounsFn = Callable[[], Mapping[str, Mapping[str, Any]]]


class Case(msgspec.Struct, frozen=True):
    """One way of telling an event: prose variants to choose from, and a terse summary line.

    `prose` holds the variants' texts; `prose_tells` (when given) what each of them tells, in step."""

    prose: tuple[str, ...] = ()
    summary: str | None = None
    prose_tells: tuple[tuple[str, ...], ...] = ()
    tells: tuple[str, ...] = ()
    fold: str | None = None
    fold_item: str | None = None
    fold_by: tuple[str, ...] = ()

    def variants(self) -> tuple[Option, ...]:
        return _variants(self.prose, self.prose_tells)


@cache
def _variants(prose: tuple[str, ...], tells: tuple[tuple[str, ...], ...]) -> tuple[Option, ...]:
    return tuple(
        option({"text": text, "tells": tells[i] if i < len(tells) else ()}, "prose")
        for i, text in enumerate(prose)
    )


class Kind(msgspec.Struct, frozen=True):
    """Every case of one event kind; an unknown case name falls back to `default`."""

    cases: Mapping[str, Case]
    default: str

    def pick(self, name: str) -> Case:
        return self.cases.get(name) or self.cases[self.default]


class Fold(msgspec.Struct, frozen=True):
    """How a run of events of one fold is told as one: a case of its own, used from `min` events on.
    `turns`: the run holds whole turns, one or several (a rival's turns that only travel), not one turn's part."""

    case: Case
    min: int = 2
    turns: bool = False


class Truth(msgspec.Struct, frozen=True):
    """What the truth checks read: which fields carry the outcome and the health lost, and the words that
    claim each. Empty lists claim nothing."""

    outcome: str = "outcome"
    health: str = "health_lost"
    success_words: tuple[str, ...] = ()
    failure_words: tuple[str, ...] = ()
    health_words: tuple[str, ...] = ()
    idioms: tuple[str, ...] = ()
    counted: tuple[str, ...] = ()
    """Nouns the game counts ('die', 'card'), in the singular: a count must agree with them."""


class Claim(msgspec.Struct, frozen=True):
    """A fact a sentence asserts by its words: `says`, a regular expression matched as whole words in any
    case ('storm drains?'), and `tells`, the conditions every line using those words declares (and the event
    told must satisfy): a line that says "you draw again" tells `draws`. `kinds`, where given, limits the
    claim to the lines of those event kinds (each kind names its facts its own way)."""

    name: str
    says: str
    tells: tuple[str, ...]
    kinds: tuple[str, ...] = ()


class Topic(msgspec.Struct, frozen=True):
    name: str
    title: str
    text: str
    aliases: tuple[str, ...] = ()


def _no_case(event: Event) -> str:
    return "default"


def _no_fields(event: Event, phrases: Mapping[str, str]) -> Mapping[str, Any]:
    return {}


def _no_nouns() -> Mapping[str, Mapping[str, Any]]:
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
    grammar: Grammar = msgspec.field(default_factory=Grammar)
    folds: Mapping[str, Fold] = {}
    truth: Truth = Truth()
    noun_table: Mapping[str, Mapping[str, Any]] = {}
    noun_hook: NounsFn = _no_nouns
    private: Mapping[str, str] = {}
    """Fact name -> the one seat that may hear it (the `[private]` table)."""
    lesson_table: Mapping[str, Any] = {}
    """The `[lesson]` table as the file has it: the coach's words for a guided first game (narratives/lesson.py)."""
    claims: tuple[Claim, ...] = ()
    """The facts sentences assert by their words (the `[claims]` tables of the shared file and the game's)."""
    again: Mapping[str, tuple[str, ...]] = {}
    """Event kind -> the facts that make an earlier event of that kind in the same turn the same thing happening
    again (the `[again]` table): such an event's telling gets the field `again` (see the module doc)."""
    memo: dict[str, Any] = {}
    """Filled on first use (the merged nouns), so a launch that names no noun reads no card data."""

    def nouns(self) -> Mapping[str, Mapping[str, Any]]:
        """Every name's grammar: the game module's `nouns()` (its card data), then the `[nouns]` table."""
        if "nouns" not in self.memo:
            self.memo["nouns"] = {**self.noun_hook(), **self.noun_table}
        return self.memo["nouns"]

    def lesson(self) -> Lesson | None:
        """The game's lesson, parsed on first use (a run that is not a lesson never reads it); None if none."""
        if not self.lesson_table:
            return None
        if "lesson" not in self.memo:
            from narratives.lesson import parse

            self.memo["lesson"] = parse(self.lesson_table)
        return self.memo["lesson"]


def validate(templates: Templates) -> list[str]:
    """Everything a file gets wrong that only shows when a line is told (an unreadable option, a condition
    that cannot be read, a rule no file has); parsed lazily at play, so a test asks for all of it here."""
    problems = templates.grammar.validate()
    cases = [(f"{k}.{n}", c) for k, kind in templates.kinds.items() for n, c in kind.cases.items()]
    cases += [(f"folds.{n}", f.case) for n, f in templates.folds.items()]
    for where, case in cases:
        try:
            for v in case.variants():
                for condition in (*v.tells, *case.tells):
                    check(condition)
                for used in RULE.findall(v.text):
                    if used[0] not in templates.grammar.raw:
                        problems.append(f"{where}: names the unknown rule #{used[0]}#")
        except ValueError as e:
            problems.append(f"{where}: {e}")
        if case.fold is not None and case.fold not in templates.folds:
            problems.append(f"{where}: folds into '{case.fold}', which has no [folds.{case.fold}] table")
    try:
        templates.lesson()
    except (ValueError, TypeError) as e:
        problems.append(f"lesson: {e}")
    for claim in templates.claims:
        try:
            re.compile(claim.says)
            for condition in claim.tells:
                check(condition)
        except (re.error, ValueError) as e:
            problems.append(f"claims.{claim.name}: {e}")
        if not claim.says or not claim.tells:
            problems.append(
                f"claims.{claim.name}: a claim names its words (`says`) and what they tell (`tells`)"
            )
    return problems


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
def load(game_id: str, seat: str | None = None) -> Templates:
    """The parsed templates of a game as `seat` hears them (cached: parsed once per process and seat; a seat
    without a voice of its own shares the game's templates); KeyError for an unknown game, ValueError for a
    prose variant that is neither text nor a table. What only shows when a line is told (rules, conditions)
    is parsed on first use: `validate` checks it all at once."""
    name = module_name(game_id)
    source = _HERE / f"{name}.toml"
    if not source.is_file():
        known = ", ".join(available()) or "none"
        raise KeyError(f"No narrative for game '{game_id}'. Narrated games: {known}.")
    data = read_toml(source)
    voice = data.get("voices", {}).get(seat) if seat is not None else None
    if voice is None and seat is not None:
        return load(game_id)  # one parse for every seat without a voice (the cache keys on the arguments)
    case, fields, nouns = _hooks(name)
    return from_data(game_id, voiced(data, voice or {}), _read("_common"), case, fields, nouns)


def voiced(data: Mapping[str, Any], voice: Mapping[str, Any]) -> dict[str, Any]:
    """The file's tables with one seat's voice laid over them, table by table: what the voice writes
    replaces the same key, what it leaves out is the file's own (a case it does not name keeps its words)."""
    out = dict(data)
    for key, value in voice.items():
        below = out.get(key)
        out[key] = voiced(below, value) if isinstance(value, dict) and isinstance(below, dict) else value
    return out


def from_data(
    game_id: str,
    data: Mapping[str, Any],
    common: Mapping[str, Any] | None = None,
    case: CaseFn = _no_case,
    fields: FieldsFn = _no_fields,
    nouns: NounsFn = _no_nouns,
) -> Templates:
    """Templates from a file's tables (and the shared file's), with the game's hooks: what `load` does."""
    common = common or {}
    return Templates(
        game_id=game_id,
        title=data.get("game", {}).get("title", game_id),
        kinds={**_kinds(common), **_kinds(data)},
        titles={**common.get("titles", {}), **data.get("titles", {})},
        phrases=dict(data.get("phrases", {})),
        topics=tuple(_topics(data.get("rules", {}))),
        case=case,
        fields=fields,
        grammar=Grammar({**common.get("grammar", {}), **data.get("grammar", {})}),
        folds={k: _fold(k, t) for k, t in data.get("folds", {}).items() if isinstance(t, dict)},
        truth=_truth(common.get("truth", {}), data.get("truth", {})),
        noun_table=dict(data.get("nouns", {})),
        noun_hook=nouns,
        private={str(k): str(v) for k, v in data.get("private", {}).items()},
        lesson_table=dict(data.get("lesson", {})),
        claims=_claims({**common.get("claims", {}), **data.get("claims", {})}),
        again={str(k): tuple(map(str, v)) for k, v in {**common.get("again", {}), **data.get("again", {})}.items()},
    )


def _read(name: str) -> dict[str, Any]:
    source = _HERE / f"{name}.toml"
    return read_toml(source) if source.is_file() else {}


def _kinds(data: Mapping[str, Any]) -> dict[str, Kind]:
    return {k: _kind(k, table) for k, table in data.items() if k not in RESERVED and isinstance(table, dict)}


def _kind(name: str, table: Mapping[str, Any]) -> Kind:
    """The table's own prose/summary is the default case; sub-tables inherit what they leave out."""
    base = _case(name, table, Case())
    cases = {
        sub_name: _case(f"{name}.{sub_name}", sub, base)
        for sub_name, sub in table.items()
        if isinstance(sub, dict)
    }
    if "default" in cases:
        return Kind(cases, "default")
    if base.prose or not cases:
        return Kind({"default": base, **cases}, "default")
    return Kind(cases, next(iter(cases)))


def _case(where: str, table: Mapping[str, Any], base: Case) -> Case:
    if "prose" in table:
        variants = [split(v, where) for v in table["prose"]]
        prose = tuple(text for text, _ in variants)
        prose_tells = tuple(tells for _, tells in variants)
        if not any(prose_tells):
            prose_tells = ()
    else:
        prose, prose_tells = base.prose, base.prose_tells
    return Case(
        prose=prose,
        summary=table.get("summary", base.summary),
        prose_tells=prose_tells,
        tells=tuple(str(t) for t in table.get("tells", base.tells)),
        fold=table.get("fold", base.fold),
        fold_item=table.get("fold_item", base.fold_item),
        fold_by=tuple(table.get("fold_by", base.fold_by)),
    )


def _fold(name: str, table: Mapping[str, Any]) -> Fold:
    return Fold(_case(f"folds.{name}", table, Case()), int(table.get("min", 2)), bool(table.get("turns")))


def _truth(common: Mapping[str, Any], game: Mapping[str, Any]) -> Truth:
    def words(key: str) -> tuple[str, ...]:
        return tuple(game.get(key, common.get(key, ())))

    return Truth(
        outcome=str(game.get("outcome", common.get("outcome", "outcome"))),
        health=str(game.get("health", common.get("health", "health_lost"))),
        success_words=words("success_words"),
        failure_words=words("failure_words"),
        health_words=words("health_words"),
        idioms=(*common.get("idioms", ()), *game.get("idioms", ())),
        counted=(*common.get("counted", ()), *game.get("counted", ())),
    )


def _claims(table: Mapping[str, Any]) -> tuple[Claim, ...]:
    return tuple(
        Claim(
            str(name),
            str(c.get("says", "")),
            tuple(str(t) for t in c.get("tells", ())),
            tuple(str(k) for k in c.get("kinds", ())),
        )
        for name, c in table.items()
        if isinstance(c, dict)
    )


def _topics(rules: Mapping[str, Any]) -> list[Topic]:
    return [
        Topic(name, t.get("title", name.capitalize()), t.get("text", "").strip(), tuple(t.get("aliases", ())))
        for name, t in rules.items()
        if isinstance(t, dict)
    ]


def _hooks(name: str) -> tuple[CaseFn, FieldsFn, NounsFn]:
    """The game's `case`, `fields` and `nouns` functions, if it has a module; plain defaults otherwise."""
    if importlib.util.find_spec(f"{__package__}.{name}") is None:
        return _no_case, _no_fields, _no_nouns
    module = importlib.import_module(f"{__package__}.{name}")
    return (
        getattr(module, "case", _no_case),
        getattr(module, "fields", _no_fields),
        getattr(module, "nouns", _no_nouns),
    )
