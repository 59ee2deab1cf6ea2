"""Escape From Tall Oaks: what waits behind each choice and its exact chances, with what a loss costs beside
them, laid out in words. Every rule is the engine's: what a choice leads to (`ahead`), the chances by outcome
class and what each costs (`odds`), all read from the seat's view; this module only words and arranges them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from engines.core.contract import Decision
from engines.mixtape.tall_oaks import ahead as A
from engines.mixtape.tall_oaks import checks, keys
from engines.mixtape.tall_oaks import odds as O
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.readings import NEEDS_WEAPON
from engines.mixtape.tall_oaks.state import SurvivorView, View
from solo.games import Table, pct
from solo.games.tall_oaks_words import me, ranges, short_place

B = R.BOARD
_PER_FACE = R.ACTION_FACES.count(R.ACTION)
FACES = (
    f"each Action Die shows Action, Shield or Escape, {_PER_FACE} faces each"
    if all(R.ACTION_FACES.count(f) == _PER_FACE for f in (R.SHIELD, R.ESCAPE))
    else f"the Action Dice show {', '.join(R.ACTION_FACES)}"
)
"""The dice, from the data: a note says how they read."""
ZERO = O.ZERO


def _span(values: Iterable[int]) -> str:
    """'1-3', or '2' when all are the same."""
    v = list(values)
    return f"{min(v)}" if min(v) == max(v) else f"{min(v)}-{max(v)}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _armed(x: SurvivorView) -> bool:
    """Holding a weapon, or Christine's fists (the engine's `checks.holds_weapon`)."""
    return checks.holds_weapon(x.name, x.supplies)


def fight_stats(view: View, kind: str) -> tuple[int, int, int]:
    """(Actions to defeat, Escapes to run, health a loss costs this survivor) of a fight of this kind."""
    f = O.fight_stats(view, kind)
    return f.defeat, f.escape, f.health


# -- what is at stake ---------------------------------------------------------------------------------------------


def meter_words(view: View, noise: int) -> str:
    """What `noise` more does to the Slasher Meter: 'meter 2/4 -> 3/4', or that the Slasher comes (Star's
    ability counted): the engine's `odds.heard`."""
    name = R.SLASHERS[view.slasher].name
    h = O.heard(view, noise)
    if not h.made:
        return "no noise made"
    if h.at_once:
        return f"{name} is out and comes to you"
    if h.called:
        return f"meter {h.before}/{R.METER} -> full: {name} comes"
    return f"meter {h.before}/{R.METER} -> {h.after}/{R.METER}"


def deadly(view: View, health: int) -> str:
    """' (all you have)' where a loss of this much health would kill the seat's survivor."""
    x = me(view)
    return " (all you have)" if health >= x.health else ""


def slasher_loss(view: View, kind: str) -> str:
    """What losing this fight costs: '1 health, your last supply' (Kirk's 1 less counted)."""
    f = O.fight_stats(view, kind)
    parts = [f"{f.health} health{deadly(view, f.health)}"]
    if f.supplies:
        parts.append("a supply" if f.supplies == 1 else plural(f.supplies, "supply"))
    if f.rescues:
        parts.append(plural(f.rescues, "rescue token"))
    return ", ".join(parts)


def scene_stake(view: View) -> str:
    worst = O.worst_scene_loss(view)
    return f"up to {worst} health{deadly(view, worst)}"


def _weapon_warning(x: SurvivorView) -> str:
    """The cards an unarmed survivor cannot attempt, in words ('' when armed)."""
    if _armed(x):
        return ""
    kinds = " or ".join(sorted(NEEDS_WEAPON))
    return f" YOU HOLD NO WEAPON: a {kinds} card fails with no roll."


def scene_lines(view: View) -> list[str]:
    """What each kind of Killer Scenes card does, from the whole deck, and the noise they make."""
    cards = list(R.SCENES.values())
    x = me(view)
    rescues = [c for c in cards if c.kind == "rescue"]
    defends = [c for c in cards if c.kind == "defend"]
    late = [c for c in cards if c.kind == "late"]
    here = [c for c in cards if c.kind == "here"]
    invaders = [c for c in cards if c.kind == "invaders"]
    loud = [c for c in cards if c.noise]
    sl = R.SLASHERS[view.slasher]
    lines = [
        f"{len(rescues)} of {len(cards)} cards are rescues: {_span(c.actions for c in rescues)} Actions for "
        f"{_span(c.rescues for c in rescues)} rescue tokens and a free supply; a miss sends you to a start."
        f"{_weapon_warning(x)}",
        f"{len(defends)} defences ({_span(c.shields for c in defends)} Shields or lose "
        f"{_span(c.damage for c in defends)} health), {len(late)} too late (lose {_span(c.damage for c in late)} "
        f"health), {len(here)} bring {sl.name} (lose {slasher_loss(view, 'normal')}), {len(invaders)} The "
        f"Invaders ({_span(c.actions for c in invaders)} Actions or lose "
        f"{R.INVADERS_HEALTH} health and {plural(R.INVADERS_TOKENS, 'token')}; every rival "
        f"{plural(R.INVADERS_OTHERS, 'token')}).",
        f"{len(loud)} cards make {_span(c.noise for c in loud)} noise as they are drawn (1 noise now: "
        f"{meter_words(view, 1)}).",
    ]
    return lines


# -- what waits behind a choice -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ahead:
    """A roll (or a draw) that a choice leads to: its chances bare-handed and with every token, and the cost."""

    what: str
    bare: Fraction | None = None
    full: Fraction | None = None
    stake: str = ""
    warn: str = ""
    kind: str = ""  # scene, fight, task, final, search, bonus, scuffle, tasks, escape
    short: str = ""  # the roll in a word or two, for the odds table (else `what`)

    def few_words(self) -> str:
        """'Killer Scene 41%-63%, up to 1 health': what a choice list shows beside a choice."""
        odds = ""
        if self.bare is not None and self.full is not None:
            odds = f" {pct(self.bare)}" if self.bare == self.full else f" {pct(self.bare)}-{pct(self.full)}"
        stake = f", {self.stake}" if self.stake and self.kind not in ("escape", "tasks", "bonus") else ""
        warn = f" ({self.warn})" if self.warn else ""
        return f"{self.what}{odds}{stake}{warn}"


def scene_ahead(view: View) -> Ahead:
    bare, _ = O.scene_chances(view, False)
    full, _ = O.scene_chances(view, True)
    warn = "" if _armed(me(view)) else "no weapon: rescues fail, no roll"
    return Ahead("Killer Scene", bare, full, scene_stake(view), warn, "scene")


def fight_ahead(view: View, kind: str, task: int = 0) -> Ahead:
    win_bare, repel_bare, run_bare, _ = O.fight_chances(view, kind, False)
    win_full, repel_full, run_full, _ = O.fight_chances(view, kind, True)
    name = R.SLASHERS[view.slasher].name
    if kind == "final":
        what, bare, full = f"Final Scene: {name}", win_bare, win_full
    elif kind == "task":
        what, bare, full = f"Task {task}: {name}", win_bare, win_full
    else:
        what, bare, full = f"fight {name}", win_bare + repel_bare + run_bare, win_full + repel_full + run_full
    warn = "" if _armed(me(view)) else f"no weapon: you cannot beat {name}"
    tag = kind if kind != "normal" else "fight"
    return Ahead(what, bare, full, slasher_loss(view, kind), warn, tag, f"fight {name}")


def search_ahead(view: View) -> Ahead:
    p = O.search_faces(me(view).name).get("search", ZERO)
    return Ahead("Search Die", p, p, meter_words(view, R.SEARCH_NOISE), "", "search")


def bonus_ahead() -> Ahead:
    helps, cards = O.bonus_helps()
    return Ahead(f"Bonus Tracks card, {helps} of {cards} help", kind="bonus")


def scuffle_ahead(view: View, rivals: Iterable[str]) -> Ahead:
    wt, wa, _, _ = O.scuffle()
    names = " or ".join(o.name for o in view.survivors if o.seat in rivals)
    return Ahead(f"scuffle {names} (optional)", wt + wa, wt + wa, f"{R.SCUFFLE_HEALTH} health", "", "scuffle")


def _worded(view: View, a: A.Ahead) -> Ahead:
    """The engine's Ahead in words, with its chances."""
    if a.kind == "fight":
        return fight_ahead(view, "normal")
    if a.kind == "escape":
        return Ahead("the Helipad: you escape and win", kind="escape")
    if a.kind == "scuffle":
        return scuffle_ahead(view, a.rivals)
    if a.kind == "bonus":
        return bonus_ahead()
    if a.kind == "tasks":
        return Ahead(f"Task pile: Task {a.task} on top", kind="tasks")
    if a.kind == "final":
        return fight_ahead(view, "final")
    if a.kind == "task":
        return (
            fight_ahead(view, "task", a.task)
            if a.battle
            else Ahead(f"Task {a.task} done, no roll", kind="task")
        )
    if a.kind == "search":
        return search_ahead(view)
    return scene_ahead(view)


def arrival(view: View, node: str) -> list[Ahead]:
    """What ending the move on `node` brings, in the engine's order (`ahead.arrival`), in words."""
    return [_worded(view, a) for a in A.arrival(view, node)]


def choice_ahead(view: View, decision: Decision, key: str) -> list[Ahead]:
    """What a choice of the person's decision leads to (empty where no roll or draw follows)."""
    return [_worded(view, a) for a in A.choice(view, decision.kind, key)]


# -- the tables `odds` shows ------------------------------------------------------------------------------------


def ahead_table(view: View, decision: Decision, key: str | None) -> list[Table] | None:
    """One row per roll a choice leads to: its chance bare-handed and with every token, and what a loss
    costs; warnings (no weapon) and what each chance counts in the note."""
    rows, kinds, warns = [], set(), []
    alike: dict[tuple[str, ...], list[int]] = {}  # the same roll on plain spaces: one row for them all
    for i, o in enumerate(decision.options, 1):
        if key is not None and o.key != key:
            continue
        choice = keys.Key.parse(o.key)
        node = choice.arg if choice.verb == "go" else ""
        name = short_place(node) if node else SHORT_CHOICE.get(o.key, o.label)
        first = True
        for a in choice_ahead(view, decision, o.key):
            if a.bare is None or a.full is None:
                continue
            roll = "scuffle" if a.kind == "scuffle" else a.short or a.what
            cells = (roll, pct(a.bare), pct(a.full), a.stake)
            kinds.add(a.kind)
            if a.warn:
                warns.append((i, a.warn))
            if node and node not in B.locations and key is None:
                alike.setdefault(cells, []).append(i)
                if len(alike[cells]) > 1:
                    continue
            rows.append([f"{i}. {name}" if first else "", *cells])
            first = False
    for shared, numbers in alike.items():
        if len(numbers) > 1:
            row = next(r for r in rows if r[1:] == list(shared) and r[0].startswith(f"{numbers[0]}. "))
            row[0] = ranges(numbers)
    if not rows:
        return None
    if key is not None and kinds == {"scene"}:
        return scene_table(view, key, decision)
    note = [_meaning(k, view) for k in ("scene", "fight", "task", "final", "search", "scuffle") if k in kinds]
    for warn in sorted({w for _, w in warns}):
        which = ", ".join(str(i) for i, w in warns if w == warn)
        note.append(f"{which}: {warn.upper()}.")
    if kinds & {"scene", "fight", "task", "final", "scuffle"}:
        note.append("A lost fight or rescue also sends you to the nearest start.")
    head = ["Choice", "Roll", "Bare", "Tokens", "If it goes wrong"]
    return [("Odds of the roll ahead", head, rows, " ".join(note) + " 'odds N': one choice in full.")]


SHORT_CHOICE = {
    "draw": "draw here",
    "search": "search here",
    "task": "do the Task",
    "final": "Final Scene",
    "redraw": "draw again",
}
"""Turn choices in a word or two, for the odds table's first column."""


def _meaning(kind: str, view: View) -> str:
    name = R.SLASHERS[view.slasher].name
    return {
        "scene": "Killer Scene: the card is won (a rescue, a defence held, a Slasher beaten).",
        "fight": f"Fight: beat, drive off or escape {name}.",
        "task": f"Task: beat {name}; the Task is then done.",
        "final": "Final Scene: beat The Legend for your Final Rescue token.",
        "search": "Search Die: a supply found (its Noise face raises the meter).",
        "scuffle": "Scuffle: you win.",
    }[kind]


def scene_table(view: View, key: str, decision: Decision) -> list[Table]:
    """A Killer Scene in full: each kind of card, its share of the deck, its chances and what it costs."""
    is_armed = _armed(me(view))
    by_kind: dict[str, list[str]] = {}
    for card, sc in R.SCENES.items():
        by_kind.setdefault(sc.kind, []).append(card)
    titles = {
        "rescue": "Rescue",
        "defend": "Defence",
        "late": "Too late",
        "here": "They're Here",
        "invaders": "The Invaders",
    }
    costs = {
        "rescue": "to a start" if is_armed else "fails, no roll: to a start",
        "defend": f"{_span([R.SCENES[c].damage for c in by_kind['defend']])} health",
        "late": f"{_span([R.SCENES[c].damage for c in by_kind['late']])} health, always",
        "here": slasher_loss(view, "normal"),
        "invaders": f"{R.INVADERS_HEALTH} health, {plural(R.INVADERS_TOKENS, 'token')}",
    }
    bare, full = O.roller(view, False), O.roller(view, True)
    rows = []
    for kind, cards in by_kind.items():
        cells = [
            pct(sum((O.won_and_hurt(O.card_endings(c, r))[0] for c in cards), ZERO) / len(cards))
            for r in (bare, full)
        ]
        rows.append([f"{titles[kind]} ({len(cards)})", *cells, costs.get(kind, "")])
    any_bare, _ = O.scene_chances(view, False)
    any_full, _ = O.scene_chances(view, True)
    rows.append([f"Any card ({len(R.SCENES)})", pct(any_bare), pct(any_full), scene_stake(view)])
    n = next(i for i, o in enumerate(decision.options, 1) if o.key == key)
    note = " ".join(scene_lines(view)[2:]) + f" Each card is drawn at random from the whole deck; {FACES}."
    return [
        (
            f"Odds of {n}: a Killer Scenes card",
            [f"Card (of {len(R.SCENES)})", "Bare", "Tokens", "If it goes wrong"],
            rows,
            note,
        )
    ]
