"""Variety from parts: `#rule#` in a template expands to one of the rule's options, recursively (Tracery-style).

Each choice is a pure function of the run's seed, the log position being told, the rule, and which rules
were used lately: an option among the last few uses of its rule is not chosen again while another fits. The
memory of recent uses (`History`) is passed in by the caller, which walks the log from its start, so a
position always reads the same however the log is read.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from narratives.formatting import Fields, names
from narratives.tells import check, holds

RULE = re.compile(r"#([A-Za-z_][A-Za-z0-9_]*)(\.cap)?#")
"""`#name#`, or `#name.cap#` for the expansion with its first letter capitalized."""

CAP = "\x01"
"""Marks where `.cap` wants a capital: the letter comes only once the fields are filled in (`{x_words:head}`)."""
_CAPITAL = re.compile(CAP + r"+([^\w" + CAP + r"]*)(\w?)")

RECENT = 4
"""How many of a rule's latest uses are avoided (fewer where the rule has fewer options to spare)."""

DEPTH = 8
"""Deepest nesting of rules; deeper means a rule that names itself, and the template is refused."""


class Option(msgspec.Struct, frozen=True):
    """One expansion of a rule: its text, the facts it tells, and the fields it reads (known at load)."""

    text: str
    tells: tuple[str, ...] = ()
    reads: tuple[str, ...] = ()


def option(raw: object, where: str) -> Option:
    """A rule option or prose variant from the TOML: a string, or a table `{ text = "...", tells = [...] }`."""
    text, tells = split(raw, where)
    try:
        reads = tuple(dict.fromkeys(names(text)))
    except ValueError as e:
        raise ValueError(f"{where}: {e}: {text!r}") from None
    return Option(text, tells, reads)


def split(raw: object, where: str) -> tuple[str, tuple[str, ...]]:
    """(text, tells) of an option as the TOML gives it, without reading its fields (that waits for use)."""
    if isinstance(raw, str):
        return raw, ()
    if isinstance(raw, Mapping) and isinstance(raw.get("text"), str):
        return raw["text"], tuple(str(t) for t in raw.get("tells", ()))
    raise ValueError(f"{where}: an option is a string or a table with `text` (and `tells`): {raw!r}")


class Grammar:
    """A file's rules, each parsed into options the first time it is expanded (a launch expands few)."""

    __slots__ = ("_parsed", "raw")

    def __init__(self, raw: Mapping[str, list[Any]] | None = None):
        self.raw: dict[str, list[Any]] = dict(raw or {})
        self._parsed: dict[str, tuple[Option, ...]] = {}

    def options(self, rule: str) -> tuple[Option, ...]:
        """The rule's options; KeyError for a rule the file does not have."""
        found = self._parsed.get(rule)
        if found is None:
            found = self._parsed[rule] = tuple(option(o, f"grammar.{rule}") for o in self.raw[rule])
        return found

    def validate(self) -> list[str]:
        """What is wrong with the rules (every option parsed, every condition checked); empty if nothing."""
        problems = []
        for rule in self.raw:
            if not rule.isidentifier() or not isinstance(self.raw[rule], list):
                problems.append(f"grammar rule '{rule}' is a list of options under a plain name")
                continue
            try:
                for opt in self.options(rule):
                    for condition in opt.tells:
                        check(condition)
                    for used in RULE.findall(opt.text):
                        if used[0] not in self.raw:
                            problems.append(f"grammar.{rule}: names the unknown rule #{used[0]}#")
            except ValueError as e:
                problems.append(str(e))
        return problems


class History:
    """Which option each rule chose lately, with a log of every choice so a telling can be replayed."""

    __slots__ = ("_before", "choices", "recent")

    def __init__(self, recent: Mapping[str, tuple[int, ...]] | None = None):
        self.recent: dict[str, tuple[int, ...]] = dict(recent or {})
        self.choices: list[tuple[str, int]] = []
        self._before: list[tuple[int, ...] | None] = []

    def use(self, rule: str, index: int) -> None:
        before = self.recent.get(rule)
        self._before.append(before)
        self.recent[rule] = (*(before or ())[-(RECENT - 1) :], index)
        self.choices.append((rule, index))

    def back_to(self, mark: int) -> None:
        """Forget the choices made since `mark` (an expansion that failed further down)."""
        while len(self.choices) > mark:
            rule, _ = self.choices.pop()
            before = self._before.pop()
            if before is None:
                del self.recent[rule]
            else:
                self.recent[rule] = before

    def take(self) -> list[tuple[str, int]]:
        """The choices made since the last take (one telling's), forgetting how to undo them."""
        out, self.choices, self._before = self.choices, [], []
        return out

    def snapshot(self) -> dict[str, tuple[int, ...]]:
        return dict(self.recent)

    def replay(self, choices: Sequence[tuple[str, int]]) -> None:
        for rule, index in choices:
            self.use(rule, index)


def finish(text: str) -> str:
    """The rendered text with a capital wherever `.cap` asked for one."""
    if CAP not in text:
        return text
    return _CAPITAL.sub(lambda m: m[1] + m[2].upper(), text).replace(CAP, "")


def fits(opt: Option, fields: Fields) -> bool:
    """Whether an option can be told of this event: its facts hold and every field it reads exists."""
    if not opt.reads and not opt.tells:
        return True
    return all(fields.has(name) for name in opt.reads) and holds(opt.tells, fields)


def pick(key: str, count: int) -> int:
    """A stable draw in range(count) for a key (crc32: fast, and the same on every platform)."""
    return zlib.crc32(key.encode()) % count


class Expander:
    """Expands the rules in one telling: seeded by the run and the log position, remembering through `history`."""

    __slots__ = ("fields", "history", "prefix", "rules", "uses")

    def __init__(self, rules: Grammar, fields: Fields, history: History, prefix: str):
        self.rules, self.fields, self.history, self.prefix = rules, fields, history, prefix
        self.uses: dict[str, int] = {}

    def expand(self, text: str, depth: int = 0) -> str | None:
        """The text with every `#rule#` replaced; None where a rule is unknown or has no option that fits."""
        if "#" not in text:
            return text
        if depth >= DEPTH:
            return None
        failed = False

        def one(match: re.Match[str]) -> str:
            nonlocal failed
            found = self.choose(match[1], depth)
            if found is None:
                failed = True
                return ""
            return CAP + found if match[2] else found

        out = RULE.sub(one, text)
        return None if failed else out

    def choose(self, rule: str, depth: int) -> str | None:
        try:
            options = self.rules.options(rule)
        except (KeyError, ValueError):
            return None
        if not options:
            return None
        fitting = [i for i, opt in enumerate(options) if fits(opt, self.fields)]
        if not fitting:
            return None
        lately = (
            self.history.recent.get(rule, ())[-min(RECENT, len(fitting) - 1) :] if len(fitting) > 1 else ()
        )
        fresh = [i for i in fitting if i not in lately] or fitting
        n = self.uses.get(rule, 0)
        self.uses[rule] = n + 1
        start = pick(f"{self.prefix}:{rule}:{n}", len(fresh))
        for step in range(len(fresh)):  # an option whose own rules cannot expand gives way to the next
            index = fresh[(start + step) % len(fresh)]
            mark = len(self.history.choices)
            text = self.expand(options[index].text, depth + 1)
            if text is not None:
                self.history.use(rule, index)
                return text
            self.history.back_to(mark)
        return None
