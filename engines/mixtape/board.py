"""The town of Tall Oaks as a graph, read from a board data file, and how a piece moves on it.

A board file draws the roads as a grid of characters (one character a space) and names what each character
is: a road, a starting point, a Bonus Tracks space, a sewer of some colour, or the entrance of a location.
Locations are nodes of their own, joined to their entrance spaces. Both Mixtape Massacre games read their
own board through this module; nothing here knows about cards, noise or slashers.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from engines.core.datafile import read_toml

ROAD = "road"
START = "start"
BONUS = "bonus"
SEWER = "sewer"
ENTRANCE = "entrance"
LOCATION = "location"
SPECIAL = "special"

_NAMED_BY_LANDMARK = {START: "the starting point", BONUS: "the Bonus Tracks space", SEWER: "sewer"}
"""Kinds of space that `Board.place` names by the nearest location rather than by column and row."""


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    letter: str
    entrances: tuple[str, ...]
    neighbours: tuple[str, ...]
    source: str


@dataclass
class Board:
    """Spaces and locations by id, who touches whom, and the grid the spaces came from (for drawing)."""

    name: str
    rows: tuple[str, ...]
    kind: dict[str, str]
    colour: dict[str, str]  # sewer space -> colour
    entrance_of: dict[str, str]  # entrance space -> location id
    adjacent: dict[str, tuple[str, ...]]  # what a piece may step to (locations only through entrances)
    locations: dict[str, Location]
    cell: dict[str, tuple[int, int]]  # space id -> (column, row)
    at_cell: dict[tuple[int, int], str]
    special_name: dict[str, str] = field(default_factory=dict)
    doubles: dict[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """A double entrance (RB: "entrances with double entrance spaces"): its node -> every cell it spans. It is one
    entrance, so one lock covers it whole; only its first cell joins the roads (the board file puts the second
    behind it)."""

    # -- what a space is ---------------------------------------------------------------------------------

    @property
    def starts(self) -> list[str]:
        return [s for s, k in self.kind.items() if k == START]

    @property
    def sewers(self) -> list[str]:
        return self._sewers

    def is_location(self, node: str) -> bool:
        return node in self.locations

    def sewer_exits(self, space: str) -> list[str]:
        """The other sewer spaces of the same colour."""
        return list(self._exits.get(space, ()))

    def touching(self, a: str, b: str) -> bool:
        """The same space or spaces next to each other (not diagonally); a location touches only itself."""
        return a == b or b in self._touching.get(a, ())

    def label(self, node: str) -> str:
        """A node by its kind and grid cell ("the road at 0,8"), as Director's Cut's events have always stored
        it (engines/mixtape/directors_cut/places.py); `place` is the name a player reads."""
        found = self._labels.get(node)
        if found is None:
            found = self._labels[node] = self._label(node)
        return found

    def _label(self, node: str) -> str:
        if node in self.locations:
            return self.locations[node].name
        k = self.kind[node]
        col, row = self.cell[node]
        if k == ENTRANCE:
            return f"the entrance of {self.locations[self.entrance_of[node]].name}"
        if k == SEWER:
            return f"the {self.colour[node]} sewer at {col},{row}"
        if k == START:
            return f"the starting point at {col},{row}"
        if k == BONUS:
            return f"the Bonus Tracks space at {col},{row}"
        if k == SPECIAL:
            return self.special_name.get(node, f"the space at {col},{row}")
        return f"the road at {col},{row}"

    def place(self, node: str) -> str:
        """Any space named by a landmark, as the player reads it (issue 7: never by column and row).

        A location by its name; a starting point, Bonus Tracks space or sewer by the location nearest it and
        the compass direction from that location's entrance ("the starting point north of Galaxy Comics"),
        with the column and row added only where two spaces of a kind would read the same; the two entrances
        of a two-entrance location by side ("the north entrance of Tall Oaks High School"); a road space by the
        entrance nearest it across the grid, the steps from there and the way ("the road 2 steps north-west
        of Sucko Power Plant", or "... of the north entrance of Johnson's Farm")."""
        found = self._places.get(node)
        if found is None:
            found = self._places[node] = self._road(node) if self.kind.get(node) == ROAD else self.label(node)
        return found

    def road_way(self, node: str) -> tuple[int, str, str]:
        """How `place` finds a road space: the entrance nearest it across the grid (the first in board order
        on a tie), the steps from it and the way ("north-west"); for screens that shorten the name."""
        col, row = self.cell[node]
        near = min(
            (e for loc in self.locations.values() for e in loc.entrances),
            key=lambda e: abs(self.cell[e][0] - col) + abs(self.cell[e][1] - row),
        )
        ec, er = self.cell[near]
        return abs(ec - col) + abs(er - row), _way(col - ec, row - er), near

    def _road(self, node: str) -> str:
        steps, way, near = self.road_way(node)
        loc = self.locations[self.entrance_of[near]]
        what = loc.name if len(loc.entrances) == 1 else self.place(near)
        return f"the road {steps} step{'s' if steps != 1 else ''} {way} of {what}"

    def _landmark_names(self) -> dict[str, str]:
        names: dict[str, str] = {}
        for node, k in self.kind.items():
            if k not in _NAMED_BY_LANDMARK:
                continue
            lid, _ = self.landmark(node)
            col, row = self.cell[node]
            ec, er = min(
                (self.cell[e] for e in self.locations[lid].entrances),
                key=lambda c: abs(c[0] - col) + abs(c[1] - row),
            )
            way = _compass(col - ec, row - er)
            what = f"the {self.colour[node]} sewer" if k == SEWER else _NAMED_BY_LANDMARK[k]
            names[node] = f"{what} {way} of {self.locations[lid].name}"
        for loc in self.locations.values():
            if len(loc.entrances) != 2:
                continue
            for e, other in (loc.entrances, loc.entrances[::-1]):
                (col, row), (oc, orow) = self.cell[e], self.cell[other]
                way = _compass(col - oc, row - orow)
                names[e] = f"the {way} entrance of {loc.name}"
        seen: dict[str, int] = {}
        for name in names.values():
            seen[name] = seen.get(name, 0) + 1
        for node, name in names.items():
            if seen[name] > 1:
                col, row = self.cell[node]
                names[node] = f"{name} ({col},{row})"
        return names

    # -- moving ------------------------------------------------------------------------------------------

    def stops(
        self,
        start: str,
        roll: int,
        locked: Iterable[str] = (),
        through: Iterable[str] = (),
        key: bool = False,
        exact: Iterable[str] = (),
    ) -> dict[str, int]:
        """Every node a piece at `start` may end on with this roll, and the fewest steps to it.

        The piece walks one way along a simple path (never back over a space: forward or backward, not
        both) and must use the whole roll, except that it may stop early on entering a location or on
        reaching a locked entrance. An entrance counts as a step and so does entering the location. A
        location in `through` (empty, with two or more entrances) may be crossed as one step. A sewer
        space may send the piece to another sewer of its colour; that jump is free and the walk goes on
        with the steps left. With `key` a locked entrance is walked through (the Skeleton Key). Spaces in
        `exact` may only be stopped on, never crossed (none on the Director's Cut board).
        """
        locked = frozenset(locked)
        through = frozenset(through)
        exact = frozenset(exact)
        ball = self._ball(start, roll)  # locks and shortcuts out of reach cannot change the answer
        memo = (start, roll, locked & ball, through & ball, key, exact & ball)
        known = self._stops.get(memo)
        if known is not None:
            return dict(known)
        if len(self._stops) > 20_000:
            self._stops.clear()
        found = _Walk(self, roll, locked, through, key, exact).run(start)
        found.pop(start, None)
        self._stops[memo] = found
        return dict(found)

    def _ball(self, start: str, roll: int) -> frozenset[str]:
        """Every node within `roll` steps of `start` by any way at all (locks and locations ignored)."""
        found = self._balls.get((start, roll))
        if found is None:
            nodes, steps = self._rings(start)
            found = self._balls[(start, roll)] = frozenset(nodes[: bisect_right(steps, roll)])
        return found

    def _rings(self, start: str) -> tuple[list[str], list[int]]:
        """The nodes by their steps from `start` (locks and locations ignored), nearest first, and those steps
        (`distances` finds them in that order), so a ball is a slice."""
        found = self._ring_lists.get(start)
        if found is None:
            dist = self._open(start)
            found = self._ring_lists[start] = (list(dist), list(dist.values()))
        return found

    def _open(self, start: str) -> dict[str, int]:
        """`distances` from `start` through every location, locks ignored (the board never changes)."""
        dist = self._open_distances.get(start)
        if dist is None:
            dist = self._open_distances[start] = self.distances(start, through=self.locations)
        return dist

    def distances(
        self, start: str | Iterable[str], blocked: Iterable[str] = (), through: Iterable[str] = ()
    ) -> dict[str, int]:
        """Fewest steps from `start` (a node, or several at once) to every node, ignoring the dice.

        For planning routes. Locations are ends, except those in `through`; `blocked` nodes (locked
        entrances) are ends too. Sewers jump for free. The starting nodes always expand.
        """
        starts = [start] if isinstance(start, str) else list(start)
        ends = (self._location_set - set(through)) | set(blocked)
        dist = dict.fromkeys(starts, 0)
        onward = self._onward
        frontier, d = starts, 0
        while frontier:  # one ring of nodes a pass, found in the order a queue would find them
            d += 1
            ring = []
            for node in frontier:
                for nxt, jumps in onward[node]:
                    if nxt in dist:
                        continue
                    dist[nxt] = d
                    if nxt not in ends:
                        ring.append(nxt)
                    for exit_ in jumps:
                        if exit_ not in dist:
                            dist[exit_] = d
                            if exit_ not in ends:
                                ring.append(exit_)
            frontier = ring
        return dist

    def landmark(self, node: str) -> tuple[str, int]:
        """The location nearest a space and how many steps away (ignoring locks), to name a road stop."""
        found = self._landmarks.get(node)
        if found is None:
            dist = self.distances(node)
            best = min((dist[lid], lid) for lid in self.locations if lid in dist)
            found = self._landmarks[node] = (best[1], best[0])
        return found

    def nearest(self, start: str, candidates: Iterable[str]) -> str | None:
        """The candidate fewest steps away (ties go to the first in board order); None if none is reachable."""
        wanted = set(candidates)
        if not wanted:
            return None
        dist = self._open(start)
        best = [(dist[c], self._order[c]) for c in wanted if c in dist]
        if not best:
            return None
        return self._by_order[min(best)[1]]

    def __post_init__(self) -> None:
        self._order = {n: i for i, n in enumerate(self.adjacent)}
        self._by_order = list(self.adjacent)
        self._location_set = frozenset(self.locations)
        # For `touching`: the spaces next to each space (no location touches anything but itself).
        self._touching = {
            n: frozenset() if n in self.locations else frozenset(self.adjacent[n]) - self._location_set
            for n in self.adjacent
        }
        self._kind_or_location = {**self.kind, **dict.fromkeys(self.locations, LOCATION)}  # for `_Walk`
        self._landmarks: dict[str, tuple[str, int]] = {}
        self._labels: dict[str, str] = {}
        self._stops: dict[tuple, dict[str, int]] = {}  # memo of `stops`: the board never changes
        self._open_distances: dict[str, dict[str, int]] = {}  # `nearest`'s distances, locks ignored
        self._balls: dict[tuple[str, int], frozenset[str]] = {}
        self._ring_lists: dict[str, tuple[list[str], list[int]]] = {}
        self._sewers = [s for s, k in self.kind.items() if k == SEWER]
        self._exits = {
            s: tuple(o for o in self._sewers if o != s and self.colour[o] == self.colour[s])
            for s in self._sewers
        }
        self._onward = {  # for `distances`: each node's neighbours, each with the sewers it jumps to for free
            node: tuple((nxt, self._exits.get(nxt, ())) for nxt in nxts)
            for node, nxts in self.adjacent.items()
        }
        self._places = self._landmark_names()


def _compass(dc: int, dr: int) -> str:
    """The main direction of a step of dc columns and dr rows (rows grow southward)."""
    if abs(dc) > abs(dr):
        return "east" if dc > 0 else "west"
    return "south" if dr > 0 else "north"


def _way(dc: int, dr: int) -> str:
    """The direction of a step of dc columns and dr rows (rows grow southward), with the diagonals."""
    across = "east" if dc > 0 else "west" if dc < 0 else ""
    down = "south" if dr > 0 else "north" if dr < 0 else ""
    return f"{down}-{across}" if down and across else down or across


def space_id(col: int, row: int) -> str:
    return f"{col}-{row}"


def _letter(rows: tuple[str, ...], col: int, row: int) -> str:
    """The board's character at a cell, ' ' off the grid."""
    return rows[row][col] if 0 <= row < len(rows) and 0 <= col < len(rows[row]) else " "


def _adjacency(
    cell: dict[str, tuple[int, int]],
    doubled: dict[tuple[int, int], str],
    at_cell: dict[tuple[int, int], str],
    kind: dict[str, str],
) -> dict[str, list[str]]:
    """Each space's neighbours (not diagonally; two entrances never touch), a double entrance's from every cell
    it spans, in the order of the grid's cells."""
    adjacent: dict[str, list[str]] = {sid: [] for sid in cell}
    for sid, (c, r) in [*cell.items(), *((node, spot) for spot, node in doubled.items())]:
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            other = at_cell.get((c + dc, r + dr))
            if other is None or other == sid or other in adjacent[sid]:
                continue
            if kind[sid] == ENTRANCE and kind[other] == ENTRANCE:
                continue
            adjacent[sid].append(other)
    return adjacent


def load(path: Path) -> Board:
    """Read a board file (see engines/mixtape/directors_cut/board.toml for the format)."""
    data = read_toml(path)
    rows = tuple(data["grid"]["rows"])
    legend: dict[str, dict] = data["legend"]
    locations_data: dict[str, dict] = data["locations"]
    letters = {loc["letter"]: lid for lid, loc in locations_data.items()}
    kind: dict[str, str] = {}
    colour: dict[str, str] = {}
    entrance_of: dict[str, str] = {}
    cell: dict[str, tuple[int, int]] = {}
    special_name: dict[str, str] = {}
    doubled: dict[tuple[int, int], str] = {}  # the second cell of a double entrance -> the entrance it belongs to
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == " ":
                continue
            sid = space_id(c, r)
            if ch in letters:
                twin = next((space_id(*t) for t in ((c - 1, r), (c, r - 1)) if _letter(rows, *t) == ch), None)
                if twin is not None:  # a double entrance: two cells, one entrance, one lock (RB Beginning the Game)
                    doubled[(c, r)] = doubled.get(cell.get(twin, (-1, -1)), twin)
                    continue
                cell[sid] = (c, r)
                kind[sid] = ENTRANCE
                entrance_of[sid] = letters[ch]
                continue
            cell[sid] = (c, r)
            if ch not in legend:
                raise ValueError(f"board {path.name}: unknown character {ch!r} at {c},{r}")
            entry = legend[ch]
            kind[sid] = entry["kind"]
            if entry["kind"] == SEWER:
                colour[sid] = entry["colour"]
            if entry["kind"] == SPECIAL:
                special_name[sid] = entry["name"]
    at_cell = {v: k for k, v in cell.items()} | doubled
    adjacent = _adjacency(cell, doubled, at_cell, kind)
    locations: dict[str, Location] = {}
    for lid, loc in locations_data.items():
        ents = tuple(s for s, l_ in entrance_of.items() if l_ == lid)
        if not ents:
            raise ValueError(f"board {path.name}: location {lid} has no entrance")
        locations[lid] = Location(
            lid, loc["name"], loc["letter"], ents, tuple(loc.get("neighbours", ())), loc["source"]
        )
        adjacent[lid] = list(ents)
        for e in ents:
            adjacent[e].append(lid)
    return Board(
        name=data["grid"].get("name", path.stem),
        rows=rows,
        kind=kind,
        colour=colour,
        entrance_of=entrance_of,
        adjacent={k: tuple(v) for k, v in adjacent.items()},
        locations=locations,
        cell=cell,
        at_cell=at_cell,
        special_name=special_name,
        doubles={node: (cell[node], *(spot for spot, n in doubled.items() if n == node)) for node in set(doubled.values())},
    )


class _Walk:
    """One search for `Board.stops`: every simple path of exactly `roll` steps, with the early stops it allows.

    The path's spaces are one set, grown on the way down and shrunk on the way back, so no step copies a set;
    the last step notes its stop without a call of its own (most paths end there). The paths are tried in the
    same order as ever, so the stops come out in the same order."""

    __slots__ = ("adjacent", "exact", "exits", "found", "kind", "locations", "locked", "roll", "through")

    def __init__(
        self,
        board: Board,
        roll: int,
        locked: frozenset[str],
        through: frozenset[str],
        key: bool,
        exact: frozenset[str],
    ) -> None:
        self.adjacent, self.locations, self.exits = board.adjacent, board.locations, board._exits
        self.kind = board._kind_or_location
        self.roll, self.through, self.exact = roll, through, exact
        # The Skeleton Key walks through every lock, as if none were locked.
        self.locked: frozenset[str] = frozenset() if key else locked
        self.found: dict[str, int] = {}

    def run(self, start: str) -> dict[str, int]:
        if self.roll:
            self.walk(start, 0, {start})
        return self.found

    def note(self, node: str, used: int) -> None:
        if self.found.get(node, 99) > used:
            self.found[node] = used

    def walk(self, node: str, used: int, seen: set[str]) -> None:
        """Every way on from `node`, `used` steps into the roll, with `seen` the path so far."""
        step = used + 1
        last = step == self.roll
        kinds, found = self.kind, self.found
        for nxt in self.adjacent[node]:
            if nxt in seen:
                continue
            kind = kinds[nxt]
            if kind == LOCATION:
                self.enter(node, nxt, step, seen)
            elif kind == ENTRANCE and nxt in self.locked and node not in self.locations:
                self.note(nxt, step)  # a locked entrance: a stop, never crossed
            elif nxt in self.exact:
                if last:
                    self.note(nxt, step)
            elif last:
                found.setdefault(nxt, step)  # no stop is noted with more steps than the roll
                if kind == SEWER:
                    for exit_ in self.exits[nxt]:
                        if exit_ not in seen:
                            found.setdefault(exit_, step)
            else:
                self.onward(nxt, kind, step, seen)

    def onward(self, nxt: str, kind: str, step: int, seen: set[str]) -> None:
        """Walk on from a space reached with steps left, and from each sewer of its colour if it is one."""
        seen.add(nxt)
        self.walk(nxt, step, seen)
        if kind == SEWER:
            for exit_ in self.exits[nxt]:
                if exit_ not in seen:
                    seen.add(exit_)
                    self.walk(exit_, step, seen)
                    seen.discard(exit_)
        seen.discard(nxt)

    def enter(self, node: str, location: str, step: int, seen: set[str]) -> None:
        """Into a location: a stop, unless the way in is locked; crossed as one step when it is a shortcut."""
        if node in self.locked:
            return
        self.note(location, step)
        if location in self.through and step < self.roll:
            seen.add(location)
            self.walk(location, step, seen)
            seen.discard(location)
