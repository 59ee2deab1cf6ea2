"""The keys of Final Girl's options as one small type, built and read here only.

A key is a verb and its arguments, written `verb:arg:...` ("play:walk", "play:sprint:trap:2",
"to:office:1:3.7", "hands:pipe+knife"). Saves hold the text, so the text never changes; everything else
builds a `Key` and writes it with `str()`, or reads one with `Key.parse`, and asks its fields by name.

| verb      | fields                                                   | text                                  |
|-----------|----------------------------------------------------------|---------------------------------------|
| play      | card; item (the weapon chosen) or number (a trap's id)   | play:CARD, play:CARD:with:ITEM, play:CARD:trap:N |
| react     | card; item (the weapon chosen)                           | react:CARD, react:CARD:with:ITEM      |
| discard   | card                                                     | discard:CARD                          |
| buy       | card; or every (the free cards)                          | buy:CARD, buy:free                    |
| take      | card (a trade, or a rescue's card); or every (both)      | take, take:CARD, take:both            |
| task      | number (the trap's id)                                   | task:N                                |
| trap      | number (the trap's id: a rescue's move spent on it)      | trap:N                                |
| item      | item                                                     | item:ITEM                             |
| keep      | item; every (the other goes under the pile)              | keep:ITEM, keep:ITEM:bottom           |
| forklift  | space                                                    | forklift:SPACE                        |
| to        | space, number (how many follow), ids (which, if chosen)  | to:SPACE:K, to:SPACE:K:ID.ID          |
| tie       | space; every (she goes for you)                          | tie:SPACE:fg, tie:SPACE:v             |
| convert   | card and other (the pair), or neither (choose next)      | convert, convert:CARD:CARD            |
| closecall | number (the die); or every (all dice)                    | closecall:N, closecall:all            |
| line      | number (the line's index)                                | line:N                                |
| victim    | number (the Victim's id)                                 | victim:N                              |
| pit       | number (dice)                                            | pit:N                                 |
| panic     | every (the Supervisor's group first)                     | panic:group, panic:others             |
| shield    | card (the Terror card)                                   | shield:CARD                           |
| hands     | held (the items held ready)                              | hands:ITEM+ITEM, hands:-              |

Any other verb (end, done, stop, save, accept, back, none) has no argument; `take` and `convert` also stand
alone (take the blow; choose the pair next).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import NamedTuple

from engines.core import memo
from engines.core.keys import KeyReader


class Key(NamedTuple):
    verb: str
    card: str = ""  # an Action card kind (a Terror card for shield)
    other: str = ""  # the second card of a convert
    item: str = ""  # an item (for play and react: the weapon chosen)
    space: str = ""
    number: int = 0  # a trap's id, a die, a line, a Victim, how many follow, how many dice
    ids: tuple[int, ...] = ()  # the Victims chosen to follow
    held: tuple[str, ...] = ()  # the items held ready
    every: bool = False  # buy:free, take:both, closecall:all, keep:...:bottom, tie:...:fg, panic:group

    def __str__(self) -> str:
        return _text(self)

    @property
    def trap(self) -> int:
        """The trap a play goes toward (0 for none), or the trap of a task or trap key."""
        return self.number

    @staticmethod
    def parse(text: str) -> Key:
        """The Key a key's text stands for; ValueError for text no option could have."""
        return _parse(text)


def _text(k: Key) -> str:
    verb = k.verb
    if verb in ("play", "react"):
        if k.item:
            return f"{verb}:{k.card}:with:{k.item}"
        return f"{verb}:{k.card}:trap:{k.number}" if k.number else f"{verb}:{k.card}"
    if verb in ("buy", "take"):
        return f"{verb}:{'free' if verb == 'buy' else 'both'}" if k.every else f"{verb}:{k.card}".rstrip(":")
    if verb in ("discard", "shield"):
        return f"{verb}:{k.card}"
    if verb in ("task", "trap", "line", "victim", "pit"):
        return f"{verb}:{k.number}"
    if verb == "closecall":
        return "closecall:all" if k.every else f"closecall:{k.number}"
    if verb == "item":
        return f"item:{k.item}"
    if verb == "keep":
        return f"keep:{k.item}:bottom" if k.every else f"keep:{k.item}"
    if verb == "forklift":
        return f"forklift:{k.space}"
    if verb == "to":
        ids = ":" + ".".join(map(str, k.ids)) if k.ids else ""
        return f"to:{k.space}:{k.number}{ids}"
    if verb == "tie":
        return f"tie:{k.space}:{'fg' if k.every else 'v'}"
    if verb == "convert":
        return f"convert:{k.card}:{k.other}" if k.card else "convert"
    if verb == "panic":
        return "panic:group" if k.every else "panic:others"
    if verb == "hands":
        return "hands:" + ("+".join(k.held) or "-")
    return verb


@memo.positions(16384)
def _parse(text: str) -> Key:
    return _READER.read(text)


OPTION_KEY = attrgetter("key")
"""An Option -> its key (for `map`)."""


@memo.positions(4096)
def verb_of(text: str) -> str:
    """A key's verb, the text before its first colon (what the prompts name): a pure function of the key, so its
    cache never goes stale."""
    return text.partition(":")[0]


BARE = frozenset({"end", "done", "stop", "save", "accept", "back", "none", "take", "convert"})
"""The verbs that are whole keys alone."""


def _card_with(verb: str, args: list[str]) -> Key:
    if len(args) == 3 and args[1] == "with":
        return Key(verb, card=args[0], item=args[2])
    if len(args) == 3 and args[1] == "trap":
        return Key(verb, card=args[0], number=int(args[2]))
    return Key(verb, card=args[0])


def _card_or_every(verb: str, args: list[str]) -> Key:
    every = "free" if verb == "buy" else "both"
    return Key(verb, every=True) if args[0] == every else Key(verb, card=args[0])


def _number_or_all(verb: str, args: list[str]) -> Key:
    return Key(verb, every=True) if args[0] == "all" else Key(verb, number=int(args[0]))


def _step(verb: str, args: list[str]) -> Key:
    ids = tuple(int(i) for i in args[2].split(".")) if len(args) > 2 else ()
    return Key(verb, space=args[0], number=int(args[1]), ids=ids)


_READERS: dict[str, Callable[[str, list[str]], Key]] = {
    "play": _card_with,
    "react": _card_with,
    "buy": _card_or_every,
    "take": _card_or_every,
    "discard": lambda verb, args: Key(verb, card=args[0]),
    "shield": lambda verb, args: Key(verb, card=args[0]),
    "convert": lambda verb, args: Key(verb, card=args[0], other=args[1]),
    "task": lambda verb, args: Key(verb, number=int(args[0])),
    "trap": lambda verb, args: Key(verb, number=int(args[0])),
    "line": lambda verb, args: Key(verb, number=int(args[0])),
    "victim": lambda verb, args: Key(verb, number=int(args[0])),
    "pit": lambda verb, args: Key(verb, number=int(args[0])),
    "closecall": _number_or_all,
    "item": lambda verb, args: Key(verb, item=args[0]),
    "keep": lambda verb, args: Key(verb, item=args[0], every=args[1:] == ["bottom"]),
    "forklift": lambda verb, args: Key(verb, space=args[0]),
    "to": _step,
    "tie": lambda verb, args: Key(verb, space=args[0], every=args[1] == "fg"),
    "panic": lambda verb, args: Key(verb, every=args[0] == "group"),
    "hands": lambda verb, args: Key(verb, held=() if args[0] == "-" else tuple(args[0].split("+"))),
}
"""verb -> how its arguments read (a key with no argument reads as its verb alone)."""

_READER = KeyReader("Final Girl", BARE, _READERS, Key)
"""The game's key texts read back (engines/core/keys.py): each verb's reader above, the bare verbs alone."""
