"""Escape of the Dead at the terminal: the toolbar, the three cards as a picture, and the dice shorthand."""

from __future__ import annotations

import re

from engines.core.contract import Decision
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.state import State, View
from solo.games import InputError, Table, pct
from solo.parse import number

_WORDS = {"zero": 0, "none": 0, "one": 1, "two": 2, "three": 3, "four": 4}
_SECTION_WORDS = {
    "lawn": "lawn",
    "shoot": "lawn",
    "kill": "lawn",
    "barricade": "barricade",
    "board": "barricade",
    "boards": "barricade",
    "garage": "garage",
    "car": "garage",
    "repair": "garage",
}
_TOKEN = re.compile(r"[a-z]+|-?[0-9]+")  # ASCII digits: \d takes every script's digits


class EscapeOfTheDeadUI:
    def toolbar(self, view: View) -> str:
        skip = " · no spawn next turn" if view.skip_spawn else ""
        return (
            f"Barricade {view.barricade}/{view.max_barricade} · Zombies {view.zombies} on the lawn · "
            f"Repair {view.repairs * 10}% · Kills {view.kills}/{view.kills_needed} · Turn {view.turn}{skip}"
        )

    def status(self, view: View) -> list[tuple[str, str]]:
        return [
            ("Turn", str(view.turn)),
            ("Barricade", f"{view.barricade} of {view.max_barricade} Strength Points"),
            ("Lawn", f"{view.zombies} zombie{'s' if view.zombies != 1 else ''} (pool {view.pool})"),
            ("Repair", f"{view.repairs * 10}%"),
            ("Zombie heads", f"{view.kills} of {view.kills_needed} toward a reward"),
            (
                "Spawn level",
                "skipped next turn (reward C)" if view.skip_spawn else f"{view.spawn_level} a turn",
            ),
        ]

    def cards(self, view: View, plain: bool) -> list[tuple[str, str]]:
        """The three cards as (title, picture) pairs; in plain mode, as sentences for screen readers."""
        if plain:
            return [
                (
                    "Lawn",
                    f"{view.zombies} of {R.ZOMBIE_TOKENS} zombies on the lawn, {view.pool} in the pool. "
                    f"Zombie heads marked: {view.kills} of {view.kills_needed}.",
                ),
                ("Barricade", f"{view.barricade} of {view.max_barricade} Strength Points marked."),
                (
                    "Garage",
                    f"Repair {view.repairs * 10}%. Spawn level {view.spawn_level}"
                    f"{' (skipped next turn)' if view.skip_spawn else ''}.",
                ),
            ]
        lawn_slots = "Z " * view.zombies + ". " * view.pool
        heads = "x" * view.kills + "." * max(0, view.kills_needed - view.kills)
        boards = "#" * view.barricade + "_" * (view.max_barricade - view.barricade)
        wrenches = "".join(
            ("+" if i < view.repairs else ".")
            + (" " if i % R.REPAIRS_PER_LEVEL == R.REPAIRS_PER_LEVEL - 1 else "")
            for i in range(R.REPAIRS_TO_WIN)
        )
        levels = " ".join(str(1 + i) for i in range((R.REPAIRS_TO_WIN - 1) // R.REPAIRS_PER_LEVEL + 1))
        return [
            ("Lawn", f"{lawn_slots.rstrip()}\n\nheads {heads}\n{view.kills}/{view.kills_needed} to a reward"),
            ("Barricade", f"{boards}\n\n{view.barricade}/{view.max_barricade} strength\nhits on 3+"),
            (
                "Garage",
                f"{wrenches.rstrip()}\n\nrepair {view.repairs * 10}%\nspawn levels {levels}\n"
                f"now {'skipped' if view.skip_spawn else view.spawn_level}",
            ),
        ]

    def example(self, decision: Decision) -> str:
        if decision.kind == "assign":
            return "Type a number, or dice for lawn, barricade, garage: '2 1 1' or 'lawn 2 garage 2'."
        if decision.kind == "reward":
            return "Type a number or a letter: a, b, c or d."
        return "Type a number or a section: lawn, barricade, garage, or all."

    def parse(self, text: str, decision: Decision) -> str | None:
        """The dice shorthand: '2 1 1', '211', 'lawn 2 garage 2', 'garage four'. None if it is not that form."""
        if decision.kind != "assign":
            return None
        words = text.lower().replace(",", " ").replace("=", " ").replace(":", " ")
        tokens = _TOKEN.findall(words)
        if not tokens or len("".join(tokens)) < len(re.sub(r"\s", "", words)):
            return None
        numbers = [_number(t) for t in tokens]
        if all(n is not None for n in numbers):
            if len(numbers) == 1 and len(tokens[0]) == 3 and re.fullmatch("[0-9]{3}", tokens[0]):
                numbers = [int(c) for c in tokens[0]]
            if len(numbers) != 3:
                raise InputError(
                    f"Give three numbers of dice, for lawn, barricade and garage (like '2 1 1'); got {len(numbers)}."
                )
            return _key(numbers[0], numbers[1], numbers[2])
        counts = {"lawn": 0, "barricade": 0, "garage": 0}
        seen: set[str] = set()
        i = 0
        while i < len(tokens):
            section = _section(tokens[i])
            if section is None:
                return None
            if i + 1 >= len(tokens) or (n := _number(tokens[i + 1])) is None:
                raise InputError(f"How many dice on the {section}? Try '{section} 2'.")
            if section in seen:
                raise InputError(f"The {section} is named twice; name each section once.")
            seen.add(section)
            counts[section] = n
            i += 2
        return _key(counts["lawn"], counts["barricade"], counts["garage"])

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """The odds of every split (or, given a split's key, the full distributions of that one)."""
        from engines.core.dice import at_least, mean  # odds only: not paid at launch
        from engines.escape_of_the_dead.odds import odds

        rows = odds(state)
        if rows is None:
            return None
        if key is not None:
            chosen = [r for r in rows if r.key == key] or rows
            return [_distributions(chosen[0])]
        head = [
            "Dice",
            "Win, best play",
            "Barricade holds",
            "Kills (avg)",
            "Boards (avg)",
            "Any repair",
            "Repairs (avg)",
            "Wins now",
        ]
        body = [
            [
                r.label,
                "-" if r.best_play is None else f"{r.best_play:.1%}",
                pct(r.holds),
                f"{float(mean(r.kills)):.2f}",
                f"{float(mean(r.boards)):.2f}",
                pct(at_least(r.repairs, 1)),
                f"{float(mean(r.repairs)):.2f}",
                pct(r.wins) if r.wins else "-",
            ]
            for r in rows
        ]
        note = (
            f"Exact odds this turn with {state.zombies} zombie{'s' if state.zombies != 1 else ''} on the lawn and "
            f"barricade {state.barricade}: the lawn and barricade hit on 3+, the garage on 5+. 'Win, best play' "
            "is the chance to win the game from that split on, playing perfectly. 'odds 2 1 1' shows one split "
            "in full."
        )
        return [("Odds", head, body, note)]


def _distributions(r) -> Table:
    """Every outcome of one split: the chance of 0, 1, 2... kills, boards and repairs."""
    from engines.core.dice import mean

    most = max(max(r.kills), max(r.boards), max(r.repairs))
    head = ["Outcome", *[str(n) for n in range(most + 1)], "average"]
    rows = [
        [
            name,
            *[f"{float(dist.get(n, 0)):.1%}" if n in dist else "-" for n in range(most + 1)],
            f"{float(mean(dist)):.2f}",
        ]
        for name, dist in (("Kills", r.kills), ("Boards", r.boards), ("Repairs", r.repairs))
    ]
    note = (
        f"Barricade holds this turn: {float(r.holds):.1%}. The car is fixed this turn: {float(r.wins):.1%}."
    )
    if r.best_play is not None:
        note += f" With best play from here on, this split wins the game {r.best_play:.2%} of the time."
    return (f"Odds: {r.label}", head, rows, note)


def _number(token: str) -> int | None:
    """A count of dice in digits or words; ASCII digits only, as `solo.parse.number` reads them."""
    n = number(token)
    return n if n is not None else _WORDS.get(token)


def _section(token: str) -> str | None:
    if token in _SECTION_WORDS:
        return _SECTION_WORDS[token]
    found = {s for w, s in _SECTION_WORDS.items() if w.startswith(token)}
    return found.pop() if len(found) == 1 else None


def _key(lawn: int, barricade: int, garage: int) -> str:
    if min(lawn, barricade, garage) < 0:
        raise InputError("A section cannot take a negative number of dice.")
    total = lawn + barricade + garage
    if total != R.DICE:
        raise InputError(
            f"That places {total} dice; you have exactly {R.DICE}. For example '2 1 1' is lawn 2, barricade 1, garage 1."
        )
    return f"alloc:{lawn}-{barricade}-{garage}"


UI = EscapeOfTheDeadUI()
