"""Escape From Tall Oaks in few words: short names for places (so a list of stops fits 80 columns), what a supply
does, and what a typed name means among the choices. Every number comes from the engine's data."""

from __future__ import annotations

import re

from engines.core.contract import Decision, Option
from engines.mixtape.board import BONUS, ENTRANCE, ROAD, SEWER, START
from engines.mixtape.keys import Key
from engines.mixtape.tall_oaks import keys
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import SurvivorView, View
from solo.games import InputError

B = R.BOARD
TOWN = "Tall Oaks "


def short_name(lid: str) -> str:
    """A location's name in two words at most, without the town's: 'Tall Oaks Police Department' -> 'Police
    Department', 'Fill 'Em All Gas Station' -> 'Gas Station' (a name typed whole still reaches it)."""
    words = (B.locations[lid].name.removeprefix(TOWN) or B.locations[lid].name).split()
    return " ".join(words[-2:])


_COMPASS = {"north": "N", "south": "S", "east": "E", "west": "W"}
_ROAD = re.compile(r"the road (\d+) steps? ([a-z-]+) of (the (\w+) entrance of )?(.+)$")
_LANDMARK = re.compile(r"the (.+?) (north|south|east|west) of (.+)$")
_BY_NAME = {loc.name: lid for lid, loc in B.locations.items()}


def _way(words: str, spelled: bool) -> str:
    """'north-west' -> 'NW' (spelled: as it is)."""
    return words if spelled else "".join(_COMPASS[w] for w in words.split("-"))


def short_place(node: str, spelled: bool = False) -> str:
    """Any space in a few words ('Farm N entrance', 'start E of Farm', 'road 2 NW of Radio Station');
    `spelled` keeps the compass words whole for plain text ('road 2 north-west of Radio Station')."""
    if node in B.locations:
        return short_name(node)
    kind = B.kind.get(node, "")
    full = place(node)
    if kind == ENTRANCE:
        lid = B.entrance_of[node]
        side = re.match(r"the (\w+) entrance of", full)
        return f"{short_name(lid)} {_way(side.group(1), spelled)} entrance" if side else f"{short_name(lid)} entrance"
    if kind == ROAD:
        m = _ROAD.match(full)
        if m:
            toward = (f" {m[4]} entrance" if spelled else f" {_COMPASS[m[4]]}") if m[4] else ""
            return f"road {m[1]} {_way(m[2], spelled)} of {short_name(_BY_NAME[m[5]])}{toward}"
    if kind in (START, BONUS, SEWER):
        m = _LANDMARK.match(full)
        if m:
            what = {"starting point": "start", "Bonus Tracks space": "Bonus Tracks"}.get(m[1], m[1])
            return f"{what} {_way(m[2], spelled)} of {short_name(_BY_NAME[m[3]])}"
    return full.removeprefix("the ")


def last_word(card: str) -> str:
    """A supply by its last word, for the toolbar: 'Baseball Bat' -> 'Bat'."""
    return R.supply(card).name.split()[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def supply_effect(card: str) -> str:
    """What one token of a supply does, in a few words: '+2 Actions, 2 noise a token'."""
    kind = R.supply(card)
    if kind.kind == R.TRAITOR:
        return "steal from or send back a rival at the start of your turn"
    if kind.kind == "health":
        return f"+{kind.amount} health at the start of a turn"
    gain = f"+{_plural(kind.amount, kind.kind.title())}"
    noise = f", {kind.noise} noise" if kind.noise else ""
    return f"{gain}{noise} a {'roll' if kind.infinite else 'token'}"


def supply_left(card: str, x: SurvivorView) -> str:
    """'2 tokens left', or 'unlimited'."""
    kind = R.supply(card)
    return "unlimited" if kind.infinite else f"{_plural(x.trackers.get(card, 0), 'token')} left"


def held(x: SurvivorView) -> str:
    """What a survivor holds, short, for the toolbar and the standings: 'Bat 2, Knife, Task 2'."""
    parts = [last_word(c) if R.supply(c).infinite else f"{last_word(c)} {x.trackers.get(c, 0)}" for c in x.supplies]
    parts += [f"Task {t}" for t in x.tasks]
    return ", ".join(parts) or "nothing"


def ranges(numbers: list[int]) -> str:
    """'4, 7-8, 10-16': choice numbers, runs shortened."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def me(view: View) -> SurvivorView:
    return next(x for x in view.survivors if x.seat == view.seat)


# -- what a typed name means ---------------------------------------------------------------------------------


def _starts(words: list[str], typed: str) -> bool:
    """The typed text starts the words from one of them on ('high sch' starts 'Tall Oaks High School')."""
    return any(" ".join(words[i:]).startswith(typed) for i in range(len(words)))


def named_locations(text: str) -> list[str]:
    """The locations a typed name means: its id, or the start of its name from any word on; three letters at
    least, so a short command is never read as a place."""
    words = " ".join(text.lower().replace("'", "").split())
    if len(words) < 3:
        return []
    exact = [lid for lid, loc in B.locations.items() if words in (lid, loc.name.lower().replace("'", ""))]
    if exact:
        return exact
    return [lid for lid, loc in B.locations.items() if _starts(loc.name.lower().replace("'", "").split(), words)]


def location_stop(text: str, decision: Decision) -> str | None:
    """A location's name as the choice that reaches it: in a move the location itself, else its one entrance
    among the stops; at the start, the one starting point named after it. None when the name is not a
    location or no choice reaches it (the engine then says why); two such choices: InputError saying which."""
    if decision.kind not in ("move", "start"):
        return None
    hits = named_locations(text)
    if len(hits) != 1:
        return None
    lid = hits[0]
    numbered = [(i, o, Key.parse(o.key).arg) for i, o in enumerate(decision.options, 1)]
    if decision.kind == "move":
        if decision.option(keys.go(lid)) is not None:
            return keys.go(lid)
        found = [(i, o) for i, o, node in numbered if node in B.locations[lid].entrances]
    else:
        found = [(i, o) for i, o, node in numbered if _beside(node, lid)]
    if len(found) == 1:
        return found[0][1].key
    if found:
        raise InputError(f"'{text}' could be {_which(found)}. Type the number.")
    return None


def _beside(node: str, lid: str) -> bool:
    """A starting point named after this location ('the starting point north of Tall Oaks Church')."""
    return B.kind.get(node) == START and place(node).endswith(" of " + B.locations[lid].name)


def _which(found: list[tuple[int, Option]]) -> str:
    """'1. Farm N entrance, 3. road 2 NW of Farm N or 4. start N of Church': the choices a word could be."""
    shown = [f"{i}. {_short(o)}" for i, o in found[:4]]
    more = f" and {len(found) - 4} more" if len(found) > 4 else ""
    return ", ".join(shown[:-1]) + f" or {shown[-1]}{more}" if len(shown) > 1 else shown[0]


def _short(o: Option) -> str:
    """A choice in a few words: a space by its short name, anything else by its label."""
    node = Key.parse(o.key).arg
    return short_place(node) if o.key.startswith(("go:", "start:")) else o.label


def word_match(text: str, decision: Decision) -> str | None:
    """A word or two that start words of exactly one choice's label ('north', 'bonus', 'gas') is that choice;
    several: InputError naming them with their numbers. None when no label has the words."""
    typed = " ".join(text.lower().replace("'", "").split())
    if len(typed) < 3:
        return None
    found = [(i, o) for i, o in enumerate(decision.options, 1) if _starts(_label_words(o.label), typed)]
    if len(found) == 1:
        return found[0][1].key
    if found:
        raise InputError(f"'{text}' could be {_which(found)}. Type the number.")
    return None


def _label_words(label: str) -> list[str]:
    return label.lower().replace("(", "").replace(")", "").replace("'", "").split()
