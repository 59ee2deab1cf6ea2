"""Slaughterhouse's map one House board at a time, each within 80x24: a compact grid of cells (label line,
then who and what is there) with the crossings drawn between, and a legend naming every mark."""

from __future__ import annotations

from engines.slaughterhouse import data as D
from engines.slaughterhouse.state import View

WIDE = 9
"""Characters of a cell's text; each cell has one more in front (the crossing to the cell above) and one
after (the crossing to the cell on its right)."""
FLOORS = {
    "down": "down",
    "ground": "down",
    "ground floor": "down",
    "downstairs": "down",
    "outside": "down",
    "outdoors": "down",
    "yard": "down",
    "up": "up",
    "upstairs": "up",
    "upper": "up",
    "upper floor": "up",
    "first floor": "up",
}
TITLES = {"down": "Ground floor and outdoors", "up": "Upstairs"}
OTHER = {"down": "upstairs", "up": "ground"}
_ACROSS = {"open": ".", "door": "D", "window": "w", "stairs": "S"}
MOVER_NAMES = {"Gn": "Green", "Yl": "Yellow", "Gy": "Grey", "Bl": "Blue"}


def floor_of(text: str) -> str:
    from solo.games import InputError

    board = FLOORS.get(" ".join(text.lower().replace("the ", "").split()))
    if board is None:
        raise InputError(f"No floor '{text}': type 'map upstairs' or 'map ground' (or 'map' alone).")
    return board


def home_floor(view: View) -> str:
    """The floor where the Trespassers still in the house are (the ground floor if they are on both)."""
    boards = {
        D.SPACES[t.space]["board"] for t in view.trespassers if t.space and not t.escaped and not t.dead
    }
    return "up" if boards == {"up"} else "down"


def _content(view: View, sid: str) -> str:
    from solo.games.slaughterhouse import _movers, _things

    movers = _movers(view, sid).replace(" ", "")
    things = _things(view, sid).replace(" ", "")
    text = f"{movers} {things}".strip()
    return text[:WIDE]


def compact_board(view: View, board: str) -> list[str]:
    """Two lines per row of cells: the label (with '^' for stairs) and what is there; a mark after a label is
    the crossing to the cell on its right, a mark before a cell's second line the crossing to the cell below."""
    cells = {D.AT[s]: s for s, sp in D.SPACES.items() if sp["board"] == board}
    cols = max(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) + 1
    step = WIDE + 2
    canvas = [[" "] * (cols * step) for _ in range(rows * 2)]

    def put(y: int, x: int, text: str) -> None:
        for i, ch in enumerate(text):
            canvas[y][x + i] = ch

    for (c, r), sid in cells.items():
        label = D.LABELS[sid][:WIDE]
        if D.SPACES[sid].get("stairs"):
            label = f"{label[: WIDE - 1]:{WIDE - 1}}^"
        put(r * 2, c * step + 1, label)
        put(r * 2 + 1, c * step + 1, _content(view, sid))
    for a, b, kind in D.EDGES:
        if a not in cells.values() or b not in cells.values():
            continue
        (ca, ra), (cb, rb) = sorted((D.AT[a], D.AT[b]))
        mark = _ACROSS[kind]
        if ra == rb and all((c, ra) not in cells for c in range(ca + 1, cb)):
            for c in range(ca, cb):
                put(ra * 2, c * step + WIDE + 1, mark)
            for c in range(ca + 1, cb):
                put(ra * 2, c * step, "." * step)
        elif ca == cb and all((ca, r) not in cells for r in range(ra + 1, rb)):
            put(ra * 2 + 1, ca * step, mark)
            for r in range(ra + 1, rb):
                put(r * 2, ca * step, mark)
                put(r * 2 + 1, ca * step, mark)
    return ["".join(line).rstrip() for line in canvas]


def legend(view: View, board: str) -> list[str]:
    from solo.games.slaughterhouse import MOVER

    movers = "  ".join(f"{MOVER.get(t.id, t.id[:2].title())} {t.id.capitalize()}" for t in view.trespassers)
    return [
        f"{movers} (lower case: hidden, +: dead)",
        "O Old Man  L Leatherface  H Hitchhiker  G Grandpa  F Fire  V vehicle T token",
        "h Horror tile face down  X Horror tile face up  * searched  ^ stairs",
        "Crossings: . open  D door  w window; after a label: to the right; before",
        f"a second line: to the cell below. 'map {OTHER[board]}' shows the other floor.",
    ]


def plain_floor(view: View, board: str) -> list[str]:
    """In words, a line per room (its spaces and what is there), the outdoor spaces with something in them on
    lines of their own, and the empty outdoor spaces on one line."""
    from solo.games.slaughterhouse import UI

    rooms: dict[str, list[str]] = {}
    empty: list[str] = []
    lines: list[str] = []
    for sid, sp in D.SPACES.items():
        if sp["board"] != board:
            continue
        marks = UI._marks(view, sid)
        sym = (
            ("S" if sp.get("search") else "")
            + ("H" if sp.get("hide") else "")
            + ("V" if sp.get("vehicle") else "")
        )
        text = sp["name"] + (f" ({sym})" if sym else "") + (f": {', '.join(marks)}" if marks else "")
        room = sp.get("room", "")
        if room:
            rooms.setdefault(room, []).append(text)
        elif marks:
            lines.append(text + ".")
        else:
            empty.append(sp["name"])
    out = [f"{TITLES[board]}: S search, H hide, V vehicle."]
    for room, spaces in rooms.items():
        out.append(f"{room}{_tile(view, room)}: {'; '.join(spaces)}.")
    out.extend(lines)
    if empty:
        out.append(f"Outdoors with nothing there: {', '.join(empty)}.")
    out.append(f"Type 'map {OTHER[board]}' for the other floor.")
    return out


def _tile(view: View, room: str) -> str:
    if room in view.horror_rooms:
        return (
            f" (Horror tile {D.name(view.horror_known[room])}, face down)"
            if room in view.horror_known
            else " (Horror tile face down)"
        )
    if room in view.horror_up:
        return f" (Horror tile {D.name(view.horror_up[room])})"
    return ""


def floor_panels(view: View, plain: bool, board: str) -> list[tuple[str, str]]:
    body = plain_floor(view, board) if plain else [*compact_board(view, board), *legend(view, board)]
    return [(TITLES[board], "\n".join(body))]
