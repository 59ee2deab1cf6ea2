"""The Marrek Warehouse within 80x24: a compact grid of the sixteen spaces, its key in the empty cells and a
legend of what the key cannot say; in plain text, a line for each space that matters now.

The whole warehouse fits, so there is no `map NAME`: a space's full story is `examine NAME`."""

from __future__ import annotations

from rich.text import Text

from engines.final_girl import data as D
from engines.final_girl.state import View
from engines.final_girl.victims import panic_dice
from solo import theme
from solo.games.final_girl_words import setups_line

# The warehouse drawn as a grid of space ids (designed layout). Only the lines drawn connect spaces: two
# cells side by side or one above the other with no line between them are not adjacent.
GRID = [
    ["office", "breakroom", "cage", "fire_exit"],
    ["lobby", "aisle_w", "rack_a", "rack_b"],
    ["entrance", "rack_c", "pit", ""],
    ["corridor", "aisle_e", "packing", ""],
    ["", "bays", "dock", ""],
]
CELL = 16  # characters of a cell: the longest name ("Manager's Office") whole
GAP = 4  # characters between cells, where the walking lines run
WIDTH = len(GRID[0]) * CELL + (len(GRID[0]) - 1) * GAP  # 76: inside a panel on 80 columns

_SPECIAL = {"supervisor": "Sv", "zipp": "Zp", "best_friend": "BF"}
"""A special Victim's mark on the map (the Event that made them special -> two letters)."""


def walks(a: str, b: str) -> bool:
    return bool(a and b) and b in D.WALK_LINES[a]


def leaps(a: str, b: str) -> bool:
    return bool(a and b) and b in D.GAP_LINES.get(a, [])


def tag(space: str, view: View) -> str:
    spec = D.SPACES[space]
    if spec.get("exit"):
        return "#" if space in view.locked else "O"
    if spec.get("search"):
        return f"S{view.item_counts.get(space, 0)}"
    if spec.get("rack"):
        return "^"
    return ""


def marks(view: View, space: str) -> list[str]:
    """Who and what stands in a space, as the map's marks (explained by `legend`)."""
    out = []
    if view.fg_space == space:
        out.append("YOU" if not view.fg_trapped else "YOU(T)")
    if view.killer_space == space:
        out.append("K")
    plain = sum(1 for v in view.victims if v.space == space and not v.trapped and not v.special)
    if plain:
        out.append(f"{plain}v")
    out += [_SPECIAL[v.special] for v in view.victims if v.space == space and not v.trapped and v.special]
    out += [f"T{t.subject}" for t in view.traps if t.space == space and not t.done and t.subject != "fg"]
    if view.forklift == space:
        out.append("F")
    return out


def _cell_marks(view: View, space: str) -> str:
    text = " ".join([tag(space, view), *marks(view, space)]).strip()
    return text if len(text) <= CELL else text.replace(" ", "")[:CELL]


def draw(view: View) -> list[str]:
    """The grid: a line of names with the walking lines between them, a line of marks, and the lines down."""
    out: list[str] = []
    step = CELL + GAP
    for r, row in enumerate(GRID):
        names, below_marks = [], []
        for c, space in enumerate(row):
            right = row[c + 1] if c + 1 < len(row) else ""
            link = "-" * GAP if walks(space, right) else "~" * GAP if leaps(space, right) else " " * GAP
            if not space:
                names.append(" " * step)
                below_marks.append(" " * step)
                continue
            names.append(D.SPACES[space]["name"].ljust(CELL, link[0]) + link)
            below_marks.append(_cell_marks(view, space).ljust(CELL) + " " * GAP)
        out += ["".join(names)[:WIDTH].rstrip(), "".join(below_marks).rstrip()]
        if r + 1 < len(GRID):
            below = GRID[r + 1]
            line = [" "] * WIDTH
            for c, space in enumerate(row):
                centre = c * step + 1
                if walks(space, below[c]):
                    line[centre] = "|"
                elif leaps(space, below[c]):
                    line[centre] = "~"
                if c + 1 < len(row):
                    gap = c * step + CELL + GAP // 2 - 1
                    if walks(space, below[c + 1]):
                        line[gap] = "\\"
                    elif walks(row[c + 1], below[c]):
                        line[gap] = "/"
            out.append("".join(line).rstrip())
    return out


def _unshown_leaps() -> list[tuple[str, str]]:
    """Leap lines between Racks that are not side by side on the grid (told in the legend instead)."""
    where = {s: (r, c) for r, row in enumerate(GRID) for c, s in enumerate(row) if s}
    out = []
    for a, b in D.BOARD["lines"]["gap"]:
        (r1, c1), (r2, c2) = where[a], where[b]
        if not (r1 == r2 and abs(c1 - c2) == 1):
            out.append((a, b))
    return out


_KEY_RIGHT = ["YOU you", "K the Tormentor", "2v two Victims", "Tn Victim n trap", "F the Forklift",
              "# locked Exit", "O open Exit", "S4 4 Items here"]
"""The marks' key, set in the grid's empty cells: the right column beside The Pit and below, and the corner
under the Service Corridor (`_key_left`); each line no wider than a cell."""


def _key_left() -> list[str]:
    unshown = " ".join(f"{D.SPACES[a]['name'][-1]}~{D.SPACES[b]['name'][-1]}" for a, b in _unshown_leaps())
    return ["- | / \\ walk", "~ Leap" + (f" ({unshown} too)" if unshown else ""), "^ Rack: Climb up"]


def _overlay(lines: list[str]) -> list[str]:
    """The key written into the grid's empty cells."""
    step = CELL + GAP
    right = next(c for c in range(len(GRID[0])) if all(not GRID[r][c] for r in range(2, len(GRID)))) * step
    out = [line.ljust(WIDTH) for line in lines]
    for i, text in enumerate(_KEY_RIGHT):
        row = 6 + i  # from the third grid row down: the cells there are empty
        out[row] = out[row][:right] + text.ljust(WIDTH - right)
    for i, text in enumerate(_key_left()):
        row = 11 + i
        out[row] = text.ljust(CELL) + out[row][CELL:]
    return [line.rstrip() for line in out]


def legend(view: View) -> list[str]:
    """What the key in the grid does not say: who is where when it matters, the traps, the Search piles'
    top Items, and the lines that are not drawn; each line within the map's width."""
    news = []
    if not view.killer_space:
        news.append("The Tormentor is not on the board yet")
    news.append(f"Setup: {setups_line(view)}")
    for v in view.victims:
        if v.special and not v.trapped:
            news.append(f"{_SPECIAL[v.special]} {D.EVENTS[v.special]['name']}")
    own = next((t for t in view.traps if t.subject == "fg" and not t.done), None)
    if own is not None:
        news.append(f"YOU(T) you, Trapped: {D.TRAPS[own.card]['name']}")
    news.append(f"{D.SPACES[D.PIT]['name']}: {panic_dice(D.PIT)}-dice panic")
    tops = []
    for space in D.SEARCH_SPACES:
        top = view.item_tops.get(space)
        count = view.item_counts.get(space, 0)
        shown = D.ITEMS[top]["name"] if top else "face down" if count else "empty"
        tops.append(f"{shown} ({D.SPACES[space]['name']})")
    traps = [t for t in view.traps if not t.done and t.subject != "fg"]
    trap_words = [
        f"T{t.subject} {D.TRAPS[t.card]['name']} {t.step}/{len(D.TRAPS[t.card]['track']) - 1}"
        for t in traps
    ]
    lines = _flow(news)
    lines += _flow(["Top Items: " + tops[0], *tops[1:]], ", ")
    if trap_words:
        told = _flow(["Traps (step reached/last): " + trap_words[0], *trap_words[1:]])
        room = LEGEND_LINES - len(lines)
        lines += told if len(told) <= room else ["Traps: 'x NAME' tells each (the key says whose)"][:room]
    return lines


LEGEND_LINES = 6
"""Lines under the grid: with the grid's 14 and the frame's 2, the map is 22 lines, leaving the prompt."""


def _flow(parts: list[str], sep: str = " · ") -> list[str]:
    """Parts joined on lines no wider than the map, a part never split."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1] + sep + part) <= WIDTH:
            lines[-1] += sep + part
        else:
            lines.append(part)
    return lines


def board(view: View) -> Text:
    """The grid and its legend; what lies face down in the hidden style."""
    text = Text("\n".join(_overlay(draw(view)) + legend(view)))
    text.highlight_words(["face down"], theme.HIDDEN)
    return text


# -- plain text: one line a space ----------------------------------------------------------------------------


def space_words(view: View, space: str, short: bool = False) -> list[str]:
    """Who and what is in a space, in words (the plain map, read aloud; `short` for its one line a space)."""
    out = []
    if view.fg_space == space:
        out.append("you, Trapped" if view.fg_trapped else "you")
    if view.killer_space == space:
        out.append("The Tormentor")
    free = [v for v in view.victims if v.space == space and not v.trapped]
    plain = sum(1 for v in free if not v.special)
    if plain:
        out.append(f"{plain} Victim{'s' if plain != 1 else ''}")
    out += [D.EVENTS[v.special]["name"] + ("" if short else f" (Victim {v.id})") for v in free if v.special]
    traps = [t for t in view.traps if t.space == space and not t.done and t.subject != "fg"]
    out += [f"Victim {t.subject} trapped" if short else f"a Death Trap on Victim {t.subject}" for t in traps]
    if view.forklift == space:
        out.append("the Forklift")
    return out


def space_tags(space: str, view: View) -> str:
    spec = D.SPACES[space]
    tags = []
    if spec.get("exit"):
        tags.append("locked Exit" if space in view.locked else "open Exit")
    if spec.get("search"):
        count = view.item_counts.get(space, 0)
        top = view.item_tops.get(space)
        shown = f", top {D.ITEMS[top]['name']}" if top else ", top face down" if count else ""
        tags.append(f"{count} Item{'s' if count != 1 else ''}{shown}")
    return "; ".join(tags)


def ways(space: str) -> str:
    """Where a space's lines lead: walking, climbing onto a Rack (Climb only), leaping between Racks."""
    walk = [n for n in D.WALK_LINES[space] if not (n in D.RACKS and space not in D.RACKS)]
    climb = [n for n in D.WALK_LINES[space] if n in D.RACKS and space not in D.RACKS]
    leap = D.GAP_LINES.get(space, [])
    names = [D.SPACES[n]["name"] for n in walk]
    text = ("down to " if space in D.RACKS else "to ") + ", ".join(names)
    if climb:
        racks = [D.SPACES[n]["name"] for n in climb]
        text += "; climb " + (racks[0] if len(racks) == 1 else "Racks " + " ".join(r[-1] for r in racks))
    if leap:
        text += "; leap to " + ", ".join(D.SPACES[n]["name"] for n in leap)
    return text


def plain_board(view: View) -> str:
    """Where the Tormentor is; then a line for each space that matters now (yours, those next to it, those
    with someone or something in them: who is there and where its lines lead); then the others by name."""
    if view.killer_space:
        lines = [f"The Tormentor is in {D.SPACES[view.killer_space]['name']}."]
    else:
        lines = ["The Tormentor is not on the board yet."]
    own = next((t for t in view.traps if t.subject == "fg" and not t.done), None)
    if own is not None:
        lines[0] += f" You are Trapped: {D.TRAPS[own.card]['name']}."
    lines.append(f"Setup card: {setups_line(view)}.")
    near = set(D.NEIGHBOURS[view.fg_space]) | {view.fg_space}
    quiet = []
    for space in D.ORDER:
        tags = space_tags(space, view)
        named = f"{D.SPACES[space]['name']}{' (' + tags + ')' if tags else ''}"
        here = ", ".join(space_words(view, space, short=True))
        if here or space in near:
            lines.append(f"{named}: {here + '; ' if here else ''}{ways(space)}.")
        else:
            quiet.append(named)
    if quiet:
        lines.append(f"Nobody in {', '.join(quiet)}.")
    return "\n".join(lines)
