"""What each `solo` command does. Errors end as one line on stderr and exit status 2, never a traceback."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path

from engines import registry
from engines.core.contract import Game
from saves import SaveError, SaveStore, SlotError, validate_slot
from saves.lock import SlotBusy
from saves.store import SlotUnlockable
from saves.text import escape
from solo import saved
from solo.cli import save_dir
from solo.parse import number
from solo.reader import PlainReader, PromptReader, Reader
from solo.repl import Repl
from solo.run import Run, RunError, new_seed
from solo.screen import Screen, make_console, wants_plain


class Failure(Exception):
    """A command that cannot go on; its message is the one line the person sees."""


def dispatch(args: argparse.Namespace) -> int:
    handlers = {
        None: menu,
        "new": cmd_new,
        "continue": cmd_continue,
        "load": cmd_load,
        "list": cmd_list,
        "log": cmd_log,
        "sim": cmd_sim,
        "games": cmd_games,
        "stats": cmd_stats,
        "review": cmd_review,
        "hint": cmd_hint,
        "replay": cmd_replay,
    }
    try:
        return handlers[args.command](args)
    except (Failure, SaveError, SlotBusy) as e:
        print(f"solo: {e}", file=sys.stderr)
        return 2


# -- shared pieces --------------------------------------------------------------------------------------------


def _store(args: argparse.Namespace) -> SaveStore:
    store = SaveStore(save_dir(args))
    store.check_folder()
    return store


def _screen(args: argparse.Namespace) -> Screen:
    plain = wants_plain(getattr(args, "plain", False))
    return Screen(make_console(plain, wrap=plain and sys.stdout.isatty()), plain)


def _reader(screen: Screen, repl_box: list, store: SaveStore, game_id: str) -> Reader:
    if sys.stdin.isatty():
        return PromptReader(
            toolbar=lambda: repl_box[0].toolbar() if repl_box else "",
            # the toolbar in the theme's colours, unless plain text was asked for (--plain, NO_COLOR)
            fields=None if screen.plain else (lambda: repl_box[0].toolbar_fields() if repl_box else None),
            words=lambda typed: repl_box[0].words(typed) if repl_box else [],
            history=store.root / f".history-{game_id}",  # up-arrow brings back this game's lines only
        )
    return PlainReader(sys.stdin, screen.echo)


def _game(game_id: str) -> Game:
    try:
        return registry.get(game_id)
    except KeyError:
        raise Failure(registry.unknown_game_message(game_id)) from None


def _options(raw: list[str]) -> dict[str, str]:
    out = {}
    for item in raw:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise Failure(f"Options are NAME=VALUE, like '-o barricade=7'; got '{item}'.")
        out[name.strip()] = value.strip()
    return out


def _read_run(store: SaveStore, slot: str, keep: bool = False) -> tuple[Run, str]:
    """The run in a slot, and one line on what of its journal could not be loaded ("" when all of it was); with
    `keep` (the slot is held for play), a copy of a damaged journal is kept beside it first."""
    try:
        return saved.loaded(store, validate_slot(slot), keep)
    except (SaveError, SlotError) as e:
        raise Failure(str(e)) from None
    except RunError as e:
        raise Failure(f"Cannot use {store.path(slot)}: {e}") from None
    except OSError as e:
        problem = e.strerror or str(e)
        raise Failure(f"Cannot keep a copy of the damaged journal of '{slot}' ({problem}); nothing was changed.") from None


def _read_only(store: SaveStore, slot: str) -> Run:
    """The run in a slot for reading (log, review, replay); what of its journal is not loaded is said on stderr."""
    run, note = _read_run(store, slot)
    if note:
        print(f"solo: {note}", file=sys.stderr)
    return run


def _open_run(store: SaveStore, slot: str) -> tuple[Run, str]:
    """The run in a slot, which this process then holds: SlotBusy when another solo has it open. A slot with
    no save is refused before it is locked, so a mistyped name leaves no lock file (or folder) behind."""
    try:
        if not store.exists(validate_slot(slot)):
            raise Failure(str(SaveError(store.path(slot), "no save in this slot")))
        _lock(store, slot)
    except SlotError as e:
        raise Failure(str(e)) from None
    try:
        return _read_run(store, slot, keep=True)
    except BaseException:
        store.unlock(slot)
        raise


def _lock(store: SaveStore, slot: str) -> None:
    """Hold the slot for play. One whose lock file is not one (a folder, a link) is refused, for another solo
    could play it at the same time; at a terminal the person may say to play it unlocked all the same."""
    try:
        store.lock(slot)
    except SlotUnlockable as e:
        if not sys.stdin.isatty():
            raise Failure(str(e)) from None
        print(f"solo: {e}", file=sys.stderr)
        try:
            answer = PromptReader().read(f"Play slot '{slot}' without a lock all the same? [y/N] ")
        except (EOFError, KeyboardInterrupt):
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            raise Failure(f"Slot '{slot}' was left as it is.") from None
        store.lock(slot, unlocked=True)


def play(
    run: Run, store: SaveStore, slot: str, args: argparse.Namespace, coach: bool = True, note: str = ""
) -> int:
    """Play a run in a slot this process holds (store.lock); the slot is let go when play ends. `note`: a line
    the person reads first (what of a damaged journal was not loaded)."""
    try:
        screen = _screen(args)
        if note:
            screen.error(note)
        box: list[Repl] = []
        reader = _reader(screen, box, store, run.game.id)
        repl = Repl(run, store, slot, screen, reader, coach=coach)
        box.append(repl)
        return repl.play()
    finally:
        store.unlock_all()


# -- commands ---------------------------------------------------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    game = _game(args.game)
    store = _store(args)
    carried = {} if args.fresh else _carried(store, game)
    options = _options(args.option)
    coach = options.pop("coach", "on")
    if coach not in ("on", "off"):
        raise Failure(f"-o coach= takes on or off (a line on each kind of decision the first time); got '{coach}'.")
    run = _new_run(game, args.seed, args.seat, options, args.ironman, carried, _level(game, args.automa))
    slot = _new_slot(store, args.slot, game.id)
    return play(run, store, slot, args, coach=coach == "on")


def _level(game: Game, asked: str | None) -> str:
    """The automa's level for a new run: the one asked for, checked. A game with no opposing seat says in one
    line that it has none to set, and the run begins without one."""
    from solo import automa

    if asked is None:
        return automa.DEFAULT
    if not automa.offered(game):
        print(f"solo: {automa.absent(game)} The run starts without one.", file=sys.stderr)
        return automa.DEFAULT
    try:
        automa.check(game, asked)
    except ValueError as e:
        raise Failure(str(e)) from None
    return asked


def _carried(store: SaveStore, game: Game) -> dict[str, str]:
    """What the last finished run of this game left for the next (the Freezer Box), read from the keep file."""
    from solo import carry

    if not carry.offered(game):
        return {}  # most games: neither the keep file nor its module is needed at launch
    from saves.keep import Keepsakes

    try:
        return carry.carried(Keepsakes(store.root), game)
    except (SaveError, OSError) as e:
        raise Failure(f"{e}; 'solo new {game.id} --fresh' plays without it") from None


def _new_run(
    game: Game,
    seed: int | None,
    seat: str | None,
    options: dict[str, str],
    ironman: bool,
    carried: dict[str, str] | None = None,
    automa: str = "normal",
) -> Run:
    from engines.core.contract import resolve_options

    try:
        resolved = resolve_options(game, options) | (carried or {})
        return Run(
            game,
            new_seed() if seed is None else seed,
            resolved,
            seat or game.person_seats[0],
            ironman=ironman,
            automa=automa,
        )
    except ValueError as e:
        raise Failure(str(e)) from None


def _new_slot(store: SaveStore, wanted: str | None, game_id: str) -> str:
    """A slot for a new run, held by this process: the game's name (numbered past the taken ones), or the one
    asked for if it holds nothing and no other solo has it."""
    if wanted is None:
        return store.claim(game_id)
    try:
        slot = validate_slot(wanted)
    except SlotError as e:
        raise Failure(str(e)) from None
    _lock(store, slot)
    if store.exists(slot):
        store.unlock(slot)
        raise Failure(
            f"Slot '{slot}' already holds a run; pick another name (for example '{store.free_slot(slot)}')."
        )
    return slot


def cmd_continue(args: argparse.Namespace) -> int:
    store = _store(args)
    slot = args.slot or store.latest()
    if slot is None:
        raise Failure("There is no saved run to continue yet. Start one with 'solo new escape-of-the-dead'.")
    run, note = _open_run(store, slot)
    return play(run, store, slot, args, note=note)


def cmd_load(args: argparse.Namespace) -> int:
    store = _store(args)
    run, note = _open_run(store, args.slot)
    return play(run, store, args.slot, args, note=note)


def cmd_list(args: argparse.Namespace) -> int:
    store = _store(args)
    screen = _screen(args)
    found = saved.listing(store)
    if not found.rows:
        screen.say(f"No saves yet in {store.root}.")
        return 0
    screen.table(f"Saves in {store.root}", saved.HEAD, found.rows, found.note)
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    from solo import export

    store = _store(args)
    run = _read_only(store, args.slot)
    target = next((t for t in (args.html, args.markdown, args.text) if t is not None), None)
    if target is None:
        screen = _screen(args)
        export.show(run, screen, args.brief)
        return 0
    kind = "html" if args.html is not None else "markdown" if args.markdown is not None else "text"
    path = _export_path(store, target, args.force)
    try:
        export.write(run, path, kind, args.brief)
    except OSError as e:
        raise Failure(f"Cannot write {target}: {e.strerror or e}") from None
    print(f"Wrote the log of '{args.slot}' to {target}.")
    return 0


def _export_path(store: SaveStore, target: str, force: bool) -> Path:
    """Where an export may go: a named file outside the save folder, replaced only with --force, and only if it
    is a regular file (never a device, a FIFO, a folder or a link). Every refusal is one line."""
    if not target.strip():
        raise Failure("The export needs a file name, like '--html run.html'.")
    path = Path(target).expanduser()
    try:
        return _checked_export(store, target, path, force)
    except OSError as e:
        raise Failure(f"Cannot write {escape(target)}: {e.strerror or e}.") from None


def _checked_export(store: SaveStore, target: str, path: Path, force: bool) -> Path:
    shown = escape(target)
    try:
        info: os.stat_result | None = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise Failure(f"{shown} is a folder; name a file in it, like '{escape(str(path / 'run.html'))}'.")
    folder = path.absolute().parent.resolve()
    root = store.root.absolute().resolve()
    if folder == root or root in folder.parents:
        raise Failure(f"{shown} is in the save folder, which holds only saves; pick a file elsewhere.")
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = "a link" if stat.S_ISLNK(info.st_mode) else "not a regular file (a device or a FIFO)"
        raise Failure(f"{shown} is {kind}; an export goes only to a regular file or a new one.")
    if info is not None and not force:
        raise Failure(f"{shown} already exists; add --force to replace it.")
    if not path.absolute().parent.is_dir():  # a mistyped folder is said, not made
        raise Failure(f"Cannot write {shown}: there is no folder {escape(str(path.absolute().parent))}.")
    return path


def cmd_sim(args: argparse.Namespace) -> int:
    from solo import sim

    game = _game(args.game)
    if not 1 <= args.games <= sim.MOST_GAMES:
        raise Failure(f"-n takes a number of games of at least 1 and at most {sim.MOST_GAMES:,}.")
    if args.jobs < 1:
        raise Failure("--jobs takes a number of processes of at least 1.")
    jobs = sim.workers(args.jobs, args.games)
    if jobs < args.jobs and args.jobs > 1:
        cores = os.cpu_count() or 1
        print(f"solo: --jobs {args.jobs:,} is more than the {min(cores, args.games):,} that can work at once here; "
              f"using {jobs}.", file=sys.stderr)
    try:
        return sim.run(
            game,
            args.games,
            args.seed,
            args.policy,
            _options(args.option),
            args.json,
            _screen(args),
            args.seat,
            args.automa,
            jobs,
        )
    except (KeyError, ValueError) as e:
        raise Failure(str(e.args[0]) if e.args else str(e)) from None


def cmd_stats(args: argparse.Namespace) -> int:
    """Every finished run kept in the save folder, added up; a damaged keep file is named and the rest count."""
    import json

    from saves.keep import Keepsakes
    from solo import stats

    store = _store(args)
    if args.game and args.game not in registry.ids():  # checked by name: a record imports no engine
        raise Failure(registry.unknown_game_message(args.game))
    games = [args.game] if args.game else registry.ids()
    keep = Keepsakes(store.root)
    screen = _screen(args)
    found: list[dict] = []
    for gid in games:
        try:
            runs = list(keep.read(gid).finished.values())
        except SaveError as e:
            print(f"solo: {e} (its runs are not counted)", file=sys.stderr)
            continue
        if runs:
            found.append(stats.summary(gid, runs))
    if args.json:
        print(json.dumps({"games": found}))
        return 0
    if not found:
        screen.say("No finished runs recorded yet: finish a run and it joins your record.")
        return 0
    for s in found:
        _show_record(screen, s)
    return 0


def _show_record(screen: Screen, s: dict) -> None:
    title = registry.title(s["game"])  # the title alone: no engine is imported to show a record
    if registry.no_winner(s["game"]):
        _show_nights(screen, title, s)
        return
    low, high = s["win_rate_95"]
    rows = [
        ("Plays", f"{s['plays']}: {s['wins']} won, {s['losses']} lost" + (f", {s['draws']} drawn" if s["draws"] else "")),
        ("Win rate", f"{s['win_rate']:.0%} (95% interval {low:.0%} to {high:.0%})"),
        ("Streak", f"{s['streak']} won in a row now; best {s['best_streak']}"),
    ]
    if s["fastest_win"] is not None:
        rows.append(("Wins", f"fastest {s['fastest_win']} turns, longest {s['longest_win']} turns"))
    for name, values in s["by"].items():
        shown = ", ".join(f"{v}: {c['wins']} of {c['plays']}" for v, c in sorted(values.items()))
        rows.append((f"By {name}", shown))
    rows.append(("Last ten", " ".join({"won": "W", "lost": "L"}.get(r, "D") for r in s["last_ten"])))
    screen.pairs(title, rows)


def _show_nights(screen: Screen, title: str, s: dict) -> None:
    """The record of a game whose rulebook names no winner (Slaughterhouse): nights and counts by seat, never
    wins; nights recorded before the counts were kept are said, not guessed."""
    from solo.stats import SEATS

    rows = [("Nights", str(s["plays"]))]
    for seat, n in sorted(s["nights"].items()):
        said = (
            f"{n['nights']} nights; {n['escaped']} of {n['of']} Trespassers escaped, {n['killed']} killed; "
            f"the objective met in {n['met']}"
        )
        if n["uncounted"]:
            said += f" ({n['uncounted']} recorded before the counts were kept)"
        rows.append((f"As {SEATS.get(seat, seat)}", said))
    screen.pairs(title, rows)


MAX_JOBS = 64
"""More processes than this is no sense on any machine this runs on (each holds the game in memory)."""


def _advice_checks(args: argparse.Namespace) -> None:
    """One line for a number `solo review` or `solo hint` cannot use."""
    if args.samples is not None and args.samples < 1:
        raise Failure("--samples takes a whole number of playouts of at least 1.")
    jobs = getattr(args, "jobs", None)
    if jobs is not None and not 1 <= jobs <= MAX_JOBS:
        raise Failure(f"--jobs takes a number of processes from 1 to {MAX_JOBS}; got {jobs}.")


def cmd_review(args: argparse.Namespace) -> int:
    """A run reviewed decision by decision. The save is only read; the figures are kept beside it (in the save
    folder's reviews/), so a second look at an unchanged run is instant."""
    import json

    from solo import review, review_cache, review_search

    _advice_checks(args)
    store = _store(args)
    run = _read_only(store, args.slot)
    if not review.offered(run):
        raise Failure(f"{run.game.title} cannot be reviewed: its hidden things cannot be sampled.")
    screen = _screen(args)
    cache = review_cache.for_slot(store.root, validate_slot(args.slot))
    jobs = args.jobs or review_search.jobs_default()
    from solo.progress import bar

    try:
        with bar(screen.console, "Reviewing the run", plain=screen.plain or args.json) as tell:
            found = review.review(run, args.samples, seed=args.seed, jobs=jobs, progress=tell, cache=cache)
    except KeyboardInterrupt:
        print("Review cancelled; what was weighed is kept for the next review.", file=sys.stderr)
        return 130
    if cache.problem:
        print(f"solo: {cache.problem}", file=sys.stderr)
    if args.json:
        print(json.dumps(review.as_json(found), ensure_ascii=False))
        return 0
    for line in review.lines(found, screen.console.width):
        screen.say(line)
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    """The hint for a saved run's pending choice: the same figures as `hint` at the prompt (for the same
    samples and seed). The save is only read."""
    import json

    from solo import advice

    _advice_checks(args)
    run = _read_only(_store(args), args.slot)
    decision = run.decision()
    if run.outcome() is not None or decision is None:
        raise Failure(f"The run in '{args.slot}' is over: there is no choice to advise.")
    if decision.seat != run.seat:
        raise Failure(f"The run in '{args.slot}' waits for the automa, not for you: there is no choice to advise.")
    if not advice.offered(run):
        raise Failure(f"{run.game.title} has no hint with figures.")
    screen = _screen(args)
    from solo.busy import busy

    try:
        with busy(screen.console, "Playing each choice out...", plain=screen.plain or args.json):
            found = advice.advise(run, decision, args.samples, args.seed)
    except KeyboardInterrupt:
        print("Hint cancelled.", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(advice.as_json(found), ensure_ascii=False))
        return 0
    for line in advice.lines(found, min(80, screen.console.width)):
        screen.say(line)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """A run's story stepped through; read-only (no lock, no save, no history file)."""
    from solo import replay

    run = _read_only(_store(args), args.slot)
    screen = _screen(args)
    reader: Reader = PromptReader() if sys.stdin.isatty() else PlainReader(sys.stdin, screen.echo)
    return replay.play(run, screen, reader)


def cmd_games(args: argparse.Namespace) -> int:
    from solo import automa

    screen = _screen(args)
    for gid in registry.ids():
        game = registry.get(gid)
        rows = [("id", game.id)]
        rows += [(f"seat {s.id}", s.description) for s in game.seats]
        rows += [
            (f"-o {o.name}=", f"{o.help} Choices: {', '.join(o.choices)}; default {o.default}.")
            for o in game.options
        ]
        rows.append(("--automa", automa.listing(game)))
        rows.append(("policies", automa.policy_listing(game)))
        screen.pairs(game.title, rows)
    return 0


# -- the menu -----------------------------------------------------------------------------------------------------


def menu(args: argparse.Namespace) -> int:
    """`solo` alone: new, continue, load, list, quit."""
    store = _store(args)
    screen = _screen(args)
    words: list[str] = []  # what Tab completes: the slots, and the games when one is asked for
    reader: Reader = (
        PromptReader(words=lambda typed: words) if sys.stdin.isatty() else PlainReader(sys.stdin, screen.echo)
    )
    while True:
        latest = store.latest()
        items = [
            "New game",
            f"Continue ({latest})" if latest else "Continue",
            "Load a saved run",
            "List saves",
            "Quit",
        ]
        screen.story("Solo: horror board games", ["\n".join(f"{i}. {t}" for i, t in enumerate(items, 1))], "red")
        choice = _ask(reader, "Choose 1-5: ")
        if choice is None or choice in ("5", "q", "quit"):
            return 0
        if choice in ("1", "n", "new"):
            words[:] = registry.ids()
            return _menu_new(args, store, screen, reader)
        if choice in ("2", "c", "continue"):
            if latest is None:
                screen.error("There is no saved run yet; choose 1 for a new game.")
                continue
            opened = _menu_open(store, latest, screen)
            if opened is None:
                continue
            return play(opened[0], store, latest, args, note=opened[1])
        if choice in ("3", "load"):
            rows, note = saved.listing(store)
            if not rows:
                screen.error("No saves yet.")
                continue
            screen.table("Saves", ["#", *saved.HEAD], [[str(n), *row] for n, row in enumerate(rows, 1)], note)
            words[:] = [row[0] for row in rows]
            answer = _ask(reader, f"Slot to load, 1-{len(rows)} or its name (Enter to go back): ", lower=False)
            if not answer:
                continue
            pick = number(answer)
            slot = rows[pick - 1][0] if pick is not None and 1 <= pick <= len(rows) else answer
            opened = _menu_open(store, slot, screen)
            if opened is None:
                continue
            return play(opened[0], store, slot, args, note=opened[1])
        if choice in ("4", "list"):
            rows, note = saved.listing(store)
            if rows:
                screen.table("Saves", saved.HEAD, rows, note)
            else:
                screen.say("No saves yet.")
            continue
        screen.error(f"'{choice[:40]}' is not on the menu; type a number from 1 to 5.")


def _menu_open(store: SaveStore, slot: str, screen: Screen) -> tuple[Run, str] | None:
    """The run in a slot for the menu (and the line on its journal), or None once the reason it cannot be had
    is shown."""
    try:
        return _open_run(store, slot)
    except (Failure, SaveError, SlotBusy) as e:
        screen.error(str(e))
        return None


def _ask(reader: Reader, prompt: str, lower: bool = True) -> str | None:
    while True:
        try:
            answer = reader.read(prompt).strip()
            return answer.lower() if lower else answer
        except KeyboardInterrupt:
            continue
        except EOFError:
            return None


def _menu_new(args: argparse.Namespace, store: SaveStore, screen: Screen, reader: Reader) -> int:
    from solo import automa

    ids = registry.ids()
    games = [registry.get(g) for g in ids]
    screen.say("Games:")
    for i, g in enumerate(games, 1):
        screen.say(f"  {i}. {g.title}")
    game = None
    while game is None:
        answer = _ask(reader, f"Game 1-{len(games)} [1]: ")
        if answer is None:
            return 0
        answer = answer or "1"
        pick = number(answer)
        if pick is not None and 1 <= pick <= len(games):
            game = games[pick - 1]
        elif answer in ids:
            game = registry.get(answer)
        else:
            screen.error(registry.unknown_game_message(answer))
    seat = game.person_seats[0]
    if len(game.person_seats) > 1:
        seat = _pick(reader, screen, "Seat", list(game.person_seats), seat) or seat
    options = {}
    for opt in game.options:
        screen.say(f"{opt.name}: {opt.help}")
        value = _pick(reader, screen, opt.name, list(opt.choices), opt.default)
        if value is None:
            return 0
        options[opt.name] = value
    level: str | None = automa.DEFAULT
    if automa.offered(game):
        screen.say("automa: how the other seats play: " + automa.listing(game) + ".")
        playable = [name for name in automa.LEVELS if name != "hard" or automa.searchable(game)]
        level = _pick(reader, screen, "automa", playable, automa.DEFAULT)
        if level is None:
            return 0
    run = _new_run(game, None, seat, options, False, _carried(store, game), level or automa.DEFAULT)
    return play(run, store, store.claim(game.id), args)


def _pick(reader: Reader, screen: Screen, name: str, choices: list[str], default: str) -> str | None:
    while True:
        answer = _ask(reader, f"{name} ({'/'.join(choices)}) [{default}]: ")
        if answer is None:
            return None
        if not answer:
            return default
        if answer in choices:
            return answer
        starts = [c for c in choices if c.startswith(answer)]
        if len(starts) == 1:  # a unique start is enough, as at the game's prompt
            return starts[0]
        screen.error(f"'{answer[:40]}' is not one of {', '.join(choices)}.")
