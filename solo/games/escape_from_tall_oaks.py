"""Escape From Tall Oaks at the terminal: the town map, the survivors, the Slasher Meter, the Tasks, the odds."""

from __future__ import annotations

from engines.core.contract import Decision
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import odds as O
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.game import GAME
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import State, SurvivorView, View
from solo.games import Table, pct
from solo.games.tall_oaks_town import grid, location_move

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
FACES = "each Action Die shows Action, Shield or Escape, two faces each"
SYMBOL = {"K": "S", "B": "*"}
"""Starting points and Bonus Tracks spaces drawn with signs no entrance letter can be mistaken for."""
LEGEND = (
    "1-6 survivors · ! the Slasher · S starting point · * Bonus Tracks · o/u orange/blue sewers · . road · "
    "letters: entrances, as listed below (capital: a Scene Marker inside) · f: the Rec Center"
)


def _supplies(x: SurvivorView) -> str:
    parts = []
    for c in x.supplies:
        kind = R.supply(c)
        left = "unlimited" if kind.infinite else f"{x.trackers.get(c, 0)} left"
        parts.append(f"{kind.name} ({left})")
    parts += [f"Task #{t}" for t in x.tasks]
    return ", ".join(parts) or "empty-handed"


def _tasks(view: View) -> str:
    marks = []
    for i, loc in enumerate(R.TASK_LOCATIONS):
        state = "green" if view.done[i] else "yellow"
        marks.append(f"#{i + 1} {B.locations[loc].name} ({state})")
    return "; ".join(marks)


class EscapeFromTallOaksUI:
    def toolbar(self, view: View) -> str:
        me = next(x for x in view.survivors if x.seat == view.seat)
        return (
            f"{me.name} · health {me.health}/{R.HEALTH} · rescues {me.rescues}/{R.RESCUES_NEEDED} · "
            f"{R.SLASHERS[view.slasher].name} meter {view.meter}/{R.METER} · "
            f"Tasks {sum(view.done)}/4 · turn {view.turn}"
        )

    def status(self, view: View) -> list[tuple[str, str]]:
        sl = R.SLASHERS[view.slasher]
        where = place(view.slasher_at) if view.slasher_at else "in the woods behind Johnson's Farm"
        meter = f"{'#' * view.meter}{'.' * (R.METER - view.meter)} {view.meter}/{R.METER}"
        pairs = [
            ("Round", str(view.round + 1)),  # the state counts completed rounds
            ("Slasher", f"{sl.name}, {where}; meter {meter}"),
            ("Tasks", _tasks(view)),
            ("Rec Center", f"Task cards: {', '.join(f'#{t}' for t in reversed(view.center)) or 'none'}"),
            ("Helipad", "landed at the Rec Center" if view.helipad else "not yet"),
        ]
        for x in view.survivors:
            mark = " (you)" if x.seat == view.seat else ""
            if not x.alive:
                pairs.append((f"{x.name}{mark}", f"dead, {x.rescues} rescues"))
                continue
            if x.final_token:
                final = "Final Rescue token in hand"
            elif x.final:
                fs = R.FINAL_SCENES[x.final]
                final = f"Final Scene {fs.title} at {B.locations[fs.location].name} ({fs.actions} Actions)"
                if x.rescues < R.RESCUES_NEEDED:
                    final += f", waiting until {R.RESCUES_NEEDED} rescue tokens are back in hand"
            else:
                final = "Final Scene face down"
            if x.traitors:
                final += f", {x.traitors} Traitor card{'s' if x.traitors > 1 else ''} to play"
            pairs.append(
                (
                    f"{x.name}{mark}",
                    f"health {x.health}, rescues {x.rescues}, holds {_supplies(x)}, {final}, "
                    f"at {place(x.at) if x.at else 'nowhere yet'}. {A.text(x.name)}",
                )
            )
        return pairs

    def cards(self, view: View, plain: bool) -> list[tuple[str, str]]:
        """The town as a grid (or, plain, as sentences), then the locations with markers and Task tokens."""
        number = {x.at: str(i) for i, x in enumerate(view.survivors, 1) if x.alive and x.at}
        names = {x.seat: x.name for x in view.survivors}
        locations = []
        for lid, loc in B.locations.items():
            parts = []
            if lid == R.REC:
                parts.append("Helipad" if view.helipad else f"{len(view.center)} Task cards")
            elif view.markers.get(lid):
                parts.append("Scene Marker")
            else:
                parts.append("empty")
            if lid in R.TASK_LOCATIONS:
                k = R.TASK_LOCATIONS.index(lid)
                parts.append(f"Task #{k + 1} token {'green' if view.done[k] else 'yellow'}")
            if lid in view.final_tokens:
                parts.append(f"{names[view.final_tokens[lid]]}'s Final Rescue token")
            inside = [x.name for x in view.survivors if x.alive and x.at == lid]
            if inside:
                parts.append("inside: " + ", ".join(inside))
            if view.slasher_at == lid:
                parts.append(f"{R.SLASHERS[view.slasher].name} is here")
            locations.append(f"{loc.letter} {loc.name}: {'; '.join(parts)}")
        if plain:
            people = [
                f"{x.name} ({i}) is at {place(x.at)}."
                for i, x in enumerate(view.survivors, 1)
                if x.alive and x.at
            ]
            if view.slasher_at:
                people.append(f"{R.SLASHERS[view.slasher].name} is at {place(view.slasher_at)}.")
            return [
                ("Survivors", " ".join(people) or "Nobody is on the board yet."),
                ("Locations", "\n".join(locations)),
            ]

        def mark(sid: str, ch: str) -> str | None:
            if sid in number:
                return number[sid]
            if sid == view.slasher_at:
                return "!"
            if sid in B.entrance_of:
                return ch.upper() if view.markers.get(B.entrance_of[sid]) else ch
            return SYMBOL.get(ch)

        return [("Tall Oaks", grid(B, mark) + "\n\n" + LEGEND), ("Locations", "\n".join(locations))]

    def example(self, decision: Decision) -> str:
        if decision.kind == "move":
            return "Type the number of a stop, or a location's name (locations are listed first)."
        if decision.kind == "spend":
            return (
                "Type the number of a choice: which supply tokens to spend before the roll (1 spends none)."
            )
        return "Type the number of a choice, or the start of its words."

    def parse(self, text: str, decision: Decision) -> str | None:
        """The game's own words as engine keys, legal now or not (the engine refuses with its reason): location
        names in a move ('farm', 'gas station'), the turn's choices ('search', 'task', 'final'...), 'take',
        'scuffle <name>', 'traitor', 'heal', and 'reveal' (answered with how the card turns over now). None if
        the words are none of these."""
        found = location_move(B, text, decision)
        if found is not None:
            return found
        words = " ".join(text.lower().split())
        if decision.kind == "move":
            hits = [lid for lid, loc in B.locations.items() if words == lid or words in loc.name.lower()]
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
        return WORDS.get(words)

    def odds(self, state: State, key: str | None = None) -> list[Table] | None:
        """Exact chances for the pending action-dice roll (one row per way to spend supply tokens, unique
        combos and the survivor's ability included), or for a scuffle (one row per rival)."""
        if state.phase == "scuffle":
            return self._scuffle_odds(state, key)
        if state.phase != "spend" or state.spender < 0:
            return None
        x = state.survivors[state.spender]
        icon, gift = A.roll_bonus(x.name)
        rows = []
        for spend_key, chosen in GAME.spend_keys(x, state.purpose):
            if key is not None and key != f"spend:{spend_key}":
                continue
            bonus = {R.ACTION: 0, R.SHIELD: 0, R.ESCAPE: 0}
            noise = 0
            for c, n in chosen.items():
                kind = R.supply(c)
                bonus[kind.kind] += kind.amount * n
                noise += kind.noise * n
            if icon:
                bonus[icon] += gift
            triple = (bonus[R.ACTION], bonus[R.SHIELD], bonus[R.ESCAPE])
            if state.purpose == "fight":
                defeat, escape, *_ = GAME.fight_stats(state, state.spender, state.fight)
                win, repel, run, lose = O.fight(defeat, escape, GAME.armed(x), *_fight_bonus(triple))
                cells = [pct(win), pct(repel), pct(run), pct(lose)]
                noise = 0
            else:
                o = O.outcomes(state.purpose, _need(state), 0, True, triple)
                z = 0
                if state.purpose == "rescue":
                    cells = [
                        pct(o.get("ok", z)),
                        pct(o.get("double", z)),
                        pct(o.get("stay", z) + o.get("flee_draw", z)),
                    ]
                    cells.append(pct(o.get("fail", z)))
                elif state.purpose == "defend":
                    cells = [pct(o.get("ok", z) + o.get("redraw", z)), pct(o.get("flee_draw", z))]
                    cells.append(pct(o.get("fail", z) + o.get("nothing", z)))
                else:
                    cells = [pct(o.get("ok", z)), pct(o.get("fail", z))]
            rows.append([_spend_label(chosen), *cells, str(noise)])
        if not rows:
            return None
        ability = f" {x.name}'s +{gift} {icon.title()} is included." if icon else ""
        if state.purpose == "fight":
            defeat, escape, *_ = GAME.fight_stats(state, state.spender, state.fight)
            runs = f"{_n(escape, 'Escape')} to run" if escape else "no escape but Triple Escapes"
            head = ["Defeat", "Drive off", "Escape", "Lose"]
            note = (
                f"{GAME.slasher_name(state)}: {_n(defeat, 'Action')} to defeat, {runs}; {FACES}. Combos: Triple "
                "Actions defeat (weapon needed) with a free supply, Triple Shields drive it off, Triple "
                f"Escapes run to the nearest location.{ability}"
            )
        elif state.purpose == "defend":
            sc = R.SCENES[state.card]
            head = ["Defend", "Run (combo)", "Hurt"]
            note = (
                f"{sc.title}: {_n(sc.shields, 'Shield')} or lose {sc.damage} health; {FACES}. Triple Actions: "
                "no defence; Triple Shields: beaten, and you may draw again at once; Triple Escapes: run to "
                f"the nearest location.{ability}"
            )
        elif state.purpose == "rescue":
            sc = R.SCENES[state.card]
            head = ["Rescue", "Double (combo)", "Bury (combo)", "Fail"]
            note = (
                f"{sc.title}: {_n(sc.actions, 'Action')}; {FACES}. Triple Actions double the rescues; Triple "
                f"Shields or Escapes bury the card with no trip back to a starting point.{ability}"
            )
        else:
            sc = R.SCENES[state.card]
            head, note = ["Success", "Fail"], f"{sc.title}: {_n(sc.actions, 'Action')}; {FACES}.{ability}"
        return [("Odds", ["Spend", *head, "Noise"], rows, note)]

    def _scuffle_odds(self, state: State, key: str | None) -> list[Table] | None:
        wt, wa, lt, la = O.scuffle()
        rows = []
        for i in GAME.scuffle_targets(state):
            o = state.survivors[i]
            k = f"scuffle:{o.seat}"
            if key is not None and key != k:
                continue
            rows.append([o.name, pct(wt + wa), pct(wt), pct(lt + la), pct(lt)])
        if not rows:
            return None
        note = (
            "Both roll three Action Dice, no weapons or abilities; the first triple wins and takes a rescue "
            "token (if the loser has one), else the most Actions; ties roll again until someone wins. The "
            "loser loses 1 health and goes to a starting point."
        )
        head = ["Rival", "You win", "by triple", "You lose", "by triple"]
        return [("Scuffle odds", head, rows, note)]


def _n(n: int, word: str) -> str:
    """'1 Action', '3 Actions'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _spend_label(chosen: dict[str, int]) -> str:
    """'Baseball Bat x1, Knife': a spend choice by the supplies' names (an unlimited one needs no count)."""
    parts = [
        R.supply(c).name if R.supply(c).infinite else f"{R.supply(c).name} x{n}" for c, n in chosen.items()
    ]
    return ", ".join(parts) or "nothing"


def _need(state: State) -> int:
    sc = R.SCENES[state.card]
    return sc.shields if state.purpose == "defend" else sc.actions


def _fight_bonus(bonus: tuple[int, int, int]) -> tuple[int, int, int]:
    """(Actions, Escapes, Shields): the order odds.fight takes them."""
    return bonus[0], bonus[2], bonus[1]


UI = EscapeFromTallOaksUI()
