"""The commands that handle the run itself: undo, save, load, restart, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from saves import SaveError, SlotError, validate_slot
from saves.lock import SlotBusy
from saves.store import OtherRun, describe
from solo import narration, saved, table_commands
from solo.commands import Quit
from solo.run import Run, RunError, check_loadable, new_seed

if TYPE_CHECKING:
    from solo.repl import Repl


def undo(repl: Repl, arg: str) -> None:
    if repl.run.ironman:
        repl.screen.error("This is an ironman run: no undo.")
        return
    if not repl.run.undo():
        repl.screen.error("There is no decision of yours to take back yet.")
        return
    repl.shown = len(repl.run.log)
    repl.asked = None
    repl.ended_shown = False
    repl.warned = None
    repl.screen.say(repl.narrator.story(repl.run.log)[-1].prose)  # as the log will tell it later
    repl.autosave()
    table_commands.look(repl, "")
    d = repl.run.decision()
    repl.asked = (len(repl.run.keys), d.kind) if d is not None else None


def save(repl: Repl, arg: str) -> None:
    if not repl.autosave(whole=True):
        return
    if not arg or arg == repl.slot:
        repl.screen.say(f"Saved in slot '{repl.slot}' ({repl.store.path(repl.slot)}).")
        return
    slot = _slot_named(repl, arg)
    if slot is None:
        return
    held = repl.store.holds(slot)
    try:
        repl.store.lock(slot)
        _copy_into(repl, slot)
    except (SlotBusy, SaveError, OSError) as e:
        repl.screen.error(str(e))
    finally:
        if not held:
            repl.store.unlock(slot)


def _copy_into(repl: Repl, slot: str) -> None:
    """A copy of the run in another slot; a slot holding another run is replaced only when the person says
    so at a terminal (line mode refuses), and a file that `load` refuses never is."""
    try:
        repl.store.write(slot, repl.run.to_record(), accept=check_loadable)
    except OtherRun as other:
        if getattr(repl.reader, "echoes", False):
            repl.screen.error(f"{other}; not replaced. Pick another name, or load that run.")
            return
        question = f"Slot '{slot}' holds another run ({describe(other.record)}). Replace it? [y/N] "
        if not _yes(repl, question):
            repl.screen.say(f"Slot '{slot}' is left as it was.")
            return
        repl.store.write(slot, repl.run.to_record(), replaces=other.record.identity(), accept=check_loadable)
    repl.screen.say(f"Saved a copy in slot '{slot}'; this run goes on saving to '{repl.slot}'.")


def _yes(repl: Repl, question: str) -> bool:
    """The person's yes to a question (Ctrl-C or the end of input is a no)."""
    try:
        answer = repl.reader.read(question)
    except (EOFError, KeyboardInterrupt):
        return False
    return answer.strip().lower() in ("y", "yes")


def load(repl: Repl, arg: str) -> None:
    if not arg:
        _list_saves(repl)
        repl.screen.say("Type 'load NAME' to play one of them.")
        return
    slot = _slot_named(repl, arg)
    if slot is None:
        return
    held = repl.store.holds(slot)
    try:
        repl.store.lock(slot)
        run, note = saved.loaded(repl.store, slot, keep=True)
    except (SlotBusy, SaveError, OSError) as e:
        _let_go(repl, slot, held)
        repl.screen.error(str(e))
        return
    except RunError as e:
        _let_go(repl, slot, held)
        repl.screen.error(f"Cannot use {repl.store.path(slot)}: {e}")
        return
    repl.autosave(whole=True)
    if slot != repl.slot and repl.store.holds(repl.slot):
        repl.store.unlock(repl.slot)
    repl._use(run, slot)
    repl.screen.say(f"Loaded slot '{slot}': {run.game.title}, turn {run.game.turn(run.state)}.")
    if note:
        repl.screen.error(note)
    start = narration.turns_back(run.log, 1)
    for title, paragraphs, mood in narration.groups(run.log, repl.narrator, start, repl.brief):
        repl.screen.story(title, paragraphs, mood)
    repl.shown = len(run.log)


def _slot_named(repl: Repl, arg: str) -> str | None:
    try:
        return validate_slot(arg)
    except SlotError as e:
        repl.screen.error(str(e))
        return None


def _let_go(repl: Repl, slot: str, held: bool) -> None:
    if not held and slot != repl.slot:
        repl.store.unlock(slot)


def _list_saves(repl: Repl) -> None:
    from solo import saved

    try:
        rows, note = saved.listing(repl.store)
    except SaveError as e:
        repl.screen.error(str(e))
        return
    if not rows:
        repl.screen.say("No saves yet.")
        return
    repl.screen.table("Saves", saved.HEAD, rows, note)


def restart(repl: Repl, arg: str) -> None:
    if repl.run.lesson:
        _restart_lesson(repl)
        return
    if not _yes(repl, "Start this game over with new dice? The current run is replaced. [y/N] "):
        repl.screen.say("Carrying on.")
        return
    old = repl.run
    try:
        from solo import carry

        options = carry.renewed(repl._keep(), old.game, old.options)
    except (SaveError, OSError) as e:
        repl.screen.error(f"{e}; restarting with what this run started with.")
        options = dict(old.options)
    run = Run(old.game, new_seed(), options, old.seat, ironman=old.ironman, automa=old.automa)
    repl._use(run, repl.slot)
    repl.replaces = old.to_record().identity()
    repl.screen.say(f"A new game begins (seed {run.seed}).")
    repl.advance()


def _restart_lesson(repl: Repl) -> None:
    """A lesson starts over from its beginning, with its own dice (another seed would teach nothing)."""
    from solo import lesson

    if not _yes(repl, "Start the lesson over from the beginning? This run is replaced. [y/N] "):
        repl.screen.say("Carrying on.")
        return
    old = repl.run
    repl._use(lesson.new_run(old.game), repl.slot)
    repl.replaces = old.to_record().identity()
    repl.screen.say("The lesson begins again.")
    repl.advance()


def quit_(repl: Repl, arg: str) -> None:
    raise Quit


HANDLERS = {"undo": undo, "save": save, "load": load, "restart": restart, "quit": quit_}
"""Command name -> what it does."""
