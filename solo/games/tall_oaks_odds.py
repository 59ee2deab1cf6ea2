"""Escape From Tall Oaks: what waits behind each choice and its exact chances, with what a loss costs beside
them. Everything is read from the seat's view (never a hidden card or the deck order), the engine's data, its
odds module and the bonus its view offers (`View.most`, `View.spends`): this module never adds a bonus up."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from engines.core.contract import Decision
from engines.mixtape.board import BONUS
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import keys
from engines.mixtape.tall_oaks import odds as O
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.policies import armed
from engines.mixtape.tall_oaks.state import SurvivorView, View
from solo.games import Table, pct
from solo.games.tall_oaks_words import me, ranges, short_place

B = R.BOARD
Bonus = tuple[int, int, int]
"""(Actions, Shields, Escapes) added to a roll of the Action Dice."""
_PER_FACE = R.ACTION_FACES.count(R.ACTION)
FACES = (
    f"each Action Die shows Action, Shield or Escape, {_PER_FACE} faces each"
    if all(R.ACTION_FACES.count(f) == _PER_FACE for f in (R.SHIELD, R.ESCAPE))
    else f"the Action Dice show {', '.join(R.ACTION_FACES)}"
)
"""The dice, from the data: a note says how they read."""
ZERO = Fraction(0)


def _span(values: list[int]) -> str:
    """'1-3', or '2' when all are the same."""
    return f"{min(values)}" if min(values) == max(values) else f"{min(values)}-{max(values)}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def bonus(view: View, purpose: str, tokens: bool) -> Bonus:
    """The seat's bonus for a kind of roll: its ability alone, or with every token that helps (the engine's)."""
    return O.seat_bonus(view, purpose, tokens)


# -- the chances of one roll --------------------------------------------------------------------------------------


@cache
def card_odds(card: str, name: str, slasher: int, is_armed: bool, scene: Bonus, fight: Bonus) -> tuple[Fraction, Fraction]:
    """(goes your way, costs health) for one Killer Scenes card as it is drawn: a rescue won, a defence held,
    The Invaders beaten, the Slasher a They're Here card brings beaten or driven off. `scene` is the bonus for
    the card's own roll (Actions for a rescue or The Invaders, Shields for a defence), `fight` for a fight."""
    sc = R.SCENES[card]
    if sc.kind == "rescue":
        if not is_armed:
            return ZERO, ZERO  # no weapon: the rescue fails with no roll, back to a starting point
        o = O.outcomes("rescue", sc.actions, 0, True, scene)
        return o.get("ok", ZERO) + o.get("double", ZERO), ZERO
    if sc.kind == "defend":
        o = O.outcomes("defend", sc.shields, 0, True, scene)
        hurt = o.get("fail", ZERO) + o.get("nothing", ZERO)
        return 1 - hurt, hurt
    if sc.kind == "invaders":
        o = O.outcomes("invaders", sc.actions, 0, True, scene)
        return o.get("ok", ZERO), o.get("fail", ZERO)
    if sc.kind == "here":
        sl = R.SLASHERS[slasher]
        win, repel, _run, lose = O.fight(sl.defeat, sl.escape, is_armed, fight[0], fight[2], fight[1])
        return win + repel, lose if A.slasher_loss(name, sl.health_loss) else ZERO
    return ZERO, Fraction(1)  # too late: the damage, no defence


def scene_odds(view: View, tokens: bool) -> tuple[Fraction, Fraction]:
    """(goes your way, costs health) for a Killer Scenes card drawn at random from the whole deck."""
    x = me(view)
    good = hurt = ZERO
    for card, sc in R.SCENES.items():
        purpose = {"defend": "defend", "invaders": "invaders"}.get(sc.kind, "rescue")
        g, h = card_odds(card, x.name, view.slasher, armed(x), bonus(view, purpose, tokens), bonus(view, "fight", tokens))
        good, hurt = good + g, hurt + h
    n = len(R.SCENES)
    return good / n, hurt / n


def fight_stats(view: View, kind: str) -> tuple[int, int, int]:
    """(Actions to defeat, Escapes to run, health a loss costs this survivor) of a fight of this kind."""
    x = me(view)
    if kind == "final" and x.final:
        fs = R.FINAL_SCENES[x.final]
        return fs.actions, 0, A.slasher_loss(x.name, fs.damage)
    sl = R.SLASHERS[view.slasher]
    return sl.defeat, sl.escape, A.slasher_loss(x.name, sl.health_loss)


def fight_odds(view: View, kind: str, tokens: bool) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """(defeat, drive off, escape, lose) of a fight of this kind, bare-handed or with every token."""
    defeat, escape, _ = fight_stats(view, kind)
    a, s, e = bonus(view, "fight", tokens)
    return O.fight(defeat, escape, armed(me(view)), a, e, s)


def search_odds(view: View) -> Fraction:
    """The Search Die finds a supply (Ivy's Denied counts as a Search)."""
    faces = R.SEARCH_FACES
    found = faces.count("search") + (faces.count("denied") if A.has(me(view).name, "search_denied") else 0)
    return Fraction(found, len(faces))


# -- what is at stake ---------------------------------------------------------------------------------------------


def meter_words(view: View, noise: int) -> str:
    """What `noise` more does to the Slasher Meter: 'meter 2/4 -> 3/4', or that the Slasher comes (Star's
    ability counted)."""
    name = R.SLASHERS[view.slasher].name
    if not A.quieter(me(view).name, noise):
        return "no noise made"
    if view.slasher == R.LEGEND or view.slasher_at:
        return f"{name} is out and comes to you"
    after = min(R.METER, view.meter + A.quieter(me(view).name, noise))
    if after >= R.METER:
        return f"meter {view.meter}/{R.METER} -> full: {name} comes"
    return f"meter {view.meter}/{R.METER} -> {after}/{R.METER}"


def deadly(view: View, health: int) -> str:
    """' (all you have)' where a loss of this much health would kill the seat's survivor."""
    x = me(view)
    return " (all you have)" if health >= x.health else ""


def slasher_loss(view: View, kind: str) -> str:
    """What losing this fight costs: '1 health, your last supply' (Kirk's 1 less counted)."""
    _, _, health = fight_stats(view, kind)
    parts = [f"{health} health{deadly(view, health)}"]
    if kind != "final":
        sl = R.SLASHERS[view.slasher]
        if sl.supply_loss:
            parts.append("a supply" if sl.supply_loss == 1 else plural(sl.supply_loss, "supply"))
        if sl.rescue_loss:
            parts.append(plural(sl.rescue_loss, "rescue token"))
    return ", ".join(parts)


def scene_worst(view: View) -> int:
    """The most health a Killer Scenes card can cost this survivor now (a defence, a card too late, a They're
    Here fight, The Invaders)."""
    x = me(view)
    losses = [sc.damage for sc in R.SCENES.values() if sc.kind in ("defend", "late")]
    losses += [A.slasher_loss(x.name, R.SLASHERS[view.slasher].health_loss), R.INVADERS_HEALTH]
    return max(losses)


def scene_stake(view: View) -> str:
    worst = scene_worst(view)
    return f"up to {worst} health{deadly(view, worst)}"


def scene_lines(view: View) -> list[str]:
    """What each kind of Killer Scenes card does, from the whole deck, and the noise they make."""
    cards = list(R.SCENES.values())
    x = me(view)

    def span(values: Iterable[int]) -> str:
        v = list(values)
        return f"{min(v)}" if min(v) == max(v) else f"{min(v)}-{max(v)}"

    rescues = [c for c in cards if c.kind == "rescue"]
    defends = [c for c in cards if c.kind == "defend"]
    late = [c for c in cards if c.kind == "late"]
    here = [c for c in cards if c.kind == "here"]
    invaders = [c for c in cards if c.kind == "invaders"]
    loud = [c for c in cards if c.noise]
    sl = R.SLASHERS[view.slasher]
    weapon = "" if armed(x) else " YOU HOLD NO WEAPON: a rescue card fails with no roll."
    lines = [
        f"{len(rescues)} of {len(cards)} cards are rescues: {span(c.actions for c in rescues)} Actions for "
        f"{span(c.rescues for c in rescues)} rescue tokens and a free supply; a miss sends you to a start.{weapon}",
        f"{len(defends)} defences ({span(c.shields for c in defends)} Shields or lose "
        f"{span(c.damage for c in defends)} health), {len(late)} too late (lose {span(c.damage for c in late)} "
        f"health), {len(here)} bring {sl.name} (lose {slasher_loss(view, 'normal')}), {len(invaders)} The "
        f"Invaders ({span(c.actions for c in invaders)} Actions or lose "
        f"{R.INVADERS_HEALTH} health and {plural(R.INVADERS_TOKENS, 'token')}; every rival "
        f"{plural(R.INVADERS_OTHERS, 'token')}).",
        f"{len(loud)} cards make {span(c.noise for c in loud)} noise as they are drawn (1 noise now: "
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
    x = me(view)
    bare, _ = scene_odds(view, False)
    full, _ = scene_odds(view, True)
    warn = "" if armed(x) else "no weapon: rescues fail, no roll"
    return Ahead("Killer Scene", bare, full, scene_stake(view), warn, "scene")


def fight_ahead(view: View, kind: str) -> Ahead:
    x = me(view)
    win_bare, repel_bare, run_bare, _ = fight_odds(view, kind, False)
    win_full, repel_full, run_full, _ = fight_odds(view, kind, True)
    name = R.SLASHERS[view.slasher].name
    if kind == "final":
        what, bare, full = f"Final Scene: {name}", win_bare, win_full
    elif kind == "task":
        what, bare, full = f"Task {_next_task(view)}: {name}", win_bare, win_full
    else:
        what, bare, full = f"fight {name}", win_bare + repel_bare + run_bare, win_full + repel_full + run_full
    warn = "" if armed(x) else f"no weapon: you cannot beat {name}"
    tag = kind if kind != "normal" else "fight"
    return Ahead(what, bare, full, slasher_loss(view, kind), warn, tag, f"fight {name}")


def search_ahead(view: View) -> Ahead:
    p = search_odds(view)
    return Ahead("Search Die", p, p, meter_words(view, R.SEARCH_NOISE), "", "search")


def bonus_ahead() -> Ahead:
    cards = list(R.BONUS.values())
    bad = [c for c in cards if c.effect in ("hurt", "noise", "drop_rescue")]
    return Ahead(f"Bonus Tracks card, {len(cards) - len(bad)} of {len(cards)} help", kind="bonus")


def task_ahead(view: View) -> Ahead:
    k = _next_task(view)
    if k in R.TASK_BATTLES:
        return fight_ahead(view, "task")
    return Ahead(f"Task {k} done, no roll", kind="task")


def _next_task(view: View) -> int:
    return next((i + 1 for i, done in enumerate(view.done) if not done), 0)


def arrival(view: View, node: str) -> list[Ahead]:
    """What ending the move on `node` brings, in the engine's order: a Slasher alongside, the Helipad, a rival
    to scuffle, then the space's own business (a Bonus Tracks card, the Task pile, the Final Scene, a Killer
    Scene, a Task, a search). Only what the seat can see."""
    x = me(view)
    out: list[Ahead] = []
    out_there = view.slasher_at and view.slasher_at not in B.locations
    if out_there and node not in B.locations and B.touching(node, view.slasher_at):
        return [fight_ahead(view, "normal")]
    if node == R.REC and view.helipad and x.final_token:
        return [Ahead("the Helipad: you escape and win", kind="escape")]
    rivals = [o for o in view.survivors if o.seat != x.seat and o.alive and o.at and B.touching(node, o.at)]
    if rivals:
        out.append(scuffle_ahead(rivals))
    if node not in B.locations:
        if B.kind.get(node) == BONUS:
            out.append(bonus_ahead())
        return out
    if node == R.REC:
        if view.center and (A.slots(x.name) - len(x.supplies) - len(x.tasks) > 0 or x.supplies):
            out.append(Ahead(f"Task pile: Task {view.center[-1]} on top", kind="tasks"))
        return out
    if view.final_tokens.get(node) == x.seat and not x.final_token and x.rescues >= R.RESCUES_NEEDED:
        return [*out, fight_ahead(view, "final")]
    if view.markers.get(node):
        return [*out, scene_ahead(view)]
    k = _next_task(view)
    if k and k in x.tasks and R.TASK_LOCATIONS[k - 1] == node:
        return [*out, task_ahead(view)]
    if node in R.MARKER_LOCATIONS and x.searched != node and not view.final_tokens.get(node):
        out.append(search_ahead(view))
    return out


def scuffle_ahead(rivals: list[SurvivorView]) -> Ahead:
    wt, wa, _, _ = O.scuffle()
    names = " or ".join(o.name for o in rivals)
    return Ahead(f"scuffle {names} (optional)", wt + wa, wt + wa, f"{R.SCUFFLE_HEALTH} health", "", "scuffle")


def choice_ahead(view: View, decision: Decision, key: str) -> list[Ahead]:
    """What a choice of the person's decision leads to (empty where no roll or draw follows)."""
    kind = decision.kind
    node = keys.arg(key, "go")
    if kind == "move" and node is not None:
        return arrival(view, node)
    if kind == "turn":
        if key == "draw":
            return [scene_ahead(view)]
        if key == "task":
            return [task_ahead(view)]
        if key == "search":
            return [search_ahead(view)]
        if key == "final":
            return [fight_ahead(view, "final")]
        return []
    if kind == "redraw" and key == "redraw":
        return [scene_ahead(view)]
    if kind == "scuffle" and key != "scuffle:no":
        rival = next((o for o in view.survivors if o.seat == keys.Key.parse(key).arg), None)
        return [scuffle_ahead([rival])] if rival else []
    return []


# -- the tables `odds` shows ------------------------------------------------------------------------------------


def ahead_table(view: View, decision: Decision, key: str | None) -> list[Table] | None:
    """One row per roll a choice leads to: its chance bare-handed and with every token, and what a loss
    costs; warnings (no weapon) and what each chance counts in the note."""
    rows, kinds, warns = [], set(), []
    alike: dict[tuple[str, ...], list[int]] = {}  # the same roll on plain spaces: one row for them all
    for i, o in enumerate(decision.options, 1):
        if key is not None and o.key != key:
            continue
        node = keys.arg(o.key, "go") or ""
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


SHORT_CHOICE = {"draw": "draw here", "search": "search here", "task": "do the Task", "final": "Final Scene", "redraw": "draw again"}
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
    x = me(view)
    is_armed = armed(x)
    by_kind: dict[str, list[str]] = {}
    for card, sc in R.SCENES.items():
        by_kind.setdefault(sc.kind, []).append(card)
    titles = {"rescue": "Rescue", "defend": "Defence", "late": "Too late", "here": "They're Here", "invaders": "The Invaders"}
    costs = {
        "rescue": "to a start" if is_armed else "fails, no roll: to a start",
        "defend": f"{_span([R.SCENES[c].damage for c in by_kind['defend']])} health",
        "late": f"{_span([R.SCENES[c].damage for c in by_kind['late']])} health, always",
        "here": slasher_loss(view, "normal"),
        "invaders": f"{R.INVADERS_HEALTH} health, {plural(R.INVADERS_TOKENS, 'token')}",
    }
    rows = []
    for kind, cards in by_kind.items():
        cells = []
        for tokens in (False, True):
            purpose = {"defend": "defend", "invaders": "invaders"}.get(kind, "rescue")
            chance = sum(
                (card_odds(c, x.name, view.slasher, is_armed, bonus(view, purpose, tokens), bonus(view, "fight", tokens))[0] for c in cards),
                ZERO,
            ) / len(cards)
            cells.append(pct(chance))
        rows.append([f"{titles[kind]} ({len(cards)})", *cells, costs.get(kind, "")])
    bare, _ = scene_odds(view, False)
    full, _ = scene_odds(view, True)
    rows.append([f"Any card ({len(R.SCENES)})", pct(bare), pct(full), scene_stake(view)])
    n = next(i for i, o in enumerate(decision.options, 1) if o.key == key)
    note = " ".join(scene_lines(view)[2:]) + f" Each card is drawn at random from the whole deck; {FACES}."
    return [(f"Odds of {n}: a Killer Scenes card", ["Card (of 40)", "Bare", "Tokens", "If it goes wrong"], rows, note)]
