"""The meta commands of the REPL: names, the other words for them, and their one-line help."""

from __future__ import annotations

import msgspec


class Command(msgspec.Struct, frozen=True):
    name: str
    aliases: tuple[str, ...]
    usage: str
    help: str
    whole: bool = False
    """Named only by its whole word or an alias, never by a unique start ('qu' is not 'quit')."""

    @property
    def takes_argument(self) -> bool:
        """Whether anything may follow the command's word; the usage shows it in brackets ('log [N]')."""
        return "[" in self.usage


COMMANDS: tuple[Command, ...] = (
    Command("help", ("?", "h"), "help [command]", "what you can type; 'help odds' for one command"),
    Command(
        "look",
        ("status", "l", "inventory", "i"),
        "look [thing]",
        "where things stand, and the choices in front of you; 'look walk' examines one thing",
    ),
    Command(
        "examine",
        ("x",),
        "examine [thing]",
        "what a card, item, place or character does, and where it is; alone, what there is to examine",
    ),
    Command(
        "map",
        ("cards", "board"),
        "map [area]",
        "the table drawn as a picture; where a game has areas, 'map NAME' draws one",
    ),
    Command(
        "odds", (), "odds [choice]", "the exact chances of each choice before the dice roll; 'odds 2' for one"
    ),
    Command(
        "hint",
        (),
        "hint [more]",
        "the best choices and the clearly worse, and how sure that is; 'hint more' plays them out longer",
    ),
    Command("review", (), "review", "this run so far, decision by decision: the mistakes and the decisive rolls"),
    Command("undo", (), "undo", "take back your last decision (not in an ironman run)"),
    Command("again", ("g",), "again", "repeat the last thing you typed"),
    Command("save", (), "save [slot]", "save now; with a name, also keep a copy in that slot"),
    Command("load", ("restore",), "load [slot]", "play a saved run instead; without a slot, list the saves"),
    Command("log", ("history",), "log [N]", "the story so far, or its last N turns"),
    Command(
        "transcript",
        ("script",),
        "transcript [off]",
        "copy everything shown into a text file beside the saves",
    ),
    Command("verbose", (), "verbose", "full narration of every event"),
    Command("brief", (), "brief", "one short line per event"),
    Command("rules", (), "rules [topic]", "a short rules reference; 'rules' lists the topics"),
    Command(
        "achievements", ("records",), "achievements", "the game's achievements, and which you have earned"
    ),
    Command("restart", (), "restart", "start this game over with new dice (asks first)"),
    Command("quit", ("exit",), "quit", "stop playing; the run is already saved", whole=True),
)

PAGER_STOP = "q"
"""The pager's stop key. Alone at the prompt it quits nothing: a 'q' sent to a pager that had already ended
would otherwise leave the game, so quitting takes the whole word."""
PAGER_STOP_SAID = (
    "'q' only stops a long answer's pages; nothing is paging now. To stop playing, type 'quit' (the run is saved)."
)

BY_WORD: dict[str, Command] = {}
for _c in COMMANDS:
    BY_WORD[_c.name] = _c
    for _a in _c.aliases:
        BY_WORD[_a] = _c


def words() -> list[str]:
    """Every word that names a command (for completion and suggestions)."""
    return list(BY_WORD)
