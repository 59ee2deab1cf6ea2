"""Mixtape Massacre: Director's Cut at the terminal: the bottom line, the standings, what to type and what each
kind of decision is about. The map, the odds, the choices' layout and `examine` live in mixtape_*.py beside it.
Every screen is meant to fit 80x24 with the narration of the last events still in view above the prompt."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engines.core.contract import Decision
from engines.core.events import Event
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.movement import MoveDecision
from engines.mixtape.directors_cut.state import State, View
from engines.mixtape.directors_cut.turns import PASSIVE
from solo import theme
from solo.games import InputError, Table
from solo.games.mixtape_map import board, me, plain_board, short_place
from solo.games.tall_oaks_town import location_move
from solo.summary import plural
from solo.toolbar import joined

B = R.BOARD
CROWD = 3
"""More slashers than this and `look` gives each rival one line (no place: 'map' shows it), so the answer
and the choices still fit 80x24."""
LOW_HEALTH = 2
"""Health at or below this is shown as danger (the issue's 'one or two health left')."""
RIVAL_CLOSE = 3
"""A rival this close to the goal is shown as danger: the Killer Scenes' biggest kill is worth three."""


def supply_words(card: str, trackers: int) -> str:
    """'Drill x3', 'Nail Gun (unlimited)', 'no supply': a supply card and its tokens, short."""
    if not card:
        return "no supply"
    kind = R.supply(card)
    if kind.kind not in ("knife", "fist"):
        return kind.name
    return f"{kind.name} (unlimited)" if kind.infinite else f"{kind.name} x{trackers}"


def meter_low(view: View) -> bool:
    """The Hero Meter one noise or less from full (or full, the Hero out): the next noise brings a fight."""
    return view.meter >= R.METER - 1


_COACH = {
    "start": "Where you begin: kills happen in locations, so start near victims.",
    "lock": "Opening locks: a locked door stops a move; knives break it ({locks}).",
    "turn": "Your turn: a scene here, a lock, a search, healing, your ability, or a roll.",
    "move": "A move uses the whole roll, but may stop early in a location or a locked door.",
    "spend": "Supply tokens add knives or fists to this roll; noisy ones fill the Hero Meter.",
    "keep": "You may hold one supply card: keep the one that helps the rolls you make most.",
    "run": "A victim got away: you pick the location next door its Scene Marker runs to.",
    "search": "The Search Die: {search} a Supply card, {noise} noise, {denied} nothing (and the turn ends).",
    "bonus_move": "A Bonus Track: go straight to any open location, as if you had moved there.",
    "bonus_swap": "A Bonus Track: trade places with any slasher; your turn ends there.",
    "target": "One brawl a landing: pick whom; the loser loses health and goes to a start.",
    "aid": "A First Aid Kit: heal now, or keep it as your supply to heal in a later turn.",
    "rise": "The Drowned Girl rises into a location with a victim: a Killer Scene follows.",
    "door": "The lock is broken: go in for what waits inside, or stay out on the entrance.",
    "redraw": "Three fists beat the card: draw another (it may go worse) or stop safely here.",
    "at_lock": "A locked entrance stopped you: try it now (a miss ends your turn) or wait.",
}
"""One line (under 80 columns) on what each kind of decision is about, shown the first time it comes up."""


def _coach_line(kind: str) -> str | None:
    text = _COACH.get(kind)
    if text is None:
        return None
    faces = R.SEARCH_FACES
    locks = ", ".join(f"{colour} {n}" for colour, n in R.UNLOCK_KNIVES.items())
    return text.format(
        locks=locks,
        search=f"{faces.count('search')} faces",
        noise=f"{faces.count('noise')}",
        denied=f"{faces.count('denied')}",
    )


class MixtapeMassacreUI:
    # -- whose turn ---------------------------------------------------------------------------------

    def owner(self, event: Event) -> str | None:
        """The seat whose turn an event begins (None: the turn goes on), so a short terminal can tell the
        rivals' turns in brief (solo/screen_story.py)."""
        return event.facts.get("seat") if event.kind == "turn_started" else None

    # -- the bottom line ------------------------------------------------------------------------------

    def toolbar(self, view: View) -> str:
        """Most important first, each field 'label value' (the REPL drops whole fields from the end, and
        the digest compares them): health, souvenirs, the meter, the supply, the leading rival, who is left,
        the turn; all of them fit 110 columns, the first four 80. Your slasher's name is in `look`."""
        return joined(self.toolbar_fields(view))

    def company(self, view: View) -> str:
        """Who stands in your space, said at the prompt: the Hero (or the Wolf), who fights the slasher beside
        them at the next noise ('' elsewhere; rivals sharing a space are no threat until a brawl asks)."""
        you = me(view)
        if not (you.alive and you.at and view.hero_at == you.at):
            return ""
        return f"{R.hero_now(view.hero, view.wolf).name} is here with you, at {short_place(you.at)}."

    def toolbar_fields(self, view: View) -> list[tuple[str, str]]:
        """The toolbar's fields with their meaning: low health, the meter one noise from full and a rival one
        kill from the goal in danger; souvenirs collected are gained."""
        you = me(view)
        rivals = [s for s in view.slashers if s.seat != view.seat]
        alive = [s for s in rivals if s.alive]
        health = f"health {you.health}/{R.HEALTH}"
        if not you.alive:
            health += " (dead)"
        elif you.health <= LOW_HEALTH:
            health += " (low)"
        meter = f"Hero Meter {view.meter}/{R.METER}"
        if view.meter >= R.METER:
            meter += " (full)"
        elif meter_low(view):
            meter += " (1 to go)"
        best = max((s.souvenirs for s in alive), default=0)
        return [
            (health, theme.danger_if(not you.alive or you.health <= LOW_HEALTH)),
            (f"souvenirs {you.souvenirs}/{view.goal}", theme.GAIN if you.souvenirs else ""),
            (meter, theme.danger_if(meter_low(view))),
            (supply_words(you.supply, you.trackers), ""),  # no label: 'no supply->Drill x3' reads well
            (f"top rival {best}/{view.goal}", theme.danger_if(best >= view.goal - RIVAL_CLOSE)),
            (f"rivals alive {len(alive)}", ""),
            (f"turn {view.turn}", ""),
        ]

    # -- look -----------------------------------------------------------------------------------------

    def status(self, view: View) -> list[tuple[str, Any]]:
        """The meter and the Hero, then one row a slasher (two lines at most at 80 columns, a rival's ability
        left to `examine`), so `look` and the choices below it fit an 80x24 screen. Danger (1-2 health, the
        meter about to fill) in the theme's colour, and in words for plain text."""
        hero = R.hero_now(view.hero, view.wolf).name
        where = short_place(view.hero_at) if view.hero_at else "off the board"
        bar = "#" * view.meter + "." * (R.METER - view.meter)
        soon = f" (the next noise brings {hero})" if meter_low(view) else ""
        spree = " · Killing Spree: your turn goes on" if view.spree and view.current == view.seat else ""
        crowded = len(view.slashers) > CROWD  # rivals on one line each; the map shows where they are
        rows: list[tuple[str, Any]] = [
            (
                "Hero Meter",
                Text.assemble(
                    (f"{bar} {view.meter}/{R.METER}{soon}", theme.danger_if(meter_low(view))),
                    f" · {hero} {where} · round {view.round} · goal {view.goal}{spree}",
                ),
            )
        ]
        for s in view.slashers:
            name = f"{s.name} (you)" if s.seat == view.seat else s.name
            if not s.alive:
                rows.append((name, Text(f"dead · {plural(s.souvenirs, 'souvenir')}", style=theme.HIDDEN)))
                continue
            low = s.health <= LOW_HEALTH
            parts = [plural(s.souvenirs, "souvenir"), supply_words(s.supply, s.trackers)]
            if s.key:
                parts.append("Skeleton Key")
            if s.edge:
                parts.append(f"+{s.edge} {'knife' if s.edge == 1 else 'knives'} waiting")
            if s.skip:
                parts.append("loses next turn")
            if s.seat == view.seat:  # a rival's ability: 'examine NAME' (a row each stays on two lines)
                by_itself = " (by itself)" if s.ability in PASSIVE else ""
                parts.append(f"ability {'used' if s.used else 'ready'}{by_itself}")
            if s.seat == view.seat or not crowded:
                parts.append(f"at {short_place(s.at)}")
            health = (f"health {s.health}/{R.HEALTH}{' (low)' if low else ''}", theme.danger_if(low))
            rows.append((name, Text.assemble(health, " · " + " · ".join(parts))))
        return rows

    # -- the map --------------------------------------------------------------------------------------

    def cards(self, view: View, plain: bool) -> list[tuple[str, str]]:
        """The town in one panel within 80x24: the grid, the locations' key beside it, the legend under it
        (plain: who is where and each location, in sentences). Drawn on request ('map'), never before the
        stop choice, which would push what just happened off the screen."""
        if plain:
            return plain_board(view)
        return [(B.name, board(view))]

    # -- what to type, and what it is about -------------------------------------------------------------

    def example(self, decision: Decision) -> str:
        """What to type here, in one line under 80 columns (shown under the choices and by 'help')."""
        kind = decision.kind
        if kind == "move":
            return "Type a stop's number or a place's name; 'map' shows the stops, 'odds' the dice."
        if kind == "bonus_move":
            return "Type the number of a location, or its name: the Bonus Track takes you there."
        if kind == "bonus_swap":
            return "Type the number of the slasher to trade places with, or their name."
        if kind == "target":
            return "Type the number of the slasher to brawl, or their name; 'odds' compares them."
        if kind == "spend":
            return "Type the number of a choice (1 spends nothing); 'odds' shows their chances."
        if kind == "rise":
            return "Type the number of a location, or its name: The Drowned Girl rises there."
        if kind == "aid":
            return "Type 1 to heal now, 2 to keep the kit for the start of a later turn."
        if kind == "door":
            return "Type 1 to go in, 2 to stay outside; 'odds' shows what waits inside."
        if kind == "redraw":
            return "Type 1 to draw another card, 2 to stop; 'odds' shows a card's chances."
        if kind == "lock":
            return "Type the number of an entrance, or the location's name."
        if kind == "at_lock":
            return "Type 1 to try the lock, 2 to end your turn; 'odds' gives the chance."
        if kind == "search":
            return "Type 1 to roll the Search Die, 2 to end your turn; 'odds' gives the chance."
        if kind == "keep":
            return "Type 1 to keep the new card, 2 to keep the one you hold ('x NAME' reads one)."
        if kind == "run":
            return "Type the number of the location the victim runs to, or its name."
        if kind == "start":
            return "Type the number of a starting point, or a location's name near it."
        return "Type a choice's number or a word of it; 'odds' shows the chances of a roll."

    def coach(self, decision: Decision) -> str | None:
        """One line on what this kind of decision is about, the first time it comes up."""
        return _coach_line(decision.kind)

    def parse(self, text: str, decision: Decision) -> str | None:
        """Place names and words of a choice as shorthand: 'farm' and 'high school' at a move (a location
        that is not a stop reaches its entrance when that is one, and is refused with the engine's reason
        when not), 'north' naming one choice (or saying which, when it names several). None: not that."""
        from solo.games.mixtape_choices import location_entrance, named_choice, named_location

        key = location_move(B, text, decision)
        if key is not None:
            return key
        if isinstance(decision, MoveDecision):
            key = location_entrance(text, decision)
            if key is not None:
                return key
        elif decision.kind in ("bonus_move", "rise"):
            lid = named_location(text)
            verb = "to" if decision.kind == "bonus_move" else "rise"
            if lid is not None and f"{verb}:{lid}" not in decision.keys():  # noqa: SIM118 (a method)
                name = B.locations[lid].name
                raise InputError(f"{name} is not one of these choices (locked shut, empty or where you are).")
        return named_choice(text, decision)

    # -- odds, examine and the choices laid out: their own modules ----------------------------------------

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """Exact chances wherever a choice leads to dice, with what is at stake beside them."""
        from solo.games.mixtape_odds import odds

        return odds(state, key)

    def things(self, view: View) -> dict[str, str]:
        """Everything `examine` can tell: name -> what it does, where it is, uses left; hidden as hidden."""
        from solo.games.mixtape_things import things

        return things(view)

    def choice_lines(
        self, decision: Decision, view: View, width: int, plain: bool = False
    ) -> list[str] | None:
        """The numbered choices grouped to fit the screen: the stops by kind with short names, the locks on
        a few lines, each spend with its chance and its noise (None: one engine label a line fits)."""
        from solo.games.mixtape_choices import choice_lines

        return choice_lines(decision, view, width, plain)


UI = MixtapeMassacreUI()
