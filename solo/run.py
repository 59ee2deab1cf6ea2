"""A run in memory: one game being played, its chosen keys, its log, and the automa for the other seats.

This is the play loop's model with no terminal in it: the REPL, `solo log` and the tests share it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import msgspec

from engines.core.autoplay import policy_rng
from engines.core.contract import Decision, Game, IllegalMove, Outcome
from engines.core.decks import DEAL, FIRST
from engines.core.events import UNDO, Event
from engines.registry import get
from saves import Record
from saves.journal import Step, events_digest
from solo import __version__


class RunError(Exception):
    """A record that cannot become a run: unknown game, a state that does not fit, a replay that differs."""


def new_seed() -> int:
    return secrets.randbelow(10**9)


def dealt(game: Game, options: Mapping[str, str]) -> dict[str, str]:
    """A run's options with the content edition it is dealt from (engines/core/decks.py): a run that names none
    is new, and is dealt the game's newest, which it records so that it replays with those cards whatever is
    added later."""
    out = dict(options)
    newest = getattr(game, "newest_deal", None)
    if newest is not None:
        out.setdefault(DEAL, newest)
    return out


class Run:
    """The live game: state, keys chosen so far (by the person and the automa), and the narrated log."""

    def __init__(
        self,
        game: Game,
        seed: int,
        options: Mapping[str, str],
        seat: str,
        *,
        ironman: bool = False,
        automa: str = "normal",
        lesson: str = "",
    ):
        if seat not in game.person_seats:
            raise ValueError(f"{game.title} has no seat '{seat}'. Seats: {', '.join(game.person_seats)}.")
        from solo import automa as levels

        levels.check(game, automa)
        self.automa = automa
        self._policy: Any = None  # the automa's policy, made when it first decides
        self.game = game
        self.seed = seed
        self.options = dealt(game, options)
        self.seat = seat
        self.ironman = ironman
        self.lesson = lesson
        """The lesson this run plays ('' for a real game); solo/lesson.py coaches it, and it is never recorded."""
        self.coached: list[tuple[str, int]] | None = [] if lesson else None
        """A lesson's progress, saved with it: each step the coach said and how many keys the run held then (the
        coach keeps it). None where a lesson's save from before it was kept does not say."""
        self.created = _now()
        self.id = secrets.token_hex(8)
        self.state, opening = game.setup(seed, self.options)
        self.log: list[Event] = list(opening)
        self.keys: list[str] = []
        self.seats: list[str] = []  # the seat that chose each key
        self.marks: list[int] = []  # where in the log each key's events begin, for undo
        self.steps: list[Step] = []  # every key and undo in order, as the journal writes them
        self._points = Checkpoints(game.state_type, self.state)

    # -- playing --------------------------------------------------------------------------------------

    def decision(self) -> Decision | None:
        return self.game.decision(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def view(self) -> Any:
        return self.game.view(self.state, self.seat)

    def choose(self, key: str, decision: Decision | None = None) -> list[Event]:
        """Apply a key for whoever decides now (`decision`: the current one, if already at hand).
        IllegalMove leaves the run as it was."""
        d = decision if decision is not None else self.game.decision(self.state)
        seat = d.seat if d is not None else ""
        index = len(self.keys)
        before = self._points.before(index, seat == self.seat, self.state)
        events = self.game.apply(self.state, key, d)
        self._points.keep(index, before)
        self.marks.append(len(self.log))
        self.keys.append(key)
        self.seats.append(seat)
        self.log.extend(events)
        self.steps.append(self._step(key, events))
        return events

    def _step(self, key: str | None, events: list[Event]) -> Step:
        return Step(key=key, events=events_digest(events), turn=self.game.turn(self.state), status=self.status())

    def step_automa(self) -> list[Event]:
        """Let the automa decide for every seat the person does not play, until the person's turn or the end."""
        out: list[Event] = []
        while (step := self.step_automa_once()) is not None:
            out.extend(step)
        return out

    def step_automa_once(self) -> list[Event] | None:
        """One of the automa's decisions, or None when the person decides next or the run is over."""
        d = self.decision()
        if d is None or d.seat == self.seat:
            return None
        return self.choose(self.automa_key(d), d)

    def use_playouts(self, playouts: Any) -> None:
        """Play a searching automa's playouts with `playouts` (engines.core.race.Playouts: solo/cores.py); its
        choices stay the same."""
        if self.automa_searches() and hasattr(self._policy, "playouts"):
            self._policy.playouts = playouts

    def automa_searches(self) -> bool:
        """Whether the automa thinks (its level searches), so each of its decisions may take a moment."""
        if self._policy is None:
            from solo import automa as levels

            self._policy = levels.policy(self.game, self.automa)
        return bool(getattr(self._policy, "searches", False))

    def automa_key(self, decision: Decision) -> str:
        """The automa's choice at `decision`: its level's policy with the decision's own RNG, so load, undo
        and replay reach the very same key."""
        from engines.core.autoplay import decide

        if self._policy is None:
            from solo import automa as levels

            self._policy = levels.policy(self.game, self.automa)
        return decide(self.game, self._policy, self.state, decision, policy_rng(self.seed, len(self.keys)))

    # -- undo -------------------------------------------------------------------------------------------

    def undo(self) -> bool:
        """Rewind to before the person's latest decision. The log keeps a line saying so."""
        if self.ironman:
            return False
        i = next((n for n in range(len(self.seats) - 1, -1, -1) if self.seats[n] == self.seat), None)
        if i is None:
            return False
        start, state = self._points.nearest(i)  # the state before key i, or before a key a little earlier
        for key in self.keys[start:i]:
            self.game.apply(state, key)
        self.state = state
        self._points.forget_after(i)
        turn = self.game.turn(state)
        marker = Event(UNDO, turn, "meta", {"turn": turn})
        del self.log[self.marks[i] :], self.keys[i:], self.seats[i:], self.marks[i:]
        self.log.append(marker)
        self.steps.append(self._step(None, [marker]))
        return True

    def _seats_of_keys(self) -> list[str]:
        """Which seat chose each key so far."""
        return list(self.seats)

    # -- records ------------------------------------------------------------------------------------

    def status(self) -> str:
        """'running', or how the game ended for the person's seat: 'won', 'lost' (or 'draw')."""
        o = self.outcome()
        if o is None:
            return "running"
        if self.seat in o.winners:
            return "won"
        return "draw" if o.result == "draw" else "lost"

    def to_record(self) -> Record:
        return Record(
            game=self.game.id,
            rules_version=self.game.rules_version,
            seed=self.seed,
            options=self.options,
            seat=self.seat,
            keys=list(self.keys),
            state=self.state,
            log=list(self.log),
            status=self.status(),
            turn=self.game.turn(self.state),
            created=self.created,
            app_version=__version__,
            ironman=self.ironman,
            run=self.id,
            automa=self.automa,
            lesson=self.lesson,
            coached=list(self.coached) if self.lesson and self.coached is not None else None,
        )

    @classmethod
    def from_record(cls, record: Record) -> Run:
        """Rebuild a run by replaying its keys, checking that the replay gives the saved state and log. A journal
        line whose replay differs is dropped with those after it, and the record notes it (`journal_damage`)."""
        try:
            game = get(record.game)
        except KeyError as e:
            raise RunError(f"it is a save of a game this version does not know ('{record.game}')") from e
        if record.rules_version == game.rules_version:
            return cls._replay(game, record)
        if not _older(record.rules_version, game.rules_version):
            raise RunError(
                f"it follows rules version {record.rules_version} of {game.title}; "
                f"this version plays rules version {game.rules_version}"
            )
        # A save from older rules stands if these rules replay it to the very same log and state, but for the
        # event facts the newer rules added or renamed: the old log is compared with the replay's as the older
        # rules wrote it (renamed facts under their old names, added ones left out), then told from the replay.
        try:
            return cls._replay(game, record, changes_since(game, record.rules_version))
        except RunError as e:
            raise RunError(
                f"it follows rules version {record.rules_version} of {game.title}, and rules version "
                f"{game.rules_version} plays it differently: {e}"
            ) from e

    @classmethod
    def _replay(cls, game: Game, record: Record, changes: Changes | None = None) -> Run:
        """The run the record's keys replay to, its log checked against the saved one (written as `changes`
        says the older rules wrote it, for a save of older rules) and, where the rules changed the events, the
        replay's log in its place (the saved undo markers kept where they stand)."""
        saved = _upgraded(game, record.state)
        try:
            saved_state: Any = msgspec.convert(saved, game.state_type)
        except msgspec.ValidationError as e:
            raise RunError(f"its game state does not fit {game.title}: {e}") from e
        options = dict(record.options)
        if getattr(game, "newest_deal", None) is not None:
            options.setdefault(DEAL, str(FIRST))  # saved before runs recorded it: dealt from the first edition
        # a save from before seals cannot show it was not an ironman run: it plays on as one (issue 46, 5)
        ironman = record.ironman or record.unsealed
        try:
            run = cls(
                game,
                record.seed,
                options,
                record.seat,
                ironman=ironman,
                automa=record.automa,
                lesson=record.lesson,
            )
        except ValueError as e:
            raise RunError(str(e)) from e
        run.created = record.created or run.created
        run.id = record.run
        run.coached = [(str(name), int(at)) for name, at in record.coached] if record.coached is not None else None
        log = record.log
        pos = _expect(log, 0, run.log, "the opening", changes)
        for n, key in enumerate(record.keys, 1):
            while pos < len(log) and log[pos].kind == UNDO:
                pos += 1
            try:
                events = run.choose(key)
            except IllegalMove as e:
                raise RunError(f"choice {n} ('{key}') is not legal on replay: {e}") from e
            run.marks[-1] = pos
            pos = _expect(log, pos, events, f"choice {n} ('{key}')", changes)
        if any(e.kind != UNDO for e in log[pos:]):
            raise RunError(
                "its log goes on past the last saved choice (was it edited, or made by an older version of the game?)"
            )
        if msgspec.json.encode(_as_saved(run.state, saved, game)) != msgspec.json.encode(saved_state):
            raise RunError(
                "replaying its choices does not reach its saved state (was it edited, or made by an older version of the game?)"
            )
        fresh = iter(run.log)
        run.log = [e if e.kind == UNDO else next(fresh) for e in log] if changes else list(log)
        turn, status = game.turn(run.state), run.status()
        if (record.turn, record.status) != (turn, status):
            raise RunError(
                f"it says turn {record.turn}, {record.status}, where its replay reaches turn {turn}, {status} "
                "(was it edited?)"
            )
        run.steps = []
        for n, step in enumerate(record.journal, 1):
            try:
                run._follow(step, n, changes)
            except RunError:
                if changes:
                    raise  # older rules that play a step differently refuse the save, as they always have
                # a line whose replay differs (edited with its seal made again, or a disk's doing): what comes
                # before it stands; it and what follows are dropped, and the record says so (saves/store.py)
                record.journal_dropped += len(record.journal) - n + 1
                record.journal_damage = f"line {n + 1} does not make on replay what it made when saved"
                record.journal = record.journal[: n - 1]
                return cls._replay(game, record, changes)
        return run

    def _follow(self, step: Step, n: int, changes: Changes | None = None) -> None:
        """Replay one journal step, checking that it makes what it made when it was saved (by older rules: as
        `changes` says they wrote it)."""
        what = f"journal line {n + 1}"
        if step.key is None:
            if not self.undo():
                raise RunError(f"{what} is an undo that this run cannot make (was it edited?)")
            events = self.log[-1:]
        else:
            try:
                events = self.choose(step.key)
            except IllegalMove as e:
                raise RunError(f"{what} ('{step.key}') is not legal on replay: {e}") from e
        made = self.steps[-1]
        digest = events_digest(changes.older(events)) if changes else made.events
        if (digest, made.turn, made.status) != (step.events, step.turn, step.status):
            raise RunError(
                f"{what} does not make on replay what it made when saved (was it edited, or made by an older "
                "version of the game?)"
            )


class Checkpoints:
    """Copies of the state along the run, so that undo costs a few steps, not the whole run: before each of the
    person's latest decisions (where undo goes back to), and before every EVERY-th key (where an undo further
    back starts replaying from). Loading a journal of many undos thus costs in proportion to its length."""

    EVERY = 32
    RECENT = 64

    _encoder = msgspec.msgpack.Encoder()

    def __init__(self, state_type: type, start: Any) -> None:
        self._decoder: msgspec.msgpack.Decoder[Any] = msgspec.msgpack.Decoder(state_type)
        self._at: dict[int, bytes] = {0: self._encoder.encode(start)}
        self._recent: list[int] = []  # the person's latest decisions (their indices), oldest first

    def before(self, index: int, persons: bool, state: Any) -> bytes | None:
        """The state as it stands before key `index`, where a copy of it is kept (None: none is)."""
        if index in self._at or not (persons or index % self.EVERY == 0):
            return None
        return self._encoder.encode(state)

    def keep(self, index: int, copy: bytes | None) -> None:
        """Keep `copy` (from `before`) once key `index` has been played."""
        if copy is None:
            return
        self._at[index] = copy
        if index % self.EVERY:
            self._recent.append(index)
            if len(self._recent) > self.RECENT:
                del self._at[self._recent.pop(0)]

    def nearest(self, index: int) -> tuple[int, Any]:
        """The kept state nearest before key `index` (at it, where the person decided there), and where."""
        start = index if index in self._at else max(n for n in self._at if n <= index)
        return start, self._decoder.decode(self._at[start])

    def forget_after(self, index: int) -> None:
        """Undo went back to key `index`: the copies after it are of a past that is gone."""
        for n in [n for n in self._at if n > index]:
            del self._at[n]
        self._recent = [n for n in self._recent if n <= index]


def _upgraded(game: Game, saved: Any) -> Any:
    """The saved state in the shape this version's state has, where the game changed its shape without changing
    play (its optional `upgrade_state`: the Mixtape games' queue, engines/mixtape/before_queue.py); the replay then
    checks the whole of it."""
    upgrade = getattr(game, "upgrade_state", None)
    return upgrade(saved) if upgrade is not None and isinstance(saved, dict) else saved


def _as_saved(state: Any, saved: Any, game: Game) -> Any:
    """The replayed state as the save could hold it: a field the save predates (added later, for the screens
    alone, with no effect on play) takes its default, as it does when the saved state is read."""
    if not isinstance(saved, dict):
        return state
    fields = msgspec.to_builtins(state)
    if set(fields) <= set(saved):
        return state
    return msgspec.convert({k: v for k, v in fields.items() if k in saved}, game.state_type)


def _older(version: str, current: str) -> bool:
    return all(v.isascii() and v.isdigit() for v in (version, current)) and int(version) < int(current)


Added = Mapping[str, frozenset[str]]
"""Event kind -> the names of the facts newer rules added to it."""


def added_since(game: Game, version: str) -> Added:
    """The event facts the game's rules added after `version`, up to its own (its optional `facts_added`:
    rules version -> event kind -> fact names)."""
    added: dict[str, frozenset[str]] = {}
    for newer, kinds in getattr(game, "facts_added", {}).items():
        if _older(version, newer) and not _older(game.rules_version, newer):
            for kind, names in kinds.items():
                added[kind] = added.get(kind, frozenset()) | frozenset(names)
    return added


Renamed = Mapping[str, Mapping[str, str]]
"""Event kind -> a fact's name under newer rules -> its name under the rules before."""


def _newer(game: Game, version: str, declared: str) -> list[str]:
    """The rules versions after `version`, up to the game's own, for which it declares `declared`."""
    return [v for v in getattr(game, declared, {}) if _older(version, v) and not _older(game.rules_version, v)]


@dataclass(frozen=True)
class Changes:
    """What the game's rules changed in their events since a save's rules version: for each newer version,
    newest first, the facts it renamed (new name -> old) and the facts it added."""

    versions: tuple[tuple[Renamed, Added], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.versions)

    def older(self, events: list[Event]) -> list[Event]:
        """The events as the save's rules wrote them: each newer version undone in turn, newest first."""
        for renamed, added in self.versions:
            events = without(renamed_back(events, renamed), added)
        return events


def changes_since(game: Game, version: str) -> Changes:
    """What the game's rules changed in their events after `version` (its optional `facts_renamed`: rules
    version -> event kind -> old name -> new name, and `facts_added`)."""
    renames = getattr(game, "facts_renamed", {})
    adds = getattr(game, "facts_added", {})
    steps = []
    for v in sorted({*_newer(game, version, "facts_renamed"), *_newer(game, version, "facts_added")}, key=int):
        back = {kind: {new: old for old, new in names.items()} for kind, names in renames.get(v, {}).items()}
        steps.append((back, {kind: frozenset(names) for kind, names in adds.get(v, {}).items()}))
    return Changes(tuple(reversed(steps)))


def renamed_back(events: list[Event], renamed: Renamed) -> list[Event]:
    """The events with each renamed fact under its older name, where it stood among the others (a journal's
    digest of the events is of their facts in order)."""
    if not renamed:
        return events
    return [
        msgspec.structs.replace(e, facts={renamed[e.kind].get(k, k): v for k, v in e.facts.items()})
        if e.kind in renamed
        else e
        for e in events
    ]


def without(events: list[Event], added: Added | None) -> list[Event]:
    """The events as older rules wrote them: the facts added since left out."""
    if not added:
        return events
    return [
        msgspec.structs.replace(e, facts={k: v for k, v in e.facts.items() if k not in added[e.kind]})
        if e.kind in added
        else e
        for e in events
    ]


def _expect(log: list[Event], pos: int, events: list[Event], what: str, changes: Changes | None = None) -> int:
    if log[pos : pos + len(events)] != (changes.older(events) if changes else events):
        raise RunError(
            f"its log does not match what {what} does on replay (was it edited, or made by an older version of the game?)"
        )
    return pos + len(events)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def check_loadable(record: Record) -> None:
    """ValueError, saying why, when `load` would refuse this record: such a file is never written over."""
    try:
        Run.from_record(record)
    except RunError as e:
        raise ValueError(str(e)) from None
