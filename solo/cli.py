"""The `solo` command: a menu, or one of new / continue / load / list / log / sim / games."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

USAGE_EPILOG = """examples:
  solo                                  a menu: new game, continue, load, list
  solo new escape-of-the-dead           start a run (-o barricade=7 for a harder one)
  solo continue                         pick up the latest run
  solo list                             every saved run
  solo log SLOT --html run.html         export a run's narrated log
  solo sim escape-of-the-dead -n 1000   let the automa play 1000 games
"""


def _parser() -> argparse.ArgumentParser:
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

    new = sub.add_parser("new", parents=[common], help="start a new run of a game")
    new.add_argument("game", help="the game's id (see 'solo games')")
    new.add_argument("--seed", type=int, help="the dice's seed, to replay a run exactly")
    new.add_argument("--slot", help="the save slot's name (letters, digits, - and _)")
    new.add_argument("--seat", help="which side you play (see 'solo games')")
    new.add_argument(
        "-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    new.add_argument("--ironman", action="store_true", help="no undo")
    new.add_argument(
        "--fresh",
        action="store_true",
        help="ignore what earlier runs left behind (the Slaughterhouse Freezer Box)",
    )

    cont = sub.add_parser("continue", parents=[common], help="continue a run (the latest by default)")
    cont.add_argument("slot", nargs="?")

    load = sub.add_parser("load", parents=[common], help="continue the run in a slot")
    load.add_argument("slot")

    sub.add_parser("list", parents=[common], help="list the saved runs")

    log = sub.add_parser("log", parents=[common], help="read or export a run's narrated log")
    log.add_argument("slot")
    fmt = log.add_mutually_exclusive_group()
    fmt.add_argument("--html", metavar="FILE", help="write the log as an HTML page")
    fmt.add_argument("--markdown", metavar="FILE", help="write the log as Markdown")
    fmt.add_argument("--text", metavar="FILE", help="write the log as plain text")
    log.add_argument("--brief", action="store_true", help="one short line per event")

    sim = sub.add_parser("sim", parents=[common], help="headless automa games and their statistics")
    sim.add_argument("game")
    sim.add_argument("-n", "--games", type=int, default=1000, help="how many games (default 1000)")
    sim.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    sim.add_argument("--policy", help="the policy every seat plays (default: the game's own)")
    sim.add_argument("--seat", help="whose wins to count (default: the person's usual seat)")
    sim.add_argument(
        "-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    sub.add_parser("games", parents=[common], help="the games, their seats and their options")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
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
