"""The `solo` command: a menu, or one of new / continue / load / list / log / sim / games."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable
from pathlib import Path

USAGE_EPILOG = """examples:
  solo                                  a menu: new game, continue, load, list
  solo new escape-of-the-dead           start a run (-o barricade=7 for a harder one)
  solo continue                         pick up the latest unfinished run
  solo list                             every saved run
  solo log SLOT --html run.html         export a run's narrated log
  solo sim escape-of-the-dead -n 1000   let the automa play 1000 games
  solo stats                            your record in every game
  solo review SLOT                      every decision of a run weighed: the mistakes, the decisive rolls
  solo hint SLOT --json                 the hint for a saved run's pending choice, for tools
"""


def _parser(argv: list[str]) -> argparse.ArgumentParser:
    """The command line's parser; only the named command's part is built when the line names one (a tenth of
    the time to the first prompt went to building all seven)."""
    common = argparse.ArgumentParser(add_help=False)
    # SUPPRESS: a subcommand that does not repeat an option must not reset what came before it.
    common.add_argument(
        "--save-dir",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="where saves live (default: $SOLO_SAVE_DIR or your data dir)",
    )
    common.add_argument(
        "--plain",
        action="store_true",
        default=argparse.SUPPRESS,
        help="no boxes or colour (also with NO_COLOR)",
    )

    p = argparse.ArgumentParser(
        prog="solo",
        description="Play horror board games alone at a terminal.",
        parents=[common],
        epilog=USAGE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    named = _named_command(argv)
    for name, (help_text, add_arguments) in _COMMANDS.items():
        if named in (None, name):
            add_arguments(sub.add_parser(name, parents=[common], help=help_text))
    return p


def _named_command(argv: list[str]) -> str | None:
    """The command the line names, if any: the first word that is not an option or --save-dir's folder."""
    words = iter(argv)
    for word in words:
        if len(word) > 2 and "--save-dir".startswith(word):  # argparse takes '--save' for it too
            next(words, None)
        elif not word.startswith("-"):
            return word if word in _COMMANDS else None
    return None


def _new(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="the game's id (see 'solo games')")
    p.add_argument("--seed", type=int, help="the dice's seed, to replay a run exactly")
    p.add_argument("--slot", help="the save slot's name (letters, digits, - and _)")
    p.add_argument("--seat", help="which side you play (see 'solo games')")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    p.add_argument("--ironman", action="store_true", help="no undo")
    p.add_argument(
        "--automa",
        metavar="LEVEL",
        help="how the opposing seats play: easy, normal (default) or hard (see 'solo games')",
    )
    p.add_argument(
        "--fresh",
        action="store_true",
        help="ignore what earlier runs left behind (the Slaughterhouse Freezer Box)",
    )


def _continue(p: argparse.ArgumentParser) -> None:
    p.add_argument("slot", nargs="?")


def _load(p: argparse.ArgumentParser) -> None:
    p.add_argument("slot")


def _log(p: argparse.ArgumentParser) -> None:
    p.add_argument("slot")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--html", metavar="FILE", help="write the log as an HTML page")
    fmt.add_argument("--markdown", metavar="FILE", help="write the log as Markdown")
    fmt.add_argument("--text", metavar="FILE", help="write the log as plain text")
    p.add_argument("--brief", action="store_true", help="one short line per event")
    p.add_argument("--force", action="store_true", help="replace the export file if it exists")


def _sim(p: argparse.ArgumentParser) -> None:
    p.add_argument("game")
    p.add_argument("-n", "--games", type=int, default=1000, help="how many games (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    p.add_argument(
        "--policy",
        action="append",
        default=[],
        metavar="[SEAT=]NAME",
        help="a policy, 'search' or a level for every seat, or SEAT=NAME for one (default: the game's own)",
    )
    p.add_argument("--automa", metavar="LEVEL", help="the level of every seat but the counted one")
    p.add_argument("--seat", help="whose wins to count (default: the person's usual seat)")
    p.add_argument("--jobs", type=int, default=1, metavar="N", help="processes to use (the same results)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _stats(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", help="one game's record (default: every game)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _review(p: argparse.ArgumentParser) -> None:
    p.add_argument("slot")
    _advice_arguments(p)
    p.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help="processes to weigh the decisions with (default: every core; the same figures with any number)",
    )


def _hint(p: argparse.ArgumentParser) -> None:
    p.add_argument("slot")
    _advice_arguments(p)


def _advice_arguments(p: argparse.ArgumentParser) -> None:
    """What `solo review` and `solo hint` share: how many playouts, which draw of the samples, and JSON."""
    p.add_argument(
        "--samples",
        type=int,
        default=None,
        metavar="N",
        help="at most N playouts a choice, with no cap on their cost (default: the usual budget, as at the prompt)",
    )
    p.add_argument("--seed", type=int, default=None, metavar="S", help="another draw of the samples (default: the run's)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _replay(p: argparse.ArgumentParser) -> None:
    p.add_argument("slot")


def _nothing(p: argparse.ArgumentParser) -> None:
    pass


_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "new": ("start a new run of a game", _new),
    "continue": ("continue a run (the latest unfinished by default)", _continue),
    "load": ("continue the run in a slot", _load),
    "list": ("list the saved runs", _nothing),
    "log": ("read or export a run's narrated log", _log),
    "sim": ("headless automa games and their statistics", _sim),
    "stats": ("your record: plays, wins, streaks, by game and by what you chose", _stats),
    "review": ("a run studied decision by decision: what each choice cost", _review),
    "hint": ("the hint for a saved run's pending choice, without playing", _hint),
    "replay": ("step through a run's story, forward and back (read-only)", _replay),
    "games": ("the games, their seats and their options", _nothing),
}
"""Each command: its line in `solo --help`, and what adds its arguments."""


def entry() -> int:
    """The `solo` program. Loading rich, prompt_toolkit and the rest allocates a great deal and frees almost
    nothing, so the garbage collector's passes while loading are wasted (about 13 ms, a tenth of a launch): it
    is paused while they load, and what they made is frozen out of its sight before it resumes.

    Before anything is read or printed, the standard streams learn to replace what their encoding cannot
    carry (PYTHONIOENCODING=ascii), so that ends in a '?', never in a traceback."""
    gc.disable()
    try:
        from solo import app  # noqa: F401  (the bulk of a launch: everything `main` will need)

        gc.freeze()
    finally:
        gc.enable()
    from solo.screen import tolerate_encodings

    tolerate_encodings()
    return main()


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    args = _parser(argv).parse_args(argv)
    from solo import app

    try:
        return app.dispatch(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def save_dir(args: argparse.Namespace) -> Path:
    from saves import default_save_dir

    if getattr(args, "save_dir", None):
        return Path(args.save_dir).expanduser()
    return default_save_dir()
