"""The story on an 80x24 screen (issue 45, point 3): how often the person's own latest turn is on screen in
prose at the prompt, read back from `solo` driven in a real pseudo-terminal (tests/solo/pty_harness.py).

For each game, seeded runs at the default options, the person's seat played by the game's normal policy (the
choice typed as its number), until at least N prompts are read. At each prompt the screen (what an 80x24
terminal shows, borders taken out) is compared with the story since the person's last choice, mirrored in
this process from the same seed and keys:

- prose: every telling of the person's own (their stretch of the log, as the game's screen names whose turn an
  event is, and what follows their choice before another seat's turn) is on screen as `log` tells it;
- summary: each is on screen, some only by their summary lines (the "in short" telling);
- missing: some are not on screen at all (scrolled away).

A prompt with no words of the person's own since the last choice is counted apart ("quiet"). The setup after
the scene-setting prose is what gives way, as the others' turns do (a starting point chosen is told with the
others'): the first prompt counts as prose when the scene and what follows the setup are on screen in prose
("opening shown": the scene's prose on the first screen).
The program refuses once an ending choice that would throw a phase away untouched (issue 49's traps); the bench
types such a choice again, as the policy meant it, and checks at each run's end that the program's saved run and
its mirror made the same choices (a run that fell behind read every later prompt as "gone").
Also counted: panels whose last line is cut with '…' (a sentence cut mid-way). Target: prose at >= 90% of
the prompts counted, in every game.

Run: nice -n 10 .venv/bin/python bench/screen_prose.py [prompts per game] [--game GAME] [--seat SEAT|all]
[--per-run N] [--brief] [--show KIND] (KIND: summary or missing: print those screens). Each run (seeds 0, 1,
...) gives at most N prompts (60 by default), so a game's figure spans several openings. `--brief` types
`brief` first: the person's own tellings are then expected by their summaries, as chosen. The bench defines
whose stretch is whose itself, so it measures older code (an export of an earlier commit) the same way.
"""

from __future__ import annotations

import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "solo"))

from pty_harness import Pty, spawn

from engines.core.autoplay import decide, policy_rng
from engines.core.contract import resolve_options
from engines.core.events import Event
from engines.registry import get, ids
from narratives import Narrator, for_game
from saves import SaveStore
from solo import automa, narration, screen_story
from solo.games import ui_for
from solo.run import Run

_BORDERS = re.compile(r"[│╭╮╰╯─]")


def flat(text: str) -> str:
    """Text with panel borders taken out and every run of white space one space: wrapped lines read whole."""
    return " ".join(_BORDERS.sub(" ", text).split())


@dataclass
class Tally:
    prose: int = 0
    summary: int = 0
    missing: int = 0
    quiet: int = 0
    openings: int = 0
    openings_shown: int = 0
    cut: int = 0
    seeds: int = 0
    screens: dict[str, list[str]] = field(default_factory=dict)

    @property
    def counted(self) -> int:
        return self.prose + self.summary + self.missing

    def share(self) -> float:
        return self.prose / self.counted if self.counted else 0.0


def setup_end(log: list[Event], narrator: Narrator) -> int:
    """Where the setup's tellings end: the first telling with an event past turn 0 and out of the setup phase
    (as solo/screen_story.py has it; written out here so the bench measures older code the same way)."""
    for t in narrator.tellings(log, 0):
        if any(e.phase != "setup" and e.turn != 0 for e in log[t.start : t.stop]):
            return t.start
    return len(log)


def own_stretches(run: Run, since: int) -> list[tuple[int, int]]:
    """The stretches of log[since:] that are the person's own: their seat's, no one's, and what follows their
    choice in another seat's turn (a reaction, a card played into it) until a turn begins there (the game's
    screen names whose turn an event is)."""
    owner = ui_for(run.game.id).owner
    log = run.log
    prior = next((s for s in map(owner, reversed(log[:since])) if s is not None), None)
    out = []
    for a, b, seat in screen_story.chapters(log, since, owner):
        if a == since and seat == prior and seat not in (run.seat, None):
            out.append((a, next((i for i in range(a + 1, b) if log[i].kind == "turn_started"), b)))
        elif seat in (run.seat, None):
            out.append((a, b))
    return out


def own_texts(run: Run, since: int, brief: bool) -> list[tuple[str, str]]:
    """(as chosen, in short) for each of the person's own tellings with words in log[since:]: their prose (or
    their summary in brief mode) and their summary."""
    narrator = for_game(run.game.id, run.seed, run.seat)
    own = own_stretches(run, since)
    tellings = narrator.tellings(run.log, since)
    first = narrator.tellings(run.log, 0)
    setup = (first[0].stop, setup_end(run.log, narrator)) if first else (0, 0)
    out = []
    for t in tellings:
        if not any(a <= t.start < b for a, b in own) or setup[0] <= t.start < setup[1]:
            continue  # another seat's turn, or the setup after its scene: what gives way
        events = run.log[t.start : t.stop]
        chosen, short = narration.told(t, events, brief), narration.told(t, events, True)
        if chosen:
            out.append((chosen, short or chosen))
    return out


def opening_prose(run: Run) -> str:
    """The scene-setting prose: the first telling's (the game's start)."""
    narrator = for_game(run.game.id, run.seed, run.seat)
    first = narrator.tellings(run.log, 0)[0]
    return first.prose


def judge(screen: str, texts: list[tuple[str, str]]) -> str:
    shown = flat(screen)
    if not texts:
        return "quiet"
    if all(flat(chosen) in shown for chosen, _ in texts):
        return "prose"
    if all(flat(chosen) in shown or flat(short) in shown for chosen, short in texts):
        return "summary"
    return "missing"


def cut_panels(screen: str) -> int:
    """Lines inside a panel that end in '…' (a brief line shortened mid-sentence)."""
    return sum(1 for row in screen.split("\n") if row.rstrip(" │").endswith("…"))


class Plan(NamedTuple):
    """What one measure plays: the game, its seat, how many prompts in all and at most a run, brief or not,
    and which screens to print (summary, missing)."""

    game_id: str
    seat: str
    wanted: int
    per_run: int
    brief: bool = False
    show: str = ""


def play(plan: Plan, seed: int, tally: Tally) -> None:
    game = get(plan.game_id)
    options = resolve_options(game, {})
    run = Run(game, seed, options, plan.seat)
    policy = automa.policy(game, "normal")
    run.step_automa()
    brief, show, wanted = plan.brief, plan.show, plan.wanted
    stop = tally.counted + tally.quiet + plan.per_run
    args = ["new", plan.game_id, "--seed", str(seed), "--slot", "b", "--fresh", "--seat", plan.seat]
    with tempfile.TemporaryDirectory() as folder:
        pty = Pty(spawn(Path(folder), *args))
        try:
            screen = opening = "\n".join(pty.prompt())
            if brief:
                screen = "\n".join(pty.typed("brief"))
            since, first = 0, True
            while run.decision() is not None and tally.counted + tally.quiet < min(wanted, stop):
                texts = own_texts(run, since, brief and not first)  # told before `brief` was typed
                kind = judge(screen, texts)
                if first:
                    tally.openings += 1
                    opened = flat(opening_prose(run)) in flat(opening)  # before `brief` was typed
                    tally.openings_shown += opened
                    kind = kind if opened or kind != "prose" else "summary"
                    first = False
                setattr(tally, kind, getattr(tally, kind) + 1)
                tally.cut += cut_panels(screen) > 0
                if kind == show:
                    tally.screens.setdefault(kind, []).append(f"{plan.game_id} seed {seed}:\n{screen}")
                d = run.decision()
                assert d is not None and d.seat == run.seat, d
                key = decide(game, policy, run.state, d, policy_rng(run.seed, len(run.keys)))
                number = d.keys().index(key) + 1
                since = len(run.log)
                run.choose(key, d)
                run.step_automa()
                screen = "\n".join(chose(pty, str(number)))
            if run.keys:  # saved after every choice, before the next prompt
                saved = Run.from_record(SaveStore(Path(folder)).read("b")).keys
                same = [a == b for a, b in zip(saved, run.keys, strict=False)]
                parted = same.index(False) if False in same else len(same)
                assert saved == run.keys, f"seed {seed}: the program and the bench's mirror part at choice {parted}"
        finally:
            pty.child.close(force=True)


REFUSED = "Type it again to end it."
"""The line the REPL refuses an ending choice with once (issue 49's traps: an Action phase ended untouched);
the same choice typed again goes through."""


def chose(pty: Pty, typed: str) -> list[str]:
    """The screen once the program has taken the choice `typed`: typed again where the REPL refused it once
    (the policy meant it), so the program's run keeps step with the bench's mirror of it."""
    rows = pty.typed(typed)
    echoed = [i for i, row in enumerate(rows) if row.rstrip() == f"> {typed}"]
    if echoed and REFUSED in flat("\n".join(rows[echoed[-1] + 1 :])):
        rows = pty.typed(typed)
    return rows


def measure(plan: Plan) -> Tally:
    tally = Tally()
    seed = 0
    while tally.counted + tally.quiet < plan.wanted:
        play(plan, seed, tally)
        seed += 1
    tally.seeds = seed
    return tally


def _flag(args: list[str], name: str) -> str | None:
    if f"--{name}" not in args:
        return None
    at = args.index(f"--{name}")
    value = args[at + 1]
    del args[at : at + 2]
    return value


def main() -> None:
    args = sys.argv[1:]
    brief = "--brief" in args
    if brief:
        args.remove("--brief")
    only, show, seat = _flag(args, "game"), _flag(args, "show") or "", _flag(args, "seat")
    per_run = int(_flag(args, "per-run") or 60)
    wanted = int(args[0]) if args else 300
    print(
        f"80x24, {'brief' if brief else 'verbose'}, at least {wanted} prompts a game, at most {per_run} a run; "
        "target: prose >= 90%"
    )
    print(f"{'game':<24}{'seat':<13}{'seeds':>6}{'prompts':>8}{'prose':>7}{'short':>7}{'gone':>6}{'quiet':>6}"
          f"{'opening':>9}{'cut':>5}  share")
    for game_id in [only] if only else ids():
        seats = get(game_id).person_seats if seat == "all" else [seat or get(game_id).person_seats[0]]
        for one in seats:
            t = measure(Plan(game_id, one, wanted, per_run, brief, show))
            opening = f"{t.openings_shown}/{t.openings}"
            print(
                f"{game_id:<24}{one:<13}{t.seeds:>6}{t.counted:>8}{t.prose:>7}{t.summary:>7}{t.missing:>6}"
                f"{t.quiet:>6}{opening:>9}{t.cut:>5}  {t.share():.0%}",
                flush=True,
            )
            for screen in t.screens.get(show, []):
                print(screen, "\n" + "=" * 80)


if __name__ == "__main__":
    main()
