"""Every consequence told, with its number: the harness of the consequence tests.

A game's counted quantities (`tests/tools/counted.py`: health on every side, items held, tokens, victims, meters)
are read from its state before and after each step (one decision applied, and everything automatic it set
off). Every quantity that changed must be named by some telling of that step's narration: the telling names
the holder (for a quantity each seat or piece holds; the listener is "you"), uses a word of the quantity, and
states the numbers the quantity's `says` asks for, in digits or words: the value now (`after`: a meter, what
is left), the change (`change`), both (`both`: a wound, a heal), or for a collection each thing gained or
lost by its name (`items`: a supply found, a card spent, an Injury taken). The checks read text only; a
caller passes how a telling reads on screen (the REPL's prose with its dice in a bracket).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any, NamedTuple, Protocol

import msgspec

from engines.core import levels
from engines.core.autoplay import decide, policy_rng
from engines.core.contract import Game
from engines.core.events import Event
from narratives.narrator import Narrator
from narratives.story import Telling
from narratives.words import number_word, ordinal_word
from tests.tools.truth import numbers_in

Value = int | tuple[str, ...]
"""A count, or the things held (a multiset of names, sorted)."""

Reading = dict[tuple[str, str], Value]
"""(quantity, holder) -> value; the holder is '' for what the table holds (a meter, the Time track)."""


class Quantity(msgspec.Struct, frozen=True):
    """A counted thing the state records, and how a telling names a change of it."""

    name: str
    words: str
    """A regular expression (matched as whole words, any case) one of whose words names the quantity."""
    says: str = "after"
    """What numbers the telling gives: 'after', 'change', 'both', 'items', 'where' (of the things held, those
    gained: where a piece stands now, not where it was) or 'none' (the words alone)."""
    held: bool = True
    """Whether each seat or piece holds its own (the telling names the holder), or the table holds it."""
    appears: bool = True
    """Whether a holder that appears or goes is a change (False: a supply card's tokens, which come and go
    with the card, whose own change is told)."""
    rises: bool = True
    """Whether the count can rise while its holder stays (False: a supply card's tokens, which only fall while
    the card is held: a rise is the card spent and a fresh copy of it found in one step, each told as a card)."""
    unit: str = ""
    """For a change several tellings share: a regular expression for the counted noun ('workers?'), the
    number before which is a telling's share ('two workers'); one where none is written ('Victim 6 killed')."""


class Counted(Protocol):
    """A game's counted quantities: what they are, how to read them, and how a story names each holder."""

    @property
    def quantities(self) -> Mapping[str, Quantity]: ...

    def read(self, state: Any) -> Reading: ...

    def names(self, state: Any, holder: str, listener: str | None) -> tuple[str, ...]:
        """Regular expressions naming the holder in a sentence told to `listener` ('you' for its own)."""
        ...


class Change(NamedTuple):
    quantity: str
    holder: str
    before: Value
    after: Value


class Miss(msgspec.Struct, frozen=True):
    """A change no telling of its step names: where, what changed, and what the step told."""

    where: str
    change: str
    told: tuple[str, ...]


def changes(before: Reading, after: Reading, quantities: Mapping[str, Quantity]) -> list[Change]:
    """What differs between two readings of a game's quantities (a holder that appears or goes counts from
    nothing: 0, or no things, where its quantity says so)."""
    out = []
    for key in dict.fromkeys([*before, *after]):
        was, now = before.get(key), after.get(key)
        quantity = quantities[key[0]]
        if was == now or ((was is None or now is None) and not quantity.appears):
            continue
        if not quantity.rises and isinstance(was, int) and isinstance(now, int) and now > was:
            continue
        empty: Value = () if isinstance(was if was is not None else now, tuple) else 0
        out.append(Change(key[0], key[1], empty if was is None else was, empty if now is None else now))
    return out


@cache
def _word(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])", re.IGNORECASE)


_ZERO = r"0|zero|no|none|nothing|empty|out"


def says_number(text: str, n: int) -> bool:
    """Whether the text states n, in digits or in words (0 also as 'no', 'none', 'nothing'; 1 also as 'a',
    'an', 'another': 'loses a souvenir')."""
    if n == 0:
        return _word(_ZERO).search(text) is not None
    if n < 0 and re.search(rf"(?<![\w]){n}(?![\w-])|\bminus {number_word(-n)}\b", text):
        return True  # a count below zero (Time in the red): '-1'
    if abs(n) == 1:
        return _word(r"1|one|a|an|another|once|first").search(text) is not None
    return _word(f"{abs(n)}|{number_word(abs(n))}|{ordinal_word(abs(n))}").search(text) is not None


def says_name(text: str, name: str) -> bool:
    return _word(re.escape(name)).search(text) is not None


def told(
    change: Change, quantity: Quantity, text: str, holder_names: Iterable[str], before: str = ""
) -> bool:
    """Whether one telling's text names the change as its quantity asks; the holder may be named in the
    telling `before` it instead ('Patches turns out the drawers. In the clutter: a Machete.')."""
    if quantity.held and not any(_word(n).search(text) or _word(n).search(before) for n in holder_names):
        return False
    if quantity.says in ("items", "where"):
        assert isinstance(change.before, tuple) and isinstance(change.after, tuple)
        moved = Counter(change.after) - Counter(change.before)
        if quantity.says == "items":
            moved += Counter(change.before) - Counter(change.after)
        return all(says_name(text, thing) for thing in moved)
    if quantity.words and not _word(quantity.words).search(text):
        return False
    assert isinstance(change.before, int) and isinstance(change.after, int)
    if quantity.says == "none":
        return True
    need = {
        "after": (change.after,),
        "change": (change.after - change.before,),
        "both": (change.after - change.before, change.after),
    }[quantity.says]
    return all(says_number(text, n) for n in need)


# -- over played games -------------------------------------------------------------------------------------


class Step(NamedTuple):
    """One decision applied: where its events lie in the log, and the changes it made (but where a piece
    stands whose move is not over: a game's `moving`, told when the move ends)."""

    start: int
    stop: int
    changes: list[Change]


class Played(NamedTuple):
    """A game played step by step, and how its holders are named (read from its state)."""

    log: list[Event]
    steps: list[Step]
    names: Callable[[str, str | None], tuple[str, ...]]


def play(
    game: Game,
    counted: Counted,
    seed: int,
    options: Mapping[str, str] | None = None,
    policy: str | Mapping[str, str] | None = None,
) -> Played:
    """A seeded game played headless, with the changes each decision's step made to the counted quantities.
    The setup is not a step: it has no state before it. `policy` is one policy name (or automa level) for
    every seat, or seat -> name (the others play the game's default)."""
    state, events = game.setup(seed, dict(options or {}))
    log = list(events)
    out: list[Step] = []
    reading = counted.read(state)
    chosen = policy if isinstance(policy, Mapping) else {s.id: policy or game.default_policy for s in game.seats}
    picks = {seat: levels.resolve(game, name) for seat, name in chosen.items()}
    n = 0
    while (decision := game.decision(state)) is not None and n < 100_000:
        pick = picks.get(decision.seat) or game.policies[game.default_policy]
        key = decide(game, pick, state, decision, policy_rng(seed, n))
        made = game.apply(state, key, decision)
        now = counted.read(state)
        found = changes(reading, now, counted.quantities)
        moving = getattr(counted, "moving", None)
        if moving is not None and (walking := moving(state)):
            found = [
                c
                for c in found
                if not (counted.quantities[c.quantity].says == "where" and c.holder in walking)
            ]
        out.append(Step(len(log), len(log) + len(made), found))
        log += made
        reading = now
        n += 1
    return Played(log, out, _Names(counted, state))


class _Names:
    """Holder names as the state gives them (names do not change in play: a dead slasher keeps its own)."""

    __slots__ = ("counted", "memo", "state")

    def __init__(self, counted: Counted, state: Any):
        self.counted, self.state = counted, state
        self.memo: dict[tuple[str, str | None], tuple[str, ...]] = {}

    def __call__(self, holder: str, listener: str | None) -> tuple[str, ...]:
        key = (holder, listener)
        if key not in self.memo:
            self.memo[key] = self.counted.names(self.state, holder, listener)
        return self.memo[key]


TextOf = Callable[[Telling, Sequence[Event]], str]


def _prose(telling: Telling, events: Sequence[Event]) -> str:
    return telling.prose


def misses(
    narrator: Narrator,
    counted: Counted,
    played: Played,
    text_of: TextOf = _prose,
    where: str = "",
) -> list[Miss]:
    """Every change of a step that no telling of that step names (a telling of several steps, a fold of a
    rival's turn, serves each)."""
    log = played.log
    tellings = narrator.story(log)
    stops = [t.stop for t in tellings]
    out = []
    for step in played.steps:
        if not step.changes:
            continue
        # The telling just before the step serves too: a choice settles what the telling that asked it said
        # (keeping a First Aid Kit just found, rather than using it, makes no event of its own).
        start = max(0, step.start - 1)
        texts = [
            text_of(t, log[t.start : t.stop])
            for t in _overlapping(tellings, stops, start, max(step.stop, start + 1))
        ]
        # A move another seat's choice cut into (a card played as a Trespasser enters) is told once the move
        # is over, in the telling right after the step: that one serves a change of where a piece stands.
        after = [
            text_of(t, log[t.start : t.stop]) for t in _overlapping(tellings, stops, step.stop, step.stop + 1)
        ]
        gone = (("alive", 0), ("dead", 1), ("escaped", 1))
        died = {c.holder for c in step.changes if (c.quantity, c.after) in gone}
        for change in _each_thing(step.changes, counted.quantities):
            quantity = counted.quantities[change.quantity]
            if (
                change.holder in died
                and change.after == 0
                and change.quantity not in ("alive", "dead", "escaped")
            ):
                continue  # a count a death (or an escape) empties goes with it: the rescue tokens a dead survivor held
            names = played.names(change.holder, narrator.seat) if quantity.held else ()
            # a choice that made no event (the card picked, the dice to throw still to choose) is told by the
            # telling of what it led to, right after it, as well
            told_in = [*texts, *after] if quantity.says == "where" or step.stop == step.start else texts
            if not step_tells(change, quantity, told_in, names):
                what = f"{change.quantity} of {change.holder or 'the table'}: {_show(change)}"
                out.append(Miss(f"{where}@{step.start}", what, tuple(t for t in texts if t)))
    return out


def step_tells(change: Change, quantity: Quantity, texts: Sequence[str], names: Iterable[str]) -> bool:
    """Whether a step's tellings name the change: one telling alone (its holder may be named in the telling
    before it), or, for a change several events made, their tellings together."""
    if any(told(change, quantity, text, names, texts[i - 1] if i else "") for i, text in enumerate(texts)):
        return True
    if quantity.says == "both":
        return _in_steps(change, quantity, texts, names)
    if quantity.says == "change" and not quantity.held:
        return _summed(change, quantity, texts)
    return False


def _each_thing(found: Iterable[Change], quantities: Mapping[str, Quantity]) -> Iterator[Change]:
    """The changes with each thing gained or lost on its own (a supply lost and another found are told apart)."""
    for change in found:
        if quantities[change.quantity].says not in ("items", "where"):
            yield change
            continue
        assert isinstance(change.before, tuple) and isinstance(change.after, tuple)
        gained = Counter(change.after) - Counter(change.before)
        lost = Counter(change.before) - Counter(change.after)
        for thing in gained.elements():
            yield change._replace(before=(), after=(thing,))
        if quantities[change.quantity].says == "items":
            for thing in lost.elements():
                yield change._replace(before=(thing,), after=())


def _in_steps(change: Change, quantity: Quantity, texts: Sequence[str], names: Iterable[str]) -> bool:
    """A wound and a heal in one step (a slasher killed and revived): the step's net change is no one event's,
    so each telling gives its own; the value now must still be said, and some other figure of it besides (a
    loss, a gain)."""
    now = change._replace(before=change.after)
    after = Quantity(quantity.name, quantity.words, "after", quantity.held)
    if not any(told(now, after, text, names) for text in texts):
        return False
    assert isinstance(change.after, int)
    figures = {n for t in texts if _word(quantity.words).search(t) for n in numbers_in(t)}
    return bool(figures - {change.after, abs(change.after)})


_ONE = re.compile(r"(?<![\w-])(?:a|an|the|another|one)(?![\w-])", re.IGNORECASE)


def _summed(change: Change, quantity: Quantity, texts: Sequence[str]) -> bool:
    """Several events of one step, each telling its own share (two workers killed, told one at a time): the
    shares the tellings naming the quantity give add up to the change (one where a telling names a single one:
    'the worker in it dies')."""
    assert isinstance(change.after, int) and isinstance(change.before, int)
    total = 0
    for text in texts:
        if not _word(quantity.words).search(text):
            continue
        if quantity.unit:
            found = _counted(quantity.unit).search(text)
            total += max(numbers_in(found[1])) if found and numbers_in(found[1]) else 1
            continue
        numbers = numbers_in(text)
        total += max(numbers) if numbers else (1 if _ONE.search(text) else 0)
    return total == abs(change.after - change.before)


@cache
def _counted(unit: str) -> re.Pattern[str]:
    return re.compile(rf"\b([\w-]+) (?:{unit})\b", re.IGNORECASE)


def _overlapping(
    tellings: Sequence[Telling], stops: Sequence[int], start: int, stop: int
) -> Iterator[Telling]:
    """The tellings with an event in log[start:stop] (`stops`: each telling's stop, in order)."""
    for t in tellings[bisect_right(stops, start) :]:
        if t.start >= stop:
            return
        yield t


def _show(change: Change) -> str:
    if isinstance(change.before, tuple) and isinstance(change.after, tuple):
        gained = Counter(change.after) - Counter(change.before)
        lost = Counter(change.before) - Counter(change.after)
        return f"+{sorted(gained.elements())} -{sorted(lost.elements())}"
    return f"{change.before} -> {change.after}"
