"""The commands that show the table: help, look, examine, map, odds, achievements, rules (solo/repl.py
dispatches to them; each takes the REPL and the words after the command)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from saves import SaveError
from solo.commands import BY_WORD, COMMANDS
from solo.games import InputError
from solo.parse import resolve

if TYPE_CHECKING:
    from solo.repl import Repl


def help_(repl: Repl, arg: str) -> None:
    if arg:
        c = BY_WORD.get(arg.lower())
        if c is None:
            _help_thing(repl, arg)
            return
        other = f" (also: {', '.join(c.aliases)})" if c.aliases else ""
        repl.screen.say(f"{c.usage}: {c.help}{other}")
        return
    rows = [(c.usage, c.help) for c in COMMANDS]
    d = repl.run.decision()

    if repl.lesson is not None:
        rows.append(("coach", "the coach's last words again (in a lesson)"))
        rows.append(("auto", "the coach plays your choices until something new comes up (in a lesson)"))

    def draw() -> None:
        repl.screen.pairs("Commands", rows)
        if d is not None:
            repl.screen.say(
                "To choose: " + repl.ui.example(d) + " A unique start of a word is enough; Tab completes."
            )

    repl.screen.paged(draw, repl.pager_question())  # longer than 24 lines: a screenful at a time, the top first


def _help_thing(repl: Repl, arg: str) -> None:
    """'help walk': what a card, item or place does, as 'examine walk' tells it, when no command has
    that name."""
    from solo import examine as lookup  # when asked: its difflib costs the launch

    known = lookup.things(repl.ui, repl.run.view())
    try:
        lookup.find(known, arg)
    except InputError:
        repl.screen.error(f"No command or thing called '{arg}'. 'help' lists the commands; 'examine', the things.")
        return
    examine(repl, arg)


def look(repl: Repl, arg: str) -> None:
    if arg:
        examine(repl, arg)
        return
    repl.screen.pairs(repl.run.game.title, repl.ui.status(repl.run.view()))
    d = repl.run.decision()
    if d is not None:
        repl.screen.options(d, repl._tip(d), repl._laid_out(d))


def examine(repl: Repl, arg: str) -> None:
    from solo import examine as lookup  # when asked: its difflib costs the launch

    known = lookup.things(repl.ui, repl.run.view())
    if not known:
        repl.screen.error(f"{repl.run.game.title} has nothing to examine yet; 'rules' explains the game.")
        return
    if not arg:
        repl.screen.story("What you can examine", [", ".join(known)], "blue")
        return
    word = " ".join(arg.lower().split())
    if word in BY_WORD and not any(word in (n.lower(), n.lower().removeprefix("the ")) for n in known):
        # 'look look', 'x map': a command's word, never read as the start of a thing's later word
        c = BY_WORD[word]
        repl.screen.error(f"'{arg}' is a command, not a thing to examine: type '{word}' alone ({c.help}).")
        return
    try:
        name = lookup.find(known, arg)
    except InputError as e:
        repl.screen.error(str(e))
        return
    repl.screen.story(name, known[name].split("\n\n"), "blue")


def map_(repl: Repl, arg: str) -> None:
    if not arg:
        repl.screen.cards(repl.ui.cards(repl.run.view(), repl.screen.plain))
        return
    try:
        panels = repl.ui.map_area(repl.run.view(), repl.screen.plain, arg)
    except InputError as e:
        repl.screen.error(str(e))
        return
    if panels is None:
        repl.screen.error(f"'map' shows the whole table in {repl.run.game.title}; type 'map' alone.")
        return
    repl.screen.cards(panels)


def achievements(repl: Repl, arg: str) -> None:
    from solo import achievements

    if not achievements.offered(repl.run):
        repl.screen.error(f"{repl.run.game.title} has no achievements.")
        return
    try:
        rows, note = achievements.table(repl._keep(), repl.run)
    except SaveError as e:
        repl.screen.error(str(e))
        return
    repl.screen.table(f"Achievements: {repl.run.game.title}", ["Achievement", "First earned"], rows, note)


def odds(repl: Repl, arg: str) -> None:
    d = repl.run.decision()
    if d is None:
        repl.screen.error("The game is over; no dice are waiting to be rolled.")
        return
    key = None
    if arg:
        try:
            what = resolve(arg, d, repl.ui)
        except InputError as e:
            repl.screen.error(str(e))
            return
        if what.kind != "option":
            repl.screen.error(f"'odds {arg}': name one of the choices, like 'odds 2 1 1'.")
            return
        key = what.name
    tables = repl.ui.odds(repl.run.state, key)
    if tables is None:
        repl.screen.error(f"No roll is pending: {d.prompt} Odds are shown where dice are about to roll.")
        return
    for title, head, rows, note in tables:
        repl.screen.table(title, head, rows, note)


def rules(repl: Repl, arg: str) -> None:
    try:
        title, text = repl.narrator.rules(arg.lower() or None)
    except KeyError as e:
        repl.screen.error(str(e.args[0]) if e.args else f"No rules topic '{arg}'.")
        return
    repl.screen.paged(lambda: repl.screen.story(title, text.split("\n\n"), "blue"), repl.pager_question())


HANDLERS = {"help": help_, "look": look, "examine": examine, "map": map_, "achievements": achievements, "odds": odds, "rules": rules}
"""Command name -> what it does."""
