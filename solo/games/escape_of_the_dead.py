"""Escape of the Dead at the terminal: the toolbar, where things stand, the three cards as a picture, what
every card and reward does, a coach line per kind of decision, the dice shorthand, and exact odds that fit
an 80x24 screen (one line per split, grouped best first when even that is too tall)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rich.text import Text

from engines.core.contract import Decision
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.game import REWARDS
from engines.escape_of_the_dead.keys import letter_of, split_key, split_of
from engines.escape_of_the_dead.state import State, View
from solo import theme
from solo.games import InputError, Table, pct
from solo.parse import number
from solo.screen import columns as _columns
from solo.toolbar import joined

if TYPE_CHECKING:
    from engines.escape_of_the_dead.odds import RewardOdds, SplitOdds  # odds only: not paid at launch

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

SCREEN = (80, 24)
"""The design size (columns, rows): every answer must fit it above the prompt line and the toolbar."""
ANSWER_ROWS = SCREEN[1] - 2
PER_REPAIR = 100 // R.REPAIRS_TO_WIN
"""Percent of the car one Crossed Wrench repairs."""

_COACH = {
    "assign": (
        f"Place {R.DICE} dice: lawn kills on {R.LAWN_HIT}+, barricade builds on {R.BARRICADE_HIT}+, "
        f"garage repairs on {R.GARAGE_HIT}+."
    ),
    "roll": "Dice placed: the order you roll them in changes nothing; 'all' rolls the rest.",
    "reward": f"{R.KILLS_PER_REWARD} heads earn a reward, played at once; 'odds' gives each one's win chance.",
}
"""One line (under 80 columns) on what each kind of decision is about, shown the first time it comes up."""


def _zombies(n: int) -> str:
    return f"{n} zombie{'' if n == 1 else 's'}"


def _percent(repairs: int) -> int:
    return repairs * PER_REPAIR


def _next_level(repairs: int) -> tuple[int, int] | None:
    """The next spawn level and the repair percent it starts at, or None if none comes before the car is fixed."""
    level = R.spawn_level(repairs)
    for r in range(repairs + 1, R.REPAIRS_TO_WIN):
        if R.spawn_level(r) > level:
            return R.spawn_level(r), _percent(r)
    return None


def _barricade_card(view: View, boards: str, attack: str) -> Text:
    """The Barricade's picture, its strength and the coming attack in the danger style when the zombies on
    the lawn would break it."""
    card = Text(f"{boards}\n\n")
    card.append(f"{view.barricade}/{view.max_barricade} strength\n{attack}", theme.danger_if(_breaks(view)))
    card.append(f"\nbuilds on {R.BARRICADE_HIT}+")
    return card


def _breaks(view: View) -> bool:
    """The zombies on the lawn are enough to bring the barricade down in this turn's attack, if none die."""
    return view.zombies > 0 and view.barricade <= view.zombies


class EscapeOfTheDeadUI:
    # -- the bottom line ----------------------------------------------------------------------------------

    def toolbar(self, view: View) -> str:
        """Most important first, each field 'Label value' (the REPL drops whole fields from the end, and the
        digest reads 'Zombies 2->3' from them); always the same fields, so the digest can compare them."""
        return joined(self.toolbar_fields(view))

    def toolbar_fields(self, view: View) -> list[tuple[str, str]]:
        """The toolbar's fields with their meaning: the barricade and the zombies in danger when the lawn
        would break it, repairs and kills made in what-you-gain."""
        breaks = theme.danger_if(_breaks(view))
        return [
            (f"Barricade {view.barricade}/{view.max_barricade}", breaks),
            (f"Zombies {view.zombies}", breaks),
            (f"Repair {_percent(view.repairs)}%", theme.GAIN if view.repairs else ""),
            (f"Kills {view.kills}/{view.kills_needed}", theme.GAIN if view.kills else ""),
            (f"Spawn {0 if view.skip_spawn else view.spawn_level}", ""),
            (f"Turn {view.turn}", ""),
        ]

    # -- look -----------------------------------------------------------------------------------------

    def status(self, view: View) -> list[tuple[str, Any]]:
        """Where things stand in three lines, so that `look` with the fifteen splits below fits 80x24 in
        plain text too. Values are rich Text: the barricade in danger when the lawn can break it, repairs as
        gain; the words say the same for plain text."""
        barricade = Text(
            f"{view.barricade} of {view.max_barricade} Strength Points", theme.danger_if(_breaks(view))
        )
        barricade.append(f" against {_zombies(view.zombies)} on the lawn")
        if _breaks(view):
            barricade.append(": can fall now", theme.DANGER)  # 79 columns at most with its label, in plain
        car = Text("repaired ")
        car.append(f"{_percent(view.repairs)}%", theme.GAIN)
        level = view.spawn_level
        spawn = (
            "no spawn next turn"
            if view.skip_spawn
            else f"{_zombies(level)} spawn{'s' if level == 1 else ''} a turn"
        )
        car.append(f" · {spawn}")
        upcoming = _next_level(view.repairs)
        if upcoming and not view.skip_spawn:
            car.append(f", {upcoming[0]} from {upcoming[1]}%")
        car.append(f" · {view.pool} in the pool")
        if view.kills >= view.kills_needed:
            heads = f"{view.kills} zombie heads: a reward now, {view.kills - view.kills_needed} carry over"
        else:
            heads = f"zombie heads {view.kills} of {view.kills_needed} toward a reward"
        turn = f"{view.turn} · {heads}"
        taken = f" · rewards taken {', '.join(r.upper() for r in view.rewards)}"
        if view.rewards and len("Turn: " + turn + taken) <= SCREEN[0]:  # 'x reward a' says it too
            turn += taken
        return [("Barricade", barricade), ("Car", car), ("Turn", turn)]

    # -- map --------------------------------------------------------------------------------------------

    def cards(self, view: View, plain: bool) -> list[tuple[str, str | Text]]:
        """The three cards as (title, picture) pairs; in plain mode, as sentences for screen readers."""
        attack = (
            "the lawn is clear"
            if not view.zombies
            else ("enough to break it" if _breaks(view) else f"the attack takes {view.zombies}")
        )
        if plain:
            return [
                (
                    "Lawn",
                    f"{view.zombies} of {R.ZOMBIE_TOKENS} zombies on the lawn, {view.pool} in the pool; "
                    f"a die kills on {R.LAWN_HIT}+. Zombie heads marked: {view.kills} of {view.kills_needed}.",
                ),
                (
                    "Barricade",
                    f"{view.barricade} of {view.max_barricade} Strength Points marked; a die builds on "
                    f"{R.BARRICADE_HIT}+. Against {_zombies(view.zombies)}: {attack}.",
                ),
                (
                    "Garage",
                    f"Repair {_percent(view.repairs)}%; a die repairs on {R.GARAGE_HIT}+. Spawn level "
                    f"{view.spawn_level}{' (skipped next turn)' if view.skip_spawn else ''}.",
                ),
            ]
        lawn_slots = "Z " * view.zombies + ". " * view.pool
        heads = "x" * view.kills + "." * max(0, view.kills_needed - view.kills)
        boards = "#" * view.barricade + "_" * (view.max_barricade - view.barricade)
        levels = " ".join(str(1 + i) for i in range((R.REPAIRS_TO_WIN - 1) // R.REPAIRS_PER_LEVEL + 1))
        return [
            (
                "Lawn",
                f"{lawn_slots.rstrip()}\n\nheads {heads}\n{view.kills}/{view.kills_needed} to a reward\n"
                f"kills on {R.LAWN_HIT}+",
            ),
            ("Barricade", _barricade_card(view, boards, attack)),
            (
                "Garage",
                f"{_wrenches(view.repairs)}\n\nrepair {_percent(view.repairs)}%\nspawn levels {levels}, "
                f"now {'skipped' if view.skip_spawn else view.spawn_level}\nrepairs on {R.GARAGE_HIT}+",
            ),
        ]

    # -- what to type, and what it is about ----------------------------------------------------------------

    def coach(self, decision: Decision) -> str | None:
        """One line on what this kind of decision is about, the first time it comes up."""
        return _COACH.get(decision.kind)

    def choice_lines(
        self, decision: Decision, view: View, width: int, plain: bool = False
    ) -> list[str] | None:
        """The fifteen splits in as many columns as fit the width (numbers down the columns, as the list
        reads), so a turn's story stays on screen above them; None elsewhere, and in plain text, which a
        screen reader reads in number order, one a line."""
        if decision.kind != "assign" or plain:
            return None
        wide = len(str(len(decision.options)))
        items = [f"{i:>{wide}}. {o.label}" for i, o in enumerate(decision.options, 1)]
        for columns in (3, 2):
            lines = _columns(items, columns, width)
            if lines is not None:
                return lines
        return None

    def compact_lines(self, decision: Decision, view: View, width: int) -> list[str] | None:
        """The splits in short, as the dice shorthand the person types ('2 1 1': lawn, barricade, garage, in
        the order the question names them), in as many columns as fit: for a screen where the whole list would
        push the turn's story off it. None elsewhere."""
        if decision.kind != "assign":
            return None
        wide = len(str(len(decision.options)))
        items = [f"{i:>{wide}}. {_dice(o.key)}" for i, o in enumerate(decision.options, 1)]
        for count in (5, 4, 3):
            lines = _columns(items, count, width)
            if lines is not None:
                return lines
        return None

    def example(self, decision: Decision) -> str:
        """What to type here, in one line under 80 columns (shown under the choices and by 'help')."""
        if decision.kind == "assign":
            return "Type a number, or dice on lawn, barricade, garage: '2 1 1', 'lawn 2 garage 2'."
        if decision.kind == "reward":
            return "Type a number or a letter: a, b, c or d; 'odds' gives each one's win chance."
        return "Type a number or a section: lawn, barricade, garage, or all."

    def parse(self, text: str, decision: Decision) -> str | None:
        """The dice shorthand: '2 1 1', '211', 'lawn 2 garage 2', 'garage four'. None if it is not that form."""
        if decision.kind != "assign":
            return None
        words = text.lower().replace(",", " ").replace("=", " ").replace(":", " ")
        tokens = _TOKEN.findall(words)
        if not tokens or len("".join(tokens)) < len(re.sub(r"\s", "", words)):
            return None
        read = [_number(t) for t in tokens]
        numbers = [n for n in read if n is not None]
        if len(numbers) == len(read):  # every token a count of dice
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
        """Exact chances before the dice, and before a reward: one line per choice with its number, in a
        table that fits 80x24 in colour and in plain text, grouped best first where even that is too tall.
        Given a choice's key, that one in full."""
        from engines.escape_of_the_dead.odds import odds, reward_odds  # odds only: not paid at launch

        rewards = reward_odds(state)
        if rewards is not None:
            return [_reward_table(rewards, state.repairs, key)]
        rows = odds(state)
        if rows is None:
            return None
        numbers = _choice_numbers(state)
        if key is not None:
            chosen = [r for r in rows if r.key == key] or rows  # while rolling: the dice still to roll
            return [_distributions(chosen[0], numbers.get(chosen[0].key))]
        title = (
            f"Odds: {_zombies(state.zombies)}, barricade {state.barricade}/{R.MAX_BARRICADE}, "
            f"repair {_percent(state.repairs)}%"
        )
        table = _split_table(title, rows, numbers)
        return [table if fits(table) else _grouped(title, rows, numbers)]

    # -- examine --------------------------------------------------------------------------------------------

    def things(self, view: View) -> dict[str, str]:
        """Everything `examine` can tell: each card's rule in our words with the engine's numbers, where it
        stands now, every reward, and how to read the odds. Nothing in this game is hidden but the dice."""
        return _things(view)


# -- odds ----------------------------------------------------------------------------------------------------


def fits(table: Table) -> bool:
    """Whether the table, as the REPL draws it (boxed, and as plain sentences wrapped at the terminal), takes
    at most ANSWER_ROWS lines at the design width: the screen less the prompt line and the toolbar."""
    import io

    from solo.screen import Screen, make_console

    for plain in (False, True):
        buffer = io.StringIO()
        Screen(make_console(plain, file=buffer, width=SCREEN[0], wrap=True), plain).table(*table)
        if len(buffer.getvalue().splitlines()) > ANSWER_ROWS:
            return False
    return True


def _choice_numbers(state: State) -> dict[str, int]:
    """Each option's key -> its number in the list the person sees."""
    from engines.escape_of_the_dead.game import GAME

    decision = GAME.decision(state)
    return {o.key: i for i, o in enumerate(decision.options, 1)} if decision else {}


def _dice(key: str) -> str:
    """'alloc:2-1-1' as the shorthand the person types: '2 1 1' (lawn, barricade, garage)."""
    split = split_of(key)
    return "{} {} {}".format(*split) if split else key


def _choice_cell(key: str, numbers: dict[str, int]) -> str:
    n = numbers.get(key)
    return f"{n} ({_dice(key)})" if n else f"to roll ({_dice(key)})"


def _win(value: float, places: int = 2) -> str:
    return f"{100 * value:.{places}f}%"


def _win_cell(value: float | None, values: list[float | None]) -> str:
    """A win chance, marked 'best' where it is the highest of values that are not all the same."""
    return _win(value or 0.0) + (" best" if _is_best(value, values) else "")


def _is_best(value: float | None, values: list[float | None]) -> bool:
    from engines.escape_of_the_dead.solver import TIE

    known = [v for v in values if v is not None]
    if value is None or not known or max(known) - min(known) <= TIE:
        return False  # nothing to tell apart: no split (or reward) is better than another
    return value >= max(known) - TIE


def _split_table(title: str, rows: list[SplitOdds], numbers: dict[str, int]) -> Table:
    """One line per split in the order of the choices: the win chance with best play after it, whether the
    barricade holds this turn, the average kills, boards and repairs, and (when the car can be finished
    this turn) the chance it is."""
    from engines.core.dice import mean

    wins = [r.best_play for r in rows]
    known = any(w is not None for w in wins)  # not while rolling: the split is made
    fix = any(r.wins for r in rows)
    head = ["#", *(["Win"] if known else []), "Holds", "Kills", "Boards", "Repairs"]
    head += ["Fixed now"] if fix else []
    body: list[list[Any]] = []
    for r in rows:
        row: list[Any] = [_choice_cell(r.key, numbers)]
        if known:  # the best is named in the note, so a plain line needs no marker to fit 80 columns
            best = _is_best(r.best_play, wins)
            row.append(Text(_win(r.best_play or 0.0), theme.HEADING if best else ""))
        repairs = float(mean(r.repairs))
        row += [
            Text(pct(r.holds), theme.danger_if(r.holds < 1)),
            f"{float(mean(r.kills)):.1f}",
            f"{float(mean(r.boards)):.1f}",
            Text(f"{repairs:.1f}", theme.GAIN if repairs else ""),
        ]
        if fix:
            row.append(Text(pct(r.wins), theme.GAIN) if r.wins else "-")
        body.append(row)
    tops = [_choice_cell(r.key, numbers) for r in rows if _is_best(r.best_play, wins)]
    if tops:
        more = f" and {len(tops) - BEST_NAMED} more" if len(tops) > BEST_NAMED else ""
        first = tops[0].split()[0]
        lead = f"Best: {', '.join(tops[:BEST_NAMED])}{more}. 'odds {first}': in full. "
    else:
        lead = "'odds N': split N in full. " if known else ""
    return (title, head, body, f"{lead}'x odds' explains the columns.")


BEST_NAMED = 3
"""Splits the note names as best, when several win as often (the rest are counted)."""


PER_LINE = 3
"""Splits on one line of the grouped table: three choices with their dice fit a plain line at 80 columns, two
beside the 'Fixed now' column."""


def _grouped(title: str, rows: list[SplitOdds], numbers: dict[str, int]) -> Table:
    """The splits best first, those that read the same together (three to a line); the tail on one last line
    when even that is too tall, so the answer always fits (each split in full is 'odds N')."""
    fix = any(r.wins for r in rows)
    ranked = sorted(rows, key=lambda r: (-(r.best_play or 0.0), numbers.get(r.key, 0)))
    wins = [r.best_play for r in ranked]
    per_line = PER_LINE - 1 if fix else PER_LINE
    lines: list[tuple[list[Any], list[str]]] = []  # (cells, choices), at most per_line choices a line
    for r in ranked:
        cells: list[Any] = [_win_cell(r.best_play, wins), Text(pct(r.holds), theme.danger_if(r.holds < 1))]
        cells += [Text(pct(r.wins), theme.GAIN) if r.wins else "-"] if fix else []
        same = lines and [str(c) for c in lines[-1][0]] == [str(c) for c in cells]
        if same and len(lines[-1][1]) < per_line:
            lines[-1][1].append(_choice_cell(r.key, numbers))
        else:
            lines.append((cells, [_choice_cell(r.key, numbers)]))
    head = ["Win", "Holds", *(["Fixed now"] if fix else []), "Choices"]
    note = "Best first, with the dice on lawn, barricade, garage. 'odds N': choice N in full."
    table: Table = (title, head, [], note)
    for keep in range(len(lines), 0, -1):
        shown: list[list[Any]] = [[*cells, Text(", ".join(c), justify="left")] for cells, c in lines[:keep]]
        rest = [c.split()[0] for _, choices in lines[keep:] for c in choices]
        if rest:
            tail = ranked[-len(rest) :]
            span = f"{_win(tail[-1].best_play or 0.0)}-{_win(tail[0].best_play or 0.0)}"
            others = Text("the rest: " + ", ".join(rest), justify="left")
            shown.append([span, "-", *(["-"] if fix else []), others])
        table = (title, head, shown, note)
        if fits(table):
            break
    return table


def _reward_table(rewards: list[RewardOdds], repairs: int, key: str | None) -> Table:
    """Each reward's exact chance to win with best play after it, and the next turn's lawn and barricade."""
    from engines.escape_of_the_dead.solver import TIE

    wins = sorted((r.win for r in rewards), reverse=True)
    places = 1
    while places < 6 and wins[0] - wins[1] > TIE and _win(wins[0], places) == _win(wins[1], places):
        places += 1  # enough decimals to tell the best from the runner-up
    body: list[list[Any]] = []
    for n, r in enumerate(rewards, 1):
        if key is not None and r.key != key:
            continue
        letter = (letter_of(r.key) or "").upper()
        if r.fixed:
            after = Text("the car is fixed: you win", theme.GAIN, justify="left")
        else:
            after = Text(f"{_zombies(r.zombies)}, barricade {r.barricade}", justify="left")
            if r.repairs != repairs:
                after.append(f", repair {_percent(r.repairs)}%", theme.GAIN)
        win = _win(r.win, places) + (" best" if _is_best(r.win, list(wins)) else "")
        body.append([str(n), Text(f"{letter}: {r.label}", justify="left"), win, after])
    note = (
        "Win: the chance to win the game with this reward and best play after. Next turn: the lawn "
        "and the barricade at your next dice, after the spawn."
    )
    if key is not None and body:
        note = f"{_REWARD_EFFECTS[letter_of(key) or '']} {note}"
    return ("Odds of each reward", ["#", "Reward", "Win", "Next turn"], body, note)


def _distributions(r: SplitOdds, choice: int | None) -> Table:
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
    where = (
        f"Choice {choice}, dice {_dice(r.key)}. " if choice else f"The dice still to roll, {_dice(r.key)}. "
    )
    note = where + note
    return (f"Odds: {r.label}", head, rows, note)


# -- examine ------------------------------------------------------------------------------------------------


_REWARD_EFFECTS = {
    "a": "The zombies on the lawn go back to the pool and mark no heads; the next spawn still comes.",
    "b": "At 100% you win at once; the repair can raise the spawn level ('x spawn').",
    "c": "No zombies come at the start of the next turn; the ones on the lawn stay.",
    "d": f"Strength Points on the Barricade, never above {R.MAX_BARRICADE}; extra ones are wasted.",
}
"""What each reward does, beyond the engine's few words for it."""


def _chance(hit: int) -> str:
    """'3 or more, 4 in 6 (67%) a die': a section's success number and what it means for one die."""
    from engines.core.dice import D6

    sides = len(D6) - hit + 1
    return f"{hit} or more, {sides} in {len(D6)} ({pct(sides / len(D6))}) a die"


def _levels() -> str:
    """The spawn levels by repair: '1 a turn from 0%, 2 from 30%, ...', read from the engine's rule."""
    parts: list[str] = []
    last = 0
    for r in range(R.REPAIRS_TO_WIN):
        level = R.spawn_level(r)
        if level != last:
            parts.append(
                f"{level} a turn from {_percent(r)}%" if not parts else f"{level} from {_percent(r)}%"
            )
            last = level
    return ", ".join(parts)


def _wrenches(repairs: int) -> str:
    """The repair track as the card prints it: a mark per Crossed Wrench, grouped by spawn level."""
    return "".join(
        ("+" if i < repairs else ".") + (" " if i % R.REPAIRS_PER_LEVEL == R.REPAIRS_PER_LEVEL - 1 else "")
        for i in range(R.REPAIRS_TO_WIN)
    ).rstrip()


def _things(view: View) -> dict[str, str]:
    z, b, r, k = view.zombies, view.barricade, view.repairs, view.kills
    attack = (
        "The lawn is clear: no attack this turn unless zombies come."
        if not z
        else (
            f"The {_zombies(z)} on the lawn would bring it down in the attack: kill some or build this turn."
            if _breaks(view)
            else f"The {_zombies(z)} on the lawn would leave it at {b - z} if none die."
        )
    )
    upcoming = _next_level(r)
    rise = f" The next rise, to {upcoming[0]}, comes at {upcoming[1]}%." if upcoming else ""
    taken = {letter: view.rewards.count(letter) for letter in REWARDS}
    out = {
        "Lawn": (
            f"Where the zombies gather: at most {R.ZOMBIE_TOKENS}, the rest wait in the pool. A die on the Lawn "
            f"kills on {_chance(R.LAWN_HIT)}: each hit destroys one zombie there, and hits beyond the "
            "zombies on the lawn are wasted. Each zombie destroyed marks a Zombie Head.\n\n"
            "After the dice, each zombie still on the lawn erases one Barricade Strength Point.\n\n"
            f"Now: {_zombies(z)} on the lawn, {view.pool} in the pool; zombie heads {k} of {view.kills_needed}."
        ),
        "Barricade": (
            f"What keeps the dead out: {view.max_barricade} Strength Points printed on the card. A die on the "
            f"Barricade builds on {_chance(R.BARRICADE_HIT)}: each hit marks one point, never above "
            f"{view.max_barricade}; hits beyond are wasted.\n\n"
            "After the dice, each zombie on the lawn erases one point. When the last point goes, the zombies are "
            "in and the game is lost.\n\n"
            f"Now: {b} of {view.max_barricade}. {attack}"
        ),
        "Garage": (
            f"Where the car is. A die in the Garage repairs on {_chance(R.GARAGE_HIT)}: each hit repairs "
            f"{PER_REPAIR}% of the car. At 100% you drive away and win at once, even before the attack.\n\n"
            f"Every {R.REPAIRS_PER_LEVEL} repairs raise the spawn ('x spawn').\n\n"
            f"Now: repaired {_percent(r)}%."
        ),
        "Car repair track": (
            f"{R.REPAIRS_TO_WIN} Crossed Wrenches on the Garage card, {PER_REPAIR}% each; the last one wins the "
            f"game. Garage dice mark them, and so does Reward B ({R.REWARD_REPAIRS * PER_REPAIR}%).\n\n"
            f"Now: {_wrenches(r)}  ({_percent(r)}%, {R.REPAIRS_TO_WIN - r} to go).{rise}"
        ),
        "Zombie pool": (
            f"The game has {R.ZOMBIE_TOKENS} zombie tokens. Those not on the lawn wait in the pool; the spawn "
            "brings them onto the lawn, and a destroyed zombie goes back to the pool. With the pool empty, "
            "none come.\n\n"
            f"Now: {view.pool} in the pool, {_zombies(z)} on the lawn."
        ),
        "Spawn": (
            "At the start of every turn zombies come from the pool onto the lawn, more as the car is repaired: "
            f"{_levels()}. Reward C skips one turn's spawn.\n\n"
            f"Now: {_zombies(view.spawn_level)} a turn.{rise}"
        ),
        "Zombie heads": (
            f"Each zombie a Lawn die destroys marks a head. When the heads reach {view.kills_needed}, after the "
            f"attack, you choose a reward (A to D) and play it at once; heads over {view.kills_needed} carry over "
            "to the next reward. Zombies Reward A destroys mark no heads.\n\n"
            f"Now: {k} of {view.kills_needed}."
        ),
        "Action dice": (
            f"Each turn: 1, zombies spawn; 2, you place your {R.DICE} dice on the Lawn, the Barricade and the "
            f"Garage, in any split ({len(R.splits())} ways); 3, each section rolls its dice; 4, the zombies on "
            f"the lawn attack; 5, a reward at {view.kills_needed} heads.\n\n"
            f"The lawn kills on {R.LAWN_HIT}+, the barricade builds on {R.BARRICADE_HIT}+, the garage repairs on "
            f"{R.GARAGE_HIT}+. With the option roll_order=choose you roll the sections one at a time."
        ),
        "Odds table": (
            "'odds' before the dice: one line per split, its number and its dice on the lawn, barricade and "
            "garage. Win: the chance to win the game with this split and best play after it (exact, from the "
            "solved game); the note under the table names the best. Holds: the barricade stands after this "
            "turn's attack. Kills, Boards, Repairs: the average this turn. Fixed now: the car is finished "
            "this turn.\n\n"
            "Where a line per split would not fit the screen, the splits that read the same share a line, best "
            "first. 'odds N' shows split N in full. At a reward, 'odds' gives each reward's win chance and the "
            "lawn and barricade it leaves for your next dice."
        ),
    }
    for letter, text in REWARDS.items():
        times = taken[letter]
        used = f"Taken {times} time{'s' if times != 1 else ''} this game." if times else "Not taken yet."
        out[f"Reward {letter.upper()}"] = (
            f"{text[0].upper()}{text[1:]}. {_REWARD_EFFECTS[letter]}\n\n"
            f"Earned at {view.kills_needed} zombie heads, played at once. {used}"
        )
    return out


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
    return split_key((lawn, barricade, garage))


UI = EscapeOfTheDeadUI()
