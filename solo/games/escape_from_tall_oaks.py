"""Escape From Tall Oaks at the terminal: the toolbar, where things stand, the town map, what every supply,
Task, place and person is, a coach line per kind of decision, the choices with what they lead to, and exact odds
with what a loss costs. The pieces live in tall_oaks_*.py beside this module."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from engines.core.contract import Decision
from engines.core.events import Event
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.game import GAME
from engines.mixtape.tall_oaks.state import State, SurvivorView, View
from solo import theme
from solo.commands import COMMANDS
from solo.games import Table
from solo.games import tall_oaks_choices as C
from solo.games import tall_oaks_map as M
from solo.games import tall_oaks_odds as O
from solo.games import tall_oaks_spend as S
from solo.games import tall_oaks_words as W
from solo.games.tall_oaks_words import held, me, short_name, short_place
from solo.toolbar import joined

B = R.BOARD
WORDS = {
    "roll": "roll",
    "move": "roll",
    "draw": "draw",
    "scene": "draw",
    "rescue": "draw",
    "task": "task",
    "complete task": "task",
    "do task": "task",
    "search": "search",
    "final": "final",
    "final scene": "final",
    "reveal": "reveal",  # no such choice since rules version 4: the engine says the card turns over by itself
    "turn over": "reveal",
    "take": "task:take",
    "take task": "task:take",
    "traitor": "traitor",
}
"""The game's words and the engine keys they name, whether or not the choice is open now."""


def _slasher_field(view: View, x: SurvivorView) -> str:
    """'Smiley: woods', 'Smiley: 3 steps', 'Smiley: here': where the Slasher is from you, in one field."""
    name = R.SLASHERS[view.slasher].name
    if not view.slasher_at:
        return f"{name}: woods"
    if not x.at:
        return f"{name}: {short_place(view.slasher_at)}"
    if B.touching(x.at, view.slasher_at):
        return f"{name}: here"
    steps = B.distances(x.at).get(view.slasher_at)
    return f"{name}: {steps} step{'' if steps == 1 else 's'}" if steps else f"{name}: {short_place(view.slasher_at)}"


def _meter(view: View) -> str:
    return "full" if view.slasher == R.LEGEND else f"{view.meter}/{R.METER}"


def _near_meter(view: View) -> bool:
    """The Slasher out, or the meter one noise from full: the next noise brings it."""
    return bool(view.slasher_at) or view.slasher == R.LEGEND or view.meter >= R.METER - 1


class EscapeFromTallOaksUI:
    # -- whose turn ---------------------------------------------------------------------------------

    def owner(self, event: Event) -> str | None:
        """The seat whose turn an event begins (None: the turn goes on), so a short terminal can tell the
        rivals' turns in brief (solo/screen_story.py)."""
        return event.facts.get("seat") if event.kind == "turn_started" else None

    # -- the bottom line ------------------------------------------------------------------------------

    def toolbar(self, view: View) -> str:
        """Most important first, each field 'Label value' (the REPL drops whole fields from the end); always
        the same fields, so the digest can compare them."""
        return joined(self.toolbar_fields(view))

    def company(self, view: View) -> str:
        """Who stands with you, said at the prompt: the Slasher where the toolbar says 'here' (your space or
        one touching it)."""
        x = me(view)
        if not (view.slasher_at and x.at and x.alive and B.touching(x.at, view.slasher_at)):
            return ""
        return f"{R.SLASHERS[view.slasher].name} is here with you, at {short_place(x.at)}."

    def digest_fields(self, view: View) -> dict[str, str]:
        """What the digest's words read from where things stand: the Slasher's name ('the meter filled:
        Smiley came out')."""
        return {"slasher": R.SLASHERS[view.slasher].name}

    def toolbar_fields(self, view: View) -> list[tuple[str, str]]:
        """The toolbar's fields with their meaning: one or two health, the meter one noise from bringing the
        Slasher and the Slasher beside you in danger, the Slasher in the woods hidden; rescues gained."""
        x = me(view)
        if not view.slasher_at:
            where = theme.HIDDEN
        else:
            where = theme.danger_if(bool(x.at) and B.touching(x.at, view.slasher_at))
        return [
            (f"Health {x.health}/{R.HEALTH}", theme.danger_if(x.health <= 2)),
            (f"Rescues {x.rescues}/{R.RESCUES_NEEDED}", theme.GAIN if x.rescues else ""),
            (f"Meter {_meter(view)}", theme.danger_if(_near_meter(view))),
            (_slasher_field(view, x), where),
            (f"Tasks {sum(view.done)}/{len(view.done)}", theme.GAIN if any(view.done) else ""),
            (f"Held: {held(x)}", ""),
            (f"Turn {view.turn}", ""),
            (x.name, ""),
        ]

    # -- look ---------------------------------------------------------------------------------------

    def status(self, view: View) -> list[tuple[str, Any]]:
        """Where things stand in five lines and one a rival, each within the columns an 80-wide table leaves,
        so the choices below still fit 80x24. Dangerous numbers in the danger style (plain: the words alone)."""
        x = me(view)
        health = f"health {x.health}/{R.HEALTH}"
        rest = f" · rescues {x.rescues}/{R.RESCUES_NEEDED} · "
        places = [short_place(x.at) if x.at else "not on the board yet"]
        if x.at and x.at not in B.locations:
            places.append(f"near {short_name(B.landmark(x.at)[0])}")
        where = _first_fit([f"{x.name} · {health}{rest}{p}" for p in places])[len(x.name + health + rest) + 3 :]
        you = Text.assemble(
            Text(health, theme.danger_if(x.alive and x.health <= R.INJURED)),
            f"{rest}{where}" if x.alive else " · dead",
        )
        final = Text()
        if x.final_token:
            final = Text("Final Rescue token won: get to the Helipad!", theme.GAIN)
        elif x.final:
            fs = R.FINAL_SCENES[x.final]
            loss = A.slasher_loss(x.name, fs.damage)
            wait = (
                f" · waiting until {R.RESCUES_NEEDED} rescue tokens are back in hand"
                if x.rescues < R.RESCUES_NEEDED
                else ""
            )
            title = f"{fs.title}, " if len(fs.title) + len(wait) < 24 else ""
            final.append(f"{title}{short_name(fs.location)}: The Legend, {fs.actions} Actions, ")
            final.append(f"lose {loss} health", theme.danger_if(loss >= x.health))
            final.append(wait)
        else:
            final.append(f"face down (hidden until all Tasks are done and {R.RESCUES_NEEDED} rescues)", theme.HIDDEN)
        name = R.SLASHERS[view.slasher].name
        town = Text()
        town.append(
            f"{name} {'at ' + short_place(view.slasher_at) if view.slasher_at else 'in the woods'}, meter {_meter(view)}",
            theme.DANGER if _near_meter(view) else "",
        )
        town.append(f" · round {view.round + 1}")
        pairs: list[tuple[str, Any]] = [
            ("You", Text.assemble(f"{x.name} · ", you)),
            ("Holding", _holding(x)),
            ("Final Scene", final),
            ("Slasher", town),
            ("Tasks", _tasks(view)),
        ]
        rivals = [o for o in view.survivors if o.seat != view.seat]
        if len(rivals) > RIVAL_ROWS:  # many rivals: health and rescues in a row or two; 'map' has the rest
            each = [f"{o.name} {o.health}/{o.rescues}" if o.alive else f"{o.name} dead" for o in rivals]
            pairs.append(("Rivals", "health/rescues: " + " · ".join(each)))
            return pairs
        for o in rivals:
            pairs.append((o.name, _rival(o) if o.alive else f"dead, {o.rescues} rescue tokens"))
        return pairs

    # -- map ----------------------------------------------------------------------------------------

    def cards(self, view: View, plain: bool) -> list[tuple[str, str]]:
        """The whole town in one panel within 80x24: the grid, a key of the locations, who is which mark, and
        while you choose a stop or a starting point, their numbers as listed. Plain: the same as sentences."""
        return M.plain_board(view) if plain else [("Tall Oaks", M.board(view))]

    # -- what to type, and what it is about -------------------------------------------------------------

    def example(self, decision: Decision) -> str:
        """What to type here, in one line under 80 columns (shown under the choices and by 'help')."""
        kind = decision.kind
        if kind == "move":
            return "Type a stop's number or a location's name; 'map' shows the stops numbered."
        if kind == "start":
            return "Type a number or a location's name (the start beside it); 'map' numbers them."
        if kind == "spend":
            return "Type a spend's number (1 spends none); 'odds' shows the chances in full."
        if kind in ("turn", "redraw"):
            words = [f"'{k}'" for k in ("draw", "search", "task", "final", "roll") if decision.option(k)]
            said = f" or a word ({', '.join(words)})" if words else ""
            return f"Type a number{said}; 'odds' explains the chances."
        return "Type the number of a choice, or the start of its words."

    def coach(self, decision: Decision) -> str | None:
        """One line on what this kind of decision is about, the first time it comes up."""
        return C.coach(decision)

    def choice_lines(self, decision: Decision, view: View, width: int, plain: bool = False) -> list[str] | None:
        """The choices laid out to fit, each with what it leads to: chances, what a loss costs, a warning."""
        return C.choice_lines(decision, view, width, plain)

    def parse(self, text: str, decision: Decision) -> str | None:
        """The game's own words as engine keys, legal now or not (the engine refuses with its reason): a
        location's name reaches the stop that gets there (the location, else its entrance; at the start, the
        starting point beside it); the turn's choices ('search', 'task', 'final'...), 'take', 'scuffle
        <name>', 'traitor', 'heal', 'reveal' (answered with how the card turns over now); a word that starts
        words of one choice is that choice, of several an error saying which. None if none of these."""
        found = W.location_stop(text, decision)
        if found is not None:
            return found
        words = " ".join(text.lower().split())
        if decision.kind == "move":
            hits = W.named_locations(words)
            if len(hits) == 1:
                return f"go:{hits[0]}"  # a location not reachable with this roll: the engine says why
        if decision.kind == "task" and words in ("take", "take task", "task"):
            return "task:take"
        if words.startswith("scuffle"):
            rest = words[7:].strip().removeprefix("with ").strip()
            rivals = [o for o in decision.options if o.key.startswith("scuffle:") and o.key != "scuffle:no"]
            if not rest and len(rivals) == 1:
                return rivals[0].key
            for o in rivals:
                if rest in (o.key[8:], *o.aliases):
                    return o.key
            if not rest and rivals:
                return None  # which one? the REPL lists them
            return f"scuffle:{rest or 'anyone'}"
        if decision.kind == "traitor" and words == "traitor":
            return None  # which rival, and what to take: the REPL lists the ways
        if words in ("heal", "use", "patch up"):
            heals = [o.key for o in decision.options if o.key.startswith("heal:")]
            return heals[0] if heals else "heal"
        if words in WORDS:
            return WORDS[words]
        if " " not in words and any(w.startswith(words) for c in COMMANDS for w in (c.name, *c.aliases)):
            return None  # the start of a command ('res', 'sav'): the REPL says what it could be
        return W.word_match(text, decision)

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """Exact chances wherever a choice leads to dice: the pending spend (one row per way to spend), a
        scuffle (one row per rival), or the roll each choice of a turn, a move or a redraw leads to (bare-
        handed and with every token), with what a loss costs."""
        d = GAME.decision(state)
        if d is None:
            return None
        view = GAME.view(state, d.seat)
        if d.kind == "spend":
            return S.spend_table(view, d, key)
        if d.kind == "scuffle":
            return S.scuffle_table(view, d, key)
        return O.ahead_table(view, d, key)

    def things(self, view: View) -> dict[str, str]:
        """Everything `examine` can tell: name -> what it does, where it is, uses left; hidden as hidden."""
        from solo.games.tall_oaks_things import things

        return things(view)


RIVAL_ROWS = 3
"""Up to this many rivals get a row each in `look`; more share one, so the choices still fit 80x24."""
ROOM = 61
"""The columns a value has in `look`'s 80-wide table, beside keys of up to 11 ('Final Scene')."""


def _first_fit(lines: list[str], room: int = ROOM) -> str:
    """The first line that fits the room, else the last (the shortest form)."""
    return next((line for line in lines if len(line) <= room), lines[-1])


def _holding(x: SurvivorView) -> str:
    """'Baseball Bat (2 tokens), Task 2 · 1 slot free', shorter forms when that does not fit."""
    free = A.slots(x.name) - len(x.supplies) - len(x.tasks)
    tail = f" · {free} slot{'' if free == 1 else 's'} free"
    traitor = [f"{x.traitors} Traitor card{'s' if x.traitors > 1 else ''}"] if x.traitors else []
    tasks = [f"Task {t}" for t in x.tasks] + traitor

    def named(name: Callable[[str], str], left: Callable[[str], str]) -> str:
        return ", ".join([f"{name(c)} ({left(c)})" for c in x.supplies] + tasks) or "nothing"

    full = named(lambda c: R.supply(c).name, lambda c: W.supply_left(c, x).removesuffix(" left"))
    short = named(W.last_word, lambda c: W.supply_left(c, x).removesuffix(" tokens left").removesuffix(" token left"))
    return _first_fit([full + tail, short + tail, short])


def _rival(o: SurvivorView) -> str:
    """'health 6 · rescues 1 · Bat 2, Task 1 · start N of Church', the place by the nearest location or the
    supplies by their count when the whole line would not fit."""
    final = " · Final Rescue won!" if o.final_token else " · Final Scene up" if o.final else ""
    head = f"health {o.health} · rescues {o.rescues}"
    where = short_place(o.at) if o.at else "not placed"
    near = f"near {short_name(B.landmark(o.at)[0])}" if o.at and o.at not in B.locations else where
    n = len(o.supplies) + len(o.tasks)
    count = f"{n} card{'' if n == 1 else 's'}"
    return _first_fit(
        [
            f"{head} · {held(o)} · {where}{final}",
            f"{head} · {held(o)} · {near}{final}",
            f"{head} · {count} · {near}{final}",
            f"{head} · {near}{final}",
            f"{head}{final}",
        ]
    )


def _tasks(view: View) -> str:
    """'1/4 done; next: Task 2 at Police Department, Kirk holds it'."""
    k = next((i + 1 for i, d in enumerate(view.done) if not d), 0)
    if not k:
        return "all done: the Helipad waits at the Rec Center"
    holder = next((o for o in view.survivors if k in o.tasks), None)
    who = "you hold it" if holder is not None and holder.seat == view.seat else (
        f"{holder.name} holds it" if holder else "card at the Rec Center"
    )
    return f"{sum(view.done)}/{len(view.done)} done · next: Task {k}, {short_name(R.TASK_LOCATIONS[k - 1])}, {who}"


UI = EscapeFromTallOaksUI()
