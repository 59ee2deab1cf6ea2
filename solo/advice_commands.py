"""The commands that advise: hint and review (solo/advice.py, solo/review.py lay the figures out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.contract import Decision

if TYPE_CHECKING:
    from solo.repl import Repl


def hint(repl: Repl, arg: str) -> None:
    d = repl.run.decision()
    if d is None or d.seat != repl.run.seat:
        repl.screen.error("No choice is waiting for you, so there is nothing to advise.")
        return
    from solo import advice

    if arg.strip() and arg.strip().lower() != "more":
        repl.screen.error(f"'hint' takes 'more' or nothing; got '{arg.strip()}'. 'hint more' plays the choices out longer.")
        return
    if advice.offered(repl.run):
        _search_hint(repl, d, more=arg.strip().lower() == "more")
        return
    given = repl.run.game.hint(repl.run.state)
    if given is None:
        repl.screen.error("No advice is available here.")
        return
    option = d.option(given.key)
    number = d.options.index(option) + 1 if option else "?"
    repl.screen.say(f"Hint: {number}. {option.label if option else given.key}: {given.reason}")


def _search_hint(repl: Repl, d: Decision, more: bool = False) -> None:
    """The hint (solo/advice.py); `hint more` plays the choices out four times as long. Ctrl-C while it
    thinks goes back to the prompt."""
    from solo import advice
    from solo.busy import busy

    try:
        with busy(repl.screen.console, "Playing each choice out...", plain=repl.screen.plain):
            found = advice.advise(repl.run, d, scale=advice.MORE if more else 1)
    except KeyboardInterrupt:
        repl.screen.say("(hint cancelled)")
        return
    for line in advice.lines(found, min(80, repl.screen.console.width)):
        repl.screen.say(line)


def review(repl: Repl, arg: str) -> None:
    from solo import review

    if not review.offered(repl.run):
        repl.screen.error(f"{repl.run.game.title} cannot be reviewed: its hidden things cannot be sampled.")
        return
    from solo import review_cache, review_search
    from solo.progress import bar

    cache = review_cache.for_slot(repl.store.root, repl.slot)
    try:
        with bar(repl.screen.console, "Reviewing the run", plain=repl.screen.plain) as tell:
            found = review.review(
                repl.run, jobs=review_search.jobs_default(), progress=tell, cache=cache
            )
    except KeyboardInterrupt:
        repl.screen.say("(review cancelled: what was weighed is kept, so the next review goes on from it)")
        return
    text = review.lines(found, repl.screen.console.width)
    if cache.problem:
        text.append(cache.problem)

    def draw() -> None:
        for line in text:
            repl.screen.say(line)

    repl.screen.paged(draw, repl.pager_question())


HANDLERS = {"hint": hint, "review": review}
"""Command name -> what it does."""
