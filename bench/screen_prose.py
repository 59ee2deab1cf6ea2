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
Also counted: panels whose last line is cut with '…' (a sentence cut mid-way). Target: prose at >= 90% of
the prompts counted, in every game.

Run: nice -n 10 .venv/bin/python bench/screen_prose.py [prompts per game] [--game GAME] [--brief]
[--show KIND] (KIND: summary or missing: print those screens). `--brief` types `brief` first: the person's
own tellings are then expected by their summaries, as chosen.
"""

from __future__ import annotations

import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "solo"))

from pty_harness import Pty, spawn

from engines.core.autoplay import decide, policy_rng
from engines.core.contract import resolve_options
from engines.registry import get, ids
from narratives import for_game
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
    screens: dict[str, list[str]] = field(default_factory=dict)

    @property
    def counted(self) -> int:
        return self.prose + self.summary + self.missing

    def share(self) -> float:
        return self.prose / self.counted if self.counted else 0.0


def own_texts(run: Run, since: int, brief: bool) -> list[tuple[str, str]]:
    """(as chosen, in short) for each of the person's own tellings with words in log[since:]: their prose (or
    their summary in brief mode) and their summary."""
    narrator = for_game(run.game.id, run.seed, run.seat)
    owner = getattr(ui_for(run.game.id), "owner", screen_story.nobody)
    own = screen_story.own_stretches(run.log, since, owner, run.seat)
    tellings = narrator.tellings(run.log, since)
    first = narrator.tellings(run.log, 0)
    setup = (first[0].stop, screen_story.setup_end(run.log, narrator)) if first else (0, 0)
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


def play(game_id: str, seed: int, wanted: int, tally: Tally, brief: bool, show: str) -> None:
    game = get(game_id)
    options = resolve_options(game, {})
    run = Run(game, seed, options, game.person_seats[0])
    policy = automa.policy(game, "normal")
    run.step_automa()
    with tempfile.TemporaryDirectory() as folder:
        pty = Pty(spawn(Path(folder), "new", game_id, "--seed", str(seed), "--slot", "b", "--fresh"))
        try:
            screen = "\n".join(pty.prompt())
            if brief:
                screen = "\n".join(pty.typed("brief"))
            since, first = 0, True
            while run.decision() is not None and tally.counted + tally.quiet < wanted:
                texts = own_texts(run, since, brief)
                kind = judge(screen, texts)
                if first:
                    tally.openings += 1
                    opened = flat(opening_prose(run)) in flat(screen)
                    tally.openings_shown += opened
                    kind = kind if opened or kind != "prose" else "summary"
                    first = False
                setattr(tally, kind, getattr(tally, kind) + 1)
                tally.cut += cut_panels(screen) > 0
                if kind == show:
                    tally.screens.setdefault(kind, []).append(f"{game_id} seed {seed}:\n{screen}")
                d = run.decision()
                assert d is not None and d.seat == run.seat, d
                key = decide(game, policy, run.state, d, policy_rng(run.seed, len(run.keys)))
                number = d.keys().index(key) + 1
                since = len(run.log)
                run.choose(key, d)
                run.step_automa()
                screen = "\n".join(pty.typed(str(number)))
        finally:
            pty.child.close(force=True)


def measure(game_id: str, wanted: int, brief: bool, show: str) -> Tally:
    tally = Tally()
    seed = 0
    while tally.counted + tally.quiet < wanted:
        play(game_id, seed, wanted, tally, brief, show)
        seed += 1
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
    only, show = _flag(args, "game"), _flag(args, "show") or ""
    wanted = int(args[0]) if args else 300
    print(f"80x24, {'brief' if brief else 'verbose'}, at least {wanted} prompts a game; target: prose >= 90%")
    print(f"{'game':<24}{'prompts':>8}{'prose':>7}{'short':>7}{'gone':>6}{'quiet':>6}{'opening':>9}{'cut':>5}  share")
    for game_id in [only] if only else ids():
        t = measure(game_id, wanted, brief, show)
        opening = f"{t.openings_shown}/{t.openings}"
        print(
            f"{game_id:<24}{t.counted:>8}{t.prose:>7}{t.summary:>7}{t.missing:>6}{t.quiet:>6}{opening:>9}"
            f"{t.cut:>5}  {t.share():.0%}",
            flush=True,
        )
        for screen in t.screens.get(show, []):
            print(screen, "\n" + "=" * 80)


if __name__ == "__main__":
    main()
