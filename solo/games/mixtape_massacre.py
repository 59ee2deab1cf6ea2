"""Mixtape Massacre: Director's Cut at the terminal: the town map, the standings, the Hero Meter, the odds."""

from __future__ import annotations

from fractions import Fraction

from engines.core.contract import Decision
from engines.mixtape.board import START
from engines.mixtape.directors_cut import odds as O
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.game import GAME, MoveDecision, stops_in_order
from engines.mixtape.directors_cut.state import MOVE, SPEND, State, View
from solo.games import InputError, Table, pct
from solo.games.tall_oaks_town import location_move

B = R.BOARD


def _supply_text(card: str, trackers: int) -> str:
    if not card:
        return "none"
    kind = R.supply(card)
    left = "unlimited" if kind.infinite else f"{trackers} token{'s' if trackers != 1 else ''}"
    return f"{kind.name} ({left})"


_SYMBOL = {"K": "S", "B": "*"}
"""Starting points and Bonus Tracks spaces drawn with signs no entrance letter (A-L) can be mistaken for."""


def _compact_grid(mark) -> str:
    """The board's rows one character a space (21 wide), so the map fits the 30-column card unwrapped."""
    return "\n".join(
        "".join(mark(f"{c}-{r}", ch) or ch for c, ch in enumerate(line)) for r, line in enumerate(B.rows)
    )


def _named_location(text: str) -> str | None:
    """The one location a typed word names: its id, or the start of its name from any word on ('farm',
    'high school', 'hosp'); three letters at least, so a short command is never read as a place."""
    words = text.strip().lower()
    if len(words) < 3:
        return None
    hits = []
    for lid, loc in B.locations.items():
        parts = loc.name.lower().split()
        if words == lid or any(" ".join(parts[i:]).startswith(words) for i in range(len(parts))):
            hits.append(lid)
    return hits[0] if len(hits) == 1 else None


def _search_row() -> list[str]:
    """The Search Die: the chance of a Search face (a supply card); no supply changes it."""
    found = pct(Fraction(R.SEARCH_FACES.count("search"), len(R.SEARCH_FACES)))
    return ["Search Die: a supply", found, found]


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
STOP_MARKS = "123456789mnpqrstvwyz"
"""Stops 1-9 by their list number, then m, n, p... for 10 on (letters no other sign uses); '+' past 20."""


def _marks(view: View) -> tuple[dict[str, str], str]:
    """Grid cells to draw over the board, and the legend saying what they mean. While the person chooses a
    stop, the stops carry their list numbers and slashers are drawn @ (you) and & (a rival); otherwise
    slashers carry their standings numbers. A slasher, the Hero or a stop inside a location is drawn in the
    blank beside its entrance (three such cells a location)."""
    cells: dict[str, str] = {}

    def put(node: str, sign: str) -> None:
        if node in B.locations:
            free = [c for c in INSIDE[node] if c not in cells]
            if free:
                cells[free[0]] = sign
        elif node in B.cell and f"{B.cell[node][0]}-{B.cell[node][1]}" not in cells:
            c, r = B.cell[node]
            cells[f"{c}-{r}"] = sign

    moving = view.phase == MOVE and view.current == view.seat and bool(view.stops)
    if moving:
        for i, (node, _dist) in enumerate(stops_in_order(view.stops)):
            put(node, STOP_MARKS[i] if i < len(STOP_MARKS) else "+")
    for i, s in enumerate(view.slashers, 1):
        if s.alive and s.at:
            put(s.at, ("@" if s.seat == view.seat else "&") if moving else str(i))
    if view.hero_at:
        put(view.hero_at, "!")
    who = "@ you · & a rival · 1-9 then m, n, p...: the stops as listed" if moving else "1-6 slashers"
    legend = (
        f"{who} · ! Hero · S start · * Bonus Tracks · o/u orange/blue sewers · letters a-l: entrances "
        "(capital: a victim inside) · x/X yellow/red lock · a mark beside an entrance is inside that location"
    )
    return cells, legend


class MixtapeMassacreUI:
    def toolbar(self, view: View) -> str:
        me = next(s for s in view.slashers if s.seat == view.seat)
        return (
            f"{me.name} · health {me.health}/{R.HEALTH} · souvenirs {me.souvenirs}/{view.goal} · "
            f"Hero Meter {view.meter}/{R.METER} · supply {_supply_text(me.supply, me.trackers)} · turn {view.turn}"
        )

    def status(self, view: View) -> list[tuple[str, str]]:
        hero = R.hero_now(view.hero, view.wolf).name
        where = B.place(view.hero_at) if view.hero_at else "off the board"
        pairs = [
            ("Round", str(view.round)),
            (
                "Hero Meter",
                f"{'#' * view.meter}{'.' * (R.METER - view.meter)} {view.meter}/{R.METER} ({hero}, {where})",
            ),
            ("Goal", f"{view.goal} souvenirs"),
        ]
        for s in view.slashers:
            mark = " (you)" if s.seat == view.seat else ""
            if not s.alive:
                pairs.append((f"{s.name}{mark}", f"dead, {s.souvenirs} souvenirs"))
                continue
            key = ", Skeleton Key" if s.key else ""
            key += f", ability {'used' if s.used else 'ready'}: {R.ABILITY_TEXT[s.ability]}"
            pairs.append(
                (
                    f"{s.name}{mark}",
                    f"health {s.health}, souvenirs {s.souvenirs}, supply {_supply_text(s.supply, s.trackers)}{key}, "
                    f"at {B.place(s.at) if s.at else 'nowhere yet'}",
                )
            )
        return pairs

    def cards(self, view: View, plain: bool) -> list[tuple[str, str]]:
        """The town as a grid (or, plain, as sentences), then the locations with markers, locks and slashers."""
        locations = []
        for lid, loc in B.locations.items():
            n = view.markers[lid]
            locks = [f"{view.locks[e]} lock" for e in loc.entrances if e in view.locks]
            inside = [s.name for s in view.slashers if s.alive and s.at == lid]
            parts = [f"{n} marker{'s' if n != 1 else ''}" if n else "empty"]
            parts += locks
            if inside:
                parts.append("inside: " + ", ".join(inside))
            if view.hero_at == lid:
                parts.append(f"{R.hero_now(view.hero, view.wolf).name} is here")
            locations.append(f"{loc.letter} {loc.name}: {'; '.join(parts)}")
        if plain:
            people = [
                f"{s.name} ({i}) is at {B.place(s.at)}."
                for i, s in enumerate(view.slashers, 1)
                if s.alive and s.at
            ]
            return [
                ("Slashers", " ".join(people) or "Nobody is on the board yet."),
                ("Locations", "\n".join(locations)),
            ]

        cells, legend = _marks(view)

        def mark(sid: str, ch: str) -> str | None:
            if sid in cells:
                return cells[sid]
            if sid in view.locks:
                return "X" if view.locks[sid] == "red" else "x"
            if ch in "abcdefghijkl":
                return ch.upper() if view.markers[B.entrance_of[sid]] else ch
            return _SYMBOL.get(ch)

        return [("Tall Oaks", _compact_grid(mark) + "\n\n" + legend), ("Locations", "\n".join(locations))]

    def shows_map(self, decision: Decision) -> bool:
        """The map belongs beside the stop choice after a roll: its stops are numbered on it."""
        return decision.kind == "move"

    def example(self, decision: Decision) -> str:
        if decision.kind == "move":
            return (
                "Type the number of a stop or a location's name; locations come first, with their distance."
            )
        if decision.kind == "bonus_move":
            return "Type the number of a location, or its name: the Bonus Track takes you there."
        if decision.kind == "bonus_swap":
            return "Type the number of the slasher to trade places with, or the start of their name."
        if decision.kind == "target":
            return "Type the number of the slasher to brawl, or the start of their name."
        if decision.kind == "spend":
            return "Type the number of the choice (choice 1 spends 0 tokens); 'odds' shows each choice's chances."
        if decision.kind == "rise":
            return "Type the number of a location, or its name: The Drowned Girl rises there."
        if decision.kind == "aid":
            return "Type 1 to heal now, 2 to keep the kit for the start of a later turn."
        if decision.kind == "door":
            return (
                "Type 1 to go into the location, 2 to stay on the entrance; 'odds' shows what waits inside."
            )
        if decision.kind == "redraw":
            return (
                "Type 1 to draw another Killer Scenes, Dude card, 2 to stop; 'odds' shows a card's chances."
            )
        return "Type the number of a choice, or the start of its words."

    def parse(self, text: str, decision: Decision) -> str | None:
        """Location names as shorthand in a move: 'farm', 'high school'. A location that is not a stop now
        is refused with the engine's reason (locked, out of reach, where you stand). None if it is not that."""
        key = location_move(B, text, decision)
        if key is not None or not isinstance(decision, MoveDecision):
            return key
        lid = _named_location(text)
        why = decision.refusal(lid) if lid else None
        if why:
            raise InputError(f"{why} {self.example(decision)}")
        return None

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """Exact chances of the roll a choice leads to. At a supply spend: one row per number of tokens. At the
        start of a turn, a locked entrance, a brawl target or a move: one row per choice that leads to a roll
        (a Killer Scene, a lock, a brawl, the Hero, the Search Die), bare-handed and with every usable token."""
        if state.phase == SPEND and state.spender >= 0:
            return self._spend_odds(state, key)
        d = GAME.decision(state)
        if d is None or state.current < 0:
            return None
        rows = []
        for i, opt in enumerate(d.options, 1):
            if key is not None and opt.key != key:
                continue
            row = self._ahead(state, d.kind, opt.key)
            if row:
                rows.append([f"{i}. {opt.label}", *row])
        if not rows:
            return None
        note = (
            "Bare-handed and with all the tokens your supply may spend on that roll. A Killer Scene is a card "
            "drawn at random from the whole deck: it goes your way on a kill, a defence that saves your health "
            "or The Survivor held off (a Full Moon is redrawn). A brawl is against an opponent who spends "
            "nothing. Each Action Die shows a knife, a fist or a pentagram, two faces each."
        )
        return [("Odds of the roll ahead", ["Choice", "Roll", "Bare-handed", "With your supply"], rows, note)]

    def _ahead(self, state: State, kind: str, key: str) -> list[str] | None:
        """[what is rolled, bare-handed chance, chance with every usable token] for one choice, or None."""
        me = state.current
        s = state.slashers[me]
        if kind == "turn":
            if key == "scene":
                return self._scene_row(state, me)
            if key == "unlock":
                return self._lock_row(state, me, s.at)
            if key == "search":
                return _search_row()
            return None
        if kind == "at_lock":
            return self._lock_row(state, me, s.at) if key == "unlock" else None
        if kind == "redraw":
            return self._scene_row(state, me) if key == "redraw" else None
        if kind == "door":
            if key != "enter":
                return None
            inside = B.entrance_of[s.at]
            if state.hero_at == inside:
                return self._hero_row(state, me, R.hero_now(state.hero, state.wolf))
            rivals = [i for i, x in enumerate(state.slashers) if i != me and x.alive and x.at == inside]
            if rivals:
                return self._brawl_row(state, me, rivals[0])
            if state.markers[inside]:
                return self._scene_row(state, me)
            return _search_row() if s.searched != inside else None
        if kind == "search":
            return _search_row() if key == "search" else None
        if kind == "target":
            other = next((i for i in state.targets if state.slashers[i].seat == key[6:]), -1)
            return self._brawl_row(state, me, other) if other >= 0 else None
        if kind != "move" or not key.startswith("go:"):
            return None
        node = key[3:]
        hero = R.hero_now(state.hero, state.wolf)
        if state.hero_at and B.touching(node, state.hero_at):
            return self._hero_row(state, me, hero)
        if B.kind.get(node) != START:
            near = [
                i
                for i, x in enumerate(state.slashers)
                if i != me and x.alive and x.at and B.kind.get(x.at) != START and B.touching(node, x.at)
            ]
            if near:
                return self._brawl_row(state, me, near[0])
        if node in B.locations:
            if state.markers[node]:
                return self._scene_row(state, me)
            if s.searched != node:
                return _search_row()
            return None
        if node in state.locks:
            return self._lock_row(state, me, node)
        return None

    def _tokens(self, state: State, who: int, purpose: str) -> tuple[int, int]:
        """(knives, fists) from every token this slasher may spend on this kind of roll."""
        n = GAME.usable(state, who, purpose)
        if not n:
            return 0, 0
        kind = R.supply(state.slashers[who].supply)
        return (n * kind.amount, 0) if kind.kind == "knife" else (0, n * kind.amount)

    def _scene_row(self, state: State, who: int) -> list[str]:
        edge = state.slashers[who].edge
        k, _ = self._tokens(state, who, "kill")
        _, f = self._tokens(state, who, "defend")
        bare = O.scene_chance(state.hero, edge, 0)
        full = O.scene_chance(state.hero, edge + k, f)
        waiting = f" (+{edge} waiting)" if edge else ""
        return ["Killer Scene" + waiting, pct(bare), pct(full)]

    def _lock_row(self, state: State, who: int, entrance: str) -> list[str]:
        colour = state.locks.get(entrance, "yellow")
        need = 1 if colour == "yellow" else 2
        k, _ = self._tokens(state, who, "unlock")
        return [f"break the {colour} lock", pct(O.unlock_chance(need, 0)), pct(O.unlock_chance(need, k))]

    def _brawl_row(self, state: State, who: int, other: int) -> list[str]:
        k, _ = self._tokens(state, who, "brawl")
        name = state.slashers[other].name
        return [f"brawl {name}", pct(O.brawl_chance(0, 0, True)), pct(O.brawl_chance(k, 0, True))]

    def _hero_row(self, state: State, who: int, hero: R.Hero) -> list[str]:
        k, f = self._tokens(state, who, "hero")

        def both(knives: int, fists: int) -> str:
            win, fend = O.hero_chances(hero.defeat, hero.defend, knives, fists)
            return f"{pct(win)} defeat, {pct(fend)} fend off"

        return [f"fight {hero.name}", both(0, 0), both(k, f)]

    def _spend_odds(self, state: State, key: str | None) -> list[Table] | None:
        s = state.slashers[state.spender]
        kind = R.supply(s.supply) if s.supply else None
        most = 1 if kind and kind.infinite else s.trackers
        rows = []
        for n in range(0, most + 1):
            if key is not None and key != f"spend:{n}":
                continue
            bonus = n * kind.amount if kind else 0
            knives = bonus if kind and kind.kind == "knife" else 0
            fists = bonus if kind and kind.kind == "fist" else 0
            noise = 0 if state.purpose == "hero" or not kind else n * kind.noise
            rows.append([f"spend {n}", *self._chances(state, knives, fists), str(noise)])
        if not rows:
            return None
        head, note = self._heading(state)
        return [("Odds", ["Choice", *head, "Noise"], rows, note)]

    def _chances(self, state: State, knives: int, fists: int) -> list[str]:
        p = state.purpose
        if p == "kill":  # knives waiting (The Legend, a Bonus Tracks card) join the roll
            edge = state.slashers[state.spender].edge
            return [pct(O.kill_chance(R.SCENES[state.card].knives, knives + edge))]
        if p == "defend":
            return [pct(O.defend_chance(R.SCENES[state.card].fists, fists))]
        if p == "survivor":
            return [pct(O.survivor_chance(fists))]
        if p == "unlock":
            at = state.slashers[state.spender].at
            return [pct(O.unlock_chance(1 if state.locks.get(at) == "yellow" else 2, knives))]
        if p == "hero":
            hero = R.hero_now(state.hero, state.wolf)
            win, fend = O.hero_chances(hero.defeat, hero.defend, knives, fists)
            return [pct(win), pct(fend), pct(1 - win - fend)]
        if p == "brawl" and len(state.brawl) == 2:
            first = state.brawl[0] == state.spender
            if not first and state.brawl_roll:  # answering the mover's roll, which is on the table
                return [pct(O.brawl_answer(state.brawl_knives, knives))]
            return [pct(O.brawl_chance(knives, 0, first))]
        return ["-"]

    def _heading(self, state: State) -> tuple[list[str], str]:
        p = state.purpose
        faces = "each Action Die shows a knife, a fist or a pentagram, two faces each"
        if p == "hero":
            hero = R.hero_now(state.hero, state.wolf)
            return (
                ["Defeat", "Fend off", "Lose"],
                f"{hero.name}: {hero.defeat} knives to defeat, {hero.defend} fists to fend off; {faces}.",
            )
        if p == "brawl":
            if state.spender == state.brawl[1] and state.brawl_roll:
                return (
                    ["Win the brawl"],
                    f"Against the {state.brawl_knives} knives just rolled: a triple or more knives wins, as "
                    f"many roll again (from then on nobody spending); {faces}.",
                )
            return ["Win the brawl"], f"Against an opponent who spends nothing; ties roll again; {faces}."
        if p == "kill":
            card = R.SCENES[state.card]
            edge = state.slashers[state.spender].edge
            waiting = f"; +{edge} waiting from earlier counted" if edge else ""
            return (
                ["Kill"],
                f"{card.title}: {card.knives} knives{waiting}; triple knives or pentagrams always kill; {faces}.",
            )
        if p in ("defend", "survivor"):
            return ["Defend"], f"Fists needed; triple fists always hold; {faces}."
        return ["Success"], f"Knives needed for the lock; {faces}."


UI = MixtapeMassacreUI()
