"""The play loop: narrate what happened, let the automa move, ask the person, repeat. Autosave throughout."""

from __future__ import annotations

import contextlib
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from engines.core import memo
from engines.core.contract import Decision, IllegalMove
from narratives import Narrator, for_game
from saves import SaveError, SaveStore, SlotError
from saves.lock import SlotBusy
from solo import advice_commands, narration, run_commands, story_commands, table_commands, theme
from solo.commands import BY_WORD, COMMANDS, Quit
from solo.games import InputError, ui_for
from solo.parse import clean, resolve
from solo.reader import Reader
from solo.run import Run, check_loadable, new_seed
from solo.screen import Screen
from solo.whole import whole_move

if TYPE_CHECKING:
    from collections.abc import Sequence

    from solo.lesson import Coach, Said

PROMPT = "> "
STOPPED = "(The automa stopped thinking; your choice is saved. Press Enter to let it play on, or type a command.)"
HANDLERS = {
    **table_commands.HANDLERS,
    **advice_commands.HANDLERS,
    **run_commands.HANDLERS,
    **story_commands.HANDLERS,
}
"""Each command's name -> what it does (the commands live in modules by group: the table, advice, the run, the
story)."""
STOPPED_CHOICE = "It is the automa's turn, which was stopped: press Enter to let it play on."


class Chosen(NamedTuple):
    """The decision the person's last line chose at, for the guard against an ending word meant for it landing
    on the next question: the turn, what its ending choice would have ended, that choice's key, and the key
    chosen."""

    decision: Decision
    turn: int
    scope: str
    ending: str
    chosen: str


class Repl:
    def __init__(
        self, run: Run, store: SaveStore, slot: str, screen: Screen, reader: Reader, coach: bool = True
    ):
        self.store = store
        self.coach = coach  # a line on what each kind of decision is about, the first time it comes up
        self.coached: set[str] = set()
        self.screen = screen
        self.reader = reader
        self.brief = False
        self.compact = False  # the choices at the next prompt in their shorter layout, for the story beside them
        self.last_line = ""
        self.save_pending = False
        self.save_failure = ""
        self.replaces: str | None = None  # a run the person agreed to replace in this slot (restart)
        self._use(run, slot)

    def _use(self, run: Run, slot: str) -> None:
        if hasattr(self, "run"):  # another run than the first: its memos of positions (engines/core/memo.py) go
            memo.forget()
        self.run = run
        self.slot = slot
        self.saved: int | None = None  # how many of the run's steps are saved; None: the next save is whole
        self.ui = ui_for(run.game.id)
        self.narrator: Narrator = for_game(run.game.id, run.seed, run.seat)
        self.shown = 0
        self.asked: tuple[int, str] | None = None  # the decision whose options were last shown
        self.ended_shown = False
        self.listed: dict[str, tuple[str, ...]] = {}  # plain mode: the choices last listed in full, by kind
        self.digest_due = False  # the person has chosen since the digest was last shown
        self.since = 0  # where in the log the person's last choice began, for the digest
        self.keep_reported: set = set()  # keep files already said to be damaged at this run's end
        self.warned: tuple[int, str] | None = None  # the ending choice refused once at this decision
        self.chosen: Chosen | None = None  # where the person's last line chose, while no other line follows
        self.lesson: Coach | None = None  # a lesson's coach (solo/lesson.py); None in a real game
        if run.lesson:
            from solo.lesson import coach_for

            self.lesson = coach_for(run, self.narrator)
            if self.lesson is not None:
                self.lesson.fits = self._coach_fits

    # -- what the reader needs ------------------------------------------------------------------------

    def toolbar(self) -> str:
        return self.ui.toolbar(self.run.view())

    def toolbar_fields(self) -> list[tuple[str, str]] | None:
        """The toolbar's fields with the theme meaning of each, where the game's screen gives them."""
        return self.ui.toolbar_fields(self.run.view())

    def words(self, typed: str = "") -> list[str]:
        """What Tab completes `typed` to: the choices' labels, the commands, and after a word that examines
        ('examine', 'x', 'look', 'l', ...) every thing's name, behind the word as typed."""
        d = self.run.decision()
        out = [c.name for c in COMMANDS]
        if d is not None and d.seat == self.run.seat:
            out = [o.label for o in d.options] + out
        names = list(self.ui.things(self.run.view()))
        if not names:
            return out
        first, space, _ = typed.lstrip().partition(" ")
        command = BY_WORD.get(first.lower())
        word = first if space and command is not None and command.name in ("examine", "look") else "examine"
        return out + [f"{word} {name}" for name in names]

    # -- the loop ---------------------------------------------------------------------------------------

    def play(self) -> int:
        """Run until the person quits or input ends. Returns an exit status."""
        cores = self._cores()
        try:
            return self._play()
        finally:
            if cores is not None:
                cores.close()

    def _cores(self) -> Any:
        """The machine's other cores for a searching automa's playouts (solo/cores.py: the same choices,
        sooner), started before anything else; None where the automa does not search or they cannot start."""
        if not self.run.automa_searches():
            return None
        from solo.cores import Cores

        cores = Cores()
        if not cores.start():
            return None
        self.run.use_playouts(cores)
        return cores

    def _play(self) -> int:
        self._automa_turn(opening=self.lesson is not None)
        self.save_pending = True  # saved once the first prompt is up: the launch waits for no fsync
        while True:
            self.prompt_if_needed()
            try:
                line = self._read_line()
            except KeyboardInterrupt:
                self.screen.say("(cancelled; type 'quit' to stop)")
                continue
            except EOFError:
                if self.confirm_quit():
                    return self.leave()
                continue
            if not getattr(self.reader, "echoes", False):
                self.screen.typed(PROMPT + line)
            try:
                self.handle(line)
            except Quit:
                return self.leave()
            finally:
                self.screen.flush_transcript()

    def _read_line(self) -> str:
        try:
            return self.reader.read(PROMPT, self._first_save if self.save_pending else None)
        finally:
            if self.save_failure:
                self.screen.error(self.save_failure)
                self.save_failure = ""

    def _first_save(self) -> None:
        """The launch's autosave, which the reader runs while the prompt is up; it must not print. Then the
        finished runs whose end could not be recorded are (solo/stats.py), so each counts once."""
        self.save_pending = False
        try:
            self._save()
        except (SaveError, OSError) as e:
            self.save_failure = f"Autosave failed: {e}"
        from solo import stats

        stats.record_missed(self.store, self._keep())

    def advance(self) -> None:
        """The automa plays its seats; everything new is narrated; the run is saved. The person's own decision is
        saved before the automa starts, so nothing of theirs waits on its thinking (nor on a Ctrl-C there)."""
        if self._automa_waits():
            self.autosave()
        self._automa_turn()
        self.autosave()

    def _automa_turn(self, opening: bool = False) -> None:
        """The automa's turn, then the story (after a lesson's `opening` words). Ctrl-C while it thinks stops it
        there, as Ctrl-C stops any wait at the table: what it decided stands, the decision it was thinking over
        waits, and Enter lets it go on."""
        stopped = False
        try:
            self._step_automa()
        except KeyboardInterrupt:
            stopped = True
        if opening:
            self._lesson_opening()
        self.narrate_new()
        if stopped:
            self.screen.say(STOPPED)

    def _automa_waits(self) -> bool:
        """Whether the automa decides next (after its turn was stopped, the prompt waits on it)."""
        d = self.run.decision()
        return d is not None and d.seat != self.run.seat

    def _step_automa(self) -> None:
        """The automa's turn, with a spinner at a terminal should it think for a while. An automa that searches
        (the hard level) takes about a second a decision: at a terminal the story is held until the person's
        next prompt, where it is fitted to the screen as at any level, while the spinner's line names who is
        thinking and what happened last, so the table is never silent; in plain or piped output, which is
        never shortened, what it has done so far is told before it thinks again. A Ctrl-C goes up to
        `_automa_turn`, which stops the automa there (the story so far told first)."""
        from solo.busy import busy

        if not self.run.automa_searches():
            with busy(self.screen.console, "The automa is thinking...", plain=self.screen.plain):
                while self._automa_move():
                    pass
            return
        if self.screen.plain or not self.screen.console.is_terminal:
            while True:
                self.narrate_new()
                if not self._automa_move():
                    return
        try:
            with busy(self.screen.console, "The automa is thinking...") as say:
                while (d := self.run.decision()) is not None and d.seat != self.run.seat:
                    say(self._thinking(d.seat))
                    self._automa_move()
        except KeyboardInterrupt:
            self.narrate_new()
            raise

    def _automa_move(self) -> bool:
        """One of the automa's decisions; False when the person decides next or the run is over. A Ctrl-C while
        it thinks stops it before anything moves; one while its choice is played waits until the choice is
        whole, so the run never holds half a move."""
        d = self.run.decision()
        if d is None or d.seat == self.run.seat:
            return False
        key = self.run.automa_key(d)
        with whole_move():
            self.run.choose(key, d)
        return True

    def _thinking(self, seat: str) -> str:
        """The spinner's line while the automa searches: who thinks, under which of the story's headings (the
        turn, the round), and the story's latest line (the held story's summaries carry the dice)."""
        from solo import automa

        held = self.narrator.tellings(self.run.log, self.shown)
        latest = next((t.summary for t in reversed(held) if t.summary), "")
        heading = held[-1].title if held else f"turn {self.run.game.turn(self.run.state)}"
        return automa.thinking(self.run.game, self.run.log, seat, heading, latest, self.screen.console.width - 2)

    def narrate_new(self) -> None:
        whole = list(narration.groups(self.run.log, self.narrator, self.shown, self.brief))
        fitted = self._fitted(whole)
        if fitted is None:
            self._tell(whole)
        else:
            self.screen.flush_transcript()
            for brief, (title, paragraphs, mood) in fitted:
                (self.screen.brief if brief else self.screen.story)(title, paragraphs, mood)
            self.screen.transcribed_whole(lambda: self._tell(whole))
        self.shown = len(self.run.log)

    def _tell(self, groups: list[tuple[str, list[str], str]]) -> None:
        for title, paragraphs, mood in groups:
            self.screen.story(title, paragraphs, mood)

    def _fitted(self, whole: list[tuple[str, list[str], str]]) -> list[tuple[bool, tuple[str, list[str], str]]] | None:
        """At a terminal too short for the new story and the prompt below it, the story shortened to fit
        (solo/screen_story.py: the other seats' turns and the setup in brief, then the person's own earlier
        paragraphs by their summaries); None to tell it whole: in plain or piped output, or where it fits."""
        console = self.screen.console
        self.compact = False
        if self.screen.plain or not console.is_terminal:
            return None
        room = console.height - self._below()
        if self.screen.story_height([(False, g) for g in whole]) <= room:
            return None
        from solo import screen_story

        owner = self.ui.owner
        width = console.width - 4  # inside a panel's borders and padding
        log, start, seat = self.run.log, self.shown, self.run.seat

        def fitting(room: int) -> tuple[list[tuple[bool, tuple[str, list[str], str]]], bool]:
            height = self.screen.story_height
            return screen_story.fitting(log, self.narrator, start, owner, seat, width, room, height, self.brief)

        told, whole_own = fitting(room)
        d = self.run.decision()  # the person's own turn too tall beside the whole list of choices:
        if whole_own or d is None or self._laid_out(d, compact=True) is None:
            return told
        self.compact = True  # the choices in short: the story beside them gets the lines they give up
        return fitting(console.height - self._below(compact=True))[0]

    def _below(self, compact: bool = False, said: Sequence[Said] | None = None) -> int:
        """The lines the prompt's part of the screen takes under the story, as prompt_if_needed will draw it:
        the question, its choices (in short: `compact`) and what to type, the coach's boxes (`said`, else what
        the coach has due), the coach line and the digest where they will show, then the prompt and the
        toolbar."""
        d = self.run.decision()
        if d is None or d.seat != self.run.seat:
            return 4
        screen = self.screen
        lines = screen.lines_of(lambda: screen.options(d, self._tip(d), self._laid_out(d, compact)))
        if self.lesson is not None:
            lines += screen.lines_of(partial(self._lesson_panels, self.lesson.due(self.run) if said is None else said))
        for text in (self._company_line(), self._coach_line(d), self._digest_line()):
            if text:
                lines += screen.lines_of(partial(screen.say, text))
        return lines + 2

    def prompt_if_needed(self) -> None:
        d = self.run.decision()
        if d is None:
            if not self.ended_shown:
                self.ended_shown = True
                if self.lesson is not None:  # a lesson is never recorded: it ends with the offer of a real game
                    self.show_summary("")
                    self._lesson_end()
                    return
                self.show_summary(self.record_result())
                self.record_achievements()
                self.record_carry()
                self.screen.say(
                    "The run is over. Type 'log' to read it again, 'restart' to play again, or 'quit'."
                )
            return
        if d.seat != self.run.seat:
            return  # the automa's turn, stopped: its line said so, and Enter lets it go on
        marker = (len(self.run.keys), d.kind)
        if marker != self.asked:
            self.asked = marker
            keys = tuple(d.keys())
            if self.screen.plain and self.listed.get(d.kind) == keys:
                self._speak_lesson()
                self.screen.say(f"{d.prompt} (1-{len(d.options)}, as before; 'look' lists them again.)")
            else:
                self.listed[d.kind] = keys
                if not self.screen.plain and self.ui.shows_map(d):
                    table_commands.map_(self, "")
                self._speak_lesson()
                self.screen.options(d, self._tip(d), self._laid_out(d, self.compact))
            if company := self._company_line():
                self.screen.say(company, theme.DANGER)
            self._show_coach(d)
            self._show_digest()

    def _company_line(self) -> str:
        """Who stands in the person's space (a killer beside them), where the game's screen says: at every
        prompt while it holds, not only when they came."""
        return self.ui.company(self.run.view())

    def _show_coach(self, d: Decision) -> None:
        text = self._coach_line(d)
        if text:
            self.coached.add(d.kind)
            self.screen.say(text, theme.HIDDEN)

    def _coach_line(self, d: Decision) -> str:
        """The line on what this kind of decision is about, the first time it comes up; '' otherwise."""
        if not self.coach or self.lesson is not None or d.seat != self.run.seat or d.kind in self.coached:
            return ""
        return self.ui.coach(d) or ""

    # -- a lesson (solo/lesson.py) ----------------------------------------------------------------------

    def _speak_lesson(self) -> None:
        if self.lesson is not None:
            self._say_lesson(self.lesson.speak(self.run))

    def _say_lesson(self, said: list[Said]) -> None:
        self._lesson_panels(said)

    def _lesson_panels(self, said: Sequence[Said]) -> None:
        for s in said:
            self.screen.lesson(s.title, s.section, s.text)

    def _coach_fits(self, said: Sequence[Said]) -> bool:
        """Whether the coach's boxes `said` leave the story its room at this prompt, so the coach may say one
        more step at once: at a terminal, the person's own turn still told whole above them and the choices
        (in short, where the game has a shorter layout: solo/screen_story.py gives way as it would); plain or
        piped output, never shortened, always has room."""
        console = self.screen.console
        if self.screen.plain or not console.is_terminal:
            return True
        room = console.height - self._below(compact=True, said=said)
        whole = list(narration.groups(self.run.log, self.narrator, self.shown, self.brief))
        if self.screen.story_height([(False, g) for g in whole]) <= room:
            return True
        from solo import screen_story

        log, width, height = self.run.log, console.width - 4, self.screen.story_height
        told = screen_story.fitting(
            log, self.narrator, self.shown, self.ui.owner, self.run.seat, width, room, height, self.brief
        )
        return told[1]

    def _lesson_opening(self) -> None:
        """A new lesson's opening words; at a terminal, Enter then begins the game on a screen of its own."""
        assert self.lesson is not None
        said = self.lesson.opening(self.run)
        self._say_lesson(said)
        if said and self.screen.console.is_terminal and not getattr(self.reader, "echoes", False):
            with contextlib.suppress(EOFError, KeyboardInterrupt):  # the prompt meets the end of input again
                self.reader.read("Press Enter to begin. ")

    def _lesson_word(self, text: str) -> bool:
        """A lesson's own words at the prompt ('coach', 'auto'); False for anything else."""
        from solo import lesson

        word = text.lower()
        if word not in lesson.COMMANDS or self.lesson is None:
            return False
        if word == "coach":
            if self.lesson.last:
                self._say_lesson(self.lesson.last)
            else:
                self.screen.error("The coach has said nothing yet in this game.")
            return True
        d = self.run.decision()
        if d is None or d.seat != self.run.seat:
            self.screen.error("The game is over: there is nothing left for the coach to play.")
            return True
        since = len(self.run.log)
        played = lesson.auto(self.run, self.lesson)
        self.digest_due, self.since = True, since
        self.advance()
        self.screen.say(lesson.auto_said(played, self.run), theme.HIDDEN)
        return True

    def _lesson_end(self) -> None:
        """The lesson's last words, then the offer of a real game with the defaults it explained."""
        from solo import lesson

        assert self.lesson is not None
        self._say_lesson(self.lesson.speak(self.run))
        game = self.run.game
        question = f"Start a real game of {game.title} now, with its defaults ({lesson.defaults(game)})? [Y/n] "
        try:
            answer = self.reader.read(question).strip().lower()
        except (EOFError, KeyboardInterrupt):
            answer = "n"
        if answer not in ("", "y", "yes"):
            self.screen.say(
                f"The lesson is over. 'solo new {game.id}' starts a real game whenever you like; "
                "type 'log' to read this one again, or 'quit'."
            )
            return
        self.autosave(whole=True)
        run = Run(game, new_seed(), lesson.real_options(game), self.run.seat)
        try:
            slot = self.store.claim(game.id)
        except (SaveError, SlotError, SlotBusy, OSError) as e:
            self.screen.error(f"Cannot start it here: {e}. 'solo new {game.id}' starts one.")
            return
        if self.store.holds(self.slot):
            self.store.unlock(self.slot)
        self._use(run, slot)
        self.screen.say(f"A real game of {game.title} begins in slot '{slot}' (seed {run.seed}).")
        self.advance()

    def _show_digest(self) -> None:
        line = self._digest_line()
        self.digest_due = False
        if line:
            self.screen.say(line, theme.HIDDEN)

    def _digest_line(self) -> str:
        """One line of what changed that matters since the person's last decision, in words and in the order
        it happened (narratives/digest.py), fitted to the width by whole items."""
        if not self.digest_due:
            return ""
        from narratives import digest
        from solo.screen import fit_digest

        fields = self.ui.digest_fields(self.run.view())  # what the words read from where things stand
        items = digest.items(self.narrator, self.run.log[self.since :], fields)
        return fit_digest(items, self.screen.console.width)

    def _laid_out(self, d: Decision, compact: bool = False) -> list[str] | None:
        """The game's own layout of a long list of choices (grouped, each with what it does), if it has one;
        `compact`: its shorter layout (`compact_lines`), for a screen whose story would not fit beside the
        other, or None where it has none (plain text is never laid out in short)."""
        if compact:
            if self.screen.plain:
                return None
            return self.ui.compact_lines(d, self.run.view(), self.screen.console.width)
        plain = self.screen.plain
        return self.ui.choice_lines(d, self.run.view(), self.screen.console.width - (2 if plain else 0), plain)

    def _tip(self, d: Decision) -> str:
        """What to type; where the rules leave a single choice, that Enter takes it."""
        if len(d.options) == 1:
            return "It is the only choice the rules leave you here: press Enter to take it."
        return self.ui.example(d)

    def handle(self, line: str) -> None:
        chosen, self.chosen = self.chosen, None  # only the very next line can be one meant for that question
        try:
            text = clean(line)
        except InputError as e:
            self.screen.error(str(e))
            return
        if self._automa_waits() and not self._command_while_stopped(text):
            return
        if not text:
            d = self.run.decision()
            if d is not None and d.seat == self.run.seat and len(d.options) == 1:
                self.choose(d.options[0].key)  # the only legal choice: Enter goes on
                return
            tip = self.ui.example(d) if d else "Type 'log', 'restart' or 'quit'."
            self.screen.error(f"Nothing typed. {tip} 'help' lists the commands.")
            return
        if self.lesson is not None and self._lesson_word(text):
            return
        try:
            what = resolve(text, self.run.decision(), self.ui)
            if what.kind == "command" and what.arg and not BY_WORD[what.name].takes_argument:
                raise InputError(_no_argument(text.partition(" ")[0].lower(), what.name))
            if what.kind == "command" and what.name == "again":
                if not self.last_line:
                    self.screen.error("There is nothing to repeat yet.")
                    return
                text = self.last_line
                self.screen.say(f"(again: {text})")
                what = resolve(text, self.run.decision(), self.ui)
        except InputError as e:
            self.screen.error(str(e))
            return
        self.last_line = text
        if what.kind == "command":
            HANDLERS[what.name](self, what.arg)
            if self.lesson is not None:
                self._say_lesson([s for s in [self.lesson.command(what.name)] if s is not None])
        elif not self._refused(text, what.name, chosen):
            self.choose(what.name)

    def _command_while_stopped(self, text: str) -> bool:
        """The automa's turn was stopped: Enter lets it go on, a command is answered (True: handle it), and a
        choice is not the person's to make."""
        if not text:
            self.advance()
            return False
        try:
            command = resolve(text, None, self.ui).kind == "command"
        except InputError:
            command = False
        if not command:
            self.screen.error(STOPPED_CHOICE)
        return command

    def choose(self, key: str) -> None:
        since = len(self.run.log)
        at = self._where(key)
        d = self.run.decision()
        try:
            with whole_move():
                self.run.choose(key)
        except IllegalMove as e:
            self.screen.error(str(e))
            return
        if self.lesson is not None and d is not None:
            self.lesson.chose(self.run, key, d)
        self.digest_due, self.since = True, since
        self.chosen = at
        self.advance()

    def _where(self, key: str) -> Chosen | None:
        """The person's decision as they choose `key` at it, where one of its choices ends a phase or turn."""
        ending = getattr(self.run.game, "ending", None)
        d = self.run.decision()
        if ending is None or d is None or d.seat != self.run.seat:
            return None
        for o in d.options:
            found = ending(self.run.state, o.key)
            if found is not None:
                return Chosen(d, self.run.game.turn(self.run.state), found.scope, o.key, key)
        return None

    def _refused(self, text: str, key: str, chosen: Chosen | None) -> bool:
        """Refuse once, in one line, a choice that ends a phase or turn (the game's `ending`) when it would end
        one untouched (all its Time, all its actions), or when it answers a question that changed under the
        person: the line right after their last choice, which at that choice's question would have ended what
        that question was about. The same choice again goes through: a line, never a y/n question that would
        read the next typed or piped line as its answer."""
        ending = getattr(self.run.game, "ending", None)
        d = self.run.decision()
        if ending is None or d is None or d.seat != self.run.seat or len(d.options) < 2:
            return False
        ends = ending(self.run.state, key)
        marker = (len(self.run.keys), key)
        if ends is None or self.warned == marker:
            return False
        with_left = f", with {ends.left}" if ends.left else ""
        if ends.untouched:
            said = f"'{text}' would end {ends.scope} with {ends.left or 'nothing done in it'}"
        elif self._meant_before(text, chosen, ends.scope):
            said = f"The question changed since your last choice: '{text}' now ends {ends.scope}{with_left}"
        else:
            return False
        self.warned = marker
        self.screen.error(f"{said}. Type it again to end it.")
        return True

    def _meant_before(self, text: str, chosen: Chosen | None, scope: str) -> bool:
        """Whether `text` comes right after a choice that did not end what its question was about, and would
        have ended it there, though what it ends now is something else: the question changed under it."""
        if chosen is None or chosen.chosen == chosen.ending:
            return False
        if (chosen.turn, chosen.scope) == (self.run.game.turn(self.run.state), scope):
            return False
        try:
            return resolve(text, chosen.decision, self.ui).name == chosen.ending
        except InputError:
            return False

    def _keep(self):
        """What outlives a run (saves/keep.py): read when a run ends or asks, so not imported at launch."""
        from saves.keep import Keepsakes

        return Keepsakes(self.store.root)

    def _keep_problem(self, what: str, e: Exception) -> None:
        """One line per damaged keep file at a run's end, however many records it stops."""
        path = getattr(e, "path", None)
        if path is not None and path in self.keep_reported:
            return
        if path is not None:
            self.keep_reported.add(path)
        self.screen.error(f"{what}: {e}")

    def record_result(self) -> str:
        """The finished run joins the player's record; returns what it changed there ("" if nothing)."""
        from solo import stats

        try:
            entry, runs, fresh = stats.record(self._keep(), self.run, self.slot)
        except (SaveError, OSError) as e:
            self._keep_problem("Not added to your record", e)
            return ""
        if entry is None:
            return ""
        if not fresh:
            return stats.again(self.run.game.id, entry, runs)
        return stats.standing(self.run.game.id, entry, runs)

    def show_summary(self, standing: str) -> None:
        """The end of the run in one panel (solo/summary.py): what was saved, lost and spent, and its standing."""
        from solo import summary

        s = summary.summarize(self.run, standing, self._kept_review())
        style = "" if s.won is None else theme.GAIN if s.won else theme.DANGER
        self.screen.framed_pairs(s.title, s.lines(), style)

    def _kept_review(self) -> Any:
        """The run's review where every decision of it is kept beside the save (a `review` asked before the end),
        so the summary names the review's decisive roll; else None (nothing is weighed for it)."""
        from solo import review

        if self.run.game.id in review.EXACT or not review.offered(self.run):
            return None
        from solo import review_cache, review_search

        return review_search.kept(self.run, review_cache.for_slot(self.store.root, self.slot))

    def record_achievements(self) -> None:
        from solo import achievements  # at a run's end, not at launch

        if not achievements.offered(self.run):
            return
        try:
            earned, fresh = achievements.record(self._keep(), self.run, self.slot)
        except (SaveError, OSError) as e:
            self._keep_problem("Achievements not recorded", e)
            return
        texts = achievements.texts(self.run)
        for a in earned:
            self.screen.say(f"Achievement{' (new!)' if a in fresh else ''}: {texts[a]}")

    def record_carry(self) -> None:
        from solo import carry

        if not carry.offered(self.run.game):
            return
        try:
            kept = carry.store(self._keep(), self.run, self.slot)
        except (SaveError, OSError) as e:
            self._keep_problem("What this run leaves for the next was not kept", e)
            return
        if kept:
            describe = getattr(self.run.game, "describe_carry", None)
            self.screen.say(
                describe(kept)
                if describe
                else "What this run leaves behind is kept for your next one ('solo new --fresh' ignores it)."
            )

    # -- saving -------------------------------------------------------------------------------------

    def autosave(self, whole: bool = False) -> bool:
        """Save what changed since the last save: a journal line per step, or the whole run when asked (or when
        the journal cannot go on). Says so in one line when it fails; the run plays on."""
        try:
            self._save(whole)
        except (SaveError, OSError) as e:
            self.screen.error(f"Autosave failed: {e}")
            return False
        for note in self.store.take_notices():  # a damaged journal kept aside as the run was saved whole
            self.screen.error(note)
        return True

    def _save(self, whole: bool = False) -> None:
        steps = self.run.steps
        if not whole and self.saved is not None and self.store.journaling(self.slot):
            if self.saved < len(steps):
                try:
                    self.store.append(self.slot, steps[self.saved :])
                    self.saved = len(steps)
                    return
                except SaveError:
                    pass  # the journal cannot go on: the whole run, below, starts a new one
            else:
                return
        self.store.write(self.slot, self.run.to_record(), replaces=self.replaces, accept=check_loadable)
        self.replaces = None
        self.saved = len(steps)

    def confirm_quit(self) -> bool:
        try:
            answer = self.reader.read("Save and quit? [Y/n] ")
        except (EOFError, KeyboardInterrupt):
            return True
        return answer.strip().lower() in ("", "y", "yes")

    def leave(self) -> int:
        if self.autosave(whole=True):
            self.screen.say(f"Saved in slot '{self.slot}'. 'solo continue' picks it up again.")
        self.screen.flush_transcript()
        return 0

    # -- meta commands --------------------------------------------------------------------------------


    def pager_question(self):
        """At a terminal, the question between pages of a long answer (None elsewhere: print it whole)."""
        from solo.reader import pager_question

        return pager_question(self.reader, self.screen.console.is_terminal, self.screen.error)


def _no_argument(word: str, name: str) -> str:
    """The one-line refusal for a command given words it would ignore: silently dropping them misleads."""
    return f"'{word}' takes no argument; '{word}' alone: {BY_WORD[name].help}."
