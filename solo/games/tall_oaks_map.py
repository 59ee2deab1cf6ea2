"""Tall Oaks in one 80x24 panel: the grid with a key beside it (each location by its letter, what is inside)
and a legend under it saying which mark is you, which is which rival, and that the numbers are the choices as
listed. Every mark on the grid means one thing."""

from __future__ import annotations

from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import MOVE, START_POINT, View
from solo.games.tall_oaks_town import grid
from solo.games.tall_oaks_words import me, short_name, short_place

B = R.BOARD
GRID_WIDTH = max(len(row) for row in B.rows)
KEY_WIDTH = 76 - GRID_WIDTH - 2
"""The key beside the grid: the panel is 80 columns with its border and padding."""
LEGEND_WIDTH = 76
"""The panel's inside: 80 columns less its border and padding."""
RIVAL_MARKS = "&%$#="
"""One sign for each rival, in seat order; you are always @, the Slasher !."""
_LETTERS = {loc.letter for loc in B.locations.values()}
STOP_MARKS = "123456789" + "".join(
    c for c in "bkmpqrstvwxyzBKMPQRTVWXYZ" if c.lower() not in _LETTERS and c not in "ouS"
)
"""Choices 1-9 by their number, then letters no entrance (a-n, A-N), sewer (o, u) or starting point (S) uses."""
SYMBOL = {"K": "S", "B": "*"}
"""Starting points and Bonus Tracks spaces drawn with signs no entrance letter can be mistaken for."""


def _inside(lid: str) -> list[str]:
    """The blank cells beside a location's entrances, inside its block: where the map draws who is in it."""
    out = []
    for e in B.locations[lid].entrances:
        c, r = B.cell[e]
        for dc, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            x, y = c + dc, r + dr
            if 0 <= y < len(B.rows) and 0 <= x < len(B.rows[y]) and B.rows[y][x] == " ":
                out.append(f"{x}-{y}")
    return out


INSIDE = {lid: _inside(lid) for lid in B.locations}


def choosing(view: View) -> list[str]:
    """The board nodes the person is choosing among now, in the order the choices are listed (a move: the
    locations first, then the spaces by id, as the engine lists them; the start: the free starting points,
    in board order)."""
    if view.phase == MOVE and view.current == view.seat and view.stops:
        return sorted(view.stops, key=lambda node: (node not in B.locations, node))
    if view.phase == START_POINT and not me(view).at:
        held = {x.at for x in view.survivors if x.at}
        return [p for p in B.starts if p not in held]
    return []


def marks(view: View) -> dict[str, str]:
    """seat -> its sign on the map: @ for the person, then one sign per rival in seat order."""
    out, rivals = {}, iter(RIVAL_MARKS)
    for x in view.survivors:
        out[x.seat] = "@" if x.seat == view.seat else next(rivals, "+")
    return out


def cells(view: View) -> dict[str, str]:
    """Grid cells to draw over the board: the choices' numbers first, then the survivors, then the Slasher.
    Anything inside a location is drawn in a blank beside its entrance."""
    out: dict[str, str] = {}

    def put(node: str, sign: str) -> None:
        if node in B.locations:
            free = [c for c in INSIDE[node] if c not in out]
            if free:
                out[free[0]] = sign
        elif node in B.cell:
            c, r = B.cell[node]
            out.setdefault(f"{c}-{r}", sign)

    for i, node in enumerate(choosing(view)):
        put(node, STOP_MARKS[i] if i < len(STOP_MARKS) else "+")
    signs = marks(view)
    for x in view.survivors:
        if x.alive and x.at:
            put(x.at, signs[x.seat])
    if view.slasher_at:
        put(view.slasher_at, "!")
    return out


def grid_rows(view: View) -> list[str]:
    """The board's rows one character a space, with the choices, pieces and Scene Markers drawn on."""
    drawn = cells(view)

    def mark(sid: str, ch: str) -> str | None:
        if sid in drawn:
            return drawn[sid]
        if sid in B.entrance_of:
            return ch.upper() if view.markers.get(B.entrance_of[sid]) else ch
        return SYMBOL.get(ch)

    return grid(B, mark).split("\n")


def location_line(view: View, lid: str, room: int = KEY_WIDTH, signs: bool = True) -> str:
    """'g Police Department: marker, Task 2, & !': what a location holds now, within `room` columns; who is
    inside by their signs on the map, or (`signs` False, for plain text) by name."""
    loc = B.locations[lid]
    parts = []
    if lid == R.REC:
        parts.append("Helipad!" if view.helipad else f"Task cards {', '.join(map(str, reversed(view.center)))}" if view.center else "no Task cards")
    elif view.markers.get(lid):
        parts.append("marker")
    elif lid in view.final_tokens:
        owner = next(x for x in view.survivors if x.seat == view.final_tokens[lid])
        parts.append("your Final Rescue" if owner.seat == view.seat else f"{owner.name}'s Final Rescue")
    else:
        parts.append("empty")
    if lid in R.TASK_LOCATIONS:
        k = R.TASK_LOCATIONS.index(lid)
        parts.append(f"Task {k + 1}{' done' if view.done[k] else ''}")
    sign = marks(view) if signs else {x.seat: "you" if x.seat == view.seat else x.name for x in view.survivors}
    inside = [sign[x.seat] for x in view.survivors if x.alive and x.at == lid]
    if view.slasher_at == lid:
        inside.append("!" if signs else R.SLASHERS[view.slasher].name)
    who = (f"; {' '.join(inside)}" if signs else f"; inside: {', '.join(inside)}") if inside else ""
    for name in (loc.name, short_name(lid)):
        line = f"{loc.letter} {name}: {', '.join(parts)}{who}"
        if len(line) <= room:
            return line
    return line[:room]


def slasher_line(view: View, room: int = KEY_WIDTH) -> str:
    """'! Smiley: in the woods, meter 2/4', the place by the nearest location when that is too long."""
    name = R.SLASHERS[view.slasher].name
    meter = "full" if view.slasher == R.LEGEND else f"{view.meter}/{R.METER}"
    if not view.slasher_at:
        return f"! {name}: in the woods, meter {meter}"
    near = view.slasher_at if view.slasher_at in B.locations else B.landmark(view.slasher_at)[0]
    for where in (short_place(view.slasher_at), f"near {short_name(near)}"):
        line = f"! {name}: {where}, meter {meter}"
        if len(line) <= room:
            return line
    return line[:room]


def legend(view: View) -> list[str]:
    """The lines under the grid: who is which mark, then what the numbers and the letters mean."""
    signs = marks(view)
    who = []
    for x in view.survivors:
        name = f"you ({x.name})" if x.seat == view.seat else x.name
        who.append(f"{signs[x.seat]} {name}{'' if x.alive else ' (dead)'}")
    who.append(f"! {R.SLASHERS[view.slasher].name}")
    rows = [who[0]]
    for part in who[1:]:  # a line for who is who, two with five rivals: never wider than the panel
        if len(rows[-1]) + 3 + len(part) > LEGEND_WIDTH:
            rows.append(part)
        else:
            rows[-1] += " · " + part
    listed = choosing(view)
    letters = "letters: the ways in (capital: a Scene Marker inside)"
    if not listed:
        return [*rows, letters]
    n = min(len(listed), len(STOP_MARKS))
    if n <= 9:
        return [*rows, f"{'1' if n == 1 else f'1-{n}'}: your choices · {letters}"]
    more = ", ".join(STOP_MARKS[9:n][:4]) + ("..." if n > 13 else "")
    return [*rows, f"1-9 then {more}: your choices in the order listed", letters]


SIGNS = "S start · * Bonus Tracks · o/u sewers · . road"
"""The board's own signs, in the key's last line."""


def board(view: View) -> str:
    """The rich map: the grid with the locations' key beside it, the legend under both (within 76 columns)."""
    rows = grid_rows(view)
    key = [location_line(view, lid) for lid in B.locations]
    key += [slasher_line(view), SIGNS]
    lines = [f"{row.ljust(GRID_WIDTH)}  {key[i] if i < len(key) else ''}".rstrip() for i, row in enumerate(rows)]
    lines += [" " * (GRID_WIDTH + 2) + k for k in key[len(rows) :]]
    return "\n".join([*lines, "", *legend(view)])


def plain_board(view: View) -> list[tuple[str, str]]:
    """The map told in sentences for a screen reader: who is where, the Slasher, then each location."""
    people = []
    for x in view.survivors:
        who, verb = ("You", "are") if x.seat == view.seat else (x.name, "is")
        people.append(f"{who} {verb} at {place(x.at)}." if x.alive and x.at else f"{who} {verb} {'dead' if not x.alive else 'not on the board yet'}.")
    name = R.SLASHERS[view.slasher].name
    woods = f"in the woods behind {B.locations[R.FARM].name}"
    where = f"{name} is at {place(view.slasher_at)}." if view.slasher_at else f"{name} is {woods}."
    meter = "full" if view.slasher == R.LEGEND else f"{view.meter} of {R.METER}"
    return [
        ("Survivors", " ".join(people)),
        ("Slasher", f"{where} The Slasher Meter is {meter}."),
        ("Locations", "\n".join(location_line(view, lid, 200, signs=False) for lid in B.locations)),
    ]

