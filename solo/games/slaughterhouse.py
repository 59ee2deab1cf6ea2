"""Slaughterhouse at the terminal: the toolbar, both House boards as text, Trespasser boards, and bone-dice odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engines.core.contract import Decision
from engines.core.events import Event
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Key, verb_of
from engines.slaughterhouse.odds import FACE_NAMES, Roll, rolls
from engines.slaughterhouse.rules import the
from engines.slaughterhouse.state import State, View
from narratives.words import join
from solo import theme
from solo.games import GameUI, ScreenHooks
from solo.summary import plural
from solo.toolbar import joined

Table = tuple[str, list[str], list[list[str]], str]
SHORT = {"old_man": "OLD MAN", "leatherface": "LEATHERFACE", "hitchhiker": "HITCHHIKER"}


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


class SlaughterhouseUI(ScreenHooks):
    def owner(self, event: Event) -> str | None:
        """The side whose phase an event belongs to (the phases are named for the seats), so a short terminal
        can tell the other side's phase in brief (solo/screen_story.py); None where no side acts."""
        return event.phase if event.phase in ("sawyer", "trespassers") else None

    def toolbar(self, view: View) -> str:
        """Fields by importance (the REPL drops whole fields from the end to fit): the round, who is still in
        the house, the scenario's count, the Panic Meter, the family's Fear and hand, the supply, the scenario."""
        return joined(self.toolbar_fields(view))

    def toolbar_fields(self, view: View) -> list[tuple[str, str]]:
        """The toolbar's fields with their meaning: the scenario's count gained by the Trespassers' seat and a
        danger to the family's one step from the goal; the family's hand, counted only, hidden from the
        Trespassers; a Trespasser down is a danger to their seat."""
        alive = sum(not t.dead and not t.escaped for t in view.trespassers)
        family = not isinstance(view.hand, int)
        hand = view.hand if isinstance(view.hand, int) else len(view.hand)
        dead = any(t.dead for t in view.trespassers)
        fields = [
            (f"Round {view.round}", ""),
            (f"In the house {alive}/{len(view.trespassers)}", theme.danger_if(dead and not family)),
        ]
        goal = _goal_field(view)
        if goal:
            fields.append((goal, _goal_meaning(goal, family)))
        fields += [
            (f"Panic {view.panic}/{len(D.PANIC) - 1} {D.PANIC[view.panic]['label']}", ""),
            (f"Fear {view.fear}", ""),
            (f"Family hand {hand}", "" if family else theme.HIDDEN),
            (f"Token supply {view.supply}", ""),  # the Noise/Fear tokens left (the rulebook's "supply")
            (f"Scenario {view.scenario.upper()}. {D.SCENARIOS[view.scenario]['name']}", ""),
        ]
        return fields

    def company(self, view: View) -> str:
        """Who stands in the space of the one whose turn it is, said at the prompt: for the Trespassers' seat
        the Sawyers and Grandpa beside the Trespasser acting ('The Old Man is here with Yellow, in the
        Foyer.'), for the family the Trespassers in sight beside the Sawyer acting; '' where nobody is."""
        if view.phase == "trespassers" and 0 <= view.current < len(view.trespassers):
            t = view.trespassers[view.current]
            if t.dead or t.escaped:
                return ""
            there = [D.name(s.id) for s in view.sawyers if s.space and s.space == t.space]
            there += ["Grandpa"] if view.grandpa and view.grandpa == t.space else []
            actor, space = t.id.capitalize(), t.space
        elif view.phase == "sawyer" and view.cur_sawyer:
            space = next((s.space for s in view.sawyers if s.id == view.cur_sawyer), "")
            there = [x.id.capitalize() for x in view.trespassers if x.space == space and _in_sight(x)]
            actor = D.name(view.cur_sawyer)
        else:
            return ""
        if not there or not space:
            return ""
        who = join(there)
        verb = "is" if len(there) == 1 else "are"
        return f"{who[:1].upper()}{who[1:]} {verb} here with {actor}, in {the(D.name(space))}."

    def coach(self, decision: Decision) -> str | None:
        """One line, the first time a kind of decision comes up, on what it is about."""
        from solo.games.slaughterhouse_choices import COACH, FAMILY_COACH

        family = FAMILY_COACH.get(decision.kind) if decision.seat == "sawyer" else None
        return family or COACH.get(decision.kind)

    def status(self, view: View) -> list[tuple[str, str]]:
        """A row per Trespasser, one for the Sawyers and Grandpa, one for the family's Fear, hand and Panic
        Meter, one for the scenario: `look` within 80x24 with four Trespassers and the menu under it."""
        rows = []
        for t in view.trespassers:
            state = (
                "dead"
                if t.dead
                else "escaped"
                if t.escaped
                else ("hidden" if t.hidden else "in") + f" {D.name(t.space)}"
            )
            hurt = ", ".join(t.wild_as.get(c) or D.ALL_INJURIES[c]["type"] for c in t.injuries)
            cards = [D.name(c) for c in [*t.items, *t.personal]]
            desp = t.desperation if isinstance(t.desperation, int) else len(t.desperation)
            head = f"{state}; actions {t.actions}; Noise {t.noise}; " + (
                f"hurt: {hurt}" if hurt else "unhurt"
            )
            text = f"{head}; has {', '.join(cards) or 'nothing'}; Desperation {desp}"
            if len(text) > 128:  # two lines at 80 columns at most: the Items' names give way to their count
                personal = "".join(f" and the {D.name(c)}" for c in t.personal)  # outside the limit of four
                text = f"{head}; {plural(len(t.items), 'Item')}{personal}; Desperation {desp}"
            rows.append((t.id.capitalize(), text))
        family, out = [], []
        for s in view.sawyers:
            who = D.name(s.id).removeprefix("the ")
            brutal = " Brutal" if s.brutal else ""
            if s.space:
                family.append(f"{who} in {D.name(s.space)} {s.actions}/{s.most}{brutal}")
            else:
                out.append(who)
        if view.grandpa:
            family.append(f"Grandpa in {D.name(view.grandpa)}")
        else:
            out.append("Grandpa")
        if out:
            family.append(f"{', '.join(out)} not out")
        rows.append(("Sawyers", "; ".join(family)))
        hand = view.hand if isinstance(view.hand, int) else ", ".join(D.name(c) for c in view.hand)
        repaired = ", ".join(D.name(v) for v in view.repaired)
        panic = D.PANIC[view.panic]
        rows.append(
            (
                "Family",
                f"round {view.round}; Fear {view.fear}; hand {hand}; Panic Meter {view.panic}/{len(D.PANIC) - 1} "
                f"{panic['label']} ({_cards(panic['cards'])})"
                + (f"; repaired {repaired}" if repaired else ""),
            )
        )
        rows.append(("Scenario", scenario_progress(view)))
        if view.fire:
            rows.append(("Fire", ", ".join(D.name(x) for x in view.fire)))
        return rows

    def cards(self, view: View, plain: bool) -> list[tuple[str, str]]:
        """The floor where the Trespassers are, within 80x24 (`map upstairs` / `map ground` for either)."""
        from solo.games.slaughterhouse_map import floor_panels, home_floor

        return floor_panels(view, plain, home_floor(view))

    def map_area(self, view: View, plain: bool, area: str) -> list[tuple[str, str]]:
        """One floor ('upstairs', 'ground' and their aliases), within 80x24."""
        from solo.games.slaughterhouse_map import floor_of, floor_panels

        return floor_panels(view, plain, floor_of(area))

    def full_cards(self, view: View, plain: bool) -> list[tuple[str, str]]:
        """Each House board as lines of rooms and spaces with who and what is there (every exit listed)."""
        panels = []
        for board, title in (("down", "Downstairs and outdoors"), ("up", "Upstairs")):
            count = sum(sp["board"] == board for sp in D.SPACES.values())
            lines = [
                f"{count} spaces, each with what is there (S search, H hide, V vehicle)."
                if plain
                else "S search, H hide, V vehicle; under each space its exits and how you cross."
            ]
            if not plain:
                lines = [*MAP_LEGEND, *draw_board(view, board), "", *lines]
            room_now = None
            for sid, sp in D.SPACES.items():
                if sp["board"] != board:
                    continue
                if not plain and sp.get("room", "") != room_now:
                    room_now = sp.get("room", "")
                    lines.append(f"-- {room_now or 'outside any room'} --")
                marks = self._marks(view, sid)
                room = sp.get("room", "")
                tile = ""
                if room and room in view.horror_rooms:
                    tile = (
                        f" horror: {D.name(view.horror_known[room])} (face down)"
                        if room in view.horror_known
                        else " horror: face down"
                    )
                elif room in view.horror_up:
                    tile = f" horror: {D.name(view.horror_up[room])}"
                sym = (
                    ("S" if sp.get("search") else "")
                    + ("H" if sp.get("hide") else "")
                    + ("V" if sp.get("vehicle") else "")
                )
                if plain:
                    text = (
                        f"{sp['name']}"
                        + (f" ({sym})" if sym else "")
                        + (f": {', '.join(marks)}" if marks else "")
                        + tile
                    )
                else:
                    text = f"{sym:3} {sp['name']:26} {' '.join(marks)}{tile}".rstrip()
                lines.append(text)
                if not plain:
                    lines.append("      " + _exits(sid))
            panels.append((title, "\n".join(lines)))
        panels.append(
            (
                "Panic Meter",
                " > ".join(
                    ("[" + p["label"].upper() + "]" if i == view.panic else p["label"]) + f" {p['cards']}"
                    for i, p in enumerate(D.PANIC)
                )
                if not plain
                else f"Space {view.panic} of {len(D.PANIC) - 1}: {D.PANIC[view.panic]['label']}.",
            )
        )
        return panels

    def things(self, view: View) -> dict[str, str]:
        """What `examine` can read (solo/games/slaughterhouse_things)."""
        from solo.games.slaughterhouse_things import things

        return things(view)

    def choice_lines(self, decision: Decision, view: View, width: int, plain: bool) -> list[str] | None:
        """Long menus grouped by kind, item picks with what each item does (solo/games/slaughterhouse_choices)."""
        from solo.games.slaughterhouse_choices import choice_lines

        return choice_lines(decision, view, width, plain)

    def compact_lines(self, decision: Decision, view: View, width: int) -> list[str] | None:
        """The long action menus in short (two-space moves by where they end), where the story would not fit
        beside the whole list."""
        from solo.games.slaughterhouse_choices import compact_lines

        return compact_lines(decision, view, width)

    def _marks(self, view: View, sid: str) -> list[str]:
        out = []
        for t in view.trespassers:
            if t.space == sid and not t.escaped:
                out.append(t.id.upper() + (" (dead)" if t.dead else " (hidden)" if t.hidden else ""))
                if t.carrying:
                    out.append("carrying Loot")
        if sid in view.fire:
            out.append("FIRE")
        if sid in view.tokens:
            n = view.tokens.count(sid)
            token = "Loot" if view.scenario == "c" else "Photo"
            out.append(f"{token} token" + (f" x{n}" if n > 1 else ""))
        for s in view.sawyers:
            if s.space == sid:
                out.append(SHORT[s.id])
        if view.grandpa == sid:
            out.append("GRANDPA")
        if sid in view.vehicle_spaces:
            card = view.vehicles_up.get(sid)
            if card is None:
                out.append("vehicle face down")
            else:
                state = " (gone)" if card in view.driven else " (repaired)" if card in view.repaired else ""
                out.append(D.name(card) + state)
        if sid in view.searched:
            out.append("searched")
        return out

    def example(self, decision: Decision) -> str:
        """One line of input help naming only what is legal now."""
        if decision.kind in ("action", "sawyer_action"):
            words = []
            for head in ("search", "move", "hunt", "attack"):
                found = next(
                    (Key.parse(o.key) for o in decision.options if verb_of(o.key) == head), None
                )
                if found is not None:
                    words.append(f"'move to {D.name(found.space)}'" if head == "move" else f"'{head}'")
            words.append("'end'")
            return f"Type a number, or a choice's words: {', '.join(words)}."
        if decision.kind == "order":
            first = decision.options[0]
            name = first.aliases[0].replace("_", " ") if first.aliases else first.label
            return f"Type a number or a name, like '{name}'."
        return "Type the number of your choice."

    def parse(self, text: str, decision: Decision) -> str | None:
        """The game's own words ('search', 'hide', 'run to Barn', 'old man') as the engine's key, legal or not.

        A word that fits one legal option gives its key; a word that fits none gives the bare key, so the
        engine refuses it with its reason; a word that fits several gives None (the REPL asks which).
        """
        low = _norm(text)
        if decision.kind == "order":
            bare = _bare(_norm(text.replace("_", " ")))
            for o in decision.options:
                words = {_bare(_norm(w.replace("_", " "))) for w in (*o.aliases, *map(D.name, o.aliases))}
                if bare in words or bare == _bare(_norm(o.label)):
                    return o.key
            return None
        if decision.kind not in ("action", "sawyer_action"):
            return None
        verb, _, rest = low.partition(" ")
        if verb in _GO and rest:
            spaces = _spaces_named(rest.removeprefix("to ").strip())
            if not spaces:
                return None
            go = "run" if verb == "run" else "move"
            goes = [o.key for o in decision.options if _goes(o.key, go) in spaces]
            if len(set(_goes(k, go) for k in goes)) == 1:
                return goes[0]
            return None if goes else str(Key(go, space=spaces[0]))  # refused, with its reason
        head = _WORDS.get(low)
        named = ""  # 'use crowbar', 'swap with yellow', 'hunt green': the rest narrows the choice
        if head is None and verb in _WORDS and rest:
            head, named = _WORDS[verb], rest.removeprefix("with ").removeprefix("the ")
        if head is None:
            return None
        if decision.kind == "action" and head == "attack":
            fits = [o for o in decision.options if "attack" in o.label.lower() and o.key != "attack"]
        else:
            fits = [o for o in decision.options if verb_of(o.key) == head]
        if not fits:
            return head
        if named:
            fits = [o for o in fits if named in _norm(o.label)]
        return fits[0].key if len(fits) == 1 else None

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """Exact bone-dice odds for every roll the pending choice can make (rerolls: the new total), as the
        engine counts them (engines.slaughterhouse.odds); this only lays them out."""
        from engines.slaughterhouse.game import GAME

        d = GAME.decision(state)
        if d is None:
            return None
        found = rolls(state, d, key)
        if not found:
            return None
        if d.kind in ("reroll", "reroll_pick"):
            return _reroll_odds(state, d.kind, found)
        most = max(r.kept + max(D.FACES) * r.dice for r in found)
        head = ["Roll", "Dice", *[str(k) for k in range(most + 1)], "at least one"]
        body = []
        for r in found:
            dist = r.odds()
            body.append(
                [
                    r.label,
                    str(r.dice),
                    *[_pct(dist[k]) if k in dist else "-" for k in range(most + 1)],
                    _pct(1 - dist.get(0, Fraction(0))),
                ]
            )
        note = (
            "Successes on bone dice: three blanks, two single slashes (1), one skull-and-crossbones (2). "
            "A reroll shows the roll's total after it (the kept dice included)."
        )
        return [("Odds", head, body, note)]


_WORDS = {
    "search": "search",
    "search here": "search",
    "hide": "hide",
    "hide here": "hide",
    "swap": "swap",
    "swap items": "swap",
    "repair": "repair",
    "fix": "repair",
    "drive": "drive",
    "drive off": "drive",
    "siphon": "siphon",
    "ignite": "ignite",
    "douse": "ignite",
    "burn": "ignite",
    "flee": "flee",
    "loot": "loot",
    "take loot": "loot",
    "pick up loot": "loot",
    "load": "load",
    "load loot": "load",
    "photo": "photo",
    "photograph": "photo",
    "take a photo": "photo",
    "document": "document",
    "use": "use",
    "attack": "attack",
    "hunt": "hunt",
    "talk": "talk",
    "sweet talk": "talk",
    "creep": "creep",
    "end": "end",
    "end turn": "end",
    "end my turn": "end",
    "end the turn": "end",
}
"""What a person types for an action, and the head of the engine's key it stands for."""

_GO = ("move", "go", "walk", "run")


def _in_sight(t: Any) -> bool:
    """A Trespasser the family can see: in the house, neither hidden, dead nor escaped."""
    return not (t.hidden or t.dead or t.escaped)


def _norm(text: str) -> str:
    return " ".join(
        text.lower().replace("(", " ").replace(")", " ").replace("'s", "s").replace("-", " ").split()
    )


def _bare(text: str) -> str:
    """A name without its leading 'the' ('the old man' and 'old man' alike)."""
    return text.removeprefix("the ").strip()


def _spaces_named(text: str) -> list[str]:
    """Spaces whose id, name, or room is the text (a room names all of its spaces)."""
    exact = [sid for sid, sp in D.SPACES.items() if text in (sid.lower(), _norm(sp["name"]))]
    if exact:
        return exact
    return [sid for sid, sp in D.SPACES.items() if sp.get("room") and _norm(sp["room"]) == text]


def _goes(key: str, head: str) -> str:
    """Where a move or run option ends ('' for any other option)."""
    return Key.parse(key).space if verb_of(key) == head else ""


def _goal_meaning(goal: str, family: bool) -> str:
    """'Photos 3/4': progress the Trespassers gain; to the family, a danger once one step from the goal."""
    done, _, need = goal.rpartition(" ")[2].partition("/")
    if not need:
        return "" if family else theme.GAIN
    if family:
        return theme.danger_if(int(done) >= int(need) - 1)
    return theme.GAIN if int(done) else ""


def _goal_field(view: View) -> str:
    """The scenario's own count for the toolbar ('' where the way out is a repair)."""
    sc = D.SCENARIOS[view.scenario]
    if view.scenario == "b":
        return f"Burning {len(view.ignited)}/{sc['rooms_to_burn']}"
    if view.scenario == "c":
        return f"Loot {view.loaded}/{sc['loot_to_load']}"
    if view.scenario == "d":
        return f"Photos {view.photos}/{sc['photos_needed']}"
    if view.scenario == "e":
        return f"Documented {len(view.documented)}/{sc['documents_needed']}"
    return f"Repaired {len(view.repaired)}" if view.repaired else ""


def scenario_progress(view: View) -> str:
    """One line: how far the Trespassers are toward the scenario's way out."""
    sc = D.SCENARIOS[view.scenario]
    if view.scenario == "a":
        return "repair a vehicle (two parts and a Gas Can), then drive off"
    if view.scenario == "b":
        fuel = sum(D.ALL_ITEMS[c]["effect"] == "fuel" for c in view.beside)
        rooms = ", ".join(view.ignited) or "none"
        return (
            f"rooms burning {len(view.ignited)} of {sc['rooms_to_burn']} ({rooms}); fuel beside the board {fuel}; "
            "then flee from an Outdoor Corner"
        )
    if view.scenario == "c":
        return (
            f"Loot loaded {view.loaded} of {sc['loot_to_load']}, {len(view.tokens)} on the board; "
            f"Blue Truck {'repaired' if 'blue_truck' in view.repaired else 'needs Truck Keys and a Jerry Can'}"
        )
    if view.scenario == "d":
        who = ", ".join(D.name(x) for x in view.photographed) or "no Sawyer yet"
        return f"photos {view.photos} of {sc['photos_needed']} ({who}); then drive off in the Green Van"
    return (
        f"Evidence documented {len(view.documented)} of {sc['documents_needed']}; film left {view.film}; "
        "then flee from an Outdoor Corner"
    )


CELL = 9
"""Characters inside a drawn cell; a cell is boxed (CELL + 2 wide) and GAP characters part two cells."""
GAP = 3
MOVER = {"green": "Gn", "yellow": "Yl", "grey": "Gy", "blue": "Bl"}
FAMILY = {"old_man": "O", "leatherface": "L", "hitchhiker": "H"}
MAP_LEGEND = (
    "Movers: Gn green, Yl yellow, Gy grey, Bl blue (lower case: hidden; a + after it: dead).",
    "O Old Man, L Leatherface, H Hitchhiker, G Grandpa, F Fire, h Horror tile face down,",
    "X Horror tile face up, V vehicle, T token, * searched, ^ stairs. The back of the house on top.",
    "Crossings: ··· open, -D- door, -w- window; up and down : D w.",
)
_H = {"open": "···", "door": "-D-", "window": "-w-", "stairs": "-S-"}
_V = {"open": ":", "door": "D", "window": "w", "stairs": "S"}


def _movers(view: View, sid: str) -> str:
    codes = []
    for t in view.trespassers:
        if t.space == sid and not t.escaped:
            code = MOVER.get(t.id, t.id[:2].title())
            codes.append(code + "+" if t.dead else code.lower() if t.hidden else code)
    for text in (" ".join(codes), "".join(codes)):
        if len(text) <= CELL:
            return text
    return "".join(c.rstrip("+") for c in codes)  # four in one space, some dead: the marks give way


def _things(view: View, sid: str) -> str:
    """Sawyers first (so they are never cut), then Grandpa, Fire, Horror tile, vehicle, token, searched."""
    marks = [FAMILY.get(s.id, s.id[:1].upper()) for s in view.sawyers if s.space == sid]
    if view.grandpa == sid:
        marks.append("G")
    if sid in view.fire:
        marks.append("F")
    room = D.room_of(sid)
    if room and room in view.horror_rooms:
        marks.append("h")
    elif room and room in view.horror_up:
        marks.append("X")
    if sid in view.vehicle_spaces:
        marks.append("V")
    if sid in view.tokens:
        marks.append("T")
    if sid in view.searched:
        marks.append("*")
    text = " ".join(marks)
    return text if len(text) <= CELL else "".join(marks)[:CELL]


def board_cells(board: str) -> dict[tuple[int, int], str]:
    """(column, row) -> space id for one board's drawn grid."""
    return {D.AT[s]: s for s, sp in D.SPACES.items() if sp["board"] == board}


def draw_board(view: View, board: str) -> list[str]:
    """One House board as a grid of boxed cells (label, movers, Sawyers and things) with crossings between.

    Each cell is CELL + 2 characters wide; rows of cells are 5 lines tall with one line of crossings between.
    A crossing between two cells in one line with only empty cells between is drawn through the empty cells.
    """
    cells = board_cells(board)
    cols = max(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) + 1
    width = cols * (CELL + 2) + (cols - 1) * GAP
    canvas = [[" "] * width for _ in range(rows * 6 - 1)]

    def put(y: int, x: int, text: str) -> None:
        for i, ch in enumerate(text):
            canvas[y][x + i] = ch

    def left(c: int) -> int:
        return c * (CELL + 2 + GAP)

    for (c, r), sid in cells.items():
        x, y = left(c), r * 6
        label = D.LABELS[sid]
        if D.SPACES[sid].get("stairs"):
            label = f"{label:{CELL - 1}}^"
        put(y, x, "+" + "-" * CELL + "+")
        for i, text in enumerate((label, _movers(view, sid), _things(view, sid))):
            put(y + 1 + i, x, f"|{text:{CELL}}|")
        put(y + 4, x, "+" + "-" * CELL + "+")
    for a, b, kind in D.EDGES:
        if a not in cells.values() or b not in cells.values():
            continue
        (ca, ra), (cb, rb) = sorted((D.AT[a], D.AT[b]))
        if ra == rb and all((c, ra) not in cells for c in range(ca + 1, cb)):
            for c in range(ca, cb):
                put(ra * 6 + 1, left(c) + CELL + 2, _H[kind])
            for c in range(ca + 1, cb):
                put(ra * 6 + 1, left(c), "·" * (CELL + 2))
        elif ca == cb and all((ca, r) not in cells for r in range(ra + 1, rb)):
            mid = left(ca) + (CELL + 2) // 2
            for y in range(ra * 6 + 5, rb * 6):
                put(y, mid, _V[kind] if y % 6 == 5 else ":")
    return ["".join(line).rstrip() for line in canvas]


_CROSSINGS = (("open", "open to"), ("door", "door to"), ("stairs", "stairs to"), ("window", "window to"))


def _exits(sid: str) -> str:
    """'open to X; door to Y, Z; window to W': each way out of a space and what crossing it takes."""
    by_kind: dict[str, list[str]] = {}
    for b, kind in D.LINKS[sid].items():
        if kind != "window":
            by_kind.setdefault(kind, []).append(D.name(b))
    windows = [D.name(b) for b in D.window_exits(sid)]
    if windows:
        by_kind["window"] = windows
    return "; ".join(f"{words} {', '.join(by_kind[kind])}" for kind, words in _CROSSINGS if kind in by_kind)


def _cards(n: int) -> str:
    return f"{n} free card{'' if n == 1 else 's'}"


def _reroll_odds(state: State, kind: str, found: list[Roll]) -> list[Table]:
    """The family's reroll: the faces showing, each distinct reroll once (every card buries alike), the total
    after it and the chance it beats the roll as it stands."""
    dice = state.todo[1].dice
    now = sum(dice)
    seen: dict[tuple[int, int], str] = {}
    for r in found:
        label, n, base = r.label, r.dice, r.kept
        if r.roll == "pick":  # choosing the dice: each choice the next question offers
            label = f"choose: {label} (any card)"
        elif kind == "reroll":
            label = "reroll the blanks (any card)" if base == now else "reroll the successes (any card)"
        seen.setdefault((n, base), label)
    most = max(base + max(D.FACES) * n for n, base in seen)
    head = ["Reroll", "Dice", *[str(k) for k in range(most + 1)], f"more than {now}"]
    body = []
    for (n, base), label in seen.items():
        dist = Roll(label, n, base).odds()
        body.append(
            [
                label,
                str(n),
                *[_pct(dist[k]) if k in dist else "-" for k in range(most + 1)],
                _pct(sum((p for k, p in dist.items() if k > now), Fraction(0))),
            ]
        )
    faces = ", ".join(f"die {i} {FACE_NAMES.get(x, x)}" for i, x in enumerate(dice, 1))
    note = (
        f"The dice show {faces}: {now} success{'' if now == 1 else 'es'}. A reroll buries the card; the columns "
        "are the total after it (the kept dice included). Bone dice: three blanks, two slashes (1), a skull (2)."
    )
    return [("Odds of a reroll", head, body, note)]


UI = SlaughterhouseUI()
_check: GameUI = UI  # mypy checks every hook against the protocol
