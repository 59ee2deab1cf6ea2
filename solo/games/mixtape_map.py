"""Director's Cut's town in one 80x24 panel: the grid with a key beside it (every location by its letter,
what is inside, its locks) and a two-line legend under it saying which mark is you, which is which rival, and
that digits and the letters after them are the stops as listed. Place names short enough for that panel."""

from __future__ import annotations

import re

from engines.mixtape.board import BONUS, ENTRANCE, ROAD, SEWER, START
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.movement import stops_in_order
from engines.mixtape.directors_cut.state import MOVE, SlasherView, View

B = R.BOARD

STOP_MARKS = "123456789mnpqrstvwyzMNPQRTVWYZ"
"""Stops 1-9 by their list number, then m, n, p... (10 on), then M, N, P... (21 on): signs no entrance letter
(a-l, A-L), sewer (o, u), lock (x, X) or starting point (S) uses, so no mark on the grid means two things."""
RIVAL_MARKS = "&%$#="
"""One sign for each rival, in seat order; you are always @, the Hero !."""
_SYMBOL = {"K": "S", "B": "*"}
"""Starting points and Bonus Tracks spaces drawn with signs no entrance letter (A-L) can be mistaken for."""
GRID_WIDTH = max(len(row) for row in B.rows)
KEY_WIDTH = 76 - GRID_WIDTH - 2
"""The key beside the grid: the panel is 80 columns with its border and padding."""


def short_name(lid: str) -> str:
    """A location's name without the town's ('Tall Oaks Hospital' -> 'Hospital'), for narrow places."""
    name = B.locations[lid].name
    return name.removeprefix(B.name + " ") or name


_COMPASS = {"north": "N", "south": "S", "east": "E", "west": "W"}
_LANDMARK = re.compile(r"the (.+?) (north|south|east|west) of (.+?)( \(\d+,\d+\))?$")
"""Board.place's name for a start, a Bonus Tracks space or a sewer: what, which way, of which location."""


def short_place(node: str) -> str:
    """A board node in a few words ('High School north entrance', 'start N of Galaxy Comics', 'Bonus Tracks W
    of Radio Station', 'road 2 NW of Galaxy Comics', 'road 1 E of Town Square E')."""
    if not node:
        return "nowhere yet"
    if node in B.locations:
        return short_name(node)
    kind = B.kind.get(node, "")
    place = B.place(node)
    if kind == ROAD:
        return _short_road(node)
    if kind == ENTRANCE:
        lid = B.entrance_of[node]
        side = re.match(r"the (\w+) entrance of", place)
        return f"{short_name(lid)} {side.group(1)} entrance" if side else f"{short_name(lid)} entrance"
    if kind in (START, BONUS, SEWER):
        m = _LANDMARK.match(place)
        if m:
            what = {"starting point": "start", "Bonus Tracks space": "Bonus Tracks"}.get(m[1], m[1])
            lid = next(k for k, loc in B.locations.items() if loc.name == m[3])
            return f"{what} {_COMPASS[m[2]]} of {_brief(lid)}{m[4] or ''}"
    return place.removeprefix("the ")


def _short_road(node: str) -> str:
    """A road space as `Board.place` finds it, in letters where the words are long: the compass, the side of a
    two-entrance location, and the location's last two words ('road 3 SW of Gas Station', 'road 3 E of High
    School N'), so a long list of stops still fits about two to a line."""
    steps, way, near = B.road_way(node)
    lid = B.entrance_of[near]
    side = ""
    if len(B.locations[lid].entrances) > 1:
        side = " " + _COMPASS[B.place(near).removeprefix("the ").split()[0]]
    return f"road {steps} {''.join(_COMPASS[w] for w in way.split('-'))} of {_brief(lid)}{side}"


def _brief(lid: str) -> str:
    """A location's last two words, for the landmark of a space beside it: 'Gas Station', 'Wishing Well'."""
    return " ".join(short_name(lid).split()[-2:])


def _inside(lid: str) -> list[str]:
    """The blank cells beside a location's entrances, inside its block: where the map draws who is in it."""
    out = []
    for e in B.locations[lid].entrances:
        c, r = B.cell[e]
        for dc, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):  # below or above first: never read as "73"
            x, y = c + dc, r + dr
            if 0 <= y < len(B.rows) and 0 <= x < len(B.rows[y]) and B.rows[y][x] == " ":
                out.append(f"{x}-{y}")
    return out


INSIDE = {lid: _inside(lid) for lid in B.locations}


def rival_marks(view: View) -> dict[str, str]:
    """seat -> its sign on the map: @ for the person's seat, then one sign per rival in seat order."""
    marks, rivals = {}, iter(RIVAL_MARKS)
    for s in view.slashers:
        marks[s.seat] = "@" if s.seat == view.seat else next(rivals, "+")
    return marks


def moving(view: View) -> bool:
    """The person chooses a stop now: the stops carry their list numbers on the map."""
    return view.phase == MOVE and view.current == view.seat and bool(view.stops)


def _cells(view: View) -> tuple[dict[str, str], dict[str, str]]:
    """Grid cells to draw over the board (the stops first while the person chooses one, then slashers, then
    the Hero; anything inside a location in a blank beside its entrance), and for each slasher whose cell was
    taken, the sign drawn there instead (a rival on a stop, two slashers on one starting point)."""
    cells: dict[str, str] = {}
    covered: dict[str, str] = {}

    def put(node: str, sign: str) -> str:
        """Draw the sign; '' when drawn, else the sign already in its place."""
        if node in B.locations:
            free = [c for c in INSIDE[node] if c not in cells]
            if free:
                cells[free[0]] = sign
                return ""
            return cells[INSIDE[node][-1]] if INSIDE[node] else "?"
        if node not in B.cell:
            return "?"
        cell = f"{B.cell[node][0]}-{B.cell[node][1]}"
        if cell in cells:
            return cells[cell]
        cells[cell] = sign
        return ""

    if moving(view):
        for i, (node, _dist) in enumerate(stops_in_order(view.stops)):
            put(node, STOP_MARKS[i] if i < len(STOP_MARKS) else "+")
    marks = rival_marks(view)
    for s in view.slashers:
        if s.alive and s.at:
            under = put(s.at, marks[s.seat])
            if under:
                covered[s.seat] = under
    if view.hero_at:
        under = put(view.hero_at, "!")
        if under:
            covered["hero"] = under
    return cells, covered


def grid_rows(view: View) -> list[str]:
    """The board's rows one character a space, with the pieces, stops, locks and victims drawn on."""
    cells, _covered = _cells(view)

    def mark(c: int, r: int, ch: str) -> str:
        sid = f"{c}-{r}"
        if sid in cells:
            return cells[sid]
        node = B.at_cell.get((c, r), sid)  # the second cell of a double entrance draws its entrance's lock too
        if node in view.locks:
            return "X" if view.locks[node] == "red" else "x"
        if ch in "abcdefghijkl":
            return ch.upper() if view.markers[B.entrance_of[node]] else ch
        return _SYMBOL.get(ch, ch)

    return ["".join(mark(c, r, ch) for c, ch in enumerate(line)) for r, line in enumerate(B.rows)]


def location_line(view: View, lid: str, room: int = KEY_WIDTH) -> str:
    """'a Johnson's Farm: 1 victim, yellow lock': what a location holds now, within `room` columns."""
    loc = B.locations[lid]
    n = view.markers[lid]
    parts = [f"{n} victim{'s' if n != 1 else ''}" if n else "empty"]
    locks = [view.locks[e] for e in loc.entrances if e in view.locks]
    if locks:
        if len(locks) == 1:
            said = f"{locks[0]} lock"
        elif len(set(locks)) == 1:
            said = f"{len(locks)} {locks[0]} locks"
        else:
            said = " and ".join(locks) + " locks"
        parts.append(said + ("" if len(locks) == len(loc.entrances) else ", 1 open"))
    if view.hero_at == lid:
        parts.append(R.hero_now(view.hero, view.wolf).name)
    for name in (loc.name, short_name(lid)):
        line = f"{loc.letter} {name}: {', '.join(parts)}"
        if len(line) <= room:
            return line
    return line


def _fit(fields: list[str], width: int) -> list[str]:
    """Fields joined by ' · ' on as few lines as fit the width, never a field split."""
    lines = [fields[0]]
    for f in fields[1:]:
        if len(lines[-1]) + 3 + len(f) > width:
            lines.append(f)
        else:
            lines[-1] += " · " + f
    return lines


def legend(view: View, width: int = 76) -> list[str]:
    """Under the grid: who is which mark (and where one is hidden under another sign), then the signs."""
    marks = rival_marks(view)
    _cells_drawn, covered = _cells(view)
    you = me(view)

    def under(key: str, at: str) -> str:
        sign = covered.get(key)
        if not sign:
            return ""
        if at == you.at and sign == "@":
            return " (with you)"
        return f" (under {sign})"

    who = []
    for s in view.slashers:
        name = "you" if s.seat == view.seat else s.name
        who.append(f"{marks[s.seat]} {name}{' (dead)' if not s.alive else under(s.seat, s.at)}")
    hero = R.hero_now(view.hero, view.wolf).name
    who.append(f"! {hero}{under('hero', view.hero_at)}")
    signs = ["1-9, m, n, p...: the stops as listed"] if moving(view) else []
    signs += ["A-L: a victim inside", "x/X: yellow/red lock", "S start", "* Bonus Tracks", "o/u sewers"]
    return _fit(who, width) + _fit(signs, width)


def board(view: View) -> str:
    """The rich map: the grid with the locations' key beside it, the legend under both (within 76 columns)."""
    rows = grid_rows(view)
    key = [location_line(view, lid) for lid in B.locations]
    hero_where = B.place(view.hero_at) if view.hero_at else "off the board"
    key.append(
        f"! {R.hero_now(view.hero, view.wolf).name}: {short_place(view.hero_at) if view.hero_at else hero_where}"
    )
    lines = []
    for i, row in enumerate(rows):
        right = key[i] if i < len(key) else ""
        lines.append(f"{row.ljust(GRID_WIDTH)}  {right}".rstrip())
    lines += key[len(rows) :]
    return "\n".join([*lines, "", *legend(view)])


def plain_board(view: View) -> list[tuple[str, str]]:
    """The map told in sentences for a screen reader: who is where, the Hero, then each location."""
    people = []
    for s in view.slashers:
        who = "You" if s.seat == view.seat else s.name
        verb = "are" if s.seat == view.seat else "is"
        if not s.alive:
            people.append(f"{who} {verb} dead.")
        else:
            people.append(
                f"{who} {verb} at {B.place(s.at)}." if s.at else f"{who} {verb} not on the board yet."
            )
    hero = R.hero_now(view.hero, view.wolf).name
    where = f"{hero} is at {B.place(view.hero_at)}." if view.hero_at else f"{hero} is off the board."
    return [
        ("Slashers", " ".join(people)),
        ("Hero", where),
        ("Locations", "\n".join(location_line(view, lid, 200) for lid in B.locations)),
    ]


def me(view: View) -> SlasherView:
    return next(s for s in view.slashers if s.seat == view.seat)
