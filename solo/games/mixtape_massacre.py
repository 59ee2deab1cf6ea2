"""Mixtape Massacre: Director's Cut at the terminal: the town map, the standings, the Hero Meter, the odds."""

from __future__ import annotations

from engines.core.contract import Decision
from engines.mixtape.directors_cut import odds as O
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import State, View
from solo.games import Table, pct
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
        number = {s.at: str(i) for i, s in enumerate(view.slashers, 1) if s.alive and s.at}
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

        def mark(sid: str, ch: str) -> str | None:
            if sid in number:
                return number[sid]
            if sid == view.hero_at:
                return "!"
            if sid in view.locks:
                return "X" if view.locks[sid] == "red" else "x"
            if ch in "abcdefghijkl":
                return ch.upper() if view.markers[B.entrance_of[sid]] else ch
            return _SYMBOL.get(ch)

        legend = (
            "1-6 slashers · ! Hero · S start · * Bonus Tracks · o/u orange/blue sewers · letters a-l: "
            "entrances (capital: a victim inside) · x/X yellow/red lock"
        )
        return [("Tall Oaks", _compact_grid(mark) + "\n\n" + legend), ("Locations", "\n".join(locations))]

    def example(self, decision: Decision) -> str:
        if decision.kind == "move":
            return "Type the number of a stop; locations are listed first, with their distance in steps."
        if decision.kind == "bonus_move":
            return "Type the number of a location, or its name: the Bonus Track takes you there."
        if decision.kind == "bonus_swap":
            return "Type the number of the slasher to trade places with, or the start of their name."
        if decision.kind == "target":
            return "Type the number of the slasher to brawl, or the start of their name."
        if decision.kind == "spend":
            return "Type a number: how many supply tokens to spend before the roll (1 is bare-handed)."
        return "Type the number of a choice, or the start of its words."

    def parse(self, text: str, decision: Decision) -> str | None:
        """Location names as shorthand in a move: 'farm', 'high school'. None if it is not that."""
        return location_move(B, text, decision)

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """Exact chances for the pending action-dice roll, one row per number of tokens to spend."""
        if state.phase != "spend" or state.spender < 0:
            return None
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
        if p == "kill":
            return [pct(O.kill_chance(R.SCENES[state.card].knives, knives))]
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
            return ["Win the brawl"], f"Against an opponent who spends nothing; ties roll again; {faces}."
        if p == "kill":
            card = R.SCENES[state.card]
            return [
                "Kill"
            ], f"{card.title}: {card.knives} knives; triple knives or pentagrams always kill; {faces}."
        if p in ("defend", "survivor"):
            return ["Defend"], f"Fists needed; triple fists always hold; {faces}."
        return ["Success"], f"Knives needed for the lock; {faces}."


UI = MixtapeMassacreUI()
