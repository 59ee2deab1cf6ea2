"""Final Girl at the terminal: the toolbar, the warehouse as a map, where things stand, what every card and
place does, a coach line per kind of decision, and exact odds with what a failed roll costs."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engines.core.contract import Decision
from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl.keys import Key
from engines.final_girl.state import State, View
from solo import theme
from solo.games import Table
from solo.games import final_girl_map as M
from solo.games.final_girl_words import PARTIALS, SUCCEEDS, setups_line
from solo.games.final_girl_words import cards_list as _names
from solo.summary import plural
from solo.toolbar import joined

_CARD_WORDS = {
    w: k
    for k, spec in D.ACTIONS.items()
    for w in (k.replace("_", " "), spec["name"].lower().replace("'", ""))
}
_ITEM_WORDS = {
    w: k for k, spec in D.ITEMS.items() for w in (k.replace("_", " "), spec["name"].lower().replace("'", ""))
}
"""What a typed card or item name means (lower case, no apostrophes): its id."""

_RESCUE_WORDS = frozenset(
    {"rescue", "rescue a victim", "rescue victim", "rescue a victim here", "lead out"}
    | {f"save {who}" for who in ("victim", "victims", "a victim", "the victim", "a victim here")}
)
"""Leading a Victim out. The rulebook says 'save'; 'save' alone stays the command that saves the game."""

_AMBIGUITY = ("tie", "trap_tie", "attack_tie", "shield", "pit_dice")
"""The Game Ambiguity decisions: ties the rules leave open, asked when the option 'ties' is 'ask'."""

_COACH = {
    "action": f"Each card played rolls Horror dice, {SUCCEEDS} succeed; 'odds' gives the chances.",
    "planning": "Cards used this turn go back to the Tableau after Planning: keep what you need.",
    "roll": f"Accept the dice, or better them: {D.RULES['discard_pair']} cards turn a {PARTIALS} into a success.",
    "convert": "The two cards you discard are spent until Planning: keep what you still need.",
    "move": f"Up to {D.RULES['follow']} Victims may follow you each step, never into the Tormentor's space.",
    "react": "She strikes: a Reaction card rolls to block part of the blow; see 'odds'.",
    "choose": "The roll failed and its card fails two ways: pick the one that hurts less.",
    "keep": "Keep one Item; the other goes back face up on top (found next) or hidden under.",
    "take_card": "A rescue's reward: the card you take goes straight into your hand.",
    "arrange": "Only what your hands hold works as a weapon; the rest waits in the backpack.",
    "panic_order": "Panic rolls are independent: the order only decides who runs with his group.",
}
_COACH_TIE = "Game Ambiguity: the rules leave this open, so you settle it ('x ambiguity')."
"""One line (under 80 columns) on what each kind of decision is about, shown the first time it comes up."""


class FinalGirlUI:
    # -- whose turn ---------------------------------------------------------------------------------

    def owner(self, event: Event) -> str | None:
        """The Killer's phase is the Killer's turn; everything else is the Final Girl's (solo/screen_story.py
        tells the Killer's phase in brief on a terminal too short for the whole story)."""
        return "killer" if event.phase == "killer" else "final_girl"

    def company(self, view: View) -> str:
        """Who stands in your space, said at the prompt (the toolbar's 'here!' in words)."""
        return company(view)

    # -- the bottom line ------------------------------------------------------------------------------

    def toolbar(self, view: View) -> str:
        """Most important first, each field 'Label value' (the REPL drops whole fields from the end)."""
        return joined(self.toolbar_fields(view))

    def toolbar_fields(self, view: View) -> list[tuple[str, str]]:
        """The toolbar's fields with their meaning: one or two health, the last hour, a Horror die from the
        top and the Tormentor within reach in danger; unseen, she is hidden; Victims saved are gained."""
        where = D.SPACES[view.fg_space]["name"] + (" (Trapped)" if view.fg_trapped else "")
        dice = f"{view.dice} {'die' if view.dice == 1 else 'dice'}"
        health = f"Health {view.fg_health}" + (" (Final Health)" if view.fg_white else "")
        killer = theme.HIDDEN if not view.killer_space else theme.danger_if(_near(view))
        return [
            (health, theme.danger_if(view.fg_health <= 2)),
            (f"Time {view.time}", theme.danger_if(view.time <= 1)),
            (f"Horror {view.horror} ({dice})", theme.danger_if(view.horror >= D.HORROR_MAX - 1)),
            (f"Tormentor: {_killer_where(view)}", killer),
            (f"You: {where}", theme.danger_if(view.fg_trapped)),
            (f"Terror {view.terror_left}", ""),
            (f"Saved {view.saved}", theme.GAIN if view.saved else ""),
            (f"Victims dead {view.dead}", ""),
            (f"Phase: {view.phase}", ""),
        ]

    # -- look ---------------------------------------------------------------------------------------

    def status(self, view: View) -> list[tuple[str, Any]]:
        """Where things stand in eight lines (nine with Events in play), each value within the 61 columns
        the table leaves it, so the choices below still fit an 80x24 screen. Values are rich Text (a
        dangerous number in the danger style); plain text prints their words alone."""
        health = Text(f"Health {view.fg_health} of {view.fg_max}", theme.danger_if(view.fg_health <= 2))
        you = Text.assemble(f"{D.SPACES[view.fg_space]['name']} · ", health, " · Final Health ")  # 61 at most
        you.append("used" if view.fg_white else "face down", theme.DANGER if view.fg_white else theme.HIDDEN)
        if view.fg_trapped:
            you.append(" · Trapped", theme.DANGER)
        horror = Text(
            f"Horror {view.horror} of {D.HORROR_MAX}", theme.danger_if(view.horror >= D.HORROR_MAX - 1)
        )
        tracks = Text.assemble(
            Text(f"Time {view.time}", theme.danger_if(view.time <= 1)),
            " · ",
            horror,
            f", {view.dice} {'die' if view.dice == 1 else 'dice'}"
            + (f", +{view.bonus_dice} next roll" if view.bonus_dice else "")
            + (f" · Improvise: {PARTIALS}s succeed" if view.improvise else "")
            + f" · Bloodlust {view.bloodlust + 1} · Terror {view.terror_left}"
            + (" · Extreme" if view.extreme else ""),
        )
        killer = Text(
            f"{_killer_where(view)} · health {view.killer_health}/{view.killer_max} · " if view.killer_space
            else "not on the board · ",
            theme.DANGER if _near(view) else "",
        )
        killer.append(f"attack {view.killer_attack}, move {view.killer_move}")
        powers = Text()
        powers.append("Dark Power: ")
        powers.append(
            D.DARK_POWERS[view.dark_power]["name"] if view.dark_power else "face down",
            "" if view.dark_power else theme.HIDDEN,
        )
        powers.append(" · Finale: ")
        powers.append(D.FINALES[view.finale]["name"] if view.finale else "face down", "" if view.finale else theme.HIDDEN)
        if view.minor_powers:
            powers.append(f" · Minor Powers {len(view.minor_powers)}")
        trapped = sum(1 for v in view.victims if v.trapped)
        victims = (
            f"{len(view.victims)} on board{f' ({trapped} trapped)' if trapped else ''} · {view.saved} saved · "
            f"{view.dead} dead · {view.supply} to come"
        )
        items = ", ".join(
            D.ITEMS[i]["name"] + (f" ({plural(view.item_uses[i], 'use')})" if i in view.item_uses else "")
            for i in view.hands + view.backpack
        )
        events = ", ".join(D.EVENTS[e]["name"] for e in view.events_active)
        return [
            ("You", you),
            ("Tracks", tracks),
            ("Tormentor", killer),
            ("Her cards", powers),
            ("Setup", setups_line(view)),
            ("Victims", victims),
            ("Hand", _names(view.hand)),
            ("Items", items or "none"),
            *([("Events", events)] if events else []),
        ]

    # -- map ----------------------------------------------------------------------------------------

    def cards(self, view: View, plain: bool) -> list[tuple[str, str | Text]]:
        """The whole warehouse in one panel within 80x24 (the traps, hand and Tableau are examined)."""
        return [("Marrek Warehouse", M.plain_board(view) if plain else M.board(view))]

    # -- what to type, and what it is about -------------------------------------------------------------

    def example(self, decision: Decision) -> str:
        """What to type here, in one line under 80 columns (shown under the choices and by 'help')."""
        kind = decision.kind
        if kind == "action":
            if decision.option("save"):
                return "Type a number or card name ('walk'); 'rescue' leads Victims out; 'end' ends."
            return "Type a number or a card's name ('walk', 'discard focus'); 'end' ends the phase."
        if kind == "planning":
            if decision.option("buy:free"):
                return "Type a number or card name to buy; 'free' takes free cards back; 'done' ends."
            return "Type a number or a card's name to buy it; 'done' ends Planning."
        if kind == "convert":
            return "Type the number of the two cards to give up, or 'back' to return to the roll."
        if kind == "pit_dice":
            return "Game Ambiguity: type 1 (his one die) or 2 (The Pit's two); 'odds' shows where."
        if kind in _AMBIGUITY:
            return "Game Ambiguity: type the number of the one it happens to ('x ambiguity')."
        if kind == "roll":
            return "Type a number: 1 accepts the dice; 'odds' gives each choice's chances."
        if kind == "react":
            return "Type a card's number to block with it, or take the blow; 'odds' compares them."
        return "Type the number of your choice."

    def coach(self, decision: Decision) -> str | None:
        """One line on what this kind of decision is about, the first time it comes up."""
        if decision.kind in _AMBIGUITY:
            return _COACH_TIE
        return _COACH.get(decision.kind)

    def parse(self, text: str, decision: Decision) -> str | None:
        """Card, item and rescue words to the engine's keys, legal now or not: the engine says why not."""
        low = " ".join(text.lower().replace("'", "").split())
        verb, _, rest = low.partition(" ")
        kind = decision.kind
        if low in _RESCUE_WORDS:
            return (
                "save"  # offered in the Action phase and as she walks onto an Exit; the engine says when not
            )
        if kind == "action":
            if verb == "buy" and rest:  # buying is Planning's: the engine says so
                card = _CARD_WORDS.get(rest)
                return str(Key("buy", card=card)) if card else None
            if verb in ("play", "discard", "use") and rest:
                if verb == "use":
                    item = _ITEM_WORDS.get(rest.removeprefix("the "))
                    return str(Key("item", item=item)) if item else None
                card = _CARD_WORDS.get(rest)
                return str(Key(verb, card=card)) if card else None
            if verb == "take" and rest in ("climb", "leap", "both", "climb and leap"):
                both = rest in ("both", "climb and leap")
                return str(Key("take", every=True) if both else Key("take", card=rest))
            card = _CARD_WORDS.get(low)
            if card:
                return str(Key("play", card=card))
            item = _ITEM_WORDS.get(low.removeprefix("the "))
            return str(Key("item", item=item)) if item else None
        if kind == "planning":
            card = _CARD_WORDS.get(rest if verb == "buy" else low)
            return str(Key("buy", card=card)) if card else None
        if kind == "react":
            card = _CARD_WORDS.get(rest if verb == "play" else low)
            return str(Key("react", card=card)) if card else None
        return None

    # -- odds, examine and the choices in a few words: their own modules ------------------------------------

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """Exact chances wherever a choice leads to dice, with what each result line does to you."""
        from solo.games.final_girl_odds import odds

        return odds(state, key)

    def things(self, view: View) -> dict[str, str]:
        """Everything `examine` can tell: name -> what it does, where it is, uses left; hidden as hidden."""
        from solo.games.final_girl_things import things

        return things(view)

    def choice_lines(self, decision: Decision, view: View, width: int, plain: bool = False) -> list[str] | None:
        """The numbered choices grouped to fit the screen, each purchase with what it does (plain text: one
        purchase a line, read in number order)."""
        from solo.games.final_girl_choices import choice_lines

        return choice_lines(decision, view, width, plain)


def company(view: View) -> str:
    """Who stands in your space, said at the prompt: the Tormentor ('' where she is elsewhere or unseen)."""
    if not view.killer_space or view.killer_space != view.fg_space:
        return ""
    name = D.SPACES[view.fg_space]["name"]
    where = name if name.startswith(("The ", "Rack ")) else f"the {name}"  # 'The Pit', 'Rack B' as they are
    return f"The Tormentor is here with you, in {where}."


def _killer_where(view: View) -> str:
    if not view.killer_space:
        return "unseen"
    name = D.SPACES[view.killer_space]["name"]
    if view.killer_space == view.fg_space:
        return f"{name} (here!)"
    return f"{name} ({D.DIST[view.fg_space][view.killer_space]} away)"


def _near(view: View) -> bool:
    """The Tormentor in your space or next to it: the next Killer phase can reach you."""
    return bool(view.killer_space) and D.DIST[view.fg_space][view.killer_space] <= 1


UI = FinalGirlUI()
