"""The choice keys of Slaughterhouse as one small type, built and read here only.

A key is a verb and its arguments joined by ':' ('move:KIT1', 'run:HALL:KIT1', 'swap:trade:item/a:item/b',
'dice:0,2'). Saves hold the text, so the text never changes; everything else builds a `Key` and writes it with
`str()`, or reads one with `Key.parse`, and asks its fields by name (as Final Girl's keys.py).

| verb                   | fields                                           | text                           |
|------------------------|--------------------------------------------------|--------------------------------|
| take, bury, next, give | card                                             | take:CARD                      |
| panic, play, reroll    | card                                             | panic:CARD                     |
| pick, document         | card                                             | pick:CARD                      |
| space, from, creep     | space                                            | space:SPACE                    |
| brutal, sawyer         | sawyer                                           | brutal:SAWYER                  |
| photo                  | sawyer (Grandpa too), or none (the room)         | photo, photo:SAWYER            |
| attack, hunt, carry    | who (a Trespasser's index)                       | attack:N                       |
| horror; turn           | room; tid (the Trespasser's id)                  | horror:ROOM, turn:TID          |
| run, move2             | via, space (where it ends)                       | run:VIA:SPACE                  |
| move                   | space; who (by Hogtie) or grandpa, carried       | move:SPACE[:N or :grandpa]     |
| free                   | card; space (a move) or who (a blow, a tile)     | free:CARD[:SPACE or :N]        |
| use                    | card; sawyer (a blow), injury (the type healed)  | use:CARD:SAWYER or :INJURY     |
| desp                   | card; sawyer, injury, space, or via and space    | desp:CARD[:X or :VIA:SPACE]    |
| swap                   | who (the partner), or way, card, other (a trade) | swap:N, swap:WAY:CARD[:OTHER]  |
| dice                   | dice (the indexes rolled again)                  | dice:0,2                       |

Any other verb (buy, done, drive, end, flee, ignite, keep, load, loot, none, pass, repair, search, siphon,
talk) has no argument; `photo` also stands alone. The text is the verb and the fields that are set, in the
order of the fields below, so `str` needs no table; `parse` reads each verb by its own shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from engines.core import memo
from engines.core.keys import KeyReader
from engines.slaughterhouse.data import INJURY_TYPES, SAWYER_ORDER


class Key(NamedTuple):
    verb: str
    way: str = ""  # a swap's way: give, take or trade
    card: str = ""  # the card played, used, taken, given or buried (any kind of card)
    other: str = ""  # what a trade takes in return
    via: str = ""  # the space a run or a two-step move passes through
    space: str = ""  # where a move ends; a space chosen
    sawyer: str = ""  # a Sawyer (Grandpa too, for a photo)
    injury: str = ""  # the Injury type healed (hand, foot, head, heart)
    room: str = ""
    tid: str = ""  # a Trespasser by id (whose turn)
    who: int | None = None  # a Trespasser by index (attacked, hunted, carried, swapped with)
    grandpa: bool = False  # a Sawyer's move carrying Grandpa
    dice: tuple[int, ...] = ()  # the dice rolled again, by index

    def __str__(self) -> str:
        return _text(self)

    @property
    def trespasser(self) -> int:
        """`who`, for a key that names a Trespasser (ValueError where it names none)."""
        if self.who is None:
            raise ValueError(f"{_text(self)!r} names no Trespasser")
        return self.who

    @property
    def path(self) -> tuple[str, ...]:
        """The spaces a move goes through, in order: where it ends, after the space it passes through."""
        return (self.via, self.space) if self.via else (self.space,) if self.space else ()

    @staticmethod
    def parse(text: str) -> Key:
        """The Key a key's text stands for; ValueError for text no option could have. Kept per text (keys
        repeat all game long)."""
        return _parse(text)


def _text(k: Key) -> str:
    parts = [k.verb]
    for field in (k.way, k.card, k.other, k.via, k.space, k.sawyer, k.injury, k.room, k.tid):
        if field:
            parts.append(field)
    if k.who is not None:
        parts.append(str(k.who))
    if k.grandpa:
        parts.append("grandpa")
    if k.dice:
        parts.append(",".join(map(str, k.dice)))
    return ":".join(parts)


@memo.positions(16384)
def _parse(text: str) -> Key:
    return _READER.read(text)


@memo.positions(4096)
def verb_of(text: str) -> str:
    """A key's verb, the text before its first colon (any text, a key or not: what a refusal names)."""
    return text.partition(":")[0]


BARE = frozenset(
    {"buy", "done", "drive", "end", "flee", "ignite", "keep", "load", "loot", "none"}
    | {"pass", "photo", "repair", "search", "siphon", "talk"}
)
"""The verbs that are whole keys alone."""


def _only(args: list[str]) -> str:
    """The one argument of a verb that takes one (ValueError for more)."""
    (arg,) = args
    return arg


def _who(verb: str, args: list[str]) -> Key:
    return Key(verb, who=int(_only(args)))


def _two_steps(verb: str, args: list[str]) -> Key:
    via, space = args
    return Key(verb, via=via, space=space)


def _move(verb: str, args: list[str]) -> Key:
    space, *carried = args
    if not carried:
        return Key(verb, space=space)
    (whom,) = carried
    return (
        Key(verb, space=space, grandpa=True) if whom == "grandpa" else Key(verb, space=space, who=int(whom))
    )


def _free(verb: str, args: list[str]) -> Key:
    card, *rest = args
    if not rest:
        return Key(verb, card=card)
    (arg,) = rest
    return Key(verb, card=card, who=int(arg)) if arg.isdigit() else Key(verb, card=card, space=arg)


def _target(verb: str, card: str, arg: str) -> Key:
    """A card on an Injury type (healing it) or at a Sawyer (a blow); else a space (through a window)."""
    if arg in INJURY_TYPES:
        return Key(verb, card=card, injury=arg)
    if arg in SAWYER_ORDER:
        return Key(verb, card=card, sawyer=arg)
    if verb == "use":
        raise ValueError(arg)
    return Key(verb, card=card, space=arg)


def _use(verb: str, args: list[str]) -> Key:
    card, arg = args
    return _target(verb, card, arg)


def _desp(verb: str, args: list[str]) -> Key:
    card, *rest = args
    if not rest:
        return Key(verb, card=card)
    if len(rest) == 2:
        return Key(verb, card=card, via=rest[0], space=rest[1])
    (arg,) = rest
    return _target(verb, card, arg)


def _swap(verb: str, args: list[str]) -> Key:
    if len(args) == 1:
        return _who(verb, args)
    if args[0] == "trade":
        _, card, other = args
        return Key(verb, way="trade", card=card, other=other)
    way, card = args
    if way not in ("give", "take"):
        raise ValueError(way)
    return Key(verb, way=way, card=card)


def _dice(verb: str, args: list[str]) -> Key:
    return Key(verb, dice=tuple(int(i) for i in _only(args).split(",")))


_READERS: dict[str, Callable[[str, list[str]], Key]] = {
    **dict.fromkeys(
        ("take", "bury", "next", "give", "panic", "play", "reroll", "pick", "document"),
        lambda verb, args: Key(verb, card=_only(args)),
    ),
    **dict.fromkeys(("space", "from", "creep"), lambda verb, args: Key(verb, space=_only(args))),
    **dict.fromkeys(("brutal", "sawyer", "photo"), lambda verb, args: Key(verb, sawyer=_only(args))),
    **dict.fromkeys(("attack", "hunt", "carry"), _who),
    **dict.fromkeys(("run", "move2"), _two_steps),
    "horror": lambda verb, args: Key(verb, room=_only(args)),
    "turn": lambda verb, args: Key(verb, tid=_only(args)),
    "move": _move,
    "free": _free,
    "use": _use,
    "desp": _desp,
    "swap": _swap,
    "dice": _dice,
}
"""verb -> how its arguments read (a key with no argument reads as its verb alone)."""


Grouped = Mapping[str, tuple[str, ...]]
"""Options grouped by verb (`by_verb`)."""


def by_verb(keys: list[str]) -> Grouped:
    """The options grouped by their first word, each group and the groups in the order given. Kept per list
    of keys (the automa asks this at every step, and the same lists come back all game long); the grouping is
    read-only, as it is shared."""
    return _grouped(tuple(keys))


@memo.positions(4096)
def _grouped(keys: tuple[str, ...]) -> Grouped:
    by: dict[str, list[str]] = {}
    for k in keys:
        by.setdefault(k.partition(":")[0], []).append(k)  # the verb, without building the Key
    return {head: tuple(group) for head, group in by.items()}

_READER = KeyReader("Slaughterhouse", BARE, _READERS, Key)
"""The game's key texts read back (engines/core/keys.py): each verb's reader above, the bare verbs alone."""
