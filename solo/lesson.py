"""The coach of a lesson: a guided first game, played with the real engine and the real screens.

A lesson is a run like any other (its seed and options come from the game's `[lesson]` table, narratives/
lesson.py), marked as a lesson in its save so it is never counted in the player's record. At each of the
person's prompts the coach says the steps whose moment has come: a kind of decision met for the first time,
an event that just happened, a state its conditions describe, the lesson's start and the game's end. What it
says is filled in from the game's lesson facts (solo/games/*_lesson.py: the person's view and the decision,
never what the view hides) and the event's own fields, so it is checked against the board as the story is.

The coach never chooses for the person: where a step asks for a choice, the person may choose otherwise and
hears what the asked choice was for. `auto` lets the coach play the person's routine decisions with the
game's own policy until something new comes up, so a long game fits a lesson's quarter of an hour.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from engines.core.autoplay import decide, policy_rng
from engines.core.contract import Decision, Game
from engines.core.events import UNDO, Event
from narratives import Narrator
from narratives.formatting import Fields
from narratives.lesson import Lesson, Step, tell
from narratives.tells import holds
from solo.run import Run

FACTS: dict[str, str] = {
    "escape-of-the-dead": "solo.games.escape_of_the_dead_lesson",
    "final-girl": "solo.games.final_girl_lesson",
    "slaughterhouse": "solo.games.slaughterhouse_lesson",
    "mixtape-massacre": "solo.games.mixtape_lesson",
    "escape-from-tall-oaks": "solo.games.tall_oaks_lesson",
}
"""Each game's lesson facts: `facts(view, decision) -> dict`, the numbers and names its steps may say."""

COMMANDS = ("coach", "auto")
"""The words a lesson adds at the prompt: the coach's last words again, and the coach playing on."""

AUTO_LIMIT = 3000
"""The most decisions one `auto` plays: the rules end every game long before (a guard, never a rule)."""


class Said(NamedTuple):
    """What the coach said: the step, its heading, the rulebook's section, the words, and the fields they were
    filled from (the truth tests check the words against them)."""

    step: str
    title: str
    section: str
    text: str
    fields: Mapping[str, Any]
    chances: Mapping[str, str] = {}
    """At a choice the coach asked for: each choice's chance as the game's facts give it (`chances`), so the
    note on another choice can say its own."""
    note: bool = False
    """A note on a step said before (what the asked choice was for, the note after its command), not the step."""


def offered(game_id: str) -> bool:
    """Whether the game has a lesson."""
    from narratives.templates import load

    return game_id in FACTS and load(game_id).lesson() is not None


def lesson_of(game_id: str) -> Lesson:
    """The game's lesson (KeyError where it has none)."""
    from narratives.templates import load

    found = load(game_id).lesson() if game_id in FACTS else None
    if found is None:
        raise KeyError(f"{game_id} has no lesson")
    return found


def new_run(game: Game) -> Run:
    """The lesson's run: its seed and options, the person's usual seat, the automa at its usual level."""
    from engines.core.contract import resolve_options

    lesson = lesson_of(game.id)
    return Run(game, lesson.seed, resolve_options(game, lesson.options), game.person_seats[0], lesson=game.id)


def defaults(game: Game) -> str:
    """The real game's defaults in words, as the offer at a lesson's end names them."""
    return ", ".join(f"{o.name} {o.default}" for o in game.options)


class Coach:
    """The lesson's progress through one run: which steps were said, what was asked, what is still to say."""

    def __init__(self, run: Run, narrator: Narrator):
        self.game = run.game
        self.seat = run.seat
        self.narrator = narrator
        self.lesson = lesson_of(run.lesson)
        module = importlib.import_module(FACTS[run.lesson])
        self._facts: Callable[[Any, Decision | None], dict[str, Any]] = module.facts
        self.fired: set[str] = set()
        self.prompts = 0  # the person's prompts the coach has spoken at (the lesson's start is the first)
        self.seen = 0  # where in the log the events the coach has looked at end
        self.asked: tuple[Said, str, int] | None = None
        """What the coach said when it asked, the key asked, and where in the run's choices it asked (an undo
        leaves that decision: the ask is then no longer about the one at hand)."""
        self.awaiting: tuple[Step, Fields] | None = None  # a step that asked for a command, till it is typed
        self.notes: list[Said] = []  # said at the next prompt: what an asked choice was for, a command's note
        self.last: list[Said] = []  # the last words said, for `coach`
        self._due: tuple[tuple[int, int], list[Said]] | None = None
        self.fits: Callable[[Sequence[Said]], bool] | None = None
        """Whether the coach's boxes leave the story its room at this prompt (the REPL measures them at a
        terminal): a step beyond the first is said with the others only where they fit, else at a later
        prompt. None: the count of `per_prompt` alone (headless, plain text)."""
        self._crowded: tuple[int, int] | None = None
        """Where the last look found an event's step due but the prompt full (at which choice, and where its
        window of events began): the next prompt looks from there again, so the step is said one prompt late
        rather than never."""
        self._only: set[str] | None = None
        """While a resumed lesson takes up its last prompt again: the steps said there, the only ones with room
        (`_wide`: the only ones looked at, its events looked for in the whole log)."""
        self._wide = False
        if run.coached is None:
            self._catch_up(run)
        elif run.coached:
            self._resume(run)

    # -- what the coach says ---------------------------------------------------------------------------------

    def opening(self, run: Run) -> list[Said]:
        """The lesson's opening words, once, before its first story (the REPL pauses after them at a terminal,
        so the first turn's screen has room for the first decision's step)."""
        if self.prompts or any(s.start and s.name in self.fired for s in self.lesson.steps):
            return []
        base, _ = self._fields(run, run.decision())
        out = []
        for step in self.lesson.steps:
            text = tell(step.text, base) if step.start and holds(step.tells, base) else None
            if text:
                out.append(Said(step.name, step.title, step.section, text, base))
                self._said(run, step.name)
        if out:
            self.last = out
        return out

    def due(self, run: Run) -> list[Said]:
        """What the coach will say at this prompt, not yet marked said (the REPL measures it to fit the story)."""
        marker = (len(run.keys), len(run.log))
        if self._due is None or self._due[0] != marker:
            self._due = (marker, self._evaluate(run))
        return list(self.notes) + self._due[1]

    def speak(self, run: Run) -> list[Said]:
        """What the coach says now, marked said: the notes first, then the steps whose moment has come."""
        out = self.due(run)
        fresh = out[len(self.notes) :]
        self.notes = []
        self._due = None
        self._mark(run, fresh)
        if fresh or out:
            self.last = out
        return out

    def would_speak(self, run: Run) -> bool:
        """Whether a step's moment has come at this decision (`auto` stops there): one the lesson counts on (not
        optional, or among those it wants). An optional one (a failed rescue, a card's side effect) does not stop
        `auto`: it is said only where it comes at the stop itself (`passed`)."""
        wanted = set(self.lesson.want)
        due = self._evaluate(run, room=False)  # one it counts on stops `auto` even where another fills the prompt
        return any(not self.lesson.step(s.step).optional or s.step in wanted for s in due)

    def passed(self, run: Run) -> None:
        """`auto` plays this decision without a stop: what happened before it is behind the person, so a step it
        would have called (an optional one, which does not stop `auto`) is not said at a later stop, when its
        event is long off the screen."""
        self.seen = len(run.log)
        self._due = None

    def chose(self, run: Run, key: str, decision: Decision) -> None:
        """The person chose `key` at `decision`: where the coach had asked for another, it says what that
        choice was for at the next prompt."""
        asked, self.asked = self.asked, None
        if asked is None or asked[1] == key or asked[2] != len(run.keys) - 1:  # `key` is the run's last choice
            return
        said = asked[0]
        chosen = decision.option(key)
        extra = {"chosen": key, "chosen_label": chosen.label if chosen else key}
        if key in said.chances:
            extra["chosen_pct"] = said.chances[key]
        told = Fields({**said.fields, **extra}, self.narrator.templates.nouns)
        text = tell(self.lesson.step(said.step).otherwise, told)
        if text:
            self.notes.append(Said(said.step, said.title, said.section, text, told, note=True))

    def command(self, name: str) -> Said | None:
        """The person typed the helping command `name`: the note of the step that asked for it, if one did."""
        if self.awaiting is None or self.awaiting[0].command != name:
            return None
        step, fields = self.awaiting
        self.awaiting = None
        text = tell(step.done, fields)
        if not text:
            return None
        said = Said(step.name, step.title, step.section, text, fields, note=True)
        self.last = [said]
        return said

    def suggested(self, run: Run, decision: Decision) -> str:
        """The game's own policy's choice here, as the automa would make it in the person's seat (the same
        RNG, derived from the run's seed and the decision's index, so it is the same on every replay)."""
        policy = self.game.policies[self.game.default_policy]
        return decide(self.game, policy, run.state, decision, policy_rng(run.seed, len(run.keys)))

    def asked_key(self, run: Run | None = None) -> str | None:
        """The key the coach asked for at the current decision, if it asked (with `run`: only where the run is
        still at the decision it asked at, not back at an earlier one after an undo)."""
        if self.asked is None or (run is not None and self.asked[2] != len(run.keys)):
            return None
        return self.asked[1]

    def missing(self) -> list[str]:
        """The steps expected on the coach's own path that were never said."""
        return [s.name for s in self.lesson.steps if not s.optional and s.name not in self.fired]

    # -- how -------------------------------------------------------------------------------------------------

    def _evaluate(self, run: Run, room: bool = True) -> list[Said]:
        """The steps whose moment has come at this prompt, as many as it has `room` for (else every one)."""
        d = run.decision()
        if d is not None and d.seat != self.seat:
            return []
        start = min(self.seen, len(run.log))
        events = [e for e in run.log[start:] if e.kind != UNDO]
        base, chances = self._fields(run, d)
        out: list[Said] = []
        self._crowded = None
        for step in self.lesson.steps:
            if step.name in self.fired or not all(a in self.fired for a in step.after):
                continue
            if self._wide and self._only is not None and step.name not in self._only:
                continue
            fields = self._triggered(step, d, events, base)
            text = tell(step.text, fields) if fields is not None and holds(step.tells, fields) else None
            if fields is None or not text:
                continue
            said = Said(step.name, step.title, step.section, text, fields, chances if step.ask else {})
            full = room and d is not None and (out or self._only is not None)  # at the end, all that is due is said
            if full and not self._room(out, said):
                if step.event:  # its event stays in view for the next prompt, so the step is said there
                    self._crowded = (len(run.keys), start)
                    break
                continue
            out.append(said)
        return out

    def _room(self, out: list[Said], said: Said) -> bool:
        """Whether `said` may join the steps `out` at this prompt: within `per_prompt`, never a second step
        asking for a choice or a command (the person answers one at a time), and where the REPL measures it,
        with the story still on screen above them all (the notes come first). A resumed lesson's last prompt had
        room for the steps said there, and for no other."""
        if self._only is not None:
            return said.step in self._only
        if len(out) >= self.lesson.per_prompt:
            return False
        step, others = self.lesson.step(said.step), [self.lesson.step(s.step) for s in out]
        if (step.ask and any(o.ask for o in others)) or (step.command and any(o.command for o in others)):
            return False
        return self.fits is None or self.fits([*self.notes, *out, said])

    def _triggered(
        self, step: Step, d: Decision | None, events: Sequence[Event], base: Fields
    ) -> Fields | None:
        """The step's fields where its moment has come (with the event's fields, for an event's step)."""
        if step.end:
            return base if d is None else None
        if step.start or (d is None and not step.event):
            return None  # the start is said by `opening`; at the end, only the last events' steps and the end's
        if step.decision and (d is None or d.kind not in step.decision):
            return None
        if step.event:  # the latest of its events that the step's conditions hold of (a rival's may come after)
            for found in reversed(events):
                if found.kind in step.event:
                    fields = Fields({**base, **self.narrator.values(found)}, self.narrator.templates.nouns)
                    if holds(step.tells, fields):  # the event's own facts win
                        return fields
            return None
        return base

    def _fields(self, run: Run, d: Decision | None) -> tuple[Fields, dict[str, str]]:
        """The fields the steps read at this prompt, and each choice's chance where the game gives them."""
        facts = dict(self._facts(run.view(), d))
        chances = facts.pop("chances", {})
        facts["turn"] = self.game.turn(run.state)
        status = run.status()
        facts["over"] = status != "running"
        facts["won"] = status == "won"
        facts["lost"] = status in ("lost", "draw")
        if d is not None:
            facts["kind"] = d.kind
            facts["choices"] = len(d.options)
            key = self.suggested(run, d)
            option = d.option(key)
            facts["suggested"] = key
            facts["suggested_label"] = option.label if option else key
            facts["suggested_number"] = d.options.index(option) + 1 if option else 0  # as the list numbers it
            facts["suggested_typed"] = option.aliases[0] if option and option.aliases else facts["suggested_label"]
        return Fields(facts, self.narrator.templates.nouns), chances

    def _said(self, run: Run, name: str) -> None:
        """The step `name` said: never again in this lesson, and so kept in its save (`Run.coached`)."""
        self.fired.add(name)
        if run.coached is not None:
            run.coached.append((name, len(run.keys)))

    def _mark(self, run: Run, said: list[Said], kept: bool = True) -> None:
        self.prompts += 1
        crowded = self._crowded if self._crowded is not None and self._crowded[0] == len(run.keys) else None
        self.seen = crowded[1] if crowded is not None else len(run.log)
        d = run.decision()
        for s in said:
            if kept:
                self._said(run, s.step)
            self.fired.add(s.step)
            step = self.lesson.step(s.step)
            key = s.fields.get(step.ask) if step.ask else None
            if isinstance(key, str) and d is not None and d.option(key) is not None:
                self.asked = (s, key, len(run.keys))
            if step.command:
                self.awaiting = (step, Fields(dict(s.fields), self.narrator.templates.nouns))

    def _resume(self, run: Run) -> None:
        """A lesson loaded from its save, which keeps each step its coach said (`Run.coached`, on every branch
        the person took, as `fired` keeps it): none is said again, and the prompt the person left is taken up
        as they left it, its steps said there once more the only ones with room, so that what it asked for
        (a choice, a command), what `coach` says again and where the next prompt's events begin are as they
        were. The screens the prompts measured are gone; what was said at them is not."""
        said = run.coached or []
        self.fired = {name for name, _ in said}
        self.prompts = 1  # the lesson's start was said: never again
        mine = [i for i, seat in enumerate(run.seats) if seat == self.seat]
        self.seen = run.marks[mine[-1]] if mine and mine[-1] < len(run.marks) else 0
        d = run.decision()
        if d is None or d.seat != self.seat:
            return
        prompted = {step.name for step in self.lesson.steps if not step.start}
        here: set[str] = set()
        for name, at in reversed(said):  # the steps said since the run last held as many keys as now
            if at != len(run.keys):
                break
            here |= {name} & prompted  # the lesson's start is said once, before any prompt
        kept, start = self.fired, self.seen
        out: list[Said] = []
        for wide in (False, True):  # its events since the person's last choice; else (a step crowded out of
            self.fired, self.seen = kept - here, 0 if wide else start  # the prompt before) the whole log's
            self._only, self._wide = here, wide
            try:
                out = self._evaluate(run)
            finally:
                self._only, self._wide = None, False
            if wide or {s.step for s in out} == here:
                break
        self._mark(run, out, kept=False)
        self.fired = kept
        if wide:
            self.seen = start
        if out:
            self.last = out

    def _catch_up(self, run: Run) -> None:
        """A lesson loaded from a save that does not keep what its coach said (one from before it was kept):
        its steps said as the coach said them, replaying the run's choices and looking at each of the person's
        decisions as the prompt did (a step said on a branch later undone is said again; the commands typed
        are not in the save, so a step waiting on one waits no longer). The screen the prompt measured is
        gone, so each prompt is taken to have held one step: a step said beside another may be said again
        after the reload, but none is taken as said that was held back for room. From then on the run keeps
        what is said."""
        if not run.keys:
            run.coached = []
            return
        self.fits = _one_a_prompt
        try:
            run.coached = self._replay_prompts(run)
        finally:
            self.fits = None

    def _replay_prompts(self, run: Run) -> list[tuple[str, int]]:
        shadow = Run(run.game, run.seed, run.options, run.seat, automa=run.automa, lesson=run.lesson)
        opened = False  # the opening comes after the automa's first turn, whose choices are among the run's keys
        last = None  # the person's last choice: the events after its prompt are the ones still to look at
        for i, key in enumerate(run.keys):
            d = shadow.decision()
            mine = d is not None and d.seat == self.seat
            if mine and not opened:
                self.opening(shadow)
                opened = True
            if mine:
                self._mark(shadow, self._evaluate(shadow))
                last = i
            shadow.choose(key, d)
            if mine and d is not None:
                self.chose(shadow, key, d)
        if not opened:
            self.opening(shadow)
        self.notes = []
        self.awaiting = None
        self.seen = run.marks[last] if last is not None and last < len(run.marks) else 0
        return shadow.coached or []


def _one_a_prompt(said: Sequence[Said]) -> bool:
    """The catch-up's measure of a prompt it cannot see: never room for a second step."""
    return False


def coach_for(run: Run, narrator: Narrator) -> Coach | None:
    """The coach of a lesson's run; None for a real game, or a lesson this version no longer has."""
    if not run.lesson or run.lesson != run.game.id:
        return None
    try:
        return Coach(run, narrator)
    except KeyError:
        return None


def real_options(game: Game) -> dict[str, str]:
    """The options of the real game a lesson's end offers: the game's defaults, nothing carried in."""
    from engines.core.contract import resolve_options

    return resolve_options(game, {})


def auto(run: Run, coach: Coach) -> int:
    """The coach plays the person's decisions with the game's own policy (the asked choice first, where it
    asked for one) until a step's moment comes or the game ends; how many it played."""
    played = 0
    while played < AUTO_LIMIT:
        d = run.decision()
        if d is None:
            break
        if d.seat != run.seat:
            run.step_automa_once()
            continue
        if played and coach.would_speak(run):
            break
        if played:
            coach.passed(run)
        key = (coach.asked_key(run) if not played else None) or coach.suggested(run, d)
        run.choose(key, d)
        coach.chose(run, key, d)
        played += 1
    return played


def auto_said(played: int, run: Run) -> str:
    """The line after `auto`: how many of the person's choices the coach made, and who chooses next."""
    from solo.summary import plural

    made = f"The coach made {plural(played, 'choice')} for you"
    return f"({made}, to the end of the game.)" if run.decision() is None else f"({made}; over to you.)"


class Walk(NamedTuple):
    """A lesson played headless along a path: everything the coach said, in order, the person's decisions,
    the run at its end, and the steps expected on the coach's path that it never said."""

    said: list[Said]
    decisions: int
    run: Run
    missing: list[str]


Chooser = Callable[[Run, Coach, Decision], str]


def walk(game: Game, seed: int | None = None, choose: Chooser | None = None, limit: int = AUTO_LIMIT) -> Walk:
    """Play a lesson headless, the coach speaking at each of the person's decisions as at the prompt: the
    coach's own path (the asked choice where it asks, else the game's policy, as `auto` plays), or `choose`'s.
    The seed script and the tests walk it; `seed` tries the lesson on another run."""
    from narratives import for_game

    run = new_run(game)
    if seed is not None:
        run = Run(game, seed, run.options, run.seat, lesson=game.id)
    coach = Coach(run, for_game(game.id, run.seed, run.seat))
    run.step_automa()
    said: list[Said] = coach.opening(run)
    decisions = 0
    while decisions < limit:
        run.step_automa()
        said += coach.speak(run)
        d = run.decision()
        if d is None:
            break
        key = choose(run, coach, d) if choose is not None else coach.asked_key(run) or coach.suggested(run, d)
        run.choose(key, d)
        coach.chose(run, key, d)
        decisions += 1
    return Walk(said, decisions, run, coach.missing())


def verdict(lesson: Lesson, found: Walk) -> list[str]:
    """What the walk along the coach's path failed to show of what the lesson wants (empty: it shows it all)."""
    problems = []
    if found.missing:
        problems.append(f"never said: {', '.join(found.missing)}")
    said = {s.step for s in found.said}
    unshown = [w for w in lesson.want if w not in said]
    if unshown:
        problems.append(f"never showed: {', '.join(unshown)}")
    low, high = lesson.length
    if not low <= found.decisions <= high:
        problems.append(f"{found.decisions} decisions, outside {low}-{high}")
    if found.run.decision() is not None:
        problems.append("the game did not end")
    return problems
