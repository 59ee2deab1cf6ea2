"""Slaughterhouse at the terminal: the toolbar, both House boards as text, Trespasser boards, and bone-dice odds."""

from __future__ import annotations

from fractions import Fraction

from engines.core.contract import Decision
from engines.core.dice import roll_distribution
from engines.slaughterhouse import data as D
from engines.slaughterhouse.state import State, View

Table = tuple[str, list[str], list[list[str]], str]
SHORT = {"old_man": "OLD MAN", "leatherface": "LEATHERFACE", "hitchhiker": "HITCHHIKER"}


def bone_odds(n: int) -> dict[int, Fraction]:
    """Exact distribution of successes on n bone dice (blank, blank, blank, one, one, two)."""
    if n <= 0:
        return {0: Fraction(1)}
    return {k: p for k, p in sorted(roll_distribution(n, sum, D.FACES).items())}


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


class SlaughterhouseUI:
    def toolbar(self, view: View) -> str:
        alive = sum(not t.dead and not t.escaped for t in view.trespassers)
        hand = view.hand if isinstance(view.hand, int) else len(view.hand)
        return (
            f"{view.scenario.upper()}. {D.SCENARIOS[view.scenario]['name']} · "
            f"Round {view.round} · {alive} in the house · Fear {view.fear} · family hand {hand} · "
            f"Panic {D.PANIC[view.panic]['label']} ({view.panic}/{len(D.PANIC) - 1}) · supply {view.supply}"
        )

    def status(self, view: View) -> list[tuple[str, str]]:
        rows = [("Round", str(view.round))]
        for t in view.trespassers:
            state = (
                "dead"
                if t.dead
                else "escaped"
                if t.escaped
                else ("hidden" if t.hidden else "in") + f" {D.name(t.space)}"
            )
            hurt = ", ".join(t.wild_as.get(c) or D.ALL_INJURIES[c]["type"] for c in t.injuries) or "unhurt"
            items = ", ".join(D.name(c) for c in [*t.items, *t.personal]) or "nothing"
            desp = t.desperation if isinstance(t.desperation, int) else len(t.desperation)
            rows.append(
                (
                    t.id.capitalize(),
                    f"{state}; actions {t.actions}; Noise {t.noise}; Injuries: {hurt}; Items: {items}; Desperation {desp}",
                )
            )
        for s in view.sawyers:
            where = D.name(s.space) if s.space else "not yet out"
            rows.append(
                (
                    D.name(s.id)[:1].upper() + D.name(s.id)[1:],
                    f"{where}; actions {s.actions}/{s.most}{' (Brutal)' if s.brutal else ''}",
                )
            )
        rows.append(("Grandpa", D.name(view.grandpa) if view.grandpa else "not yet out"))
        hand = view.hand if isinstance(view.hand, int) else ", ".join(D.name(c) for c in view.hand)
        rows.append(("Family", f"Fear {view.fear}; hand {hand}"))
        rows.append(
            (
                "Panic Meter",
                f"space {view.panic}: {D.PANIC[view.panic]['label']}, {D.PANIC[view.panic]['cards']} free card(s)",
            )
        )
        rows.append(("Repaired", ", ".join(D.name(v) for v in view.repaired) or "none"))
        rows.append(("Scenario", scenario_progress(view)))
        if view.fire:
            rows.append(("Fire", ", ".join(D.name(x) for x in view.fire)))
        return rows

    def cards(self, view: View, plain: bool) -> list[tuple[str, str]]:
        """Each House board as lines of rooms and spaces with who and what is there."""
        panels = []
        for board, title in (("down", "Downstairs and outdoors"), ("up", "Upstairs")):
            lines = []
            for sid, sp in D.SPACES.items():
                if sp["board"] != board:
                    continue
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
                    text = f"{sym:3} {sp['name']:30} {' '.join(marks)}{tile}"
                lines.append(text)
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
        if decision.kind == "action":
            return "Type a number, or a choice's words: 'search', 'end', 'move to Foyer'."
        if decision.kind == "order":
            return "Type a number or a name, like 'green'."
        return "Type the number of your choice."

    def parse(self, text: str, decision: Decision) -> str | None:
        return None

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """Exact bone-dice odds for every roll the pending choice can make."""
        from engines.slaughterhouse.game import GAME

        d = GAME.decision(state)
        if d is None:
            return None
        rolls: list[tuple[str, int]] = []
        for o in d.options:
            if key is not None and o.key != key:
                continue
            n = _dice_for(state, o.key, d.kind)
            if n:
                rolls.append((o.label, n))
        if d.kind == "action" and key is None:
            t = state.trespassers[state.current]
            if t.noise:
                rolls.append((f"end of turn: calm {t.noise} Noise", 2 + (1 if _calm(t) else 0)))
        if not rolls:
            return None
        most = max(2 * n for _, n in rolls)
        head = ["Roll", "Dice", *[str(k) for k in range(most + 1)], "at least one"]
        body = []
        for label, n in rolls:
            dist = bone_odds(n)
            body.append(
                [
                    label,
                    str(n),
                    *[_pct(dist[k]) if k in dist else "-" for k in range(most + 1)],
                    _pct(1 - dist[0]),
                ]
            )
        note = "Successes on bone dice: three blanks, two single slashes (1), one skull-and-crossbones (2)."
        return [("Odds", head, body, note)]


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


def _calm(t) -> bool:
    return any(D.ALL_ITEMS[c]["effect"] == "calm" for c in (*t.items, *t.personal))


def _dice_for(state: State, key: str, kind: str) -> int:
    parts = key.split(":")
    if kind == "action":
        t = state.trespassers[state.current]
        if key == "search":
            n = 2 + any(D.ALL_ITEMS[c]["effect"] == "search_plus" for c in (*t.items, *t.personal))
            n -= state.horror_up.get(D.room_of(t.space)) == "stench"
            n -= any(D.ALL_INJURIES[c]["effect"] == "search_minus" for c in t.injuries)
            return max(0, n)
        if parts[0] == "use" and D.ALL_ITEMS[parts[1]]["effect"] == "weapon":
            return D.ALL_ITEMS[parts[1]]["dice"]
        if parts[0] == "desp" and D.DESPERATION[parts[1]]["effect"] == "attack2":
            return 2
        return 0
    if kind == "reroll" and parts[0] == "reroll":
        return sum(1 for d in state.todo[1].dice if d == 0)  # the blanks are rolled again
    if kind == "reroll_pick" and parts[0] == "dice":
        return len(parts[1].split(","))  # the chosen dice are rolled again
    if kind == "sawyer_action":
        if parts[0] == "attack":
            return D.SAWYERS[state.cur_sawyer]["attack_dice"]
        if parts[0] == "hunt":
            return 1
        if key == "talk":
            return 3
        if parts[0] == "free":
            free = D.SAWYER_CARDS[parts[1]]["free"]
            return {"hunt2": 2, "attack1": 1}.get(free, 0)
    return 0


UI = SlaughterhouseUI()
