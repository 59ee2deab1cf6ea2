"""Final Girl at the terminal: the toolbar, the warehouse as a map, the hand and Tableau, and exact odds."""

from __future__ import annotations

from engines.core.contract import Decision
from engines.final_girl import data as D
from engines.final_girl.state import State, View
from solo.games import Table, pct

# The warehouse drawn as a grid of space ids (designed layout). Only the lines drawn connect spaces: two
# boxes side by side or one above the other with no line between them are not adjacent.
_GRID = [
    ["office", "breakroom", "cage", "fire_exit"],
    ["lobby", "aisle_w", "rack_a", "rack_b"],
    ["entrance", "rack_c", "pit", ""],
    ["corridor", "aisle_e", "packing", ""],
    ["", "bays", "dock", ""],
]
_INNER = 19  # characters inside a box
_GAP = 3  # characters between boxes
_LEGEND = (
    "Lines: - | / \\ walk, ~ Leap (Rack A~Rack B, Rack B~Rack C). Tags: # locked Exit, O open Exit, "
    "S4 Search space (items left), ^ Rack (enter by Climb), P The Pit (panic on 2 dice). "
    "Marks: YOU you, YOU(T) you in a Death Trap, KILLER The Tormentor, 2v free Victims, "
    "1T Death Traps (each holds a Victim), F the Forklift."
)


def _walks(a: str, b: str) -> bool:
    return bool(a and b) and b in D.WALK_LINES[a]


def _leaps(a: str, b: str) -> bool:
    return bool(a and b) and b in D.GAP_LINES.get(a, [])


def _tag(space: str, view: View) -> str:
    spec = D.SPACES[space]
    if spec.get("exit"):
        return "#" if space in view.locked else "O"
    if spec.get("search"):
        return f"S{view.item_counts.get(space, 0)}"
    if spec.get("rack"):
        return "^"
    if spec.get("pit"):
        return "P"
    return ""


def _short_marks(view: View, space: str) -> str:
    marks = []
    if view.fg_space == space:
        marks.append("YOU(T)" if view.fg_trapped else "YOU")
    if view.killer_space == space:
        marks.append("KILLER")
    free = sum(1 for v in view.victims if v.space == space and not v.trapped)
    if free:
        marks.append(f"{free}v")
    traps = sum(1 for t in view.traps if t.space == space and not t.done)
    if traps:
        marks.append(f"{traps}T")
    if view.forklift == space:
        marks.append("F")
    text = " ".join(marks)
    return text if len(text) <= _INNER else text.replace("KILLER", "K!")


def _draw(view: View) -> str:
    """The grid of boxes with the walking lines between them; every name whole."""
    out: list[str] = []
    width = _INNER + 2
    for r, row in enumerate(_GRID):
        tops, names, marks = [], [], []
        for c, space in enumerate(row):
            right = row[c + 1] if c + 1 < len(row) else ""
            link = "-" * _GAP if _walks(space, right) else "~" * _GAP if _leaps(space, right) else " " * _GAP
            if not space:
                tops.append(" " * (width + _GAP))
                names.append(" " * (width + _GAP))
                marks.append(" " * (width + _GAP))
                continue
            name = D.SPACES[space]["name"]
            tag = _tag(space, view)
            tops.append("+" + "-" * _INNER + "+" + " " * _GAP)
            names.append("|" + name.ljust(_INNER - len(tag)) + tag + "|" + link)
            marks.append("|" + _short_marks(view, space).ljust(_INNER) + "|" + " " * _GAP)
        out += [
            "".join(tops).rstrip(),
            "".join(names).rstrip(),
            "".join(marks).rstrip(),
            "".join(tops).rstrip(),
        ]
        if r + 1 < len(_GRID):
            below = _GRID[r + 1]
            line = [" "] * (len(row) * (width + _GAP))
            for c, space in enumerate(row):
                centre = c * (width + _GAP) + width // 2
                if _walks(space, below[c]):
                    line[centre] = "|"
                elif _leaps(space, below[c]):
                    line[centre] = "~"
                gap = c * (width + _GAP) + width + _GAP // 2
                if c + 1 < len(row):
                    if _walks(space, below[c + 1]):
                        line[gap] = "\\"
                    elif _walks(row[c + 1], below[c]):
                        line[gap] = "/"
            out.append("".join(line).rstrip())
    return "\n".join(out)


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
    """Who and what is in a space, in words (the plain map, read aloud)."""
    marks = []
    if view.fg_space == space:
        marks.append("you, Trapped" if view.fg_trapped else "you")
    if view.killer_space == space:
        marks.append("The Tormentor")
    free = sum(1 for v in view.victims if v.space == space and not v.trapped)
    if free:
        marks.append(f"{free} free Victim{'s' if free != 1 else ''}")
    traps = sum(1 for t in view.traps if t.space == space and not t.done)
    if traps:
        marks.append(f"{traps} Death Trap{'s' if traps != 1 else ''}")
    if view.forklift == space:
        marks.append("the Forklift")
    return marks


def _tags(space: str, view: View) -> str:
    spec = D.SPACES[space]
    tags = []
    if spec.get("exit"):
        tags.append("Exit, locked" if space in view.locked else "Exit, open")
    if spec.get("search"):
        count = view.item_counts.get(space, 0)
        top = view.item_tops.get(space)
        shown = f", top: {D.ITEMS[top]['name']}" if top else ", top face down" if count else ""
        tags.append(f"Search space, {count} item{'s' if count != 1 else ''}{shown}")
    if spec.get("rack"):
        tags.append("Rack, entered by Climb")
    if spec.get("pit"):
        tags.append("panic on 2 dice")
    return "; ".join(tags)


_CARD_WORDS = {
    w: k
    for k, spec in D.ACTIONS.items()
    for w in (k.replace("_", " "), spec["name"].lower().replace("'", ""))
}
_ITEM_WORDS = {
    w: k for k, spec in D.ITEMS.items() for w in (k.replace("_", " "), spec["name"].lower().replace("'", ""))
}
"""What a typed card or item name means (lower case, no apostrophes): its id."""

_RESCUE_WORDS = frozenset(
    {"rescue", "rescue a victim", "rescue victim", "rescue a victim here", "lead out"}
    | {f"save {who}" for who in ("victim", "victims", "a victim", "the victim", "a victim here")}
)
"""Leading a Victim out. The rulebook says 'save'; 'save' alone stays the command that saves the game."""


def _trap_text(t) -> str:
    """A Death Trap in words, as the narration puts it: where it stands, what comes next, what frees."""
    from narratives.templates import load

    phrases = load("final-girl").phrases
    spec = D.TRAPS[t.card]
    who = "you" if t.subject == "fg" else f"Victim {t.subject}"
    head = f"{spec['name']} ({who}, {_at(D.SPACES[t.space]['name'])})"
    if t.done:
        return f"{head}: completed."
    ahead = [phrases[f"track_{step or 'none'}"] for step in spec["track"][t.step + 1 :]]
    steps = len(spec["track"]) - 1
    track = f"step {t.step} of {steps}; next: " + ", then ".join(ahead)
    tasks = []
    for i, task in enumerate(spec["tasks"]):
        kind, n = task.split(":")
        text = phrases[f"task_{kind}"].format(n=n)
        if i < t.task:
            text += " (done)"
        elif i == t.task and t.progress:
            text += f" ({t.progress} of {n} so far)"
        tasks.append(text)
    return f"{head}\n  track: {track}\n  to escape: " + ", then ".join(tasks)


def _at(name: str) -> str:
    """'the Lobby', but 'The Pit' and 'Rack B' as they are (as the narration writes them)."""
    return name if name.startswith(("The ", "Rack ")) else f"the {name}"


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
        if plain:
            lines = []
            for space in D.ORDER:
                marks = _space_marks(view, space)
                tags = _tags(space, view)
                walk = ", ".join(D.SPACES[n]["name"] for n in D.WALK_LINES[space])
                leap = ", ".join(D.SPACES[n]["name"] for n in D.GAP_LINES.get(space, []))
                lines.append(
                    f"{D.SPACES[space]['name']}{' (' + tags + ')' if tags else ''}: "
                    f"{', '.join(marks) or 'empty'}. Walk to {walk}.{' Leap to ' + leap + '.' if leap else ''}"
                )
            board = "\n".join(lines)
        else:
            board = _draw(view) + "\n" + _LEGEND
        traps = [_trap_text(t) for t in view.traps]
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
            return (
                "Type a number, or a card's name ('walk', 'discard focus', 'use crowbar'); 'rescue' leads a "
                "Victim out of an open Exit; 'end' ends the Action phase."
            )
        if decision.kind == "planning":
            free = "'free' takes back every free card; " if decision.option("buy:free") else ""
            return f"Type a number or a card's name to buy it; {free}'done' to finish Planning."
        if decision.kind == "convert":
            return "Type the number of the two cards to give up, or 'back' to return to the roll."
        if decision.kind in ("tie", "trap_tie", "attack_tie", "shield"):
            return "Game Ambiguity: type the number of the one it happens to (the option 'ties' can settle these for you)."
        return "Type the number of your choice."

    def parse(self, text: str, decision: Decision) -> str | None:
        """Card, item and rescue words to the engine's keys, legal now or not: the engine says why not."""
        low = " ".join(text.lower().replace("'", "").split())
        verb, _, rest = low.partition(" ")
        kind = decision.kind
        if low in _RESCUE_WORDS:
            return (
                "save"  # offered in the Action phase and as she walks onto an Exit; the engine says when not
            )
        if kind == "action":
            if verb in ("play", "discard", "use") and rest:
                if verb == "use":
                    item = _ITEM_WORDS.get(rest.removeprefix("the "))
                    return f"item:{item}" if item else None
                card = _CARD_WORDS.get(rest)
                return f"{verb}:{card}" if card else None
            if verb == "take" and rest in ("climb", "leap", "both", "climb and leap"):
                return "take:both" if rest in ("both", "climb and leap") else f"take:{rest}"
            card = _CARD_WORDS.get(low)
            if card:
                return f"play:{card}"
            item = _ITEM_WORDS.get(low.removeprefix("the "))
            return f"item:{item}" if item else None
        if kind == "planning":
            card = _CARD_WORDS.get(rest if verb == "buy" else low)
            return f"buy:{card}" if card else None
        if kind == "react":
            card = _CARD_WORDS.get(rest if verb == "play" else low)
            return f"react:{card}" if card else None
        return None

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """Exact Horror Roll odds for every card you could play (or react with) now."""
        from engines.final_girl.game import GAME
        from engines.final_girl.odds import card_odds

        decision = GAME.decision(state)
        if decision is not None and decision.kind == "roll":
            return _roll_choice_odds(state, decision, key)
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


def _roll_choice_odds(state: State, decision: Decision, key: str | None) -> list[Table] | None:
    """A pending Horror Roll: the chance each choice leaves it on each line (conversions are certain)."""
    from engines.final_girl.odds import choice_odds

    rows = []
    for option in decision.options:
        if key and option.key != key:
            continue
        found = choice_odds(state, option.key)
        if found is not None:
            rows.append([option.label, pct(found[2]), pct(found[1]), pct(found[0])])
    if not rows:
        return None
    dice = " ".join(str(d) for d in state.roll["dice"])
    note = (
        f"The dice stand at {dice}. Each row is the roll right after that choice, before converting any more "
        "3-4s: accepting and converting are certain; a Close Call re-rolls its die (5-6 succeed, 3-6 under "
        "Improvise)."
    )
    return [("Horror Roll: your choices", ["Choice", "2+", "1", "Fail"], rows, note)]


UI = FinalGirlUI()
