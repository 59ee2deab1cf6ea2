"""Final Girl at the terminal: the toolbar, the warehouse as a map, the hand and Tableau, and exact odds."""

from __future__ import annotations

from engines.core.contract import Decision
from engines.final_girl import data as D
from engines.final_girl.state import State, View
from solo.games import Table, pct

# The warehouse drawn as a grid of space ids (designed layout, read with the lines in board.toml).
_GRID = [
    ["entrance", "lobby", "office", "breakroom"],
    ["corridor", "aisle_w", "rack_a", "cage", "fire_exit"],
    ["aisle_e", "pit", "rack_b"],
    ["bays", "packing", "rack_c"],
    ["dock"],
]


def _names(cards: list[str]) -> str:
    counts: dict[str, int] = {}
    for c in cards:
        k = D.card_kind(c)
        counts[k] = counts.get(k, 0) + 1
    return (
        ", ".join(
            f"{D.ACTIONS[k]['name']}{' x' + str(n) if n > 1 else ''} ({D.ACTIONS[k]['cost']})"
            for k, n in counts.items()
        )
        or "none"
    )


def _space_marks(view: View, space: str) -> list[str]:
    marks = []
    if view.fg_space == space:
        marks.append("YOU" + ("(T)" if view.fg_trapped else ""))
    if view.killer_space == space:
        marks.append("KILLER")
    free = sum(1 for v in view.victims if v.space == space and not v.trapped)
    if free:
        marks.append(f"{free}v")
    traps = [t for t in view.traps if t.space == space and not t.done]
    if traps:
        marks.append(f"{len(traps)}trap")
    if view.forklift == space:
        marks.append("lift")
    return marks


def _tags(space: str, view: View) -> str:
    spec = D.SPACES[space]
    tags = []
    if spec.get("exit"):
        tags.append("EXIT locked" if space in view.locked else "EXIT open")
    if spec.get("search"):
        count = view.item_counts.get(space, 0)
        top = view.item_tops.get(space)
        shown = f", top: {D.ITEMS[top]['name']}" if top else ", top face down" if count else ""
        tags.append(f"search {count}{shown}")
    if spec.get("rack"):
        tags.append("rack")
    if spec.get("pit"):
        tags.append("2 dice panic")
    return ", ".join(tags)


class FinalGirlUI:
    def toolbar(self, view: View) -> str:
        where = D.SPACES[view.fg_space]["name"]
        killer = D.SPACES[view.killer_space]["name"] if view.killer_space else "unseen"
        return (
            f"Turn {view.turn} · {view.phase} · Time {view.time} · Horror {view.horror} ({view.dice} dice) · "
            f"Health {view.fg_health} · You: {where} · Tormentor: {killer} · Terror {view.terror_left}"
        )

    def status(self, view: View) -> list[tuple[str, str]]:
        slots = f"{view.slots} of {view.slots_total}" + (
            " (Ultimate unlocked)" if view.slots >= view.slots_total else ""
        )
        killer = (
            f"at {D.SPACES[view.killer_space]['name']}, health {view.killer_health}"
            if view.killer_space
            else "not on the board"
        )
        row = D.ROWS[view.bloodlust]

        def extra(what: str) -> int:
            return sum(D.TERROR[D.KIND[m.card]]["minor"].get(what, 0) for m in view.minor_powers)

        return [
            ("Turn", f"{view.turn} ({view.phase})"),
            ("Final Girl", f"{D.GIRLS[view.girl]['name']}{' (Extreme)' if view.extreme else ''}"),
            (
                "Health",
                f"{view.fg_health} of {view.fg_max}{' on the white token' if view.fg_white else ''} + Final Health",
            ),
            ("Time", str(view.time)),
            (
                "Horror",
                f"{view.horror} of {D.HORROR_MAX}: {view.dice} dice"
                + (f", +{view.bonus_dice} next roll" if view.bonus_dice else ""),
            ),
            (
                "Bloodlust",
                f"row {view.bloodlust + 1}: attack {row[0] + extra('attack')}, move {row[1] + extra('move')}",
            ),
            ("The Tormentor", killer),
            (
                "Minor Dark Powers",
                ", ".join(
                    f"{D.TERROR[D.KIND[m.card]]['name']} ({m.health} health)" for m in view.minor_powers
                )
                or "none",
            ),
            (
                "Terror deck",
                f"{view.terror_left} cards"
                + (f"; Finale: {D.FINALES[view.finale]['name']}" if view.finale else ""),
            ),
            (
                "Victims",
                f"{len(view.victims)} on the board, {view.saved} saved, {view.dead} dead, {view.supply} in supply",
            ),
            ("Saved slots", slots),
            ("Hand", _names(view.hand)),
            ("Items", ", ".join(D.ITEMS[i]["name"] for i in view.hands + view.backpack) or "none"),
            ("Events", ", ".join(D.EVENTS[e]["name"] for e in view.events_active) or "none"),
        ]

    def cards(self, view: View, plain: bool) -> list[tuple[str, str]]:
        lines = []
        for space in D.ORDER:
            marks = _space_marks(view, space)
            tags = _tags(space, view)
            near = ", ".join(D.SPACES[n]["name"] for n in D.NEIGHBOURS[space])
            if plain:
                lines.append(
                    f"{D.SPACES[space]['name']}{' (' + tags + ')' if tags else ''}: "
                    f"{', '.join(marks) or 'empty'}. Next to {near}."
                )
        if plain:
            board = "\n".join(lines)
        else:
            rows = []
            for row in _GRID:
                cells = []
                for space in row:
                    label = D.SPACES[space]["name"][:14]
                    marks = " ".join(_space_marks(view, space))
                    flag = (
                        "#"
                        if space in view.locked
                        else "*"
                        if D.SPACES[space].get("exit")
                        else "^"
                        if space in D.RACKS
                        else " "
                    )
                    cells.append(f"[{flag}{label:<14}|{marks:<14}]")
                rows.append(" ".join(cells))
            rows.append("# locked Exit  * open Exit  ^ Rack (Climb)  v Victims  lift Forklift")
            board = "\n".join(rows)
        traps = []
        for t in view.traps:
            spec = D.TRAPS[t.card]
            who = "you" if t.subject == "fg" else f"Victim {t.subject}"
            track = " ".join(
                f"[{s or '.'}]" if i == t.step else (s or ".") for i, s in enumerate(spec["track"])
            )
            tasks = " > ".join(
                ("(done) " if i < t.task else "") + task for i, task in enumerate(spec["tasks"])
            )
            traps.append(
                f"{spec['name']} ({who}, {D.SPACES[t.space]['name']}){' COMPLETED' if t.done else ''}\n  track: {track}\n  tasks: {tasks}; progress {t.progress}"
            )
        tableau = _names(view.tableau)
        return [
            ("Marrek Warehouse", board),
            ("Death Traps", "\n".join(traps) or "none"),
            (
                "Hand and Tableau",
                f"Hand: {_names(view.hand)}\nTableau: {tableau}\nUsed this turn: {_names(view.used)}",
            ),
        ]

    def example(self, decision: Decision) -> str:
        if decision.kind == "action":
            return "Type a number, or a card's name ('walk', 'focus'); 'end' ends the Action phase."
        if decision.kind == "planning":
            return "Type a number or a card's name to buy it; 'free' takes back every free card; 'done' to finish Planning."
        if decision.kind in ("tie", "trap_tie", "attack_tie"):
            return "Game Ambiguity: type the number of the one it happens to (the option 'ties' can settle these for you)."
        return "Type the number of your choice."

    def parse(self, text: str, decision: Decision) -> str | None:
        return None

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """Exact Horror Roll odds for every card you could play (or react with) now."""
        from engines.final_girl.game import GAME
        from engines.final_girl.odds import card_odds

        decision = GAME.decision(state)
        if decision is None or decision.kind not in ("action", "react"):
            return None
        keys = [key] if key else [o.key for o in decision.options]
        rows = []
        for k in keys:
            found = card_odds(state, k)
            if found is None:
                continue
            name, dice, raw, conv = found
            rows.append(
                [
                    name
                    + (" (trap)" if ":trap:" in k else "")
                    + (f" (with the {D.ITEMS[k.split(':')[3]]['name']})" if ":with:" in k else ""),
                    str(dice),
                    pct(raw[2]),
                    pct(raw[1]),
                    pct(raw[0]),
                    pct(conv[2]),
                    pct(conv[0]),
                ]
            )
        if not rows:
            return None
        head = ["Card", "Dice", "2+", "1", "Fail", "2+ converting", "Fail converting"]
        note = "Exact odds: 5-6 succeed (3-6 under Improvise); 'converting' discards two cards per 3-4 from the rest of your hand."
        return [("Horror Roll odds", head, rows, note)]


UI = FinalGirlUI()
